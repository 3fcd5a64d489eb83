"""A night settled as it happens: each sheet's totals as a phone (or the host) enters them,
judged by the same rules as `validate` and `prizes`.

Data in, results out, like settle.py: a form's values in, an `Entry` or an `InputError` naming
the field out; entries in, the totals file and the `Settlement` out. Nothing here knows about
HTTP or SQLite (the web face and store.py do).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bunco_print.engine.totals import Entry
from bunco_print.errors import InputError
from bunco_print.game.limits import MAX_NAME

if TYPE_CHECKING:
    from bunco_print.engine.awards import Settlement
    from bunco_print.engine.validate import Problem, Validation
    from bunco_print.game.night import Night

LABELS = {
    "wins": "Wins",
    "losses": "Losses",
    "buncos": "Buncos",
    "mini_buncos": "Mini Buncos",
    "traveler": "Traveler",
    "name": "Name",
}
TRUE, FALSE = {"1", "on", "yes", "true"}, {"", "0", "off", "no", "false"}
_DIGITS = re.compile(r"[0-9]{1,7}")
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
TOTALS_NAME = "totals.csv"  # what the downloaded totals are called, in messages too
ROLLOFFS_NAME = "rolloffs.csv"


def fields(night: Night) -> tuple[str, ...]:
    """The fields a sheet's form has for this night's ruleset, as printed on its sheet."""
    from bunco_print.engine.validate import has_traveler

    rules = night.ruleset
    return (
        ("wins", "losses", "buncos")
        + ("mini_buncos",) * rules.track_mini_buncos
        + ("traveler",) * has_traveler(rules)
        + ("name",)
    )


def read_entry(night: Night, sheet: str, form: Mapping[str, object]) -> Entry:
    """The entry a form (or a JSON body) gives for `sheet`; one `InputError` naming the first
    bad field. Counts are whole numbers from 0 to the rounds played; a name is one line of at
    most MAX_NAME characters; fields the ruleset does not track are left at 0."""
    wanted = fields(night)
    values: dict[str, object] = {}
    for key in wanted:
        raw = form.get(key)
        if key == "name":
            values[key] = _name(raw)
        elif key == "traveler":
            values[key] = _flag(raw)
        else:
            values[key] = _count(raw, key, night.rounds, required=key != "mini_buncos")
    return Entry(sheet=sheet, **values)


def _count(raw: object, key: str, rounds: int, *, required: bool) -> int:
    label = LABELS[key]
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        if required:
            raise InputError(f"{label}: give a number from 0 to {rounds}", field=key)
        return 0
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise InputError(f"{label} must be a whole number from 0 to {rounds}", field=key)
    text = str(raw).strip()
    if not _DIGITS.fullmatch(text) or int(text) > rounds:
        raise InputError(f"{label} must be a whole number from 0 to {rounds}", field=key)
    return int(text)


def _flag(raw: object) -> int:
    if raw is None or raw is False or raw == 0:
        return 0
    if raw is True or raw == 1:
        return 1
    if isinstance(raw, str) and raw.strip().lower() in TRUE | FALSE:
        return int(raw.strip().lower() in TRUE)
    raise InputError("Traveler must be ticked or not", field="traveler")


def _name(raw: object) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise InputError("Name must be text", field="name")
    name = " ".join(raw.split())
    if len(name) > MAX_NAME:
        raise InputError(f"Name is {len(name)} characters; at most {MAX_NAME}", field="name")
    if _CONTROL.search(name):
        raise InputError("Name holds characters that cannot be printed", field="name")
    return name


def check_entry(night: Night, entry: Entry) -> tuple[list[Problem], list[Problem]]:
    """What the sheet shows on its own (errors, warnings): the same words `validate` uses."""
    from bunco_print.engine.validate import sheet_problems

    return sheet_problems(_row(night, entry), night)


def _row(night: Night, entry: Entry):
    from bunco_print.engine.totals import SheetTotals

    values = entry.values()
    values["name"] = entry.name or night.names.get(entry.sheet, "")
    return SheetTotals(sheet=entry.sheet, **values)


def totals_csv(night: Night, entries: Iterable[Entry]) -> bytes:
    """The totals file (`validate --totals` reads it), in the night's sheet order."""
    from bunco_print.engine.totals import to_csv
    from bunco_print.engine.validate import has_traveler

    order = {s: n for n, s in enumerate(night.sheet_ids)}
    rows = [_row(night, e) for e in sorted(entries, key=lambda e: order.get(e.sheet, 1 << 30))]
    rules = night.ruleset
    text = to_csv(rows, mini_buncos=rules.track_mini_buncos, traveler=has_traveler(rules))
    return text.encode("utf-8")


