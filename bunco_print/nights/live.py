"""A night settled as it happens: each sheet's totals as a phone (or the host) enters them,
judged by the same rules as `validate` and `prizes`.

Data in, results out, like settle.py: a form's values in, the sheet's `SheetTotals` or an
`InputError` naming the field out; entries in, the engine's `Totals` and the `Settlement` out.
The form's rules live here too (its boxes, each box's most and its likely range), handed to the
pages as data. Nothing here knows about HTTP or SQLite (the web face and store.py do).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bunco_print.engine import bounds
from bunco_print.engine.totals import COUNTS, SheetTotals, Totals
from bunco_print.errors import InputError
from bunco_print.game.limits import MAX_NAME

if TYPE_CHECKING:
    from bunco_print.engine.awards import Settlement
    from bunco_print.engine.validate import Problem, Validation
    from bunco_print.game.night import Night

FIELDS = (*COUNTS, "traveler", "name")  # every field a sheet can hold, in the printed order
ADDS_UP = ("wins", "losses")  # every round is won or lost: these add up to the rounds
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
# controls, bidi overrides and lone surrogates (a JSON "\ud800": no file can hold it)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
TOTALS_NAME = "totals.csv"  # what the downloaded totals are called, in messages too
ROLLOFFS_NAME = "rolloffs.csv"


@dataclass(frozen=True)
class Box:
    """One box of a sheet's "Tonight's totals" as the engine judges it: `most` it may hold (a
    count: the rounds; a name: its characters), and for a count the `likely` range outside which
    `validate` warns (None: it never does)."""

    key: str
    kind: str  # count | flag | name
    required: bool
    most: int
    likely: tuple[int, int] | None = None


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


def boxes(night: Night) -> tuple[Box, ...]:
    """The form's boxes, with the bounds `read_entry` holds them to and the ranges `validate`
    warns outside of: the page may hint from them, the engine decides."""
    rules, rounds, sheets = night.ruleset, night.rounds, len(night.sheets)
    low, high = bounds.wins_range(rules.id, rounds, sheets)
    likely = {"wins": (max(low + 1, 0), min(high - 1, rounds))}
    for stat in ("buncos", "mini_buncos"):
        top = bounds.sheet_high(rules.id, stat, rounds, sheets)
        likely[stat] = None if top is None else (0, top)
    found = []
    for key in fields(night):
        if key == "name":
            found.append(Box(key, "name", False, MAX_NAME))
        elif key == "traveler":
            found.append(Box(key, "flag", False, 1))
        else:
            found.append(Box(key, "count", key != "mini_buncos", rounds, likely.get(key)))
    return tuple(found)


def read_entry(night: Night, sheet: str, form: Mapping[str, object]) -> SheetTotals:
    """The sheet's totals a form (or a JSON body) gives for `sheet`; one `InputError` naming
    the first bad field. Counts are whole numbers from 0 to the rounds played; a name is one
    line of at most MAX_NAME characters; fields the ruleset does not track are left at 0."""
    values: dict[str, object] = {}
    for box in boxes(night):
        raw = form.get(box.key)
        if box.kind == "name":
            values[box.key] = _name(raw, box.most)
        elif box.kind == "flag":
            values[box.key] = _flag(raw)
        else:
            values[box.key] = _count(raw, box.key, box.most, required=box.required)
    return SheetTotals(sheet=sheet, **values)


def table_sheets(night: Night, table: int) -> tuple[str, ...]:
    """The sheets that can sit at `table` tonight: a tournament's group never crosses into
    another, so its tables enter only its own sheets; where anyone may sit anywhere, any."""
    if len(night.rooms) > 1:
        for room in night.rooms:
            if table in room.tables:
                return room.sheets
    return night.sheet_ids


def chosen_sheet(night: Night, form: Mapping[str, object], table: int) -> str:
    """The sheet a table's phone enters (its `sheet` field); `InputError` for one the night
    does not have, or one that cannot sit at `table` tonight."""
    sheet = str(form.get("sheet", "")).strip()
    if sheet not in night.sheet_ids:
        raise InputError("Choose the sheet you are entering", field="sheet")
    if sheet not in table_sheets(night, table):
        raise InputError(
            f"Sheet {sheet} does not play at {night.table_name(table)}'s group tonight; "
            "enter it from its own group's table",
            field="sheet",
        )
    return sheet


def fingerprint(entry: SheetTotals) -> str:
    """What a check page's "send it as written" confirms: these values, and no others."""
    values = entry.values()
    return "-".join(str(values[k]) for k in sorted(values) if k != "sheet")


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


