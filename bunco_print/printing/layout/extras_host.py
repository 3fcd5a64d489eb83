"""The host's own extras: a checklist for this night (what to have, how the evening runs) and a
sign-in sheet (names and buy-ins paid), counted from the night and its ruleset."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs, kicker_case, kicker_spacing, titled
from bunco_print.printing.layout.extras import Line, extra_page
from bunco_print.printing.layout.geometry import Block, Box, Page, Slot, page_size_css

MARGIN = 54
MINUTES_A_ROUND = 4  # a round of Bunco takes three to five minutes
SPARE_DICE = 3  # a spare set, for the die that rolls under the sofa


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


@dataclass(frozen=True)
class ChecklistPage:
    page: Page
    size: str
    title: Line
    needs_head: Line
    needs: tuple[tuple[Block, Need], ...]
    evening_head: Line
    evening: tuple[tuple[Block, Moment], ...]
    scale: float = 1.0


@dataclass(frozen=True)
class SignInPage:
    """One page of rows; every page of the sheet is this one, its rows' numbers and names
    stamped (slots r{i}-number and r{i}-name), so it is the same for any number of players."""

    page: Page
    size: str
    title: Line
    heads: tuple[Line, ...]  # "#", "NAME", "PAID"
    rows: tuple[Block, ...]  # each row's top and height
    total: Line  # the page's total, at its foot
    scale: float = 1.0


def needs(night: Inputs) -> tuple[Need, ...]:
    """What to buy and set up for this night, counted from its players, tables and ruleset
    (the counts are stamped: the words are the same for any number of players)."""
    event, ruleset = night.event, night.ruleset
    tables, players = len(event.tables), event.players
    head = event.table(1).name
    dice = 3 * tables + SPARE_DICE
    word = ruleset.word
    items = [
        Need(str(tables), "tables", "each seats four: two teams of two, partners face to face"),
        Need(str(players), "chairs", "one a player, four at each table"),
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


def checklist_page(night: Inputs, date: str, time: str = "") -> ChecklistPage:
    """One page: what to have (counted for this night) beside how the evening runs."""
    event, c, k = night.event, night.colors, night.scale
    pw, ph = night.pw, night.ph
    mx, cw = MARGIN, pw - 2 * MARGIN
    body = [
        svg.image(night.art("corner"), 26, 26, 64, 64, opacity=night.art_opacity),
        svg.image(night.art("corner"), -(pw - 26), 26, 64, 64, "scale(-1 1)", night.art_opacity),
        svg.image(night.art("dice"), pw / 2 - 40, 40, 80, 33.6, opacity=night.art_opacity),
    ]
    layer = svg.Layer()
    slots = [kicker_slot(night, "hc-kicker", Block(mx, 84, cw), titled(event.title, date))]
    title = Line(Block(mx, 96, cw, 34 * k, line=40 * k), "Host checklist")
    top = 96 + 40 * k + 18
    col_gap = 24
    left_w = (cw - col_gap) * 0.5
    right_x, right_w = mx + left_w + col_gap, cw - left_w - col_gap
    items = needs(night)
    steps = evening(night, time)
    room = ph - MARGIN - top - 26 * k
    need_h = min(room / len(items), 58 * k)
    step_h = min(room / len(steps), 46 * k)
    heads = (
        Line(Block(mx, top, left_w, 9 * k), "WHAT TO HAVE TONIGHT"),
        Line(Block(right_x, top, right_w, 9 * k), "HOW THE EVENING RUNS"),
    )
    rule = svg.stroke(night.frame, 1.2)
    layer.add(rule, svg.seg(mx, top + 16 * k, mx + left_w, top + 16 * k))
    layer.add(rule, svg.seg(right_x, top + 16 * k, mx + cw, top + 16 * k))
    y0 = top + 26 * k
    box, sep = svg.stroke(c["ink"], 1.1), svg.stroke(c["line"], 0.6, night.rule_dash)
    placed_needs = []
    side, count_w = 11 * k, 30 * k
    for n, item in enumerate(items):
        y = y0 + n * need_h
        layer.add(box, svg.rrect(mx, y + 4, side, side, 2))
        if n:
            layer.add(sep, svg.seg(mx, y - 4, mx + left_w, y - 4))
        words_x = mx + side + 6
        if item.count:
            count = Box(words_x, y + 1.5 * k - 3, count_w, 17 * k)
            slots.append(night.text_slot(f"need-{n}", count, "number", n, item.count))
            words_x += count_w + 5
        placed_needs.append((Block(words_x, y, mx + left_w - words_x, k, h=need_h), item))
    dot, track = svg.fill(night.light("accent")), svg.stroke(c["line"], 1.4)
    time_w = 52 * k
    line_x = right_x + time_w + 11 * k
    layer.add(track, svg.seg(line_x, y0 + 8, line_x, y0 + (len(steps) - 1) * step_h + 8))
    placed_steps = []
    for n, step in enumerate(steps):
        y = y0 + n * step_h
        r = 4.5 * k if step.what.startswith("Set") else 3.2 * k
        layer.add(dot, svg.rrect(line_x - r, y + 8 - r, 2 * r, 2 * r, r))
        placed_steps.append((Block(right_x, y, right_w, k, h=step_h), step))
        when = Block(right_x, y, time_w)  # its time, stamped (--time is the night's)
        slots.append(
            night.words_in(
                f"step-{n}-when",
                when,
                step.when,
                10 * k,
                "accent",
                n,
                weight="700",
                align="right",
                line=1.25,
            )
        )
    body.append(layer.markup())
    page = extra_page(night, "host_checklist-page-0", body, slots)
    return ChecklistPage(
        page,
        page_size_css(night.paper),
        title,
        heads[0],
        tuple(placed_needs),
        heads[1],
        tuple(placed_steps),
        k,
    )


def kicker_slot(night: Inputs, slot_id: str, at: Block, text: str) -> Slot:
    """A page's kicker (the night's title and date in small capitals, large print in their own
    case; centred, 8 pt), stamped."""
    return night.words_in(
        slot_id,
        at,
        kicker_case(night, text),
        8 * night.scale,
        "muted",
        weight="700",
        align="center",
        line=1,
        spacing=kicker_spacing(night),
    )


def sign_in_rows(night: Inputs) -> int:
    """Rows a sign-in page holds: 24 at 24pt, fewer when --large-print makes them taller."""
    top, bottom = 178 * night.scale, MARGIN + 40
    return int((night.ph - top - bottom) // (24 * night.scale))


@dataclass(frozen=True)
class SignInTable:
    """A sign-in page's table: its rows' top and height, its head's height, and the number,
    name and paid columns' lefts and widths."""

    top: float
    row_h: float
    head_h: float
    num_w: float
    name_x: float
    name_w: float
    paid_x: float
    paid_w: float