def rolloffs_csv(winners: Mapping[str, str]) -> bytes:
    """The roll-off winners as `prizes --rolloffs` reads them: `prize,sheet` lines."""
    lines = ["prize,sheet", *(f"{prize},{sheet}" for prize, sheet in sorted(winners.items()))]
    return ("\n".join(lines) + "\n").encode()


@dataclass(frozen=True)
class Standing:
    """The night as it stands: the same validation and settlement `prizes` gives for the totals
    entered so far, with the roll-off winners and the virtual dice the host chose."""

    validation: Validation
    settlement: Settlement
    totals: bytes
    rolloffs: bytes | None
    seed: int | None  # the virtual dice's seed, when the host rolled them

    def problems_by_sheet(self) -> dict[str, list[Problem]]:
        found: dict[str, list[Problem]] = {}
        for p in (*self.validation.errors, *self.validation.warnings):
            if p.sheet is not None and p.code != "missing_sheet":
                found.setdefault(p.sheet, []).append(p)
        return found

    def json(self) -> dict:
        from bunco_print.nights.results import to_json

        return to_json(self.validation, self.settlement)


def standing(
    night: Night, entries: Iterable[Entry], winners: Mapping[str, str], seed: int | None
) -> Standing:
    """Validate and settle what has been entered. A roll-off winner the host chose for a tie
    that has since gone away (a corrected sheet broke it) no longer applies and is left out."""
    from bunco_print.nights.settle import settle_night

    entries = list(entries)
    totals = totals_csv(night, entries)
    if not entries:  # a totals file must hold a row; the night with none is all missing
        return Standing(*_nothing_in(night), totals, None, seed)
    validation, settlement = settle_night(night, totals, TOTALS_NAME)  # the ties as they are
    open_ties = {a.id: a.tied for a in open_awards(settlement)}
    kept = {p: s for p, s in winners.items() if s in open_ties.get(p, ())}
    rolloffs = rolloffs_csv(kept) if kept else None
    if rolloffs is None and seed is None:
        return Standing(validation, settlement, totals, None, None)
    roll = {"roll": seed is not None, "seed": seed or 0}
    try:
        validation, settlement = settle_night(
            night, totals, TOTALS_NAME, rolloffs=rolloffs, rolloffs_name=ROLLOFFS_NAME, **roll
        )
    except InputError:  # a tie that opens only once another is settled: leave it to the dice
        rolloffs = None
        validation, settlement = settle_night(night, totals, TOTALS_NAME, **roll)
    return Standing(validation, settlement, totals, rolloffs, seed)


def _nothing_in(night: Night):
    from bunco_print.engine.awards import settle
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.totals import Totals
    from bunco_print.engine.validate import required_columns, validate

    columns = frozenset(required_columns(night.ruleset))
    validation = validate(Totals((), TOTALS_NAME, columns), night)
    return validation, settle(validation, Resolver())


def open_awards(settlement: Settlement):
    """Prizes and tournament seats waiting for the host's roll-off."""
    adv = settlement.advancement
    seats = (*adv.semi_seats, *adv.final_seats) if adv is not None else ()
    return [a for a in (*settlement.prizes, *seats) if a.status == "rolloff"]
