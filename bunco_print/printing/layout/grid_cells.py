"""The cells of the score sheet's and team card's grids: how the sets fall into bands and rows,
how wide the W/L and punch boxes are, how tall the rows, measured once before grids.py draws."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.sheet_dims import SHEET
from bunco_print.printing.layout.side_grid import SIDE_HEAD, SIDE_TITLE, Part

# The score grid: a block per set (its W and L boxes, a Bunco tally, a mini-Bunco tally where
# the ruleset keeps one, a row per round and a total row), blocks side by side in bands, each
# band right of a round column showing each round's die. Measures in pt unless said otherwise;
# those marked "(scaled)" are times --large-print's scale.
# Across, in W/L box widths: a Bunco tally, a mini-Bunco tally, a block without the mini tally.
TALLY_UNITS, MINI_UNITS, BLOCK_UNITS = 1.9, 1.5, 3.9
ROUND_UNITS, ROUND_MIN = 1.1, 26  # the round column: in W/L box widths, and at least (pt)
BOX_MAX, ROW_MAX = 44, 31  # a W/L box at its widest, a round's row at its tallest (scaled)
SET_GAP, SET_GAP_NARROW = 8, 5  # between set blocks; the narrow gap for boxes up to NARROW_BOX
NARROW_BOX = 20
BAND_GAP, BAND_GAP_ROWS = 12, 0.6  # between bands: at least BAND_GAP, else 0.6 of a row
BAND_EXTRA_ROWS = 2.6  # choosing bands: a band's titles, heads and total row, counted in rows
ROW_WEIGHT = 1.3  # choosing bands: a pt of row height counts as much as 1.3 pt of box width
BETTER_BY = 0.5  # choosing bands: fewer bands unless more give cells this much (pt) roomier
TITLE_ROWS, HEAD_ROWS = 1.05, 0.75  # a band's set titles and its column heads, in rows
# The grid's word size: this share of a row (scaled) and of a W/L box, between these (scaled).
WORDS_IN_ROW, WORDS_IN_BOX, WORDS_MIN, WORDS_MAX = 0.42, 0.45, 6.2, 9.5
# A round's die: this share of a row and of the round column, at most DIE_MAX.
DIE_IN_ROW, DIE_IN_COLUMN, DIE_MAX = 0.64, 0.6, 17


def score_cells(night: Inputs, w, h) -> tuple[int, float, float]:
    """The score grid's bands, its W and L boxes' width and its rows' height in w x h pt."""
    sets, rounds = night.event.sets, night.event.rounds_per_set
    units = BLOCK_UNITS + (MINI_UNITS if night.ruleset.track_mini_buncos else 0)
    big = night.scale  # --large-print: room for larger cells and text
    candidates = []
    for bands in range(1, sets + 1):
        per_band = math.ceil(sets / bands)
        if per_band * bands - sets < bands:  # no band left empty
            box_w = (w - per_band * SET_GAP - ROUND_MIN) / (per_band * units + ROUND_UNITS)
            row_h = (h - (bands - 1) * BAND_GAP) / bands / (rounds + BAND_EXTRA_ROWS)
            candidates.append((bands, min(box_w, BOX_MAX * big), min(row_h, ROW_MAX * big)))
    best_room, best = -1.0, (1, 0.0, 0.0)
    for bands, box_w, row_h in candidates:
        room = min(box_w, row_h * ROW_WEIGHT)
        if room > best_room + BETTER_BY:
            best_room, best = room, (bands, box_w, row_h)
    return best


@dataclass(frozen=True)
class ScoreGrid:
    """A score grid's measures (pt): `count` sets from set `first`, `per_band` blocks a band,
    W/L boxes `box_w` wide, rows `row_h` tall, right of a round column `round_w` wide."""

    first: int
    count: int
    per_band: int
    rounds: int
    box_w: float
    row_h: float
    round_w: float
    gap: float  # between set blocks
    block_w: float
    cols: tuple[tuple[str, float], ...]  # a block's columns: head and width
    size: float  # the grid's word size
    title_h: float  # a band's set titles
    head_h: float  # a band's column heads
    band_pitch: float  # from a band's top to the next's
    top: float
    die: float  # a round's die, its side

    @property
    def pitch(self) -> float:
        return self.block_w + self.gap


