"""The prize sheet: the pot, each prize with its amount and a line for its winner (the rows:
prize_rows.py), the notes under them."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, Inputs
from bunco_print.printing.layout.geometry import Block, Box, Page, Slot, page_size_css
from bunco_print.printing.layout.prize_rows import (
    MARGIN,
    PRIZES,
    SYMBOL_SIZE,
    PrizeRow,
    Rows,
    after_symbol,
    note_size,
    plan_rows,
    prize_whats,
    row_shapes,
    stars,
    symbols,
    winner_labels,
)

LONG_AMOUNT = 0.75  # an amount of five characters or more ("$1,000") starts this much smaller
# Measures in pt; those marked (k) are times --large-print's scale.
# Down the page: the kicker's baseline (two lines: the first KICKER_LIFT em higher, for their
# 1.25 line height, not ~1.2), in from the corners' art by KICKER_INSET, KICKER_SIZE (k) at
# most; the heading's top.
KICKER_Y, KICKER_LIFT, KICKER_INSET, KICKER_SIZE, HEADING_Y = 48, 1.3, 40, 8, 60
KICKER_TWO = 1.25  # two kicker lines' line height, em (.ps-two)
# The pot's sum (players x buy-in = pot) at LIST_TOP, the prizes' list SUM_GAP under it (or at
# LIST_TOP without a pot), its rule RULE_ABOVE over it; the notes NOTES_GAP under the list,
# NOTES_H (k) tall (large print: room for NOTES_LINES lines, on the last page).
LIST_TOP, SUM_GAP, RULE_ABOVE, NOTES_GAP, NOTES_H, NOTES_LINES = 166, 18, 12, 14, 74, 8
# The art: a corner's left and top, and side; the dice's top, width and height.
CORNER_AT, CORNER_SIDE, DICE_TOP, DICE_W, DICE_H = 26, 64, 112, 96, 40.3
# The pot's sum: three tiles (k) with a sign between each two (k), the pot's framed thicker
# and tinted; a tile's number (its middle SUM_MID down, k) in a slot SUM_INSET in from its
# sides, SUM_SIZE (k); its words' baseline TILE_WORDS_Y down (k; large print lower, as much
# as its words are larger than k times TILE_WORDS_SIZE, the tile as much taller), and the
# signs' (k).
POT_TILES = (("players", "PLAYERS"), ("buy-in", "BUY-IN"), ("pot", "IN THE POT"))
TILE_W, TILE_H, SIGN_W, TILE_RADIUS, TILE_LINE, POT_LINE = 92, 42, 26, 9, 1, 1.6
SUM_MID, SUM_INSET, SUM_SIZE, SIGN_Y, SIGN_SIZE = 22, 4, 19, 26, 16
TILE_WORDS_Y, TILE_WORDS_SIZE, TILE_WORDS_SPACING = 34, 6.5, 0.6
# The heading (HEADING_SIZE, k, in lines HEADING_LINE em tall). A theme's ornaments around it
# (ornaments.css draws them where these say): each (side, where it would go as a share of the
# room across and down the page); one beside the heading moves out until ORNAMENT_GAP clear of
# its words, and one that then meets a corner's art goes under it.
HEADING_SIZE, HEADING_LINE, ORNAMENT_GAP = 38, 1.05, 10
ORNAMENTS = ((16, 0.22, 0.12), (22, 0.79, 0.09), (12, 0.85, 0.205))


@dataclass(frozen=True)
class PrizeMore:
    """A large-print prize sheet's next page: the rows of the prizes from `first` on that the
    page before had no room for, and (on the last page) the notes under them."""

    page: Page
    rows: tuple[PrizeRow, ...]
    first: int
    notes: Block | None = None


@dataclass(frozen=True)
class PrizePage:
    page: Page
    size: str
    heading: Block
    rule: Block
    rows: tuple[PrizeRow, ...]
    notes: Block | None  # None: on a next page (more)
    scale: float = 1.0  # --large-print: the CSS's words this much larger
    more: tuple[PrizeMore, ...] = ()  # large print: the pages the prizes and notes run on to
    note_size: float = 0.0  # large print: the notes' and the prizes' notes' size (pt)
    ornaments: tuple[Box, ...] = ()  # where a theme's ornaments may go, clear of the heading

    @property
    def pages(self) -> tuple[Page, ...]:
        return (self.page, *(more.page for more in self.more))


def prize_page(night: Inputs, date: str = "") -> PrizePage:
    """The prize sheet: the art, the pot's sum (when there is a pot), a row per prize with its
    badge (its amount stamped there, or a star) and its winner's line, the notes under them;
    in large print the rows run on to a next page when they need it, the notes after them."""
    k, cw, pot = night.scale, night.pw - 2 * MARGIN, _has_pot(night)
    list_y = LIST_TOP + _tile_h(night) + SUM_GAP if pot else LIST_TOP
    notes_h = _notes_h(night)
    # large print: the amounts k times as large as in the normal sheet's badges, in a pill as
    # wide as they need (the rows are a little shorter: the sum and the notes take more room)
    normal = LIST_TOP + TILE_H + SUM_GAP if pot else LIST_TOP
    normal_badge = _normal_badge(night, normal)
    pages = plan_rows(night, list_y, notes_h, normal_badge)
    rows = pages[0]
    body, slots = _art(night), []
    if pot:
        tiles, slots = _pot_sum(night)
        body += tiles
    whats, amounts, layer, labels = _rows_page(night, rows)
    size, floor = night.words(KICKER_SIZE, PRIZES), night.words(night.min_text, PRIZES)
    kicker = _kicker(night, date, cw, size, floor)
    markup = svg.data_uri(svg.document(night.pw, night.ph, "\n".join([*body, layer])))
    return PrizePage(
        Page("prize_sheet-page-0", night.pw, night.ph, markup, (*slots, *amounts, kicker), labels),
        page_size_css(night.paper),
        Block(MARGIN, HEADING_Y, cw, HEADING_SIZE * k, line=HEADING_LINE * HEADING_SIZE * k),
        Block(MARGIN, rows.top - RULE_ABOVE, cw),
        whats,
        _notes(night, rows) if len(pages) == 1 else None,
        k,
        tuple(_more(night, more, n, n == len(pages) - 1) for n, more in enumerate(pages) if n),
        note_size(night) if night.large else 0.0,
        _ornaments(night),
    )


def _ornaments(night: Inputs) -> tuple[Box, ...]:
    """Where the theme's ornaments go: each where ORNAMENTS puts it, moved out (away from the
    page's middle) until ORNAMENT_GAP clear of the heading's words (measured in the display
    font) and the pot's tiles beside it; one that then meets a corner's art goes under it."""
    size, k, pw = HEADING_SIZE * night.scale, night.scale, night.pw
    words = night.font("display").width("Tonight’s Prizes", size)
    clear = [Box((pw - words) / 2, HEADING_Y, words, HEADING_LINE * size)]
    if _has_pot(night):
        tiles = 3 * TILE_W * k + 2 * SIGN_W * k
        clear.append(Box((pw - tiles) / 2, LIST_TOP, tiles, _tile_h(night)))
    corner = CORNER_AT + CORNER_SIDE
    found = []
    for side, across, down in ORNAMENTS:
        at = Box((pw - side) * across, (night.ph - side) * down, side, side)
        at = _clear_of(at, clear, pw)
        if at.y < corner and (at.x < corner or at.right > pw - corner):
            at = _clear_of(replace(at, y=corner + ORNAMENT_GAP), clear, pw)
        found.append(Box(round(at.x, 2), round(at.y, 2), side, side))
    return tuple(found)


def _clear_of(at: Box, boxes: list[Box], pw: float) -> Box:
    """`at` moved out, away from the page's middle, until ORNAMENT_GAP clear of each of
    `boxes` whose height it shares."""
    left = at.x + at.w / 2 < pw / 2
    for box in boxes:
        if at.y < box.bottom and at.bottom > box.y:
            if left:
                at = replace(at, x=min(at.x, box.x - ORNAMENT_GAP - at.w))
            else:
                at = replace(at, x=max(at.x, box.right + ORNAMENT_GAP))
    return at


def _kicker(night: Inputs, date: str, cw: float, size: float, floor: float) -> Slot:
    """The night's title and date, stamped: on one line between the corners' art, smaller, or
    on two lines (the second where the one would be), then cut short, if need be; raised
    where the heading's letters would reach its own (a tall display face in large print)."""
    text, fs, spacing = night.kicker_words(date, cw - 2 * KICKER_INSET, size, floor)
    two = "\n" in text
    top = KICKER_Y - KICKER_LIFT * fs if two else KICKER_Y
    tall = (2 * KICKER_TWO if two else night.font("body", "700").line) * fs
    at = Block(MARGIN, min(top, _heading_top(night) - tall), cw)
    return night.words_in("ps-kicker", at, text, fs, "muted", weight="700", align="center",
                          line=KICKER_TWO if two else 0, spacing=spacing)  # fmt: skip


