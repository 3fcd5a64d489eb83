"""The grids of score sheets, team cards and tally pads, drawn into a page's SVG layer."""

from __future__ import annotations

from dataclasses import dataclass, field

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import Box, Label
from bunco_print.printing.layout.grid_cells import (
    COL_SPACE,
    Band,
    PunchGrid,
    ScoreGrid,
    bands,
    punch_measures,
    score_measures,
)
from bunco_print.printing.layout.sheet_dims import SHEET, round_word
from bunco_print.printing.layout.side_grid import Part
from bunco_print.theming.ink_saver import LARGE_FROM

# The score grid's lines and words (its measures: grid_cells.py), in pt unless said otherwise.
PILL_TOP, PILL_SHORTER = 1, 3  # a set title's tinted pill: this far down, this much shorter
# A round's die's outline: a DIE_OUTLINE-th of its side, at least DIE_OUTLINE_MIN.
DIE_OUTLINE, DIE_OUTLINE_MIN = 14, 0.7
RULE_W, TOTAL_RULE_W, FRAME_W, FRAME_RADIUS = 0.6, 1.1, 1.2, 3  # a block's lines
# Words, in em of the grid's word size: ROUND and Total, a set's title, its "then a break",
# the W and L heads, the tallies' heads (ROUND's letters spaced: sheet_dims.round_word).
ROUND_EM, TOTAL_EM, SET_EM, BREAK_EM, SHORT_HEAD_EM, LONG_HEAD_EM = 0.72, 0.8, 1.25, 0.7, 0.95, 0.85
# Baselines: the heads' this far down their row (a share of it); Total's, a set title's and
# a break's this many em below their row's middle.
HEAD_BASELINE, TOTAL_DROP, SET_DROP, BREAK_DROP = 0.68, 0.35, 0.45, 0.3
BREAK_INSET, BREAK_ROOM = 4, 120  # "then a break": in from the block's right, in a block this wide

# The team card's punch grid's lines and words, in pt unless said otherwise. A punch box's
# outline: its width and dash; its die a share of it (the die's outline PUNCH_DIE_LINE).
PUNCH_LINE, PUNCH_DASH, PUNCH_DIE, PUNCH_DIE_LINE = 1, "2.5 1.8", 0.42, 0.8
# A row's frame: its line, inset from the grid's sides; the rules before the tally and the
# wins, SEP_INSET in from the row's edges.
ROW_FRAME_W, ROW_INSET, SEP_W, SEP_INSET = 1.1, 0.6, 0.8, 4
# Words, in em of the grid's word size: the heads, the SET column, a set's number (at most a
# share of a row). Baselines: the heads' down the head, the numbers' down their row (shares of
# them); the SET labels' top down a row.
PUNCH_HEAD_EM, SET_LABEL_EM, NUMBER_EM, NUMBER_IN_ROW = 0.9, 0.75, 1.6, 0.4
PUNCH_HEAD_BASELINE, NUMBER_BASELINE, SET_LABEL_DOWN = 0.7, 0.8, 0.42
HEAD_ROOM, SET_LABEL_ROOM, SET_LABEL_SPACING = 80, 20, 0.6  # labels' extra width; SET's letters

# A tally pad's grid, in pt; those marked (scaled) are times --large-print's scale. Its head a
# share of its height, at most TALLY_HEAD_MAX (scaled); the die column a share of its width, at
# most TALLY_DIE_MAX; TEAM_GAP before each team column; a team's score box a share of its column.
TALLY_HEAD_IN_H, TALLY_HEAD_MAX, TALLY_DIE_IN_W, TALLY_DIE_MAX = 0.1, 24, 0.11, 30
TEAM_GAP, SCORE_IN_TEAM = 4, 0.36
# A round's die: a share of its row and of the die column, its outline TALLY_DIE_LINE wide.
TALLY_DIE_IN_ROW, TALLY_DIE_IN_COL, TALLY_DIE_LINE = 0.5, 0.7, 1
# A team column's rules and frame (corners TALLY_RADIUS), ending TALLY_FOOT over the grid's foot.
TALLY_RULE_W, TALLY_FRAME_W, TALLY_RADIUS, TALLY_FOOT = 0.7, 1.2, 5, 0.6
# The teams' names: a share of the head, at most TEAM_WORDS_MAX (scaled); SCORE in em of them,
# at least SCORE_MIN, its letters SCORE_SPACING apart; both on a baseline that far down the head.
TEAM_WORDS_IN_HEAD, TEAM_WORDS_MAX, SCORE_EM, SCORE_MIN, SCORE_SPACING = 0.62, 15, 0.5, 6.5, 0.5
TALLY_HEAD_BASELINE = 0.62


