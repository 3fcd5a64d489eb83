"""The prize sheet: the pot, each prize with its amount and a line for its winner."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.game.money import share_words
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import KICKER_SPACING_EM, Inputs
from bunco_print.printing.layout.geometry import Block, Box, Label, Page, Slot, page_size_css

MARGIN = 54
LONG_AMOUNT = 0.75  # an amount of five characters or more ("$1,000") starts this much smaller
# Measures in pt; those marked (k) are times --large-print's scale.
# Down the page: the kicker's baseline (two lines: the first KICKER_LIFT em higher, for their
# 1.25 line height, not ~1.2), in from the corners' art by KICKER_INSET, KICKER_SIZE (k) at
# most; the heading's top.
KICKER_Y, KICKER_LIFT, KICKER_INSET, KICKER_SIZE, HEADING_Y = 48, 1.3, 40, 8, 60
KICKER_TWO = 1.25  # two kicker lines' line height, em (.ps-two)
# The pot's sum (players x buy-in = pot) at LIST_TOP, the prizes' list SUM_GAP under it (or at
# LIST_TOP without a pot), its rule RULE_ABOVE over it; the notes NOTES_GAP under the list,
# NOTES_H (k) tall, FOOT_ROOM left under them.
LIST_TOP, SUM_GAP, RULE_ABOVE, NOTES_GAP, NOTES_H, FOOT_ROOM = 166, 18, 12, 14, 74, 40
# The rows: sized as for ROWS_AT_LEAST prizes when fewer, at most ROW_MAX tall; a prize's
# badge a share of its row, at most BADGE_MAX, its outline BADGE_LINE wide and inset by half.
ROWS_AT_LEAST, ROW_MAX, BADGE_IN_ROW, BADGE_MAX, BADGE_LINE, BADGE_INSET = 3, 124, 0.74, 68, 2, 1
# The winner's write-in line from WINNER_FROM of the width, WINNER_DOWN of its row (shares), its
# WINNER (or WINNERS) WINNER_ABOVE (k) over it in a label WINNER_W of the width; the row's rule.
WINNER_FROM, WINNER_DOWN, WINNER_W, WINNER_LINE, ROW_RULE = 0.6, 0.72, 0.4, 0.9, 0.7
WINNER_ABOVE, WINNER_SIZE, WINNER_SPACING = 22, 6.5, 0.8
# A prize's name and note: WHAT_GAP right of its badge, WHAT_ROOM narrower (the gap and room
# before the winner's line); its top above the row's middle, with a note and without (k).
WHAT_GAP, WHAT_ROOM, WHAT_UP_NOTE, WHAT_UP = 16, 28, 15, 9
# A note's lines (its size NOTE_SIZE, k, as the CSS's): each lifts the name NOTE_HALF (k).
NOTE_SIZE, NOTE_HALF = 9, 6
# The amount's slot in its badge (shares of the badge: in, up from the middle, wide, tall);
# its largest size a share of the normal sheet's badge (k).
AMOUNT_INSET, AMOUNT_UP, AMOUNT_W, AMOUNT_H, AMOUNT_SIZE = 0.08, 0.25, 0.84, 0.5, 0.36
# Without a pot, a star in each badge (shares of the badge: in, up from the middle, its side).
STAR_INSET, STAR_UP, STAR_SIDE = 0.18, 0.32, 0.64
# --buy-in none: the currency's symbol at the left of a write-in box, SYMBOL_SIZE of the
# amount's size, SYMBOL_GAP (pt) in from the box's side and before the written amount.
SYMBOL_SIZE, SYMBOL_GAP = 0.55, 3
# The art: a corner's left and top, and side; the dice's top, width and height.
CORNER_AT, CORNER_SIDE, DICE_TOP, DICE_W, DICE_H = 26, 64, 112, 96, 40.3
# The pot's sum: three tiles (k) with a sign between each two (k), the pot's framed thicker
# and tinted; a tile's number (its middle SUM_MID down, k) in a slot SUM_INSET in from its
# sides, SUM_SIZE (k); its words' baseline TILE_WORDS_Y down (k), and the signs' (k).
POT_TILES = (("players", "PLAYERS"), ("buy-in", "BUY-IN"), ("pot", "IN THE POT"))
TILE_W, TILE_H, SIGN_W, TILE_RADIUS, TILE_LINE, POT_LINE = 92, 42, 26, 9, 1, 1.6
SUM_MID, SUM_INSET, SUM_SIZE, SIGN_Y, SIGN_SIZE = 22, 4, 19, 26, 16
TILE_WORDS_Y, TILE_WORDS_SIZE, TILE_WORDS_SPACING = 34, 6.5, 0.6


@dataclass(frozen=True)
class PrizeRow:
    what: Block  # the prize's name and note (its amount is stamped in its badge: prize-i-amount)
    share: str = ""  # --buy-in none: its share in words ("a third of the pot"), written in


@dataclass(frozen=True)
class PrizePage:
    page: Page
    size: str
    heading: Block
    rule: Block
    rows: tuple[PrizeRow, ...]
    notes: Block
    scale: float = 1.0  # --large-print: the CSS's words this much larger


@dataclass(frozen=True)
class Rows:
    """The prizes' list: its top, a row's height, a badge's height and width (large print: as
    wide as its amount needs), the largest size of a stamped amount."""

    top: float
    row_h: float
    badge: float
    badge_w: float
    amount_size: float

    def y(self, i: int) -> float:
        return self.top + i * self.row_h


def _row_and_badge(night: Inputs, list_y, notes_h) -> tuple[float, float]:
    """A row's height and its badge's, for a list from list_y over notes notes_h tall."""
    prizes = max(len(night.event.prizes), ROWS_AT_LEAST)
    row_h = min((night.ph - list_y - notes_h - FOOT_ROOM) / prizes, ROW_MAX)
    return row_h, min(row_h * BADGE_IN_ROW, BADGE_MAX)


def _has_pot(night: Inputs) -> bool:
    """Whether the sheet shows a pot: a sum stamped, or (--buy-in none) one to write in."""
    return bool(night.event.pot) or night.amounts_written


def _rows(night: Inputs) -> Rows:
    k, pot = night.scale, _has_pot(night)
    list_y = LIST_TOP + TILE_H * k + SUM_GAP if pot else LIST_TOP
    row_h, badge = _row_and_badge(night, list_y, NOTES_H * k)
    # large print: the amounts k times as large as in the normal sheet's badges, in a pill as
    # wide as they need (the rows are a little shorter: the sum and the notes take more room)
    normal = _row_and_badge(night, LIST_TOP + TILE_H + SUM_GAP if pot else LIST_TOP, NOTES_H)
    normal_badge = normal[1] if k != 1 else badge
    return Rows(list_y, row_h, badge, badge * k, normal_badge * AMOUNT_SIZE * k)


def prize_page(night: Inputs, date: str = "") -> PrizePage:
    """The prize sheet: the art, the pot's sum (when there is a pot), a row per prize with its
    badge (its amount stamped there, or a star) and its winner's line, the notes under them."""
    event, k = night.event, night.scale  # k: --large-print's words
    pw, ph, n, cw = night.pw, night.ph, len(event.prizes), night.pw - 2 * MARGIN
    rows = _rows(night)
    body, slots = _art(night), []
    if _has_pot(night):
        tiles, slots = _pot_sum(night)
        body += tiles
    body.append(_row_shapes(night, rows, cw))
    if not _has_pot(night):
        body += _stars(night, rows)
    elif night.amounts_written:
        body += _symbols(night, rows)
    # the kicker on one line between the corners' art: smaller, or on two lines (the second
    # where the one would be), then cut short, if need be
    kicker_text, kicker_fs = night.kicker_words(date, cw - 2 * KICKER_INSET, KICKER_SIZE * k)
    two = "\n" in kicker_text
    kicker_y = KICKER_Y - KICKER_LIFT * kicker_fs if two else KICKER_Y
    kicker = night.words_in(
        "ps-kicker",
        Block(MARGIN, kicker_y, cw),
        kicker_text,
        kicker_fs,
        "muted",
        weight="700",
        align="center",
        line=KICKER_TWO if two else 0,
        spacing=KICKER_SPACING_EM,
    )
    whats, amounts = _prizes(night, rows, cw)
    markup = svg.document(pw, ph, "\n".join(body))
    return PrizePage(
        Page(
            "prize_sheet-page-0",
            pw,
            ph,
            svg.data_uri(markup),
            tuple([*slots, *amounts, kicker]),
            _winner_labels(night, rows, cw),
        ),
        page_size_css(night.paper),
        Block(MARGIN, HEADING_Y, cw),
        Block(MARGIN, rows.top - RULE_ABOVE, cw),
        whats,
        Block(MARGIN, rows.top + n * rows.row_h + NOTES_GAP, cw),
        k,
    )


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
        body.append(svg.box(x, LIST_TOP, tile_w, TILE_H * k, TILE_RADIUS, *frame))
        number = Box(x + SUM_INSET, centre - number_h / 2, tile_w - 2 * SUM_INSET, number_h)
        color = "accent" if last else "ink"
        kind = "number"
        if i and night.amounts_written:  # the buy-in and the pot: written in, by the symbol
            kind, number = "field", _after_symbol(night, body, number, size * SYMBOL_SIZE)
        slots.append(Slot(f"pot-{value}", number, kind, role="display", size=size, color=color))
        words_y, words_size = LIST_TOP + TILE_WORDS_Y * k, TILE_WORDS_SIZE * k
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
                TILE_WORDS_SPACING,
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


