"""Benchmark `bunco-print serve` as a room full of phones uses it.

    python benchmarks/bench_serve.py [--phones 50] [--submissions 20]

Makes two packs in a temporary folder (a 60-player classic night and a 400-player tournament),
starts the real server on a free loopback port and then:

1. 50 phones, each with its own score sheet, send 20 totals each, all at once, as fast as the
   server answers: form posts from the sheet's own page (Origin = the server), over one
   keep-alive HTTP/1.1 connection per phone (an asyncio client on bare streams, so the client
   costs little next to the server). Afterwards the host's totals.csv must hold every sheet's
   LAST submitted totals: an acknowledged submission that is not there was lost.
2. Every sheet of the 400-player tournament is filled (a simulated night's totals), then the
   host dashboard is fetched 30 times.
3. The 50 phones send their 20 totals each again while the host's dashboard of the filled
   400-player night is fetched in a loop, one fetch after another, the whole time.

4. A phone's first visit: the bytes of a sheet's page and everything it loads (stylesheets,
   script, art and the faces of the theme's fonts its words use).

Goals: no failed request, no lost submission, p99 latency under 100 ms (alone, and while the
big dashboard is fetched); the filled 400-player dashboard under 200 ms (median); a phone's
first visit under 150 kB. Prints the
figures and PASS/MISS; exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.phones import (  # noqa: E402
    KEPT,
    RECORDED,
    Connection,
    HTTPError,
    Run,
    Sheet,
    fetch,
    fetch_until,
    lost_submissions,
    percentile,
    phones,
    target_of,
    timed_gets,
    unrecorded_changes,
)
from bunco_print.engine.simulate import simulate  # noqa: E402
from bunco_print.nights.settle import load_night  # noqa: E402
from bunco_print.signing.links import sheet_url  # noqa: E402
from tests.serving import Server  # noqa: E402

SOURCE_DATE_EPOCH = "1796342400"
ROOM, TOURNAMENT = 60, 400
LATENCY_GOAL_MS, DASHBOARD_GOAL_MS = 100.0, 200.0
FIRST_VISIT_GOAL_KB = 150
# the theme's faces a sheet's page writes in (web/views/downloads.py PAGE_FACES): headings,
# words, bold words
PAGE_FACES = ("display/400", "body/400", "body/700")
DASHBOARD_GETS = 30
FILL_CONNECTIONS = 20


def sheets_of(folder: Path, base: str) -> tuple[object, list[tuple[str, str]]]:
    """The folder's night and (sheet id, sheet link on `base`) for each of its sheets."""
    night = load_night((folder / "event.json").read_bytes())
    secret = (folder / "event.secret").read_text().strip()
    return night, [(s, sheet_url(base, secret, night.event_id, s)) for s in night.sheet_ids]


async def fill(night, links: list[tuple[str, str]], origin: str) -> list[str]:
    """Post a simulated night's totals for every sheet; the failures."""
    by_sheet = {row.sheet: row for row in simulate(night, 1, log=False).totals.sheets}
    queue: asyncio.Queue = asyncio.Queue()
    for item in links:
        queue.put_nowait(item)
    failures: list[str] = []
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin}

    async def worker() -> None:
        parts = urlsplit(links[0][1])
        connection = Connection(parts.hostname, parts.port)
        try:
            while not queue.empty():
                sheet_id, url = queue.get_nowait()
                row = by_sheet[sheet_id]
                fields = {"wins": row.wins, "losses": row.losses, "buncos": row.buncos}
                if night.ruleset.track_mini_buncos:
                    fields["mini_buncos"] = row.mini_buncos
                if row.traveler:
                    fields["traveler"] = 1
                fields["confirm"] = 1  # a simulated night has the odd warning: send as written
                body = urlencode(fields).encode()
                try:
                    answer = await connection.request("POST", target_of(url), headers, body)
                except HTTPError as exc:
                    failures.append(f"sheet {sheet_id}: {exc}")
                    continue
                if answer.status != KEPT and RECORDED not in answer.body:
                    failures.append(f"sheet {sheet_id}: {answer.status}, not recorded")
        finally:
            await connection.close()

    await asyncio.gather(*(worker() for _ in range(FILL_CONNECTIONS)))
    return failures


def host_file(host_url: str, name: str) -> str:
    """`.../e/EVENT/host?k=SIG` → `.../e/EVENT/host/NAME?k=SIG`."""
    parts = urlsplit(host_url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path + "/" + name, parts.query, ""))


