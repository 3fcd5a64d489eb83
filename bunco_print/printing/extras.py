"""What the party extras (--extras) stamp onto their backgrounds: names on name tags and the
sign-in sheet, its row numbers, the prize tags' amounts and the checklist's counts. Field slots
(write-in places a fillable form may fill) are left empty."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import replace

from bunco_print.game.money import format_money
from bunco_print.game.night import Night
from bunco_print.printing.layout import Slot
from bunco_print.printing.layout.fonts import chain
from bunco_print.printing.pdf import PageSpec, Text
from bunco_print.printing.stamping import (
    fit_name,
    font_chain,
    name_text,
    pages_of,
    slot_color,
    slot_text,
    stamps_for,
)


def _tag_pages(doc, event: Night, secret, theme, bg, laid) -> Iterator[PageSpec]:
    """One name tag a player: the name stamped when the night has one for that sheet; a
    field (a write-in line, or a form field) is left for the player's pen."""

    def fill(slot: Slot, name: str):
        if slot.kind != "name" or not name:
            return None
        # a tag's name is read across a room: two large lines rather than one small one
        paths, name = font_chain(theme, slot), unicodedata.normalize("NFC", name)
        floor = max(slot.size / 2, slot.least)
        fitted = chain(paths).fit_lines(name, slot.box.w, slot.box.h, slot.size, floor)
        text, size, _ = fitted if fitted[2] else fit_name(theme, slot, name)
        return Text(text, paths[0], size, slot_color(theme, slot), fallbacks=paths[1:])

    names = [sheet.name for sheet in event.sheets] if not event.team_cards else []
    names = (names + [""] * event.players)[: event.players]
    for background, page, chunk in pages_of(doc, names, bg, laid):
        yield PageSpec(background, stamps_for(page, chunk, fill))


def _sign_in_pages(doc, event: Night, secret, theme, bg, laid) -> Iterator[PageSpec]:
    """Whole pages of rows, numbered on past the last player; the names the night has."""
    rows = laid.page(doc).capacity
    names = [sheet.name for sheet in event.sheets] if not event.team_cards else []
    count = -(-event.players // rows) * rows
    items = list(enumerate((names + [""] * count)[:count], start=1))

    def fill(slot: Slot, row: tuple[int, str]):
        number, name = row
        if slot.kind == "name":
            return replace(name_text(theme, slot, name), align="left") if name else None
        return replace(slot_text(theme, slot, str(number)), align="right")

    for background, page, chunk in pages_of(doc, items, bg, laid):
        yield PageSpec(background, stamps_for(page, chunk, fill))


def _prize_tag_pages(doc, event: Night, secret, theme, bg, laid) -> Iterator[PageSpec]:
    """Each page of tags with its prizes' amounts in their badges."""

    def amount(slot: Slot, prize) -> Text:
        return slot_text(theme, slot, format_money(prize.amount, event.currency))

    pages = laid.pages(doc)
    per_page = laid.page(doc).capacity if event.pot else 0  # six, or all on one page
    for k, (background, page) in enumerate(zip(bg.pages[doc], pages, strict=True)):
        prizes = event.prizes[k * per_page : (k + 1) * per_page] if per_page else ()
        yield PageSpec(background, stamps_for(page, prizes, amount))


def _checklist_pages(doc, event: Night, secret, theme, bg, laid) -> Iterator[PageSpec]:
    """The checklist's pages with tonight's counts, right-aligned before their words."""

    def fill(slot: Slot, _):
        return replace(slot_text(theme, slot, slot.sample), align="right")

    for background, page in zip(bg.pages[doc], laid.pages(doc), strict=True):
        counted = [s.index for s in page.slots if s.kind != "words"]
        yield PageSpec(background, stamps_for(page, range(max(counted, default=-1) + 1), fill))


STAMPERS = {
    "name_tags": _tag_pages,
    "sign_in_sheet": _sign_in_pages,
    "prize_tags": _prize_tag_pages,
    "host_checklist": _checklist_pages,
}
