"""The grids of score sheets, team cards and tally pads, drawn into a page's SVG layer."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import Box, Label
from bunco_print.printing.layout.side_grid import SIDE_HEAD, SIDE_TITLE, Part
from bunco_print.theming.ink_saver import LARGE_FROM

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
PILL_TOP, PILL_SHORTER = 1, 3  # a set title's tinted pill: this far down, this much shorter
# The grid's word size: this share of a row (scaled) and of a W/L box, between these (scaled).
WORDS_IN_ROW, WORDS_IN_BOX, WORDS_MIN, WORDS_MAX = 0.42, 0.45, 6.2, 9.5
# A round's die: this share of a row and of the round column, at most DIE_MAX; its outline a
# DIE_OUTLINE-th of its side, at least DIE_OUTLINE_MIN.
DIE_IN_ROW, DIE_IN_COLUMN, DIE_MAX = 0.64, 0.6, 17
DIE_OUTLINE, DIE_OUTLINE_MIN = 14, 0.7
RULE_W, TOTAL_RULE_W, FRAME_W, FRAME_RADIUS = 0.6, 1.1, 1.2, 3  # a block's lines
# Words, in em of the grid's word size: ROUND and Total, a set's title, its "then a break",
# the W and L heads, the tallies' heads; the spacing of ROUND's letters (pt).
ROUND_EM, TOTAL_EM, SET_EM, BREAK_EM, SHORT_HEAD_EM, LONG_HEAD_EM = 0.72, 0.8, 1.25, 0.7, 0.95, 0.85
ROUND_SPACING = 0.5
# Baselines: the heads' this far down their row (a share of it); Total's, a set title's and
# a break's this many em below their row's middle.
HEAD_BASELINE, TOTAL_DROP, SET_DROP, BREAK_DROP = 0.68, 0.35, 0.45, 0.3
BREAK_INSET, BREAK_ROOM = 4, 120  # "then a break": in from the block's right, in a block this wide


@dataclass
class Marks:
    """Where a grid drew what must print (for theme_checks' look at a rendered page): its
    rules (x0, x1, y of each horizontal one) and the dice it drew."""

    rules: list[tuple[float, float, float]] = field(default_factory=list)
    dice: list[Box] = field(default_factory=list)


def score_cells(night: Inputs, w, h, ref=None) -> tuple[int, float, float]:
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
    if big > 1 and night.per_page == 2:  # large print asked for 4 a page: the boxes and the
        # rows as much larger than that normal sheet's (`ref`, sheets.reference_cells) as can be
        ref_box, ref_row = ref
        return max(candidates, key=lambda c: (min(c[1] / ref_box, c[2] / ref_row), -c[0]))
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


def _score_measures(night: Inputs, oy, w, h, word: str, part: Part | None, ref) -> ScoreGrid:
    """The score grid's measures for w x h pt from oy (`part`: one side's sets, from the top)."""
    mini, big = night.ruleset.track_mini_buncos, night.scale
    rounds = night.event.rounds_per_set
    if part is None:
        bands, box_w, row_h = score_cells(night, w, h, ref)
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
    size = max(in_cells, WORDS_MIN * big)
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


def _bands(g: ScoreGrid, ox) -> Iterator[Band]:
    k = g.per_band
    for number in range(math.ceil(g.count / k)):
        top = g.top + number * g.band_pitch
        left = ox + (k - min(k, g.count - number * k)) * g.pitch / 2
        blocks = tuple(j for j in range(k) if number * k + j < g.count)
        yield Band(number, top, top + g.title_h + g.head_h, left, blocks)


def score_grid(
    night: Inputs,
    layer: svg.Layer,
    ox,
    oy,
    w,
    h,
    word: str,
    marks: Marks | None = None,
    part: Part | None = None,
    ref: tuple[float, float] | None = None,
) -> None:
    """The score sheet's grid filling w x h pt at (ox, oy): sets in blocks of rounds, each round
    a row with a die showing its mark, W and L boxes, a Bunco tally (and a mini-Bunco tally), a
    set total row. Blocks sit side by side in bands; the band count gives the roomiest cells.
    `part`: only these sets, in the cells given (one side of a two-sided sheet), from the top."""
    g = _score_measures(night, oy, w, h, word, part, ref)
    # drawing order: tints, rules, frames, dice
    for band in _bands(g, ox):
        _round_dice(night, layer, g, band, marks)
        for place in band.blocks:
            _set_block(night, layer, g, band.block_x(g, place), band, marks)
    # labels: short, so SVG text (an HTML line costs more than a short SVG label)
    for band in _bands(g, ox):
        _band_words(night, layer, g, band)


def _round_dice(night: Inputs, layer: svg.Layer, g: ScoreGrid, band: Band, marks) -> None:
    """The round column: each round's row shows the die of its mark."""
    x, half = band.left + g.round_w / 2, g.die / 2
    outline = night.frame_width(max(g.die / DIE_OUTLINE, DIE_OUTLINE_MIN))
    for r in range(1, g.rounds + 1):
        y = band.grid_top + (r - 0.5) * g.row_h
        if marks is not None:
            marks.dice.append(Box(x - half, y - half, g.die, g.die))
        layer.die(x, y, g.die, r, night.die_color, stroke_w=outline, family=night.family("display"))


