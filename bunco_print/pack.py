"""Build a whole pack: plan the night, lay every document out once, stamp each sheet, write it.

WeasyPrint lays out one page per document kind (a background with empty slots). Each sheet,
pad, card and marker is then a copy of its background with only what differs stamped on:
the sheet number, a name, a QR code, a table name. So 400 players cost little more than 12.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from . import keys, render, rulesets, themes
from .errors import InputError
from .event import Event, SeatCard, plan_event
from .money import REMAINDER_RULE
from .stamp import QR, Art, PageSpec, Rect, Text, assemble, missing_glyphs

# Printing order, with the file each document is also written to on its own.
DOCUMENT_FILES = {
    "score_sheet": "score-sheets.pdf",
    "team_card": "team-cards.pdf",
    "tally_pad": "tally-pads.pdf",
    "seat_cards": "seat-cards.pdf",
    "prize_sheet": "prize-sheet.pdf",
    "rules": "rules-handout.pdf",
    "table_marker": "table-markers.pdf",
}
PIECES = ("star", "seat")
PAGE_ID = re.compile(r"^([a-z_]+)-page-(\d+)$")


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
    engine_url: str = "http://localhost:8765"
    star_on_back: bool = False
    creation_date: datetime | None = None


@dataclass
class Pack:
    event: Event
    secret: str
    documents: dict[str, bytes] = field(default_factory=dict)  # file name -> PDF
    pack_pdf: bytes = b""
    pages: int = 0
    warnings: list[str] = field(default_factory=list)


@dataclass
class Backgrounds:
    """The laid-out template: which pages belong to which document, and their slots."""

    pdf: bytes
    pages: dict[str, list[int]]  # document -> page indexes in `pdf`
    anchors: list[dict[str, Rect]]  # per page: slot id -> rectangle


def documents_for(event: Event, ruleset: rulesets.Ruleset) -> list[str]:
    docs = ["team_card" if ruleset.sheet_kind == "team" else "score_sheet"]
    if event.star_on_back:
        docs.append("sheet_back")
    docs.append("tally_pad")
    if event.seat_cards and not event.star_on_back:
        docs.append("seat_cards")
    return [*docs, "prize_sheet", "rules", "table_marker", "pieces"]


def plan(request: PackRequest) -> tuple[Event, str, themes.Theme, rulesets.Ruleset]:
    ruleset = rulesets.load(request.ruleset)
    theme = themes.load(request.theme)
    event = plan_event(
        request.players,
        ruleset,
        seed=request.seed,
        date=request.date,
        title=request.title or theme.title,
        names=request.names,
        sets=request.sets,
        buy_in=request.buy_in,
        currency=request.currency,
        engine_url=request.engine_url,
        star_on_back=request.star_on_back,
        extra={"theme": theme.name, "paper": request.paper, "per_page": request.per_page},
    )
    if request.star_on_back and (ruleset.sheet_kind == "team" or not event.seat_cards):
        why = "plays with team cards" if ruleset.sheet_kind == "team" else "seats by a dice roll"
        raise InputError(f"--star-on-back needs one score sheet per player; {ruleset.id} {why}")
    return event, keys.event_secret(event.event_id), theme, ruleset


def name_warnings(event: Event, theme: themes.Theme) -> list[str]:
    """Names with letters the theme's font cannot print (they would come out blank)."""
    font = theme.font("body", "700")
    return [
        f"sheet {sheet.number}: {sheet.name!r} has letters the {theme.name} theme's font "
        f"cannot print ({', '.join(missing)}); they will come out blank"
        for sheet in event.sheets
        if sheet.name and (missing := missing_glyphs(font, sheet.name))
    ]