def _sign_in_table(night: Inputs) -> SignInTable:
    k, mx, cw = night.scale, MARGIN, night.pw - 2 * MARGIN
    num_w, paid_w = 34 * k, 118 * k
    return SignInTable(
        178 * k, 24 * k, 22 * k, num_w, mx + num_w, cw - num_w - paid_w, mx + cw - paid_w, paid_w
    )


def sign_in_page(night: Inputs, date: str) -> SignInPage:
    """A page of ruled rows: the row's number and a name (stamped), a box to tick when the
    buy-in is paid and its amount. As many pages as the players need, the rows past the last
    player numbered on, for whoever comes late."""
    event, c, k = night.event, night.colors, night.scale
    pw = night.pw
    mx, cw = MARGIN, pw - 2 * MARGIN
    per_page = sign_in_rows(night)
    amount = format_money(event.buy_in, event.currency) if event.buy_in else ""
    if night.amounts_written:  # --buy-in none: the symbol by the box, the amount written on
        amount = event.currency
    t = _sign_in_table(night)
    top, head_h, name_x, paid_x, paid_w = t.top, t.head_h, t.name_x, t.paid_x, t.paid_w
    body = [
        svg.image(night.art("corner"), 26, 26, 56, 56, opacity=night.art_opacity),
        svg.image(night.art("corner"), -(pw - 26), 26, 56, 56, "scale(-1 1)", night.art_opacity),
    ]
    layer = svg.Layer()
    head_fill = svg.stroke(night.frame, 1.2, fill="none" if night.theme.ink_saver else c["soft"])
    layer.add(head_fill, svg.rrect(mx, top - head_h, cw, head_h, 4))
    side = 11 * k
    rows, slots = [], []
    for i in range(per_page):
        rows.append(_sign_in_row(night, layer, t, i, side, slots))
    grid = svg.stroke(c["line"], 0.7)
    bottom = top + per_page * t.row_h
    layer.add(grid, svg.seg(name_x, top - head_h, name_x, bottom))
    layer.add(grid, svg.seg(paid_x, top - head_h, paid_x, bottom))
    total_y = bottom + 30 * k
    layer.add(svg.stroke(c["ink"], 0.8), svg.seg(paid_x, total_y, mx + cw, total_y))
    body.append(layer.markup())
    tick = (
        f"{amount} a player · tick the box when paid" if amount else "tick the box as each arrives"
    )
    if night.amounts_written:
        tick = "tick the box and write what each paid"
    # the night's words, stamped: its title and date, the buy-in, each row's amount
    slots.append(kicker_slot(night, "si-kicker", Block(mx, 70, cw), titled(event.title, date)))
    intro = Block(mx, 84 + 40 * k + 6, cw)
    slots.append(night.words_in("si-intro", intro, tick, 10 * k, "ink", align="center", line=1.2))
    paid = Block(paid_x + 12 + side + 7, 0, paid_w - 30 - side, 11 * k)
    if amount:
        slots += [
            night.words_in(
                f"r{i}-paid",
                replace(paid, y=row.y),
                amount,
                paid.size,
                "ink",
                i,
                line=row.line / paid.size,
            )
            for i, row in enumerate(rows)
        ]
    head_y = top - head_h
    return SignInPage(
        extra_page(night, "sign_in_sheet-page-0", body, slots),
        page_size_css(night.paper),
        Line(Block(mx, 84, cw, 34 * k, line=40 * k), "Sign in here"),
        (
            Line(Block(mx, head_y, t.num_w - 8, 8 * k, line=head_h), "#"),
            Line(Block(name_x + 10, head_y, t.name_w - 10, 8 * k, line=head_h), "NAME"),
            Line(Block(paid_x + 12, head_y, paid_w - 12, 8 * k, line=head_h), "PAID"),
        ),
        tuple(rows),
        Line(Block(mx, total_y - 14 * k, cw - paid_w - 10, 10 * k), "PAGE TOTAL"),
        k,
    )


def _sign_in_row(night: Inputs, layer: svg.Layer, t: SignInTable, i: int, side, slots) -> Block:
    """Row i: its rule and the box to tick, its number's and name's slots (into `slots`)."""
    c, mx, cw, row_h = night.colors, MARGIN, night.pw - 2 * MARGIN, t.row_h
    y = t.top + i * row_h
    layer.add(
        svg.stroke(c["line"], 0.7, night.rule_dash), svg.seg(mx, y + row_h, mx + cw, y + row_h)
    )
    box = svg.rrect(t.paid_x + 12, y + (row_h - side) / 2, side, side, 2)
    layer.add(svg.stroke(c["ink"], 1), box)
    inset = row_h * 0.22
    slots += [
        night.text_slot(
            f"r{i}-number",
            Box(mx, y + inset, t.num_w - 8, row_h - 2 * inset),
            "label",
            i,
            str(i + 1),
            role="caption",
        ),
        night.text_slot(
            f"r{i}-name",
            Box(t.name_x + 8, y + 3, t.name_w - 16, row_h - 6),
            "name",
            i,
            role="name",
        ),
    ]
    return Block(mx, y, cw, line=row_h, h=row_h)
