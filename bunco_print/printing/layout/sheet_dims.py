"""Where each score sheet or team card goes on its page (its content box), and its measures
there: its head, title, write-in lines, code and foot; an undated editable sheet's date field."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import EDGE, GUTTER, QR_SIDE, Block, Box, Slot

BODY_GAP = 14  # the write-in lines' top: this far under the head (pt, times the sheet's scale)
TITLE_SPACING_EM = 0.02  # room for the letter-spacing a theme may give titles
# A title too long for one line at a good size goes on two (line-height 1.1) in the height one
# line at full size takes (1.15 of it): at most this share of the full size.
TWO_LINE_TITLE = 1.15 / (2 * 1.1)
# The document whose smallest word (base.LARGE_TEXT) sheets keep: team cards' is the same.
SHEET = "score_sheet"
ROUND_SPACING = 0.5  # pt between the letters of the score grid's ROUND


def round_word(night: Inputs) -> tuple[str, float]:
    """The head of the score grid's round column and its letters' spacing: spaced capitals,
    or in large print the word in its own case."""
    return ("Round", 0.0) if night.large else ("ROUND", ROUND_SPACING)


def sheet_plan(night: Inputs) -> tuple[float, float, int, int]:
    """Sheet page width and height, columns and rows of sheets."""
    per_page = night.per_page
    landscape = per_page == 2
    pw, ph = (night.ph, night.pw) if landscape else (night.pw, night.ph)
    return pw, ph, 1 if per_page == 1 else 2, 2 if per_page == 4 else 1


def content_box(night: Inputs, i: int, back: bool = False) -> Box:
    """Sheet i's content box on its page (its cell less the padding), or on the back of the
    page: the cell behind it once the paper is turned like a book page, over its upright edge
    (sheets.duplex_flip asks the print dialog for that edge), so the columns swap."""
    pw, ph, cols, rows = sheet_plan(night)
    col, row = i % cols, i // cols
    if back:
        col = cols - 1 - col
    e = EDGE + (6 if night.per_page == 1 else 0)
    left = e if col == 0 else GUTTER
    right = e if col == cols - 1 else GUTTER
    top = e if row == 0 else GUTTER
    bottom = e if row == rows - 1 else GUTTER
    sw, sh = pw / cols, ph / rows
    return Box(col * sw + left, row * sh + top, sw - left - right, sh - top - bottom)


@dataclass(frozen=True)
class SheetDims:
    """A sheet's measures in its content box: its head, title, write-in lines, code and foot."""

    title: str  # the night's title (two lines split by a newline), shortened if it cannot fit
    s: float
    num_h: float
    num_w: float
    title_w: float
    title_fs: float
    sub_fs: float
    head_h: float
    qr: float
    body_y: float
    foot_y: float
    name_h: float
    title_lines: int = 1
    title_room: float = 0.0  # the title's size at its largest: the head's measures follow it


def sheet_dims(night: Inputs, cw: float, ch: float) -> SheetDims:
    s, k = min(cw / 540, ch / 700), night.scale  # k: --large-print's text and boxes
    num_h, num_w = max(26 * s, 17) * k, max(150 * s, 86) * k
    title_w = cw - num_w - 10
    font, floor = night.font("display"), max(night.min_text * 1.5 * k, night.least(SHEET))
    text = night.event.title
    size = 32 * s * k
    title, title_fs, lines = font.one_or_two(
        text, title_w, size, floor, TITLE_SPACING_EM, size * TWO_LINE_TITLE
    )
    sub_fs = night.words(max(10 * s, 6.5), SHEET)
    # the head is as tall as the title at its largest, so no background depends on the title's
    # words (a shorter or longer title is stamped smaller in the same room): only on its lines
    room = size if lines == 1 else size * TWO_LINE_TITLE
    title_h = room * 1.15 if lines == 1 else room * (1.1 + 1.15)
    head_h = max(title_h + sub_fs * 1.6, num_h + 30 * s)
    qr = QR_SIDE
    return SheetDims(
        title,
        s,
        num_h,
        num_w,
        title_w,
        title_fs,
        sub_fs,
        head_h,
        qr,
        head_h + BODY_GAP * s,
        ch - qr * k,  # the totals boxes beside the code: k times as tall
        max(28 * s, 17) * k,  # room for a long name on two lines at MIN_NAME
        lines,
        room,
    )


def grid_top(d: SheetDims, kind: str) -> float:
    """Where a sheet's grid starts below its content box's top: under its write-in lines (and
    a team card's note)."""
    lines, pitch = (1 if kind == "score" else 2), d.name_h + 8 * d.s
    return d.body_y + lines * pitch + 8 * d.s + (d.sub_fs * 3.2 if kind == "team" else 0)


DATE_LINE = 9  # --date none: the date's write-in line, in ems of the date line's size


def date_field(night: Inputs, slot_id: str, i: int, sub: Block) -> Slot:
    """--date none --editable: a field on the date's write-in line, after the ruleset's name
    ("Classic Bunco · date ____", the template's .write-in: DATE_LINE em long)."""
    lead = night.font("body").width(f"{night.ruleset.name} · date ", sub.size)
    box = Box(sub.x + lead, sub.y - sub.size * 0.4, DATE_LINE * sub.size, sub.size * 1.5)
    return replace(night.text_slot(slot_id, box, "field", i, role="caption"), size=sub.size)
