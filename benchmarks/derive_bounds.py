"""Derive the validator's warning bounds from the simulator, and check them.

    python benchmarks/derive_bounds.py          # measure, write engine/warning_bounds.toml
    python benchmarks/derive_bounds.py --check  # count warnings on fresh simulated nights

Measuring plays, for every ruleset, NIGHTS nights of 12 players and NIGHTS / 4 nights of 40
players at the ruleset's full length (seeds 0, 1, 2, ...) and records per sheet and round the
mean Buncos and mini Buncos, how widely one sheet's night spreads (variance / mean), how widely
the night's total spreads at 3 and at 10 tables (a line through the two), and how much one
sheet's wins spread beyond a fair coin per round. `bounds.py` turns these into thresholds.

Checking validates nights the measuring never saw (seeds from 10**6) at several sizes and
counts, per warning code, the nights that got one: the design rate is 1 in 10,000.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bunco_print.engine.simulate import simulate
from bunco_print.engine.validate import validate
from bunco_print.game import rulesets
from bunco_print.game.night import night_for

NIGHTS = 8000
OUT = Path(__file__).resolve().parents[1] / "bunco_print" / "engine" / "warning_bounds.toml"
CHECK_SIZES = ((12, None), (8, 1), (40, None), (101, 2))
CHECK_NIGHTS = 10_000


def _play(args: tuple[str, int, int | None, int, int]) -> list[tuple]:
    ruleset, players, sets, first, count = args
    night = night_for(ruleset, players, sets=sets)
    out = []
    for seed in range(first, first + count):
        sheets = simulate(night, seed, log=False).totals.sheets
        out.append(tuple((s.wins, s.buncos, s.mini_buncos) for s in sheets))
    return out


def _nights(pool, ruleset: str, players: int, nights: int, sets=None, first=0) -> list[tuple]:
    chunk = 250
    jobs = [
        (ruleset, players, sets, first + i, min(chunk, nights - i)) for i in range(0, nights, chunk)
    ]
    return [night for part in pool.map(_play, jobs) for night in part]


def _ratio(values: list[float]) -> float:
    mean = statistics.fmean(values)
    return statistics.pvariance(values) / mean if mean else 1.0


def measure(pool, nights: int) -> str:
    lines = [
        "# Warning bounds for `bunco-print validate`, measured from the simulator.",
        f"# Produced by `python benchmarks/derive_bounds.py` ({nights} nights of 12 players and",
        f"# {nights // 4} of 40 players per ruleset, seeds from 0, full-length nights) on",
        f"# {time.strftime('%Y-%m-%d')}. Do not edit by hand: rerun the script after changing",
        "# the simulator or a ruleset's play. bunco_print/engine/bounds.py reads this file.",
        "",
        "false_alarm = 1e-4   # a warning fires in fewer than 1 simulated night of 10,000",
    ]
    for ruleset in rulesets.available():
        rules = rulesets.load(ruleset)
        rounds = rules.rounds
        small = _nights(pool, ruleset, 12, nights)
        large = _nights(pool, ruleset, 40, nights // 4)
        tables_small, tables_large = 3, 10  # 12 and 40 players sit at 3 and 10 tables
        lines += ["", f"[{ruleset}]   # {rounds} rounds a night"]
        for index, stat in ((1, "buncos"), (2, "mini_buncos")):
            if stat == "mini_buncos" and not rules.track_mini_buncos:
                continue
            per_sheet = [s[index] for night in small + large for s in night]
            per_round = statistics.fmean(per_sheet) / rounds
            sheet_disp = _ratio(per_sheet)
            disp_small = _ratio([sum(s[index] for s in night) for night in small])
            disp_large = _ratio([sum(s[index] for s in night) for night in large])
            slope = (disp_large - disp_small) / (tables_large - tables_small)
            base = disp_small - slope * tables_small
            lines += [
                f"{stat}.per_round = {per_round:.5f}   # mean per sheet and round",
                f"{stat}.sheet_dispersion = {sheet_disp:.3f}   # variance / mean of one sheet",
                f"{stat}.night_dispersion = [{base:.3f}, {slope:.4f}]   # night total's "
                f"variance / mean = a + b x tables ({disp_small:.2f} at 3, {disp_large:.2f} at 10)",
            ]
        wins = [s[0] for night in small + large for s in night]
        spread = statistics.pvariance(wins) / (rounds / 4)
        rho = max(0.0, (spread - 1) / (rounds - 1))
        lines.append(
            f"wins.round_correlation = {rho:.5f}   # wins variance is {spread:.3f} x a fair coin's"
        )
        print(f"measured {ruleset}", file=sys.stderr)
    return "\n".join(lines) + "\n"


def _check_one(args: tuple[str, int, int | None, int, int]) -> tuple[Counter, int]:
    ruleset, players, sets, first, count = args
    night = night_for(ruleset, players, sets=sets)
    codes: Counter = Counter()
    errors = 0
    for seed in range(first, first + count):
        result = validate(simulate(night, seed, log=False).totals, night)
        errors += bool(result.errors)
        codes.update({w.code for w in result.warnings})
    return codes, errors


def check(pool, nights: int) -> None:
    print(f"{'ruleset':12} {'players':>7} {'rounds':>6} {'nights':>6}  errors  warnings (nights)")
    for ruleset in rulesets.available():
        rounds_per_set = rulesets.load(ruleset).rounds_per_set
        for players, sets in CHECK_SIZES:
            size = nights if players <= 40 else nights // 5
            jobs = [
                (ruleset, players, sets, 10**6 + i, min(500, size - i)) for i in range(0, size, 500)
            ]
            codes: Counter = Counter()
            errors = 0
            for part, errs in pool.map(_check_one, jobs):
                codes.update(part)
                errors += errs
            rounds = (sets or rulesets.load(ruleset).sets) * rounds_per_set
            shown = ", ".join(f"{c} {n}" for c, n in sorted(codes.items())) or "none"
            print(f"{ruleset:12} {players:>7} {rounds:>6} {size:>6}  {errors:>6}  {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="count warnings; write nothing")
    parser.add_argument("--nights", type=int, default=None)
    args = parser.parse_args()
    with ProcessPoolExecutor() as pool:
        if args.check:
            check(pool, args.nights or CHECK_NIGHTS)
        else:
            OUT.write_text(measure(pool, args.nights or NIGHTS), encoding="utf-8")
            print(f"wrote {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