def _set_block(night: Inputs, layer: svg.Layer, g: ScoreGrid, x, band: Band, marks) -> None:
    """A set's block at x: its title's pill and total row tinted, its rules and frame."""
    c, top, rounds, row_h, block_w = night.colors, band.grid_top, g.rounds, g.row_h, g.block_w
    pill_h = g.title_h - PILL_SHORTER
    total_y = top + rounds * row_h
    layer.add(
        svg.fill(c["soft"]),
        svg.rrect(x, band.top + PILL_TOP, block_w, pill_h, pill_h / 2)
        + svg.rrect(x, total_y, block_w, row_h),
    )
    rows = range(1, rounds)
    d = "".join(svg.seg(x, top + r * row_h, x + block_w, top + r * row_h) for r in rows)
    if marks is not None:
        marks.rules += [(x, x + block_w, top + r * row_h) for r in rows]
    col_x = x
    for _head, col_w in g.cols[:-1]:
        col_x += col_w
        d += svg.seg(col_x, top, col_x, top + (rounds + 1) * row_h)
    layer.add(svg.stroke(c["line"], RULE_W, night.rule_dash), d)
    total_rule = svg.stroke(night.frame, night.frame_width(TOTAL_RULE_W))
    layer.add(total_rule, svg.seg(x, total_y, x + block_w, total_y))
    frame = "frame|" + svg.stroke(night.frame, night.frame_width(FRAME_W))
    layer.add(frame, svg.rrect(x, top, block_w, (rounds + 1) * row_h, FRAME_RADIUS))


def _band_words(night: Inputs, layer: svg.Layer, g: ScoreGrid, band: Band) -> None:
    """A band's words: ROUND and Total in the round column, then each set's title and heads."""
    body, least = night.family("body"), night.min_text * night.scale
    x, head_y = band.left + g.round_w / 2, band.top + g.title_h + g.head_h * HEAD_BASELINE
    total_y = band.grid_top + g.rounds * g.row_h + g.row_h * 0.5 + g.size * TOTAL_DROP
    round_size, total_size = max(g.size * ROUND_EM, least), max(g.size * TOTAL_EM, least)
    layer.text(
        svg.text(x, head_y, "ROUND", round_size, body, 700, night.muted, "middle", ROUND_SPACING)
        + svg.text(x, total_y, "Total", total_size, body, 700, night.colors["ink"], "middle")
    )
    for place in band.blocks:
        number = g.first + band.number * g.per_band + place
        _set_words(night, layer, g, band.block_x(g, place), band, number, head_y)


