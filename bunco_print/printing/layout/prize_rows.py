"""The prize sheet's rows: a prize each, its badge (its amount stamped there, or a star), its
name and note, and a line for its winner; on as many pages as their words need (large print)."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.game.money import share_words
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, Inputs
from bunco_print.printing.layout.geometry import Block, Box, Label, Slot

PRIZES = "prize_sheet"  # the document whose smallest word (base.LARGE_TEXT) the sheet keeps
MARGIN = 54
# Measures in pt; those marked (k) are times --large-print's scale.
# The rows: sized as for ROWS_AT_LEAST prizes when fewer, at most ROW_MAX tall; a prize's
# badge a share of its row, at most BADGE_MAX, its outline BADGE_LINE wide and inset by half.
# Large print: a row at least as tall as its words and ROW_PAD over and under them; the rows
# its first page has no room for go on the next, from FURTHER_TOP.
ROWS_AT_LEAST, ROW_MAX, BADGE_IN_ROW, BADGE_MAX, BADGE_LINE, BADGE_INSET = 3, 124, 0.74, 68, 2, 1
ROW_PAD, FURTHER_TOP, FOOT_ROOM = 4, 54, 40  # FOOT_ROOM: left under the notes
# The winner's write-in line from WINNER_FROM of the width (large print: WINNER_FROM_LARGE, for
# the prizes' larger words), WINNER_DOWN of its row (shares), its WINNER (or WINNERS)
# WINNER_ABOVE (k) over it in a label WINNER_W of the width; the row's rule.
WINNER_FROM, WINNER_FROM_LARGE, WINNER_DOWN, WINNER_W, WINNER_LINE = 0.6, 0.7, 0.72, 0.4, 0.9
ROW_RULE, WINNER_ABOVE, WINNER_SIZE, WINNER_SPACING = 0.7, 22, 6.5, 0.8
# A prize's name and note: WHAT_GAP right of its badge, WHAT_ROOM narrower (the gap and room
# before the winner's line); its top above the row's middle, with a note and without (k).
WHAT_GAP, WHAT_ROOM, WHAT_UP_NOTE, WHAT_UP = 16, 28, 15, 9
# A note's lines (its size NOTE_SIZE, k, as the CSS's): each lifts the name NOTE_HALF (k). The
# name's size NAME_SIZE (k, as the CSS's), the lines WHAT_LEADING ems apart (large print:
# LARGE_LEADING, and every line measured).
NOTE_SIZE, NOTE_HALF, NAME_SIZE, WHAT_LEADING = 9, 6, 16, 1.25
# The amount's slot in its badge (shares of the badge: in, up from the middle, wide, tall);
# its largest size a share of the normal sheet's badge (k).
AMOUNT_INSET, AMOUNT_UP, AMOUNT_W, AMOUNT_H, AMOUNT_SIZE = 0.08, 0.25, 0.84, 0.5, 0.36
# Without a pot, a star in each badge (shares of the badge: in, up from the middle, its side).
STAR_INSET, STAR_UP, STAR_SIDE = 0.18, 0.32, 0.64
# --buy-in none: the currency's symbol at the left of a write-in box, SYMBOL_SIZE of the
# amount's size, SYMBOL_GAP (pt) in from the box's side and before the written amount.
SYMBOL_SIZE, SYMBOL_GAP = 0.55, 3


@dataclass(frozen=True)
class PrizeRow:
    what: Block  # the prize's name and note (its amount is stamped in its badge: prize-i-amount)
    share: str = ""  # --buy-in none: its share in words ("a third of the pot"), written in


@dataclass(frozen=True)
class Rows:
    """A page's prizes: the first's number and how many, the list's top, a row's height, a
    badge's height and width (large print: as wide as its amount needs), the largest size of a
    stamped amount."""

    first: int
    count: int
    top: float
    row_h: float
    badge: float
    badge_w: float
    amount_size: float

    @property
    def prizes(self) -> range:
        return range(self.first, self.first + self.count)

    def y(self, i: int) -> float:
        """Prize i's row's top."""
        return self.top + (i - self.first) * self.row_h

    @property
    def bottom(self) -> float:
        return self.top + self.count * self.row_h


def _row_and_badge(night: Inputs, list_y, notes_h) -> tuple[float, float]:
    """A row's height and its badge's, for a list from list_y over notes notes_h tall."""
    prizes = max(len(night.event.prizes), ROWS_AT_LEAST)
    row_h = min((night.ph - list_y - notes_h - FOOT_ROOM) / prizes, ROW_MAX)
    return row_h, min(row_h * BADGE_IN_ROW, BADGE_MAX)


def what_w(night: Inputs, badge_w: float) -> float:
    """The width of a prize's name and note, between its badge and its winner's line."""
    cw = night.pw - 2 * MARGIN
    return cw * (WINNER_FROM_LARGE if night.large else WINNER_FROM) - badge_w - WHAT_ROOM


def _note(night: Inputs, i: int) -> tuple[str, str]:
    """Prize i's share in words (--buy-in none) and what is said under its name."""
    prize, shares = night.event.prizes[i], {c.id: c.share for c in night.ruleset.prizes}
    share = share_words(shares[prize.id]) if night.amounts_written else ""
    said = f"{share.capitalize()}. {prize.note}" if share else prize.note
    return share, said


