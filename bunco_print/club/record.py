"""Recording a club night: settle it with the engine from a totals file or from what `serve`
kept in the night's folder, then put it in the season in one transaction (again: replaced)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from bunco_print.club import config
from bunco_print.club.month import read_stamp
from bunco_print.club.season import Money, Season, Seat
from bunco_print.edges import inputs
from bunco_print.errors import BuncoError, InputError
from bunco_print.game.values import printable, shorten
from bunco_print.nights import settle

if TYPE_CHECKING:
    from bunco_print.edges.store import Store
    from bunco_print.engine.awards import Settlement
    from bunco_print.engine.validate import Validation
    from bunco_print.game.night import Night

STORE_FILE = "night.sqlite"  # where `serve` keeps a pack folder's entries


class NotValid(BuncoError):
    """The night's totals do not hold together: nothing is recorded."""

    exit_code = 1

    def __init__(self, day: str, validation: Validation):
        super().__init__(f"the night of {day} does not validate; nothing was recorded")
        self.validation = validation


class OpenTie(InputError):
    """A prize is tied and no winner is named: nothing is recorded."""

    def __init__(self, message: str, prize: str, tied: str):
        super().__init__(message, field="rolloffs")
        self.prize, self.tied = prize, tied


@dataclass(frozen=True)
class Recorded:
    day: str
    settlement: Settlement
    money: Money
    replaced: bool  # the night had been recorded before


def record(
    club_folder: Path,
    night_folder: Path,
    totals: Path | None = None,
    rolloffs: Path | None = None,
    *,
    roll: bool = False,
    seed: int = 0,
    served: Kept | None = None,
) -> Recorded:
    """Settle and record the night printed into `night_folder`: from `totals`, else from
    `served` (what a running `serve` holds), else from what `serve` kept in the folder."""
    club = config.load(club_folder)
    season = Season.open(club_folder)
    try:
        day, seats, night = whose_night(club, season, night_folder)
        if totals is not None:
            data = inputs.read_bytes(totals, "totals file", settle.LIMITS["totals"])
            name = totals.name
            _same_night(totals, night)
            offs = rolloffs and inputs.read_bytes(rolloffs, "roll-offs file", 1_000_000)
        else:
            data, offs, dice, drawn = served or _served(night_folder, night)
            kept_seed = drawn if dice is None else dice  # before a roll, the pages' draws' seed
            name, roll, seed = STORE_FILE, roll or dice is not None, seed or kept_seed or 0
            if rolloffs is not None:
                offs = inputs.read_bytes(rolloffs, "roll-offs file", 1_000_000)
        parsed = settle.read_totals(night, data, name)
        _names_match(parsed, seats, day)
        digest = _digest(parsed)
        if (other := season.recorded_from(digest)) not in (None, day):
            raise InputError(
                f"{printable(name)} is for another night: the night of {other} was recorded "
                "from these very totals",
                field="totals",
            )
        validation, settlement = settle.settle_night(
            night, data, name, rolloffs=offs or None,
            rolloffs_name=rolloffs.name if rolloffs else "rolloffs", roll=roll, seed=seed,
        )  # fmt: skip
        if not settlement.valid:
            raise NotValid(day, validation)
        _no_open_ties(settlement, seats)
        money = Money(
            day,
            buy_ins=night.buy_in * len(seats),
            dues=club.dues * len(seats),
            prizes_out=sum(sum(a.paid.values()) for a in settlement.prizes),
            host_costs=club.host_allowance,
        )
        replaced = season.night(day).recorded
        season.record(day, sheet_rows(settlement), _awards(settlement), money, digest)
    finally:
        season.close()
    return Recorded(day, settlement, money, replaced)


def whose_night(club: config.Club, season: Season, folder: Path) -> tuple[str, list[Seat], Night]:
    """The date, seats and night of the club night printed into `folder`, checked against the
    season (`InputError` for another club's night, or one printed again since)."""
    stamp = read_stamp(folder)
    if stamp["club_id"] != season.club_id:
        raise InputError(
            f"{printable(str(folder))} is a night of the club "
            f"{printable(shorten(stamp['club'], 40))!r}, not of {club.name}"
        )
    day = stamp["date"]
    known = season.night(day)
    manifest = inputs.read_bytes(folder / "event.json", "event manifest", settle.LIMITS["event"])
    night = settle.load_night(manifest, source=str(folder / "event.json"))
    if known is None or known.event_id != night.event_id:
        raise InputError(
            f"{printable(str(folder))} is not the night of {day} the season knows: print it "
            "again with `bunco-print club night`"
        )
    return day, season.seats(day), night