def _after_symbol(night: Inputs, body: list[str], box: Box, size: float) -> Box:
    """A write-in box with the currency's symbol (none: no symbol) drawn into `body` at its
    left, small and muted: the rest of the box, where the amount is written."""
    symbol = night.event.currency
    if not symbol:
        return box
    font = night.font("body", "700")
    width = font.width(symbol, size) + SYMBOL_GAP
    baseline = box.y + box.h / 2 + font.mid * size
    family = night.family("body")
    body.append(svg.text(box.x + SYMBOL_GAP, baseline, symbol, size, family, 700, night.muted))
    return Box(box.x + width + SYMBOL_GAP, box.y, box.w - width - SYMBOL_GAP, box.h)


def _symbols(night: Inputs, rows: Rows) -> list[str]:
    """--buy-in none: the currency's symbol in each prize's badge, where its amount is
    written."""
    body: list[str] = []
    for i in range(len(night.event.prizes)):
        _after_symbol(night, body, _amount_box(rows, i), rows.amount_size * SYMBOL_SIZE)
    return body


def _amount_box(rows: Rows, i: int) -> Box:
    """Prize i's amount: its slot in its badge."""
    top = rows.y(i) + rows.row_h / 2 - rows.badge * AMOUNT_UP
    return Box(
        MARGIN + rows.badge_w * AMOUNT_INSET, top, rows.badge_w * AMOUNT_W, rows.badge * AMOUNT_H
    )