# -- figures ---------------------------------------------------------------------------------------


def make_packs(work: Path, env: dict[str, str]) -> tuple[Path, Path]:
    room, tournament = work / "room-60", work / "tournament-400"
    commands = [
        ["pack", "--players", str(ROOM), "--seed", "1", "--out", str(room)],
        ["pack", "--players", str(TOURNAMENT), "--ruleset", "tournament", "--seed", "1"],
    ]
    commands[1] += ["--out", str(tournament)]
    running = [
        subprocess.Popen(
            [sys.executable, "-m", "bunco_print", *args],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for args in commands
    ]
    for args, process in zip(commands, running, strict=True):
        _, err = process.communicate()
        if process.returncode:
            sys.exit(f"bunco-print {' '.join(args)} failed ({process.returncode}): {err.strip()}")
    return room, tournament


def cpu_seconds(pid: int) -> float | None:
    """CPU time (user + system) process `pid` has used so far; None where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def mark(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--submissions", type=int, default=20)
    parser.add_argument("--think-ms", type=float, default=0.0, help="pause between a phone's posts")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder")
    options = parser.parse_args(argv)
    if not 1 <= options.phones <= ROOM:
        parser.error(f"--phones must be 1 to {ROOM}")

    work = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    env = dict(os.environ)
    env.update(
        HOME=str(work / "home"),
        XDG_CONFIG_HOME=str(work / "home" / ".config"),
        SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH,
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")])),
    )
    for name in ("BUNCO_SIGNING_KEY", "BUNCO_ENGINE_URL"):
        env.pop(name, None)
    began = time.perf_counter()
    room, tournament = make_packs(work, env)
    print(f"packs made in {time.perf_counter() - began:.1f} s under {work}")
    try:
        with Server([room, tournament], data=work / "data", env=env, cwd=work) as server:
            return asyncio.run(measure(server, room, tournament, options))
    finally:
        if options.keep:
            print(f"kept {work}")
        else:
            import shutil

            shutil.rmtree(work, ignore_errors=True)


async def measure(server: Server, room: Path, tournament: Path, options) -> int:
    print(f"server at {server.base}")
    night, links = sheets_of(room, server.base)
    sheets = [Sheet(s, url) for s, url in links if s.isdigit()][: options.phones]
    first = range(options.submissions)
    run = await phones_run(server, night, sheets, first, options, "")
    goals = phone_goals(run, await lost_of(server, night, sheets), "")

    big, big_links = sheets_of(tournament, server.base)
    began = time.perf_counter()
    fill_failures = await fill(big, big_links, server.base)
    filled = time.perf_counter() - began
    host = server.host_url(big.event_id)
    dashboard, dashboard_failures = await timed_gets(host, DASHBOARD_GETS)
    results, results_failures = await timed_gets(host_file(host, "results.json"), 10)
    dashboard = dashboard or [float("nan")]
    results = results or [float("nan")]
    print(f"\n{TOURNAMENT}-player tournament: {len(big_links)} sheets filled in {filled:.1f} s")
    print(f"  fill failures {len(fill_failures)}", *fill_failures[:3], sep="\n    ")
    print(
        f"  dashboard  first {dashboard[0]:.1f} ms (drawn anew), then median "
        f"{statistics.median(dashboard):.1f} ms, p99 {percentile(dashboard, 0.99):.1f} ms "
        f"({DASHBOARD_GETS} GETs, {len(dashboard_failures)} failed; drawn once per change)"
    )
    print(
        f"  results.json median {statistics.median(results):.1f} ms "
        f"({len(results_failures)} failed)"
    )
    goals.append(
        (
            f"{TOURNAMENT}-player dashboard < {DASHBOARD_GOAL_MS:.0f} ms",
            not dashboard_failures
            and not fill_failures
            and statistics.median(dashboard) < DASHBOARD_GOAL_MS,
            f"median {statistics.median(dashboard):.1f} ms",
        )
    )

    # the phones again, while the host keeps the big night's dashboard open and refreshing
    second = range(options.submissions, 2 * options.submissions)
    stop = asyncio.Event()
    looping = asyncio.create_task(fetch_until(host, stop))
    beside = f" beside the {TOURNAMENT}-player dashboard"
    try:
        busy = await phones_run(server, night, sheets, second, options, beside)
    finally:
        stop.set()
        fetched, fetch_failures = await looping
    fetched = fetched or [float("nan")]
    print(
        f"  dashboard  fetched {len(fetched)} times meanwhile, median "
        f"{statistics.median(fetched):.1f} ms ({len(fetch_failures)} failed)"
    )
    lost = await lost_of(server, night, sheets)
    goals += phone_goals(busy, lost + [f"dashboard: {f}" for f in fetch_failures], beside)

    loaded = await first_visit(links[0][1])
    total = sum(loaded.values())
    print(f"\na phone's first visit: {total / 1000:.1f} kB in {len(loaded)} files")
    for name, size in loaded.items():
        print(f"    {size / 1000:7.1f} kB  {name}")
    goals.append((f"a phone's first visit < {FIRST_VISIT_GOAL_KB} kB",
                  total < FIRST_VISIT_GOAL_KB * 1000, f"{total / 1000:.1f} kB"))  # fmt: skip

    print("\nGoals")
    for name, ok, figure in goals:
        print(f"  {mark(ok)}  {name:<60} {figure}")
    return 0 if all(ok for _, ok, _ in goals) else 1


async def first_visit(link: str) -> dict[str, int]:
    """What a phone downloads opening `link` the first time: the page, what it links to, and
    the font faces its words use; bytes by file."""
    page = await fetch(link)
    event = target_of(link).split("/")[2]
    base = link.split("/e/")[0]
    found = re.findall(rb'(?:href|src)="(/[^"]+)"', page.body)
    wanted = [u.decode() for u in found if not u.startswith(b"/e/" + event.encode() + b"/s/")]
    wanted += [f"/e/{event}/font/{face}" for face in PAGE_FACES]
    sizes = {"the sheet's page": len(page.body)}
    for path in dict.fromkeys(wanted):
        answer = await fetch(base + path)
        sizes[path.split("?")[0]] = len(answer.body) if answer.status == 200 else 0
    return sizes


async def phones_run(server: Server, night, sheets, rounds: range, options, beside: str) -> Run:
    """The phones send `rounds` of totals each, all at once; their figures printed."""
    cpu_before = cpu_seconds(server.process.pid)
    run = await phones(sheets, night, rounds, server.base, options.think_ms / 1000)
    cpu_after = cpu_seconds(server.process.pid)
    latencies = run.latencies_ms or [float("nan")]
    p50, p90, p99, worst = (percentile(latencies, q) for q in (0.5, 0.9, 0.99, 1.0))
    rate = len(run.latencies_ms) / run.seconds if run.seconds else 0.0
    print(f"\n{len(sheets)} phones x {len(rounds)} submissions ({len(sheets) * len(rounds)} posts)"
          f"{beside}")  # fmt: skip
    print(f"  answered   {len(run.latencies_ms)} in {run.seconds:.2f} s: {rate:.0f} requests/s")
    print(f"  latency    p50 {p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms")
    if cpu_before is not None and cpu_after is not None and run.latencies_ms:
        per_request = (cpu_after - cpu_before) * 1000 / len(run.latencies_ms)
        print(f"  server CPU {per_request:.1f} ms per request (all of the server's work meanwhile)")
    print(f"  confirmed  {run.confirmed} (the page warned, the phone sent it as written)")
    print(f"  connections opened {run.connections} (keep-alive: one per phone is ideal)")
    print(f"  failed     {len(run.failures)}")
    for line in run.failures[:5]:
        print(f"    {line}")
    return run


async def lost_of(server: Server, night, sheets: list[Sheet]) -> list[str]:
    """Sheets without their last totals in totals.csv or without a change per answer."""
    answer = await fetch(host_file(server.host_url(night.event_id), "totals.csv"))
    if answer.status != 200:
        lost = [f"host totals.csv answered {answer.status}: {answer.body[:120]!r}"]
    else:
        lost = lost_submissions(sheets, answer.body, night)
    lost += await unrecorded_changes(server.host_url(night.event_id), sheets)
    print(f"  lost       {len(lost)}: sheets without their last totals or a change per answer")
    for line in lost[:5]:
        print(f"    {line}")
    return lost


def phone_goals(run: Run, lost: list[str], beside: str) -> list[tuple[str, bool, str]]:
    p99 = percentile(run.latencies_ms or [float("nan")], 0.99)
    return [
        (f"no request failed{beside}", not run.failures, f"{len(run.failures)} failed"),
        (f"no submission lost{beside}", not lost, f"{len(lost)} lost"),
        (f"p99 latency < {LATENCY_GOAL_MS:.0f} ms{beside}", p99 < LATENCY_GOAL_MS, f"{p99:.1f} ms"),
    ]


if __name__ == "__main__":
    sys.exit(main())