@dataclass(frozen=True)
class Band:
    """A band of set blocks: its number (from 0), the top of its set titles and of its first
    round's row, its round column's left (a short last band is centred), its blocks' places."""

    number: int
    top: float
    grid_top: float
    left: float
    blocks: tuple[int, ...]

    def block_x(self, g: ScoreGrid, place: int) -> float:
        return self.left + g.round_w + g.gap / 2 + place * g.pitch


def score_measures(night: Inputs, oy, w, h, word: str, part: Part | None) -> ScoreGrid:
    """The score grid's measures for w x h pt from oy (`part`: one side's sets, from the top)."""
    mini, big = night.ruleset.track_mini_buncos, night.scale
    rounds = night.event.rounds_per_set
    if part is None:
        bands, box_w, row_h = score_cells(night, w, h)
        first, count = 1, night.event.sets
        per_band, round_w = math.ceil(count / bands), max(box_w * ROUND_UNITS, ROUND_MIN)
    else:
        bands, box_w, row_h, round_w = part.bands, part.u, part.rh, part.die_w
        first, count, per_band = part.sets.start, len(part.sets), math.ceil(part.per_side / bands)
    gap = SET_GAP if box_w > NARROW_BOX else SET_GAP_NARROW
    # width left over once W/L are at their cap goes to the tallies
    block_w = (w - round_w - per_band * gap) / per_band
    tally_unit = (block_w - 2 * box_w) / (TALLY_UNITS + (MINI_UNITS if mini else 0))
    cols = (("W", box_w), ("L", box_w), (word, tally_unit * TALLY_UNITS))
    cols += (("Mini", tally_unit * MINI_UNITS),) if mini else ()
    # large print: its words 1.3x even where the rows could not grow (they fill more of a row)
    in_cells = min(row_h * WORDS_IN_ROW * big, box_w * WORDS_IN_BOX, WORDS_MAX * big)
    size = max(in_cells, WORDS_MIN * big, night.least(SHEET))
    title_h, head_h = row_h * TITLE_ROWS, row_h * HEAD_ROWS
    if part is not None:  # a two-sided sheet's tall rows: the set's title as tall as its words
        title_h, head_h = min(title_h, size * SIDE_TITLE), min(head_h, size * SIDE_HEAD)
    band_h = title_h + head_h + row_h * (rounds + 1)
    band_gap = max(BAND_GAP, row_h * BAND_GAP_ROWS) if bands > 1 else 0
    total_h = bands * band_h + (bands - 1) * band_gap
    return ScoreGrid(
        first,
        count,
        per_band,
        rounds,
        box_w,
        row_h,
        round_w,
        gap,
        block_w,
        cols,
        size,
        title_h,
        head_h,
        band_h + band_gap,
        oy + (h - total_h) / 2 if part is None else oy,  # a side's sets: from the top
        min(row_h * DIE_IN_ROW, round_w * DIE_IN_COLUMN, DIE_MAX),
    )


def bands(g: ScoreGrid, ox) -> Iterator[Band]:
    k = g.per_band
    for number in range(math.ceil(g.count / k)):
        top = g.top + number * g.band_pitch
        left = ox + (k - min(k, g.count - number * k)) * g.pitch / 2
        blocks = tuple(j for j in range(k) if number * k + j < g.count)
        yield Band(number, top, top + g.title_h + g.head_h, left, blocks)


# The team card's punch grid: a row per set (its number, a punch box per round showing the
# round's die, a Bonko tally, the set's wins) under a head. Measures in pt unless said otherwise.
# The head: a share of the grid's height, at most PUNCH_HEAD_MAX, at most a PUNCH_HEAD_PER-th
# of its width; between rows a share of the height, at most PUNCH_GAP_MAX (large print:
# PUNCH_GAP_LARGE, so that four sets' taller rows, under its larger words, fit one side); a row
# at its tallest PUNCH_ROW_MAX (times --large-print's scale).
PUNCH_HEAD_IN_H, PUNCH_HEAD_MAX, PUNCH_HEAD_PER = 0.07, 16, 24
PUNCH_GAP_IN_H, PUNCH_GAP_MAX, PUNCH_ROW_MAX, PUNCH_GAP_LARGE = 0.03, 8, 64, 6
# The set-number and wins columns: a share of the width, at most this many rows wide; the tally
# the same, wider; the room the columns leave over; the space before the tally and the wins.
SIDE_COL_IN_W, SIDE_COL_ROWS, TALLY_COL_IN_W, TALLY_COL_ROWS = 0.12, 1.3, 0.22, 3
COL_ROOM, COL_SPACE = 12, 6
# A punch box: a share of its column and of a row. A row frame's corners: a share of a row, at
# most ROW_RADIUS_MAX.
PUNCH_IN_COL, PUNCH_IN_ROW, ROW_RADIUS_ROWS, ROW_RADIUS_MAX = 0.84, 0.8, 0.2, 6
# The grid's words: a share of a row, a PUNCH_WORDS_PER-th of its width, at most
# PUNCH_WORDS_MAX (times --large-print's scale).
PUNCH_WORDS_IN_ROW, PUNCH_WORDS_PER, PUNCH_WORDS_MAX = 0.3, 36, 10


