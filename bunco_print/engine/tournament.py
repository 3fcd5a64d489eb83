"""The charity tournament: who goes from each group of twelve to the semi-final, and on to the
final table (RULES.md, `tournament`).

Each group sends its player with the most wins and, of the others, the one with the most Bunkos
(so a player who tops both takes one seat and the next Bunko roller takes the other). The
semi-final sends its most wins and most Bunkos the same way, one player drawn from the other
semi-finalists (from everyone, when none is left) and one wild card drawn from all the other
participants. Ties are rolled off like prize ties; draws are seeded and shown.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bunco_print.engine.ties import Award, Resolver, sheet_key
from bunco_print.engine.totals import SheetTotals, Totals
from bunco_print.engine.validate import Validation, validate
from bunco_print.errors import InputError
from bunco_print.game.night import Night, night_for


@dataclass(frozen=True)
class Advancement:
    semi_seats: tuple[Award, ...]  # two a group
    semi_finalists: tuple[str, ...] | None  # None while a seat waits for a roll-off
    semi: Validation | None = None  # the semi-final's totals, when given
    final_seats: tuple[Award, ...] = ()
    final_table: tuple[str, ...] | None = None
    note: str = ""


def _seat(
    tie: str,
    name: str,
    members: list[str],
    rows: dict[str, SheetTotals],
    stat: str,
    resolver: Resolver,
    after: Award | None = None,
) -> Award:
    """One seat; `after` is an earlier seat whose open tie may decide this one."""
    if not members:
        return Award(tie, name, note="nobody is left to take it")
    best = max(getattr(rows[s], stat) for s in members)
    leaders = [s for s in members if getattr(rows[s], stat) == best]
    if after is not None and set(leaders) & set(after.tied):
        return Award(
            tie, name, waiting_for=(after.id,), note=f"waits for the roll-off for {after.name}"
        )
    winner, rolls = resolver.settle(tie, leaders)
    tied = tuple(leaders) if len(leaders) > 1 else ()
    if winner is None:
        return Award(
            tie,
            name,
            status="rolloff",
            tied=tied,
            note=f"{len(leaders)} tied: they roll one die at once, highest advances",
        )
    return Award(tie, name, status="awarded", winners=(winner,), tied=tied, rolls=rolls)


def _top_two(
    prefix: str, label: str, members: list[str], rows: dict[str, SheetTotals], resolver: Resolver
) -> list[Award]:
    wins = _seat(f"{prefix}_most_wins", f"{label}: most wins", members, rows, "wins", resolver)
    rest = [s for s in members if s not in wins.winners]
    buncos = _seat(
        f"{prefix}_most_buncos",
        f"{label}: most Bunkos",
        rest,
        rows,
        "buncos",
        resolver,
        None if wins.winners else wins,
    )
    return [wins, buncos]


def _settled(seats: list[Award]) -> tuple[str, ...] | None:
    if all(a.status == "awarded" for a in seats):
        return tuple(a.winners[0] for a in seats)
    return None


def advance(validation: Validation, resolver: Resolver, semi: Totals | None) -> Advancement:
    night = validation.night
    rows = validation.totals.by_sheet()
    seats: list[Award] = []
    for room in night.rooms:
        members = sorted((s for s in room.sheets if s in rows), key=sheet_key)
        seats += _top_two(f"group{room.number}", f"Group {room.number}", members, rows, resolver)
    finalists = _settled(seats)
    if semi is None:
        note = "next: the semi-final; give its totals with `semi FILE`" if finalists else ""
        return Advancement(tuple(seats), finalists, note=note)
    if finalists is None:
        open_ties = ", ".join(a.id for a in seats if a.status != "awarded")
        raise InputError(
            f"the semi-final's players are not settled yet: settle {open_ties} "
            "first (`rolloffs FILE` or `roll`)"
        )
    checked = validate(
        replace(semi, source=f"{semi.source} (semi-final)"), semi_night(night, finalists)
    )
    if not checked.valid:
        return Advancement(
            tuple(seats), finalists, checked, note="the semi-final totals do not hold together"
        )
    semi_rows = checked.totals.by_sheet()
    members = sorted(semi_rows, key=sheet_key)
    final = _top_two("semi", "Semi-final", members, semi_rows, resolver)
    top = _settled(final)
    if top is None:
        final += [
            Award(
                "final_draw",
                "Drawn from the other semi-finalists",
                note="drawn once the semi-final seats are settled",
            ),
            Award("wild_card", "Wild card", note="drawn once the seats are settled"),
        ]
        return Advancement(tuple(seats), finalists, checked, tuple(final))
    others = [s for s in sorted(finalists, key=sheet_key) if s not in top] or [
        s for s in sorted(rows, key=sheet_key) if s not in top
    ]
    drawn = resolver.draw("final_draw", others)
    final.append(
        Award(
            "final_draw",
            "Drawn from the other semi-finalists",
            status="awarded",
            winners=(drawn,),
            pool=tuple(others),
            note=f"drawn with seed {resolver.seed}",
        )
    )
    pool = tuple(s for s in sorted(rows, key=sheet_key) if s not in (*top, drawn))
    wild = resolver.draw("wild_card", pool) if pool else None
    final.append(
        Award(
            "wild_card",
            "Wild card (all participants)",
            status="awarded" if wild else "unawarded",
            winners=(wild,) if wild else (),
            pool=pool,
            note=f"drawn with seed {resolver.seed}" if wild else "nobody left",
        )
    )
    table = (*top, drawn, wild) if wild else (*top, drawn)
    return Advancement(tuple(seats), finalists, checked, tuple(final), table)


def semi_night(night: Night, finalists: tuple[str, ...]) -> Night:
    """The semi-final: one set, one room, the semi-finalists keeping their sheet numbers."""
    return night_for(
        replace(night.ruleset, group_tables=0),
        len(finalists),
        sets=1,
        sheets=finalists,
        buy_in=0,
        names=night.names,
    )


def grand_prize(
    prize_id: str, name: str, amount: int, adv: Advancement | None, resolver: Resolver
) -> Award:
    """The final table: first to roll three of a kind (any number) takes the Grand Prize."""
    if adv is None or adv.final_table is None:
        return Award(
            prize_id, name, amount, note="decided at the final table, after the semi-final"
        )
    winner, rolls = resolver.final_game(prize_id, adv.final_table)
    if winner is None:
        return Award(
            prize_id,
            name,
            amount,
            "rolloff",
            tied=adv.final_table,
            note="played at the final table: first to roll three of a kind wins",
        )
    note = "first to roll three of a kind" if rolls else "won the final table"
    return Award(
        prize_id,
        name,
        amount,
        "awarded",
        (winner,),
        adv.final_table,
        {winner: amount},
        note=note,
        rolls=rolls,
    )


def tie_ids(adv: Advancement | None) -> list[str]:
    if adv is None:
        return []
    return [a.id for a in (*adv.semi_seats, *adv.final_seats)]