def _name(raw: object, most: int) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise InputError("Name must be text", field="name")
    name = " ".join(raw.split())
    if len(name) > most:
        raise InputError(f"Name is {len(name)} characters; at most {most}", field="name")
    if _CONTROL.search(name):
        raise InputError("Name holds characters that cannot be printed", field="name")
    return name


def check_entry(night: Night, entry: SheetTotals) -> tuple[list[Problem], list[Problem]]:
    """What the sheet shows on its own (errors, warnings): the same words `validate` uses."""
    from bunco_print.engine.validate import sheet_problems

    return sheet_problems(entry, night)


def totals(night: Night, entries: Iterable[SheetTotals]) -> Totals:
    """The entries as the engine's totals, in the night's sheet order, with the night's names
    for sheets entered without one; each row numbered as its line in the totals.csv download."""
    from bunco_print.engine.validate import required_columns

    order = {s: n for n, s in enumerate(night.sheet_ids)}
    ordered = sorted(entries, key=lambda e: order.get(e.sheet, 1 << 30))
    rows = tuple(
        replace(e, name=e.name or night.names.get(e.sheet, ""), row=line)
        for line, e in enumerate(ordered, start=2)
    )
    columns = frozenset(("name", *required_columns(night.ruleset)))
    return Totals(rows, TOTALS_NAME, columns, "row")


def totals_csv(totals: Totals, night: Night) -> bytes:
    """The totals file (`validate --totals` reads it)."""
    from bunco_print.engine.totals import to_csv
    from bunco_print.engine.validate import has_traveler

    rules = night.ruleset
    columns = {"mini_buncos": rules.track_mini_buncos, "traveler": has_traveler(rules)}
    return to_csv(totals.sheets, **columns).encode("utf-8")


def rolloffs_csv(winners: Mapping[str, str]) -> bytes:
    """The roll-off winners as `prizes --rolloffs` reads them: `prize,sheet` lines."""
    lines = ["prize,sheet", *(f"{prize},{sheet}" for prize, sheet in sorted(winners.items()))]
    return ("\n".join(lines) + "\n").encode()


@dataclass(frozen=True)
class NightSoFar:
    """The night as it stands: the same validation and settlement `prizes` gives for the totals
    entered so far, with the roll-off winners and the virtual dice the host chose."""

    validation: Validation
    settlement: Settlement
    totals: Totals
    rolloffs: dict[str, str]  # the host's roll-off winners that still apply, by prize
    seed: int | None  # the virtual dice's seed, when the host rolled them

    def problems_by_sheet(self) -> dict[str, list[Problem]]:
        found: dict[str, list[Problem]] = {}
        for p in (*self.validation.errors, *self.validation.warnings):
            if p.sheet is not None and p.code != "missing_sheet":
                found.setdefault(p.sheet, []).append(p)
        return found

    def totals_csv(self) -> bytes:
        return totals_csv(self.totals, self.validation.night)

    def rolloffs_csv(self) -> bytes:
        return rolloffs_csv(self.rolloffs)

    def json(self) -> dict:
        from bunco_print.nights.results import to_json

        return to_json(self.validation, self.settlement)