def _punch_rows(night: Inputs, w, h, sets: int) -> tuple[float, float, float]:
    """The punch grid's head height, the gap between its rows and their height (large print:
    up to LARGE times as tall)."""
    head_h = min(h * PUNCH_HEAD_IN_H, PUNCH_HEAD_MAX, w / PUNCH_HEAD_PER)
    gap = min(h * PUNCH_GAP_IN_H, PUNCH_GAP_LARGE if night.large else PUNCH_GAP_MAX)
    row_h = min((h - head_h - (sets - 1) * gap) / sets, PUNCH_ROW_MAX * night.scale)
    return head_h, gap, row_h


def _side_col(w, row_h) -> float:
    """The set-number column's width, and the wins column's."""
    return min(w * SIDE_COL_IN_W, row_h * SIDE_COL_ROWS)


def _tally_col(w, row_h) -> float:
    return min(w * TALLY_COL_IN_W, row_h * TALLY_COL_ROWS)


def punch_cells(night: Inputs, w, h, sets: int) -> tuple[float, float]:
    """The team card's punch boxes' width and its rows' height, for `sets` rows in w x h pt."""
    _head, _gap, row_h = _punch_rows(night, w, h, sets)
    side_w = 2 * _side_col(w, row_h) + _tally_col(w, row_h)  # set label, wins, tally
    punch_w = (w - side_w - COL_ROOM) / night.event.rounds_per_set
    return min(punch_w * PUNCH_IN_COL, row_h * PUNCH_IN_ROW), row_h


@dataclass(frozen=True)
class PunchGrid:
    """A punch grid's measures (pt): its sets' numbers (a row each), its head and rows, its
    columns (the tally's and the wins' lefts from the grid's left), its punch boxes' side."""

    numbers: range
    rounds: int
    head_h: float
    gap: float  # between rows
    row_h: float
    label_w: float  # the set numbers' column
    punch_area: float  # the punch boxes' columns, together
    punch_w: float  # a punch box's column
    tally_x: float
    tally_w: float
    wins_x: float
    wins_w: float
    box: float
    top: float
    size: float  # the grid's word size
    radius: float  # a row frame's corners

    @property
    def first_row(self) -> float:
        return self.top + self.head_h


def punch_measures(night: Inputs, oy, w, h, part: Part | None) -> PunchGrid:
    """The punch grid's measures for w x h pt from oy (`part`: one side's sets, from the top)."""
    rounds = night.event.rounds_per_set
    numbers = range(1, night.event.sets + 1) if part is None else part.sets
    sets = night.event.sets if part is None else part.per_side  # the rows the grid is sized for
    head_h, gap, row_h = _punch_rows(night, w, h, sets)
    label_w, wins_w, tally_w = _side_col(w, row_h), _side_col(w, row_h), _tally_col(w, row_h)
    punch_area = w - label_w - wins_w - tally_w - COL_ROOM
    punch_w = punch_area / rounds
    total_h = head_h + sets * row_h + (sets - 1) * gap
    # large print: up to 1.3x where the width allows
    size = min(row_h * PUNCH_WORDS_IN_ROW, w / PUNCH_WORDS_PER, PUNCH_WORDS_MAX * night.scale)
    tally_x = label_w + punch_area + COL_SPACE
    return PunchGrid(
        numbers,
        rounds,
        head_h,
        gap,
        row_h,
        label_w,
        punch_area,
        punch_w,
        tally_x,
        tally_w,
        tally_x + tally_w + COL_SPACE,
        wins_w,
        min(punch_w * PUNCH_IN_COL, row_h * PUNCH_IN_ROW),
        oy + (h - total_h) / 2 if part is None else oy,  # a side's sets: from the top
        size,
        min(row_h * ROW_RADIUS_ROWS, ROW_RADIUS_MAX),
    )
