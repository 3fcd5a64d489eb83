"""The host's checklist, a party extra (`--extras`): what to have for this night (counted from
its players, tables and ruleset) beside how the evening runs. One page of two columns; in large
print each part in one column of its own, its rows measured, on as many pages as they need."""

from __future__ import annotations

import re
from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, TEXT_FILL, Inputs
from bunco_print.printing.layout.extras import Line, extra_page, kicker_slot
from bunco_print.printing.layout.geometry import Block, Box, Page, Slot, page_size_css

CHECKLIST = "host_checklist"  # the document whose smallest word (base.LARGE_TEXT) it keeps
MARGIN = 54
MINUTES_A_ROUND = 4  # a round of Bunco takes three to five minutes
SPARE_DICE = 3  # a spare set, for the die that rolls under the sofa
# Measures in pt; those marked (k) are times --large-print's scale (a word's size at least the
# checklist's smallest). Down the page: the kicker ending at KICKER_UNDER, the title
# (TITLE_SIZE, k, in lines TITLE_LINE, k) at TITLE_Y, the parts TITLE_GAP under it: a part's
# head (HEAD_SIZE, k; large print HEAD_GROW times the smallest), its rule RULE_DOWN (k) under
# it, its rows ROWS_DOWN (k) under it, down to MARGIN and FOOT (k) over the page's foot. Two
# columns COL_GAP apart (large print: one, the page's width).
KICKER_UNDER, TITLE_Y, TITLE_SIZE, TITLE_LINE, TITLE_GAP = 92, 96, 34, 40, 18
HEAD_SIZE, HEAD_GROW, RULE_DOWN, ROWS_DOWN, FOOT, COL_GAP = 9, 1.25, 16, 26, 26, 24
# A thing to have: its box (BOX_SIDE, k), its count (COUNT_W by COUNT_H, k) and its words
# (NEED_SIZE, its why WHY_SIZE, k) in a row at most NEED_MAX (k) tall.
BOX_SIDE, COUNT_W, COUNT_H, NEED_SIZE, WHY_SIZE, NEED_MAX = 11, 30, 17, 11, 8.5, 58
# A step of the evening: its time (TIME_W, k, at STEP_SIZE, k) right-aligned before the track
# TRACK_IN (k) to its right, its words MOMENT_PAD (k) past the time's column, a row at most
# STEP_MAX (k) tall. Large print: ROW_GAP between rows, a step's note after its words.
TIME_W, STEP_SIZE, TRACK_IN, MOMENT_PAD, STEP_MAX, ROW_GAP = 52, 10, 11, 22, 46, 10
NEED_LINE, WHY_LINE, STEP_LINE = 1.25, 1.3, 1.25  # the words' lines, em (large print: 1.4)


@dataclass(frozen=True)
class Need:
    """One thing to have: how many, what, and why (already worded)."""

    count: str
    what: str
    why: str


@dataclass(frozen=True)
class Moment:
    """One step of the evening: when (a clock time, or minutes from the start), what, how long."""

    when: str
    what: str
    note: str


def needs(night: Inputs) -> tuple[Need, ...]:
    """What to buy and set up for this night, counted from its players, tables and ruleset
    (the counts are stamped: the words are the same for any number of tables but one)."""
    event, ruleset = night.event, night.ruleset
    tables, players = len(event.tables), event.players
    head = ruleset.table_called(1, tables)
    dice = 3 * tables + SPARE_DICE
    word = ruleset.word
    one = tables == 1  # a one-table night's words say so
    items = [
        Need(
            str(tables),
            "table" if one else "tables",
            f"{'it' if one else 'each'} seats four: two teams of two, partners face to face",
        ),
        Need(str(players), "chairs", f"one a player, four at {'the' if one else 'each'} table"),
        Need(str(dice), "dice", f"three a table, plus a spare set of {SPARE_DICE}"),
        Need(str(players), "pencils or pens", "one a player, for score sheets and tally pads"),
        Need("1", "bell", f"at the {head}: it starts every round and ends it"),
    ]
    if ruleset.traveler:
        token = ruleset.traveler_token
        items.append(Need("1", token, f"it goes to whoever rolls a {word}; its holder wins"))
    prizes = len(event.prizes)
    if event.pot or night.amounts_written:
        why = "the pot, split as the prize sheet shows: an envelope and change"
    else:
        why = "one for each category on the prize sheet"
    items.append(Need(str(prizes), "prizes" if prizes != 1 else "prize", why))
    items.append(Need("", "snacks and drinks", "something to eat before play and at the break"))
    return tuple(items)


