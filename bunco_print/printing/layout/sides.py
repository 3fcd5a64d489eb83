"""Large-print score sheets and team cards at one a page, printed over both sides of the paper.

One side cannot give a large-print grid rows and W and L boxes LARGE times the normal sheet's:
the normal grid already fills the page. So the front holds the head, the write-in lines and the
first half of the sets; the back, laid out behind it for a flip on the long edge
(sheets.duplex_flip), the sheet's number and name again in a small head, the other sets in the
same cells, the night's totals and the QR code. `plan_sides` decides, by measuring both layouts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE, Inputs
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, page_size_css
from bunco_print.printing.layout.sheet_dims import (
    BODY_GAP,
    SHEET,
    TITLE_SPACING_EM,
    SheetDims,
    content_box,
    grid_top,
    sheet_dims,
    sheet_plan,
)
from bunco_print.printing.layout.sheets import (
    HEAD_GAP,
    TITLE_PITCH,
    SheetsPage,
    SheetText,
    grid_room,
    header_rule,
    name_lines,
    sets_words,
    sheet_foot,
    sheet_grid,
    sheet_slots,
)
from bunco_print.printing.layout.side_grid import Part, side_cells

# Each sheet document's back (a document of its own: its pages follow the fronts' one by one).
BACKS = {"score_sheet": "score_sheet_back", "team_card": "team_card_back"}
KINDS = {"score_sheet": "score", "team_card": "team"}


@dataclass(frozen=True)
class Sides:
    """The sets on each side of a two-sided sheet, in one grid size for both."""

    front: Part
    back: Part
    grid_h: float  # the grid's height on either side


def _back_head(d: SheetDims) -> tuple[float, float]:
    """The back's small head: its title's size and the head's height."""
    title_fs = d.sub_fs * 1.9
    return title_fs, max(title_fs * 1.15 + d.sub_fs * 2, d.num_h + 10 * d.s)


def _back_grid_top(d: SheetDims, kind: str) -> float:
    """Under the back's write-in lines: a score sheet's name, a team card's partners."""
    lines = 1 if kind == "score" else 2
    return _back_head(d)[1] + BODY_GAP * d.s + lines * (d.name_h + 8 * d.s) + 8 * d.s


def _turn_h(d: SheetDims) -> float:
    """Room at the front's foot for the line saying what is on the back."""
    return d.sub_fs * 2.6


def one_side_short(night: Inputs, kind: str) -> bool:
    """Whether a large-print sheet at one a page, on one side, falls short of grid rows (a
    score sheet's W and L boxes too) LARGE times the normal sheet's."""
    if not night.large or night.per_page != 1 or night.event.sets < 2:
        return False
    normal, one_side = grid_room(replace(night, large=False), kind), grid_room(night, kind)
    wanted = (0, 1) if kind == "score" else (1,)  # a team card's punch boxes: as wide as fit
    return any(one_side[k] < LARGE * normal[k] - 1e-6 for k in wanted)


def plan_sides(night: Inputs, kind: str) -> Sides | None:
    """The two sides of a large-print sheet at one a page, or None when one side is roomy
    enough (one_side_short) or the night prints --star-on-back (the back holds the star)."""
    if night.event.star_on_back or not one_side_short(night, kind):
        return None
    sets = night.event.sets
    normal = grid_room(replace(night, large=False), kind)
    box = content_box(night, 0)
    d = sheet_dims(night, box.w, box.h)
    front_h = box.h - grid_top(d, kind) - _turn_h(d)
    h = min(front_h, d.foot_y - 12 * d.s - _back_grid_top(d, kind))
    n = math.ceil(sets / 2)
    cells = {}
    if kind == "score":
        bands, u, rh, die_w = side_cells(night, box.w, h, n, normal)
        cells = dict(bands=bands, u=u, rh=rh, die_w=die_w)
    return Sides(Part(range(1, n + 1), n, **cells), Part(range(n + 1, sets + 1), n, **cells), h)


