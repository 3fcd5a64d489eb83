"""What a night may hold, and the checks every face runs: planning a pack, the engine, event.json.

Each check raises InputError worded in the game's terms and naming its field (`players`,
`buy_in`, `tables[2].ghosts`); the CLI says a field as its flag (`--buy-in`), the manifest reader
puts the file's name in front.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from enum import Enum

from bunco_print.errors import InputError
from bunco_print.game.values import shown

MIN_PLAYERS, MAX_PLAYERS = 4, 400  # what a pack prints and what a manifest may describe
MAX_ENGINE_PLAYERS = 10_000  # what the engine settles in-process (benchmarks/bench_engine.py)
SEATS_PER_TABLE = 4
MAX_TABLES = MAX_PLAYERS // SEATS_PER_TABLE
MAX_SHEETS = 2 * MAX_PLAYERS
MAX_SETS = 12
MAX_ROUNDS_PER_SET = 24
MAX_BUY_IN = 1_000_000
MAX_SPARE_PADS = 100
MAX_PRIZES = 20
MAX_TITLE, MAX_NOTE, MAX_CURRENCY, MAX_URL = 200, 300, 8, 300
MAX_NAME = 60  # a player's name: a names file's line, a phone's name box, event.json
MAX_EVENT_ID, MAX_SHEET_ID, MAX_KEY = 64, 16, 40
MAX_EXTRA = 20
MAX_DETAIL = 120  # an invitation's time, place, host or RSVP line
# What `pack --extras` may add, in the order they print (after the night's own documents).
EXTRAS = ("invitation", "name-tags", "prize-tags", "host-checklist", "sign-in-sheet")
PAPERS = ("letter", "a4")
PER_PAGE = (1, 2, 4)
# --large-print: sheets a page, for each --per-page: one (a half or a quarter is too small
# for its 14 pt words; a sheet whose grid needs it goes over both sides of its page)
LARGE_PER_PAGE = {1: 1, 2: 1, 4: 1}

_ID = re.compile(r"[A-Za-z0-9-]+")
_KEY = re.compile(r"[a-z][a-z0-9_]*")
_URL = re.compile(r"https?://[^\s/?#]+[^\s?#]*")


def _or(choices: Sequence[object]) -> str:
    words = [shown(c) for c in choices]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def whole(value: object, field: str, low: int, high: int | None = None) -> int:
    """A whole number from `low` to `high` (or up); True, 13.0 and "13" are not whole numbers."""
    if type(value) is not int or value < low or (high is not None and value > high):
        bounds = f"{low:,} or more" if high is None else f"from {low:,} to {high:,}"
        raise InputError(
            f"{field} must be a whole number {bounds}, not {shown(value)}", field=field
        )
    return value


def one_of(value: object, field: str, choices: Sequence[object]) -> object:
    # type() as well as ==: True == 1 and 1.0 == 1, and neither is what was written.
    plain = [c.value if isinstance(c, Enum) else c for c in choices]  # a ruleset's StrEnums
    if not any(type(value) is type(c) and value == c for c in plain):
        raise InputError(f"{field} must be {_or(choices)}, not {shown(value)}", field=field)
    return value


def flag(value: object, field: str) -> bool:
    if type(value) is not bool:
        raise InputError(f"{field} must be true or false, not {shown(value)}", field=field)
    return value


def text(value: object, field: str, longest: int) -> str:
    """Printable text of at most `longest` characters (it may be empty)."""
    if not isinstance(value, str):
        raise InputError(f"{field} must be text, not {shown(value)}", field=field)
    if len(value) > longest:
        raise InputError(
            f"{field} must be at most {longest} characters, not {len(value):,}", field=field
        )
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in value):
        raise InputError(f"{field} must not hold control characters: {shown(value)}", field=field)
    return value


def ident(value: object, field: str, longest: int) -> str:
    """An id: 1 to `longest` ASCII letters, digits or dashes (it goes into links and file names)."""
    if not isinstance(value, str) or len(value) > longest or not _ID.fullmatch(value):
        raise InputError(
            f"{field} must be 1 to {longest} letters, digits or dashes, not {shown(value)}",
            field=field,
        )
    return value


def code_name(value: object, field: str, longest: int = MAX_KEY) -> str:
    """A name the code uses (`most_buncos`): lowercase letters, digits and underscores."""
    if not isinstance(value, str) or len(value) > longest or not _KEY.fullmatch(value):
        raise InputError(
            f"{field} must be 1 to {longest} lowercase letters, digits or underscores, "
            f"not {shown(value)}",
            field=field,
        )
    return value


def url(value: object, field: str) -> str:
    """Empty (no engine) or an http(s) address."""
    text(value, field, MAX_URL)
    if value and not _URL.fullmatch(value):
        raise InputError(f"{field} must be an http(s) address, not {shown(value)}", field=field)
    return value


# --- the night's own values -------------------------------------------------------------------


def check_players(players: object, low: int = MIN_PLAYERS, high: int = MAX_PLAYERS) -> int:
    return whole(players, "players", low, high)


def check_sets(sets: object) -> int:
    return whole(sets, "sets", 1, MAX_SETS)


def check_buy_in(buy_in: object) -> int:
    if type(buy_in) is int and buy_in < 0:
        raise InputError(f"buy_in cannot be negative, not {buy_in}", field="buy_in")
    return whole(buy_in, "buy_in", 0, MAX_BUY_IN)


def check_spare_pads(spares: object) -> int:
    return whole(spares, "spare_pads", 0, MAX_SPARE_PADS)


def check_names(names: Sequence[object], players: int) -> None:
    if len(names) > players:
        raise InputError(f"{len(names)} names were given for {players} players", field="names")
    for n, name in enumerate(names, start=1):
        try:
            text(name, f"name {n}", MAX_NAME)
        except InputError as exc:
            raise InputError(str(exc), field="names") from None


def check_extra(extra: object, field: str = "extra") -> Mapping[str, object]:
    """The pack's presentation choices: theme, paper, sheets a page, and a few plain values."""
    if not isinstance(extra, Mapping):
        raise InputError(f"{field} must be an object, not {shown(extra)}", field=field)
    if len(extra) > MAX_EXTRA:
        raise InputError(f"{field} must hold at most {MAX_EXTRA} values", field=field)
    for name, value in extra.items():
        if not isinstance(name, str) or len(name) > MAX_KEY or not _KEY.fullmatch(name):
            raise InputError(f"{field} has a key that is not a plain name: {shown(name)}", field)
        path = f"{field}.{name}"
        if name == "theme":
            ident(value, path, MAX_KEY)
        elif name == "paper":
            one_of(value, path, PAPERS)
        elif name == "per_page":
            one_of(value, path, PER_PAGE)
        elif type(value) is int:
            whole(value, path, -(10**9), 10**9)
        elif type(value) is not bool and value is not None:
            text(value, path, MAX_TITLE)
    return extra


