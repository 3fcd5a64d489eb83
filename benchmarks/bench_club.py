"""How fast a club's season answers, as whole processes: `club standings` over a 12-month
season of 24 players, and `club record` of one of its nights.

    python benchmarks/bench_club.py [--runs N]

Goals: standings under 0.5 s, record under 1 s. The season is made in this process first
(each night planned as its pack would be, but not laid out: the layout is the pack's own
benchmark), with simulated totals; then each command runs N times as a fresh process and the
medians are printed. Exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GOALS = {"standings": 0.5, "record": 1.0}
PLAYERS = 24


def make_season(where: Path) -> tuple[Path, Path, Path]:
    """A club of 24 members and 4 alternates with twelve recorded nights; the last night's
    folder and totals file, to record again."""
    from bunco_print.club import month, record, setup
    from bunco_print.engine.simulate import simulate
    from bunco_print.engine.totals import to_csv
    from bunco_print.nights import settle
    from bunco_print.printing import pack

    def planned_only(request):
        event, secret, _, _ = pack.plan(request)
        return pack.Pack(event=event, secret=secret, pack_pdf=b"%PDF-1.7 planned only\n")

    members = "".join(f"Member {n}\n" for n in range(1, PLAYERS + 1)).encode()
    alternates = b"Alt A\nAlt B\nAlt C\nAlt D\n"
    club = where / "club"
    setup.init(club, "Bench Club", members, alternates, year=2026)
    for m in range(1, 13):
        subs = [f"Alt {'ABCD'[m % 4]} for Member {m}"]
        planned = month.plan(club, f"2026-{m:02d}-14", subs=subs, options={"seed": m})
        month.print_night(club, planned, make_pack=planned_only)
        folder = month.night_folder(club, planned.day)
        night = settle.load_night((folder / "event.json").read_bytes())
        played = simulate(night, m)
        rows = [replace(s, name=night.names[s.sheet]) for s in played.totals.sheets]
        totals = where / f"totals-{m:02d}.csv"
        totals.write_text(to_csv(rows, mini_buncos=False, traveler=True))
        record.record(club, folder, totals, roll=True, seed=m)
    return club, folder, totals


def once(args: list[str]) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "bunco_print", *args], env=env, capture_output=True, check=True
    )
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory(prefix="bench-club-") as tmp:
        where = Path(tmp)
        os.environ["XDG_CONFIG_HOME"] = str(where / "config")  # this run's own signing key
        sys.path.insert(0, str(ROOT))
        club, folder, totals = make_season(where)
        commands = {
            "validate --help": ["validate", "--help"],  # the command line's own start, to compare
            "standings": ["club", "standings", str(club), "--json"],
            "record": ["club", "record", str(club), str(folder), "--totals", str(totals), "--roll"],
        }
        medians = {
            name: statistics.median(once(args) for _ in range(runs))
            for name, args in commands.items()
        }
    print(f"{'validate --help':<16} {medians.pop('validate --help'):.3f} s  (starting up alone)")
    met = True
    for name, median in medians.items():
        ok = median < GOALS[name]
        met = met and ok
        print(
            f"club {name:<11} {median:.3f} s  (median of {runs}; goal {GOALS[name]} s: "
            f"{'met' if ok else 'MISSED'})"
        )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
