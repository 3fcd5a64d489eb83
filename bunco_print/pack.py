"""Build a whole pack: plan the night, lay every document out once, stamp each sheet, write it.

WeasyPrint lays out one page per document kind (a background with empty slots). Each sheet,
pad, card and marker is then a copy of its background with only what differs stamped on:
the sheet number, a name, a QR code, a table name. So 400 players cost little more than 12.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path

from . import background_cache, editable, keys, layout, render, rulesets, themes
from .config import DEFAULT_ENGINE_URL
from .errors import InputError
from .ink_saver import LARGE_FROM, OUTLINE_FROM, OUTLINE_WIDTH, ink_saver
from .layout import Page, Slot
from .layout.base import MIN_NAME
from .layout.fonts import chain
from .layout.prizes import LONG_AMOUNT
from .layout.sheets import DUPLEX_FLIP
from .limits import EXTRAS
from .manifest import dumps
from .money import REMAINDER_RULE, format_money
from .night import Night, SeatCard
from .pdf import QR, Art, PageSpec, Rect, Text, assemble, fallback_fonts, missing_glyphs
from .pdf.layers import art_pages, draw_layers
from .plan import plan_event

# Printing order, with the file each document is also written to on its own.
DOCUMENT_FILES = {
    "score_sheet": "score-sheets.pdf",
    "team_card": "team-cards.pdf",
    "tally_pad": "tally-pads.pdf",
    "seat_cards": "seat-cards.pdf",
    "prize_sheet": "prize-sheet.pdf",
    "rules": "rules-handout.pdf",
    "table_marker": "table-markers.pdf",
    **{extra.replace("-", "_"): f"{extra}.pdf" for extra in EXTRAS},  # --extras, in this order
}
PIECES = ("star", "seat")


@dataclass(frozen=True)
class PackRequest:
    """Everything the host chose; the CLI fills it from options."""

    players: int
    ruleset: str = "classic"
    theme: str = "classic"
    paper: str = "letter"
    per_page: int = 1
    seed: int = 0
    date: str = "2026-01-01"
    title: str = ""
    names: Sequence[str] = ()
    sets: int | None = None
    buy_in: int = 5
    currency: str = "$"
    engine_url: str = DEFAULT_ENGINE_URL
    star_on_back: bool = False
    large_print: bool = False  # text and write-in boxes 1.3x (per_page already made fewer)
    ink_saver: bool = False  # any theme with no large fills (ink_saver.py)
    editable: bool = False  # write-in lines ("field" slots) become fillable form fields
    qr: bool = True  # QR codes that open the scoring engine; False: shop packs, totalled by hand
    extras: tuple[str, ...] = ()  # limits.EXTRAS to add after the night's own documents
    invitation: Mapping[str, str] = field(default_factory=dict)  # time, place, host_name, rsvp
    creation_date: datetime | None = None


@dataclass
class Pack:
    event: Night
    secret: str
    documents: dict[str, bytes] = field(default_factory=dict)  # file name -> PDF
    pack_pdf: bytes = b""
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass
class Backgrounds:
    """The laid-out template: which pages belong to which document."""

    pdf: bytes
    pages: dict[str, list[int]]  # document -> page indexes in `pdf`, in order
    anchors: list[dict[str, Rect]] = field(default_factory=list)  # per page: id -> rectangle


def documents_for(event: Night, ruleset: rulesets.Ruleset) -> list[str]:
    docs = ["team_card" if ruleset.sheet_kind == "team" else "score_sheet"]
    if event.star_on_back:
        docs.append("sheet_back")
    docs.append("tally_pad")
    if event.seat_cards and not event.star_on_back:
        docs.append("seat_cards")
    return [*docs, "prize_sheet", "rules", "table_marker", "pieces"]


_GAME_WORD = re.compile(r"\b(?:bunco|bunko|bonko)", re.IGNORECASE)


def in_words_of(title: str, ruleset: rulesets.Ruleset) -> str:
    """A theme's default title in the ruleset's own word for the game: a tournament's
    "Bunco Night" is a "Bunko Night", as its sheets say."""
    word = str(ruleset.word)

    def swap(found: re.Match) -> str:
        return (
            word.upper() if found[0].isupper() else word if found[0][0].isupper() else word.lower()
        )

    return _GAME_WORD.sub(swap, title)


def plan(request: PackRequest) -> tuple[Night, str, themes.Theme, rulesets.Ruleset]:
    ruleset = rulesets.load(request.ruleset)
    theme = themes.load(request.theme)
    if request.ink_saver:
        theme = ink_saver(theme)
    event = plan_event(
        request.players,
        ruleset,
        seed=request.seed,
        date=request.date,
        title=request.title or in_words_of(theme.title, ruleset),
        names=request.names,
        sets=request.sets,
        buy_in=request.buy_in,
        currency=request.currency,
        engine_url=request.engine_url,
        star_on_back=request.star_on_back,
        extra={"theme": theme.name, "paper": request.paper, "per_page": request.per_page}
        | ({"large_print": True} if request.large_print else {})
        | ({"ink_saver": True} if request.ink_saver else {})
        | ({"editable": True} if request.editable else {})
        | ({} if request.qr else {"qr": False})
        | ({"extras": ",".join(request.extras)} if request.extras else {}),
    )
    if request.star_on_back and (ruleset.sheet_kind == "team" or not event.seat_cards):
        why = "plays with team cards" if ruleset.sheet_kind == "team" else "seats by a dice roll"
        raise InputError(f"--star-on-back needs one score sheet per player; {ruleset.id} {why}")
    return event, keys.event_secret(event.event_id), theme, ruleset


def name_warnings(event: Night, theme: themes.Theme, laid: layout.Layout) -> list[str]:
    """Names that will not print as given: letters no installed font has (they print as empty
    boxes), or too long for the name line even on two lines at MIN_NAME (cut short)."""
    warnings = []
    doc = "score_sheet" if "score_sheet" in laid.docs else None
    for sheet in event.sheets:
        if not sheet.name:
            continue
        name = unicodedata.normalize("NFC", sheet.name)
        path = theme.font("body", "700")
        if missing := missing_glyphs((path, *fallback_fonts("700")), name):
            warnings.append(
                f"sheet {sheet.number}: {sheet.name!r} has letters no installed font can print "
                f"({', '.join(missing)}); they will print as empty boxes"
            )
        if doc is None:
            continue
        page = laid.page(doc)
        slot = next(
            s
            for s in page.slots_of((sheet.number - 1) % page.capacity)
            if s.kind in ("name", "field")
        )
        text, _, whole = _fit_name(theme, slot, name)
        if not whole:
            shown = text.replace("\n", " ")
            warnings.append(
                f"sheet {sheet.number}: {sheet.name!r} is too long for the name line; "
                f"it prints as {shown!r}"
            )
    return warnings


def build_pack(request: PackRequest, lay_out: Callable[[str], Backgrounds] | None = None) -> Pack:
    """The whole pack in memory: every document's PDF and pack.pdf. Writes nothing."""
    event, secret, theme, ruleset = plan(request)
    docs = documents_for(event, ruleset) + [extra.replace("-", "_") for extra in request.extras]
    laid = lay_out_pages(request, event, ruleset, theme, docs)
    html = render.render_html(
        "base.html.j2", **template_context(event, ruleset, theme, request, docs, laid=laid)
    )
    backgrounds = (lay_out or cached_backgrounds)(html)
    pack = Pack(event=event, secret=secret, warnings=name_warnings(event, theme, laid))
    stampers = {
        "score_sheet": _sheet_pages,
        "team_card": _sheet_pages,
        "tally_pad": _pad_pages,
        "seat_cards": _card_pages,
        "table_marker": _marker_pages,
        "prize_sheet": _prize_pages,
        **extra_stampers(),
    }
    all_specs: list[PageSpec] = []
    # with backs, the sheets (first in pack.pdf too) ask the print dialog for the flip they assume
    duplex = DUPLEX_FLIP if "sheet_back" in docs else None
    field_pages = editable.field_pages(backgrounds.pages, laid) if request.editable else {}
    for doc in docs:
        if doc not in DOCUMENT_FILES:
            continue  # backs and pieces are parts of other documents
        stamper = stampers.get(doc, _static_pages)
        specs = list(stamper(doc, event, secret, theme, backgrounds, laid))
        if field_pages:
            specs = list(editable.with_fields(DOCUMENT_FILES[doc], specs, theme, field_pages))
        pack.documents[DOCUMENT_FILES[doc]] = assemble(
            backgrounds.pdf,
            specs,
            backgrounds.pdf,
            title=f"{event.title}: {DOCUMENT_FILES[doc].removesuffix('.pdf').replace('-', ' ')}",
            creation_date=request.creation_date,
            duplex=duplex if doc in ("score_sheet", "team_card") else None,
        )
        all_specs += specs
    pack.pack_pdf = assemble(
        backgrounds.pdf,
        all_specs,
        backgrounds.pdf,
        title=event.title,
        creation_date=request.creation_date,
        duplex=duplex,
    )
    pack.pages = len(all_specs)
    return pack