def _heading_top(night: Inputs) -> float:
    """How high the heading's letters may reach: its line box's top, less what its face's
    ascent and descent overrun a line HEADING_LINE em tall by (CSS centres them in it)."""
    face, size = night.font("display"), HEADING_SIZE * night.scale
    return HEADING_Y + (HEADING_LINE - face.line) * size / 2


def _rows_page(night: Inputs, rows: Rows):
    """A page's prizes: their names and notes, their amounts' slots, their shapes (SVG) and
    their winners' labels."""
    shapes = [row_shapes(night, rows)]
    if not _has_pot(night):
        shapes += stars(night, rows)
    elif night.amounts_written:
        shapes += symbols(night, rows)
    whats, amounts = prize_whats(night, rows)
    return whats, amounts, "\n".join(shapes), winner_labels(night, rows)


def _more(night: Inputs, rows: Rows, number: int, last: bool) -> PrizeMore:
    """A large-print prize sheet's next page: its prizes' rows, the notes on the last page."""
    whats, amounts, layer, labels = _rows_page(night, rows)
    markup = svg.data_uri(svg.document(night.pw, night.ph, layer))
    page = Page(f"prize_sheet-page-{number}", night.pw, night.ph, markup, tuple(amounts), labels)
    return PrizeMore(page, whats, rows.first, _notes(night, rows) if last else None)


