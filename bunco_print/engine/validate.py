"""Do the players' totals hold together for the night? Every problem is reported, not the first.

Errors are impossible under the rules (RULES.md gives the arithmetic); warnings are possible but
rarer than the simulator makes them in 1 night of 10,000 (see `bounds`). A row for a sheet the
night does not have is unusable input, not a finding: it raises `InputError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bunco_print.engine import bounds
from bunco_print.engine.totals import SheetTotals, Totals
from bunco_print.errors import InputError
from bunco_print.game.night import Night, room_seats, with_groups
from bunco_print.game.rulesets import Ruleset
from bunco_print.game.values import counted


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    sheet: str | None = None
    field: str | None = None


@dataclass(frozen=True)
class Validation:
    night: Night
    totals: Totals
    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]

    @property
    def valid(self) -> bool:
        return not self.errors


def has_traveler(ruleset: Ruleset) -> bool:
    return ruleset.traveler or any(c.award == "traveler" for c in ruleset.prizes)


def required_columns(ruleset: Ruleset) -> tuple[str, ...]:
    """Columns a totals file needs beyond sheet, wins, losses, buncos."""
    return ("mini_buncos",) * ruleset.track_mini_buncos + ("traveler",) * has_traveler(ruleset)


def validate(totals: Totals, night: Night) -> Validation:
    """Check `totals` against `night`; raises InputError only for rows that cannot be judged."""
    _check_columns(totals, night.ruleset)
    night = _check_sheets(totals, night)
    errors: list[Problem] = []
    warnings: list[Problem] = []
    stats = ("wins", "losses", "buncos") + ("mini_buncos",) * night.ruleset.track_mini_buncos
    for row in totals.sheets:
        errors += _sheet_errors(row, stats, night.rounds)
    by_sheet = totals.by_sheet()
    missing = [s for s in night.sheet_ids if s not in by_sheet]
    errors += [
        Problem("missing_sheet", f"sheet {s} is missing from the totals", s) for s in missing
    ]
    for room in night.rooms:
        errors += _room_errors(room, night, by_sheet)
    if has_traveler(night.ruleset):
        errors += _traveler_errors(totals, night, complete=not missing)
    warnings += _warnings(totals, night, complete=not missing)
    return Validation(night, totals, tuple(errors), tuple(warnings))


def _check_columns(totals: Totals, ruleset: Ruleset) -> None:
    for column in required_columns(ruleset):
        if column not in totals.columns:
            raise InputError(f"{totals.source}: no {column!r} column; {ruleset.name} needs one")


def _check_sheets(totals: Totals, night: Night) -> Night:
    """Every row names a sheet of this night; a tournament's `group` column regroups it."""
    known = set(night.sheet_ids)
    for row in totals.sheets:
        if row.sheet not in known:
            kind = "team card" if night.team_cards else "sheet"
            hint = f"{kind}s are {_span(night.sheet_ids)}"
            if not night.team_cards and night.ghosts:
                hint += "; ghosts have no sheet"
            raise InputError(
                f"{totals.where(row.row, 'sheet')}: this night has no {kind} {row.sheet!r} ({hint})"
            )
    if "group" not in totals.columns or not night.ruleset.group_tables:
        return night
    groups = {}
    for row in totals.sheets:
        if row.group is None:
            raise InputError(f"{totals.where(row.row, 'group')}: empty; every row needs its group")
        if row.group > len(night.rooms):
            raise InputError(
                f"{totals.where(row.row, 'group')}: no group {row.group}; this "
                f"night has {len(night.rooms)}"
            )
        groups[row.sheet] = row.group
    return with_groups(night, groups)


def _span(sheets: tuple[str, ...]) -> str:
    if len(sheets) > 3 and sheets == tuple(str(n) for n in range(1, len(sheets) + 1)):
        return f"1-{len(sheets)}"
    return ", ".join(sheets)


def _sheet_errors(row: SheetTotals, stats: Iterable[str], rounds: int) -> list[Problem]:
    found = []
    for stat in stats:
        value = getattr(row, stat)
        if isinstance(value, float):
            found.append(
                Problem(
                    "not_whole",
                    f"sheet {row.sheet}: {stat} is {value:g}, not a whole number",
                    row.sheet,
                    stat,
                )
            )
        elif value < 0:
            found.append(
                Problem(
                    "negative", f"sheet {row.sheet}: {stat} is {value}, below zero", row.sheet, stat
                )
            )
    if row.wins + row.losses != rounds:
        found.append(
            Problem(
                "rounds_mismatch",
                f"sheet {row.sheet}: {row.wins:g} wins + {row.losses:g} losses = "
                f"{row.wins + row.losses:g}, but every sheet plays {rounds} rounds",
                row.sheet,
                "wins",
            )
        )
    if row.traveler not in (0, 1):
        found.append(
            Problem(
                "traveler_value",
                f"sheet {row.sheet}: traveler is {row.traveler:g}; "
                "it is 1 for the holder, else 0 or blank",
                row.sheet,
                "traveler",
            )
        )
    return found


def win_range(tables: int, ghosts: int, rounds: int, team_cards: bool) -> tuple[int, int]:
    """The wins (= the losses) on a room's sheets, by RULES.md's arithmetic.

    Every round a table gives two wins and two losses; a ghost always partners a real player,
    so each round at most min(G, T) and at least max(0, G - T) ghost seats win.
    """
    if team_cards:
        return tables * rounds, tables * rounds
    most = 2 * tables * rounds
    return most - min(ghosts, tables) * rounds, most - max(0, ghosts - tables) * rounds