def template_context(
    event, ruleset, theme, request: PackRequest, docs, preview=False, laid=None, native=True
) -> dict:
    """What base.html.j2 draws the documents from. `native`: the pages' static layers are
    drawn into the laid-out PDF by pdf/layers.py (False: by WeasyPrint, as plain HTML)."""
    if laid is None:
        laid = lay_out_pages(request, event, ruleset, theme, docs)
    return dict(
        layout=laid,
        event=event,
        ruleset=ruleset,
        theme=theme,
        paper=request.paper,
        page_size="A4" if request.paper == "a4" else "letter",
        css=theme.css(),
        docs=docs,
        per_page=request.per_page,
        pieces=list(PIECES),
        remainder_rule=REMAINDER_RULE,
        preview=preview,
        qr=request.qr,
        native_layers=native,
        layer_art=art_pages(laid.layer_art()) if native else [],
    )


def lay_out_pages(request: PackRequest, event, ruleset, theme, docs) -> layout.Layout:
    """The layout of the pack's documents, as the request asks for them."""
    return layout.lay_out(
        event,
        ruleset,
        theme,
        request.paper,
        request.per_page,
        docs,
        PIECES,
        request.large_print,
        request.editable,
        request.qr,
        request.invitation,
    )


def cached_backgrounds(html: str) -> Backgrounds:
    """The backgrounds for this HTML, laid out once and kept on disk (background_cache)."""

    def make(html: str) -> tuple[bytes, dict]:
        laid = lay_out_backgrounds(html)
        return laid.pdf, laid.pages

    pdf, pages = background_cache.cached(html, make)
    return Backgrounds(pdf=pdf, pages=pages)


