"""How long a whole pack takes in-process: 12 players against 200, in one run.

Goal (issue 2): the 200-player classic pack takes at most 3x the 12-player one, and the
12-player pack takes under 1 s. Run: python benchmarks/bench_pack.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bunco_print import render, themes
from bunco_print.pack import PackRequest, build_pack, pack_files


def time_pack(players: int, runs: int) -> tuple[float, int]:
    times, pages = [], 0
    for seed in range(runs):
        request = PackRequest(players=players, seed=seed, date="2026-12-04")
        start = time.perf_counter()
        pack = build_pack(request)
        pack_files(pack)
        times.append(time.perf_counter() - start)
        pages = pack.pages
    return statistics.median(times), pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    # Warm the per-process caches (fonts, theme, Jinja) the way a batch run would.
    start = time.perf_counter()
    render.font_config(), themes.load("classic").css()
    build_pack(PackRequest(players=12, seed=99, date="2026-12-04"))
    print(f"first pack in a fresh process (cold caches): {time.perf_counter() - start:.2f} s")
    small, small_pages = time_pack(12, args.runs)
    large, large_pages = time_pack(200, args.runs)
    ratio = large / small
    print(f"12-player classic pack:  {small:.3f} s median of {args.runs} ({small_pages} pages)")
    print(f"200-player classic pack: {large:.3f} s median of {args.runs} ({large_pages} pages)")
    print(f"ratio 200/12: {ratio:.2f}x  (goal: at most 3x)  {'met' if ratio <= 3 else 'NOT met'}")
    print(f"12-player under 1 s: {'met' if small < 1 else 'NOT met'}")


if __name__ == "__main__":
    main()
