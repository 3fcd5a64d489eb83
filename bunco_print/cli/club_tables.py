"""The club commands' tables for a terminal: standings, ledger, year-end prizes, schedule."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table

from bunco_print.cli.report import plain
from bunco_print.club.config import Club
from bunco_print.club.schedule import Month
from bunco_print.club.standings import LedgerLine, Row
from bunco_print.club.year_end import YearEnd
from bunco_print.game.money import format_money


def _table(title: str, *columns: str) -> Table:
    table = Table(
        title=plain(title),
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    for column in columns:
        words = column in ("Name", "Role", "Host", "Theme", "Prize", "Who", "Note", "State")
        # numbers and dates are never cut or wrapped; names wrap when the terminal is narrow
        table.add_column(
            column,
            justify="left" if words or column in ("Date", "Night") else "right",
            no_wrap=not words,
            min_width=8 if words else None,
        )
    return table


def standings_table(club: Club, rows: Sequence[Row], nights: int) -> Table:
    minis = ("Minis",) if club.minis else ()
    table = _table(
        f"{club.name} · {club.year} standings after {nights} night(s)",
        "#", "Name", "Role", "Nights", "W", "L", "Buncos", *minis, "Points", "Prizes", "Won",
    )  # fmt: skip
    for r in rows:
        extra = (str(r.mini_buncos),) if club.minis else ()
        table.add_row(
            str(r.rank), plain(r.name), r.role, str(r.nights), str(r.wins), str(r.losses),
            str(r.buncos), *extra, str(r.points), str(r.prizes),
            format_money(r.winnings, club.currency),
        )  # fmt: skip
    return table


def ledger_table(club: Club, lines: Sequence[LedgerLine]) -> Table:
    cur = club.currency
    table = _table(
        f"{club.name} · {club.year} ledger",
        "Date", "Host", "Played", "Buy-ins", "Dues", "Prizes", "To host", "To kitty", "Kitty",
    )  # fmt: skip
    for x in lines:
        money = (x.buy_ins, x.dues, x.prizes_out, x.host_costs, x.to_kitty, x.kitty)
        table.add_row(x.date, plain(x.host), str(x.players), *(format_money(v, cur) for v in money))
    kitty = lines[-1].kitty if lines else 0
    table.caption = plain(f"Year-end pot: {format_money(max(kitty, 0), cur)}")
    return table


def year_end_table(club: Club, result: YearEnd) -> Table:
    table = _table(
        f"{club.name} · {club.year} year-end prizes from {format_money(result.pot, club.currency)}",
        "Prize", "Amount", "Who", "Note",
    )  # fmt: skip
    for a in result.prizes:
        if a.status == "awarded":
            who = ", ".join(
                f"{w} ({format_money(a.paid[w], club.currency)})" if len(a.paid) > 1 else w
                for w in a.winners
            )
        elif a.status == "rolloff":
            who = "roll-off: " + ", ".join(a.tied)
        else:
            who = "not awarded"
        table.add_row(
            plain(a.name), format_money(a.amount, club.currency), plain(who), plain(a.note)
        )
    table.caption = plain(f"Stays in the kitty: {format_money(result.kept, club.currency)}")
    return table


def schedule_table(club: Club, months: Sequence[Month]) -> Table:
    table = _table(f"{club.name} · {club.year} schedule", "Night", "Host", "Theme", "State")
    for m in months:
        table.add_row(f"{m.date:%a %d %b %Y}", plain(m.host), m.theme, m.state)
    return table