def lay_out_backgrounds(html: str) -> Backgrounds:
    document = render.layout(html)
    pages: dict[str, list[int]] = {}
    anchors = []
    for index, page in enumerate(document.pages):
        anchors.append({key: Rect.from_anchor(value) for key, value in page.anchors.items()})
        for key in page.anchors:
            doc, sep, number = key.rpartition("-page-")
            if sep and number.isdigit():  # the page ids the layout gives (layout.Page.id)
                pages.setdefault(doc, []).append(index)
    pdf = draw_layers(render.write_pdf(document), html, anchors)
    return Backgrounds(pdf=pdf, pages=pages, anchors=anchors)


# --- what each document stamps ---------------------------------------------------------------
# Each function yields one PageSpec per output page: its background page and what goes in the
# slots the layout gave that page (layout.Page.slots: the registry the template drew around).

Fill = Callable[[Slot, object], Text | QR | Art | None]


def _chain(theme: themes.Theme, slot: Slot) -> tuple[Path, ...]:
    """The slot's font, then the fallbacks for letters it lacks."""
    return (theme.font(slot.role, slot.weight), *fallback_fonts(slot.weight))


def _color(theme: themes.Theme, slot: Slot) -> str:
    """Names ink, labels accent, captions muted; or the colour the slot names."""
    if slot.color:
        return theme.colors[slot.color]
    if slot.kind == "label":
        return theme.colors.get("muted", theme.colors["ink"])
    return theme.colors["ink" if slot.role == "body" else "accent"]


def _text(theme: themes.Theme, slot: Slot, text: str) -> Text:
    """Text for a slot, in the slot's font, as large as the slot allows and its width fits."""
    paths = _chain(theme, slot)
    size = min(slot.size, slot.box.w / w) if (w := chain(paths).width(text, 1)) else slot.size
    outline = OUTLINE_WIDTH if theme.ink_saver and size >= OUTLINE_FROM else 0.0
    color = _color(theme, slot)
    if theme.ink_saver and size >= LARGE_FROM and slot.role != "body" and slot.kind != "label":
        color = theme.colors["accent-large"]
    return Text(
        text, paths[0], size, color, rotate=slot.rotate, fallbacks=paths[1:], outline=outline
    )


def _fit_name(theme: themes.Theme, slot: Slot, name: str) -> tuple[str, float, bool]:
    """A player's name in its slot: one line, else two, never below MIN_NAME (cut short with
    an ellipsis, if need be): the text, its size, whether it is whole."""
    return chain(_chain(theme, slot)).fit_lines(name, slot.box.w, slot.box.h, slot.size, MIN_NAME)