def check_extras(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """`all`, or a comma list of extras (in any order, each once), as EXTRAS orders them."""
    if value is None:
        return ()
    names = value.split(",") if isinstance(value, str) else list(value)
    names = [str(name).strip().lower() for name in names]
    if names == ["all"]:
        return EXTRAS
    for name in names:
        if name not in EXTRAS:
            raise InputError(
                f"extras has no {shown(name)}; choose all or any of: {', '.join(EXTRAS)}",
                field="extras",
            )
    return tuple(extra for extra in EXTRAS if extra in names)


def check_details(details: Mapping[str, object]) -> dict[str, str]:
    """An invitation's details (time, place, host_name, rsvp): optional one-line text."""
    checked = {}
    for field, value in details.items():
        if value is None:
            continue
        text(value, field, MAX_DETAIL)
        if any(unicodedata.category(c) in ("Zl", "Zp") for c in value):
            raise InputError(f"{field} must be one line: {shown(value)}", field=field)
        if value.strip():
            checked[field] = " ".join(value.split())
    return checked


def unique(ids: Collection[str], field: str) -> None:
    if len(set(ids)) != len(ids):
        seen: set[str] = set()
        twice = next(i for i in ids if i in seen or seen.add(i))
        raise InputError(f"{field}: {shown(twice)} is there twice", field=field)
