"""The year-end prizes: club.toml's categories over the season's standings, paid from the kitty,
ties split or rolled off exactly as the engine settles a night's (engine/ties.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bunco_print.club.config import Club, YearEndPrize
from bunco_print.club.standings import Row
from bunco_print.engine.ties import Award, Resolver
from bunco_print.game.money import split_pot


@dataclass(frozen=True)
class YearEnd:
    pot: int  # the kitty at the year's end
    prizes: tuple[Award, ...]  # winners are people's names
    kept: int  # what stays in the kitty: no prize, or a prize nobody could win
    seed: int


def year_end(
    club: Club,
    rows: Sequence[Row],
    pot: int,
    rolloffs: dict[str, tuple[str, int]] | None = None,
    *,
    roll: bool = False,
    seed: int = 0,
    source: str = "rolloffs",
) -> YearEnd:
    """Each prize to the eligible player(s) with the most (or fewest) of its stat. A tie is
    split when club.toml says so; otherwise the host's roll-off winner (`prize,NAME` lines)
    or virtual dice decide, and until then the prize waits."""
    prizes = club.year_end
    shares = [p.share for p in prizes]
    amounts = split_pot(max(pot, 0), [*shares, 1 - sum(shares, Fraction(0))])
    resolver = Resolver(rolloffs, roll=roll, seed=seed, source=source)
    eligible = [r for r in rows if r.role in club.year_end_roles and r.nights > 0]
    awards = [
        _award(p, amount, eligible, club.year_end_ties, resolver)
        for p, amount in zip(prizes, amounts, strict=False)
    ]
    resolver.check_all_used(p.id for p in prizes)
    kept = amounts[-1] + sum(a.amount for a in awards if a.status == "unawarded")
    return YearEnd(max(pot, 0), tuple(awards), kept, seed)


def _value(row: Row, stat: str) -> int:
    return row.winnings if stat == "winnings" else getattr(row, stat)


def _award(
    prize: YearEndPrize, amount: int, rows: Sequence[Row], ties: str, resolver: Resolver
) -> Award:
    if not rows:
        return Award(prize.id, prize.name, amount, note="nobody eligible played")
    values = {r.name: _value(r, prize.stat) for r in rows}
    best = (max if prize.award == "most" else min)(values.values())
    leaders = tuple(name for name, v in values.items() if v == best)
    if len(leaders) == 1:
        return Award(prize.id, prize.name, amount, "awarded", leaders, paid={leaders[0]: amount})
    if ties == "split":
        paid = dict(zip(leaders, split_pot(amount, [Fraction(1, len(leaders))] * len(leaders)),
                        strict=True))  # fmt: skip
        note = f"split {len(leaders)} ways"
        return Award(prize.id, prize.name, amount, "awarded", leaders, leaders, paid, note=note)
    winner, rolls = resolver.settle(prize.id, leaders)
    if winner is None:
        note = f"{len(leaders)} tied at {best}: they roll one die each, highest takes it"
        return Award(prize.id, prize.name, amount, "rolloff", (), leaders, note=note)
    how = ("virtual roll-off" if rolls else "host's roll-off") + " among " + ", ".join(leaders)
    return Award(prize.id, prize.name, amount, "awarded", (winner,), leaders, {winner: amount},
                 note=how, rolls=rolls)  # fmt: skip


def to_json(club: Club, result: YearEnd) -> dict:
    """The year-end prizes; each prize as a night's results JSON words one, with names."""
    return {
        "club": club.name,
        "season": club.year,
        "currency": club.currency,
        "pot": result.pot,
        "kept": result.kept,
        "prizes": [
            {
                "id": a.id,
                "name": a.name,
                "amount": a.amount,
                "status": a.status,
                "winners": list(a.winners),
                "tied": list(a.tied),
                "paid": dict(a.paid),
                "note": a.note,
                "rolls": [dict(r) for r in a.rolls],
            }
            for a in result.prizes
        ],
        "seed": result.seed,
    }
