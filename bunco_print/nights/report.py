"""The engine's results as a stable JSON document, as rich tables, and as a printed sheet.

Everything a user wrote (names, sheet labels, file names quoted in messages) reaches the
tables as `plain` Text: never read as Rich markup, control characters shown, not sent.

The JSON shape is documented in README.md ("Settling the night") and kept stable: keys are
only ever added.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Iterable
from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from bunco_print.engine.awards import Settlement, Standing, standings
from bunco_print.engine.ties import Award
from bunco_print.engine.tournament import Advancement
from bunco_print.engine.validate import Problem, Validation
from bunco_print.errors import BuncoError, InputError
from bunco_print.game.money import format_money
from bunco_print.game.night import Night

STATUS = {"awarded": "awarded", "rolloff": "roll-off needed", "unawarded": "not awarded"}


# --- JSON ------------------------------------------------------------------------------------


def to_json(validation: Validation, settlement: Settlement | None = None, **extra: Any) -> dict:
    """The machine-readable result of validate, prizes or simulate."""
    rows = settlement.standings if settlement else standings(validation, ())
    data = {
        "valid": settlement.valid if settlement else validation.valid,
        "errors": [_problem(p) for p in validation.errors],
        "warnings": [_problem(p) for p in validation.warnings],
        "prizes": [_award(a) for a in settlement.prizes] if settlement else [],
        "standings": [_standing(s, validation.night) for s in rows],
        "night": _night(validation.night),
        "tournament": _tournament(settlement.advancement) if settlement else None,
        "seed": settlement.seed if settlement else None,
    }
    data.update(extra)
    return data


def _problem(p: Problem) -> dict:
    return {"code": p.code, "sheet": p.sheet, "field": p.field, "message": p.message}


def _award(a: Award) -> dict:
    return {
        "id": a.id,
        "name": a.name,
        "amount": a.amount,
        "winners": list(a.winners),
        "tied": list(a.tied),
        "status": a.status,
        "paid": dict(a.paid),
        "note": a.note,
        "rolls": [dict(r) for r in a.rolls],
        "waiting_for": list(a.waiting_for),
        "pool": list(a.pool),
    }


def _standing(s: Standing, night: Night) -> dict:
    row = s.sheet
    data = {
        "rank": s.rank,
        "sheet": row.sheet,
        "name": row.name or night.names.get(row.sheet, ""),
        "wins": row.wins,
        "losses": row.losses,
        "buncos": row.buncos,
    }
    if night.ruleset.track_mini_buncos:
        data["mini_buncos"] = row.mini_buncos
    data.update(traveler=row.traveler == 1, prizes=list(s.prizes), won=s.won)
    return data


def _night(night: Night) -> dict:
    return {
        "ruleset": night.ruleset.id,
        "event_id": night.event_id or None,
        "players": night.players,
        "sheets": len(night.sheets),
        "sets": night.sets,
        "rounds": night.rounds,
        "tables": len(night.tables),
        "ghosts": night.ghosts,
        "buy_in": night.buy_in,
        "pot": night.pot,
        "currency": night.currency,
    }


def _tournament(adv: Advancement | None) -> dict | None:
    if adv is None:
        return None
    semi = adv.semi
    return {
        "semi_final_seats": [_award(a) for a in adv.semi_seats],
        "semi_finalists": list(adv.semi_finalists) if adv.semi_finalists else None,
        "semi_final": None
        if semi is None
        else {
            "valid": semi.valid,
            "errors": [_problem(p) for p in semi.errors],
            "warnings": [_problem(p) for p in semi.warnings],
        },
        "final_seats": [_award(a) for a in adv.final_seats],
        "final_table": list(adv.final_table) if adv.final_table else None,
        "note": adv.note,
    }


# --- the terminal ----------------------------------------------------------------------------

CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def plain(text: object, style: str = "") -> Text:
    """`text` exactly as written: no markup, no emoji codes, no terminal control sequences."""
    shown = CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode(), str(text))
    return Text(shown, style=style)


def money(amount: int, currency: str) -> str:
    return format_money(amount, currency)


def headline(night: Night) -> Text:
    ghosts = f", {night.ghosts} ghost{'s' * (night.ghosts != 1)}" if night.ghosts else ""
    event = f"  [{night.event_id}]" if night.event_id else ""
    return plain(
        f"{night.ruleset.name}: {night.players} players, {len(night.tables)} tables{ghosts}, "
        f"{night.rounds} rounds{event}"
    )


def verdict(validation: Validation) -> Text:
    rows = validation.totals.sheets
    if validation.valid:
        wins = sum(r.wins for r in rows)
        buncos = sum(r.buncos for r in rows)
        text = f"The totals hold together: {len(rows)} sheets, {wins:g} wins, {buncos:g} Buncos."
        if validation.warnings:
            text += f" {len(validation.warnings)} warning(s) to look at."
        return plain(text, style="bold green")
    count = len(validation.errors)
    return plain(
        f"The totals do not hold together: {count} error{'s' * (count > 1)}.", style="bold red"
    )


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


def _throw(throw: dict) -> str:
    if "throws" in throw:  # the final table's winning throw
        ((sheet, dice),) = ((k, v) for k, v in throw.items() if k != "throws")
        return f"sheet {sheet} rolled {'-'.join(map(str, dice))} on throw {throw['throws']}"
    return " ".join(f"{sheet}={die}" for sheet, die in throw.items())


def _details(a: Award) -> str:
    parts = [a.note] if a.note else []
    if a.rolls:
        parts.append("dice: " + "; ".join(_throw(t) for t in a.rolls))
    if a.pool and len(a.pool) <= 20:
        parts.append(f"from {', '.join(a.pool)}")
    return "; ".join(parts)


def awards_table(title: str, awards: Iterable[Award], currency: str | None) -> Table:
    table = Table(title=plain(title), title_justify="left")
    table.add_column("prize" if currency else "seat")
    if currency:
        table.add_column("amount", justify="right")
    table.add_column("sheet", no_wrap=False)
    table.add_column("status", no_wrap=True)
    table.add_column("how")
    for a in awards:
        style = {"awarded": "green", "rolloff": "yellow"}.get(a.status, "dim")
        cells = [plain(a.name)] + ([plain(_amount(a, currency))] if currency else [])
        cells += [plain(_who(a)), plain(STATUS[a.status], style), plain(_details(a))]
        table.add_row(*cells)
    return table


def _amount(a: Award, currency: str) -> str:
    if len(a.paid) > 1:
        return " + ".join(money(v, currency) for v in a.paid.values())
    return money(a.amount, currency)


def settlement_view(settlement: Settlement, limit: int | None = 30) -> Group:
    night = settlement.validation.night
    parts: list = []
    if settlement.prizes:
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
            parts.append(plain(adv.note))
    parts.append(standings_table(settlement.standings, night, limit))
    return Group(*parts)


# --- the printed results sheet ---------------------------------------------------------------


def results_context(settlement: Settlement, theme, paper: str = "letter") -> dict:
    """What templates/results.html.j2 shows: plain values, already worded."""
    from bunco_print.game.money import REMAINDER_RULE

    night = settlement.validation.night
    rows = {r.sheet: r for r in settlement.validation.totals.sheets}

    def label(sheet: str) -> str:
        name = (rows[sheet].name if sheet in rows else "") or night.names.get(sheet, "")
        return f"{sheet} · {name}" if name else sheet

    def award(a: Award) -> dict:
        return {
            "name": a.name,
            "amount": money(a.amount, night.currency),
            "status": a.status,
            "winners": [
                {
                    "label": label(s),
                    "paid": money(a.paid[s], night.currency) if len(a.paid) > 1 else "",
                }
                for s in a.winners
            ],
            "tied": [label(s) for s in a.tied],
            "how": _details(a),
        }

    seats = []
    if (adv := settlement.advancement) is not None:
        seats.append({"title": "Semi-final seats", "seats": [award(a) for a in adv.semi_seats]})
        if adv.final_seats:
            seats.append({"title": "Final table", "seats": [award(a) for a in adv.final_seats]})
    try:
        art = (
            "data:image/svg+xml;base64,"
            + base64.b64encode(theme.art_svg("dice.svg").encode()).decode()
        )
    except BuncoError:
        art = ""
    fine = REMAINDER_RULE + f" Draws and virtual dice used seed {settlement.seed}."
    return {
        "title": night.title,
        "date": night.date,
        "ruleset": night.ruleset,
        "theme": theme,
        "css": theme.css(),
        "art": art,
        "page_size": "A4" if paper == "a4" else "letter",
        "players": night.players,
        "pot": money(night.pot, night.currency) if night.pot else "",
        "buy_in": money(night.buy_in, night.currency),
        "team": night.team_cards,
        "minis": night.ruleset.track_mini_buncos,
        "prizes": [award(a) for a in settlement.prizes],
        "seats": seats,
        "standings": [
            {
                "rank": s.rank,
                "label": label(s.sheet.sheet),
                "wins": f"{s.sheet.wins:g}",
                "losses": f"{s.sheet.losses:g}",
                "buncos": f"{s.sheet.buncos:g}",
                "minis": f"{s.sheet.mini_buncos:g}",
                "traveler": s.sheet.traveler == 1,
                "won": money(s.won, night.currency) if s.won else "",
            }
            for s in settlement.standings
        ],
        "traveler": night.ruleset.traveler_token if night.ruleset.traveler else "",
        "fine_print": fine,
    }


def results_html(settlement: Settlement, theme, paper: str = "letter") -> str:
    from bunco_print.printing.render import (
        render_html,  # WeasyPrint loads only when a sheet is printed
    )

    return render_html("results.html.j2", **results_context(settlement, theme, paper))


def results_pdf(
    settlement: Settlement, theme: str | None = None, paper: str | None = None
) -> bytes:
    """The printed results sheet as PDF bytes; theme and paper default to the pack's."""
    from bunco_print.cli.fields import check_name
    from bunco_print.printing import render
    from bunco_print.theming import themes

    extra = settlement.validation.night.extra
    if theme is not None:
        check_name(theme, "theme", themes.available)
    # A manifest names a theme but never a folder (a file from anywhere must not pick the
    # templates to run): a pack printed with a theme folder gets its results in classic
    # unless `theme` names the folder again.
    packed = str(extra.get("theme", "classic"))
    chosen = themes.load(theme or (packed if packed in themes.available() else "classic"))
    sheet = paper or str(extra.get("paper", "letter"))
    if sheet not in ("letter", "a4"):
        raise InputError(f"`paper` must be letter or a4, not {sheet!r}", field="paper")
    return render.write_pdf(render.layout(results_html(settlement, chosen, sheet)))
