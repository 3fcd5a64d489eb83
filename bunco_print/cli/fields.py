"""How the command line words the values the core names.

An error about a value says which one in the domain's words: `InputError(..., field="buy_in")`.
Inside a message a value is written between backticks, optionally with a placeholder for what
goes in it: "give the players' totals with `totals FILE`". The command line words those marks
as its flags (`--totals FILE`) with `worded`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

MARK = re.compile(r"`([a-z][a-z0-9_]*)((?: [A-Z][A-Z_]*)?)`")
# The fields the core names that are command-line options: said as flags.
OPTIONS = frozenset(
    {
        *("players", "names", "ruleset", "theme", "paper", "per_page", "seed", "date", "title"),
        *("sets", "buy_in", "currency", "engine_url", "star_on_back", "extras", "out", "event"),
        *("large_print", "ink_saver", "editable", "qr", "time", "place", "host_name", "rsvp"),
        *("totals", "rolloffs", "roll", "semi", "pdf", "host", "port", "data"),
        *("database", "workers", "token", "qr_join", "engine"),
        *("themes", "rulesets", "shop", "config", "jobs", "absent", "sub", "guest", "author"),
    }
)
# The fields the core names that are keys of a file (event.json, a web form's box): said as
# written, never as a flag.
KEYS = frozenset(
    {
        *("event_id", "prizes", "rounds_per_set", "seat_cards", "sheets", "spare_pads"),
        *("tables", "tally_pads", "sheet", "name", "traveler", "prize"),
        *("year", "first_month", "dues", "host_allowance"),  # club.toml
    }
)
# Every field a core error names (tests/test_cli_fields.py proves it). Only marks of options
# are worded: a file name may hold backticks.
FIELDS = OPTIONS | KEYS


def worded(message: str, field: str | None, label: Callable[[str], str]) -> str:
    """`message` with every mark of an option said as `label(field)`.

    A message without marks that starts with its field's name ("buy_in cannot be ...") has that
    name said the face's way too."""
    if MARK.search(message):
        return MARK.sub(
            lambda m: label(m.group(1)) + m.group(2) if m.group(1) in OPTIONS else m.group(),
            message,
        )
    if field in OPTIONS:
        for spoken in (field, field.replace("_", "-"), field.replace("_", " ")):
            if message.startswith(spoken + " "):
                return label(field) + message[len(spoken) :]
    return message


def flag(field: str) -> str:
    """The command line's way: `buy_in` -> `--buy-in`."""
    return "--" + field.replace("_", "-")
