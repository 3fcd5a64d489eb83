"""Prizes: who wins what, from validated totals and the ruleset's prize categories.

Categories, their order, their pot shares and their options come from the ruleset:
`award` is most | fewest (of `stat`), even (the 50/50), traveler, draw (among sheets that won
nothing else) or final (the tournament's final table). Options: `ties.prize = "split"` splits
a tied prize instead of rolling it off; `prizes.one_prize_per_player` lets a player who tops two
categories take the larger while the other passes to the next in line; and
`prizes.closest_fifty_fifty` gives the 50/50 to the closest when nobody is exactly even.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bunco_print.engine import tournament
from bunco_print.engine.ties import Award, Resolver, sheet_key
from bunco_print.engine.totals import SheetTotals, Totals
from bunco_print.engine.validate import Validation
from bunco_print.game.money import split_pot
from bunco_print.game.rulesets import PrizeCategory, Ruleset


@dataclass(frozen=True)
class Standing:
    rank: int
    sheet: SheetTotals
    prizes: tuple[str, ...]
    won: int


@dataclass(frozen=True)
class Settlement:
    validation: Validation
    prizes: tuple[Award, ...]
    standings: tuple[Standing, ...]
    seed: int = 0
    advancement: tournament.Advancement | None = None

    @property
    def valid(self) -> bool:
        adv = self.advancement
        return self.validation.valid and not (adv and adv.semi and not adv.semi.valid)


def settle(
    validation: Validation, resolver: Resolver | None = None, *, semi: Totals | None = None
) -> Settlement:
    """Award the night's prizes; nothing is awarded from totals that are not valid."""
    resolver = resolver or Resolver()
    if not validation.valid:
        return Settlement(validation, (), standings(validation, ()), resolver.seed)
    night = validation.night
    rules = night.ruleset
    rows = validation.totals.by_sheet()
    sheets = sorted(rows, key=sheet_key)
    amounts = {prize.id: prize.amount for prize in night.prizes}
    advancement = None
    if rules.group_tables or any(c.award == "final" for c in rules.prizes):
        advancement = tournament.advance(validation, resolver, semi)
    done: dict[str, Award] = {}
    taken: set[str] = set()
    open_ties: dict[str, set[str]] = {}  # unsettled category -> sheets that may still win it
    for cat in _order(rules, amounts):
        amount = amounts[cat.id]
        if cat.award == "final":
            done[cat.id] = tournament.grand_prize(cat.id, cat.name, amount, advancement, resolver)
            continue
        if cat.award == "draw":
            winners = {s for a in done.values() for s in a.winners}
            done[cat.id] = _draw(cat, amount, sheets, winners, list(open_ties), resolver)
            continue
        eligible = [s for s in sheets if not (rules.one_prize_per_player and s in taken)]
        waits = _waits_on(cat, eligible, rows, rules, open_ties)
        if waits:
            done[cat.id] = Award(
                cat.id,
                cat.name,
                amount,
                waiting_for=waits,
                note="waits for the roll-off before it (one prize per player)",
            )
            open_ties[cat.id] = _contenders(cat, eligible, rows, rules, open_ties)
            continue
        done[cat.id] = _award(cat, amount, eligible, rows, rules, resolver)
        if done[cat.id].status == "rolloff":
            open_ties[cat.id] = set(done[cat.id].tied)
        if rules.one_prize_per_player:
            taken.update(done[cat.id].winners)
    ties = [a.id for a in done.values()] + tournament.tie_ids(advancement)
    resolver.check_all_used(ties)
    prizes = tuple(done[c.id] for c in rules.prizes)
    return Settlement(validation, prizes, standings(validation, prizes), resolver.seed, advancement)


def _order(rules: Ruleset, amounts: dict[str, int]) -> list[PrizeCategory]:
    """Larger prizes first when a player can take only one; the final and draws last.

    The final table's Grand Prize is played after the qualifying prizes are settled, so it
    is outside one_prize_per_player: its winner keeps a qualifying prize she already took.
    """
    cats = list(rules.prizes)
    last = {"final": 1, "draw": 2}
    if rules.one_prize_per_player:
        return sorted(cats, key=lambda c: (last.get(c.award, 0), -amounts[c.id], cats.index(c)))
    return sorted(cats, key=lambda c: (last.get(c.award, 0), cats.index(c)))


def _value(cat: PrizeCategory, row: SheetTotals) -> float:
    """How good a sheet is for a category: higher is better."""
    if cat.award == "most":
        return getattr(row, cat.stat or "wins")
    if cat.award == "fewest":
        return -getattr(row, cat.stat or "wins")
    if cat.award == "even":
        return -abs(row.wins - row.losses)
    return float(row.traveler == 1)  # traveler


