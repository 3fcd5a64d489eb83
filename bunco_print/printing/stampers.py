"""What each document stamps onto its backgrounds: QR codes, numbers, names, table names, star
art, amounts. Each stamper yields one PageSpec per output page: its background page and what
goes in the slots the layout gave that page (layout.Page.slots: the registry the templates drew
around). The party extras' stampers are in extras.py; both build on stamping.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from bunco_print.game.money import format_money
from bunco_print.game.night import Night, SeatCard
from bunco_print.printing import editable
from bunco_print.printing.extras import STAMPERS as EXTRAS
from bunco_print.printing.layout import Slot
from bunco_print.printing.layout.prizes import LONG_AMOUNT
from bunco_print.printing.layout.rules import WORDS_LINE
from bunco_print.printing.pdf import QR, Art, PageSpec, Rect
from bunco_print.printing.stamping import (
    Backgrounds,
    name_text,
    pages_of,
    slot_text,
    stamps_for,
    styled_text,
)
from bunco_print.printing.units import PT_PER_PX
from bunco_print.signing import links

PIECES = ("star", "seat")  # the art pieces' pages, in this order (star cards, seat cards)


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
            return QR(links.night_url(event, secret, sheet.id), theme.qr_color)
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
            return QR(
                links.night_url(event, secret, table.sheet_id),
                theme.qr_color,
            )
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
    catalogue lays it out once for every player count), each page's in its own slots."""
    money = lambda amount: format_money(amount, event.currency)  # noqa: E731
    values = {"pot-players": str(event.players), "pot-buy-in": money(event.buy_in)}
    values["pot-pot"] = money(event.pot)
    for background, page in zip(bg.pages[doc], laid.pages(doc), strict=True):
        stamps = []
        for slot in page.slots:
            if slot.kind in ("field", "words"):  # written in (--buy-in none); the night's words
                continue
            if slot.id.startswith("prize-"):
                text = money(event.prizes[slot.index].amount)
                if len(text) >= 5:
                    slot = replace(slot, size=slot.size * LONG_AMOUNT)
            else:
                text = values[slot.id]
            stamps.append((Rect(*slot.box.px()), slot_text(theme, slot, text)))
        yield PageSpec(background, tuple(stamps))


def _rules_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    """The rules handout: the kicker's words and each prize's amount stamped where its
    flowing text left room for them (bg.words: WeasyPrint's boxes, lines 1.4 em tall)."""
    texts = {}
    if event.pot:
        money = lambda amount: format_money(amount, event.currency)  # noqa: E731
        texts |= {f"words-rules-prize-{i}": money(p.amount) for i, p in enumerate(event.prizes)}
    stamps: dict[int, list] = {}
    for key, (page, x1, y1, x2, y2) in bg.words.items():
        rect = Rect(x1, y1, x2, y2)
        if key == "words-rules-kicker":
            stamp = _rules_kicker(event, theme, laid, rect)
        elif key in texts:
            size = (y2 - y1) * PT_PER_PX / WORDS_LINE
            stamp = styled_text(theme, texts[key], size, "accent", "display")
        else:
            continue
        stamps.setdefault(page, []).append((rect, replace(stamp, mark=key)))  # draw.words_mark
    for page in bg.pages[doc]:
        yield PageSpec(page, tuple(stamps.get(page, ())))


def _rules_kicker(event: Night, theme, laid, rect: Rect):
    """ "How to play", the title and the date, in the lines layout/rules.handout_kicker gave them
    (the room the template left: a line 1.4 em tall each)."""
    rules = laid.docs["rules"]
    size = (rect.y2 - rect.y1) * PT_PER_PX / (WORDS_LINE * rules.kicker_rows)
    return styled_text(theme, rules.kicker, size, "muted", weight="700",
                       spacing=rules.kicker_spacing, pitch=WORDS_LINE)  # fmt: skip


def _static_pages(doc, event, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    for page in bg.pages[doc]:
        yield PageSpec(page)


def stamper(doc: str) -> Callable[..., Iterator[PageSpec]]:
    """What document `doc` stamps (a document with no stamper prints its backgrounds as they
    are: the rules handout)."""
    own = {
        "score_sheet": _sheet_pages,
        "team_card": _sheet_pages,
        "tally_pad": _pad_pages,
        "seat_cards": _card_pages,
        "table_marker": _marker_pages,
        "prize_sheet": _prize_pages,
        "rules": _rules_pages,
    }
    return own.get(doc) or EXTRAS.get(doc) or _static_pages
