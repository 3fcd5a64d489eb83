"""The movement diagram for THIS night's tables, as SVG (one node, class "mv-node", per table).

"ladder": winners up one table, losers down one; the Head winners and the last table's losers
stay. "king": winners up one; the Head losers go to the last table; other losers stay.
Tournament groups move as small ladders. Up to 7 tables: a row with an arrow for every move;
more: a compact snake of numbered tables.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from html import escape

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import Label
from bunco_print.printing.layout.handout import handout_least, handout_scale


def _f(x: float) -> str:
    return f"{x:.2f}"


# Winners and losers differ in more than colour, so the diagram reads in grayscale: winners'
# moves are solid lines with a filled head, losers' dashed with an open head, and those who stay
# loop back on a dotted line.
DASHES = {"winners": "", "losers": "5 2.5", "stay": "0.1 2.6"}


def _defs(c: dict, size: float = 7) -> str:
    """The arrowheads, `size` stroke widths long."""
    marker = (
        '<marker id="{id}" viewBox="0 0 10 10" refX="8" refY="5"'
        f' markerWidth="{size:.3g}" markerHeight="{size:.3g}"'
        ' orient="auto"><path d="M1 1L9 5L1 9z" fill="{fill}" stroke="{stroke}"'
        ' stroke-width="1.6" stroke-linejoin="round"/></marker>'
    )
    up = marker.format(id="up", fill=c["accent2"], stroke=c["accent2"])
    down = marker.format(id="down", fill="#ffffff", stroke=c["accent"])
    return f"<defs>\n{up}\n{down}\n</defs>"


def legend_keys(night: Inputs) -> tuple[tuple[str, str], ...]:
    """The legend's keys, each a small picture of a line as the diagram draws it (data: URI)
    and its words; none when the diagram draws no moves (many tables: a numbered snake)."""
    ruleset, t = night.ruleset, len(night.event.tables)
    grouped = ruleset.naming == "groups" and ruleset.group_tables and t > ruleset.group_tables
    if t < 2 or (t > 7 and not grouped):
        return ()
    c = night.colors
    keys = (
        ("winners", c["accent2"], "up", "winners move"),
        ("losers", c["accent"], "down", "losers move"),
        ("stay", c["accent"], "down", "they stay"),
    )
    return tuple(
        (
            svg.data_uri(svg.document(26, 10, f"{_defs(c)}{_path('M1 5H21', color, 1.4, m, k)}")),
            words,
        )
        for k, color, m, words in keys
    )


def head_letter(night: Inputs) -> str:
    """The Head table's initial, for the compact diagrams."""
    return "K" if night.ruleset.naming == "kings" else "H"


def _short(night: Inputs, n: int, t: int) -> str:
    """Short label of table n of t, as drawn in a node."""
    naming = night.ruleset.naming
    if n == 1 and naming == "kings":
        return "King’s"
    if n == 1 and naming != "high_low":
        return "Head"
    return night.ruleset.table_name(n, t) if naming == "high_low" else str(n)


def _path(d: str, color: str, width: float, marker: str, kind: str = "winners") -> str:
    """A move: a line of `kind` (winners, losers, stay: see DASHES) ending in `marker`."""
    dashes = f' stroke-dasharray="{DASHES[kind]}"' if DASHES[kind] else ""
    cap = ' stroke-linecap="round"' if kind == "stay" else ""
    return (
        f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{width}"{dashes}{cap}'
        f' marker-end="url(#{marker})"/>'
    )


@dataclass(frozen=True)
class RowSize:
    """A row of tables' measures: each table's room across, its box's width and height, the
    row's middle, the size of the tables' names (or, too small for names, their numbers') and
    how high the moves arc."""

    step: float
    node_w: float
    node_h: float
    cy: float
    size: float
    numbers: bool
    lift: float


def _row_size(night: Inputs, w, h, t) -> RowSize:
    step = w / t
    # large print (a page 1.3x narrower): the tables take more of the row, so their names
    # grow 1.3x with the rest
    nw = min(step * (0.81 if night.large else 0.62), 92)
    nh = min(nw * 0.5, 34)
    fs = min(nh * 0.42, nw / 6, 13)
    least = handout_least(night)
    numbers = fs < least  # too small for names: the tables' numbers (H the Head)
    if numbers:
        fs = max(min(nh * 0.6, nw / 2.4, 13), least)
        nh = max(nh, fs / 0.6)  # at the smallest size, as tall as the number needs
    return RowSize(step, nw, nh, h / 2, fs, numbers, min(h * 0.28, step * 0.45, 40))


