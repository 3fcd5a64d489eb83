"""Build a whole pack: plan the night, lay every document out once, stamp each sheet, write it.

WeasyPrint lays out one page per document kind (a background with empty slots). Each sheet,
pad, card and marker is then a copy of its background with only what differs stamped on:
the sheet number, a name, a QR code, a table name. So 400 players cost little more than 12.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import partial

from bunco_print.edges import background_cache, memory
from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import EXTRAS
from bunco_print.game.manifest import dumps
from bunco_print.game.money import format_money, remainder_rule
from bunco_print.game.night import Night
from bunco_print.game.plan import plan_event
from bunco_print.game.values import and_list
from bunco_print.printing import editable, forks, layout, render
from bunco_print.printing.backgrounds import Backgrounds, lay_out_html
from bunco_print.printing.layout.sheets import duplex_flip
from bunco_print.printing.pdf import (
    BLANK,
    Meta,
    PageSpec,
    fallback_fonts,
    missing_glyphs,
)
from bunco_print.printing.request import TOOL, PackRequest
from bunco_print.printing.stampers import PIECES, stamper
from bunco_print.printing.stamping import fit_name, night_words
from bunco_print.printing.writing import File, written
from bunco_print.signing import keys
from bunco_print.theming import themes
from bunco_print.theming.ink_saver import ink_saver

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


@dataclass
class Pack:
    event: Night
    secret: str
    documents: dict[str, bytes] = field(default_factory=dict)  # file name -> PDF
    pack_pdf: bytes = b""
    pages: int = 0
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # how the options print, worth knowing


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


def plan(
    request: PackRequest, signed: bool = True
) -> tuple[Night, str, themes.Theme, rulesets.Ruleset]:
    """The night, its link secret (none unless `signed`: no signing key is read, nor made), its
    theme and ruleset."""
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
        buy_in=0 if request.buy_in is None else request.buy_in,  # none: no pot to split
        currency=request.currency,
        engine_url=request.engine_url,
        star_on_back=request.star_on_back,
        extra={"theme": theme.name, "paper": request.paper, "per_page": request.per_page}
        | ({"large_print": True} if request.large_print else {})
        | ({"ink_saver": True} if request.ink_saver else {})
        | ({"editable": True} if request.editable else {})
        | ({} if request.qr else {"qr": False})
        | ({"extras": ",".join(request.extras)} if request.extras else {})
        | ({"write_in": ",".join(request.write_in)} if request.write_in else {})
        | ({"qr_join": True} if request.qr_join else {}),  # codes: links.join_url
    )
    if request.star_on_back and (ruleset.sheet_kind == "team" or not event.seat_cards):
        why = "plays with team cards" if ruleset.sheet_kind == "team" else "seats by a dice roll"
        raise InputError(
            f"`star_on_back` needs one score sheet per player; {ruleset.id} {why}",
            field="star_on_back",
        )
    return event, keys.event_secret(event.event_id) if signed else "", theme, ruleset


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
        text, _, whole = fit_name(theme, slot, name)
        if not whole:
            shown = text.replace("\n", " ")
            warnings.append(
                f"sheet {sheet.number}: {sheet.name!r} is too long for the name line; "
                f"it prints as {shown!r}"
            )
    return warnings


def pot_warnings(event: Night) -> list[str]:
    """Prizes a pot too small to give each one a unit prints at 0, and the buy-in that would."""
    unpaid = [prize.name for prize in event.prizes if prize.amount == 0]
    if not unpaid or not event.pot or not event.amounts_known:
        return []  # every prize paid, or no pot at all (prizes are gifts, or written in)
    money = partial(format_money, currency=event.currency)
    least = -(-len(event.prizes) // event.players)  # a unit a prize: the pot's smallest
    return [
        f"a {money(event.pot)} pot cannot pay all {len(event.prizes)} prizes: {and_list(unpaid)} "
        f"{'prints' if len(unpaid) == 1 else 'print'} {money(0)}; a buy-in of {money(least)} "
        "pays each one"
    ]


def build_pack(
    request: PackRequest,
    lay_out: Callable[[str], Backgrounds] | None = None,
    signed: bool = True,
    forked: bool = True,
) -> Pack:
    """The whole pack in memory: every document's PDF and pack.pdf. Writes nothing. Unsigned
    (a shop's pack without QR codes, which ships no event.secret) it needs no signing key.
    `forked`: its pages drawn and its files written on two cores, where that is safe
    (writing.written; a catalogue's workers already keep every core busy)."""
    # what the process holds already is not walked again; the passes' child goes on to draw
    # and write its half of the files (forks.paired), where this process lays out the pack
    with memory.young_only(), forks.paired(forked and lay_out is None):
        return _built(request, lay_out, signed, forked)


def _built(
    request: PackRequest,
    lay_out: Callable[[str], Backgrounds] | None,
    signed: bool,
    forked: bool,
) -> Pack:
    event, secret, theme, ruleset = plan(request, signed)
    docs = documents_for(event, ruleset) + [extra.replace("-", "_") for extra in request.extras]
    laid = lay_out_pages(request, event, ruleset, theme, docs)
    docs = laid.with_backs(docs)  # large print: a two-sided sheet's backs follow its fronts
    html = render.render_html(
        "base.html.j2", **template_context(event, ruleset, theme, request, docs, laid=laid)
    )
    backgrounds = (lay_out or cached_backgrounds)(html)
    warnings = pot_warnings(event) + name_warnings(event, theme, laid)
    pack = Pack(event=event, secret=secret, warnings=warnings)
    pack.notes = list(laid.notes)
    all_specs: list[PageSpec] = []
    bookmarks: list[tuple[str, int]] = []
    # the sheets with backs ask the print dialog for the flip they are laid out for; pack.pdf
    # asks for theirs too, and starts each document on a front
    backed = [doc for doc in docs if _has_backs(doc, docs, laid)]  # the sheets, if any
    duplex = duplex_flip(laid.page(backed[0])) if backed else None
    field_pages = editable.field_pages(backgrounds.pages, laid) if request.editable else {}
    words = night_words(theme, laid, backgrounds)
    files: list[File] = []  # each document's file
    for doc in docs:
        if doc not in DOCUMENT_FILES:
            continue  # backs and pieces are parts of other documents
        specs = [
            replace(spec, stamps=spec.stamps + words.get(spec.background, ()))
            for spec in stamper(doc)(doc, event, secret, theme, backgrounds, laid)
        ]
        if field_pages:
            file = DOCUMENT_FILES[doc]
            specs = list(editable.with_fields(file, specs, theme, field_pages, event.players))
        what = document_words(doc)
        if duplex and len(all_specs) % 2:  # the next document starts on a front
            all_specs.append(BLANK)
        flip = duplex if doc in backed else None
        files.append((DOCUMENT_FILES[doc], specs, what, flip, len(all_specs)))
        bookmarks.append((what.capitalize(), len(all_specs)))
        all_specs += specs

    described = partial(about, request, event, theme, ruleset)
    whole = (all_specs, bookmarks, duplex)
    pack.documents, pack.pack_pdf = written(backgrounds, files, whole, described, forked)
    pack.pages = len(all_specs)
    return pack


BACKED = ("score_sheet", "team_card")  # the documents whose pages may have backs


def _has_backs(doc: str, docs: list[str], laid: layout.Layout) -> bool:
    """Whether a document's pages are printed on both sides: sheets with the star's backs
    (--star-on-back) or large print's two-sided sheets."""
    return doc in BACKED and ("sheet_back" in docs or laid.two_sided)


def document_words(doc: str) -> str:
    """A document's name in words, from its file's: "tally pads"."""
    return DOCUMENT_FILES[doc].removesuffix(".pdf").replace("-", " ")


def about(
    request: PackRequest,
    event: Night,
    theme: themes.Theme,
    ruleset: rulesets.Ruleset,
    what: str = "",
) -> Meta:
    """What a pack's file says about itself: its title (the night's, and the document's),
    author, subject and keywords (the game, the theme, the ruleset and the night), in English
    (the words are the same on either paper, so no country is claimed)."""
    night = event.date or "any night"
    words = f"{what.capitalize()} for {event.title}" if what else f"Bunco pack for {event.title}"
    return Meta(
        title=f"{event.title}: {what}" if what else event.title,
        author=request.author or request.host_name or TOOL,
        subject=f"{words}, {night}: the {theme.name} theme, {ruleset.name} rules",
        keywords=(str(ruleset.word), theme.name, ruleset.name, night, *((what,) if what else ())),
        lang="en",
        created=request.creation_date,
    )


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
        css=render.baked_css(theme.css()),
        docs=docs,
        per_page=request.per_page,
        pieces=list(PIECES),
        remainder_rule=remainder_rule(event.earlier_split),
        preview=preview,
        qr=request.qr,
        native_layers=native,
        layer_art=laid.layer_art() if native else [],
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

    def make(html: str) -> tuple[bytes, dict]:  # by the early worker, where there is one
        return forks.early(lay_out_html, html) or lay_out_html(html)

    # (kept by this process, not by the passes' child going on with it: forks.paired)
    pdf, pages = background_cache.cached(html, make, "backgrounds", forks.partnered)
    forks.dismiss_early()  # not needed: the backgrounds were cached
    return Backgrounds.kept(pdf, pages)


def pack_files(pack: Pack) -> dict[str, bytes]:
    """The folder's content: pack.pdf, one PDF per document, the manifest and the secret."""
    return {
        "pack.pdf": pack.pack_pdf,
        **pack.documents,
        "event.json": dumps(pack.event).encode(),
        "event.secret": (pack.secret + "\n").encode(),
    }
