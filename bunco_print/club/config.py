"""A club's `club.toml`: its people, money, rules and calendar, written with sensible defaults
and read back key by key (a bad key or value is one line naming the file and the key)."""

from __future__ import annotations

import calendar
import json
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from pathlib import Path

from bunco_print.edges.resources import data_dir
from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import MAX_BUY_IN, MAX_CURRENCY, MAX_NAME, code_name, text, whole
from bunco_print.game.values import printable, shorten

CONFIG = "club.toml"
MONTHS = tuple(calendar.month_name[m].lower() for m in range(1, 13))
ROLES = ("member", "alternate", "guest")
STATS = ("buncos", "wins", "losses", "mini_buncos", "nights", "points", "winnings")
POINTS = ("win", "loss", "bunco", "mini_bunco", "night", "prize")
ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "last": -1}
WEEKDAYS = tuple(calendar.day_name[d].lower() for d in range(7))
MAX_PEOPLE = 200
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

TOP = {
    "name", "year", "first_month", "meets", "ruleset", "buy_in", "dues", "host_allowance",
    "currency", "theme", "subs_play_for_member", "members", "alternates", "hosts", "points",
    "months", "year_end",
}  # fmt: skip
PLAYER_RULESETS = ("classic", "mybunco", "progressive")


def load(folder: Path) -> Club:
    path = folder / CONFIG
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(
            f"{printable(str(folder))} is not a club: it has no {CONFIG} (make one with "
            "`bunco-print club init`)"
        ) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise InputError(f"{printable(str(path))}: not valid TOML ({exc})") from None
    try:
        return from_data(data)
    except InputError as exc:
        raise InputError(f"{printable(str(path))}: {exc}") from None


def _keys(data: Mapping, known: set[str] | Sequence[str], where: str = "") -> None:
    for key in data:
        if key not in known:
            raise InputError(
                f"unknown key `{where}{printable(shorten(key, 40))}`; "
                f"the keys are: {', '.join(sorted(known))}"
            )


def _table(data: Mapping, key: str) -> Mapping:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise InputError(f"{key} must be a table ([{key}])")
    return value


def _people(data: Mapping, key: str, required: bool) -> tuple[str, ...]:
    value = data.get(key, [] if not required else None)
    if not isinstance(value, list) or (required and not value) or len(value) > MAX_PEOPLE:
        raise InputError(f"{key} must be a list of 1 to {MAX_PEOPLE} names")
    names = tuple(text(v, key, MAX_NAME).strip() for v in value)
    if any(not n for n in names):
        raise InputError(f"{key} holds an empty name")
    return names


def from_data(data: Mapping) -> Club:
    _keys(data, TOP)
    name = text(data.get("name", ""), "name", MAX_NAME).strip()
    if not name:
        raise InputError("name must name the club")
    ruleset = data.get("ruleset", "classic")
    if ruleset not in PLAYER_RULESETS:
        raise InputError(f"ruleset must be one of {', '.join(PLAYER_RULESETS)}, not {ruleset!r}")
    members = _people(data, "members", True)
    alternates = _people(data, "alternates", False)
    _unique(members + alternates)
    hosts = _people(data, "hosts", False) if "hosts" in data else members
    for host in hosts:
        if host not in members + alternates:
            raise InputError(f"hosts: {host!r} is neither a member nor an alternate")
    theme = _theme(data.get("theme", "classic"), "theme")
    months = _table(data, "months")
    _keys(months, MONTHS, "months.")
    points = _table(data, "points")
    _keys(points, POINTS, "points.")
    defaults = {"win": 1}
    return Club(
        name=name,
        year=whole(data.get("year", date.today().year), "year", 2000, 2200),
        first_month=whole(data.get("first_month", 1), "first_month", 1, 12),
        meets=_meets(data.get("meets", "second friday")),
        ruleset=ruleset,
        buy_in=whole(data.get("buy_in", 5), "buy_in", 0, MAX_BUY_IN),
        dues=whole(data.get("dues", 0), "dues", 0, MAX_BUY_IN),
        host_allowance=whole(data.get("host_allowance", 0), "host_allowance", 0, MAX_BUY_IN),
        currency=text(data.get("currency", "$"), "currency", MAX_CURRENCY),
        theme=theme,
        members=members,
        alternates=alternates,
        hosts=hosts,
        subs_play_for_member=_flag(data.get("subs_play_for_member", False)),
        points={
            k: whole(points.get(k, defaults.get(k, 0)), f"points.{k}", -1000, 1000) for k in POINTS
        },
        months={m: _theme(t, f"months.{m}") for m, t in months.items()},
        **_year_end(_table(data, "year_end")),
    )


