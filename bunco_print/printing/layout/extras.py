"""Name tags and prize tags, party extras a host hands out (`--extras`), and what every extra
shares.

The invitation is invitation.py's, the host's checklist checklist.py's, the sign-in
sheet sign_in.py's. Each write-in place a buyer may type into (the invitation's details, a blank
name tag) is a `field` slot: the stamper leaves it empty over its write-in line, a fillable form
may fill it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import (
    LARGE_LEADING,
    MIN_TEXT,
    NAME_TAG,
    TEXT_FILL,
    Inputs,
    titled,
)
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, Slot, cell, page_size_css

TAG_COLS, TAG_ROWS = 2, 4  # name tags a page (large print: 3 rows)
PRIZE_COLS, PRIZE_ROWS = 2, 3  # prize tags a page (large print: 2 rows if 3 leave no room)
NAME_TAGS, PRIZE_TAGS = "name_tags", "prize_tags"  # their smallest words: base.LARGE_TEXT
BADGE_AMOUNT_H = 0.4  # a badge's amount: its slot this share of the badge's height


@dataclass(frozen=True)
class Line:
    """Words the template prints as they are: a block and the text in it."""

    at: Block
    text: str


@dataclass(frozen=True)
class NameTagsPage:
    page: Page
    size: str


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


def kicker_slot(night: Inputs, slot_id: str, at: Block, date: str, doc: str) -> Slot:
    """A page's kicker, stamped: the night's title and date in small capitals (large print:
    in their own case, at least document `doc`'s smallest word), centred, 8 pt; smaller, on
    two lines or cut short if `at`'s width needs it. `at.y`: where its last line ends."""
    size, floor = night.words(8, doc), night.words(night.min_text, doc)
    text, fitted, spacing = night.kicker_words(date, at.w, size, floor)
    line = LARGE_LEADING if night.large and "\n" in text else 1
    top = at.y - (text.count("\n") + 1) * line * fitted
    return night.words_in(
        slot_id, replace(at, y=top), text, fitted, "muted", weight="700", align="center",
        line=line, spacing=spacing,
    )  # fmt: skip


def tag_grid(night: Inputs) -> tuple[int, int]:
    """Name tags a page: eight (two columns, four rows); --large-print's six, taller, keep the
    name large over the night's title and date on two lines."""
    return (TAG_COLS, TAG_ROWS - 1) if night.large else (TAG_COLS, TAG_ROWS)


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
    """Eight name tags a page (large print: six) with cut lines, or the first `count` (a last
    page): "Hello, my name is", a name slot on its write-in line (a name stamped, or a field
    left blank), the night's title and date."""
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
    art = 13 * k  # a star each side of the night's name, under the line
    words_w = tags[0].w - 36 - 2 * art - 12
    # the night's title and date under the line: on one line, or two (large print)
    event_text, size, lines = night.font("body").one_or_two(
        titled(event.title, date), words_w, night.words(7, NAME_TAGS),
        max(night.words(MIN_TEXT, NAME_TAGS), MIN_TEXT),
    )  # fmt: skip
    event_line = LARGE_LEADING if lines > 1 else 1.2
    foot = max(30, 12 + 1.5 * k + lines * size * event_line)  # the line's height over the foot
    slots = []
    for i, t in enumerate(tags):
        layer.add(frame, svg.rrect(t.x, t.y, t.w, t.h, 12))
        layer.add(band, svg.rrect(t.x + 6, t.y + 6, t.w - 12, band_h, 8))
        line_y = t.y + t.h - foot
        layer.add(write_in, svg.seg(t.x + 18, line_y, t.x + t.w - 18, line_y))
        for x in (t.x + 18, t.x + t.w - 18 - art):
            body.append(
                svg.image(night.art("star"), x, line_y + 7, art, art, opacity=night.art_opacity)
            )
        slot_h = min(line_y - (t.y + band_h + 14) - 4, 54)
        box = Box(t.x + 18, line_y - slot_h - 2, t.w - 36, slot_h)
        sample = event.sheets[i].name if named and i < len(event.sheets) else ""
        name = night.text_slot(
            f"tag-{i + 1}-name", box, "name" if named else "field", i, sample, "name"
        )
        slots.append(replace(name, least=NAME_TAG if night.large else 0.0))
        sub = night.words(9, NAME_TAGS)
        _hello(night, layer, Block(t.x + 6, t.y + 9, t.w - 12, 24, line=26), "HELLO", "display")
        at = Block(t.x + 6, t.y + 35, t.w - 12, sub, line=max(11 * k, sub))
        _hello(night, layer, at, "my name is", "body", "700")
        at = Block(t.x + 24 + art, line_y + 6 + 1.5 * k, words_w)
        slots.append(  # the night's title and date, stamped
            night.words_in(
                f"tag-{i + 1}-event",
                at,
                event_text,
                size,
                "muted",
                i,
                align="center",
                line=event_line,
            )
        )
    body.append(layer.markup())
    page = extra_page(night, f"name_tags-page-{number}", body, slots)
    return NameTagsPage(page, page_size_css(night.paper))


# a name tag's words over its band: letter-spaced (em, by weight), in white (the ink saver's: in
# its accent)
HELLO_SPACING = {"400": 0.08, "700": 0.12}


def _hello(night: Inputs, layer: svg.Layer, at: Block, text: str, role: str, weight="400"):
    """A name tag's "HELLO" (the display font) or "my name is" (bold), drawn in its layer:
    centred in `at` as CSS centres a letter-spaced line (its last letter's spacing counted), on
    the baseline a line box `at.line` tall gives. Drawn rather than laid out by WeasyPrint."""
    size, spacing = at.size, HELLO_SPACING[weight] * at.size
    width = night.font(role, weight).width(text, size) + spacing * len(text)
    baseline = night.baseline(at.y, at.line, size, role, weight)
    color = night.colors["accent"] if night.theme.ink_saver else "#ffffff"
    x, family = at.x + (at.w - width) / 2, night.family(role)
    layer.text(svg.text(x, baseline, text, size, family, int(weight), color, spacing=spacing))


def prize_grid(night: Inputs) -> tuple[int, int]:
    """Prize tags a page: six (two columns, three rows); in large print four when a tag of
    three rows has no room for its words over a badge its amount can be stamped in."""
    if not night.large:
        return PRIZE_COLS, PRIZE_ROWS
    pw, ph, cols, rows = night.pw, night.ph, PRIZE_COLS, PRIZE_ROWS
    t = cell(0, cols, rows, pw / cols, ph / rows, EDGE)  # the first: edge and gutter around
    words = max(_words_h(night, prize, t.w - 40) for prize in night.event.prizes)
    room = t.h - _foot(night) - 16 * night.scale - 16 - 8 - words
    return cols, rows if room >= _least_badge(night) else rows - 1


def prize_tags_pages(night: Inputs) -> PrizeTagsPages:
    """A tag for each prize the ruleset awards, six a page (large print: six or four) with cut
    lines: its name, what wins it, its amount in a badge (slot t{i}-amount; with no pot, a star
    and a line to write the amount or gift on), "won by"."""
    pw, ph = night.pw, night.ph
    cols, rows = prize_grid(night)
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


@dataclass(frozen=True)
class _TagWords:
    """A prize tag's words' sizes (pt) and lines (em): its small capitals ("PRIZE", "WON BY"),
    its name, its note; the written amount's words."""

    small: float
    small_line: float
    name: float
    note: float
    note_line: float
    written: float


def _tag_words(night: Inputs, prize, inner: float) -> _TagWords:
    k, words = night.scale, night.words
    small = words(7, PRIZE_TAGS)
    return _TagWords(
        small,
        max(9 * k, small * 1.2),
        night.font("display").fit(prize.name, inner, 20 * k),
        words(8.5, PRIZE_TAGS),
        LARGE_LEADING if night.large else 1.3,
        words(6.5, PRIZE_TAGS),
    )


def _note_lines(night: Inputs, prize, inner: float, size: float) -> int:
    """How many lines a prize's note takes (large print: measured; else an estimate, 3 at most)."""
    if not prize.note:
        return 0
    if night.large:
        return night.font("body").lines(prize.note, inner, size)
    return min(3, math.ceil(night.font("body").width(prize.note, size) / inner))


def _words_h(night: Inputs, prize, inner: float) -> float:
    """The height of a prize tag's words under its badge."""
    w = _tag_words(night, prize, inner)
    note = _note_lines(night, prize, inner, w.note) * w.note * w.note_line
    h = w.small_line + 2 + w.name * 1.2 + note
    k = night.scale  # no pot: a line to write the amount on, its words under it
    return h + (0 if night.event.pot else max(40 * k, 29 * k + max(8 * k, w.written * 1.2)))


def _foot(night: Inputs) -> float:
    """The "won by" line's height over a prize tag's foot."""
    return 22 * night.scale


def _least_badge(night: Inputs) -> float:
    """The smallest badge: 36 pt, or one whose amount is stamped at the smallest word."""
    return max(36.0, night.least(PRIZE_TAGS) / (TEXT_FILL * BADGE_AMOUNT_H))


def _prize_tag(night: Inputs, layer: svg.Layer, t: Box, i: int, prize, stars, slots) -> PrizeTag:
    """Prize tag i in t, top to bottom: badge, "PRIZE", the name, its note, (no pot) the
    amount's line; "WON BY" on its line at the foot. The badge takes the room the words leave.
    Its amount's slot goes into `slots`; with no pot, a star to draw over the badge, `stars`."""
    event, k, inner = night.event, night.scale, t.w - 40
    w = _tag_words(night, prize, inner)
    note_lines = _note_lines(night, prize, inner, w.note)
    line_y = t.y + t.h - _foot(night)
    room = line_y - 16 * k - t.y - 16 - 8 - _words_h(night, prize, inner)
    badge = max(_least_badge(night), min(64 * k, room))
    bx, by = t.x + t.w / 2 - badge / 2, t.y + 16
    layer.add(
        svg.stroke(night.light("accent"), 2, fill="#ffffff"),
        svg.rrect(bx, by, badge, badge, badge / 2),
    )
    if event.pot:  # stamped (the page is then the same for any pot)
        sample = format_money(prize.amount, event.currency)
        box = Box(bx + badge * 0.12, by + badge * 0.3, badge * 0.76, badge * BADGE_AMOUNT_H)
        slots.append(night.text_slot(f"t{i}-amount", box, "number", i, sample))
    else:  # drawn over the badge, once the layer is
        star = badge * 0.62
        at = (bx + (badge - star) / 2, by + (badge - star) / 2, star, star)
        stars.append(svg.image(night.art("star"), *at, opacity=night.art_opacity))
    write_in = svg.stroke(night.colors["ink"], 0.8)
    case = str if night.large else str.upper
    y = by + badge + 8
    kicker = Line(Block(t.x + 20, y, inner, w.small, line=w.small_line), case("Prize"))
    y += w.small_line + 2
    name = Line(Block(t.x + 20, y, inner, w.name, line=w.name * 1.2), prize.name)
    y += w.name * 1.2
    note = None
    if prize.note:
        at = Block(t.x + 20, y, inner, w.note, line=w.note * w.note_line)
        note = Line(at, prize.note)
        y += note_lines * w.note * w.note_line
    written = None
    if not event.pot:  # the amount (or the gift) is written in
        gift_y = y + 26 * k
        layer.add(write_in, svg.seg(t.x + t.w / 2 - 60, gift_y, t.x + t.w / 2 + 60, gift_y))
        at = Block(t.x + 20, gift_y + 3, inner, w.written, line=max(8 * k, w.written * 1.2))
        written = Line(at, case("Amount or gift"))
        if night.amounts_written:  # --buy-in none: with --editable a field on the line
            box = Box(t.x + t.w / 2 - 60, gift_y - 18 * k, 120, 16 * k)
            slots.append(night.text_slot(f"t{i}-amount", box, "field", i, role="name"))
    won = night.font("body", "700").width(
        case("Won by"), w.small, 0 if night.large else 0.12 * w.small
    )
    won_w = max(48 * k, won + 4)
    layer.add(write_in, svg.seg(t.x + 20 + won_w + 4 * k, line_y, t.x + t.w - 20, line_y))
    winner = Line(
        Block(t.x + 20, line_y - w.small_line - k, won_w, w.small, line=w.small_line),
        case("Won by"),
    )
    return PrizeTag(kicker, name, note, winner, written)
