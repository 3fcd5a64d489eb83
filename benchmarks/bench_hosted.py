"""Benchmark a hosted engine: many nights at once on one database, several processes.

    python benchmarks/bench_hosted.py [--nights 20] [--players 20] [--submissions 10]

Makes 20 simulated nights of 20 players in a temporary folder and starts a throwaway
PostgreSQL (Debian's binaries, tests/postgres.py). Then, the same work twice:

1. `serve NIGHTS --database postgresql://... --workers 4`: 4 processes on one port.
2. `serve NIGHTS --database sqlite:///...`: one process, one SQLite file (for comparison).

Each time, 400 phones (one a sheet, 20 nights at once) send 10 totals each: form posts from
the sheet's own page, one keep-alive connection a phone (benchmarks/phones.py). First as
players do, each phone 3 s after its last answer (`--think-ms`; the first posts spread over
those 3 s): its latency is the goal. Then all as fast as the engine answers: the most posts a
second it takes (with 400 waiting at once, a post's latency is mostly its wait in line).
After each, every night's totals.csv must hold each sheet's last acknowledged totals (lost:
one that does not) and each sheet's history one change an acknowledged submission. Prints
posts, failed, lost, p50/p99 latency and posts a second for both, and PASS/MISS for
PostgreSQL's goals: 0 failed, 0 lost, p99 under 150 ms (paced). Exits 1 on a MISS.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.phones import (  # noqa: E402
    Connection,
    Sheet,
    lost_submissions,
    percentile,
    phones,
    unrecorded_changes,
)
from tests.postgres import Postgres  # noqa: E402
from tests.serving import Server  # noqa: E402

P99_GOAL_MS = 150.0
THINK_MS = 3000.0  # a player typing her next totals: 400 phones offer about 130 posts a second
WORKERS = 4


def make_nights(work: Path, count: int, players: int) -> list[Path]:
    """`count` simulated nights (each with the event.secret a pack keeps)."""
    from bunco_print.cli import code
    from bunco_print.signing import keys

    folders = []
    for n in range(count):
        folder = work / f"night-{n + 1:02d}"
        args = ["simulate", "--players", str(players), "--seed", str(n + 1), "--out", str(folder)]
        with contextlib.redirect_stdout(io.StringIO()):  # its report: not this one's
            done = code(args)
        if done not in (0, 1):
            sys.exit(f"bunco-print {' '.join(args)} failed")
        event = (folder / "event.json").read_text()
        event_id = json.loads(event)["event_id"]
        (folder / "event.secret").write_text(keys.event_secret(event_id) + "\n")
        folders.append(folder)
    return folders


def nights_of(folders: list[Path], base: str):
    """Each folder's night and its sheets' links on `base`."""
    from bunco_print.nights.settle import load_night
    from bunco_print.signing.links import sheet_url

    out = []
    for folder in folders:
        night = load_night((folder / "event.json").read_bytes())
        secret = (folder / "event.secret").read_text().strip()
        sheets = [Sheet(s, sheet_url(base, secret, night.event_id, s)) for s in night.sheet_ids]
        out.append((night, sheets))
    return out


async def totals_csv(host_url: str) -> bytes:
    from urllib.parse import urlsplit

    parts = urlsplit(host_url)
    connection = Connection(parts.hostname, parts.port)
    try:
        page = f"{parts.path}/totals.csv?{parts.query}"
        return (await connection.request("GET", page)).body
    finally:
        await connection.close()


async def one_run(server: Server, nights: list, submissions: int, think: float) -> dict:
    """The phones' posts (each `think` seconds after its last answer, the first within one
    `think`; none: all as fast as the engine answers) and what the engine kept of them (every
    run's: a sheet's history holds them all)."""
    everyone = [sheet for _, sheets in nights for sheet in sheets]
    run = await phones(everyone, nights[0][0], range(submissions), server.base, think, think)
    lost, unrecorded = [], []
    for night, sheets in nights:
        host = server.host_url(night.event_id)
        lost += lost_submissions(sheets, await totals_csv(host), night)
        unrecorded += await unrecorded_changes(host, sheets)
    latencies = run.latencies_ms
    return {
        "phones": len(everyone),
        "requests": len(latencies),
        "failed": len(run.failures),
        "lost": len(lost) + len(unrecorded),
        "p50": statistics.median(latencies) if latencies else float("nan"),
        "p99": percentile(latencies, 0.99) if latencies else float("nan"),
        "per_second": len(latencies) / run.seconds if run.seconds else 0.0,
        "examples": (run.failures + lost + unrecorded)[:3],
    }


def serve(folders: list[Path], args: list[str], env: dict, work: Path, options) -> list[dict]:
    """The paced run, then the flat-out one, on one engine."""
    with Server(folders, extra_args=[*args, "--quiet"], env=env, cwd=work) as server:
        time.sleep(2.0)  # the workers forked and warm: the run measures serving, not start-up
        nights, paces = nights_of(folders, server.base), (options.think_ms / 1000, 0.0)
        return [asyncio.run(one_run(server, nights, options.submissions, t)) for t in paces]


def line(name: str, result: dict) -> str:
    return (
        f"{name:<30} {result['phones']:>4} phones {result['requests']:>6} posts  "
        f"failed {result['failed']:>3}  lost {result['lost']:>3}  p50 {result['p50']:6.1f} ms  "
        f"p99 {result['p99']:6.1f} ms  {result['per_second']:6.0f} posts/s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nights", type=int, default=20)
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--submissions", type=int, default=10)
    parser.add_argument(
        "--think-ms", type=float, default=THINK_MS, help="a phone's pause between its posts"
    )
    options = parser.parse_args(argv)

    work = Path(tempfile.mkdtemp(prefix="bench-hosted-"))
    os.environ.update(HOME=str(work / "home"), XDG_CONFIG_HOME=str(work / "home" / ".config"))
    for name in ("BUNCO_SIGNING_KEY", "BUNCO_ENGINE_URL", "BUNCO_DATABASE_URL"):
        os.environ.pop(name, None)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    try:
        folders = make_nights(work, options.nights, options.players)
        with Postgres() as postgres:
            url = postgres.new_database()
            hosted = serve(folders, ["--database", url, "--workers", str(WORKERS)], env, work,
                           options)  # fmt: skip
        single = serve(folders, ["--database", f"sqlite:///{work / 'nights.sqlite'}"], env, work,
                       options)  # fmt: skip
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{options.nights} nights of {options.players} players at once, "
          f"{options.submissions} totals a phone, on {os.cpu_count()} cores")  # fmt: skip
    print(f"phones {options.think_ms / 1000:g} s apart (each after its last answer):")
    print(line(f"  PostgreSQL, {WORKERS} workers", hosted[0]))
    print(line("  SQLite, 1 process", single[0]))
    print("phones as fast as the engine answers (its most posts a second):")
    print(line(f"  PostgreSQL, {WORKERS} workers", hosted[1]))
    print(line("  SQLite, 1 process", single[1]))
    print(f"p99 SQLite / PostgreSQL, paced: {single[0]['p99'] / hosted[0]['p99']:.2f}; "
          f"most posts a second PostgreSQL / SQLite: "
          f"{hosted[1]['per_second'] / single[1]['per_second']:.2f}")  # fmt: skip
    for result in (*hosted, *single):
        for example in result["examples"]:
            print(f"  e.g. {example}")
    goals = [
        ("no failed post (PostgreSQL)", hosted[0]["failed"] + hosted[1]["failed"] == 0),
        ("no lost entry (PostgreSQL)", hosted[0]["lost"] + hosted[1]["lost"] == 0),
        (f"p99 under {P99_GOAL_MS:g} ms (PostgreSQL, paced)", hosted[0]["p99"] < P99_GOAL_MS),
    ]
    for what, ok in goals:
        print(f"{'PASS' if ok else 'MISS'}  {what}")
    return 0 if all(ok for _, ok in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
