"""How long a whole shop takes: `bunco-print catalogue` for every theme x 8,12,16,24 players x
letter and a4 with every listing image, against making the same packs one by one with
`bunco-print pack`.

Goals (the issue asks for 12 themes, 96 packs, on a 2-core machine): the catalogue under 60 s
(goal 30 s), and at most half the time of the packs made one by one. With fewer than 12 themes
shipped, every shipped theme is made and stand-in theme folders (each extending a shipped theme
with colours of its own, so every listing is laid out anew) make up the 12. The one-by-one side
runs a sample of the packs (each a whole `python -m bunco_print pack` process, as a seller would
type it) and multiplies its median by the number of packs. With --baseline DIR (a checkout of
an earlier commit) the cold catalogue is made by both trees in turn, --rounds times, and the
medians and their ratio are printed: compared in one run, on one machine. A checkout of the tree
#18 was filed against as the baseline (filed.py) also gives the time as on the issue's machine.
Run: PYTHONPATH=. python benchmarks/bench_catalogue.py [--jobs N] [--sample N] [--baseline DIR]
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

import filed

from bunco_print.theming import themes

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


def stand_ins(folder: Path, shipped: list[str], count: int) -> list[str]:
    """`count` theme folders, each extending a shipped theme in turn with its own colours."""
    made = []
    for i in range(count):
        theme = folder / f"standin-{i + 1:02d}"
        theme.mkdir(parents=True)
        red, green = 40 + 17 * i % 160, 60 + 29 * i % 140
        (theme / "theme.toml").write_text(
            f'title = "Stand-in {i + 1} Bunco"\n'
            f'extends = "{shipped[i % len(shipped)]}"\n'
            "[colors]\n"
            f'accent = "#{red:02x}{green:02x}a0"\n'
            f'accent2 = "#{green:02x}80{red:02x}"\n',
            encoding="utf-8",
        )
        made.append(str(theme))
    return made


ROOT = Path(__file__).resolve().parents[1]


def shop_command(shop: Path, jobs: int, themes_asked: list[str]) -> list[str]:
    command = [sys.executable, "-m", "bunco_print", "catalogue", "--out", str(shop)]
    command += ["--jobs", str(jobs), "--themes", ",".join(themes_asked)]
    return command


def time_shop(tree: Path, tmp: Path, jobs: int, themes_asked: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of the tree's cold catalogue (its own empty cache and folder)."""
    compileall.compile_dir(str(tree / "bunco_print"), quiet=1)  # as after `pip install`
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "PYTHONPATH": str(tree)}
    env["BUNCO_PRINT_CACHE_DIR"] = str(Path(tempfile.mkdtemp(dir=tmp)) / "cache")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    shop = Path(tempfile.mkdtemp(dir=tmp)) / "shop"
    cpu = cpu_seconds()
    start = time.perf_counter()
    subprocess.run(
        shop_command(shop, jobs, themes_asked), check=True, capture_output=True, env=env, cwd=tree
    )
    return time.perf_counter() - start, cpu_seconds() - cpu


def against(baseline: Path, jobs: int, rounds: int) -> None:
    trees = {"this tree": ROOT, "baseline": baseline.resolve()}
    names = themes.available()[:THEMES_ASKED]
    found: dict[str, list[tuple[float, float]]] = {name: [] for name in trees}
    with tempfile.TemporaryDirectory() as tmp:
        asked = names + stand_ins(Path(tmp) / "themes", names, THEMES_ASKED - len(names))
        for _ in range(rounds):
            for name, tree in trees.items():
                found[name].append(time_shop(tree, Path(tmp), jobs, asked))
    packs = len(asked) * len(COUNTS) * len(PAPERS)
    print(
        f"the cold catalogue, {packs} packs with their images, medians of {rounds} rounds, "
        f"alternating"
    )
    wall = {name: statistics.median(w for w, _ in rows) for name, rows in found.items()}
    cpu = {name: statistics.median(c for _, c in rows) for name, rows in found.items()}
    for name in trees:
        print(f"  {name:<10} {wall[name]:6.1f} s, {cpu[name]:6.1f} s of CPU")
    print(
        f"  this tree / baseline: {wall['this tree'] / wall['baseline']:.2f} of the time, "
        f"{cpu['this tree'] / cpu['baseline']:.2f} of the CPU  (goal: under 30 s)"
    )
    if filed.is_filed(baseline):  # the issue measured this tree's catalogue: 48 s
        now, base = wall["this tree"], wall["baseline"]
        print(f"  as on the issue's machine: {filed.on_issue_machine('catalogue', now, base, 30)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=0, help="catalogue --jobs (0: all cores)")
    parser.add_argument("--sample", type=int, default=4, help="packs made one by one")
    parser.add_argument("--baseline", type=Path, help="another checkout, to compare against")
    parser.add_argument("--rounds", type=int, default=2, help="with --baseline: rounds")
    args = parser.parse_args()
    if args.baseline:
        against(args.baseline, args.jobs, args.rounds)
        return
    import bunco_print

    # As after `pip install`: bytecode compiled, so neither side pays for compiling.
    compileall.compile_dir(os.path.dirname(bunco_print.__file__), quiet=1)
    names = themes.available()[:THEMES_ASKED]
    with tempfile.TemporaryDirectory() as tmp:
        extra = stand_ins(Path(tmp) / "themes", names, THEMES_ASKED - len(names))
        packs = (len(names) + len(extra)) * len(COUNTS) * len(PAPERS)
        env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
        env["BUNCO_PRINT_CACHE_DIR"] = os.path.join(tmp, "cache")  # cold: nothing laid out yet
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        shop = Path(tmp) / "shop"
        command = shop_command(shop, args.jobs, names + extra)
        cpu = cpu_seconds()
        whole = run(command, env)
        cpu = cpu_seconds() - cpu
        # the largest process's peak memory (a worker or the parent; kB on Linux)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
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
    cores = os.cpu_count() or 1
    by_hand = per_pack * packs
    print(f"themes: {len(names)} shipped ({', '.join(names)}) + {len(extra)} stand-in folders")
    print(f"catalogue: {packs} packs, {images} listing images, {size / 1e6:.1f} MB of zips")
    print(f"  cold run:       {whole:6.1f} s on {cores} cores ({whole / packs:.2f} s a pack)")
    print(f"  CPU time:       {cpu:6.1f} s, so {cpu / cores:.1f} s of {cores} idle cores")
    print("    goal: under 60 s, ideally 30 s")
    print(f"  peak memory of one process: {peak:.0f} MB (flat: each task frees its packs)")
    print(f"  re-run, nothing changed: {again:6.2f} s (every listing skipped)")
    print(f"one by one: median {per_pack:.2f} s a pack over {len(one_by_one)} sampled packs")
    print(f"  x {packs} packs = {by_hand:6.1f} s")
    print(f"ratio catalogue / one by one: {whole / by_hand:.2f} (goal: at most 0.50)")


if __name__ == "__main__":
    main()
