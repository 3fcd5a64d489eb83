"""How long a whole pack takes: a cold `python -m bunco_print pack` process, and in-process
12 players against 200.

Goals: the cold 12-player command under 1 s; in-process, the 12-player pack under 0.5 s and the
200-player pack at most 2x the 12-player one.
Run: PYTHONPATH=. python benchmarks/bench_pack.py [--runs N] [--cold-runs N]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
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


def time_cold(runs: int, cache: bool) -> float:
    """Median wall time of whole `python -m bunco_print pack --players 12` processes, with the
    background cache off, or on and primed by one run first (another seed: the same night)."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "BUNCO_PRINT_CACHE_DIR": os.path.join(tmp, "cache")}
        env["BUNCO_PRINT_CACHE"] = "on" if cache else "off"
        for run in range(runs + cache):
            command = [sys.executable, "-m", "bunco_print", "pack", "--players", "12"]
            command += ["--date", "2026-12-04", "--seed", str(run)]
            command += ["--out", os.path.join(tmp, str(run))]
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - start)
    return statistics.median(times[1:] if cache else times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold-runs", type=int, default=5)
    args = parser.parse_args()
    cold = time_cold(args.cold_runs, cache=False)
    print(f"cold process, 12 players, no background cache: {cold:.2f} s median of {args.cold_runs}")
    warm = time_cold(args.cold_runs, cache=True)
    print(f"cold process, 12 players, backgrounds cached: {warm:.2f} s  (goal: < 1.0 s)")
    # In-process figures measure the work itself: the background cache is off.
    os.environ["BUNCO_PRINT_CACHE"] = "off"
    # Warm the per-process caches (fonts, theme, Jinja) the way a batch run would.
    start = time.perf_counter()
    render.font_config(), themes.load("classic").css()
    build_pack(PackRequest(players=12, seed=99, date="2026-12-04"))
    print(f"first pack in this process (cold caches): {time.perf_counter() - start:.2f} s")
    small, small_pages = time_pack(12, args.runs)
    large, large_pages = time_pack(200, args.runs)
    ratio = large / small
    print(f"12-player classic pack:  {small:.3f} s median of {args.runs} ({small_pages} pages)")
    print(f"200-player classic pack: {large:.3f} s median of {args.runs} ({large_pages} pages)")
    print(f"ratio 200/12: {ratio:.2f}x  (goal: at most 2x)  {'met' if ratio <= 2 else 'NOT met'}")
    print(f"12-player under 0.5 s: {'met' if small < 0.5 else 'NOT met'}")


if __name__ == "__main__":
    main()
