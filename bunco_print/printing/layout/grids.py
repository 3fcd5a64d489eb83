"""The grids of score sheets, team cards and tally pads, drawn into a page's SVG layer."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import Box, Label
from bunco_print.printing.layout.side_grid import SIDE_HEAD, SIDE_TITLE, Part
from bunco_print.theming.ink_saver import LARGE_FROM


@dataclass
class Marks:
    """Where a grid drew what must print (for theme_checks' look at a rendered page): its
    rules (x0, x1, y of each horizontal one) and the dice it drew."""

    rules: list[tuple[float, float, float]] = field(default_factory=list)
    dice: list[Box] = field(default_factory=list)


def score_cells(night: Inputs, w, h, ref=None) -> tuple[int, float, float]:
    """The score grid's bands, its W and L boxes' width and its rows' height in w x h pt."""
    sets, rounds = night.event.sets, night.event.rounds_per_set
    units = 3.9 + (1.5 if night.ruleset.track_mini_buncos else 0)
    big = night.scale  # --large-print: room for larger cells and text
    candidates = []
    for bands in range(1, sets + 1):
        k = math.ceil(sets / bands)
        if k * bands - sets < bands:  # no band left empty
            cand_u = min((w - k * 8 - 26) / (k * units + 1.1), 44 * big)
            cand_rh = min((h - (bands - 1) * 12) / bands / (rounds + 2.6), 31 * big)
            candidates.append((bands, cand_u, cand_rh))
    if big > 1 and night.per_page == 2:  # large print asked for 4 a page: the boxes and the
        # rows as much larger than that normal sheet's (`ref`, sheets.reference_cells) as can be
        ref_u, ref_rh = ref
        return max(candidates, key=lambda c: (min(c[1] / ref_u, c[2] / ref_rh), -c[0]))
    best_q, b, u, rh = -1.0, 1, 0.0, 0.0
    for bands, cand_u, cand_rh in candidates:
        q = min(cand_u, cand_rh * 1.3)
        if q > best_q + 0.5:
            best_q, b, u, rh = q, bands, cand_u, cand_rh
    return b, u, rh


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
    event, ruleset, c = night.event, night.ruleset, night.colors
    sets, rounds, mini = event.sets, event.rounds_per_set, ruleset.track_mini_buncos
    big = night.scale  # --large-print
    if part is None:
        b, u, rh = score_cells(night, w, h, ref)
        first, count, k = 1, sets, math.ceil(sets / b)
        die_w = max(u * 1.1, 26)
    else:
        b, u, rh, die_w = part.bands, part.u, part.rh, part.die_w
        first, count, k = part.sets.start, len(part.sets), math.ceil(part.per_side / b)
    gap = 8 if u > 20 else 5
    # width left over once W/L are at their cap goes to the tallies
    tally_units = 1.9 + (1.5 if mini else 0)
    block_w = (w - die_w - k * gap) / k
    tu = (block_w - 2 * u) / tally_units
    bunco_w = tu * 1.9
    mini_w = tu * 1.5 if mini else 0
    # large print: its words 1.3x even where the rows could not grow (they fill more of a row)
    fs = max(min(rh * 0.42 * big, u * 0.45, 9.5 * big), 6.2 * big)
    title_h, head_h = rh * 1.05, rh * 0.75
    if part is not None:  # a two-sided sheet's tall rows: the set's title as tall as its words
        title_h, head_h = min(title_h, fs * SIDE_TITLE), min(head_h, fs * SIDE_HEAD)
    band_h = title_h + head_h + rh * (rounds + 1)
    band_gap = max(12, rh * 0.6) if b > 1 else 0
    total_h = b * band_h + (b - 1) * band_gap
    y0 = oy + (h - total_h) / 2 if part is None else oy  # a side's sets: from the top
    die_size = min(rh * 0.64, die_w * 0.6, 17)
    pitch, band_pitch = block_w + gap, band_h + band_gap
    cols = [("W", u), ("L", u), (word, bunco_w)] + ([("Mini", mini_w)] if mini else [])
    # drawing order: tints, rules, frames, dice
    tint, rule = svg.fill(c["soft"]), svg.stroke(c["line"], 0.6, night.rule_dash)
    total_rule = svg.stroke(night.frame, night.frame_width(1.1))
    frame = "frame|" + svg.stroke(night.frame, night.frame_width(1.2))
    display, body = night.family("display"), night.family("body")

    def bands_():
        for band in range(math.ceil(count / k)):
            by = y0 + band * band_pitch
            off = ox + (k - min(k, count - band * k)) * pitch / 2  # a short last band is centred
            blocks = [j for j in range(k) if band * k + j < count]
            yield band, by, by + title_h + head_h, off, blocks

    for _band, by, gy, off, blocks in bands_():
        for r in range(1, rounds + 1):  # the die column: the mark of each round
            if marks is not None:
                cy, half = gy + (r - 0.5) * rh, die_size / 2
                marks.dice.append(Box(off + die_w / 2 - half, cy - half, die_size, die_size))
            layer.die(
                off + die_w / 2,
                gy + (r - 0.5) * rh,
                die_size,
                r,
                night.die_color,
                stroke_w=night.frame_width(max(die_size / 14, 0.7)),
                family=display,
            )
        for j in blocks:
            bx = off + die_w + gap / 2 + j * pitch
            layer.add(
                tint,
                svg.rrect(bx, by + 1, block_w, title_h - 3, (title_h - 3) / 2)
                + svg.rrect(bx, gy + rounds * rh, block_w, rh),
            )
            d = "".join(
                svg.seg(bx, gy + r * rh, bx + block_w, gy + r * rh) for r in range(1, rounds)
            )
            if marks is not None:
                marks.rules += [(bx, bx + block_w, gy + r * rh) for r in range(1, rounds)]
            x = bx
            for _label, cw in cols[:-1]:
                x += cw
                d += svg.seg(x, gy, x, gy + (rounds + 1) * rh)
            layer.add(rule, d)
            layer.add(total_rule, svg.seg(bx, gy + rounds * rh, bx + block_w, gy + rounds * rh))
            layer.add(frame, svg.rrect(bx, gy, block_w, (rounds + 1) * rh, 3))
    # labels: short, so SVG text (an HTML line costs more than a short SVG label)
    muted, ink = night.muted, c["ink"]
    least = night.min_text * big
    for band, by, gy, off, blocks in bands_():
        layer.text(
            svg.text(
                off + die_w / 2,
                by + title_h + head_h * 0.68,
                "ROUND",
                max(fs * 0.72, least),
                body,
                700,
                muted,
                "middle",
                0.5,
            )
            + svg.text(
                off + die_w / 2,
                gy + rounds * rh + rh * 0.5 + fs * 0.35,
                "Total",
                max(fs * 0.8, least),
                body,
                700,
                ink,
                "middle",
            )
        )
        for j in blocks:
            s = first + band * k + j
            bx = off + die_w + gap / 2 + j * pitch
            layer.text(
                svg.text(
                    bx + block_w / 2,
                    by + title_h * 0.5 + fs * 0.45,
                    f"Set {s}",
                    fs * 1.25,
                    display,
                    fill=c["accent"],
                    anchor="middle",
                )
            )
            if s in ruleset.break_after_sets and s < sets and block_w > 120:
                layer.text(
                    svg.text(
                        bx + block_w - 4,
                        by + title_h * 0.5 + fs * 0.3,
                        "then a break",
                        max(fs * 0.7, least),
                        body,
                        fill=muted,
                        anchor="end",
                        italic=True,
                    )
                )
            x = bx
            for label, cw in cols:
                size = max(fs * (0.95 if len(label) < 3 else 0.85), least)
                layer.text(
                    svg.text(
                        x + cw / 2,
                        by + title_h + head_h * 0.68,
                        label,
                        size,
                        body,
                        700,
                        ink,
                        "middle",
                    )
                )
                x += cw


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
