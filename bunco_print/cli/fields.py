"""How the core names the values a user gives, and the checks several use cases share.

An error about a value says which one in the domain's words: `InputError(..., field="buy_in")`.
Inside a message a value is written between backticks, optionally with a placeholder for what
goes in it: "give the players' totals with `totals FILE`". Each face words those its own way
with `worded`: the command line as flags (`--totals FILE`), a web form as its labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from datetime import date

from bunco_print.errors import InputError

MARK = re.compile(r"`([a-z][a-z0-9_]*)((?: [A-Z][A-Z_]*)?)`")
# Every value a face collects; only these marks are worded (a file name may hold backticks).
FIELDS = frozenset(
    {
        "players",
        "names",
        "ruleset",
        "theme",
        "paper",
        "per_page",
        "seed",
        "date",
        "title",
        "sets",
        "buy_in",
        "currency",
        "engine_url",
        "star_on_back",
        "event",
        "totals",
        "rolloffs",
        "semi",
        "out",
        "pdf",
    }
)
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


def worded(message: str, field: str | None, label: Callable[[str], str]) -> str:
    """`message` with every `field` mark said as `label(field)`.

    A message without marks that starts with its field's name ("buy_in cannot be ...") has that
    name said the face's way too."""
    if MARK.search(message):
        return MARK.sub(
            lambda m: label(m.group(1)) + m.group(2) if m.group(1) in FIELDS else m.group(), message
        )
    if field:
        for spoken in (field, field.replace("_", "-"), field.replace("_", " ")):
            if message.startswith(spoken + " "):
                return label(field) + message[len(spoken) :]
    return message


def flag(field: str, flags: Mapping[str, str] | None = None) -> str:
    """The command line's way: `buy_in` -> `--buy-in`."""
    return (flags or {}).get(field) or "--" + field.replace("_", "-")


def check_date(value: str, field: str = "date") -> str:
    """A calendar date written YYYY-MM-DD, and nothing else (it becomes part of file names)."""
    if not (isinstance(value, str) and DATE.fullmatch(value)):
        raise InputError(f"`{field}` must be YYYY-MM-DD, not {value!r}", field=field)
    try:
        return date.fromisoformat(value).isoformat()
    except ValueError:
        raise InputError(f"`{field}` must be YYYY-MM-DD, not {value!r}", field=field) from None


def check_name(value: str, field: str, known: Callable[[], list[str]]) -> str:
    """A theme's or a ruleset's name: not empty (the loaders list the names that exist)."""
    if not value or not value.strip():
        raise InputError(
            f"`{field}` needs a name; choose one of: {', '.join(sorted(known()))}", field=field
        )
    return value
