"""Page geometry of every printed document, computed in Python with the theme's real font
metrics: frozen dataclasses of boxes and slots that templates place and the stamper fills.

`lay_out(...)` gives a `Layout`: per document kind its pages, each with its static SVG layer,
its labels and its slots (the one registry of slots the templates draw and pack.py stamps).
"""

from __future__ import annotations

import importlib
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import ModuleType

from bunco_print.engine.validate import has_traveler
from bunco_print.game import night as model
from bunco_print.game.rulesets import Ruleset
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.backs import backs_page
from bunco_print.printing.layout.base import Inputs, nice_date
from bunco_print.printing.layout.geometry import Block, Box, Label, Page, Slot, Strip
from bunco_print.printing.layout.markers import marker_page, pieces_pages
from bunco_print.printing.layout.pads import pad_grid, pads_page
from bunco_print.printing.layout.prizes import prize_page
from bunco_print.printing.layout.rules import rules_pages
from bunco_print.printing.layout.seat_cards import card_grid, cards_page
from bunco_print.printing.layout.sheets import sheets_page
from bunco_print.printing.layout.sides import BACKS, KINDS, back_page, plan_sides
from bunco_print.printing.layout.sides import notes as sides_notes
from bunco_print.printing.pdf.vector import markup_of
from bunco_print.theming.themes import Theme

__all__ = ["Block", "Box", "Label", "Layout", "Page", "Slot", "Strip", "lay_out"]
_HREF = re.compile(r'<image href="(file:[^"]+)"')


@dataclass(frozen=True)
class Layout:
    date: str  # the night's date in words, the paper's way
    docs: dict  # document kind -> its layout (sheets.SheetsPage, pads.PadsPage, ...)
    ink: str = "#000000"
    last: dict = field(default_factory=dict)  # document kind -> its partly filled last page
    large: bool = False  # --large-print: documents laid out by CSS (the rules) size up too
    notes: tuple[str, ...] = ()  # what the host should know about how the sheets print

    @property
    def fake_qr(self) -> str:
        """A stand-in QR code for previews (data: URI)."""
        return svg.fake_qr(self.ink)

    @property
    def two_sided(self) -> bool:
        """Whether the sheets are printed over both sides of their pages (large print)."""
        return any(back in self.docs for back in BACKS.values())

    def with_backs(self, docs: list[str]) -> list[str]:
        """`docs` with the backs of two-sided sheets, each right after its front."""
        found = [doc for doc in docs if doc not in BACKS.values()]
        for front, back in BACKS.items():
            if back in self.docs and front in found:
                found.insert(found.index(front) + 1, back)
        return found

    def pages(self, doc: str) -> tuple[Page, ...]:
        """The laid-out pages of a document kind ((): none, or laid out by its template)."""
        laid = self.docs.get(doc)
        if laid is None:
            return ()
        return laid.pages if hasattr(laid, "pages") else (laid.page,)

    def page(self, doc: str) -> Page:
        return self.pages(doc)[0]

    def variants(self, doc: str) -> tuple:
        """The document's layouts, one per background: a full page, then the last page when it
        holds fewer sheets, pads or cards (its unused places left blank)."""
        last = self.last.get(doc)
        return (self.docs[doc],) if last is None else (self.docs[doc], last)

    def layer_art(self) -> list[str]:
        """The art files (file: URIs) the pages' static layers show, each once, in order."""
        found: dict[str, None] = {}
        for doc in self.docs:
            layers = [p.layer for p in (*self.pages(doc), *filter(None, [self.last_page(doc)]))]
            pictures = getattr(self.docs[doc], "art_uris", tuple)()
            for uri in (*layers, *pictures):
                found.update(dict.fromkeys(_HREF.findall(markup_of(uri))))
        return list(found)

    def every_page(self, doc: str) -> tuple[Page, ...]:
        """The document's laid-out pages, its partly filled last page too."""
        last = self.last_page(doc)
        return (*self.pages(doc), *([last] if last is not None else []))

    def on_backgrounds(self, backgrounds: Mapping[str, list[int]]) -> dict[int, Page]:
        """Background page -> the layout page drawn there. `backgrounds`: each document's
        background pages (stamping.Backgrounds.pages), in the order of their ids (Page.id
        ends "-page-N", N its place among its document's backgrounds)."""
        found = {}
        for doc, indexes in backgrounds.items():
            for page in self.every_page(doc) if doc in self.docs else ():
                number = page.id.rpartition("-page-")[2]
                if number.isdigit() and int(number) < len(indexes):
                    found[indexes[int(number)]] = page
        return found

    def last_page(self, doc: str) -> Page | None:
        """The last page's own layout, when it holds fewer than a full page."""
        last = self.last.get(doc)
        return None if last is None else last.page


