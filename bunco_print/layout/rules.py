"""The rules handout: two flowing pages; the layout measures its fact tiles, scoring chart and
movement diagram."""

from __future__ import annotations

from dataclasses import dataclass

from . import svg
from .base import Inputs
from .geometry import Block, Label, page_size_css
from .movement import diagram, diagram_height, legend_keys

MARGIN_TOP, MARGIN_SIDE, MARGIN_BOTTOM = 40, 44, 36
MARK = 3  # the scoring chart's examples are rolls in round 3
EXAMPLE_DICE = ((3, 5, 1), (3, 6, 3), (4, 4, 4), (3, 3, 3), (1, 5, 6))


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


def _facts(night: Inputs, width: float) -> Picture:
    event = night.event
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
    fact_w = (width - (len(facts) - 1) * 6) / len(facts)
    c, display, body = night.colors, night.family("display"), night.family("body")
    parts = []
    for k, (value, label) in enumerate(facts):
        fx = k * (fact_w + 6)
        parts += [
            svg.box(fx + 0.5, 0.5, fact_w - 1, 43, 8, c["line"], 1),
            svg.text(fx + fact_w / 2, 23, value, 17, display, fill=c["accent"], anchor="middle"),
            svg.text(fx + fact_w / 2, 35, label, 6.5, body, 700, night.muted, "middle", 0.4),
        ]
    return Picture(
        svg.data_uri(svg.document(width, 44, "\n".join(parts))), width, 44, id="bp-fig-facts"
    )


def _chart(night: Inputs) -> Picture:
    c = night.colors
    chart_w, row_h = 240, 34
    layer = svg.Layer()
    for k, dice in enumerate(EXAMPLE_DICE):
        y = (k + 0.5) * row_h
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
        if k < len(EXAMPLE_DICE) - 1:
            layer.add(
                svg.stroke(c["line"], 0.5, "2 2"), svg.seg(0, y + row_h / 2, chart_w, y + row_h / 2)
            )
    h = row_h * len(EXAMPLE_DICE)
    labels = (
        night.label(86, 0.5 * row_h - 2, "", 12, pitch=row_h, w=chart_w - 86, role="display"),
        night.label(86, 0.5 * row_h + 10, "", 8, "lb-m", pitch=row_h, w=chart_w - 86),
    )
    markup = svg.document(chart_w, h, layer.markup())
    return Picture(svg.data_uri(markup), chart_w, h, labels, id="bp-fig-chart")


def rules_pages(night: Inputs) -> RulesPages:
    content_w = night.pw - 2 * MARGIN_SIDE
    dia_w, dia_h = content_w - 24, diagram_height(night)
    markup, labels = diagram(night, dia_w, dia_h)
    return RulesPages(
        page_size_css(night.paper),
        Block(MARGIN_SIDE, MARGIN_TOP, content_w, h=MARGIN_BOTTOM),
        facts=_facts(night, content_w),
        chart=_chart(night),
        movement=Picture(svg.data_uri(markup), dia_w, dia_h, labels, id="bp-fig-movement"),
        keys=legend_keys(night),
    )
