"""Reading a TOML data file key by key: rulesets, themes, catalogue.toml and the files to come.

Each key is asked for with what it must be (text, a whole number in a range, true or false, one
of some words, a table), checked by the same checks as every other value (game/limits.py); a key
nobody asked for is refused, so a typo does not pass silently. Every mistake is one line naming
the file, the table and the key:
`ruleset house.toml: [play] seating must be "star", "roll" or "groups", not "stars"`.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Sequence
from enum import Enum
from fractions import Fraction
from typing import Any

from bunco_print.errors import InputError
from bunco_print.game import limits
from bunco_print.game.values import shown

MISSING: Any = object()  # a key's default when the file must give it
MAX_TEXT = 2000  # one text value of a data file: a name, a tagline, a description


def parse(data: bytes | str, where: str, kind: str) -> Table:
    """The file's top table; `where` begins every message (`ruleset house.toml`), `kind` says
    what the file is (`ruleset`) when a key is not one it knows. An empty `where` leaves the
    messages bare: values checked before any file holds them (`club init`'s club.toml)."""
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError:
        raise InputError(f"{where}: not UTF-8 text") from None
    try:
        settings = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{where}: not valid TOML ({exc})") from None
    return Table(where, kind, "", settings)


class Table:
    """One TOML table: reads keys with checks, then `done` refuses any key nobody asked for."""

    def __init__(self, where: str, kind: str, section: str, data: object):
        self.where, self.kind, self.section = where, kind, section
        self.asked: dict[str, None] = {}  # in the order asked: how `done` lists the known keys
        if not isinstance(data, dict):
            self.fail(None, f"must be a table, not {shown(data)}")
        self.data: dict = data

    def fail(self, key: str | None, message: str):
        """Stop with one line: the file, `[section]`, the key, what is wrong."""
        place = self.section if self.section.startswith("[") else f"[{self.section}]"
        place = f"{place} " if self.section else ""
        where = f"{self.where}: " if self.where else ""
        raise InputError(f"{where}{place}{key or ''}{' ' if key else ''}{message}")

    def raw(self, key: str, default: Any = MISSING) -> Any:
        """The key's value as the file wrote it (the caller checks it), else `default`."""
        self.asked[key] = None
        if key not in self.data:
            if default is MISSING:
                self.fail(key, "is missing")
            return default
        return self.data[key]

    def sub(self, key: str, optional: bool = False) -> Table:
        """The table `[key]` inside this one (`[fonts.display]` inside `[fonts]`)."""
        if key not in self.data and not optional:
            self.fail(f"[{key}]", "is missing")
        value = self.raw(key, {})
        section = f"{self.section}.{key}" if self.section and self.section[0] != "[" else key
        return Table(self.where, self.kind, section, value)

    def tables(self, key: str) -> list[Table]:
        """The tables of an array `[[key]]` (none when the file has none), each named in messages
        by its place: `[[year_end.prizes]] #2`."""
        entries = self.listed(key, [])
        full = f"{self.section}.{key}" if self.section and self.section[0] != "[" else key
        return [
            Table(self.where, self.kind, f"[[{full}]] #{n}", entry)
            for n, entry in enumerate(entries, 1)
        ]

    def checked(self, key: str, check: Callable[..., Any], *args: Any, default: Any = MISSING):
        """The key's value passed through `check(value, key, *args)`, one of limits' checks."""
        if key not in self.data:
            return self.raw(key, default)
        try:
            return check(self.raw(key), key, *args)
        except InputError as exc:
            self.fail(None, str(exc))

    def listed(self, key: str, default: Any = MISSING) -> list:
        value = self.raw(key, default)
        if key in self.data and type(value) is not list:
            self.fail(key, f"must be a list, not {shown(value)}")
        return value

    def texts(
        self, key: str, default: Any = MISSING, longest: int = MAX_TEXT, most: int | None = None
    ) -> list[str]:
        """A list of texts (at most `most` of them), none of them empty: names, words."""
        values = self.listed(key, default)
        if key not in self.data:
            return values
        if most is not None and len(values) > most:
            self.fail(key, f"must list at most {most:,}, not {len(values):,}")
        for n, value in enumerate(values, 1):
            try:
                limits.text(value, f"{key} item {n}", longest)
            except InputError as exc:
                self.fail(None, str(exc))
            if not value.strip():
                self.fail(key, f"item {n} must not be empty")
        return values

    def text(
        self, key: str, default: Any = MISSING, blank: bool = False, longest: int = MAX_TEXT
    ) -> str:
        value = self.checked(key, limits.text, longest, default=default)
        if not blank and key in self.data and not value.strip():
            self.fail(key, "must not be empty")
        return value

    def fraction(self, key: str, default: Any = MISSING) -> Fraction:
        """A share from 0 to 1, written as text (`"1/3"`, `"0.25"`) or a whole number."""
        value = self.raw(key, default)
        if key not in self.data:
            return value
        try:
            share = Fraction(value) if type(value) in (str, int) else None
        except (ValueError, ZeroDivisionError):
            share = None
        if share is None or not 0 <= share <= 1:
            self.fail(key, f'must be a fraction from 0 to 1 like "1/3", not {shown(value)}')
        return share

    def number(self, key: str, low: int, high: int | None = None, default: Any = MISSING) -> int:
        return self.checked(key, limits.whole, low, high, default=default)

    def flag(self, key: str, default: Any = MISSING) -> bool:
        return self.checked(key, limits.flag, default=default)

    def choice(self, key: str, choices: type[Enum] | Sequence[str], default: Any = MISSING) -> Any:
        """One of `choices` (an Enum's values, or words); an Enum gives its member."""
        words = [c.value for c in choices] if isinstance(choices, type) else list(choices)
        value = self.checked(key, limits.one_of, words, default=default)
        if key in self.data and isinstance(choices, type):
            return choices(value)
        return value

    def done(self) -> None:
        """Refuse the first key nobody asked for, listing the ones this table knows."""
        unknown = [key for key in self.data if key not in self.asked]
        if unknown:
            known = ", ".join(self.asked)
            self.fail(unknown[0], f"is not a key a {self.kind} knows; known: {known}")
