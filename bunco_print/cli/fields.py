"""How the command line words the values the core names.

An error about a value says which one in the domain's words: `InputError(..., field="buy_in")`.
Inside a message a value is written between backticks, optionally with a placeholder for what
goes in it: "give the players' totals with `totals FILE`". Each face words those its own way
with `worded`: the command line as flags (`--totals FILE`), a web form as its labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

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