def build_pack(request: PackRequest, lay_out: Callable[[str], Backgrounds] | None = None) -> Pack:
    """The whole pack in memory: every document's PDF and pack.pdf. Writes nothing."""
    event, secret, theme, ruleset = plan(request)
    docs = documents_for(event, ruleset)
    html = render.render_html(
        "base.html.j2", **template_context(event, ruleset, theme, request, docs)
    )
    backgrounds = (lay_out or lay_out_backgrounds)(html)
    pack = Pack(event=event, secret=secret, warnings=name_warnings(event, theme))
    stampers = {
        "score_sheet": _sheet_pages,
        "team_card": _sheet_pages,
        "tally_pad": _pad_pages,
        "seat_cards": _card_pages,
        "table_marker": _marker_pages,
    }
    all_specs: list[PageSpec] = []
    for doc in docs:
        if doc not in DOCUMENT_FILES:
            continue  # backs and pieces are parts of other documents
        stamper = stampers.get(doc, _static_pages)
        specs = list(stamper(doc, event, secret, theme, backgrounds))
        pack.documents[DOCUMENT_FILES[doc]] = assemble(
            backgrounds.pdf,
            specs,
            backgrounds.pdf,
            title=f"{event.title}: {DOCUMENT_FILES[doc].removesuffix('.pdf').replace('-', ' ')}",
            creation_date=request.creation_date,
        )
        all_specs += specs
    pack.pack_pdf = assemble(
        backgrounds.pdf,
        all_specs,
        backgrounds.pdf,
        title=event.title,
        creation_date=request.creation_date,
    )
    pack.pages = len(all_specs)
    return pack


def template_context(event, ruleset, theme, request: PackRequest, docs, preview=False) -> dict:
    return dict(
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
    )


def lay_out_backgrounds(html: str) -> Backgrounds:
    document = render.layout(html)
    pages: dict[str, list[int]] = {}
    anchors = []
    for index, page in enumerate(document.pages):
        rects = {key: Rect.from_anchor(value) for key, value in page.anchors.items()}
        anchors.append(rects)
        for key in rects:
            match = PAGE_ID.match(key)
            if match:
                pages.setdefault(match.group(1), []).append(index)
    return Backgrounds(pdf=render.write_pdf(document), pages=pages, anchors=anchors)


# --- what each document stamps ---------------------------------------------------------------
# Each function yields one PageSpec per output page: its background page and what goes in slots.


def _slot(anchors: dict[str, Rect], key: str) -> list[Rect]:
    """The slot's rectangle as a one-item list, or [] when the template has no such slot."""
    return [anchors[key]] if key in anchors else []


def _text(theme: themes.Theme, rect: Rect, text: str, role: str = "label", rotate: int = 0):
    size = (rect.y2 - rect.y1) * 0.75 * 0.7  # CSS px to pt; text fills ~70% of the slot height
    if role == "name":
        return rect, Text(text, theme.font("body", "700"), size, theme.colors["ink"], rotate=rotate)
    return rect, Text(text, theme.font("display"), size, theme.colors["accent"], rotate=rotate)


def _count(anchors: dict[str, Rect], prefix: str, kind: str) -> int:
    return sum(1 for key in anchors if re.fullmatch(rf"{prefix}\d+-{kind}", key))


def _chunks(items: Sequence, size: int) -> Iterator[Sequence]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _card_label(card: SeatCard, event: Event) -> str:
    if card.named:
        return event.table(card.table).name
    return " or ".join(t.name for t in event.tables[1:])  # "Table 2 or Table 3": sit as you like


def _piece(bg: Backgrounds, card: SeatCard) -> Art:
    return Art(bg.pages["pieces"][PIECES.index("star" if card.star else "seat")])


