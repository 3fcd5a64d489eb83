"""A club night: who comes, the month's host and theme, the club's rules and money, printed as
a pack into the club's `nights/<date>/` and registered in the season."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

from bunco_print.club import config, roster
from bunco_print.club.season import NightRow, Season, Seat
from bunco_print.edges import inputs, output
from bunco_print.errors import InputError
from bunco_print.game.values import load_json, printable

if TYPE_CHECKING:
    from bunco_print.printing.pack import Pack, PackRequest

NIGHT_FILE = "club-night.json"  # in a night's pack folder: which club and date it belongs to


@dataclass(frozen=True)
class PlannedNight:
    club: config.Club
    day: date
    host: str
    theme: str
    seats: list[Seat]
    request: PackRequest
    folder: Path  # where the pack goes, checked


def night_folder(club_folder: Path, day: date) -> Path:
    return club_folder / "nights" / day.isoformat()


def plan(
    club_folder: Path,
    day: str,
    absent: Sequence[str] = (),
    subs: Sequence[str] = (),
    guests: Sequence[str] = (),
    options: Mapping[str, object] | None = None,
) -> PlannedNight:
    """Everything checked, nothing laid out or written: a bad name or date fails here, fast.
    `options` are the host's pack choices (request.PackRequest's, by name); `theme` None means the
    month's."""
    from bunco_print.printing import orders

    club = config.load(club_folder)
    season = Season.open(club_folder)
    try:
        when = config.check_season_date(club, day)
        known = season.night(when.isoformat())
    finally:
        season.close()
    if known is not None and known.recorded:
        raise InputError(
            f"the night of {when} is already recorded in the season; it is not printed again",
            field="date",
        )
    seats = roster.seats(club, absent, subs, guests)
    choices = dict(options or {})
    theme = str(choices.pop("theme", None) or club.theme_for(when))
    host = club.host_for(when)
    invitation = {"host_name": host, **dict(choices.pop("invitation", None) or {})}
    request = orders.pack_request(
        {
            **choices,
            **invitation,
            "names": [s.person for s in seats],
            "ruleset": club.ruleset,
            "theme": theme,
            "date": when.isoformat(),
            "title": str(choices.get("title") or f"{club.name} · {when:%B %Y}"),
            "buy_in": club.buy_in,
            "currency": club.currency,
        }
    )
    target = output.check_folder(night_folder(club_folder, when), what="the night's folder")
    return PlannedNight(club, when, host, theme, seats, request, target)


def print_night(
    club_folder: Path,
    planned: PlannedNight,
    make_pack: Callable[[PackRequest], Pack] | None = None,
) -> Pack:
    """Lay the pack out (the seconds), write its folder whole, then register the night."""
    from bunco_print.printing import orders
    from bunco_print.printing.pack import pack_files

    pack = (make_pack or orders.make_pack)(planned.request)
    event = pack.event
    if [event.names.get(s.sheet, "") for s in planned.seats] != [s.person for s in planned.seats]:
        raise InputError("the pack's sheets do not carry the night's names in order")  # a bug
    season = Season.open(club_folder)
    try:
        stamp = {
            "club_id": season.club_id,
            "club": planned.club.name,
            "date": planned.day.isoformat(),
            "event_id": event.event_id,
        }
        files = pack_files(pack) | {NIGHT_FILE: (json.dumps(stamp, indent=2) + "\n").encode()}
        output.write_folder(planned.folder, files, what="the night's folder")
        night = NightRow(
            planned.day.isoformat(), event.event_id, planned.host, planned.theme, False
        )
        season.register(night, planned.seats)
    finally:
        season.close()
    return pack


def read_stamp(folder: Path) -> dict:
    """A night folder's club-night.json: the club and date it was printed for."""
    path = folder / NIGHT_FILE
    if not path.is_file():
        raise InputError(
            f"{printable(str(folder))} is not a club night (it holds no {NIGHT_FILE}); "
            "print club nights with `bunco-print club night`"
        )
    data = load_json(inputs.read_bytes(path, "club night", 10_000).decode("utf-8", "replace"),
                     str(path))  # fmt: skip
    if not isinstance(data, dict) or not all(
        isinstance(data.get(k), str) for k in ("club_id", "club", "date", "event_id")
    ):
        raise InputError(f"{printable(str(path))} is not a club night's stamp")
    return data
