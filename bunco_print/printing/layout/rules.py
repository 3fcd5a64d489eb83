"""The rules handout: two flowing pages; the layout measures its fact tiles, scoring chart and
movement diagram."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.geometry import Block, Label, page_size_css
from bunco_print.printing.layout.movement import diagram, diagram_height, legend_keys

MARGIN_TOP, MARGIN_SIDE, MARGIN_BOTTOM = 40, 44, 36
MARK = 3  # the scoring chart's examples are rolls in round 3
EXAMPLE_DICE = ((3, 5, 1), (3, 6, 3), (4, 4, 4), (3, 3, 3), (1, 5, 6))
DICE_W, DICE_H = 118, 49.6  # the dice art beside the heading (pt)


@dataclass(frozen=True)
class Picture:
    """An SVG image (data: URI) of w x h pt, with labels over it in its coordinates."""

    uri: str
    w: float
    h: float
    labels: tuple[Label, ...] = ()
    id: str = ""  # its element's id, where pdf/layers.py draws it


@dataclass(frozen=True)
class RulesPages:
    size: str
    margin: Block  # x: the side margins, y: the top one, h: the bottom one
    pages: tuple = ()  # flowing pages: the template gives them their ids (rules-page-N)
    facts: Picture | None = None
    chart: Picture | None = None  # labels: the points, then why, a line per example
    movement: Picture | None = None
    keys: tuple[tuple[str, str], ...] = ()  # the movement legend: a line as drawn, its words
    chart_words: tuple[tuple[str, str], ...] = ()  # the scoring chart's: points, why
    dice: Picture | None = None  # the theme's dice beside the heading
    amount_em: float = 0.0  # room for a prize's amount (stamped), in ems of the text around it

    def art_uris(self) -> tuple[str, ...]:
        """The pictures' data: URIs (the art they place is listed for pdf/layers.py)."""
        return tuple(p.uri for p in (self.facts, self.chart, self.movement, self.dice) if p)


def _dice(night: Inputs) -> Picture:
    """The theme's dice art beside the heading, as rules.css sizes it (.rl-dice)."""
    art = svg.image(night.art("dice"), 0, 0, DICE_W, DICE_H, opacity=night.art_opacity)
    uri = svg.data_uri(svg.document(DICE_W, DICE_H, art))
    return Picture(uri, DICE_W, DICE_H, id="bp-fig-dice")


