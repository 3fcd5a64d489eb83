"""A club's `club.toml`: its people, money, rules and calendar, written with sensible defaults
and read back key by key (a bad key or value is one line naming the file and the key)."""

from __future__ import annotations

import calendar
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from bunco_print.edges import inputs
from bunco_print.edges.resources import data_dir
from bunco_print.errors import InputError
from bunco_print.game import reader, rulesets
from bunco_print.game.limits import MAX_BUY_IN, MAX_CURRENCY, MAX_NAME, code_name
from bunco_print.game.values import printable, shown

CONFIG = "club.toml"
MONTHS = tuple(calendar.month_name[m].lower() for m in range(1, 13))
ROLES = ("member", "alternate", "guest")
STATS = ("buncos", "wins", "losses", "mini_buncos", "nights", "points", "winnings")
POINTS = ("win", "loss", "bunco", "mini_bunco", "night", "prize")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}
WEEKDAYS = tuple(calendar.day_name[d].lower() for d in range(7))
MAX_PEOPLE = 200
CONFIG_LIMIT = 256 * 1024  # three lists of MAX_PEOPLE names and the rest, with room
DEFAULT_YEAR_END = (
    ("most_buncos", "Most Buncos of the year", "buncos", "1/3"),
    ("most_wins", "Most wins of the year", "wins", "1/3"),
    ("best_attendance", "Best attendance", "nights", "1/3"),
)


@dataclass(frozen=True)
class YearEndPrize:
    id: str
    name: str
    stat: str
    share: Fraction
    award: str = "most"  # most | fewest