def back_page(
    night: Inputs,
    doc: str,
    kind: str,
    totals: list[str],
    number_label: str,
    sides: Sides,
    number: int = 0,
) -> SheetsPage:
    """The back of a two-sided sheet: a small head with the night's title and the sheet's
    number, its write-in lines again (a score sheet's name, a team card's partners), the other
    sets, the night's totals and the QR code. Slots: s0-back-number, s0-back-name (score
    sheets; team cards with --editable: s0-back-partner-1 and -2), s0-back-qr."""
    pw, ph, _cols, _rows = sheet_plan(night)
    box = content_box(night, 0, back=True)
    d = sheet_dims(night, box.w, box.h)
    layer, labels, strips = svg.Layer(), [], []
    title_fs, head_h = _back_head(d)
    header_rule(night, layer, strips, box.x, box.y + head_h + HEAD_GAP * d.s, box.w, d.s)
    body_y = head_h + BODY_GAP * d.s
    label, label_w, pitch = name_lines(night, layer, kind, box.x, box.y + body_y, box.w, d, ph)
    labels.append(label)
    # the player's name, stamped (with --editable: a field if none given), or the partners'
    # lines as on the front
    write_in = (body_y, label_w, pitch)
    slots = sheet_slots(night, kind, "s0-back", 0, box, d, write_in, number_label, True)
    grid = Box(box.x, box.y + _back_grid_top(d, kind), box.w, sides.grid_h)
    labels += sheet_grid(night, layer, kind, grid, sides.back, ph)
    labels += sheet_foot(night, layer, box.x, box.y, box.w, box.h, d, totals, ph)
    page = Page(
        f"{doc}-page-{number}",
        pw,
        ph,
        svg.data_uri(svg.document(pw, ph, layer.markup())),
        tuple(slots),
        tuple(labels),
        safe=Box(EDGE, EDGE, pw - 2 * EDGE, ph - 2 * EDGE),
    )
    sheet = _back_text(night, d, box, title_fs, grid, sides)
    title = night.words_in(
        "s0-back-title",
        sheet.title,
        sheet.title_text,
        sheet.title.size,
        "accent",
        0,
        "display",
        line=TITLE_PITCH,
    )
    page = replace(page, slots=(*page.slots, title))
    return SheetsPage(page, page_size_css(night.paper, pw > ph), (sheet,), tuple(strips))


def _back_text(night: Inputs, d: SheetDims, box: Box, title_fs, grid: Box, sides: Sides):
    """The back's words: the night's title on one line (shortened if it must be), and which
    sets this side holds and the front's."""
    x, y = box.x, box.y
    title_w = box.w - d.num_w - 10
    floor = max(night.min_text * 1.5 * night.scale, night.least(SHEET))
    text, size = night.font("display").shorten(
        night.event.title.replace("\n", " "), title_w, title_fs, floor, TITLE_SPACING_EM
    )
    where = f"{sets_words(sides.back.sets)} · turn over for {sets_words(sides.front.sets).lower()}"
    return SheetText(
        Block(x, y + (title_fs - size) * 0.6, title_w, size),
        Block(x, y + title_fs * 1.2, title_w, d.sub_fs),
        None,
        text,
        grid,
        sub_text=where,
        part=sides.back,
    )


STAR_NOTE = (
    "with --star-on-back the large-print score grid's rows stay about as tall as normal "
    "(each sheet's back holds the star); leave out --star-on-back to print two-sided "
    "large-print sheets with rows and W/L boxes 1.3x as large"
)


def notes(night: Inputs, kind: str) -> tuple[str, ...]:
    """What the host should know about the sheets' large print: none, or that the star on
    the back keeps a sheet one-sided and its grid as tight as a normal one."""
    short = night.event.star_on_back and one_side_short(night, kind)
    return (STAR_NOTE,) if short else ()
