"""The rules handout: two flowing pages; the layout measures its fact tiles, scoring chart and
movement diagram."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.game.money import format_money
from bunco_print.game.values import counted
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs, kicker_case, kicker_spacing, nice_date, titled
from bunco_print.printing.layout.geometry import Block, Label, page_size_css
from bunco_print.printing.layout.handout import RULES, handout_least, handout_scale
from bunco_print.printing.layout.movement import diagram, diagram_height, legend_keys

MARGIN_TOP, MARGIN_SIDE, MARGIN_BOTTOM = 40, 44, 36
KICKER_SIZE, HEAD_PAD = 7.5, 130  # .rl-kicker's size (pt, k times); .rl-head's right padding
WORDS_LINE = 1.4  # the room flowing text leaves for a night's words: a line this many em tall
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
    alt: str = ""  # what it says in words, for a screen reader (none: an ornament)


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
    scale: float = 1.0  # large print: its words and pictures this much larger (handout.py)
    least: float = 0.0  # large print: its smallest word (pt)
    amount_em: float = 0.0  # room for a prize's amount (stamped), in ems of the text around it
    kicker: str = ""  # "How to play", the title and the date, in lines as stamped (handout_kicker)
    kicker_spacing: float = 0.0  # between its letters, em
    words_line: float = WORDS_LINE  # the room left for the night's words: lines this many em
    # the second page's two columns: the ghosts' section alone in the first, the end of the
    # night beside it with the rest (else the ghosts' bullets ran a 5-player handout's first
    # column onto a third page); no ghosts: the end of the night first, the rest beside it
    ghosts_apart: bool = False

    @property
    def kicker_rows(self) -> int:
        """The kicker's lines: the template leaves a line of room for each."""
        return self.kicker.count("\n") + 1

    def art_uris(self) -> tuple[str, ...]:
        """The pictures' data: URIs (the art they place is listed for pdf/layers.py)."""
        return tuple(p.uri for p in (self.facts, self.chart, self.movement, self.dice) if p)


def _dice(night: Inputs) -> Picture:
    """The theme's dice art beside the heading, as rules.css sizes it (.rl-dice)."""
    art = svg.image(night.art("dice"), 0, 0, DICE_W, DICE_H, opacity=night.art_opacity)
    uri = svg.data_uri(svg.document(DICE_W, DICE_H, art))
    return Picture(uri, DICE_W, DICE_H, id="bp-fig-dice")


# The facts' tiles (in the picture's units): TILE_H tall, TILE_GAP apart across and down, a
# value (VALUE_SIZE) on VALUE_Y and its words (FACT_SIZE, at least the smallest size, the tile
# as much taller; spaced capitals, or in large print their own case) on FACT_Y.
TILE_H, TILE_GAP, VALUE_Y, VALUE_SIZE, FACT_Y, FACT_SIZE, FACT_SPACING = 43, 6, 23, 17, 35, 6.5, 0.4


def _fact_words(night: Inputs) -> list[tuple[object, str]]:
    """The night's numbers and their words."""
    event, t = night.event, len(night.event.tables)
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
    if night.large:  # in their own case
        facts = [(value, words.capitalize()) for value, words in facts]
    return facts


