"""One Bunco night, with or without a printed pack: its tables and ghosts, sheets, rooms, rounds,
pot and prizes (as printed), and the pack's seat cards and tally pads when one was printed.

Every night comes out of `build`, one set of checks for all: `night_for` (a player count and a
ruleset: the engine without a pack), `plan.plan_event` (a pack), `manifest.from_manifest` (a
pack's event.json). Players sit four to a table; ghosts fill the empty seats, lowest tables
first, at most two to a table and on opposite teams, never at the head table unless there is no
other way (only with five players). A *room*: tables players move between (all, a group of 12).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import (
    MAX_CURRENCY,
    MAX_EVENT_ID,
    MAX_NAME,
    MAX_SHEET_ID,
    MAX_SPARE_PADS,
    MAX_TITLE,
    SEATS_PER_TABLE,
    check_buy_in,
    check_extra,
    check_sets,
    flag,
    ident,
    one_of,
    text,
    unique,
    url,
    whole,
)
from bunco_print.game.money import EARLIER_SPLIT, split_pot
from bunco_print.game.rulesets import Ruleset
from bunco_print.game.seating import seat_ghosts
from bunco_print.game.values import check_date, counted


@dataclass(frozen=True)
class Table:
    number: int  # 1 is the head table
    name: str
    ghosts: int  # ghost seats at the start of the night

    @property
    def players(self) -> int:
        return SEATS_PER_TABLE - self.ghosts

    @property
    def sheet_id(self) -> str:
        return f"T{self.number}"


@dataclass(frozen=True)
class Sheet:
    """A score sheet (one per player) or a team card (one per team, `bonko`)."""

    id: str
    number: int  # its place in the night, 1 first; seat card n goes with sheet n
    kind: str  # player | team
    name: str = ""


@dataclass(frozen=True)
class SeatCard:
    """Where a player starts: drawn at random before the first round."""

    number: int
    table: int
    star: bool
    named: bool  # False: "any table but the head table"


@dataclass(frozen=True)
class TallyPad:
    table: int | None  # None for a spare
    set: int | None


@dataclass(frozen=True)
class Prize:
    id: str
    name: str
    amount: int
    note: str = ""


@dataclass(frozen=True)
class Room:
    number: int  # 1-based; the tournament's group number
    tables: tuple[int, ...]  # table numbers, head first (1 = the night's head table)
    ghosts: int
    sheets: tuple[str, ...]  # sheet ids


@dataclass(frozen=True)
class Night:
    ruleset: Ruleset
    players: int
    sets: int
    tables: tuple[Table, ...]
    sheets: tuple[Sheet, ...]  # score sheets ("1".."N") or team cards ("1".."2T")
    rooms: tuple[Room, ...] = ()
    buy_in: int = 5
    currency: str = "$"
    title: str = "Bunco Night"
    event_id: str = ""
    date: str = ""  # ISO date, when a pack's manifest says
    engine_url: str = ""  # where the printed QR codes point
    seat_cards: tuple[SeatCard, ...] = ()  # a printed pack's, one per player (or none)
    tally_pads: tuple[TallyPad, ...] = ()
    star_on_back: bool = False
    extra: Mapping[str, object] = field(default_factory=dict)  # the pack's theme, paper, ...

    @property
    def rounds_per_set(self) -> int:
        return self.ruleset.rounds_per_set

    @property
    def rounds(self) -> int:
        return self.sets * self.ruleset.rounds_per_set

    @property
    def ghosts(self) -> int:
        return sum(t.ghosts for t in self.tables)

    @property
    def pot(self) -> int:
        return self.buy_in * self.players

    @property
    def amounts_known(self) -> bool:
        """False for a pack printed with `--buy-in none`: its buy-in, pot and prizes are what
        the host wrote in by hand (the night's buy-in is then 0: no pot to split)."""
        return "buy_in" not in str(self.extra.get("write_in", "")).split(",")

    @property
    def team_cards(self) -> bool:
        return self.ruleset.sheet_kind == "team"

    @property
    def earlier_split(self) -> bool:  # split as packs before the no-$0 step did (manifest.py)
        return self.extra.get("split") == EARLIER_SPLIT

    @cached_property
    def prizes(self) -> tuple[Prize, ...]:
        """The ruleset's prizes, the pot split between them in whole units (as printed)."""
        categories = self.ruleset.prizes
        amounts = split_pot(self.pot, [c.share for c in categories], earlier=self.earlier_split)
        return tuple(
            Prize(id=c.id, name=c.name, amount=a, note=c.note)
            for c, a in zip(categories, amounts, strict=True)
        )

    @cached_property
    def table_ghosts(self) -> tuple[int, ...]:
        """Ghost seats per table at the start; index 0 = head table."""
        return tuple(t.ghosts for t in self.tables)

    @cached_property
    def sheet_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sheets)

    @cached_property
    def names(self) -> Mapping[str, str]:
        """Sheet id -> the player's name, for the sheets that carry one."""
        return {s.id: s.name for s in self.sheets if s.name}

    @cached_property
    def start_tables(self) -> Mapping[str, int]:
        """Sheet id -> the table its seat card sends it to (sheet n goes with card n)."""
        if self.team_cards:
            return {}
        return {self.sheets[c.number - 1].id: c.table for c in self.seat_cards}

    def table(self, number: int) -> Table:
        return self.tables[number - 1]

    def table_name(self, number: int) -> str:
        return self.tables[number - 1].name


