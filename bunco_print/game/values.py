"""A user's values as every use case checks and shows them: names, dates, JSON text.

An error about a value says which one in the domain's words: `InputError(..., field="buy_in")`.
Inside a message a value is written between backticks (`date`); each face words it its own way.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Sequence
from datetime import date

from bunco_print.errors import InputError

BIDI_CONTROLS = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def counted(n: int, noun: str, plural: str = "") -> str:
    """A count and its noun as people say it: "1 table", "3 tables", "2 losses" (`plural`
    where adding an s or es is not it). The templates' `count` filter too."""
    return f"{n} {noun if abs(n) == 1 else plural or noun + ('es' if noun.endswith('s') else 's')}"


def and_list(words: Sequence[str]) -> str:
    """Words as a list people say: "8, 12 and 16", "Most losses and Lucky draw"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def printable(text: str) -> str:
    """`text` with line breaks and other control characters escaped: one line, whatever it is."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def load_json(text: str, source: str) -> object:
    """JSON as Python values; duplicate keys, deep nesting and huge numbers get one line."""

    def no_duplicates(pairs: list[tuple[str, object]]) -> dict:
        seen: dict[str, object] = {}
        for key, value in pairs:
            if key in seen:
                raise InputError(f"{source}: the key {shorten(key)!r} appears twice in one object")
            seen[key] = value
        return seen

    try:
        return json.loads(text, object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise InputError(f"{source}: the JSON is nested too deeply") from None
    except ValueError as exc:  # a number with thousands of digits
        raise InputError(f"{source}: not usable JSON ({shorten(str(exc), 60)})") from None


def shorten(text: str, size: int = 20) -> str:
    """Enough of a user's value to recognise it in a message."""
    return text if len(text) <= size else text[: size - 3] + "..."


def shown_path(path: object, size: int = 80) -> str:
    """A file's path as a message names it: one line, shortened as every message shortens."""
    return printable(shorten(os.fsdecode(path), size))


def shown(value: object) -> str:
    """A value as a message quotes it: as JSON would write it, shortened."""
    if type(value) is int and value.bit_length() > 256:  # Python will not print 4,300+ digits
        return f"a number of about {int(value.bit_length() * 0.30103):,} digits"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return shorten(text, 40)


def check_date(value: object, field: str = "date") -> str:
    """The one date rule: a real calendar date written YYYY-MM-DD, and nothing else (it becomes
    part of event ids and file names, so `20261204` and `2026-W49-5` are refused too)."""
    if isinstance(value, str) and DATE.fullmatch(value):
        try:
            return date.fromisoformat(value).isoformat()
        except ValueError:
            pass
    raise InputError(f"{field} must be YYYY-MM-DD, not {shown(value)}", field=field)


def check_name(value: str, field: str, known: Callable[[], list[str]]) -> str:
    """A theme's or a ruleset's name: not empty (the loaders list the names that exist)."""
    if not value or not value.strip():
        raise InputError(
            f"`{field}` needs a name; choose one of: {', '.join(sorted(known()))}", field=field
        )
    return value
