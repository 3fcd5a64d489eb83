"""The cells of a two-sided sheet's grid (layout/sides.py): which sets a side holds, and the
W/L boxes, rows and round column measured once for both sides."""

from __future__ import annotations

import math
from dataclasses import dataclass

from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.sheet_dims import SHEET, round_word

# A two-sided sheet's grid (layout/sides.py): rows at most this tall (times --large-print's
# scale); tallies at least this many W boxes wide (a mini-Bunco tally this many more); a set's
# title and its column heads this many times the grid's word size tall.
SIDE_ROW, TALLY_MIN, TALLY_MIN_MINI = 44.0, 1.0, 0.9
SIDE_TITLE, SIDE_HEAD = 2.2, 1.65


@dataclass(frozen=True)
class Part:
    """The sets one side of a two-sided sheet holds (layout/sides.py), in cells measured for
    both sides, so the back's rows and boxes are the front's."""

    sets: range  # the set numbers on this side
    per_side: int  # the most sets a side holds: blocks and rows are sized for that many
    bands: int = 1  # score grid: bands of blocks
    u: float = 0.0  # score grid: the W and L boxes' width
    rh: float = 0.0  # score grid: the rows' height
    die_w: float = 0.0  # score grid: the round column's width


def side_cells(night: Inputs, w, h, per_side: int, normal: tuple[float, float]):
    """A two-sided sheet's score cells for `per_side` sets in w x h pt: (bands, W/L width, row
    height, round column width), the band count giving the most room measured against the
    `normal` sheet's (W/L width, row height). The round column is as wide as its words need and
    the tallies may be narrower than on one side (at least TALLY_MIN W boxes): the room goes to
    the W and L boxes."""
    rounds, big = night.event.rounds_per_set, night.scale
    least = night.least(SHEET)  # score_grid's largest words, and its smallest
    bold, fs = night.font("body", "700"), max(9.5 * big, least)
    round_fs, total_fs = max(fs * 0.72, least), max(fs * 0.8, least)
    word, spacing = round_word(night)
    die_w = max(bold.width(word, round_fs, spacing), bold.width("Total", total_fs)) + 12
    tally = TALLY_MIN + (TALLY_MIN_MINI if night.ruleset.track_mini_buncos else 0)
    rows, head = rounds + 1, fs * (SIDE_TITLE + SIDE_HEAD)  # a band: rounds, total and heads
    best, found = -1.0, (1, 0.0, 0.0, die_w)
    for bands in range(1, per_side + 1):
        k = math.ceil(per_side / bands)
        if k * bands - per_side >= bands:
            continue  # a band left empty
        u = min((w - die_w - k * 8) / (k * (2 + tally)), 44 * big)
        gaps = bands - 1
        room = h - bands * head
        rh = min((room - gaps * 12) / (bands * rows), room / (bands * rows + 0.6 * gaps))
        rh = min(rh, SIDE_ROW * big)
        q = min(u / normal[0], rh / normal[1])
        if q > best + 1e-3:
            best, found = q, (bands, u, rh, die_w)
    return found
