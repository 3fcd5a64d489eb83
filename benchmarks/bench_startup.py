"""How long `bunco-print` takes to answer a quick question, as a fresh process.

    python benchmarks/bench_startup.py [--runs N]

Goal: `bunco-print validate --help` answers without loading WeasyPrint, in under 0.5 s on an
idle machine (the whole command line used to load ~0.45 s of WeasyPrint for it). Prints the
median of several runs of each command; exits 1 when the goal is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOAL = 0.5
COMMANDS = {
    "python alone": ["-c", "pass"],
    "validate --help": ["-m", "bunco_print", "validate", "--help"],
    "--version": ["-m", "bunco_print", "--version"],
}


def once(args: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], env=env, capture_output=True, check=True)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    medians = {}
    for name, args in COMMANDS.items():
        medians[name] = statistics.median(once(args) for _ in range(runs))
        print(f"{name:<18} {medians[name]:.3f} s")
    met = medians["validate --help"] < GOAL
    print(f"goal: validate --help under {GOAL} s: {'met' if met else 'MISSED'}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
