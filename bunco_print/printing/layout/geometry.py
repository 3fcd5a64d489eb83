"""The boxes and slots of laid-out pages, in pt from the page's top-left corner."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from bunco_print.printing.pdf.draw import QUIET_ZONE
from bunco_print.printing.units import PT_PER_PX
from bunco_print.signing.links import MAX_QR_VERSION

# Home printers leave about 0.25in unprinted at every edge, so nothing but cut marks comes nearer
# than EDGE (0.45in) to the paper's edge; pieces cut apart get a smaller GUTTER at the cut.
EDGE = 32.4
GUTTER = 20.0
PAPERS = {"letter": (612.0, 792.0), "a4": (595.28, 841.89)}
# A QR code's slot: the largest code a link makes (MAX_QR_VERSION) and its quiet zone, with
# modules of at least 0.6 mm (72 / 25.4 pt a mm). Shorter links make smaller codes, drawn with
# bigger modules in the same square.
QR_MODULE_MM = 0.6
QR_SIDE = math.ceil((17 + 4 * MAX_QR_VERSION + 2 * QUIET_ZONE) * QR_MODULE_MM * 72 / 25.4)
# What a slot holds: the stamper fills qr, art and the text kinds. A "field" is a write-in place:
# with --editable a fillable form field (in the slot's font, role and weight, at its size), else
# left empty for a pen.
SLOT_KINDS = ("qr", "art", "number", "name", "table", "set", "label", "field")


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float = 0.0

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def px(self) -> tuple[float, float, float, float]:
        """(x1, y1, x2, y2) in CSS px, as WeasyPrint's anchors and the stamper's Rect."""
        return (
            self.x / PT_PER_PX,
            self.y / PT_PER_PX,
            self.right / PT_PER_PX,
            self.bottom / PT_PER_PX,
        )

    def inside(self, other: Box) -> bool:
        eps = 0.01
        return (
            self.x >= other.x - eps
            and self.y >= other.y - eps
            and self.right <= other.right + eps
            and self.bottom <= other.bottom + eps
        )


@dataclass(frozen=True)
class Slot:
    """An empty box the stamper fills: `index` is the sheet, pad or card it belongs to on its
    page. Text slots carry the font role and weight their text is stamped in, its largest size
    (pt) and, for previews, a sample with its size fitted by the font's real widths."""

    id: str
    box: Box
    kind: str
    index: int = 0
    role: str = "display"  # font role for text kinds
    weight: str = "400"
    size: float = 0.0  # largest text size, pt
    rotate: int = 0
    sample: str = ""
    sample_size: float = 0.0
    sample_art: str = ""  # art URI, for previews of art slots
    color: str = ""  # the theme colour its text is stamped in, when not its kind's
    # kind "words": the night's words (title, date, amounts) as the layout fitted them, stamped
    # as they are so a background holds nothing of one night: `text` at `size`, aligned,
    # `spacing` em between letters, two lines `pitch` em apart
    text: str = ""
    align: str = "center"
    spacing: float = 0.0
    pitch: float = 1.1
    least: float = 0.0  # a name: never stamped smaller than this (0: stamping.MIN_NAME)

    @property
    def is_text(self) -> bool:
        return self.kind not in ("qr", "art")


@dataclass(frozen=True)
class Label:
    """An absolutely placed block of unwrapped lines (class "lb"): `left` its left edge, `top`
    the top of its first line box, or `bottom` (from the page's bottom) when it is a stack of
    lines near the page's bottom (lines below it would break onto the next page)."""

    text: str
    left: float
    width: float
    size: float
    top: float | None = None
    bottom: float | None = None
    pitch: float = 0.0  # line height when several lines
    spacing: float = 0.0  # letter spacing, pt
    classes: str = ""


@dataclass(frozen=True)
class Block:
    """A placed element the template fills with words: position, width, font size."""

    x: float
    y: float
    w: float
    size: float = 0.0
    line: float = 0.0  # line height, pt (0: the CSS's)
    h: float = 0.0


@dataclass(frozen=True)
class Strip:
    """The theme's own rule art (rule.svg, 60 x 14) repeated along a line, as a block."""

    box: Box
    turned: bool = False


@dataclass(frozen=True)
class Page:
    """One laid-out page: its id (an anchor WeasyPrint keeps), size, static layer and slots."""

    id: str
    width: float
    height: float
    layer: str = ""  # data: URI of the SVG drawn under the whole page
    slots: tuple[Slot, ...] = ()
    labels: tuple[Label, ...] = ()
    safe: Box = field(default_factory=lambda: Box(0, 0, 0, 0))  # where slots may go

    def slot(self, slot_id: str) -> Slot:
        return next(s for s in self.slots if s.id == slot_id)

    def slots_of(self, index: int) -> list[Slot]:
        return [s for s in self.slots if s.index == index]

    @property
    def capacity(self) -> int:
        """How many sheets, pads or cards the page holds (one per distinct slot index)."""
        return len({s.index for s in self.slots})


def cell(i: int, cols: int, rows: int, cw: float, ch: float, edge: float) -> Box:
    """Piece i (row by row) of a page cut into cols x rows pieces of cw x ch: the safe edge
    outside, a smaller gutter at the cuts."""
    col, row = i % cols, i // cols
    left = edge if col == 0 else GUTTER
    right = edge if col == cols - 1 else GUTTER
    top = edge if row == 0 else GUTTER
    bottom = edge if row == rows - 1 else GUTTER
    return Box(col * cw + left, row * ch + top, cw - left - right, ch - top - bottom)


def page_size_css(paper: str, landscape: bool = False) -> str:
    name = "A4" if paper == "a4" else "letter"
    return f"{name} landscape" if landscape else name
