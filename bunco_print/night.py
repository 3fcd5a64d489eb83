"""The night as the scoring engine sees it: rounds, tables, ghosts, groups and score sheets.

It comes from a pack's `event.json` (`from_event`) or from a player count and a ruleset
(`night_for`), so the engine works with or without a printed pack. A *room* is a set of tables
that players move between: the whole night, or one tournament group of twelve.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from . import rulesets
from .errors import InputError
from .event import SEATS_PER_TABLE, Event, ghosts_by_table
from .rulesets import Ruleset


@dataclass(frozen=True)
class Room:
    number: int  # 1-based; the tournament's group number
    tables: tuple[int, ...]  # table numbers, head first (1 = the night's head table)
    ghosts: int
    sheets: tuple[str, ...]


@dataclass(frozen=True)
class Night:
    ruleset: Ruleset
    players: int
    sets: int
    table_ghosts: tuple[int, ...]  # ghost seats per table at the start; index 0 = head table
    sheets: tuple[str, ...]  # score sheet ids ("1".."N") or team card ids ("1".."2T")
    rooms: tuple[Room, ...]
    buy_in: int = 5
    currency: str = "$"
    title: str = "Bunco Night"
    event_id: str = ""
    date: str = ""  # ISO date, when a pack's manifest says
    names: Mapping[str, str] = field(default_factory=dict)
    start_tables: Mapping[str, int] = field(default_factory=dict)  # sheet -> first table
    sheet_room: Mapping[str, int] = field(default_factory=dict)  # sheet -> room number
    extra: Mapping[str, object] = field(default_factory=dict)  # the pack's theme, paper, ...

    @property
    def rounds(self) -> int:
        return self.sets * self.ruleset.rounds_per_set

    @property
    def tables(self) -> int:
        return len(self.table_ghosts)

    @property
    def ghosts(self) -> int:
        return sum(self.table_ghosts)

    @property
    def pot(self) -> int:
        return self.buy_in * self.players

    @property
    def team_cards(self) -> bool:
        return self.ruleset.sheet_kind == "team"

    def table_name(self, number: int) -> str:
        return self.ruleset.table_name(number, self.tables)


def seat_ghosts(players: int) -> list[int]:
    """Ghost seats per table; below four players (a small semi-final) one table takes them."""
    if players < 2:
        raise InputError(f"a night needs at least 2 players, not {players}")
    if players < SEATS_PER_TABLE:
        return [SEATS_PER_TABLE - players]
    return ghosts_by_table(players)


def night_for(
    ruleset: Ruleset | str,
    players: int,
    *,
    sets: int | None = None,
    buy_in: int = 5,
    currency: str = "$",
    sheets: Sequence[str] | None = None,
    groups: Mapping[str, int] | None = None,
    start_tables: Mapping[str, int] | None = None,
    names: Mapping[str, str] | None = None,
    title: str = "Bunco Night",
    event_id: str = "",
    date: str = "",
) -> Night:
    """The night for `players` under `ruleset`, laid out as `bunco-print pack` would seat it."""
    rules = rulesets.load(ruleset) if isinstance(ruleset, str) else ruleset
    sets = sets or rules.sets
    if not 1 <= sets <= 12:
        raise InputError(f"--sets must be from 1 to 12, not {sets}")
    if buy_in < 0:
        raise InputError(f"--buy-in cannot be negative, not {buy_in}")
    ghosts = tuple(seat_ghosts(players))
    if rules.sheet_kind == "team":
        ids = tuple(str(n) for n in range(1, 2 * len(ghosts) + 1))
    else:
        ids = tuple(sheets) if sheets is not None else tuple(str(n) for n in range(1, players + 1))
        if len(ids) != players:
            raise InputError(f"{len(ids)} sheets were given for {players} players")
    night = Night(
        ruleset=rules,
        players=players,
        sets=sets,
        table_ghosts=ghosts,
        sheets=ids,
        rooms=(),
        buy_in=buy_in,
        currency=currency,
        title=title,
        event_id=event_id,
        date=date,
        names=dict(names or {}),
        start_tables=dict(start_tables or {}),
    )
    return with_groups(night, groups)


def from_event(event: Event) -> Night:
    """The night a pack's manifest describes; tournament groups follow its seat cards."""
    rules = rulesets.load(event.ruleset)
    starts: dict[str, int] = {}
    if rules.sheet_kind == "player" and len(event.seat_cards) == event.players:
        # Sheet n belongs to the player who drew seat card n.
        starts = {str(card.number): card.table for card in event.seat_cards}
    groups = None
    if rules.group_tables and starts:
        groups = {sheet: (table - 1) // rules.group_tables + 1 for sheet, table in starts.items()}
    night = night_for(
        rules,
        event.players,
        sets=event.sets,
        buy_in=event.buy_in,
        currency=event.currency,
        sheets=[s.id for s in event.sheets] if rules.sheet_kind == "player" else None,
        groups=groups,
        start_tables=starts,
        names={s.id: s.name for s in event.sheets if s.name},
        title=event.title,
        event_id=event.event_id,
        date=event.date,
    )
    if night.table_ghosts != tuple(t.ghosts for t in event.tables):
        raise InputError("event manifest: its tables do not seat its players four to a table")
    return replace(night, extra=dict(event.extra))


def with_groups(night: Night, groups: Mapping[str, int] | None) -> Night:
    """The night with its rooms laid out; `groups` (sheet -> group) overrides the default,
    which gives each group the next sheets in order, as many as its tables seat."""
    size = night.ruleset.group_tables or night.tables
    table_sets = [
        tuple(range(first, min(first + size, night.tables + 1)))
        for first in range(1, night.tables + 1, size)
    ]
    rooms = []
    position = 0
    for number, tables in enumerate(table_sets, start=1):
        ghosts = sum(night.table_ghosts[t - 1] for t in tables)
        if night.team_cards:
            sheets = tuple(str(c) for t in tables for c in (2 * t - 1, 2 * t))
        elif groups:
            sheets = tuple(s for s in night.sheets if groups.get(s) == number)
        else:
            seats = SEATS_PER_TABLE * len(tables) - ghosts
            sheets = night.sheets[position : position + seats]
            position += seats
        rooms.append(Room(number=number, tables=tables, ghosts=ghosts, sheets=sheets))
    sheet_room = {s: room.number for room in rooms for s in room.sheets}
    return replace(night, rooms=tuple(rooms), sheet_room=sheet_room)


def room_seats(room: Room) -> int:
    """Real players a room seats."""
    return SEATS_PER_TABLE * len(room.tables) - room.ghosts