# --- seating ----------------------------------------------------------------------------------


def seat_tables(ruleset: Ruleset, players: int) -> tuple[Table, ...]:
    """The night's tables, head first, named as the ruleset names them."""
    ghosts = seat_ghosts(players)
    return tuple(
        Table(number=n, name=ruleset.table_name(n, len(ghosts)), ghosts=g)
        for n, g in enumerate(ghosts, start=1)
    )


# --- building a night -------------------------------------------------------------------------


def night_for(
    ruleset: Ruleset | str,
    players: int,
    *,
    sets: int | None = None,
    buy_in: int = 5,
    currency: str = "$",
    sheets: Sequence[str] | None = None,
    groups: Mapping[str, int] | None = None,
    names: Mapping[str, str] | None = None,
    title: str = "Bunco Night",
    event_id: str = "",
    date: str = "",
) -> Night:
    """The night for `players` under `ruleset`, laid out as `bunco-print pack` would seat it;
    `sheets` gives the sheet ids when they are not 1..N (a semi-final keeps its players')."""
    rules = rulesets.load(ruleset) if isinstance(ruleset, str) else ruleset
    named = dict(names or {})
    built = None
    if sheets is not None and rules.sheet_kind == "player":
        built = [
            Sheet(id=s, number=n, kind="player", name=named.get(s, ""))
            for n, s in enumerate(sheets, start=1)
        ]
    elif named:
        built = [replace(s, name=named.get(s.id, "")) for s in default_sheets(rules, players)]
    return build(
        rules,
        players,
        sets=sets,
        buy_in=buy_in,
        currency=currency,
        sheets=built,
        groups=groups,
        title=title,
        event_id=event_id,
        date=date,
    )


def default_sheets(ruleset: Ruleset, players: int) -> tuple[Sheet, ...]:
    """Sheets "1".."N", one a player, or team cards "1".."2T", one a team."""
    if ruleset.sheet_kind == "team":
        count, kind = 2 * len(seat_ghosts(players)), "team"
    else:
        count, kind = players, "player"
    return tuple(Sheet(id=str(n), number=n, kind=kind) for n in range(1, count + 1))


