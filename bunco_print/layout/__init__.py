"""Page geometry of every printed document, computed in Python with the theme's real font
metrics: frozen dataclasses of boxes and slots that templates place and the stamper fills.

`lay_out(...)` gives a `Layout`: per document kind its pages, each with its static SVG layer,
its labels and its slots (the one registry of slots the templates draw and pack.py stamps).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import night as model
from ..rulesets import Ruleset
from ..themes import Theme
from . import svg
from .base import Inputs, nice_date
from .geometry import Block, Box, Label, Page, Slot, Strip
from .pads import cards_page, marker_page, pads_page, pieces_pages
from .prizes import prize_page
from .rules import rules_pages
from .sheets import backs_page, sheets_page

__all__ = ["Block", "Box", "Label", "Layout", "Page", "Slot", "Strip", "lay_out"]


@dataclass(frozen=True)
class Layout:
    date: str  # the night's date in words, the paper's way
    docs: dict  # document kind -> its layout (sheets.SheetsPage, pads.PadsPage, ...)
    ink: str = "#000000"

    @property
    def fake_qr(self) -> str:
        """A stand-in QR code for previews (data: URI)."""
        return svg.fake_qr(self.ink)

    def pages(self, doc: str) -> tuple[Page, ...]:
        """The laid-out pages of a document kind ((): none, or laid out by its template)."""
        laid = self.docs.get(doc)
        if laid is None:
            return ()
        return laid.pages if hasattr(laid, "pages") else (laid.page,)

    def page(self, doc: str) -> Page:
        return self.pages(doc)[0]


def lay_out(
    event: model.Night,
    ruleset: Ruleset,
    theme: Theme,
    paper: str = "letter",
    per_page: int = 1,
    docs: list[str] | tuple[str, ...] = (),
    pieces: tuple[str, ...] = ("star", "seat"),
) -> Layout:
    """Every page of the documents in `docs`, for this night, paper and theme."""
    night = Inputs(event, ruleset, theme, paper, per_page)
    date = nice_date(event.date, paper)
    word = ruleset.word
    makers = {
        "score_sheet": lambda: sheets_page(
            night,
            "score_sheet",
            "score",
            ["Wins", "Losses", f"{word}s"] + (["Minis"] if ruleset.track_mini_buncos else []),
            "Sheet",
        ),
        "team_card": lambda: sheets_page(
            night, "team_card", "team", ["Wins", f"{word}s"], "Team card"
        ),
        "sheet_back": lambda: backs_page(night),
        "tally_pad": lambda: pads_page(night),
        "seat_cards": lambda: cards_page(night, date),
        "table_marker": lambda: marker_page(night),
        "pieces": lambda: pieces_pages(night, tuple(pieces)),
        "prize_sheet": lambda: prize_page(night),
        "rules": lambda: rules_pages(night),
    }
    return Layout(date, {doc: makers[doc]() for doc in docs if doc in makers}, theme.colors["ink"])