def _row(night: Inputs, w, h, t, first=1, node_class="mv-node") -> str:
    """A row of up to 7 tables, every move drawn."""
    size = _row_size(night, w, h, t)
    out = [_table(night, size, t, k, first, node_class) for k in range(t)]
    return "\n".join(out + _moves(night, size, h, t))


def _table(night: Inputs, size: RowSize, t, k, first, node_class) -> str:
    """Table k of the row: its box and its name (or number)."""
    c, n, cx, cy = night.colors, first + k, (k + 0.5) * size.step, size.cy
    nw, nh, fs = size.node_w, size.node_h, size.size
    if size.numbers:
        name = head_letter(night) if n == 1 else str(n if node_class == "mv-node" else k + 1)
    elif night.ruleset.naming == "groups":
        name = "Head" if n == 1 and node_class == "mv-node" else f"Table {n - first + 1}"
    else:
        name = _short(night, n, t)
    head = n == 1
    return (
        f'<g class="{node_class}"><rect x="{_f(cx - nw / 2)}" y="{_f(cy - nh / 2)}"'
        f' width="{_f(nw)}" height="{_f(nh)}" rx="{_f(nh * 0.3)}"'
        f' fill="{c["soft"] if head else "#ffffff"}"'
        f' stroke="{c["accent"] if head else c["accent2"]}"'
        f' stroke-width="{2 if head else 1.3}"/>'
        f'\n<text x="{_f(cx)}" y="{_f(cy + fs * 0.36)}" text-anchor="middle"'
        f' font-family="{night.family("display")}" font-size="{_f(fs)}"'
        f' fill="{c["accent"] if head else c["ink"]}">{escape(name)}</text></g>'
    )


def _moves(night: Inputs, size: RowSize, h, t) -> list[str]:
    """The row's moves: winners up (left), losers down (or, king of the hill, back to the
    last table), those who stay."""
    c, movement, out = night.colors, night.ruleset.movement, []
    step, nw, nh, cy, lift = size.step, size.node_w, size.node_h, size.cy, size.lift
    top, bottom = cy - nh / 2, cy + nh / 2
    for k in range(1, t):  # winners: every table but the first sends its winners one up (left)
        x1, x2 = (k + 0.5) * step - nw * 0.2, (k - 0.5) * step + nw * 0.2
        d = (
            f"M{_f(x1)} {_f(top - 2)}Q{_f((x1 + x2) / 2)} {_f(top - lift * 1.6)}"
            f" {_f(x2)} {_f(top - 3)}"
        )
        out.append(_path(d, c["accent2"], 1.6, "up"))

    def stays(cx: float) -> str:  # a dashed loop under a table: its losers stay
        d = (
            f"M{_f(cx + nw * 0.18)} {_f(bottom + 2)}c6 {_f(lift * 0.7)} {_f(-(nw * 0.36 + 12))}"
            f" {_f(lift * 0.7)} {_f(-nw * 0.36)} 1"
        )
        return _path(d, c["accent"], 1.3, "down", "stay")

    if movement == "king":
        out += [stays((k + 0.5) * step) for k in range(1, t)]
        if t > 1:
            x1, x2 = 0.5 * step + nw * 0.15, (t - 0.5) * step - nw * 0.15
            # as deep as the diagram lets it be: the curve's lowest point (a quarter of the way
            # from its ends to its control points' depth) stays above its bottom edge
            low = min(bottom + lift * 2.1, (h - 1.625 - 0.25 * bottom) / 0.75)
            d = (
                f"M{_f(x1)} {_f(bottom + 2)}C{_f(x1 + step * 0.3)} {_f(low)}"
                f" {_f(x2 - step * 0.3)} {_f(low)} {_f(x2)} {_f(bottom + 3)}"
            )
            out.append(_path(d, c["accent"], 1.6, "down", "losers"))
    else:
        for k in range(t - 1):
            x1, x2 = (k + 0.5) * step + nw * 0.2, (k + 1.5) * step - nw * 0.2
            d = (
                f"M{_f(x1)} {_f(bottom + 2)}Q{_f((x1 + x2) / 2)} {_f(bottom + lift * 1.6)}"
                f" {_f(x2)} {_f(bottom + 3)}"
            )
            out.append(_path(d, c["accent"], 1.6, "down", "losers"))
        out.append(stays((t - 0.5) * step))
    cx = 0.5 * step  # the Head winners stay
    d = (
        f"M{_f(cx - nw * 0.18)} {_f(top - 2)}c-6 {_f(-lift * 0.7)} {_f(nw * 0.36 + 12)}"
        f" {_f(-lift * 0.7)} {_f(nw * 0.36)} -1"
    )
    out.append(_path(d, c["accent2"], 1.3, "up", "stay"))
    return out