def _unique(people: Sequence[str]) -> None:
    seen: set[str] = set()
    for person in people:
        if person.casefold() in seen:
            raise InputError(f"{person!r} is named twice among members and alternates")
        seen.add(person.casefold())


def _flag(value: object) -> bool:
    if type(value) is not bool:
        raise InputError(f"subs_play_for_member must be true or false, not {value!r}")
    return value


def _theme(value: object, key: str) -> str:
    """A shipped theme's name (as themes.available() lists them, without loading the themes:
    reading the standings should not cost a theme's import)."""
    shipped = data_dir("themes")
    if not isinstance(value, str) or "/" in value or not (shipped / value / "theme.toml").is_file():
        known = sorted(p.name for p in shipped.iterdir() if (p / "theme.toml").is_file())
        raise InputError(f"{key} must be one of the themes: {', '.join(known)}")
    return value


def _meets(value: object) -> str:
    words = value.lower().split() if isinstance(value, str) else []
    if len(words) != 2 or words[0] not in ORDINALS or words[1] not in WEEKDAYS:
        raise InputError(
            f'meets must be like "second friday" (first..fourth or last, a weekday), not {value!r}'
        )
    return " ".join(words)


def _year_end(data: Mapping) -> dict:
    _keys(data, {"ties", "eligible", "prizes"}, "year_end.")
    ties = data.get("ties", "rolloff")
    if ties not in ("rolloff", "split"):
        raise InputError(f'year_end.ties must be "rolloff" or "split", not {ties!r}')
    roles = data.get("eligible", ["member"])
    if not isinstance(roles, list) or not roles or any(r not in ROLES for r in roles):
        raise InputError(f"year_end.eligible must be a list of {', '.join(ROLES)}")
    listed = data.get("prizes", [])
    if not isinstance(listed, list) or not all(isinstance(p, dict) for p in listed):
        raise InputError("year_end.prizes must be a list of [[year_end.prizes]] tables")
    prizes = [_prize(p, n) for n, p in enumerate(listed, start=1)]
    if sum(p.share for p in prizes) > 1:
        raise InputError("year_end.prizes: the shares add up to more than the whole kitty")
    if len({p.id for p in prizes}) != len(prizes):
        raise InputError("year_end.prizes: two prizes have the same id")
    return {"year_end": tuple(prizes), "year_end_ties": ties, "year_end_roles": tuple(roles)}


def _prize(data: Mapping, n: int) -> YearEndPrize:
    where = f"year_end.prizes[{n}]."
    _keys(data, {"id", "name", "stat", "share", "award"}, where)
    stat = data.get("stat")
    if stat not in STATS:
        raise InputError(f"{where}stat must be one of {', '.join(STATS)}, not {stat!r}")
    award = data.get("award", "most")
    if award not in ("most", "fewest"):
        raise InputError(f'{where}award must be "most" or "fewest", not {award!r}')
    try:
        share = Fraction(str(data.get("share", "")))
    except (ValueError, ZeroDivisionError):
        share = Fraction(-1)
    if not 0 <= share <= 1:
        raise InputError(f'{where}share must be a fraction of the kitty such as "1/3"')
    name = text(data.get("name", ""), f"{where}name", MAX_NAME).strip()
    if not name:
        raise InputError(f"{where}name must name the prize")
    return YearEndPrize(code_name(data.get("id"), f"{where}id"), name, stat, share, award)


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