@dataclass
class Marks:
    """Where a grid drew what must print (for theme_checks' look at a rendered page): its
    rules (x0, x1, y of each horizontal one) and the dice it drew."""

    rules: list[tuple[float, float, float]] = field(default_factory=list)
    dice: list[Box] = field(default_factory=list)


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
) -> None:
    """The score sheet's grid filling w x h pt at (ox, oy): sets in blocks of rounds, each round
    a row with a die showing its mark, W and L boxes, a Bunco tally (and a mini-Bunco tally), a
    set total row. Blocks sit side by side in bands; the band count gives the roomiest cells.
    `part`: only these sets, in the cells given (one side of a two-sided sheet), from the top."""
    g = score_measures(night, oy, w, h, word, part)
    # drawing order: tints, rules, frames, dice
    for band in bands(g, ox):
        _round_dice(night, layer, g, band, marks)
        for place in band.blocks:
            _set_block(night, layer, g, band.block_x(g, place), band, marks)
    # labels: short, so SVG text (an HTML line costs more than a short SVG label)
    for band in bands(g, ox):
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
    body, least = night.family("body"), night.least(SHEET)
    x, head_y = band.left + g.round_w / 2, band.top + g.title_h + g.head_h * HEAD_BASELINE
    total_y = band.grid_top + g.rounds * g.row_h + g.row_h * 0.5 + g.size * TOTAL_DROP
    round_size, total_size = max(g.size * ROUND_EM, least), max(g.size * TOTAL_EM, least)
    word, spacing = round_word(night)
    layer.text(
        svg.text(x, head_y, word, round_size, body, 700, night.muted, "middle", spacing)
        + svg.text(x, total_y, "Total", total_size, body, 700, night.colors["ink"], "middle")
    )
    for place in band.blocks:
        number = g.first + band.number * g.per_band + place
        _set_words(night, layer, g, band.block_x(g, place), band, number, head_y)


def _set_words(night: Inputs, layer: svg.Layer, g: ScoreGrid, x, band: Band, number, head_y):
    """A set block's title ("Set 2", and "then a break" where the ruleset has one) and heads."""
    c, body, least = night.colors, night.family("body"), night.least(SHEET)
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
                italic=not night.large,  # large print: no italics
            )
        )
    for head, col_w in g.cols:
        size = max(g.size * (SHORT_HEAD_EM if len(head) < 3 else LONG_HEAD_EM), least)
        layer.text(svg.text(x + col_w / 2, head_y, head, size, body, 700, c["ink"], "middle"))
        x += col_w


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
    g = punch_measures(night, oy, w, h, part)
    # drawing order: set frames, label tints, punch boxes, dice, rules
    for row in range(len(g.numbers)):
        _punch_row(night, layer, g, ox, w, g.first_row + row * (g.row_h + g.gap), marks)
    return _punch_words(night, layer, g, ox, word, page_h)


def _punch_row(night: Inputs, layer: svg.Layer, g: PunchGrid, ox, w, top, marks) -> None:
    """A set's row: its frame, its number's tinted column, a punch box and die per round, the
    rules before the tally and the wins."""
    c, row_h, box = night.colors, g.row_h, g.box
    frame = svg.stroke(night.frame, night.frame_width(ROW_FRAME_W))
    layer.add(frame, svg.rrect(ox + ROW_INSET, top, w - 2 * ROW_INSET, row_h, g.radius))
    layer.add(svg.fill(c["soft"]), svg.rrect(ox + ROW_INSET, top, g.label_w, row_h, g.radius))
    punch = svg.stroke(c["line"], night.frame_width(PUNCH_LINE), PUNCH_DASH, "#ffffff")
    side = box * PUNCH_DIE
    for r in range(1, g.rounds + 1):
        cx = ox + g.label_w + (r - 0.5) * g.punch_w
        layer.add(punch, svg.rrect(cx - box / 2, top + (row_h - box) / 2, box, box, box * 0.5))
        layer.die(
            cx,
            top + row_h / 2,
            side,
            r,
            c["line"],
            stroke_w=PUNCH_DIE_LINE,
            family=night.family("display"),
        )
        if marks is not None:
            marks.dice.append(Box(cx - side / 2, top + row_h / 2 - side / 2, side, side))
    seps = (ox + g.tally_x - COL_SPACE / 2, ox + g.wins_x - COL_SPACE / 2)
    d = "".join(svg.seg(x, top + SEP_INSET, x, top + row_h - SEP_INSET) for x in seps)
    layer.add(svg.stroke(c["line"], SEP_W), d)