def _set_words(night: Inputs, layer: svg.Layer, g: ScoreGrid, x, band: Band, number, head_y):
    """A set block's title ("Set 2", and "then a break" where the ruleset has one) and heads."""
    c, body, least = night.colors, night.family("body"), night.min_text * night.scale
    title_mid = band.top + g.title_h * 0.5
    layer.text(
        svg.text(
            x + g.block_w / 2,
            title_mid + g.size * SET_DROP,
            f"Set {number}",
            g.size * SET_EM,
            night.family("display"),
            fill=c["accent"],
            anchor="middle",
        )
    )
    breaks = night.ruleset.break_after_sets
    if number in breaks and number < night.event.sets and g.block_w > BREAK_ROOM:
        layer.text(
            svg.text(
                x + g.block_w - BREAK_INSET,
                title_mid + g.size * BREAK_DROP,
                "then a break",
                max(g.size * BREAK_EM, least),
                body,
                fill=night.muted,
                anchor="end",
                italic=True,
            )
        )
    for head, col_w in g.cols:
        size = max(g.size * (SHORT_HEAD_EM if len(head) < 3 else LONG_HEAD_EM), least)
        layer.text(svg.text(x + col_w / 2, head_y, head, size, body, 700, c["ink"], "middle"))
        x += col_w


def _punch_rows(night: Inputs, w, h, sets: int) -> tuple[float, float, float]:
    """The punch grid's head height, the gap between its rows and their height (large print:
    up to LARGE times as tall)."""
    head_h = min(h * 0.07, 16, w / 24)
    gap = min(h * 0.03, 8)
    return head_h, gap, min((h - head_h - (sets - 1) * gap) / sets, 64 * night.scale)


def punch_cells(night: Inputs, w, h, sets: int) -> tuple[float, float]:
    """The team card's punch boxes' width and its rows' height, for `sets` rows in w x h pt."""
    _head, _gap, rh = _punch_rows(night, w, h, sets)
    side_w = 2 * min(w * 0.12, rh * 1.3) + min(w * 0.22, rh * 3)  # set label, wins, tally
    pw = (w - side_w - 12) / night.event.rounds_per_set
    return min(pw * 0.84, rh * 0.8), rh


def punch_grid(
    night: Inputs,
    layer: svg.Layer,
    ox,
    oy,
    w,
    h,
    word: str,
    page_h,
    marks: Marks | None = None,
    part: Part | None = None,
) -> list[Label]:
    """The team card's punch grid filling w x h pt at (ox, oy): one row per set with a punch box
    for each round (its die showing the mark), a Bonko tally and the set's wins. Shapes and
    short labels go into `layer`; the long head and the column of SETs come back as labels.
    `part`: only these sets, in rows sized for `part.per_side` (one side of a two-sided card)."""
    event, c, big = night.event, night.colors, night.scale
    rounds = event.rounds_per_set
    numbers = range(1, event.sets + 1) if part is None else part.sets
    sets = event.sets if part is None else part.per_side  # the rows the grid is sized for
    head_h, gap, rh = _punch_rows(night, w, h, sets)
    label_w = min(w * 0.12, rh * 1.3)
    wins_w = min(w * 0.12, rh * 1.3)
    tally_w = min(w * 0.22, rh * 3)
    punch_area = w - label_w - wins_w - tally_w - 12
    pw = punch_area / rounds
    box = min(pw * 0.84, rh * 0.8)
    total_h = head_h + sets * rh + (sets - 1) * gap
    y0 = oy + (h - total_h) / 2 if part is None else oy  # a side's sets: from the top
    fs = min(rh * 0.3, w / 36, 10 * big)  # large print: up to 1.3x where the width allows
    tx = label_w + punch_area + 6
    wx = tx + tally_w + 6
    radius = min(rh * 0.2, 6)
    display, body = night.family("display"), night.family("body")
    # drawing order: set frames, label tints, punch boxes, dice, rules
    frame, tint = svg.stroke(night.frame, night.frame_width(1.1)), svg.fill(c["soft"])
    punch = svg.stroke(c["line"], night.frame_width(1), "2.5 1.8", "#ffffff")
    rule = svg.stroke(c["line"], 0.8)
    for row in range(len(numbers)):
        ry = y0 + head_h + row * (rh + gap)
        layer.add(frame, svg.rrect(ox + 0.6, ry, w - 1.2, rh, radius))
        layer.add(tint, svg.rrect(ox + 0.6, ry, label_w, rh, radius))
        for r in range(1, rounds + 1):
            cx = ox + label_w + (r - 0.5) * pw
            layer.add(punch, svg.rrect(cx - box / 2, ry + (rh - box) / 2, box, box, box * 0.5))
            layer.die(cx, ry + rh / 2, box * 0.42, r, c["line"], stroke_w=0.8, family=display)
            if marks is not None:
                side = box * 0.42
                marks.dice.append(Box(cx - side / 2, ry + rh / 2 - side / 2, side, side))
        layer.add(
            rule,
            svg.seg(ox + tx - 3, ry + 4, ox + tx - 3, ry + rh - 4)
            + svg.seg(ox + wx - 3, ry + 4, ox + wx - 3, ry + rh - 4),
        )
    head_y = y0 + head_h * 0.7
    head_fs = max(fs * 0.9, night.min_text)
    labels = [
        night.label(
            ox + label_w + punch_area / 2,
            head_y,
            "Rounds won: punched by the scorekeeper",
            max(fs * 0.9, night.min_text),
            "lb-b",
            "middle",
            punch_area + 80,
            ch=page_h,
        )
    ]
    layer.text(
        svg.text(ox + tx + tally_w / 2, head_y, f"{word}s", head_fs, body, 700, c["ink"], "middle")
        + svg.text(ox + wx + wins_w / 2, head_y, "Wins", head_fs, body, 700, c["ink"], "middle")
    )
    first = y0 + head_h
    labels.append(
        night.label(
            ox + label_w / 2,
            first + rh * 0.42,
            "\n".join(["SET"] * len(numbers)),
            max(fs * 0.75, night.min_text),
            "lb-b lb-m",
            "middle",
            label_w + 20,
            rh + gap,
            spacing=0.6,
            ch=page_h,
        )
    )
    for row, s in enumerate(numbers):
        layer.text(
            svg.text(
                ox + label_w / 2,
                first + row * (rh + gap) + rh * 0.8,
                s,
                min(fs * 1.6, rh * 0.4),
                display,
                fill=c["accent"],
                anchor="middle",
            )
        )
    return labels


