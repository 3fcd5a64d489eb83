"""The plan of one Bunco night: tables, ghosts, sheets, seat cards, prizes, and its manifest.

Any player count from 4 to 400 is seated four to a table; ghosts fill the empty seats. Ghosts
start at the lowest tables, at most two to a table and on opposite teams, and never at the head
table unless there is no other way (only with five players).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from . import links
from .config import DEFAULT_ENGINE_URL
from .errors import InputError
from .money import split_pot
from .rulesets import Ruleset

MIN_PLAYERS, MAX_PLAYERS = 4, 400
SEATS_PER_TABLE = 4
MANIFEST_FORMAT = 1


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
    number: int
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
class Event:
    event_id: str
    title: str
    date: str  # ISO date
    ruleset: str
    players: int
    sets: int
    rounds_per_set: int
    tables: tuple[Table, ...]
    sheets: tuple[Sheet, ...]
    seat_cards: tuple[SeatCard, ...]
    tally_pads: tuple[TallyPad, ...]
    buy_in: int
    currency: str
    prizes: tuple[Prize, ...]
    engine_url: str
    star_on_back: bool = False
    extra: dict = field(default_factory=dict)  # theme, paper and other presentation choices

    @property
    def ghosts(self) -> int:
        return sum(t.ghosts for t in self.tables)

    @property
    def rounds(self) -> int:
        return self.sets * self.rounds_per_set

    @property
    def pot(self) -> int:
        return self.buy_in * self.players

    def table(self, number: int) -> Table:
        return self.tables[number - 1]

    def to_manifest(self) -> dict:
        data = asdict(self)
        data = {
            "format": MANIFEST_FORMAT,
            **data,
            "ghosts": self.ghosts,
            "rounds": self.rounds,
            "pot": self.pot,
        }
        return data

    @classmethod
    def from_manifest(cls, data: dict) -> Event:
        try:
            if data.get("format") != MANIFEST_FORMAT:
                raise ValueError(f"format {data.get('format')!r} is not {MANIFEST_FORMAT}")
            return cls(
                event_id=data["event_id"],
                title=data["title"],
                date=data["date"],
                ruleset=data["ruleset"],
                players=data["players"],
                sets=data["sets"],
                rounds_per_set=data["rounds_per_set"],
                tables=tuple(Table(**t) for t in data["tables"]),
                sheets=tuple(Sheet(**s) for s in data["sheets"]),
                seat_cards=tuple(SeatCard(**c) for c in data["seat_cards"]),
                tally_pads=tuple(TallyPad(**p) for p in data["tally_pads"]),
                buy_in=data["buy_in"],
                currency=data["currency"],
                prizes=tuple(Prize(**p) for p in data["prizes"]),
                engine_url=data["engine_url"],
                star_on_back=data.get("star_on_back", False),
                extra=data.get("extra", {}),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputError(f"event manifest is not one bunco-print wrote: {exc}") from None

    def sheet_url(self, secret: str, sheet_id: str) -> str:
        return links.sheet_url(self.engine_url, secret, self.event_id, sheet_id)


def check_players(players: int) -> int:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InputError(
            f"--players must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {players}"
        )
    return players


def table_count(players: int) -> int:
    return -(-players // SEATS_PER_TABLE)


def ghosts_by_table(players: int) -> list[int]:
    """Ghost seats per table (index 0 = head): lowest tables first, two at most, head last."""
    tables = table_count(players)
    ghosts = SEATS_PER_TABLE * tables - players
    counts = [0] * tables
    order = [*range(tables - 1, 0, -1)] * 2 + [0]
    for index in order[:ghosts]:
        counts[index] += 1
    return counts


def plan_event(
    players: int,
    ruleset: Ruleset,
    *,
    seed: int,
    date: str,
    title: str = "Bunco Night",
    names: Sequence[str] = (),
    sets: int | None = None,
    buy_in: int = 5,
    currency: str = "$",
    engine_url: str = DEFAULT_ENGINE_URL,
    star_on_back: bool = False,
    spare_pads: int | None = None,
    extra: dict | None = None,
) -> Event:
    """Everything about the night that the documents and the scoring engine share."""
    check_players(players)
    if len(names) > players:
        raise InputError(f"{len(names)} names were given for {players} players")
    if buy_in < 0:
        raise InputError(f"--buy-in cannot be negative, not {buy_in}")
    sets = sets or ruleset.sets
    if not 1 <= sets <= 12:
        raise InputError(f"--sets must be from 1 to 12, not {sets}")
    rng = random.Random(seed)
    ghost_counts = ghosts_by_table(players)
    tables = tuple(
        Table(number=n, name=ruleset.table_name(n, len(ghost_counts)), ghosts=g)
        for n, g in enumerate(ghost_counts, start=1)
    )
    if ruleset.sheet_kind == "team":
        sheets = tuple(
            Sheet(id=str(n), number=n, kind="team") for n in range(1, 2 * len(tables) + 1)
        )
    else:
        sheets = tuple(
            Sheet(id=str(n), number=n, kind="player", name=names[n - 1] if n <= len(names) else "")
            for n in range(1, players + 1)
        )
    amounts = split_pot(buy_in * players, [c.share for c in ruleset.prizes])
    prizes = tuple(
        Prize(id=c.id, name=c.name, amount=a, note=c.note)
        for c, a in zip(ruleset.prizes, amounts, strict=True)
    )
    digest = hashlib.sha256(f"{seed}:{date}:{ruleset.id}:{players}:{title}".encode()).hexdigest()
    event_id = f"{date.replace('-', '')}-{ruleset.id}-{players}-{digest[:6]}"
    spares = spare_pads if spare_pads is not None else 2 + len(tables) // 6
    pads = [TallyPad(table=t.number, set=s) for t in tables for s in range(1, sets + 1)]
    pads += [TallyPad(table=None, set=None)] * spares
    return Event(
        event_id=event_id,
        title=title,
        date=date,
        ruleset=ruleset.id,
        players=players,
        sets=sets,
        rounds_per_set=ruleset.rounds_per_set,
        tables=tables,
        sheets=sheets,
        seat_cards=_deal_seat_cards(tables, ruleset, rng),
        tally_pads=tuple(pads),
        buy_in=buy_in,
        currency=currency,
        prizes=prizes,
        engine_url=engine_url,
        star_on_back=star_on_back,
        extra=dict(extra or {}),
    )


def _deal_seat_cards(tables: Sequence[Table], ruleset: Ruleset, rng: random.Random) -> tuple:
    """One card per real player, shuffled; the head table's cards carry the star."""
    if ruleset.seating == "roll":
        return ()
    # With two tables there is only one place to go; with ghosts, seats must be counted out.
    named = (
        len(tables) <= 2
        or len(tables) >= ruleset.name_tables_from
        or any(t.ghosts for t in tables[1:])
    )
    cards = [
        (t.number, t.number == 1 and ruleset.seating == "star", named or t.number == 1)
        for t in tables
        for _ in range(t.players)
    ]
    rng.shuffle(cards)
    return tuple(
        SeatCard(number=n, table=table, star=star, named=is_named)
        for n, (table, star, is_named) in enumerate(cards, start=1)
    )
