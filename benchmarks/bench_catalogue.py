"""How long a whole shop takes: `bunco-print catalogue` for every theme x 8,12,16,24 players x
letter and a4 with every listing image, against making the same packs one by one with
`bunco-print pack`.

Goals (the issue asks for 12 themes, 96 packs, on a 2-core machine): the catalogue under 60 s
(goal 30 s), and at most half the time of the packs made one by one. With fewer themes shipped,
every theme that exists is made and the time is also given scaled to 12 themes. The one-by-one
side runs a sample of the packs (each a whole `python -m bunco_print pack` process, as a seller
would type it) and multiplies its median by the number of packs.
Run: PYTHONPATH=. python benchmarks/bench_catalogue.py [--jobs N] [--sample N]
"""

from __future__ import annotations

import argparse
import compileall
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bunco_print import themes

COUNTS = (8, 12, 16, 24)
PAPERS = ("letter", "a4")
THEMES_ASKED = 12
EPOCH = "1796342400"


def run(command: list[str], env: dict) -> float:
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    return time.perf_counter() - start


def cpu_seconds() -> float:
    """CPU time of every finished child process so far (the catalogue's workers included): on
    a machine others share, wall time varies and this does not."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=0, help="catalogue --jobs (0: all cores)")
    parser.add_argument("--sample", type=int, default=4, help="packs made one by one")
    args = parser.parse_args()
    import bunco_print

    # As after `pip install`: bytecode compiled, so neither side pays for compiling.
    compileall.compile_dir(os.path.dirname(bunco_print.__file__), quiet=1)
    names = themes.available()
    packs = len(names) * len(COUNTS) * len(PAPERS)
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
        env["BUNCO_PRINT_CACHE_DIR"] = os.path.join(tmp, "cache")  # cold: nothing laid out yet
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        shop = Path(tmp) / "shop"
        command = [sys.executable, "-m", "bunco_print", "catalogue", "--out", str(shop)]
        command += ["--jobs", str(args.jobs)]
        cpu = cpu_seconds()
        whole = run(command, env)
        cpu = cpu_seconds() - cpu
        again = run(command, env)
        images = len(list(shop.glob("*/*.png")))
        size = sum(p.stat().st_size for p in shop.glob("*/*.zip"))

        one_by_one = []
        for i in range(args.sample):
            theme = names[i % len(names)]
            count = COUNTS[(i // len(names)) % len(COUNTS)]
            paper = PAPERS[i % len(PAPERS)]
            pack = [sys.executable, "-m", "bunco_print", "pack", "--theme", theme]
            pack += ["--players", str(count), "--paper", paper, "--seed", "1"]
            pack += ["--out", os.path.join(tmp, f"pack-{i}")]
            one_by_one.append(run(pack, env))
    per_pack = statistics.median(one_by_one)
    scaled = whole * THEMES_ASKED / len(names)
    cores = os.cpu_count() or 1
    by_hand = per_pack * packs
    print(f"themes shipped: {len(names)} ({', '.join(names)}); the issue asks for {THEMES_ASKED}")
    print(f"catalogue: {packs} packs, {images} listing images, {size / 1e6:.1f} MB of zips")
    print(f"  cold run:       {whole:6.1f} s on {cores} cores ({whole / packs:.2f} s a pack)")
    print(f"  CPU time:       {cpu:6.1f} s, so {cpu / cores:.1f} s of {cores} idle cores")
    print(f"  scaled to {THEMES_ASKED} themes ({THEMES_ASKED * 8} packs): {scaled:6.1f} s")
    print("    goal: under 60 s, ideally 30 s")
    print(f"  re-run, nothing changed: {again:6.2f} s (every listing skipped)")
    print(f"one by one: median {per_pack:.2f} s a pack over {len(one_by_one)} sampled packs")
    print(f"  x {packs} packs = {by_hand:6.1f} s")
    print(f"ratio catalogue / one by one: {whole / by_hand:.2f} (goal: at most 0.50)")


if __name__ == "__main__":
    main()
