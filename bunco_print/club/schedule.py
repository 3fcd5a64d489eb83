"""The season's calendar: each month's night (printed, recorded or planned), host and theme."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bunco_print.club.config import Club
from bunco_print.club.season import Season


@dataclass(frozen=True)
class Month:
    date: date
    host: str
    theme: str
    state: str  # planned | printed | recorded


def schedule(club: Club, season: Season) -> list[Month]:
    """Twelve months, each with its night: the one printed for it, else the club's usual day."""
    known = {n.date[:7]: n for n in season.nights()}
    months = []
    for year, month in club.season_months():
        night = known.get(f"{year:04d}-{month:02d}")
        if night is None:
            day = club.meeting(year, month)
            months.append(Month(day, club.host_for(day), club.theme_for(day), "planned"))
        else:
            day = date.fromisoformat(night.date)
            state = "recorded" if night.recorded else "printed"
            months.append(Month(day, night.host, night.theme, state))
    return months