def _name(theme: themes.Theme, slot: Slot, name: str) -> Text:
    paths = _chain(theme, slot)
    text, size, _ = _fit_name(theme, slot, unicodedata.normalize("NFC", name))
    return Text(text, paths[0], size, _color(theme, slot), rotate=slot.rotate, fallbacks=paths[1:])


def _stamps(page: Page, items: Sequence, fill: Fill, fields: bool = False) -> tuple:
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


def _pages(
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
    back = "sheet_back" in laid.docs or None
    cards = {card.number: card for card in event.seat_cards}

    def fill_front(slot: Slot, sheet):
        if slot.kind == "qr":
            return QR(event.sheet_url(secret, sheet.id), theme.qr_color)
        if slot.kind == "number":
            kind = "Team card" if sheet.kind == "team" else "Sheet"
            return _text(theme, slot, f"{kind} {sheet.number}")
        if slot.kind in ("name", "field") and sheet.name:
            return _name(theme, slot, sheet.name)  # a name given is printed, never a field
        if slot.kind == "field":  # --editable: the sheet's name, or its team's partners
            kind = "team-card" if sheet.kind == "team" else "sheet"
            what = slot.id.removeprefix("last-").partition("-")[2]  # "name", "partner-1"
            return editable.field(theme, slot, f"{kind}-{sheet.number}-{what}")
        return None

    def fill_back(slot: Slot, sheet):
        if (card := cards.get(sheet.number)) is None:
            return None
        if slot.kind == "number":
            return _text(theme, slot, f"Sheet {sheet.number}")
        if slot.kind == "art":
            return _piece(bg, card)
        return _text(theme, slot, _card_label(card, event))

    backs = _pages("sheet_back", event.sheets, bg, laid) if back is not None else None
    for background, front, chunk in _pages(doc, event.sheets, bg, laid):
        yield PageSpec(background, _stamps(front, chunk, fill_front, fields=True))
        if backs is not None:  # duplex: this page's backs, each behind its sheet (the layout's)
            back_background, back, _ = next(backs)
            yield PageSpec(back_background, _stamps(back, chunk, fill_back))


def _pad_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    def fill(slot: Slot, pad):
        if pad.table is None:
            return None  # a spare: the host writes the table and set in
        table = event.table(pad.table)
        if slot.kind == "qr":
            return QR(event.sheet_url(secret, table.sheet_id), theme.qr_color)
        if slot.kind == "label":
            return _text(theme, slot, slot.sample)  # the code's caption
        return _text(theme, slot, table.name if slot.kind == "table" else f"Set {pad.set}")

    for background, page, chunk in _pages(doc, event.tally_pads, bg, laid):
        yield PageSpec(background, _stamps(page, chunk, fill))


def _card_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    def fill(slot: Slot, card: SeatCard):
        if slot.kind == "art":
            return _piece(bg, card)
        if slot.kind == "number":
            return _text(theme, slot, f"No. {card.number}")
        return _text(theme, slot, _card_label(card, event))

    for background, page, chunk in _pages(doc, event.seat_cards, bg, laid):
        yield PageSpec(background, _stamps(page, chunk, fill))


def _marker_pages(doc, event: Night, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    page = laid.page(doc)
    for table in event.tables:  # both faces carry the name; the layout turns the top one
        yield PageSpec(
            bg.pages[doc][0], _stamps(page, [table], lambda s, t: _text(theme, s, t.name))
        )


def extra_stampers() -> dict[str, Callable]:
    """What the --extras documents stamp (pack_extras.py; it builds on the helpers here)."""
    from .pack_extras import STAMPERS

    return STAMPERS


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
        stamps.append((Rect(*slot.box.px()), _text(theme, slot, text)))
    for page in bg.pages[doc]:
        yield PageSpec(page, tuple(stamps))


def _static_pages(doc, event, secret, theme, bg: Backgrounds, laid) -> Iterator[PageSpec]:
    for page in bg.pages[doc]:
        yield PageSpec(page)


def pack_files(pack: Pack) -> dict[str, bytes]:
    """The folder's content: pack.pdf, one PDF per document, the manifest and the secret."""
    return {
        "pack.pdf": pack.pack_pdf,
        **pack.documents,
        "event.json": dumps(pack.event).encode(),
        "event.secret": (pack.secret + "\n").encode(),
    }
