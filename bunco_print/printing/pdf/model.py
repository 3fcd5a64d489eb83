"""What goes on a page: a background page of the template, and stamps in rectangles (drawn
ones, and form fields)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Rect:
    """CSS px from the page's top-left corner, as in WeasyPrint's ``page.anchors[id]``."""

    x1: float
    y1: float
    x2: float
    y2: float

    @classmethod
    def from_anchor(cls, anchor: tuple[float, float, float, float]) -> Rect:
        return cls(*anchor)


LINE_PITCH = 1.1  # two lines of a stamp: their baselines this many em apart


@dataclass(frozen=True)
class Text:
    text: str  # one line, or two split at a newline
    font: Path
    size: float  # pt, shrunk so the text (its longest line) fits the rect's width
    color: str = "#000000"
    align: str = "center"  # "left" | "center" | "right"; vertically always centred
    rotate: int = 0  # 0 | 180: upside down, turned about the rect's centre
    # fonts for the letters `font` lacks, tried in order (e.g. Noto for Cyrillic, then CJK)
    fallbacks: tuple[Path, ...] = ()
    outline: float = 0.0  # pt: drawn as an outline this wide, not filled (0: filled)
    spacing: float = 0.0  # em added after each letter (CSS letter-spacing)
    pitch: float = LINE_PITCH  # two lines: their baselines this many em apart
    # its place in the structure tree: the words_mark the template left for it (pdf/tags.py)
    mark: str = ""

    def __post_init__(self) -> None:
        if self.align not in ("left", "center", "right") or self.rotate not in (0, 180):
            raise ValueError(f"bad align/rotate in {self!r}")


@dataclass(frozen=True)
class QR:
    data: str
    color: str = "#000000"


@dataclass(frozen=True)
class Art:
    piece: int  # page index in the `pieces` PDF
    rotate: int = 0  # 0 | 180

    def __post_init__(self) -> None:
        if self.rotate not in (0, 180):
            raise ValueError(f"bad rotate in {self!r}")


@dataclass(frozen=True)
class Field:
    """A fillable text field (an AcroForm widget) over the rect, empty until a buyer types in
    it; what they type shows in `font` (embedded whole for Latin text, see fonts.form_font) at
    `size` pt in `color`. No border and no background: on paper only the printed line shows."""

    name: str  # unique in the file; no dots (a dot would make a field hierarchy)
    font: Path
    size: float
    color: str = "#000000"
    align: str = "left"  # "left" | "center" | "right"
    multiline: bool = False
    calculate: str = ""  # JavaScript the viewer runs to fill it from other fields (event.value)

    def __post_init__(self) -> None:
        if self.align not in ("left", "center", "right") or not self.name or "." in self.name:
            raise ValueError(f"bad align/name in {self!r}")


Stamp = Text | QR | Art | Field


@dataclass(frozen=True)
class PageSpec:
    background: int  # page index in the template PDF
    stamps: tuple[tuple[Rect, Stamp], ...] = ()


# A page of paper only, the size of the page before it: the back a duplex pack leaves blank
# after a document with an odd number of pages, so the next one starts on a front.
BLANK = PageSpec(-1)


def num(x: float) -> bytes:
    """A number as a PDF content stream writes it: at most 3 decimals, no trailing zeros."""
    return (b"%.3f" % x).rstrip(b"0").rstrip(b".")
