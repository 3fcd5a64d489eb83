"""A club night while it is played on `serve`: which club it belongs to, the season's standings
as they will stand after tonight, and the night recorded into the season from the served store."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bunco_print.club import config, record
from bunco_print.club.month import NIGHT_FILE, read_stamp
from bunco_print.club.season import Result, Season, Seat
from bunco_print.club.standings import Row, ranked
from bunco_print.errors import InputError
from bunco_print.game.values import printable

if TYPE_CHECKING:
    from bunco_print.edges.store import Store
    from bunco_print.engine.awards import Settlement
    from bunco_print.game.night import Night


@dataclass(frozen=True)
class ClubNight:
    """A served night that is a club's: its club folder, club.toml, date and seats."""

    folder: Path  # the club's folder (club.toml and the season)
    club: config.Club
    day: str
    seats: dict[str, Seat]  # by sheet

    @property
    def season_name(self) -> str:
        """ "The Tuesday Dicers' season", "Ann's season"."""
        name = self.club.name
        return f"{name}' season" if name.endswith("s") else f"{name}'s season"


@dataclass(frozen=True)
class AfterTonight:
    rows: list[Row]  # ranked: the recorded nights with tonight as it stands
    before: dict[str, int]  # each player's rank over the recorded nights without tonight
    tonight: frozenset[str]  # who plays tonight (whose totals count for whom)
    nights: int  # the season's nights, tonight included
    recorded: bool  # tonight is in the season (recorded at a lock, or by `club record`)


def find(night_folder: Path, event_id: str) -> ClubNight | None:
    """The club of the night in `night_folder`: None when it is no club night (no stamp);
    `InputError` saying why when the stamp does not match the club folder two levels up."""
    if not (night_folder / NIGHT_FILE).is_file():
        return None
    stamp = read_stamp(night_folder)
    if stamp["event_id"] != event_id:
        raise InputError(f"its {NIGHT_FILE} is for another pack (event {stamp['event_id']})")
    club_folder = night_folder.resolve().parent.parent
    if not (club_folder / config.CONFIG).is_file():
        raise InputError(f"{printable(str(club_folder))} holds no {config.CONFIG}")
    club = config.load(club_folder)
    season = Season.open(club_folder)
    try:
        day, seats, night = record.whose_night(club, season, night_folder)
    finally:
        season.close()
    if night.event_id != event_id:
        raise InputError(f"its event.json is not the pack its {NIGHT_FILE} was printed with")
    return ClubNight(club_folder, club, day, {s.sheet: s for s in seats})


def after_tonight(night: ClubNight, settlement: Settlement) -> AfterTonight:
    """The season's standings by the club's own rules once tonight is in: the recorded nights
    (tonight's earlier record replaced) and tonight's sheets as `settlement` settles them."""
    season = Season.open(night.folder)
    try:
        earlier = [r for r in season.results() if r.date != night.day]
        recorded = [n.date for n in season.nights() if n.recorded]
    finally:
        season.close()
    tonight = [
        Result(night.day, night.seats[row[0]], *row[1:])
        for row in record.sheet_rows(settlement)
        if row[0] in night.seats
    ]
    club = night.club
    who = {r.seat.for_member if club.subs_play_for_member and r.seat.for_member else r.seat.person
           for r in tonight}  # fmt: skip
    return AfterTonight(
        rows=ranked(club, [*earlier, *tonight]),
        before={row.name: row.rank for row in ranked(club, earlier)},
        tonight=frozenset(who),
        nights=len(set(recorded) - {night.day}) + 1,
        recorded=night.day in recorded,
    )


def record_served(night: ClubNight, folder: Path, store: Store, event: Night) -> record.Recorded:
    """Record the night a running `serve` holds into the season (again: replaced), as
    `club record` does; `record.NotValid` or `InputError` when it cannot be."""
    return record.record(night.folder, folder, served=record.kept_in(store, event))