@dataclass(frozen=True)
class Club:
    """What club.toml says, checked."""

    name: str
    year: int
    first_month: int
    meets: str
    ruleset: str
    buy_in: int
    dues: int
    host_allowance: int
    currency: str
    theme: str
    members: tuple[str, ...]
    alternates: tuple[str, ...]
    hosts: tuple[str, ...]
    subs_play_for_member: bool
    points: Mapping[str, int]
    months: Mapping[str, str]  # month name -> theme
    year_end: tuple[YearEndPrize, ...]
    year_end_ties: str  # rolloff | split
    year_end_roles: tuple[str, ...]

    def season_months(self) -> list[tuple[int, int]]:
        """(year, month) of the season's twelve months, in order."""
        return [
            (self.year + (self.first_month - 1 + k) // 12, (self.first_month - 1 + k) % 12 + 1)
            for k in range(12)
        ]

    def season_span(self) -> tuple[date, date]:
        (y0, m0), (y1, m1) = self.season_months()[0], self.season_months()[-1]
        return date(y0, m0, 1), date(y1, m1, calendar.monthrange(y1, m1)[1])

    def month_index(self, day: date) -> int:
        return (day.year - self.year) * 12 + day.month - self.first_month

    def host_for(self, day: date) -> str:
        return self.hosts[self.month_index(day) % len(self.hosts)] if self.hosts else ""

    def theme_for(self, day: date) -> str:
        return self.months.get(MONTHS[day.month - 1], self.theme)

    def meeting(self, year: int, month: int) -> date:
        """The planned night of a month, by `meets` ("second friday", "last tuesday")."""
        which, weekday = self.meets.split()
        days = [
            d
            for d in calendar.Calendar().itermonthdates(year, month)
            if d.month == month and d.weekday() == WEEKDAYS.index(weekday)
        ]
        return days[-1] if ORDINALS[which] == -1 else days[ORDINALS[which] - 1]

    @property
    def minis(self) -> bool:
        """Whether the club's ruleset counts mini Buncos (the standings then show them)."""
        return rulesets.load(self.ruleset).track_mini_buncos

    def role(self, person: str) -> str:
        if person in self.members:
            return "member"
        return "alternate" if person in self.alternates else "guest"


def new_toml(
    name: str, members: Sequence[str], alternates: Sequence[str], year: int, ruleset: str
) -> str:
    """club.toml for a new club: every key with its default, commented, ready to edit."""
    q = _quoted
    year_end = "\n".join(
        f'\n[[year_end.prizes]]\nid = "{pid}"\nname = "{label}"\nstat = "{stat}"\nshare = "{share}"'
        for pid, label, stat, share in DEFAULT_YEAR_END
    )
    months = "\n".join(f'{m} = "{m}"' for m in MONTHS)
    return f"""# The club's year. Edit freely: bunco-print checks every key when it reads this file.
name = {q(name)}
year = {year}
first_month = 1              # the season runs twelve months from this month of `year`
meets = "second friday"      # the schedule's nights: first..fourth or last, and a weekday
ruleset = {q(ruleset)}          # classic, mybunco or progressive
buy_in = 5                   # each player's stake a night, paid out as that night's prizes
dues = 2                     # each player's club dues a night, into the kitty
host_allowance = 20          # paid from the kitty to each night's host, for food
currency = "$"
theme = "classic"            # the club's own pages (standings, schedule, year-end)
subs_play_for_member = false # true: a sub's totals count for the member she replaces

members = {_list(members)}
alternates = {_list(alternates)}
hosts = {_list(members)}    # the host rotation, one a month in order

[points]                     # points a player gets in the standings for each
win = 1
loss = 0
bunco = 0
mini_bunco = 0
night = 0
prize = 0

[months]                     # each month's theme for its pack
{months}

[year_end]
ties = "rolloff"             # or "split": a tie shares the prize
eligible = ["member"]        # who may win: member, alternate, guest
{year_end}
"""


def _quoted(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)


def _list(values: Sequence[str]) -> str:
    return "[" + ", ".join(_quoted(v) for v in values) + "]"


# --- reading club.toml --------------------------------------------------------------------------

PLAYER_RULESETS = ("classic", "mybunco", "progressive")


def load(folder: Path) -> Club:
    path = folder / CONFIG
    if not path.exists():
        raise InputError(
            f"{printable(str(folder))} is not a club: it has no {CONFIG} (make one with "
            "`bunco-print club init`)"
        )
    return read(inputs.read_bytes(path, "club file", CONFIG_LIMIT), printable(str(path)))


def read(data: bytes | str, where: str) -> Club:
    """Check every key of club.toml's text; `where` names the file in errors (empty: none)."""
    top = reader.parse(data, where, "club")
    themes = _themes()
    club = Club(
        name=top.text("name", longest=MAX_NAME).strip(),
        year=top.number("year", 2000, 2200, date.today().year),
        first_month=top.number("first_month", 1, 12, 1),
        meets=top.checked("meets", _meets, default="second friday"),
        ruleset=top.choice("ruleset", PLAYER_RULESETS, "classic"),
        buy_in=top.number("buy_in", 0, MAX_BUY_IN, 5),
        dues=top.number("dues", 0, MAX_BUY_IN, 0),
        host_allowance=top.number("host_allowance", 0, MAX_BUY_IN, 0),
        currency=top.text("currency", "$", blank=True, longest=MAX_CURRENCY),
        theme=top.choice("theme", themes, "classic"),
        subs_play_for_member=top.flag("subs_play_for_member", False),
        **_people(top),
        points=_points(top.sub("points", optional=True)),
        months=_months(top.sub("months", optional=True), themes),
        **_year_end(top.sub("year_end", optional=True)),
    )
    top.done()
    return club


def _points(points: reader.Table) -> dict[str, int]:
    found = {k: points.number(k, -1000, 1000, 1 if k == "win" else 0) for k in POINTS}
    points.done()
    return found


def _months(months: reader.Table, themes: Sequence[str]) -> dict[str, str]:
    """The months given a theme of their own (the others print in the club's theme)."""
    found = {m: t for m in MONTHS if (t := months.choice(m, themes, None)) is not None}
    months.done()
    return found


def _people(top: reader.Table) -> dict[str, tuple[str, ...]]:
    """members, alternates (each named once among both) and hosts (the members by default)."""

    def names(key: str, default: object = reader.MISSING) -> tuple[str, ...]:
        return tuple(n.strip() for n in top.texts(key, default, MAX_NAME, MAX_PEOPLE))

    members, alternates = names("members"), names("alternates", ())
    if not members:
        top.fail("members", "must name at least one member")
    _unique(top, members + alternates)
    hosts = names("hosts", members)
    for host in hosts:
        if host not in members + alternates:
            top.fail("hosts", f"{shown(host)} is neither a member nor an alternate")
    return {"members": members, "alternates": alternates, "hosts": hosts}


def _unique(top: reader.Table, people: Sequence[str]) -> None:
    seen: set[str] = set()
    for person in people:
        if person.casefold() in seen:
            top.fail(None, f"{shown(person)} is named twice among members and alternates")
        seen.add(person.casefold())


def _themes() -> list[str]:
    """The shipped themes' names, as themes.available() lists them, without loading the themes:
    reading the standings should not cost a theme's import."""
    shipped = data_dir("themes")
    return sorted(p.name for p in shipped.iterdir() if (p / "theme.toml").is_file())


def _meets(value: object, key: str) -> str:
    words = value.lower().split() if isinstance(value, str) else []
    if len(words) != 2 or words[0] not in ORDINALS or words[1] not in WEEKDAYS:
        raise InputError(
            f'{key} must be like "second friday" (first..fourth or last, a weekday), '
            f"not {shown(value)}"
        )
    return " ".join(words)


def _year_end(year_end: reader.Table) -> dict:
    ties = year_end.choice("ties", ("rolloff", "split"), "rolloff")
    roles = year_end.texts("eligible", ["member"])
    if not roles or any(r not in ROLES for r in roles):
        year_end.fail("eligible", f"must list some of {', '.join(ROLES)}, not {shown(roles)}")
    prizes = [_prize(entry) for entry in year_end.tables("prizes")]
    if sum(p.share for p in prizes) > 1:
        year_end.fail("prizes", "shares add up to more than the whole kitty")
    ids = [p.id for p in prizes]
    if (twice := next((i for i in ids if ids.count(i) > 1), None)) is not None:
        year_end.fail("prizes", f"name the prize id {shown(twice)} twice")
    year_end.done()
    return {"year_end": tuple(prizes), "year_end_ties": ties, "year_end_roles": tuple(roles)}


def _prize(entry: reader.Table) -> YearEndPrize:
    prize_id = entry.checked("id", code_name)
    entry.section = f"[[year_end.prizes]] {prize_id}"
    prize = YearEndPrize(
        id=prize_id,
        name=entry.text("name", longest=MAX_NAME).strip(),
        stat=entry.choice("stat", STATS),
        share=entry.fraction("share"),
        award=entry.choice("award", ("most", "fewest"), "most"),
    )
    entry.done()
    return prize


def check_season_date(club: Club, value: str) -> date:
    """A night's date, inside the season."""
    from bunco_print.game.values import check_date

    day = date.fromisoformat(check_date(value))
    first, last = club.season_span()
    if not first <= day <= last:
        raise InputError(
            f"`date` {value} is outside {club.name}'s season ({first} to {last})", field="date"
        )
    return day