def _row_shapes(night: Inputs, rows: Rows, cw) -> str:
    """Each prize's row: its badge, its winner's write-in line, the rule under it."""
    c, badge, row_h, x = night.colors, rows.badge, rows.row_h, MARGIN
    layer = svg.Layer()
    badge_style = svg.stroke(night.light("accent"), night.frame_width(BADGE_LINE), fill="#ffffff")
    # the winner's write-in line: with --ink-saver in the line colour, as other write-in lines
    winner = svg.stroke(c["line"] if night.theme.ink_saver else c["ink"], WINNER_LINE)
    rule = svg.stroke(c["line"], ROW_RULE)
    inset = BADGE_INSET
    for i in range(len(night.event.prizes)):
        y = rows.y(i)
        layer.add(
            badge_style,
            svg.rrect(
                x + inset,
                y + row_h / 2 - badge / 2 + inset,
                rows.badge_w - 2 * inset,
                badge - 2 * inset,
                badge / 2 - inset,
            ),
        )
        line_y = y + row_h * WINNER_DOWN
        layer.add(winner, svg.seg(x + cw * WINNER_FROM, line_y, x + cw, line_y))
        layer.add(rule, svg.seg(x, y + row_h, x + cw, y + row_h))
    return layer.markup()


def _stars(night: Inputs, rows: Rows) -> list[str]:
    """Without a pot, no amounts: a star in each badge."""
    star, badge, side = night.art("star"), rows.badge, rows.badge * STAR_SIDE
    return [
        svg.image(
            star,
            MARGIN + badge * STAR_INSET,
            rows.y(i) + rows.row_h / 2 - badge * STAR_UP,
            side,
            side,
            opacity=night.art_opacity,
        )
        for i in range(len(night.event.prizes))
    ]