def what_h(night: Inputs, i: int, width: float) -> float:
    """Prize i's name and note, set `width` pt wide in large print: their height."""
    share, note = _note(night, i)
    font = night.font("body", "700" if share else "400")  # a share's words are bold
    lines = font.lines(note, width, note_size(night)) if note else 0
    return (NAME_SIZE * night.scale + lines * note_size(night)) * LARGE_LEADING


def note_size(night: Inputs) -> float:
    return night.words(NOTE_SIZE, PRIZES)


def plan_rows(night: Inputs, list_y: float, notes_h: float, normal_badge: float) -> list[Rows]:
    """The prizes' rows, a Rows per page: on the first from list_y over notes notes_h tall;
    in large print, rows as tall as their words need, the prizes the first page has no room
    for on the next pages, the notes under the last page's rows (or on a page of their own:
    a last Rows of none)."""
    n, k = len(night.event.prizes), night.scale
    row_h, badge = _row_and_badge(night, list_y, notes_h)
    amount_size = normal_badge * AMOUNT_SIZE * k
    if not night.large:
        return [Rows(0, n, list_y, row_h, badge, badge * k, amount_size)]
    need = max(what_h(night, i, what_w(night, badge * k)) for i in range(n)) + 2 * ROW_PAD
    if row_h >= need:  # all on one page, the notes under them
        return [Rows(0, n, list_y, row_h, badge, badge * k, amount_size)]
    first_room = night.ph - list_y - FOOT_ROOM
    row_h = min(max(need, first_room / n), ROW_MAX)
    badge = min(row_h * BADGE_IN_ROW, BADGE_MAX)
    pages, first, top = [], 0, list_y
    while first < n:
        count = max(1, min(n - first, int((night.ph - top - FOOT_ROOM) // row_h)))
        pages.append(Rows(first, count, top, row_h, badge, badge * k, amount_size))
        first, top = first + count, FURTHER_TOP
    if pages[-1].bottom + notes_h + FOOT_ROOM > night.ph:  # the notes on a page of their own
        pages.append(Rows(n, 0, FURTHER_TOP, row_h, badge, badge * k, amount_size))
    return pages


def after_symbol(night: Inputs, body: list[str], box: Box, size: float) -> Box:
    """A write-in box with the currency's symbol (none: no symbol) drawn into `body` at its
    left, small and muted: the rest of the box, where the amount is written."""
    symbol = night.event.currency
    if not symbol:
        return box
    size = max(size, night.least(PRIZES))  # large print: at least its smallest word
    font = night.font("body", "700")
    width = font.width(symbol, size) + SYMBOL_GAP
    baseline = night.baseline(box.y, box.h, size, weight="700")
    family = night.family("body")
    body.append(svg.text(box.x + SYMBOL_GAP, baseline, symbol, size, family, 700, night.muted))
    return Box(box.x + width + SYMBOL_GAP, box.y, box.w - width - SYMBOL_GAP, box.h)


def symbols(night: Inputs, rows: Rows) -> list[str]:
    """--buy-in none: the currency's symbol in each prize's badge, where its amount is
    written."""
    body: list[str] = []
    for i in rows.prizes:
        after_symbol(night, body, amount_box(rows, i), rows.amount_size * SYMBOL_SIZE)
    return body


def amount_box(rows: Rows, i: int) -> Box:
    """Prize i's amount: its slot in its badge."""
    top = rows.y(i) + rows.row_h / 2 - rows.badge * AMOUNT_UP
    return Box(
        MARGIN + rows.badge_w * AMOUNT_INSET, top, rows.badge_w * AMOUNT_W, rows.badge * AMOUNT_H
    )


def row_shapes(night: Inputs, rows: Rows) -> str:
    """Each prize's row: its badge, its winner's write-in line, the rule under it."""
    c, badge, row_h, x = night.colors, rows.badge, rows.row_h, MARGIN
    cw = night.pw - 2 * MARGIN
    layer = svg.Layer()
    badge_style = svg.stroke(night.light("accent"), night.frame_width(BADGE_LINE), fill="#ffffff")
    # the winner's write-in line: with --ink-saver in the line colour, as other write-in lines
    winner = svg.stroke(c["line"] if night.theme.ink_saver else c["ink"], WINNER_LINE)
    rule = svg.stroke(c["line"], ROW_RULE)
    inset, line_from = BADGE_INSET, cw * (WINNER_FROM_LARGE if night.large else WINNER_FROM)
    for i in rows.prizes:
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
        layer.add(winner, svg.seg(x + line_from, line_y, x + cw, line_y))
        layer.add(rule, svg.seg(x, y + row_h, x + cw, y + row_h))
    return layer.markup()


def stars(night: Inputs, rows: Rows) -> list[str]:
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
        for i in rows.prizes
    ]


def winner_labels(night: Inputs, rows: Rows) -> tuple[Label, ...]:
    """WINNER (a team sheet's WINNERS; large print: Winner, Winners) over each winner's line,
    as one label of lines."""
    k, cw = night.scale, night.pw - 2 * MARGIN
    if not rows.count:  # a page of notes only
        return ()
    word = "WINNERS" if night.ruleset.sheet_kind == "team" else "WINNER"
    size = night.words(WINNER_SIZE, PRIZES)
    word, spacing = (word.capitalize(), 0.02 * size) if night.large else (word, WINNER_SPACING)
    line_from = cw * (WINNER_FROM_LARGE if night.large else WINNER_FROM)
    return (
        night.label(
            MARGIN + line_from,
            rows.top + rows.row_h * WINNER_DOWN - WINNER_ABOVE * k,  # room to write a name
            "\n".join([word] * rows.count),
            size,
            "lb-b lb-m",
            w=cw * WINNER_W,
            pitch=rows.row_h,
            spacing=spacing,
            ch=night.ph,
        ),
    )


def prize_whats(night: Inputs, rows: Rows) -> tuple[tuple[PrizeRow, ...], list[Slot]]:
    """Each prize's name and note beside its badge, and (with a pot) its amount's slot in it:
    as large as fits, or LONG_AMOUNT."""
    k, badge_w, written = night.scale, rows.badge_w, night.amounts_written
    whats, amounts = [], []
    width = what_w(night, badge_w)
    for i in rows.prizes:
        prize = night.event.prizes[i]
        middle = rows.y(i) + rows.row_h / 2
        if night.event.pot:
            box = amount_box(rows, i)
            amounts.append(Slot(f"prize-{i}-amount", box, "number", i, size=rows.amount_size))
        elif written:  # the amount written in, by the currency's symbol
            box = after_symbol(night, [], amount_box(rows, i), rows.amount_size * SYMBOL_SIZE)
            amounts.append(Slot(f"prize-{i}-amount", box, "field", i, size=rows.amount_size))
        share, said = _note(night, i)
        up = (WHAT_UP_NOTE if prize.note else WHAT_UP) * k
        if night.large:  # every line measured: the block centred in its row
            up = what_h(night, i, width) / 2
        elif share:  # the share, then the note: as many lines as they take, centred
            lines = night.font("body", "700").lines(said, width, NOTE_SIZE * k)
            up = (WHAT_UP + NOTE_HALF * lines) * k
        what = Block(MARGIN + badge_w + WHAT_GAP, middle - up, width)
        whats.append(PrizeRow(what, share))
    return tuple(whats), amounts