def _node(night: Inputs, x, y, r, n, grow, stroke, text_y, size, label) -> str:
    c, head = night.colors, n == 1
    fill, text = (c["accent"], "#ffffff") if head else ("#ffffff", c["ink"])
    if head and night.theme.ink_saver:  # no filled disc: a ring twice as heavy, the number in it
        fill, text, stroke = "#ffffff", c["accent"], stroke * 2
    return (
        f'<circle class="mv-node" cx="{_f(x)}" cy="{_f(y)}" r="{_f(r * (grow if head else 1))}"'
        f' fill="{fill}" stroke="{c["accent"] if head else c["accent2"]}" stroke-width="{stroke}"/>'
        f'\n<text x="{_f(x)}" y="{_f(text_y)}" text-anchor="middle"'
        f' font-family="{night.family("body")}" font-weight="700" font-size="{_f(size)}"'
        f' fill="{text}">{label}</text>'
    )


def _number_size(night: Inputs, r: float, n: int, share: float) -> float:
    """The size of table n's number in a node of radius r: smaller for three digits, never
    below the smallest text size."""
    return max(r * (share if n < 100 else share * 0.82), handout_least(night))


# The snake of many tables: its rows SNAKE_ROW apart (its units); a dot's radius a share of
# its room across and down, at most DOT_MAX. Large print: rows SNAKE_ROW_LARGE apart and
# the dots a larger share of their room, as many a row as leave a dot room for its number at
# the smallest size (DOT_NUMBER of the radius).
SNAKE_ROW, SNAKE_ROW_LARGE, DOT_ACROSS, DOT_DOWN, DOT_LARGE, DOT_MAX = 46, 40, 0.36, 0.3, 0.44, 13
DOT_NUMBER = 0.9


def _per_row(night: Inputs, t: int, w: float) -> int:
    """How many tables a row of the snake `w` wide holds: in large print fewer, so its
    numbers are at least the smallest size and fit their dots."""
    per_row = 20 if t > 40 else max(10, math.ceil((t + 1) / 2))
    if not night.large:
        return per_row
    radius = handout_least(night) / DOT_NUMBER
    return max(1, min(per_row, int(w * DOT_LARGE / radius)))


def _snake(night: Inputs, w, h, t) -> str:
    """Many tables: numbered dots in a snake, rows of `per_row`, joined in order."""
    per_row = _per_row(night, t, w)
    rows = math.ceil(t / per_row)
    step, rstep = w / per_row, h / rows
    across, down = (DOT_LARGE, DOT_LARGE) if night.large else (DOT_ACROSS, DOT_DOWN)
    r = min(step * across, rstep * down, DOT_MAX)

    def at(n: int) -> tuple[float, float]:
        row, k = (n - 1) // per_row, (n - 1) % per_row
        k = per_row - 1 - k if row % 2 else k
        return (k + 0.5) * step, (row + 0.5) * rstep

    d = "".join(f"{'M' if n == 1 else 'L'}{at(n)[0]:.1f} {at(n)[1]:.1f}" for n in range(1, t + 1))
    out = [
        f'<path d="{d}" fill="none" stroke="{night.colors["line"]}"'
        f' stroke-width="{_f(min(r * 0.35, 3))}" stroke-linejoin="round"/>'
    ]
    for n in range(1, t + 1):
        x, y = at(n)
        label = head_letter(night) if n == 1 else n
        out.append(
            _node(
                night,
                x,
                y,
                r,
                n,
                1.25,
                1,
                y + r * 0.36,
                _number_size(night, r, n, DOT_NUMBER),
                label,
            )
        )
    return "\n".join(out)


def _group_grid(w: float, h: float, groups: int, g: int) -> tuple[int, int, float]:
    """Many groups of g tables beside the example ladder, in a w x h diagram: how many a row,
    how many rows, and each table's circle's radius."""
    gx = w * 0.34 + 16
    best_q, per_row = 0.0, 1
    for cols in range(1, groups + 1):
        q = min((w - gx) / cols / g, h / math.ceil(groups / cols))
        if q > best_q:
            best_q, per_row = q, cols
    rows = math.ceil(groups / per_row)
    return per_row, rows, min((w - gx) / per_row / (g * 3.1), h / rows * 0.27, 9)


