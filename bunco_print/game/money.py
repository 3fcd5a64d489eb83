"""Money: splitting a prize pot into whole units that add up exactly, and writing amounts."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

REMAINDER_RULE = (
    "Amounts are whole units: each prize gets its share rounded down, and the units left over go "
    "one each to the prizes that lost the most in rounding (the earlier prize on a tie)."
)


def split_pot(pot: int, shares: Sequence[Fraction]) -> list[int]:
    """Whole amounts, one per share, summing exactly to `pot` (largest-remainder rounding)."""
    if pot < 0:
        raise ValueError("the pot cannot be negative")
    exact = [share * pot for share in shares]
    amounts = [math.floor(x) for x in exact]
    leftover = pot - sum(amounts)
    by_remainder = sorted(range(len(exact)), key=lambda i: (-(exact[i] - amounts[i]), i))
    for i in by_remainder[:leftover]:
        amounts[i] += 1
    return amounts


def format_money(amount: int, currency: str = "$") -> str:
    """An amount as people write it: "$1,000" with a one-letter symbol, "1,000 EUR" with a code."""
    sign, digits = "-" * (amount < 0), f"{abs(amount):,}"
    if len(currency) <= 1:
        return f"{sign}{currency}{digits}"
    return f"{sign}{digits} {currency}"