def _room_errors(room, night: Night, by_sheet: dict[str, SheetTotals]) -> list[Problem]:
    present = [by_sheet[s] for s in room.sheets if s in by_sheet]
    seats = 2 * len(room.tables) if night.team_cards else room_seats(room)
    where = f"group {room.number}" if len(night.rooms) > 1 else "the night"
    if len(room.sheets) != seats:
        return [
            Problem(
                "group_size",
                f"{where} has {counted(len(room.sheets), 'sheet')}, but its "
                f"{counted(len(room.tables), 'table')} seat{'s' * (len(room.tables) == 1)} {seats}",
            )
        ]
    unseen = seats - len(present)
    low, high = win_range(len(room.tables), room.ghosts, night.rounds, night.team_cards)
    found = []
    for stat in ("wins", "losses"):
        total = sum(getattr(s, stat) for s in present)
        if total > high or total + unseen * night.rounds < low:
            expect = f"exactly {low}" if low == high else f"from {low} to {high}"
            why = f"{counted(len(room.tables), 'table')} x {night.rounds} rounds"
            if room.ghosts and not night.team_cards:
                why += f", {counted(room.ghosts, 'ghost seat')} off the sheets"
            if unseen:
                why += f", {counted(unseen, 'sheet')} missing"
            found.append(
                Problem(
                    f"{stat}_total",
                    f"{where}: the sheets add up to {total:g} {stat}; {why} make {expect}",
                )
            )
    return found


def _traveler_errors(totals: Totals, night: Night, complete: bool) -> list[Problem]:
    token = night.ruleset.traveler_token or "Traveler"
    holders = [s for s in totals.sheets if s.traveler == 1]
    buncos = sum(s.buncos for s in totals.sheets)
    hostess = night.ruleset.options.get("traveler_start") == "hostess"
    found = []
    if len(holders) > 1:
        found.append(
            Problem(
                "traveler_many",
                f"{len(holders)} sheets hold the {token} "
                f"({', '.join(s.sheet for s in holders)}); exactly one can",
            )
        )
    if not holders and buncos > 0 and complete:
        found.append(
            Problem(
                "traveler_missing",
                f"{buncos:g} Buncos were rolled, so someone "
                f"holds the {token}: put 1 in the traveler column of her row",
            )
        )
    for s in holders:
        if s.buncos == 0 and not (hostess and buncos == 0):
            found.append(
                Problem(
                    "traveler_without_bunco",
                    f"sheet {s.sheet} holds the {token} but has no Bunco; the {token} goes to "
                    "whoever rolls a Bunco",
                    s.sheet,
                    "traveler",
                )
            )
    return found


def sheet_problems(row: SheetTotals, night: Night) -> tuple[list[Problem], list[Problem]]:
    """The errors and warnings one sheet earns on its own, before the others are in: what a
    player's phone shows before she submits."""
    stats = ("wins", "losses", "buncos") + ("mini_buncos",) * night.ruleset.track_mini_buncos
    return _sheet_errors(row, stats, night.rounds), _sheet_warnings(row, night)


def _sheet_warnings(row: SheetTotals, night: Night) -> list[Problem]:
    rules, rounds, count = night.ruleset, night.rounds, len(night.sheets)
    stats = ("buncos",) + ("mini_buncos",) * rules.track_mini_buncos
    low_w, high_w = bounds.wins_range(rules.id, rounds, count)
    found = []
    for stat in stats:
        high = bounds.sheet_high(rules.id, stat, rounds, count)
        value = getattr(row, stat)
        if high is not None and value > high:
            found.append(
                Problem(
                    f"{stat}_unlikely",
                    f"sheet {row.sheet}: {value:g} {_label(stat)} in {rounds} rounds; the "
                    f"simulator gives a sheet more than {high} in under 1 night of 10,000",
                    row.sheet,
                    stat,
                )
            )
    if not low_w < row.wins < high_w and 0 <= row.wins <= rounds:
        found.append(
            Problem(
                "wins_unlikely",
                f"sheet {row.sheet}: {row.wins:g} wins in {rounds} rounds; the simulator gives "
                f"a sheet so {'many' if row.wins >= high_w else 'few'} in under 1 night of "
                "10,000",
                row.sheet,
                "wins",
            )
        )
    return found


def _warnings(totals: Totals, night: Night, complete: bool) -> list[Problem]:
    rules, rounds, count = night.ruleset, night.rounds, len(night.sheets)
    stats = ("buncos",) + ("mini_buncos",) * rules.track_mini_buncos
    found = [p for row in totals.sheets for p in _sheet_warnings(row, night)]
    if complete:
        for stat in stats:
            total = sum(getattr(s, stat) for s in totals.sheets)
            low = bounds.night_low(rules.id, stat, rounds, count, len(night.tables))
            if low is not None and total <= low:
                found.append(
                    Problem(
                        f"{stat}_low",
                        f"the sheets show {total:g} {_label(stat)} in all; the simulator gives "
                        f"{low} or fewer in under 1 night of 10,000: were they all written down?",
                    )
                )
    return found


def _label(stat: str) -> str:
    return {"buncos": "Buncos", "mini_buncos": "mini Buncos"}.get(stat, stat)
