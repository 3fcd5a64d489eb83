"""Planning a printed pack's night: its event id, named sheets, shuffled seat cards, tally pads."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence

from bunco_print.game.limits import (
    check_buy_in,
    check_names,
    check_players,
    check_sets,
    check_spare_pads,
)
from bunco_print.game.night import (
    Night,
    SeatCard,
    Sheet,
    Table,
    TallyPad,
    build,
    default_sheets,
    seat_tables,
)
from bunco_print.game.rulesets import Ruleset

DEFAULT_ENGINE_URL = "http://localhost:8765"  # `bunco-print serve` on the host's own machine


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
    extra: Mapping[str, object] | None = None,
) -> Night:
    """Everything about the night that the documents and the scoring engine share."""
    check_players(players)
    check_names(names, players)
    check_buy_in(buy_in)
    sets = check_sets(ruleset.sets if sets is None else sets)
    rng = random.Random(seed)
    tables = seat_tables(ruleset, players)
    sheets = default_sheets(ruleset, players)
    if ruleset.sheet_kind == "player":
        sheets = tuple(
            Sheet(id=s.id, number=s.number, kind=s.kind, name=names[i] if i < len(names) else "")
            for i, s in enumerate(sheets)
        )
    digest = hashlib.sha256(f"{seed}:{date}:{ruleset.id}:{players}:{title}".encode()).hexdigest()
    spares = check_spare_pads(2 + len(tables) // 6 if spare_pads is None else spare_pads)
    pads = [TallyPad(table=t.number, set=s) for t in tables for s in range(1, sets + 1)]
    pads += [TallyPad(table=None, set=None)] * spares
    return build(
        ruleset,
        players,
        sets=sets,
        buy_in=buy_in,
        currency=currency,
        title=title,
        event_id=event_id(date, digest),
        date=date,
        sheets=sheets,
        seat_cards=_deal_seat_cards(tables, ruleset, rng),
        tally_pads=pads,
        engine_url=engine_url,
        star_on_back=star_on_back,
        extra=extra,
    )


def event_id(date: str, digest: str) -> str:
    """The night's id: its date and 24 bits of its seed's digest ("20261204-1b8978"). Short, as
    it is in every QR code's link: the shorter the link, the bigger a code's modules. An
    undated pack's: "undated-1b8978"."""
    return f"{date.replace('-', '') or 'undated'}-{digest[:6]}"


def _deal_seat_cards(
    tables: Sequence[Table], ruleset: Ruleset, rng: random.Random
) -> tuple[SeatCard, ...]:
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
