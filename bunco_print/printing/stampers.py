"""What each document stamps onto its backgrounds: QR codes, numbers, names, table names, star
art, amounts. Each stamper yields one PageSpec per output page: its background page and what
goes in the slots the layout gave that page (layout.Page.slots: the registry the templates drew
around). The party extras' stampers are in pack_extras.py, built on the helpers here.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from bunco_print.game.money import format_money
from bunco_print.game.night import Night, SeatCard
from bunco_print.printing import editable
from bunco_print.printing.layout import Page, Slot
from bunco_print.printing.layout.base import MIN_NAME
from bunco_print.printing.layout.fonts import chain
from bunco_print.printing.layout.prizes import LONG_AMOUNT
from bunco_print.printing.pdf import QR, Art, PageSpec, Rect, Text, fallback_fonts
from bunco_print.theming import themes
from bunco_print.theming.ink_saver import LARGE_FROM, OUTLINE_FROM, OUTLINE_WIDTH

if TYPE_CHECKING:
    from bunco_print.printing.pack import Backgrounds

PIECES = ("star", "seat")  # the art pieces' pages, in this order (star cards, seat cards)


Fill = Callable[[Slot, object], Text | QR | Art | None]


def font_chain(theme: themes.Theme, slot: Slot) -> tuple[Path, ...]:
    """The slot's font, then the fallbacks for letters it lacks."""
    return (theme.font(slot.role, slot.weight), *fallback_fonts(slot.weight))


def slot_color(theme: themes.Theme, slot: Slot) -> str:
    """Names ink, labels accent, captions muted; or the colour the slot names."""
    if slot.color:
        return theme.colors[slot.color]
    if slot.kind == "label":
        return theme.colors.get("muted", theme.colors["ink"])
    return theme.colors["ink" if slot.role == "body" else "accent"]


def slot_text(theme: themes.Theme, slot: Slot, text: str) -> Text:
    """Text for a slot, in the slot's font, as large as the slot allows and its width fits."""
    paths = font_chain(theme, slot)
    size = min(slot.size, slot.box.w / w) if (w := chain(paths).width(text, 1)) else slot.size
    outline = OUTLINE_WIDTH if theme.ink_saver and size >= OUTLINE_FROM else 0.0
    color = slot_color(theme, slot)
    large = size >= LARGE_FROM and slot.role != "body" and slot.kind != "label"
    if theme.ink_saver and large and not slot.color:  # a colour the slot names is kept
        color = theme.colors["accent-large"]
    return Text(
        text, paths[0], size, color, rotate=slot.rotate, fallbacks=paths[1:], outline=outline
    )


def fit_name(theme: themes.Theme, slot: Slot, name: str) -> tuple[str, float, bool]:
    """A player's name in its slot: one line, else two, never below MIN_NAME (cut short with
    an ellipsis, if need be): the text, its size, whether it is whole."""
    return chain(font_chain(theme, slot)).fit_lines(
        name, slot.box.w, slot.box.h, slot.size, MIN_NAME
    )


def name_text(theme: themes.Theme, slot: Slot, name: str) -> Text:
    paths = font_chain(theme, slot)
    text, size, _ = fit_name(theme, slot, unicodedata.normalize("NFC", name))
    return Text(
        text, paths[0], size, slot_color(theme, slot), rotate=slot.rotate, fallbacks=paths[1:]
    )


def stamps_for(page: Page, items: Sequence, fill: Fill, fields: bool = False) -> tuple:
    """What goes in the slots of a page holding `items` (item i in the slots of index i).
    Write-in places ("field" slots) are left to editable.with_fields unless `fields` says that
    `fill` knows them."""
    stamps = []
    for i, item in enumerate(items):
        for slot in page.slots_of(i):
            if slot.kind == "field" and not fields:
                continue
            stamp = fill(slot, item)
            if stamp is not None:
                stamps.append((Rect(*slot.box.px()), stamp))
    return tuple(stamps)


def _chunks(items: Sequence, size: int) -> Iterator[Sequence]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def pages_of(
    doc: str, items: Sequence, bg: Backgrounds, laid
) -> Iterator[tuple[int, Page, Sequence]]:
    """Per page of `doc` holding `items`: its background, its layout and its items. A last page
    holding fewer than a full one has its own background, its unused places blank."""
    full = laid.page(doc)
    for chunk in _chunks(items, full.capacity):
        if len(chunk) < full.capacity:
            yield bg.pages[doc][1], laid.last_page(doc), chunk
        else:
            yield bg.pages[doc][0], full, chunk


def _card_label(card: SeatCard, event: Night) -> str:
    if card.named:
        return event.table(card.table).name
    return " or ".join(t.name for t in event.tables[1:])  # "Table 2 or Table 3": sit as you like


def _piece(bg: Backgrounds, card: SeatCard) -> Art:
    return Art(bg.pages["pieces"][PIECES.index("star" if card.star else "seat")])


