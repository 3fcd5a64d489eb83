"""Warning bounds: how many Buncos, mini Buncos and wins the simulator makes plausible.

`warning_bounds.toml` holds what `benchmarks/derive_bounds.py` measured by simulating
thousands of nights per ruleset: each sheet's Buncos (and mini Buncos) per round and how widely
they spread, and how widely the night's total spreads for a given number of tables. From those
this module computes, for any night size, the count that a simulated night goes past in fewer
than 1 night of 10,000 (`FALSE_ALARM`). One sheet's Buncos over a night follow a Poisson (or,
when more spread, a negative binomial) law; wins a binomial (beta-binomial when more spread).
"""

from __future__ import annotations

import math
from functools import cache
from importlib.resources import files

from bunco_print.errors import InputError
from bunco_print.game import reader, rulesets
from bunco_print.game.values import shown

BOUNDS_FILE = "warning_bounds.toml"
# What each measured count holds (wins are measured by their correlation alone).
FIELDS = {
    "buncos": ("per_round", "sheet_dispersion", "night_dispersion"),
    "mini_buncos": ("per_round", "sheet_dispersion", "night_dispersion"),
    "wins": ("round_correlation",),
}


@cache
def data() -> dict:
    """warning_bounds.toml, each value checked: `false_alarm`, and {count: {field: value}} for
    each shipped ruleset it measured (a ruleset it did not measure gets no warnings)."""
    top = reader.parse((files(__package__) / BOUNDS_FILE).read_bytes(), BOUNDS_FILE, "bounds file")
    found: dict = {"false_alarm": top.checked("false_alarm", _number, default=1e-4)}
    for ruleset_id in rulesets.available():
        ruleset = top.sub(ruleset_id, optional=True)
        found[ruleset_id] = {}
        for count, fields in FIELDS.items():
            if count in ruleset.data:
                table = ruleset.sub(count)
                found[ruleset_id][count] = {f: table.checked(f, _CHECKS[f]) for f in fields}
                table.done()
        ruleset.done()
    top.done()
    return found


def _number(value: object, field: str) -> float:
    """A measured number: whole or not, never true or false, nan or infinite."""
    if type(value) not in (int, float) or not math.isfinite(value):
        raise InputError(f"{field} must be a number, not {shown(value)}")
    return float(value)


def _line(value: object, field: str) -> list[float]:
    """night_dispersion: [a, b], the night total's variance / mean being a + b x tables."""
    if type(value) is not list or len(value) != 2:
        raise InputError(f"{field} must be [a, b], two numbers, not {shown(value)}")
    return [_number(v, field) for v in value]


_CHECKS = {
    "per_round": _number,
    "sheet_dispersion": _number,
    "night_dispersion": _line,
    "round_correlation": _number,
}


def false_alarm() -> float:
    return data()["false_alarm"]


def _stat(ruleset_id: str, stat: str) -> dict | None:
    return data().get(ruleset_id, {}).get(stat)


def _counts_pmf(mean: float, dispersion: float) -> tuple[int, list[float]]:
    """(first k, probabilities) of a count with this mean and variance/mean ratio."""
    spread = math.sqrt(mean * max(dispersion, 1.0))
    first = max(0, math.floor(mean - 12 * spread - 5))
    last = math.ceil(mean + 15 * spread + 25)
    if dispersion <= 1.0 + 1e-9:  # Poisson: never tighter than independent rare events
        logs = [k * math.log(mean) - mean - math.lgamma(k + 1) for k in range(first, last + 1)]
    else:
        r, p = mean / (dispersion - 1), 1 / dispersion
        base = r * math.log(p) - math.lgamma(r)
        logs = [
            math.lgamma(k + r) - math.lgamma(k + 1) + base + k * math.log(1 - p)
            for k in range(first, last + 1)
        ]
    return first, [math.exp(x) for x in logs]


@cache
def sheet_high(ruleset_id: str, stat: str, rounds: int, sheets: int) -> int | None:
    """A sheet with more than this many of `stat` gets a warning (None: no data, no warning)."""
    known = _stat(ruleset_id, stat)
    if not known or rounds <= 0:
        return None
    first, probs = _counts_pmf(known["per_round"] * rounds, known["sheet_dispersion"])
    budget = false_alarm() / max(sheets, 1)  # union bound over the night's sheets
    tail = 0.0
    for k in range(len(probs) - 1, -1, -1):  # tail = P(X > first + k)
        if tail > budget:
            return first + k + 1
        tail += probs[k]
    return first


@cache
def night_low(ruleset_id: str, stat: str, rounds: int, sheets: int, tables: int) -> int | None:
    """A night whose sheets total this many of `stat` or fewer gets a warning (None: never)."""
    known = _stat(ruleset_id, stat)
    if not known or rounds <= 0:
        return None
    base, per_table = known["night_dispersion"]
    mean = known["per_round"] * rounds * sheets
    dispersion = max(base + per_table * tables, 1.0)
    k = max(0, math.floor(mean - 12 * math.sqrt(mean * dispersion) - 5))
    # Walk up the lower tail from far below the mean, one term from the last: no big tables.
    if dispersion == 1.0:
        log_p = k * math.log(mean) - mean - math.lgamma(k + 1)

        def step(k: int) -> float:
            return mean / (k + 1)
    else:
        r, p = mean / (dispersion - 1), 1 / dispersion
        log_p = (
            math.lgamma(k + r)
            - math.lgamma(r)
            - math.lgamma(k + 1)
            + r * math.log(p)
            + k * math.log(1 - p)
        )

        def step(k: int) -> float:
            return (k + r) / (k + 1) * (1 - p)

    term, below = math.exp(log_p), 0.0
    while True:
        below += term
        if below > false_alarm():
            return k - 1 if k > 0 else None
        term *= step(k)
        k += 1


@cache
def wins_range(ruleset_id: str, rounds: int, sheets: int) -> tuple[int, int]:
    """(low, high): a sheet with `low` wins or fewer, or `high` or more, gets a warning."""
    known = data().get(ruleset_id, {}).get("wins")
    if not known or rounds <= 0:
        return -1, rounds + 1
    # Beta-binomial with per-round correlation rho; rho = 0 is a plain binomial.
    rho = max(known["round_correlation"], 0.0)
    if rho > 1e-9:
        a = (1 / rho - 1) / 2
        beta = math.lgamma(a) * 2 - math.lgamma(2 * a)
        logs = [
            math.lgamma(rounds + 1)
            - math.lgamma(k + 1)
            - math.lgamma(rounds - k + 1)
            + math.lgamma(k + a)
            + math.lgamma(rounds - k + a)
            - math.lgamma(rounds + 2 * a)
            - beta
            for k in range(rounds + 1)
        ]
    else:
        logs = [
            math.lgamma(rounds + 1)
            - math.lgamma(k + 1)
            - math.lgamma(rounds - k + 1)
            - rounds * math.log(2)
            for k in range(rounds + 1)
        ]
    probs = [math.exp(x) for x in logs]
    budget = false_alarm() / 2 / max(sheets, 1)  # half the alarms for each end
    low, total = -1, 0.0
    for k in range(rounds + 1):
        total += probs[k]
        if total > budget:
            break
        low = k
    high, total = rounds + 1, 0.0
    for k in range(rounds, -1, -1):
        total += probs[k]
        if total > budget:
            break
        high = k
    return low, high