def _notes(night: Inputs, rows: Rows) -> Block:
    """The notes under the last page's rows."""
    cw = night.pw - 2 * MARGIN
    return Block(MARGIN, rows.bottom + NOTES_GAP, cw)


def _notes_h(night: Inputs) -> float:
    """The notes' room under the rows: NOTES_H (k), or in large print NOTES_LINES lines."""
    if night.large:
        return NOTES_LINES * note_size(night) * LARGE_LEADING + NOTES_GAP
    return NOTES_H


def _normal_badge(night: Inputs, list_y: float) -> float:
    """A prize's badge on the normal sheet (large print's amounts are k times its own)."""
    return plan_rows(replace(night, large=False), list_y, NOTES_H, 0.0)[0].badge


def _has_pot(night: Inputs) -> bool:
    """Whether the sheet shows a pot: a sum stamped, or (--buy-in none) one to write in."""
    return bool(night.event.pot) or night.amounts_written


def _tile_h(night: Inputs) -> float:
    """A pot tile's height: k times TILE_H, and as much taller as its words are larger than
    k times TILE_WORDS_SIZE."""
    k = night.scale
    return TILE_H * k + night.words(TILE_WORDS_SIZE, PRIZES) - TILE_WORDS_SIZE * k


def _art(night: Inputs) -> list[str]:
    """The theme's corners at the top, mirrored, and its dice between them."""
    corner, pw, opacity = night.art("corner"), night.pw, night.art_opacity
    side = CORNER_SIDE
    return [
        svg.image(corner, CORNER_AT, CORNER_AT, side, side, opacity=opacity),
        svg.image(corner, -(pw - CORNER_AT), CORNER_AT, side, side, "scale(-1 1)", opacity),
        svg.image(
            night.art("dice"), pw / 2 - DICE_W / 2, DICE_TOP, DICE_W, DICE_H, opacity=opacity
        ),
    ]


def _pot_sum(night: Inputs) -> tuple[list[str], list[Slot]]:
    """The pot's sum, players x buy-in = pot, in tiles whose numbers are stamped (they change
    with the player count): the tiles' shapes and words, and the numbers' slots."""
    c, k = night.colors, night.scale
    tile_w, sign_w = TILE_W * k, SIGN_W * k
    tiles_x = (night.pw - 3 * tile_w - 2 * sign_w) / 2
    font, display, size = night.family("body"), night.font("display"), SUM_SIZE * k
    # each number's baseline where the tile's words leave room: the box of its ascent and
    # descent, centred there
    centre = LIST_TOP + SUM_MID * k - (display.ascent - display.descent) / 2 * size
    number_h = display.line * size
    body, slots = [], []
    for i, (value, label) in enumerate(POT_TILES):
        last = i == len(POT_TILES) - 1
        x = tiles_x + i * (tile_w + sign_w)
        frame = (c["accent"], POT_LINE, c["soft"]) if last else (c["line"], TILE_LINE, "none")
        body.append(svg.box(x, LIST_TOP, tile_w, _tile_h(night), TILE_RADIUS, *frame))
        number = Box(x + SUM_INSET, centre - number_h / 2, tile_w - 2 * SUM_INSET, number_h)
        color = "accent" if last else "ink"
        kind = "number"
        if i and night.amounts_written:  # the buy-in and the pot: written in, by the symbol
            kind, number = "field", after_symbol(night, body, number, size * SYMBOL_SIZE)
        slots.append(Slot(f"pot-{value}", number, kind, role="display", size=size, color=color))
        words_size = night.words(TILE_WORDS_SIZE, PRIZES)
        words_y = LIST_TOP + TILE_WORDS_Y * k + words_size - TILE_WORDS_SIZE * k
        # large print: the words in their own case ("In the pot"), not spaced capitals
        label, spacing = (label.capitalize(), 0) if night.large else (label, TILE_WORDS_SPACING)
        body.append(
            svg.text(
                x + tile_w / 2,
                words_y,
                label,
                words_size,
                font,
                700,
                night.muted,
                "middle",
                spacing,
            )
        )
        if not last:
            body.append(
                svg.text(
                    x + tile_w + sign_w / 2,
                    LIST_TOP + SIGN_Y * k,
                    "×" if i == 0 else "=",
                    SIGN_SIZE * k,
                    font,
                    fill=night.muted,
                    anchor="middle",
                )
            )
    return body, slots