def lay_out(
    event: model.Night,
    ruleset: Ruleset,
    theme: Theme,
    paper: str = "letter",
    per_page: int = 1,
    docs: list[str] | tuple[str, ...] = (),
    pieces: tuple[str, ...] = ("star", "seat"),
    large: bool = False,
    editable: bool = False,
    qr: bool = True,
    details: Mapping[str, str] | None = None,
) -> Layout:
    """Every page of the documents in `docs`, for this night, paper and theme. `editable`:
    the sheets' write-in lines are "field" slots (fillable form fields in the PDF). `qr`:
    sheets and pads carry the codes that open the scoring engine (False: nor their captions).
    `details`: the invitation's time, place, host_name and rsvp (--extras), each one not given
    a write-in."""
    details = dict(details or {})
    night = Inputs(event, ruleset, theme, paper, per_page, large, editable, qr)
    date = nice_date(event.date, paper)
    front = next((doc for doc in BACKS if doc in docs), None)
    sides = plan_sides(night, KINDS[front]) if front else None  # large print: two-sided
    makers = _makers(night, date, tuple(pieces), details, sides)
    counts = _counts(night, _party("extras") if "name_tags" in docs else None)
    wanted = [doc for doc in docs if doc in makers and doc not in BACKS.values()]
    if sides:  # each front's back follows it
        wanted.insert(wanted.index(front) + 1, BACKS[front])
    last = {
        doc: _own_ids(makers[doc](counts[doc][1] % counts[doc][0], 1))
        for doc in wanted
        if doc in counts and counts[doc][1] % counts[doc][0]
    }
    laid = {doc: makers[doc](0, 0) for doc in wanted}
    said = sides_notes(night, KINDS[front]) if front else ()
    return Layout(date, laid, theme.qr_color, last, large, said)


def _counts(night: Inputs, extras=None) -> dict[str, tuple[int, int]]:
    """How many of each document's items a page holds, and how many there are (the name tags'
    with `extras`, their layout module)."""
    event, per_page = night.event, night.per_page
    sheets = len(event.sheets)
    return {
        "score_sheet": (per_page, sheets),
        "team_card": (per_page, sheets),
        "sheet_back": (per_page, sheets),
        **{back: (per_page, sheets) for back in BACKS.values()},
        "tally_pad": (math.prod(pad_grid(night)), len(event.tally_pads)),
        "seat_cards": (math.prod(card_grid(night)), len(event.seat_cards)),
        **({"name_tags": (math.prod(extras.tag_grid(night)), event.players)} if extras else {}),
    }


def _makers(night: Inputs, date: str, pieces: tuple[str, ...], details: dict, sides) -> dict:
    """Each document's layout, made from (count, number): the items on its page (0: all a page
    holds) and the page's place among the document's backgrounds."""
    word, ruleset = night.ruleset.word, night.ruleset
    sheet_totals = ["Wins", "Losses", f"{word}s"] + (["Minis"] if ruleset.track_mini_buncos else [])
    if has_traveler(ruleset):  # ticked by whoever holds it at the end, as the phone's form asks
        sheet_totals.append((ruleset.traveler_token or "Traveler").capitalize())
    sheet_args = {
        "score_sheet": ("score", sheet_totals, "Sheet"),
        "team_card": ("team", ["Wins", f"{word}s"], "Team card"),
    }
    part = (sides.front, sides.grid_h) if sides else ()
    return {
        "score_sheet": lambda n, k: sheets_page(
            night, "score_sheet", *sheet_args["score_sheet"], n, k, *part
        ),
        "team_card": lambda n, k: sheets_page(
            night, "team_card", *sheet_args["team_card"], n, k, *part
        ),
        **{
            back: lambda n, k, doc=doc, back=back: back_page(
                night, back, *sheet_args[doc], sides, k
            )
            for doc, back in BACKS.items()
        },
        "sheet_back": lambda n, k: backs_page(night, n, k),
        "tally_pad": lambda n, k: pads_page(night, n, k),
        "seat_cards": lambda n, k: cards_page(night, date, n, k),
        "table_marker": lambda n, k: marker_page(night, date),
        "pieces": lambda n, k: pieces_pages(night, pieces),
        "prize_sheet": lambda n, k: prize_page(night, date),
        "rules": lambda n, k: rules_pages(night),
        "invitation": lambda n, k: _party("invitation").invitation_page(night, details, date),
        "name_tags": lambda n, k: _party("extras").name_tags_page(night, date, n, k),
        "prize_tags": lambda n, k: _party("extras").prize_tags_pages(night),
        "host_checklist": lambda n, k: _party("checklist").checklist_pages(
            night, date, details.get("time", "")
        ),
        "sign_in_sheet": lambda n, k: _party("sign_in").sign_in_page(night, date),
    }


def _party(module: str) -> ModuleType:
    """A party extra's layout module (--extras), loaded by the packs that have the extra."""
    return importlib.import_module(f"{__name__}.{module}")


def _own_ids(laid):
    """A last page's layout with its slots' ids its own ("last-s0-qr"): ids are unique in the
    document the templates draw."""
    slots = tuple(replace(slot, id=f"last-{slot.id}") for slot in laid.page.slots)
    return replace(laid, page=replace(laid.page, slots=slots))
