"""Name tags and prize tags, party extras a host hands out (`--extras`).

The invitation is invitation.py's, the host's own pages extras_host.py's. Each write-in place a
buyer may type into (the invitation's details, a blank name tag) is a `field` slot: the stamper
leaves it empty over its write-in line, a fillable form may fill it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import MIN_TEXT, Inputs, titled
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, cell, page_size_css

TAG_COLS, TAG_ROWS = 2, 4  # name tags a page
PRIZE_COLS, PRIZE_ROWS = 2, 3  # prize tags a page


@dataclass(frozen=True)
class Line:
    """Words the template prints as they are: a block and the text in it."""

    at: Block
    text: str


@dataclass(frozen=True)
class TagText:
    hello: Line  # "HELLO"
    sub: Line  # "my name is"


@dataclass(frozen=True)
class NameTagsPage:
    page: Page
    size: str
    tags: tuple[TagText, ...]


@dataclass(frozen=True)
class PrizeTag:
    kicker: Line
    name: Line
    note: Line | None
    winner: Line  # "WON BY" over its line
    written: Line | None = None  # no pot: "AMOUNT OR GIFT" under a line to write it on


@dataclass(frozen=True)
class PrizeTagsPages:
    pages: tuple[Page, ...]
    size: str
    tags: tuple[tuple[PrizeTag, ...], ...]  # per page


def themed_frame(night: Inputs, x, y, w, h, corner: float, radius: float = 14) -> list[str]:
    """A themed frame: a rounded border and the theme's corner art in each corner."""
    c = night.colors
    return [
        svg.box(x, y, w, h, radius, c["line"], 1.2),
        svg.corners(night.art("corner"), x + 6, y + 6, w - 12, h - 12, corner, night.art_opacity),
    ]


def _safe(night: Inputs) -> Box:
    return Box(EDGE, EDGE, night.pw - 2 * EDGE, night.ph - 2 * EDGE)


def extra_page(night: Inputs, page_id: str, body: list[str], slots=()) -> Page:
    """A page of the paper: its static layer from `body` (SVG markup), its slots, and the
    area inside the printers' unprinted edge as the place its slots may go."""
    pw, ph = night.pw, night.ph
    markup = svg.document(pw, ph, "\n".join(body))
    return Page(page_id, pw, ph, svg.data_uri(markup), tuple(slots), safe=_safe(night))


def tag_grid(night: Inputs) -> tuple[int, int]:
    """Name tags a page: eight (two columns, four rows); --large-print's bigger words keep them."""
    return TAG_COLS, TAG_ROWS


def _cuts(night: Inputs, pw: float, ph: float, cols: int, rows: int) -> str:
    """Dashed cut lines between pieces of a page cut into cols x rows, solid ticks at the edges."""
    c = night.colors
    layer = svg.Layer()
    cut, tick = svg.stroke(c["line"], 0.6, "4 3"), svg.stroke(c["ink"], 0.5)
    for n in range(1, cols):
        x = pw / cols * n
        layer.add(cut, svg.seg(x, 22, x, ph - 22))
        layer.add(tick, svg.seg(x, 8, x, 20) + svg.seg(x, ph - 20, x, ph - 8))
    for n in range(1, rows):
        y = ph / rows * n
        layer.add(cut, svg.seg(22, y, pw - 22, y))
        layer.add(tick, svg.seg(8, y, 20, y) + svg.seg(pw - 20, y, pw - 8, y))
    return layer.markup()


def name_tags_page(night: Inputs, date: str, count: int = 0, number: int = 0) -> NameTagsPage:
    """Eight name tags a page with cut lines, or the first `count` (a last page): "Hello, my
    name is", a name slot on its write-in line (a name stamped, or a field left blank), the
    night's title and date."""
    event, c, k = night.event, night.colors, night.scale
    pw, ph = night.pw, night.ph
    cols, rows = tag_grid(night)
    tags = [cell(i, cols, rows, pw / cols, ph / rows, EDGE) for i in range(cols * rows)]
    tags = tags[: count or len(tags)]
    named = any(sheet.name for sheet in event.sheets)
    body = [_cuts(night, pw, ph, cols, rows)]
    layer = svg.Layer()
    band_h = 46  # "HELLO" is large already; --large-print makes the small words larger
    band = (
        svg.stroke(c["accent"], 1.4, fill=c["soft"])
        if night.theme.ink_saver
        else svg.fill(c["accent"])
    )
    frame, write_in = svg.stroke(c["line"], 1), svg.stroke(c["ink"], 0.8)
    small = night.font("body")
    event_text = titled(event.title, date)
    slots, texts = [], []
    for i, t in enumerate(tags):
        layer.add(frame, svg.rrect(t.x, t.y, t.w, t.h, 12))
        layer.add(band, svg.rrect(t.x + 6, t.y + 6, t.w - 12, band_h, 8))
        line_y = t.y + t.h - 30
        layer.add(write_in, svg.seg(t.x + 18, line_y, t.x + t.w - 18, line_y))
        art = 13 * k  # a star each side of the night's name, under the line
        for x in (t.x + 18, t.x + t.w - 18 - art):
            body.append(
                svg.image(night.art("star"), x, line_y + 7, art, art, opacity=night.art_opacity)
            )
        slot_h = min(line_y - (t.y + band_h + 14) - 4, 54)
        box = Box(t.x + 18, line_y - slot_h - 2, t.w - 36, slot_h)
        sample = event.sheets[i].name if named and i < len(event.sheets) else ""
        slots.append(
            night.text_slot(
                f"tag-{i + 1}-name", box, "name" if named else "field", i, sample, "name"
            )
        )
        words_w = t.w - 36 - 2 * art - 12
        size = small.fit(event_text, words_w, 7 * k)
        texts.append(
            TagText(
                Line(Block(t.x + 6, t.y + 9, t.w - 12, 24, line=26), "HELLO"),
                Line(Block(t.x + 6, t.y + 35, t.w - 12, 9 * k, line=11 * k), "my name is"),
            )
        )
        at = Block(t.x + 24 + art, line_y + 6 + 1.5 * k, words_w)
        slots.append(  # the night's title and date, stamped
            night.words_in(
                f"tag-{i + 1}-event",
                at,
                event_text,
                max(size, MIN_TEXT),
                "muted",
                i,
                align="center",
                line=1.2,
            )
        )
    body.append(layer.markup())
    page = extra_page(night, f"name_tags-page-{number}", body, slots)
    return NameTagsPage(page, page_size_css(night.paper), tuple(texts))


