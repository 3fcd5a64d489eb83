"""The sign-in sheet, a party extra (`--extras`): a row a player for the name and a box to tick
when the buy-in is paid, on as many pages as the players need. Large print: every word at least
the sheet's smallest (base.LARGE_TEXT), as a score sheet's, the rows taller and fewer."""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.extras import Line, extra_page, kicker_slot
from bunco_print.printing.layout.geometry import Block, Box, Page, page_size_css

SIGN_IN = "sign_in_sheet"  # the document whose smallest word (base.LARGE_TEXT) it keeps
MARGIN = 54


@dataclass(frozen=True)
class SignInPage:
    """One page of rows; every page of the sheet is this one, its rows' numbers and names
    stamped (slots r{i}-number and r{i}-name), so it is the same for any number of players."""

    page: Page
    size: str
    title: Line
    heads: tuple[Line, ...]  # "#", "NAME", "PAID" (large print: "Name", "Paid")
    rows: tuple[Block, ...]  # each row's top and height
    total: Line  # the page's total, at its foot
    scale: float = 1.0


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
    slots.append(kicker_slot(night, "si-kicker", Block(mx, 78, cw), date, SIGN_IN))
    intro, intro_size = Block(mx, 84 + 40 * k + 6, cw), night.words(10, SIGN_IN)
    slots.append(
        night.words_in("si-intro", intro, tick, intro_size, "ink", align="center", line=1.2)
    )
    paid = Block(paid_x + 12 + side + 7, 0, paid_w - 30 - side, night.words(11, SIGN_IN))
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
    head_y, head_size, total_size = top - head_h, night.words(8, SIGN_IN), night.words(10, SIGN_IN)
    case = str if night.large else str.upper
    return SignInPage(
        extra_page(night, "sign_in_sheet-page-0", body, slots),
        page_size_css(night.paper),
        Line(Block(mx, 84, cw, 34 * k, line=40 * k), "Sign in here"),
        (
            Line(Block(mx, head_y, t.num_w - 8, head_size, line=head_h), "#"),
            Line(Block(name_x + 10, head_y, t.name_w - 10, head_size, line=head_h), case("Name")),
            Line(Block(paid_x + 12, head_y, paid_w - 12, head_size, line=head_h), case("Paid")),
        ),
        tuple(rows),
        Line(Block(mx, total_y - 14 * k, cw - paid_w - 10, total_size), case("Page total")),
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
    inset = 3 if night.large else row_h * 0.22  # large print: the number as tall as a name
    name = night.text_slot(
        f"r{i}-name", Box(t.name_x + 8, y + 3, t.name_w - 16, row_h - 6), "name", i, role="name"
    )
    slots += [
        night.text_slot(
            f"r{i}-number",
            Box(mx, y + inset, t.num_w - 8, row_h - 2 * inset),
            "label",
            i,
            str(i + 1),
            role="caption",
        ),
        replace(name, least=night.least(SIGN_IN) if night.large else 0.0),
    ]
    return Block(mx, y, cw, line=row_h, h=row_h)