def _facts(night: Inputs, width: float) -> Picture:
    """The night's numbers as a row of tiles; in large print drawn handout_scale times as
    large, their words at least the smallest size (a tile's words must fit it: else two
    rows)."""
    k, facts = handout_scale(night), _fact_words(night)
    size = max(FACT_SIZE, handout_least(night))
    spacing, grow = (0 if night.large else FACT_SPACING), size - FACT_SIZE
    width /= k  # drawn in the normal pack's units, printed k times as large
    bold = night.font("body", "700")
    widest = max(bold.width(label, size, spacing) for _value, label in facts)
    cols = len(facts)
    while night.large and cols > 1 and (width - (cols - 1) * TILE_GAP) / cols - 10 < widest:
        cols -= 1
    rows = -(-len(facts) // cols)
    cols = -(-len(facts) // rows)  # as many tiles in each row as can be
    fact_w = (width - (cols - 1) * TILE_GAP) / cols
    c, display, body = night.colors, night.family("display"), night.family("body")
    parts, pitch = [], TILE_H + grow + TILE_GAP
    for n, (value, label) in enumerate(facts):
        row, col = divmod(n, cols)
        shift = (
            (cols - min(cols, len(facts) - row * cols)) * (fact_w + TILE_GAP) / 2
        )  # a short row centred
        fx, fy, mid = shift + col * (fact_w + TILE_GAP), row * pitch, fact_w / 2
        parts += [
            svg.box(fx + 0.5, fy + 0.5, fact_w - 1, TILE_H + grow, 8, c["line"], 1),
            svg.text(
                fx + mid,
                fy + VALUE_Y,
                value,
                VALUE_SIZE,
                display,
                fill=c["accent"],
                anchor="middle",
            ),
            svg.text(
                fx + mid, fy + FACT_Y + grow, label, size, body, 700, night.muted, "middle", spacing
            ),
        ]
    h = rows * pitch - TILE_GAP
    return Picture(
        svg.data_uri(svg.document(width, h, "\n".join(parts), k)),
        width * k,
        h * k,
        id="bp-fig-facts",
        alt=facts_alt(facts),
    )


def facts_alt(facts: list[tuple[object, str]]) -> str:
    """The facts as a sentence: "12 players, 3 tables of four, ..., a break after set 2"."""
    said = [
        f"a break after set {value}" if words.upper() == "BREAK AFTER SET" else f"{value} {words}"
        for value, words in facts
    ]
    return ", ".join(said).lower()


def chart_words(night: Inputs) -> tuple[tuple[str, str], ...]:
    """The scoring chart's words: each example roll's points and why."""
    ruleset, word = night.ruleset, night.ruleset.word
    per_match = 3 if ruleset.points_per_match == "round" else 1
    mini = f": a mini {word}" if ruleset.track_mini_buncos else ""
    return (
        (counted(per_match, "point"), "one die shows the mark"),
        (counted(2 * per_match, "point"), "two dice show the mark"),
        (counted(ruleset.mini_bunco_points, "point"), f"three of a kind, not the mark{mini}"),
        (counted(ruleset.bunco_points, "point"), f"{word}! Call it out"),
        (counted(0, "point"), "no mark: pass the dice left"),
    )


def _chart(night: Inputs, width: float) -> Picture:
    """Five example rolls, their points and why; in large print drawn handout_scale times as
    large, why at least the smallest size (the rows as much taller), and wider if its words
    need it (up to `width`, the column's)."""
    c, k = night.colors, handout_scale(night)
    why = max(8, handout_least(night))  # why's size: 8, or the smallest
    grow = why - 8
    chart_w, row_h = 240, 34 + 1.5 * grow
    if night.large:  # the words' column as wide as its longest line, at most the column's
        widest = max(night.font("body").width(words, why) for _pts, words in chart_words(night))
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
            (0.5 * row_h - 2 - grow / 2) * k,
            "",
            12 * k,
            pitch=row_h * k,
            w=(chart_w - 86) * k,
            role="display",
        ),
        night.label(
            86 * k,
            (0.5 * row_h + 10 + grow / 2) * k,
            "",
            why * k,
            "lb-m",
            pitch=row_h * k,
            w=(chart_w - 86) * k,
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
    k = handout_scale(night)  # large print: the pictures are drawn as for a page k times narrower
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
            alt=f"The {counted(len(night.event.tables), 'table')}, with arrows for who moves where",
        ),
        keys=legend_keys(night),
        chart_words=chart_words(night),
        dice=_dice(night),
        scale=k,
        least=night.least(RULES),
        amount_em=_amount_room(night),
        kicker=handout_kicker(night, content_w - HEAD_PAD),
        kicker_spacing=kicker_spacing(night),
        ghosts_apart=night.event.ghosts > 0,
    )


def _amount_room(night: Inputs) -> float:
    """Room for a prize's amount in the handout's prizes line, in ems: as wide as the largest
    prize's digits, three at least, all nines, and the currency, in the display font. The
    backgrounds then change with the number of digits only, never with the amounts; a wider
    amount than that is stamped smaller to fit."""
    largest = max((prize.amount for prize in night.event.prizes), default=0)
    nines = 10 ** max(3, len(str(largest))) - 1
    return round(night.font("display").width(format_money(nines, night.event.currency), 1), 3)


def handout_kicker(night: Inputs, room: float) -> str:
    """The handout's kicker as it is stamped: "How to play", the title and the date in small
    capitals (large print: their own case), in as many lines `room` pt wide as they need (the
    template leaves room for that many)."""
    date = nice_date(night.event.date, night.paper) if night.event.date else ""
    text = kicker_case(night, f"How to play · {titled(night.event.title, date)}")
    size = max(KICKER_SIZE * night.scale, night.least(RULES)) if night.large else KICKER_SIZE
    font, spacing = night.font("body", "700"), kicker_spacing(night)
    lines: list[str] = []
    for word in text.split(" "):
        line = f"{lines[-1]} {word}" if lines else word
        if lines and font.width(line, size) + len(line) * spacing * size <= room:
            lines[-1] = line
        else:
            lines.append(word)
    return "\n".join(lines)