def _sheet_pages(doc, event: Event, secret, theme, bg: Backgrounds) -> Iterator[PageSpec]:
    front = bg.pages[doc][0]
    back = bg.pages["sheet_back"][0] if "sheet_back" in bg.pages else None
    anchors = bg.anchors[front]
    cards = {card.number: card for card in event.seat_cards}
    for chunk in _chunks(event.sheets, _count(anchors, "s", "qr")):
        stamps = []
        for i, sheet in enumerate(chunk):
            kind = "Team card" if sheet.kind == "team" else "Sheet"
            qr = QR(event.sheet_url(secret, sheet.id), theme.colors["ink"])
            stamps += [(r, qr) for r in _slot(anchors, f"s{i}-qr")]
            stamps += [
                _text(theme, r, f"{kind} {sheet.number}") for r in _slot(anchors, f"s{i}-number")
            ]
            if sheet.name:
                stamps += [
                    _text(theme, r, sheet.name, "name") for r in _slot(anchors, f"s{i}-name")
                ]
        yield PageSpec(front, tuple(stamps))
        if back is not None:  # duplex: this page's backs, mirrored by the template
            back_anchors, stamps = bg.anchors[back], []
            for i, sheet in enumerate(chunk):
                if (card := cards.get(sheet.number)) is None:
                    continue
                stamps += [(r, _piece(bg, card)) for r in _slot(back_anchors, f"b{i}-art")]
                stamps += [
                    _text(theme, r, _card_label(card, event))
                    for r in _slot(back_anchors, f"b{i}-label")
                ]
            yield PageSpec(back, tuple(stamps))


def _pad_pages(doc, event: Event, secret, theme, bg: Backgrounds) -> Iterator[PageSpec]:
    page = bg.pages[doc][0]
    anchors = bg.anchors[page]
    for chunk in _chunks(event.tally_pads, _count(anchors, "p", "qr")):
        stamps = []
        for i, pad in enumerate(chunk):
            if pad.table is None:
                continue  # a spare: the host writes the table and set in
            table = event.table(pad.table)
            qr = QR(event.sheet_url(secret, table.sheet_id), theme.colors["ink"])
            stamps += [(r, qr) for r in _slot(anchors, f"p{i}-qr")]
            stamps += [_text(theme, r, table.name) for r in _slot(anchors, f"p{i}-table")]
            stamps += [_text(theme, r, f"Set {pad.set}") for r in _slot(anchors, f"p{i}-set")]
        yield PageSpec(page, tuple(stamps))


def _card_pages(doc, event: Event, secret, theme, bg: Backgrounds) -> Iterator[PageSpec]:
    page = bg.pages[doc][0]
    anchors = bg.anchors[page]
    for chunk in _chunks(event.seat_cards, _count(anchors, "c", "label")):
        stamps = []
        for i, card in enumerate(chunk):
            stamps += [(r, _piece(bg, card)) for r in _slot(anchors, f"c{i}-art")]
            stamps += [
                _text(theme, r, _card_label(card, event)) for r in _slot(anchors, f"c{i}-label")
            ]
            stamps += [
                _text(theme, r, f"No. {card.number}", "name")
                for r in _slot(anchors, f"c{i}-number")
            ]
        yield PageSpec(page, tuple(stamps))


def _marker_pages(doc, event: Event, secret, theme, bg: Backgrounds) -> Iterator[PageSpec]:
    page = bg.pages[doc][0]
    anchors = bg.anchors[page]
    for table in event.tables:
        stamps = [_text(theme, r, table.name, rotate=180) for r in _slot(anchors, "m-top")]
        stamps += [_text(theme, r, table.name) for r in _slot(anchors, "m-bottom")]
        yield PageSpec(page, tuple(stamps))


def _static_pages(doc, event, secret, theme, bg: Backgrounds) -> Iterator[PageSpec]:
    for page in bg.pages[doc]:
        yield PageSpec(page)


def pack_files(pack: Pack) -> dict[str, bytes]:
    """The folder's content: pack.pdf, one PDF per document, the manifest and the secret."""
    manifest = json.dumps(pack.event.to_manifest(), indent=2, ensure_ascii=False) + "\n"
    return {
        "pack.pdf": pack.pack_pdf,
        **pack.documents,
        "event.json": manifest.encode(),
        "event.secret": (pack.secret + "\n").encode(),
    }