def _same_night(totals: Path, night: Night) -> None:
    """A totals file kept in another pack's folder is that night's, not this one's."""
    beside = totals.parent / "event.json"
    if not beside.is_file():
        return
    try:
        other = settle.load_night(
            inputs.read_bytes(beside, "event manifest", settle.LIMITS["event"])
        )
    except InputError:
        return
    if other.event_id != night.event_id:
        raise InputError(
            f"{printable(totals.name)} is for another night (event {other.event_id}, not "
            f"{night.event_id})",
            field="totals",
        )


class Kept(NamedTuple):
    """What `serve` keeps for a night: its totals and roll-off winners (as the files would hold
    them), the virtual dice's seed and the draws' seed."""

    totals: bytes
    rolloffs: bytes | None
    dice: int | None
    drawn: int | None


def kept_in(store: Store, night: Night) -> Kept:
    """What an open store holds for the night (a running `serve`'s own)."""
    from bunco_print.nights import live

    entries = [s.entry for s in store.entries().values()]
    if not entries:
        raise InputError(f"{printable(str(store.path))} holds no entries yet", field="totals")
    winners = store.rolloffs()
    data = live.totals_csv(live.totals(night, entries), night)
    offs = live.rolloffs_csv(winners) if winners else None
    return Kept(data, offs, store.seed, store.draw_seed)


def _served(folder: Path, night: Night) -> Kept:
    """What `serve` kept in the night's folder (no server running on it)."""
    from bunco_print.edges.store import Store

    path = folder / STORE_FILE
    if not path.is_file():
        raise InputError(
            f"{printable(str(folder))} has no entries from `bunco-print serve`; give the "
            "night's `totals FILE`",
            field="totals",
        )
    store = Store(path, night.event_id)
    try:
        return kept_in(store, night)
    finally:
        store.close()


def _names_match(totals, seats: list[Seat], day: str) -> None:
    """Names written in the totals must be the night's: another night's file would not be."""
    people = {s.sheet: s.person for s in seats}
    for row in totals.sheets:
        if row.name and row.sheet in people and row.name.casefold() != people[row.sheet].casefold():
            raise InputError(
                f"{printable(totals.source)} is for another night: sheet {row.sheet} is "
                f"{printable(shorten(row.name, 40))!r} there, {people[row.sheet]!r} on {day}",
                field="totals",
            )


def _digest(totals) -> str:
    """The totals themselves, however the file was written (CSV or JSON, names or none)."""
    rows = sorted(
        (r.sheet, r.wins, r.losses, r.buncos, r.mini_buncos, r.traveler) for r in totals.sheets
    )
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def _no_open_ties(settlement: Settlement, seats: list[Seat]) -> None:
    who = {s.sheet: s.person for s in seats}
    for award in settlement.prizes:
        if award.status == "rolloff":
            tied = ", ".join(f"{s} ({who.get(s, '?')})" for s in award.tied)
            raise OpenTie(
                f"{award.name} is tied between sheets {tied}: name the winner with "
                f"`rolloffs FILE` (`{award.id},SHEET`), or roll virtual dice",
                award.name,
                tied,
            )


def sheet_rows(settlement: Settlement) -> list[tuple]:
    """Each settled sheet as the season keeps it: (sheet, wins, losses, buncos, mini_buncos,
    traveler, prizes, won)."""
    return [
        (
            s.sheet.sheet,
            int(s.sheet.wins),
            int(s.sheet.losses),
            int(s.sheet.buncos),
            int(s.sheet.mini_buncos),
            int(s.sheet.traveler),
            len(s.prizes),
            s.won,
        )
        for s in settlement.standings
    ]


def _awards(settlement: Settlement) -> list[tuple[str, str, int, dict[str, int]]]:
    return [(a.id, a.name, a.amount, dict(a.paid)) for a in settlement.prizes]