def tally_grids(night: Inputs, layer: svg.Layer, xs, ys, w, h, teams=("Us", "Them")) -> None:
    """Tally pads' grids, each w x h pt, one at every (x, y) of xs x ys: a row per round (its
    die), two team columns each with room for tally marks and a box for the running score."""
    c, rounds = night.colors, night.event.rounds_per_set
    head_h = min(h * 0.1, 24 * night.scale)
    rh = (h - head_h) / rounds
    die_w = min(w * 0.11, 30)
    tw = (w - die_w - 8) / 2
    score_w = tw * 0.36
    fs = min(head_h * 0.62, 15 * night.scale)
    small = max(fs * 0.5, 6.5)
    rule = svg.stroke(c["line"], 0.7, night.rule_dash)
    frame = svg.stroke(night.frame, night.frame_width(1.2))
    display, body = night.family("display"), night.family("body")
    for oy in ys:
        for ox in xs:
            for r in range(1, rounds + 1):
                layer.die(
                    ox + die_w / 2,
                    oy + head_h + (r - 0.5) * rh,
                    min(rh * 0.5, die_w * 0.7),
                    r,
                    night.die_color,
                    stroke_w=night.frame_width(1),
                    family=display,
                )
            for t, team in enumerate(teams):
                tx = ox + die_w + 4 + t * (tw + 4)
                d = "".join(
                    svg.seg(tx, oy + head_h + r * rh, tx + tw, oy + head_h + r * rh)
                    for r in range(1, rounds)
                )
                layer.add(
                    rule,
                    d + svg.seg(tx + tw - score_w, oy + head_h, tx + tw - score_w, oy + h - 0.6),
                )
                layer.add(frame, svg.rrect(tx, oy + head_h, tw, h - head_h - 0.6, 5))
                layer.text(
                    svg.text(
                        tx + (tw - score_w) / 2,
                        oy + head_h * 0.62,
                        team,
                        fs,
                        display,
                        fill=night.light("accent") if fs >= LARGE_FROM else c["accent"],
                        anchor="middle",
                    )
                    + svg.text(
                        tx + tw - score_w / 2,
                        oy + head_h * 0.62,
                        "SCORE",
                        small,
                        body,
                        700,
                        night.muted,
                        "middle",
                        0.5,
                    )
                )
