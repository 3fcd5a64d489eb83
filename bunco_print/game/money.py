"""Money: splitting a prize pot into whole units that add up exactly, and writing amounts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

REMAINDER_RULE = (
    "Amounts are whole units: each prize gets its share rounded down, and the units left over go "
    "one each to the prizes that lost the most in rounding (the earlier prize on a tie)."
)
NONE_AT_NOTHING = " A prize left with nothing takes a unit from the prize furthest over its share."
# How packs before the no-$0 step split their pots: event.json's `extra.split` says so, for a
# night whose printed amounts were split that way (game/manifest.py reads it).
EARLIER_SPLIT = "largest_remainder"


def remainder_rule(earlier: bool = False) -> str:
    """How the pot was split into whole units, in words (the prize sheet's and the results'
    fine print); `earlier`: as packs printed before the no-$0 step split it."""
    return REMAINDER_RULE if earlier else REMAINDER_RULE + NONE_AT_NOTHING


def split_pot(pot: int, shares: Sequence[Fraction], *, earlier: bool = False) -> list[int]:
    """Whole amounts, one per share, summing exactly to `pot` (largest-remainder rounding),
    each within a unit of its share. A share that rounding left at 0 (a $20 pot's 1/30) takes
    a unit from the amount furthest over its share that has two or more (the later on a tie),
    while there is one: a prize sheet shows no $0 prize where the pot can pay each one.
    `earlier`: without that step, as packs printed before it split their pots."""
    if pot < 0:
        raise ValueError("the pot cannot be negative")
    exact = [share * pot for share in shares]
    amounts = [math.floor(x) for x in exact]
    leftover = pot - sum(amounts)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), i))
    for i in by_remainder[:leftover]:
        amounts[i] += 1
    empty = [] if earlier else [i for i, a in enumerate(amounts) if a == 0 < exact[i]]
    for i in sorted(empty, key=lambda i: -exact[i]):  # the largest share first (earlier on a tie)
        over = [j for j, a in enumerate(amounts) if a >= 2 and a > exact[j]]
        if not over:
            break
        donor = max(over, key=lambda j: (amounts[j] - exact[j], j))
        amounts[donor] -= 1
        amounts[i] += 1
    return amounts


def format_money(amount: int, currency: str = "$") -> str:
    """An amount as people write it: "$1,000" with a one-letter symbol, "1,000 EUR" with a code."""
    sign, digits = "-" * (amount < 0), f"{abs(amount):,}"
    if len(currency) <= 1:
        return f"{sign}{currency}{digits}"
    return f"{sign}{digits} {currency}"


_PARTS = {2: "half", 3: "third", 4: "quarter", 5: "fifth", 6: "sixth", 8: "eighth", 10: "tenth"}
_PARTS |= {12: "twelfth", 15: "fifteenth", 20: "twentieth", 30: "thirtieth"}
_COUNTS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five"}


def share_words(share: Fraction) -> str:
    """A prize's share of the pot as a host says it ("half the pot", "a third of the pot", "two
    fifteenths of the pot"), for a pack whose amounts are written in by hand."""
    part, count = _PARTS.get(share.denominator), _COUNTS.get(share.numerator)
    if share == 1:
        return "the whole pot"
    if share == Fraction(1, 2):
        return "half the pot"
    if part is None or count is None:
        return f"{share.numerator}/{share.denominator} of the pot"
    return f"{count} {part}{'s' if share.numerator > 1 else ''} of the pot"