def _groups(night: Inputs, w, h, t, labels: list[Label]) -> str:
    c, g = night.colors, night.ruleset.group_tables
    groups = math.ceil(t / g)
    out = []
    # the groups' words: 8 (large print: the smallest size), above their tables
    fs, large = max(8, handout_least(night)), night.large
    if groups <= 4:  # a few groups: each its own small ladder, every move drawn
        gw = w / groups
        pad = 6 / handout_scale(night)  # the gap between groups, the same in large print
        word, spacing = ("Group", 0) if large else ("GROUP", 0.6)
        for gi in range(groups):
            size = min(g, t - gi * g)
            row = _row(night, (gw - 2 * pad) * size / g, h - fs - 8, size, first=gi * g + 1)
            out.append(
                f'<g transform="translate({_f(gi * gw + pad)} 2)">\n<text'
                f' x="{_f((gw - 2 * pad) / 2)}"'
                f' y="{_f(fs + 3)}" text-anchor="middle" font-family="{night.family("body")}"'
                f' font-weight="700" font-size="{_f(fs)}" fill="{night.muted}"'
                f' letter-spacing="{spacing}">{word} {gi + 1}</text>\n'
                f'<g transform="translate(0 {_f(fs + 4)})">{row}</g>\n</g>'
            )
        return "\n".join(out)
    # many groups: one example ladder, then every group as a row of numbered tables (not in
    # large print: so many numbers would not fit at its size; the legend says how they go)
    ew = w if large else w * 0.34
    every = "Every group moves like this" if large else "EVERY GROUP MOVES LIKE THIS"
    spacing = 0 if large else 0.6
    labels.append(night.label(ew / 2, fs + 3, every, fs, "lb-b lb-m", "middle", ew + 40, spacing))
    example = _row(night, ew, min(h - fs - 10, 120), g, first=2, node_class="mv-example")
    out.append(f'<g transform="translate(0 {_f(fs + 6)})">{example}</g>')
    if large:
        return "\n".join(out)
    gx = ew + 16
    per_row, rows, r = _group_grid(w, h, groups, g)
    cell_w, cell_h = (w - gx) / per_row, h / rows
    for gi in range(groups):
        cx0, cy = gx + (gi % per_row) * cell_w, (gi // per_row + 0.5) * cell_h
        inset = max(cell_w * 0.06, 3)
        out.append(
            f'<rect x="{_f(cx0 + inset)}" y="{_f(cy - r * 1.55)}" width="{_f(cell_w - 2 * inset)}"'
            f' height="{_f(r * 3.1)}" rx="{_f(r * 1.55)}" fill="{c["soft"]}"/>'
        )
        for k in range(min(g, t - gi * g)):
            n = gi * g + k + 1
            x = cx0 + inset + (cell_w - 2 * inset) * (k + 0.5) / g
            out.append(
                _node(
                    night,
                    x,
                    cy,
                    r,
                    n,
                    1.2,
                    0.8,
                    cy + r * 0.34,
                    _number_size(night, r, n, 0.85),
                    "H" if n == 1 else n,
                )
            )
    return "\n".join(out)


def diagram(night: Inputs, w: float, h: float) -> tuple[str, tuple[Label, ...]]:
    """The whole diagram, w x h pt, as SVG markup, and the labels it sets as HTML (in its own
    coordinates)."""
    ruleset, t = night.ruleset, len(night.event.tables)
    labels: list[Label] = []
    head = 7.0  # arrowheads, in stroke widths
    if ruleset.naming == "groups" and ruleset.group_tables and t > ruleset.group_tables:
        body = _groups(night, w, h, t, labels)
        if t <= 4 * ruleset.group_tables:  # a few small ladders side by side: tables close
            # together, so smaller heads that stay clear of the next table
            step = w / math.ceil(t / ruleset.group_tables) / ruleset.group_tables
            head = min(head, max(step / 10, 3.5))
    elif t <= 7:
        body = _row(night, w, h, t)
    else:
        body = _snake(night, w, h, t)
    markup = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="movement" width="{_f(w)}"'
        f' height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}">\n{_defs(night.colors, head)}\n'
        f"{body}\n</svg>"
    )
    return markup, tuple(labels)


ONE_TABLE_H = 76  # a lone table's diagram: its box and the loops over and under it


def diagram_height(night: Inputs, w: float) -> float:
    """The height of a diagram w wide, in its own units (in large print it is drawn for a page
    handout_scale times narrower and printed that much larger)."""
    ruleset, t = night.ruleset, len(night.event.tables)
    h = 128 if t <= 7 else max(t // 20 + 1, 2) * SNAKE_ROW
    if t == 1:  # one table, nobody moves: its two loops need less height than a row's arcs
        h = ONE_TABLE_H
    if night.large and t > 7:
        h = max(math.ceil(t / _per_row(night, t, w)), 2) * SNAKE_ROW_LARGE
    g = ruleset.group_tables
    if ruleset.naming == "groups" and g and t > g:
        h = 120 if t <= 4 * g else 150
    return h