def _facts(night: Inputs, width: float) -> Picture:
    """The night's numbers as a row of tiles; in large print drawn 1.3x (a tile's words must
    fit it: else two rows)."""
    event, k = night.event, night.scale
    t = len(event.tables)
    breaks = [s for s in night.ruleset.break_after_sets if s < event.sets]
    facts = [(event.players, "PLAYERS"), (t, "TABLE" + ("S" if t != 1 else "") + " OF FOUR")]
    if event.ghosts:
        facts.append((event.ghosts, "GHOST" + ("S" if event.ghosts != 1 else "")))
    sets = "SET" + ("S" if event.sets != 1 else "")
    facts += [
        (event.sets, f"{sets} OF {event.rounds_per_set} ROUNDS"),
        (event.rounds, "ROUNDS IN ALL"),
    ]
    if breaks:
        facts.append((", ".join(map(str, breaks)), "BREAK AFTER SET"))
    width /= k  # drawn in the normal pack's units, printed k times as large
    bold = night.font("body", "700")
    widest = max(bold.width(label, 6.5, 0.4) for _value, label in facts)
    cols = len(facts)
    while night.large and cols > 1 and (width - (cols - 1) * 6) / cols - 10 < widest:
        cols -= 1
    rows = -(-len(facts) // cols)
    cols = -(-len(facts) // rows)  # as many tiles in each row as can be
    fact_w = (width - (cols - 1) * 6) / cols
    c, display, body = night.colors, night.family("display"), night.family("body")
    parts = []
    for n, (value, label) in enumerate(facts):
        row, col = divmod(n, cols)
        shift = (
            (cols - min(cols, len(facts) - row * cols)) * (fact_w + 6) / 2
        )  # a short row centred
        fx, fy = shift + col * (fact_w + 6), row * 50
        parts += [
            svg.box(fx + 0.5, fy + 0.5, fact_w - 1, 43, 8, c["line"], 1),
            svg.text(
                fx + fact_w / 2, fy + 23, value, 17, display, fill=c["accent"], anchor="middle"
            ),
            svg.text(fx + fact_w / 2, fy + 35, label, 6.5, body, 700, night.muted, "middle", 0.4),
        ]
    h = rows * 50 - 6
    return Picture(
        svg.data_uri(svg.document(width, h, "\n".join(parts), k)),
        width * k,
        h * k,
        id="bp-fig-facts",
    )


def chart_words(night: Inputs) -> tuple[tuple[str, str], ...]:
    """The scoring chart's words: each example roll's points and why."""
    ruleset, word = night.ruleset, night.ruleset.word
    per_match = 3 if ruleset.points_per_match == "round" else 1

    def points(n: int) -> str:
        return f"{n} point{'s' if n != 1 else ''}"

    mini = f": a mini {word}" if ruleset.track_mini_buncos else ""
    return (
        (points(per_match), "one die shows the mark"),
        (points(2 * per_match), "two dice show the mark"),
        (points(ruleset.mini_bunco_points), f"three of a kind, not the mark{mini}"),
        (points(ruleset.bunco_points), f"{word}! Call it out"),
        ("0 points", "no mark: pass the dice left"),
    )


def _chart(night: Inputs, width: float) -> Picture:
    """Five example rolls, their points and why; in large print drawn 1.3x, and wider if its
    words need it (up to `width`, the column's)."""
    c, k = night.colors, night.scale
    chart_w, row_h = 240, 34
    if night.large:  # the words' column as wide as its longest line, at most the column's
        widest = max(night.font("body").width(why, 8) for _pts, why in chart_words(night))
        chart_w = min(max(chart_w, 86 + widest + 6), width / k)
    layer = svg.Layer()
    for n, dice in enumerate(EXAMPLE_DICE):
        y = (n + 0.5) * row_h
        for j, d in enumerate(dice):
            mark = d == MARK
            if mark:  # a ring around the mark's dice, so they stand out in grayscale too
                layer.add(
                    svg.stroke(c["accent"], 1.2), svg.rrect(j * 25 + 0.6, y - 12.4, 24.8, 24.8, 7)
                )
            layer.die(
                13 + j * 25,
                y,
                19 if mark else 21,
                d,
                c["accent" if mark else "accent2"],
                c["soft"] if mark else "#ffffff",
                2.2 if mark else 1.3,
                night.family("display"),
            )
        if n < len(EXAMPLE_DICE) - 1:
            layer.add(
                svg.stroke(c["line"], 0.5, "2 2"), svg.seg(0, y + row_h / 2, chart_w, y + row_h / 2)
            )
    h = row_h * len(EXAMPLE_DICE)
    labels = (
        night.label(
            86 * k,
            (0.5 * row_h - 2) * k,
            "",
            12 * k,
            pitch=row_h * k,
            w=(chart_w - 86) * k,
            role="display",
        ),
        night.label(
            86 * k, (0.5 * row_h + 10) * k, "", 8 * k, "lb-m", pitch=row_h * k, w=(chart_w - 86) * k
        ),
    )
    markup = svg.document(chart_w, h, layer.markup(), k)
    return Picture(svg.data_uri(markup), chart_w * k, h * k, labels, id="bp-fig-chart")


def _scaled(label: Label, k: float) -> Label:
    """A label of a picture drawn in the normal pack's units, placed on it printed k times
    as large."""
    return replace(
        label,
        left=label.left * k,
        width=label.width * k,
        size=label.size * k,
        top=None if label.top is None else label.top * k,
        pitch=label.pitch * k,
        spacing=label.spacing * k,
    )


def rules_pages(night: Inputs) -> RulesPages:
    k = night.scale  # large print: the pictures are drawn as for a page k times narrower
    content_w = night.pw - 2 * MARGIN_SIDE
    dia_w = content_w - 24
    dia_h = diagram_height(night, dia_w / k)
    markup, labels = diagram(night, dia_w / k, dia_h)
    return RulesPages(
        page_size_css(night.paper),
        Block(MARGIN_SIDE, MARGIN_TOP, content_w, h=MARGIN_BOTTOM),
        facts=_facts(night, content_w),
        chart=_chart(night, content_w),
        movement=Picture(
            svg.data_uri(markup),
            dia_w,
            dia_h * k,
            tuple(_scaled(label, k) for label in labels),
            id="bp-fig-movement",
        ),
        keys=legend_keys(night),
        chart_words=chart_words(night),
        dice=_dice(night),
        amount_em=_amount_room(night),
    )


def _amount_room(night: Inputs) -> float:
    """Room for a prize's amount in the handout's prizes line, in ems: as wide as three digits
    and the currency, in the display font (a larger amount is stamped smaller to fit)."""
    return round(night.font("display").width(format_money(999, night.event.currency), 1), 3)
