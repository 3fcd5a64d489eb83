"""Benchmark the scoring engine against the goals of issue 3.

    python benchmarks/bench_engine.py

Goals: read, validate and award 10,000 sheets in under 0.5 s in-process; simulate a 12-player,
24-round night (with its round log) in under 0.2 s. Prints the median of several runs of each
and whether the goal is met; exits 1 when one is missed.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bunco_print.engine.awards import settle
from bunco_print.engine.simulate import simulate
from bunco_print.engine.ties import Resolver
from bunco_print.engine.totals import parse_totals, to_csv
from bunco_print.engine.validate import required_columns, validate
from bunco_print.game.night import night_for

SHEETS, SETTLE_GOAL = 10_000, 0.5
SIMULATE_GOAL = 0.2
RUNS = 7


def median_seconds(work, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    night = night_for("classic", SHEETS)  # 2,500 tables: one very large room
    text = to_csv(simulate(night, 1, log=False).totals.sheets, mini_buncos=False, traveler=True)
    columns = required_columns(night.ruleset)

    def settle_night():
        totals = parse_totals(text, "totals.csv", require=columns)
        result = validate(totals, night)
        assert result.valid, result.errors[:3]
        settle(result, Resolver(roll=True, seed=1))

    evening = night_for("classic", 12)
    assert evening.rounds == 24
    seeds = iter(range(10**6))

    results = [
        (f"read + validate + award {SHEETS:,} sheets", median_seconds(settle_night), SETTLE_GOAL),
        (
            "simulate a 12-player, 24-round night",
            median_seconds(lambda: simulate(evening, next(seeds)), runs=25),
            SIMULATE_GOAL,
        ),
    ]
    missed = 0
    for name, seconds, goal in results:
        met = seconds < goal
        missed += not met
        print(
            f"{name:45} median {seconds * 1000:7.1f} ms   goal < {goal * 1000:.0f} ms   "
            f"{'met' if met else 'MISSED'}"
        )
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