def _punch_words(night: Inputs, layer: svg.Layer, g: PunchGrid, ox, word: str, page_h):
    """The head (its long line as a label), and the column of SETs (a label) and numbers."""
    c, body, least, row_h = night.colors, night.family("body"), night.least(SHEET), g.row_h
    head_y, head_size = g.top + g.head_h * PUNCH_HEAD_BASELINE, max(g.size * PUNCH_HEAD_EM, least)
    labels = [
        night.label(
            ox + g.label_w + g.punch_area / 2,
            head_y,
            "Rounds won: punched by the scorekeeper",
            head_size,
            "lb-b",
            "middle",
            g.punch_area + HEAD_ROOM,
            ch=page_h,
        )
    ]
    tally_x, wins_x = ox + g.tally_x + g.tally_w / 2, ox + g.wins_x + g.wins_w / 2
    layer.text(
        svg.text(tally_x, head_y, f"{word}s", head_size, body, 700, c["ink"], "middle")
        + svg.text(wins_x, head_y, "Wins", head_size, body, 700, c["ink"], "middle")
    )
    x, pitch = ox + g.label_w / 2, row_h + g.gap
    labels.append(
        night.label(
            x,
            g.first_row + row_h * SET_LABEL_DOWN,
            "\n".join(["SET"] * len(g.numbers)),
            max(g.size * SET_LABEL_EM, least),
            "lb-b lb-m",
            "middle",
            g.label_w + SET_LABEL_ROOM,
            pitch,
            spacing=SET_LABEL_SPACING,
            ch=page_h,
        )
    )
    size = min(g.size * NUMBER_EM, row_h * NUMBER_IN_ROW)
    for row, number in enumerate(g.numbers):
        y = g.first_row + row * pitch + row_h * NUMBER_BASELINE
        layer.text(
            svg.text(x, y, number, size, night.family("display"), fill=c["accent"], anchor="middle")
        )
    return labels


@dataclass(frozen=True)
class TallyGrid:
    """A tally pad's grid's measures (pt): its head's height and rows', the die column's width,
    a team column's and its score box's, the teams' word size and SCORE's."""

    head_h: float
    row_h: float
    die_w: float
    team_w: float
    score_w: float
    size: float
    small: float


def tally_grids(night: Inputs, layer: svg.Layer, xs, ys, w, h, teams=("Us", "Them")) -> None:
    """Tally pads' grids, each w x h pt, one at every (x, y) of xs x ys: a row per round (its
    die), two team columns each with room for tally marks and a box for the running score."""
    big = night.scale
    head_h = min(h * TALLY_HEAD_IN_H, TALLY_HEAD_MAX * big)
    die_w = min(w * TALLY_DIE_IN_W, TALLY_DIE_MAX)
    team_w = (w - die_w - 2 * TEAM_GAP) / 2
    size = min(head_h * TEAM_WORDS_IN_HEAD, TEAM_WORDS_MAX * big)
    g = TallyGrid(
        head_h,
        (h - head_h) / night.event.rounds_per_set,
        die_w,
        team_w,
        team_w * SCORE_IN_TEAM,
        size,
        max(size * SCORE_EM, night.words(SCORE_MIN, "tally_pad")),
    )
    for oy in ys:
        for ox in xs:
            _tally_dice(night, layer, g, ox, oy)
            for t, team in enumerate(teams):
                x = ox + die_w + TEAM_GAP + t * (team_w + TEAM_GAP)
                _team_column(night, layer, g, x, oy, h, team)


def _tally_dice(night: Inputs, layer: svg.Layer, g: TallyGrid, ox, oy) -> None:
    """The die column: each round's row shows the die of its mark."""
    side = min(g.row_h * TALLY_DIE_IN_ROW, g.die_w * TALLY_DIE_IN_COL)
    for r in range(1, night.event.rounds_per_set + 1):
        layer.die(
            ox + g.die_w / 2,
            oy + g.head_h + (r - 0.5) * g.row_h,
            side,
            r,
            night.die_color,
            stroke_w=night.frame_width(TALLY_DIE_LINE),
            family=night.family("display"),
        )


def _team_column(night: Inputs, layer: svg.Layer, g: TallyGrid, x, oy, h, team: str) -> None:
    """A team's column at x: its rows' rules, its score boxes' rule and frame, its head."""
    c, top, team_w, score_x = night.colors, oy + g.head_h, g.team_w, x + g.team_w - g.score_w
    rows = range(1, night.event.rounds_per_set)
    d = "".join(svg.seg(x, top + r * g.row_h, x + team_w, top + r * g.row_h) for r in rows)
    rule = svg.stroke(c["line"], TALLY_RULE_W, night.rule_dash)
    layer.add(rule, d + svg.seg(score_x, top, score_x, oy + h - TALLY_FOOT))
    frame = svg.stroke(night.frame, night.frame_width(TALLY_FRAME_W))
    layer.add(frame, svg.rrect(x, top, team_w, h - g.head_h - TALLY_FOOT, TALLY_RADIUS))
    head_y = oy + g.head_h * TALLY_HEAD_BASELINE
    layer.text(
        svg.text(
            x + (team_w - g.score_w) / 2,
            head_y,
            team,
            g.size,
            night.family("display"),
            fill=night.light("accent") if g.size >= LARGE_FROM else c["accent"],
            anchor="middle",
        )
        + svg.text(
            x + team_w - g.score_w / 2,
            head_y,
            "SCORE",
            g.small,
            night.family("body"),
            700,
            night.muted,
            "middle",
            SCORE_SPACING,
        )
    )
