"""Who comes to a club night: the members, less the absent, with alternates subbing and guests,
one score sheet each in that order."""

from __future__ import annotations

from collections.abc import Sequence

from bunco_print.club.config import Club
from bunco_print.club.season import Seat
from bunco_print.errors import InputError
from bunco_print.game.limits import MAX_NAME
from bunco_print.game.values import printable, shorten


def _shown(name: str) -> str:
    return repr(printable(shorten(name, 40)))


def _listed(names: Sequence[str]) -> str:
    return ", ".join(names) if names else "none"


def seats(
    club: Club, absent: Sequence[str], subs: Sequence[str], guests: Sequence[str]
) -> list[Seat]:
    """The night's seats, sheet "1" first: members in the club's order (a sub in her member's
    place), then the guests. Every name is checked against club.toml first."""
    away = set()
    for name in absent:
        if name not in club.members:
            raise InputError(
                f"absent {_shown(name)} is not a member of {club.name}; the members are: "
                f"{_listed(club.members)}",
                field="absent",
            )
        away.add(name)
    standing_in = _subs(club, subs)
    away |= set(standing_in)
    taken = {p.casefold() for p in (*club.members, *club.alternates)}
    seen: set[str] = set()
    for name in guests:
        if not name.strip() or len(name) > MAX_NAME:
            raise InputError(f"guest needs a name of 1 to {MAX_NAME} letters", field="guest")
        if name.casefold() in taken:
            kind = "an alternate (she comes as a sub)" if name in club.alternates else "a member"
            raise InputError(f"guest {_shown(name)} is {kind} of {club.name}", field="guest")
        if name.casefold() in seen:
            raise InputError(f"guest {_shown(name)} is named twice", field="guest")
        seen.add(name.casefold())
    people: list[tuple[str, str, str | None]] = []
    for member in club.members:
        if member in standing_in:
            people.append((standing_in[member], "alternate", member))
        elif member not in away:
            people.append((member, "member", None))
    people += [(name.strip(), "guest", None) for name in guests]
    return [Seat(str(n), *p) for n, p in enumerate(people, start=1)]


def _subs(club: Club, subs: Sequence[str]) -> dict[str, str]:
    """member -> the alternate who comes for her, from "ALTERNATE for MEMBER"."""
    found: dict[str, str] = {}
    for given in subs:
        alternate, word, member = (part.strip() for part in given.partition(" for "))
        if not word or not alternate or not member:
            raise InputError(
                f'sub must be "ALTERNATE for MEMBER", not {_shown(given)}', field="sub"
            )
        if alternate not in club.alternates:
            why = (
                "a member, not an alternate"
                if alternate in club.members
                else "not an alternate (anyone else comes as a guest); the alternates are: "
                + _listed(club.alternates)
            )
            raise InputError(f"sub {_shown(alternate)} is {why}", field="sub")
        if member not in club.members:
            raise InputError(
                f"sub {_shown(given)}: {_shown(member)} is not a member of {club.name}; "
                f"the members are: {_listed(club.members)}",
                field="sub",
            )
        if member in found or alternate in found.values():
            raise InputError(f"sub {_shown(given)}: one sub for each absent member", field="sub")
        found[member] = alternate
    return found