def _leaders(
    cat: PrizeCategory, eligible: list[str], rows: dict[str, SheetTotals], rules: Ruleset
) -> tuple[list[str], str]:
    """The sheets tied at the top of a category, or none and why."""
    if cat.award == "traveler":
        token = rules.traveler_token or "Traveler"
        holders = [s for s in rows if rows[s].traveler == 1]
        if not holders:
            return [], f"nobody holds the {token}"
        if holders[0] not in eligible:
            return [], (
                f"the {token}'s holder, sheet {holders[0]}, already has a larger prize "
                "(one prize per player)"
            )
        return holders, ""
    if cat.award not in ("most", "fewest", "even"):
        raise ValueError(f"unknown award kind {cat.award!r}")
    if not eligible:
        return [], "every sheet already has a prize (one prize per player)"
    values = {s: _value(cat, rows[s]) for s in eligible}
    best = max(values.values())
    if cat.award == "most" and cat.stat in ("buncos", "mini_buncos") and best <= 0:
        return [], "nobody rolled one"
    if cat.award == "even" and best < 0 and not rules.closest_fifty_fifty:
        return [], "nobody has as many wins as losses"
    return [s for s in eligible if values[s] == best], ""


def _contenders(
    cat: PrizeCategory,
    eligible: list[str],
    rows: dict[str, SheetTotals],
    rules: Ruleset,
    open_ties: dict[str, set[str]],
) -> set[str]:
    """Who may still win `cat` once the open ties before it are settled: anyone at least as
    good as the best sheet that no open tie can take away."""
    if cat.award == "traveler":
        return {s for s in eligible if rows[s].traveler == 1}
    blocked = set().union(*open_ties.values())
    safe = [s for s in eligible if s not in blocked]
    if not safe:
        return set(eligible)
    floor = max(_value(cat, rows[s]) for s in safe)
    return {s for s in eligible if _value(cat, rows[s]) >= floor}


def _waits_on(
    cat: PrizeCategory,
    eligible: list[str],
    rows: dict[str, SheetTotals],
    rules: Ruleset,
    open_ties: dict[str, set[str]],
) -> tuple[str, ...]:
    """The open ties whose outcome decides this category (one prize per player only)."""
    if not rules.one_prize_per_player or not open_ties:
        return ()
    if cat.award == "traveler":
        leaders = [s for s in rows if rows[s].traveler == 1]
    else:
        leaders, _ = _leaders(cat, eligible, rows, rules)
    return tuple(tie for tie, who in open_ties.items() if who & set(leaders))


def _award(
    cat: PrizeCategory,
    amount: int,
    eligible: list[str],
    rows: dict[str, SheetTotals],
    rules: Ruleset,
    resolver: Resolver,
) -> Award:
    leaders, why = _leaders(cat, eligible, rows, rules)
    if not leaders:
        return Award(cat.id, cat.name, amount, note=why)
    if len(leaders) == 1:
        return Award(cat.id, cat.name, amount, "awarded", (leaders[0],), paid={leaders[0]: amount})
    tied = tuple(leaders)
    if rules.prize_tie == "split":
        shares = split_pot(amount, [Fraction(1, len(tied))] * len(tied))
        paid = dict(zip(tied, shares, strict=True))
        return Award(
            cat.id, cat.name, amount, "awarded", tied, tied, paid, note=f"split {len(tied)} ways"
        )
    winner, rolls = resolver.settle(cat.id, tied)
    if winner is None:
        return Award(
            cat.id,
            cat.name,
            amount,
            "rolloff",
            (),
            tied,
            note=f"{len(tied)} tied: they roll one die each, highest takes it",
        )
    how = ("virtual roll-off" if rolls else "host's roll-off") + " among " + ", ".join(tied)
    return Award(
        cat.id,
        cat.name,
        amount,
        "awarded",
        (winner,),
        tied,
        {winner: amount},
        note=f"won the {how}",
        rolls=rolls,
    )


def _draw(
    cat: PrizeCategory,
    amount: int,
    sheets: list[str],
    winners: set[str],
    pending: list[str],
    resolver: Resolver,
) -> Award:
    if pending:
        return Award(
            cat.id,
            cat.name,
            amount,
            waiting_for=tuple(pending),
            note="drawn once the roll-offs are settled",
        )
    pool = tuple(s for s in sheets if s not in winners)
    if not pool:
        return Award(cat.id, cat.name, amount, note="everyone already has a prize")
    winner = resolver.draw(cat.id, pool)
    return Award(
        cat.id,
        cat.name,
        amount,
        "awarded",
        (winner,),
        paid={winner: amount},
        note=f"drawn with seed {resolver.seed}",
        pool=pool,
    )


def standings(validation: Validation, prizes: tuple[Award, ...]) -> tuple[Standing, ...]:
    """Sheets by wins, then Buncos; equal records share a rank."""
    won: dict[str, list[Award]] = {}
    for award in prizes:
        for sheet in award.paid:
            won.setdefault(sheet, []).append(award)
    rows = sorted(validation.totals.sheets, key=lambda s: (-s.wins, -s.buncos, sheet_key(s.sheet)))
    out = []
    rank = 0
    for position, row in enumerate(rows, start=1):
        if position == 1 or (row.wins, row.buncos) != (
            rows[position - 2].wins,
            rows[position - 2].buncos,
        ):
            rank = position
        mine = won.get(row.sheet, [])
        out.append(
            Standing(rank, row, tuple(a.id for a in mine), sum(a.paid[row.sheet] for a in mine))
        )
    return tuple(out)