def _sheet_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    # the backs: the star's (--star-on-back), or a two-sided sheet's other half (large print)
    back_doc = next((d for d in ("sheet_back", f"{doc}_back") if d in laid.docs), None)
    cards = {card.number: card for card in event.seat_cards}

    def fill_front(slot: Slot, sheet):
        if slot.kind == "qr":
            return QR(event.sheet_url(secret, sheet.id), theme.qr_color)
        if slot.kind == "number":
            kind = "Team card" if sheet.kind == "team" else "Sheet"
            return slot_text(theme, slot, f"{kind} {sheet.number}")
        if slot.kind in ("name", "field") and sheet.name:
            return name_text(theme, slot, sheet.name)  # a name given is printed, never a field
        if slot.kind == "field":  # --editable: the sheet's name, or its team's partners
            kind = "team-card" if sheet.kind == "team" else "sheet"
            what = slot.id.removeprefix("last-").partition("-")[2]  # "name", "partner-1"
            return editable.field(theme, slot, f"{kind}-{sheet.number}-{what}")
        return None

    def fill_back(slot: Slot, sheet):
        if (card := cards.get(sheet.number)) is None:
            return None
        if slot.kind == "number":
            return slot_text(theme, slot, f"Sheet {sheet.number}")
        if slot.kind == "art":
            return _piece(bg, card)
        return slot_text(theme, slot, _card_label(card, event))

    star = back_doc == "sheet_back"
    backs = pages_of(back_doc, event.sheets, bg, laid) if back_doc is not None else None
    for background, front, chunk in pages_of(doc, event.sheets, bg, laid):
        yield PageSpec(background, stamps_for(front, chunk, fill_front, fields=True))
        if backs is not None:  # duplex: this page's backs, each behind its sheet (the layout's)
            back_background, back, _ = next(backs)
            fill, fields = (fill_back, False) if star else (fill_front, True)
            yield PageSpec(back_background, stamps_for(back, chunk, fill, fields=fields))


def _pad_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    def fill(slot: Slot, pad):
        if pad.table is None:
            return None  # a spare: the host writes the table and set in
        table = event.table(pad.table)
        if slot.kind == "qr":
            return QR(event.sheet_url(secret, table.sheet_id), theme.qr_color)
        if slot.kind == "label":
            return slot_text(theme, slot, slot.sample)  # the code's caption
        return slot_text(theme, slot, table.name if slot.kind == "table" else f"Set {pad.set}")

    for background, page, chunk in pages_of(doc, event.tally_pads, bg, laid):
        yield PageSpec(background, stamps_for(page, chunk, fill))


def _card_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    def fill(slot: Slot, card: SeatCard):
        if slot.kind == "art":
            return _piece(bg, card)
        if slot.kind == "number":
            return slot_text(theme, slot, f"No. {card.number}")
        return slot_text(theme, slot, _card_label(card, event))

    for background, page, chunk in pages_of(doc, event.seat_cards, bg, laid):
        yield PageSpec(background, stamps_for(page, chunk, fill))


def _marker_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    page = laid.page(doc)
    for table in event.tables:  # both faces carry the name; the layout turns the top one
        yield PageSpec(
            bg.pages[doc][0], stamps_for(page, [table], lambda s, t: slot_text(theme, s, t.name))
        )


def _prize_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    """The prize sheet with its numbers stamped: the pot's sum and each prize's amount (so a
    catalogue lays it out once for every player count)."""
    money = lambda amount: format_money(amount, event.currency)  # noqa: E731
    values = {"pot-players": str(event.players), "pot-buy-in": money(event.buy_in)}
    values["pot-pot"] = money(event.pot)
    stamps = []
    for slot in laid.page(doc).slots:
        if slot.id.startswith("prize-"):
            text = money(event.prizes[slot.index].amount)
            if len(text) >= 5:
                slot = replace(slot, size=slot.size * LONG_AMOUNT)
        else:
            text = values[slot.id]
        stamps.append((Rect(*slot.box.px()), slot_text(theme, slot, text)))
    for page in bg.pages[doc]:
        yield PageSpec(page, tuple(stamps))


def _static_pages(doc, event, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    for page in bg.pages[doc]:
        yield PageSpec(page)


def stamper(doc: str) -> Callable[..., Iterator[PageSpec]]:
    """What document `doc` stamps (a document with no stamper prints its backgrounds as they
    are: the rules handout)."""
    from bunco_print.printing.extras import STAMPERS as EXTRAS

    own = {
        "score_sheet": _sheet_pages,
        "team_card": _sheet_pages,
        "tally_pad": _pad_pages,
        "seat_cards": _card_pages,
        "table_marker": _marker_pages,
        "prize_sheet": _prize_pages,
    }
    return own.get(doc) or EXTRAS.get(doc) or _static_pages