def _winner_labels(night: Inputs, rows: Rows, cw) -> tuple[Label, ...]:
    """WINNER (a team sheet's WINNERS) over each winner's line, as one label of lines."""
    k, n = night.scale, len(night.event.prizes)
    word = "WINNERS" if night.ruleset.sheet_kind == "team" else "WINNER"
    return (
        night.label(
            MARGIN + cw * WINNER_FROM,
            rows.top + rows.row_h * WINNER_DOWN - WINNER_ABOVE * k,  # room to write a name
            "\n".join([word] * n),
            WINNER_SIZE * k,
            "lb-b lb-m",
            w=cw * WINNER_W,
            pitch=rows.row_h,
            spacing=WINNER_SPACING,
            ch=night.ph,
        ),
    )


def _prizes(night: Inputs, rows: Rows, cw) -> tuple[tuple[PrizeRow, ...], list[Slot]]:
    """Each prize's name and note beside its badge, and (with a pot) its amount's slot in it:
    as large as fits, or LONG_AMOUNT."""
    k, badge_w, written = night.scale, rows.badge_w, night.amounts_written
    whats, amounts = [], []
    shares = {c.id: c.share for c in night.ruleset.prizes}
    for i, prize in enumerate(night.event.prizes):
        middle = rows.y(i) + rows.row_h / 2
        if night.event.pot:
            box = _amount_box(rows, i)
            amounts.append(Slot(f"prize-{i}-amount", box, "number", i, size=rows.amount_size))
        elif written:  # the amount written in, by the currency's symbol
            box = _after_symbol(night, [], _amount_box(rows, i), rows.amount_size * SYMBOL_SIZE)
            amounts.append(Slot(f"prize-{i}-amount", box, "field", i, size=rows.amount_size))
        what_w = cw * WINNER_FROM - badge_w - WHAT_ROOM
        share = share_words(shares[prize.id]) if written else ""
        up = (WHAT_UP_NOTE if prize.note else WHAT_UP) * k
        if share:  # the share, then the note: as many lines as they take, centred
            said = f"{share.capitalize()}. {prize.note}"
            up = (WHAT_UP + NOTE_HALF * _lines(night, said, what_w, NOTE_SIZE * k)) * k
        what = Block(MARGIN + badge_w + WHAT_GAP, middle - up, what_w)
        whats.append(PrizeRow(what, share))
    return tuple(whats), amounts


def _lines(night: Inputs, text: str, width: float, size: float) -> int:
    """The lines `text` takes in bold body type (the widest it is set in) `width` pt wide."""
    font, lines, line = night.font("body", "700"), 1, ""
    for word in text.split():
        longer = f"{line} {word}".strip()
        if line and font.width(longer, size) > width:
            lines, line = lines + 1, word
        else:
            line = longer
    return lines