def so_far(
    night: Night,
    entries: Iterable[SheetTotals],
    winners: Mapping[str, str],
    seed: int | None,
    draw_seed: int = 0,
    semi: Iterable[SheetTotals] = (),
) -> NightSoFar:
    """Validate and settle what has been entered (and a tournament's `semi` final, once its
    players are settled). A roll-off winner the host chose for a tie that has since gone away
    (a corrected sheet broke it) no longer applies and is left out. Draws use the dice's
    `seed` once the host rolled them, else `draw_seed` (the web face derives it from the
    event's secret, so no one can foresee a draw)."""
    drawn = {"seed": draw_seed if seed is None else seed, "source": ROLLOFFS_NAME}
    entered = totals(night, entries)
    semi_totals = semi_final(night, semi)
    if not entered.sheets:  # the night with none in is all missing, and nothing is rolled
        return NightSoFar(*_settle(night, entered, {}, None, **drawn), entered, {}, seed)
    try:
        kept = _kept(night, entered, winners, semi_totals, drawn)
        validation, settlement = _settle(night, entered, kept, semi_totals, roll=seed is not None,
                                         **drawn)  # fmt: skip
    except InputError:  # a tie that opens only once another is settled: leave it to the dice
        kept = {}
        validation, settlement = _settle(night, entered, {}, None, roll=seed is not None, **drawn)
    return NightSoFar(validation, settlement, entered, kept, seed)


def _kept(night, entered, winners, semi, drawn) -> dict[str, str]:
    """The host's winners for the ties that are open: settling one tie may open the next
    (a prize that waits on another, the semi-final once its seats are settled, the final)."""
    kept: dict[str, str] = {}
    while True:
        settlement = _settle(night, entered, kept, semi, **drawn)[1]
        open_ties = {a.id: a.tied for a in open_awards(settlement)}
        more = kept | {p: s for p, s in winners.items() if s in open_ties.get(p, ())}
        if more == kept:
            return kept
        kept = more


def _settle(night, entered, winners, semi, *, roll=False, seed=0, source=ROLLOFFS_NAME):
    """What `prizes` says for these totals and winners (as the lines of a rolloffs file),
    with a tournament's semi-final once its players are settled."""
    from bunco_print.engine.awards import settle
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.validate import validate

    lines = {p: (s, n) for n, (p, s) in enumerate(sorted(winners.items()), start=2)}
    validation = validate(entered, night)
    if semi is not None:
        try:
            return validation, settle(validation, Resolver(lines, roll=roll, seed=seed,
                                                           source=source), semi=semi)  # fmt: skip
        except InputError:  # its players are not settled yet: the night without it
            pass
    return validation, settle(validation, Resolver(lines, roll=roll, seed=seed, source=source))


def semi_rounds(night: Night, finalists: tuple[str, ...]) -> int:
    from bunco_print.engine.tournament import semi_night

    return semi_night(night, finalists).rounds


def read_semi(night: Night, finalists: tuple[str, ...], form: Mapping[str, object]) -> SheetTotals:
    """A semi-finalist's semi-final totals from the host's form; one `InputError` naming the
    first bad field."""
    sheet = str(form.get("sheet", "")).strip()
    if sheet not in finalists:
        raise InputError("That sheet does not play the semi-final", field="sheet")
    rounds = semi_rounds(night, finalists)
    wins, losses, buncos = (_count(form.get(k), k, rounds, required=True) for k in COUNTS[:3])
    return SheetTotals(sheet, wins, losses, buncos)


def semi_final(night: Night, semi: Iterable[SheetTotals]) -> Totals | None:
    """The semi-final's totals as the host entered them (None: none yet)."""
    rows = tuple(replace(e, row=n) for n, e in enumerate(semi, start=2))
    if not rows:
        return None
    return Totals(rows, "semi-final", frozenset(("name", "wins", "losses", "buncos")), "row")


def rolloff_winner(
    now: NightSoFar, chosen: Mapping[str, str], prize: str, sheet: str
) -> str | None:
    """The host's roll-off winner for `prize` (None: she clears it, an empty `sheet`);
    `InputError` for a sheet that is not among the tied, or nothing to clear."""
    open_ties = {a.id: a.tied for a in open_awards(now.settlement)}
    if sheet and sheet not in open_ties.get(prize, ()):
        raise InputError("That sheet is not in this tie; choose one of the tied.", field="sheet")
    if not sheet and prize not in chosen:
        raise InputError("There is no roll-off winner to clear for that prize.", field="prize")
    return sheet or None


def open_awards(settlement: Settlement):
    """Prizes and tournament seats waiting for the host's roll-off."""
    adv = settlement.advancement
    seats = (*adv.semi_seats, *adv.final_seats) if adv is not None else ()
    return [a for a in (*settlement.prizes, *seats) if a.status == "rolloff"]