_CLOCK = re.compile(r"\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?\s*", re.IGNORECASE)


def start_minutes(time: str) -> tuple[int, bool] | None:
    """`7:00 pm`, `7pm`, `19:00` as minutes after midnight and whether it was said am/pm; None
    when the text is not a plain clock time (the timeline then counts from the start)."""
    found = _CLOCK.fullmatch(time or "")
    if not found:
        return None
    hour, minute, half = int(found[1]), int(found[2] or 0), (found[3] or "").lower()
    if minute > 59 or hour > 23 or (half and not 1 <= hour <= 12):
        return None
    if not half and found[2] is None:
        return None  # a bare "7" could be anything
    if half:
        hour = hour % 12 + (12 if half == "p" else 0)
    return hour * 60 + minute, bool(half)


def _clock(minutes: int, twelve: bool) -> str:
    hour, minute = divmod(minutes % (24 * 60), 60)
    if twelve:
        return f"{(hour - 1) % 12 + 1}:{minute:02d} {'pm' if hour >= 12 else 'am'}"
    return f"{hour}:{minute:02d}"


def evening(night: Inputs, time: str = "") -> tuple[Moment, ...]:
    """The evening step by step, from the ruleset's sets, rounds and breaks: clock times when
    the invitation's time is a clock time, else minutes from the start."""
    event, ruleset = night.event, night.ruleset
    word = ruleset.word
    set_minutes = -(-event.rounds_per_set * MINUTES_A_ROUND // 5) * 5
    plan = [
        ("Guests arrive", "sign in, pay, pick a score sheet", 15),
        ("Eat and mingle", "food first: the dice need both hands", 30),
        ("The rules", f"scoring, the bell, calling “{word}!”", 10),
    ]
    for n in range(1, event.sets + 1):
        plan.append(
            (f"Set {n}", f"{event.rounds_per_set} rounds, about {set_minutes} min", set_minutes)
        )
        if n in ruleset.break_after_sets and (n < event.sets or ruleset.group_tables):
            plan.append(("Break", "dessert and a stretch", 15))
    if ruleset.group_tables:  # a tournament: the qualifiers play on, then the final table
        plan.append(("Semi-final", "the qualifiers play one more set", set_minutes))
        plan.append(("Final table", "four players; first to roll three of a kind wins", 10))
    plan.append(("Prizes", "add up the sheets, roll off any ties", 15))
    start = start_minutes(time)

    def when(at: int) -> str:
        return f"{at // 60}:{at % 60:02d}" if start is None else _clock(start[0] + at, start[1])

    moments, at = [], 0
    for what, note, minutes in plan:
        moments.append(Moment(when(at), what, note))
        at += minutes
    moments.append(Moment(when(at), "Goodnight", "dice away till next time"))
    return tuple(moments)


@dataclass(frozen=True)
class Part:
    """A part of the checklist on a page: its head, and its rows (things to have, or the
    evening's steps), each a block (its left, top, width and height) and what it says."""

    head: Line
    needs: tuple[tuple[Block, Need], ...] = ()
    steps: tuple[tuple[Block, Moment], ...] = ()


@dataclass(frozen=True)
class ChecklistSheet:
    """A page of the checklist: the title, and its parts."""

    page: Page
    title: Line
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class ChecklistPages:
    """The checklist's pages, and the sizes (pt) and lines (em) of its words for the CSS."""

    size: str
    sheets: tuple[ChecklistSheet, ...]
    need_size: float
    why_size: float
    step_size: float
    time_w: float  # the time's column, pt
    moment_pad: float  # the step's words past it, pt
    need_line: float = NEED_LINE
    why_line: float = WHY_LINE
    step_line: float = STEP_LINE

    @property
    def pages(self) -> tuple[Page, ...]:
        return tuple(sheet.page for sheet in self.sheets)

    @property
    def needs(self) -> tuple[tuple[Block, Need], ...]:
        """Every thing to have, as placed (the first page's, on one page)."""
        return tuple(row for sheet in self.sheets for part in sheet.parts for row in part.needs)


@dataclass(frozen=True)
class _Sizes:
    """The checklist's measures for this night: the words' sizes and lines, the boxes'."""

    need: float
    why: float
    step: float
    head: float
    need_line: float
    why_line: float
    step_line: float
    box: float
    count_w: float
    count_h: float
    time_w: float
    moment_pad: float


def _sizes(night: Inputs) -> _Sizes:
    k, large, words = night.scale, night.large, night.words
    step = words(STEP_SIZE, CHECKLIST)
    bold = night.font("body", "700")
    time_w = max(TIME_W * k, bold.width("12:00 pm", step) + 2) if large else TIME_W * k
    # large print: a count's slot tall enough for its number at the smallest word (text_slot)
    least, display = night.least(CHECKLIST), night.font("display")
    count_h = max(COUNT_H * k, least / TEXT_FILL, least * display.line) if large else COUNT_H * k
    return _Sizes(
        words(NEED_SIZE, CHECKLIST),
        words(WHY_SIZE, CHECKLIST),
        step,
        night.least(CHECKLIST) * HEAD_GROW if large else HEAD_SIZE * k,
        LARGE_LEADING if large else NEED_LINE,
        LARGE_LEADING if large else WHY_LINE,
        LARGE_LEADING if large else STEP_LINE,
        BOX_SIDE * k,
        COUNT_W * k,
        count_h,
        time_w,
        MOMENT_PAD * k,
    )


def checklist_pages(night: Inputs, date: str, time: str = "") -> ChecklistPages:
    """What to have (counted for this night) beside how the evening runs: on one page, or in
    large print each in a column of its own on as many pages as its rows need."""
    k, pw, ph = night.scale, night.pw, night.ph
    cw, sizes = pw - 2 * MARGIN, _sizes(night)
    top = TITLE_Y + TITLE_LINE * k + TITLE_GAP
    room = ph - MARGIN - top - ROWS_DOWN * k - FOOT * k
    items, steps = needs(night), evening(night, time)
    if night.large:  # each part a column the page's width, its rows as tall as their words
        need_rows = [(n, need, _need_h(night, sizes, need, cw)) for n, need in enumerate(items)]
        step_rows = [(n, step, _step_h(night, sizes, step, cw)) for n, step in enumerate(steps)]
        plan = [[("needs", MARGIN, cw, rows)] for rows in _flow(need_rows, room)]
        plan += [[("steps", MARGIN, cw, rows)] for rows in _flow(step_rows, room)]
    else:  # two columns, the rows sharing each one's height
        left_w = (cw - COL_GAP) * 0.5
        need_h = min(room / len(items), NEED_MAX * k)
        step_h = min(room / len(steps), STEP_MAX * k)
        right_x = MARGIN + left_w + COL_GAP
        plan = [
            [
                ("needs", MARGIN, left_w, [(n, item, need_h) for n, item in enumerate(items)]),
                (
                    "steps",
                    right_x,
                    cw - left_w - COL_GAP,
                    [(n, s, step_h) for n, s in enumerate(steps)],
                ),
            ]
        ]
    sheets = tuple(
        _sheet(night, sizes, date, number, parts, top) for number, parts in enumerate(plan)
    )
    return ChecklistPages(
        page_size_css(night.paper), sheets, sizes.need, sizes.why, sizes.step, sizes.time_w,
        sizes.moment_pad, sizes.need_line, sizes.why_line, sizes.step_line,
    )  # fmt: skip


def _flow(rows: list[tuple], room: float) -> list[list[tuple]]:
    """Rows (each (its number, what, its height)) in pages `room` pt tall: as many on each as
    fit."""
    pages: list[list[tuple]] = [[]]
    used = 0.0
    for row in rows:
        if pages[-1] and used + row[-1] > room:
            pages.append([])
            used = 0.0
        pages[-1].append(row)
        used += row[-1]
    return pages


def _need_h(night: Inputs, sizes: _Sizes, need: Need, cw: float) -> float:
    """A thing to have's row in large print: its words' lines and its why's, and a gap."""
    width = cw - sizes.box - 6 - (sizes.count_w + 5 if need.count else 0)
    what = night.font("body", "700").lines(need.what, width, sizes.need)
    why = night.font("body").lines(need.why, width, sizes.why)
    return what * sizes.need * sizes.need_line + why * sizes.why * sizes.why_line + ROW_GAP


def _step_h(night: Inputs, sizes: _Sizes, step: Moment, cw: float) -> float:
    """A step's row in large print: its words and its note on as many lines as they take (in
    bold, the wider), and a gap."""
    width = cw - sizes.time_w - sizes.moment_pad
    lines = night.font("body", "700").lines(f"{step.what} {step.note}", width, sizes.step)
    return lines * sizes.step * sizes.step_line + ROW_GAP


def _sheet(night: Inputs, sizes: _Sizes, date: str, number: int, parts, top) -> ChecklistSheet:
    """Page `number`: the art, the kicker and the title, then each part (its kind, left, width
    and rows) under its head and rule."""
    k, pw, cw = night.scale, night.pw, night.pw - 2 * MARGIN
    body = [
        svg.image(night.art("corner"), 26, 26, 64, 64, opacity=night.art_opacity),
        svg.image(night.art("corner"), -(pw - 26), 26, 64, 64, "scale(-1 1)", night.art_opacity),
        svg.image(night.art("dice"), pw / 2 - 40, 40, 80, 33.6, opacity=night.art_opacity),
    ]
    layer = svg.Layer()
    slots = [
        kicker_slot(night, f"hc-{number}-kicker", Block(MARGIN, KICKER_UNDER, cw), date, CHECKLIST)
    ]
    title = Line(Block(MARGIN, TITLE_Y, cw, TITLE_SIZE * k, line=TITLE_LINE * k), "Host checklist")
    placed = []
    for kind, x, w, rows in parts:
        words = "What to have tonight" if kind == "needs" else "How the evening runs"
        head = Line(Block(x, top, w, sizes.head), words if night.large else words.upper())
        layer.add(
            svg.stroke(night.frame, 1.2),
            svg.seg(x, top + RULE_DOWN * k, x + w, top + RULE_DOWN * k),
        )
        y0 = top + ROWS_DOWN * k
        if kind == "needs":
            placed.append(Part(head, needs=_needs(night, sizes, layer, slots, x, w, y0, rows)))
        else:
            placed.append(Part(head, steps=_steps(night, sizes, layer, slots, x, w, y0, rows)))
    body.append(layer.markup())
    page = extra_page(night, f"host_checklist-page-{number}", body, slots)
    return ChecklistSheet(page, title, tuple(placed))


def _needs(night: Inputs, sizes: _Sizes, layer, slots: list[Slot], x, w, y, rows):
    """The things to have from y down: a box to tick, the count (a slot), the words."""
    c = night.colors
    box, sep = svg.stroke(c["ink"], 1.1), svg.stroke(c["line"], 0.6, night.rule_dash)
    # the box and the count centred on the first line (large print), as the normal sheet has them
    first = sizes.need * sizes.need_line
    box_y = y + (first - sizes.box) / 2 if night.large else y + 4
    count_y = y + (first - sizes.count_h) / 2 if night.large else y + 1.5 * night.scale - 3
    placed = []
    for index, item, h in rows:
        layer.add(box, svg.rrect(x, box_y, sizes.box, sizes.box, 2))
        if placed:
            layer.add(sep, svg.seg(x, y - 4, x + w, y - 4))
        words_x = x + sizes.box + 6
        if item.count:
            count = Box(words_x, count_y, sizes.count_w, sizes.count_h)
            slots.append(night.text_slot(f"need-{index}", count, "number", index, item.count))
            words_x += sizes.count_w + 5
        placed.append((Block(words_x, y, x + w - words_x, night.scale, h=h), item))
        y, box_y, count_y = y + h, box_y + h, count_y + h
    return tuple(placed)


def _steps(night: Inputs, sizes: _Sizes, layer, slots: list[Slot], x, w, y, rows):
    """The evening's steps from y down, on a track: a dot, the time (stamped), the words."""
    c, k = night.colors, night.scale
    dot, track = svg.fill(night.light("accent")), svg.stroke(c["line"], 1.4)
    line_x = x + sizes.time_w + TRACK_IN * k
    mid = sizes.step * (sizes.step_line / 2 + 0.15)  # the first line's words' middle
    last = y + sum(h for *_step, h in rows[:-1])
    layer.add(track, svg.seg(line_x, y + mid, line_x, last + mid))
    placed = []
    for n, step, h in rows:
        r = (4.5 if step.what.startswith("Set") else 3.2) * k
        layer.add(dot, svg.rrect(line_x - r, y + mid - r, 2 * r, 2 * r, r))
        placed.append((Block(x, y, w, k, h=h), step))
        when = Block(x, y, sizes.time_w)  # its time, stamped (--time is the night's)
        slots.append(
            night.words_in(
                f"step-{n}-when",
                when,
                step.when,
                sizes.step,
                "accent",
                n,
                weight="700",
                align="right",
                line=sizes.step_line,
            )
        )  # fmt: skip
        y += h
    return tuple(placed)