def prize_tags_pages(night: Inputs) -> PrizeTagsPages:
    """A tag for each prize the ruleset awards, six a page with cut lines: its name, what wins
    it, its amount in a badge (slot t{i}-amount; with no pot, a star and a line to write the
    amount or gift on), "won by"."""
    pw, ph, cols, rows = night.pw, night.ph, PRIZE_COLS, PRIZE_ROWS
    per_page, prizes = cols * rows, night.event.prizes
    pages, tags = [], []
    for number, start in enumerate(range(0, len(prizes), per_page)):
        body = [_cuts(night, pw, ph, cols, rows)]
        layer, page_tags, stars, slots = svg.Layer(), [], [], []
        for i, prize in enumerate(prizes[start : start + per_page]):
            t = cell(i, cols, rows, pw / cols, ph / rows, EDGE)
            layer.add(svg.stroke(night.colors["line"], 1), svg.rrect(t.x, t.y, t.w, t.h, 12))
            corners = (t.x + 4, t.y + 4, t.w - 8, t.h - 8, 34, night.art_opacity)
            body.append(svg.corners(night.art("corner"), *corners))
            page_tags.append(_prize_tag(night, layer, t, i, prize, stars, slots))
        body += [layer.markup(), *stars]
        pages.append(extra_page(night, f"prize_tags-page-{number}", body, slots))
        tags.append(tuple(page_tags))
    return PrizeTagsPages(tuple(pages), page_size_css(night.paper), tuple(tags))


def _prize_tag(night: Inputs, layer: svg.Layer, t: Box, i: int, prize, stars, slots) -> PrizeTag:
    """Prize tag i in t, top to bottom: badge, "PRIZE", the name, its note, (no pot) the
    amount's line; "WON BY" on its line at the foot. The badge takes the room the words leave.
    Its amount's slot goes into `slots`; with no pot, a star to draw over the badge, `stars`."""
    event, k, inner = night.event, night.scale, t.w - 40
    name_size = night.font("display").fit(prize.name, inner, 20 * k)
    note_size, note_lines = 8.5 * k, 0
    if prize.note:
        note_w = night.font("body").width(prize.note, note_size)
        note_lines = min(3, math.ceil(note_w / inner))
    words_h = 9 * k + 2 + name_size * 1.2 + note_lines * note_size * 1.3
    words_h += 0 if event.pot else 40 * k
    line_y = t.y + t.h - 22 * k
    badge = max(36.0, min(64 * k, line_y - 16 * k - t.y - 16 - 8 - words_h))
    bx, by = t.x + t.w / 2 - badge / 2, t.y + 16
    layer.add(
        svg.stroke(night.light("accent"), 2, fill="#ffffff"),
        svg.rrect(bx, by, badge, badge, badge / 2),
    )
    if event.pot:  # stamped (the page is then the same for any pot)
        sample = format_money(prize.amount, event.currency)
        box = Box(bx + badge * 0.12, by + badge * 0.3, badge * 0.76, badge * 0.4)
        slots.append(night.text_slot(f"t{i}-amount", box, "number", i, sample))
    else:  # drawn over the badge, once the layer is
        star = badge * 0.62
        at = (bx + (badge - star) / 2, by + (badge - star) / 2, star, star)
        stars.append(svg.image(night.art("star"), *at, opacity=night.art_opacity))
    write_in = svg.stroke(night.colors["ink"], 0.8)
    y = by + badge + 8
    kicker = Line(Block(t.x + 20, y, inner, 7 * k, line=9 * k), "PRIZE")
    y += 9 * k + 2
    name = Line(Block(t.x + 20, y, inner, name_size, line=name_size * 1.2), prize.name)
    y += name_size * 1.2
    note = None
    if prize.note:
        note = Line(Block(t.x + 20, y, inner, note_size, line=note_size * 1.3), prize.note)
        y += note_lines * note_size * 1.3
    written = None
    if not event.pot:  # the amount (or the gift) is written in
        gift_y = y + 26 * k
        layer.add(write_in, svg.seg(t.x + t.w / 2 - 60, gift_y, t.x + t.w / 2 + 60, gift_y))
        written = Line(Block(t.x + 20, gift_y + 3, inner, 6.5 * k, line=8 * k), "AMOUNT OR GIFT")
        if night.amounts_written:  # --buy-in none: with --editable a field on the line
            box = Box(t.x + t.w / 2 - 60, gift_y - 18 * k, 120, 16 * k)
            slots.append(night.text_slot(f"t{i}-amount", box, "field", i, role="name"))
    layer.add(write_in, svg.seg(t.x + 20 + 52 * k, line_y, t.x + t.w - 20, line_y))
    winner = Line(Block(t.x + 20, line_y - 10 * k, 48 * k, 7 * k, line=9 * k), "WON BY")
    return PrizeTag(kicker, name, note, winner, written)
