"""The engine's results in the terminal, as rich tables.

Everything a user wrote (names, sheet labels, file names quoted in messages) reaches the
tables as `plain` Text: never read as Rich markup, control characters shown, not sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bunco_print.cli.fields import flag, worded
from bunco_print.game.money import format_money as money
from bunco_print.game.night import Night
from bunco_print.game.values import counted

if TYPE_CHECKING:  # the engine's types: a pack's report loads none of it
    from bunco_print.engine.awards import Settlement, Standing
    from bunco_print.engine.ties import Award
    from bunco_print.engine.validate import Validation

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def plain(text: object, style: str = "") -> Text:
    """`text` exactly as written: no markup, no emoji codes, no terminal control sequences."""
    shown = CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode(), str(text))
    return Text(shown, style=style)


def headline(night: Night) -> Text:
    ghosts = f", {counted(night.ghosts, 'ghost')}" if night.ghosts else ""
    event = f"  [{night.event_id}]" if night.event_id else ""
    return plain(
        f"{night.ruleset.name}: {night.players} players, {counted(len(night.tables), 'table')}"
        f"{ghosts}, {night.rounds} rounds{event}"
    )


def verdict(validation: Validation) -> Text:
    rows = validation.totals.sheets
    if validation.valid:
        wins = sum(r.wins for r in rows)
        buncos = sum(r.buncos for r in rows)
        text = f"The totals hold together: {len(rows)} sheets, {wins:g} wins, {buncos:g} Buncos."
        if validation.warnings:
            text += f" {counted(len(validation.warnings), 'warning')} to look at."
        return plain(text, style="bold green")
    count = len(validation.errors)
    return plain(f"The totals do not hold together: {counted(count, 'error')}.", style="bold red")


def problems_table(validation: Validation) -> Table | None:
    items = [("error", p) for p in validation.errors]
    items += [("warning", p) for p in validation.warnings]
    if not items:
        return None
    table = Table(title="Problems", title_justify="left", expand=False)
    table.add_column("", no_wrap=True)
    table.add_column("sheet", justify="right")
    table.add_column("code", no_wrap=True)
    table.add_column("what is wrong")
    for kind, p in items:
        style = "red" if kind == "error" else "yellow"
        table.add_row(plain(kind, style), plain(p.sheet or "-"), plain(p.code), plain(p.message))
    return table


def standings_table(
    rows: Iterable[Standing], night: Night, limit: int | None = None, prizes: bool = True
) -> Table:
    rows = list(rows)
    shown = rows[:limit] if limit else rows
    title = "Standings" + (f" (top {limit} of {len(rows)})" if len(shown) < len(rows) else "")
    table = Table(title=plain(title), title_justify="left")
    names = any(s.sheet.name or night.names.get(s.sheet.sheet) for s in rows)
    columns = [("#", "right"), ("team card" if night.team_cards else "sheet", "right")]
    columns += [("name", "left")] * names
    columns += [("wins", "right"), ("losses", "right"), ("Buncos", "right")]
    columns += [("minis", "right")] * night.ruleset.track_mini_buncos + [("won", "right")] * prizes
    for name, justify in columns:
        table.add_column(name, justify=justify)
    for s in shown:
        r = s.sheet
        cells = [str(s.rank), r.sheet + (" *" if r.traveler == 1 else "")]
        cells += [r.name or night.names.get(r.sheet, "")] * names
        cells += [f"{r.wins:g}", f"{r.losses:g}", f"{r.buncos:g}"]
        cells += [f"{r.mini_buncos:g}"] * night.ruleset.track_mini_buncos
        cells += [money(s.won, night.currency) if s.won else ""] * prizes
        table.add_row(*map(plain, cells))
    if any(s.sheet.traveler == 1 for s in rows):
        table.caption = plain(f"* holds the {night.ruleset.traveler_token or 'Traveler'}")
    return table


def _who(a: Award) -> str:
    if a.status == "rolloff":
        return "tied: " + ", ".join(a.tied)
    return ", ".join(a.winners) or "-"


def awards_table(
    title: str, awards: Iterable[Award], currency: str | None, first: str = ""
) -> Table:
    """Prizes with their amounts in `currency` (none: seats, or prizes whose amounts are not
    known: `first` names the column)."""
    from bunco_print.nights.results import STATUS, details  # the engine's: not for a pack

    table = Table(title=plain(title), title_justify="left")
    table.add_column(first or ("prize" if currency else "seat"))
    if currency:
        table.add_column("amount", justify="right")
    table.add_column("sheet", no_wrap=False)
    table.add_column("status", no_wrap=True)
    table.add_column("how")
    for a in awards:
        style = {"awarded": "green", "rolloff": "yellow"}.get(a.status, "dim")
        cells = [plain(a.name)] + ([plain(_amount(a, currency))] if currency else [])
        cells += [plain(_who(a)), plain(STATUS[a.status], style), plain(details(a))]
        table.add_row(*cells)
    return table


def _amount(a: Award, currency: str) -> str:
    if len(a.paid) > 1:
        return " + ".join(money(v, currency) for v in a.paid.values())
    return money(a.amount, currency)


def settlement_view(settlement: Settlement, limit: int | None = 30) -> Group:
    night = settlement.validation.night
    parts: list = []
    if settlement.prizes and not night.amounts_known:  # --buy-in none: written in by hand
        title = "Prizes (amounts as written on the prize sheet)"
        parts.append(awards_table(title, settlement.prizes, None, "prize"))
    elif settlement.prizes:
        pot = (
            f"pot {money(night.pot, night.currency)} = {money(night.buy_in, night.currency)}"
            f" x {night.players} players"
        )
        parts.append(awards_table(f"Prizes ({pot})", settlement.prizes, night.currency))
    adv = settlement.advancement
    if adv is not None:
        parts.append(awards_table("Semi-final seats", adv.semi_seats, None))
        if adv.semi is not None:
            parts.append(plain("Semi-final: ") + verdict(adv.semi))
            if (table := problems_table(adv.semi)) is not None:
                parts.append(table)
        if adv.final_seats:
            parts.append(awards_table("Final table", adv.final_seats, None))
        if adv.note:
            parts.append(plain(worded(adv.note, None, flag)))  # `semi FILE`: --semi FILE
    parts.append(standings_table(settlement.standings, night, limit))
    return Group(*parts)