def build(
    ruleset: Ruleset,
    players: int,
    *,
    sets: int | None = None,
    buy_in: int = 5,
    currency: str = "$",
    title: str = "Bunco Night",
    event_id: str = "",
    date: str = "",
    sheets: Sequence[Sheet] | None = None,
    groups: Mapping[str, int] | None = None,
    seat_cards: Sequence[SeatCard] = (),
    tally_pads: Sequence[TallyPad] = (),
    engine_url: str = "",
    star_on_back: bool = False,
    extra: Mapping[str, object] | None = None,
) -> Night:
    """A night, checked: every value in range, and sheets, seat cards and pads that fit it."""
    tables = seat_tables(ruleset, players)
    sets = check_sets(ruleset.sets if sets is None else sets)
    check_buy_in(buy_in)
    text(currency, "currency", MAX_CURRENCY)
    text(title, "title", MAX_TITLE)
    if event_id:
        ident(event_id, "event_id", MAX_EVENT_ID)
    if date:
        check_date(date)
    url(engine_url, "engine_url")
    flag(star_on_back, "star_on_back")
    extra = dict(check_extra(extra or {}))
    sheets = tuple(default_sheets(ruleset, players) if sheets is None else sheets)
    _check_sheets(sheets, ruleset, players, len(tables))
    _check_seat_cards(tuple(seat_cards), tables)
    _check_tally_pads(tuple(tally_pads), len(tables), sets)
    night = Night(
        ruleset=ruleset,
        players=players,
        sets=sets,
        tables=tables,
        sheets=sheets,
        buy_in=buy_in,
        currency=currency,
        title=title,
        event_id=event_id,
        date=date,
        engine_url=engine_url,
        seat_cards=tuple(seat_cards),
        tally_pads=tuple(tally_pads),
        star_on_back=star_on_back,
        extra=extra,
    )
    if groups is None and ruleset.group_tables and night.start_tables:
        size = ruleset.group_tables  # a tournament's groups follow its seat cards
        groups = {sheet: (table - 1) // size + 1 for sheet, table in night.start_tables.items()}
    return with_groups(night, groups)


def _check_sheets(sheets: Sequence[Sheet], ruleset: Ruleset, players: int, tables: int) -> None:
    if ruleset.sheet_kind == "team":
        if len(sheets) != 2 * tables:
            raise InputError(
                f"sheets: {counted(tables, 'table')} play{'s' * (tables == 1)} with "
                f"{2 * tables} team cards, not {len(sheets)}",
                field="sheets",
            )
    elif len(sheets) != players:
        raise InputError(f"{len(sheets)} sheets were given for {players} players", field="sheets")
    for i, sheet in enumerate(sheets):
        if ruleset.sheet_kind == "team":  # rooms and the simulator count cards "1".."2T"
            one_of(sheet.id, f"sheets[{i}].id", (str(i + 1),))
        ident(sheet.id, f"sheets[{i}].id", MAX_SHEET_ID)
        one_of(sheet.number, f"sheets[{i}].number", (i + 1,))
        one_of(sheet.kind, f"sheets[{i}].kind", (ruleset.sheet_kind,))
        text(sheet.name, f"sheets[{i}].name", MAX_NAME)
    unique([s.id for s in sheets], "sheets")


def _check_seat_cards(cards: Sequence[SeatCard], tables: Sequence[Table]) -> None:
    """None, or one card a player, numbered in order, sending each table the players it seats."""
    if not cards:
        return
    players = sum(t.players for t in tables)
    if len(cards) != players:
        raise InputError(
            f"seat_cards: {players} players draw {players} seat cards, not {len(cards)}",
            field="seat_cards",
        )
    seated = [0] * len(tables)
    for i, card in enumerate(cards):
        one_of(card.number, f"seat_cards[{i}].number", (i + 1,))
        whole(card.table, f"seat_cards[{i}].table", 1, len(tables))
        if flag(card.star, f"seat_cards[{i}].star") and card.table != 1:
            raise InputError(
                f"seat_cards[{i}].star: only the head table's cards carry the star",
                field=f"seat_cards[{i}].star",
            )
        flag(card.named, f"seat_cards[{i}].named")
        seated[card.table - 1] += 1
    for table, count in zip(tables, seated, strict=True):
        if count != table.players:
            raise InputError(
                f"seat_cards: {count} cards send players to table {table.number}, "
                f"which seats {table.players}",
                field="seat_cards",
            )


def _check_tally_pads(pads: Sequence[TallyPad], tables: int, sets: int) -> None:
    if len(pads) > tables * sets + MAX_SPARE_PADS:
        raise InputError(
            f"tally_pads: {counted(tables, 'table')} and {counted(sets, 'set')} need at most "
            f"{tables * sets + MAX_SPARE_PADS} pads, not {len(pads)}",
            field="tally_pads",
        )
    for i, pad in enumerate(pads):
        if pad.table is None and pad.set is None:
            continue  # a spare: the host writes the table and set in
        whole(pad.table, f"tally_pads[{i}].table", 1, tables)
        whole(pad.set, f"tally_pads[{i}].set", 1, sets)


def with_groups(night: Night, groups: Mapping[str, int] | None) -> Night:
    """The night with its rooms laid out; `groups` (sheet -> group) overrides the default,
    which gives each group the next sheets in order, as many as its tables seat."""
    count = len(night.tables)
    size = night.ruleset.group_tables or count
    table_sets = [
        tuple(range(first, min(first + size, count + 1))) for first in range(1, count + 1, size)
    ]
    rooms = []
    position = 0
    for number, tables in enumerate(table_sets, start=1):
        ghosts = sum(night.table_ghosts[t - 1] for t in tables)
        if night.team_cards:
            sheets = tuple(str(c) for t in tables for c in (2 * t - 1, 2 * t))
        elif groups:
            sheets = tuple(s for s in night.sheet_ids if groups.get(s) == number)
        else:
            seats = SEATS_PER_TABLE * len(tables) - ghosts
            sheets = night.sheet_ids[position : position + seats]
            position += seats
        rooms.append(Room(number=number, tables=tables, ghosts=ghosts, sheets=sheets))
    return replace(night, rooms=tuple(rooms))


def room_seats(room: Room) -> int:
    """Real players a room seats."""
    return SEATS_PER_TABLE * len(room.tables) - room.ghosts
