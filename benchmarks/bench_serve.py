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

Goals: no failed request, no lost submission, p99 latency under 100 ms; the filled 400-player
dashboard under 200 ms (median). Prints the figures and PASS/MISS; exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import csv
import io
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bunco_print.engine.simulate import simulate  # noqa: E402
from bunco_print.nights.settle import load_night  # noqa: E402
from bunco_print.signing.links import sheet_url  # noqa: E402
from tests.serving import Server  # noqa: E402

SOURCE_DATE_EPOCH = "1796342400"
ROOM, TOURNAMENT = 60, 400
LATENCY_GOAL_MS, DASHBOARD_GOAL_MS = 100.0, 200.0
DASHBOARD_GETS = 30
FILL_CONNECTIONS = 20


# -- an HTTP/1.1 keep-alive client on asyncio streams -------------------------------------------


class HTTPError(Exception):
    """The connection broke or the answer was not HTTP."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


class Connection:
    """One keep-alive connection, one request at a time; reconnects when the server closes."""

    def __init__(self, host: str, port: int, timeout: float = 30.0) -> None:
        self.host, self.port, self.timeout = host, port, timeout
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0  # connections made, to see whether keep-alive held

    async def request(
        self, method: str, target: str, headers: dict[str, str] | None = None, body: bytes = b""
    ) -> Answer:
        if self.writer is None:
            await self.connect()
        lines = [f"{method} {target} HTTP/1.1", f"Host: {self.host}:{self.port}"]
        sent = dict(headers or {})
        if body or method == "POST":
            sent["Content-Length"] = str(len(body))
        lines += [f"{name}: {value}" for name, value in sent.items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body)
        try:
            return await asyncio.wait_for(self._answer(), self.timeout)
        except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
            await self.close()
            raise HTTPError(f"{type(exc).__name__}: {exc}") from None

    async def close(self) -> None:
        writer, self.reader, self.writer = self.writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(OSError):
                await writer.wait_closed()

    async def connect(self) -> None:
        try:
            self.reader, self.writer = await asyncio.wait_for(
                asyncio.open_connection(self.host, self.port), self.timeout
            )
        except (TimeoutError, OSError) as exc:
            raise HTTPError(f"cannot connect: {exc}") from None
        self.opened += 1

    async def _answer(self) -> Answer:
        status_line = await self.reader.readuntil(b"\r\n")
        parts = status_line.decode("latin-1").split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1."):
            raise ValueError(f"not an HTTP answer: {status_line[:60]!r}")
        status = int(parts[1])
        headers: dict[str, str] = {}
        while (line := await self.reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value.strip()
        if "chunked" in headers.get("transfer-encoding", "").lower():
            body = await self._chunks()
        elif "content-length" in headers:
            body = await self.reader.readexactly(int(headers["content-length"]))
        elif status in (204, 304) or 100 <= status < 200:
            body = b""
        else:
            body = await self.reader.read()  # until the server closes
            await self.close()
        if headers.get("connection", "").lower() == "close" or parts[0] == "HTTP/1.0":
            await self.close()
        return Answer(status, headers, body)

    async def _chunks(self) -> bytes:
        body = bytearray()
        while True:
            size = int((await self.reader.readuntil(b"\r\n")).split(b";")[0], 16)
            if size == 0:
                while await self.reader.readuntil(b"\r\n") != b"\r\n":
                    pass  # trailers
                return bytes(body)
            body += await self.reader.readexactly(size)
            await self.reader.readexactly(2)


def target_of(url: str) -> str:
    parts = urlsplit(url)
    return parts.path + ("?" + parts.query if parts.query else "")


# -- what the phones send -------------------------------------------------------------------------


@dataclass
class Sheet:
    id: str
    url: str
    sent: list[dict[str, str]] = field(default_factory=list)  # acknowledged submissions


def totals_for(night, sheet_number: int, submission: int) -> dict[str, str]:
    """Plausible totals that differ from one submission to the next: wins + losses = rounds,
    wins within a quarter of the rounds of even, a few Buncos."""
    rounds = night.rounds
    spread = rounds // 2
    wins = rounds // 4 + (sheet_number * 7 + submission * 5) % (spread + 1)
    fields = {
        "wins": str(wins),
        "losses": str(rounds - wins),
        "buncos": str((sheet_number + submission) % 4),
        "name": f"Player {sheet_number}.{submission}",
    }
    if night.ruleset.track_mini_buncos:
        fields["mini_buncos"] = str((sheet_number + 2 * submission) % 3)
    return fields


RECORDED = b"<h2>Recorded"  # the sheet page's answer once it kept the totals
CONFIRM = b'name="confirm"'  # ... and when it asks "send it as written?" first


def sheets_of(folder: Path, base: str) -> tuple[object, list[tuple[str, str]]]:
    """The folder's night and (sheet id, sheet link on `base`) for each of its sheets."""
    night = load_night((folder / "event.json").read_bytes())
    secret = (folder / "event.secret").read_text().strip()
    return night, [(s, sheet_url(base, secret, night.event_id, s)) for s in night.sheet_ids]


# -- the runs ------------------------------------------------------------------------------------


@dataclass
class Run:
    latencies_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    confirmed: int = 0  # submissions the page asked to confirm (a warning), then confirmed
    seconds: float = 0.0
    connections: int = 0


async def phone(
    sheet: Sheet, number: int, night, submissions: int, origin: str, start, run: Run, think: float
) -> None:
    parts = urlsplit(sheet.url)
    connection = Connection(parts.hostname, parts.port)
    headers = {
        "Content-Type": "application/x-www-form-urlencoded",
        "Origin": origin,
        "Sec-Fetch-Site": "same-origin",
        "User-Agent": "bench-serve-phone",
    }
    try:
        await connection.connect()
        await start.wait()
        for submission in range(submissions):
            fields = totals_for(night, number, submission)
            for attempt in (fields, {**fields, "confirm": "1"}):
                body = urlencode(attempt).encode()
                began = time.perf_counter()
                try:
                    answer = await connection.request("POST", target_of(sheet.url), headers, body)
                except HTTPError as exc:
                    run.failures.append(f"sheet {sheet.id} #{submission}: {exc}")
                    break  # the next submission reconnects
                run.latencies_ms.append((time.perf_counter() - began) * 1000)
                if answer.status == 200 and RECORDED in answer.body:
                    sheet.sent.append(fields)
                    break
                if answer.status == 200 and CONFIRM in answer.body and "confirm" not in attempt:
                    run.confirmed += 1  # a warning: the phone's owner taps "send it as written"
                    continue
                why = answer.body[:120].decode("utf-8", "replace").replace("\n", " ")
                run.failures.append(f"sheet {sheet.id} #{submission}: {answer.status} {why}")
                break
            if think:
                await asyncio.sleep(think)
    finally:
        run.connections += connection.opened
        await connection.close()


async def phones(sheets: list[Sheet], night, submissions: int, origin: str, think: float) -> Run:
    run, start = Run(), asyncio.Event()
    tasks = [
        asyncio.create_task(phone(s, int(s.id), night, submissions, origin, start, run, think))
        for s in sheets
    ]
    await asyncio.sleep(0.2)  # every phone connected... then all at once
    began = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    run.seconds = time.perf_counter() - began
    return run


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
                if answer.status != 200 or RECORDED not in answer.body:
                    failures.append(f"sheet {sheet_id}: {answer.status}, not recorded")
        finally:
            await connection.close()

    await asyncio.gather(*(worker() for _ in range(FILL_CONNECTIONS)))
    return failures


async def timed_gets(url: str, times: int) -> tuple[list[float], list[str]]:
    parts = urlsplit(url)
    connection = Connection(parts.hostname, parts.port)
    latencies, failures = [], []
    try:
        for _ in range(times):
            began = time.perf_counter()
            try:
                answer = await connection.request("GET", target_of(url))
            except HTTPError as exc:
                failures.append(str(exc))
                continue
            latencies.append((time.perf_counter() - began) * 1000)
            if answer.status != 200:
                failures.append(f"{answer.status} {answer.body[:80]!r}")
    finally:
        await connection.close()
    return latencies, failures


async def fetch(url: str) -> Answer:
    parts = urlsplit(url)
    connection = Connection(parts.hostname, parts.port)
    try:
        return await connection.request("GET", target_of(url))
    finally:
        await connection.close()


def host_file(host_url: str, name: str) -> str:
    """`.../e/EVENT/host?k=SIG` → `.../e/EVENT/host/NAME?k=SIG`."""
    parts = urlsplit(host_url)
    return urlunsplit((parts.scheme, parts.netloc, parts.path + "/" + name, parts.query, ""))


HISTORY_ROW = b"<tr><td>"  # one change in the host's history table of a sheet


async def unrecorded_changes(host_url: str, sheets: list[Sheet]) -> list[str]:
    """Sheets whose history (the host's page of the sheet) does not hold one change per
    acknowledged submission."""
    parts = urlsplit(host_url)
    connection = Connection(parts.hostname, parts.port)
    wrong = []
    try:
        for sheet in sheets:
            page = f"{parts.path}/sheet/{sheet.id}?{parts.query}"
            answer = await connection.request("GET", page)
            if answer.status != 200:
                wrong.append(f"sheet {sheet.id}: host's page answered {answer.status}")
                continue
            if (changes := answer.body.count(HISTORY_ROW)) != len(sheet.sent):
                wrong.append(f"sheet {sheet.id}: {changes} changes kept, {len(sheet.sent)} sent")
    finally:
        await connection.close()
    return wrong


def lost_submissions(sheets: list[Sheet], totals_csv: bytes, night) -> list[str]:
    """Sheets whose stored totals are not the last ones the server acknowledged."""
    rows = {row["sheet"]: row for row in csv.DictReader(io.StringIO(totals_csv.decode()))}
    lost = []
    for sheet in sheets:
        if not sheet.sent:
            continue
        last, stored = sheet.sent[-1], rows.get(sheet.id)
        if stored is None:
            lost.append(f"sheet {sheet.id}: not in totals.csv")
            continue
        wrong = [
            f"{name} {stored.get(name)!r} != {value!r}"
            for name, value in last.items()
            if (stored.get(name) or "").strip() != value
        ]
        if wrong:
            lost.append(f"sheet {sheet.id}: " + ", ".join(wrong))
    return lost


# -- figures ---------------------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (share in 0..1) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


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
    cpu_before = cpu_seconds(server.process.pid)
    run = await phones(sheets, night, options.submissions, server.base, options.think_ms / 1000)
    cpu_after = cpu_seconds(server.process.pid)
    sent = options.phones * options.submissions
    answer = await fetch(host_file(server.host_url(night.event_id), "totals.csv"))
    if answer.status != 200:
        lost = [f"host totals.csv answered {answer.status}: {answer.body[:120]!r}"]
    else:
        lost = lost_submissions(sheets, answer.body, night)
    lost += await unrecorded_changes(server.host_url(night.event_id), sheets)
    latencies = run.latencies_ms or [float("nan")]
    p50, p90, p99, worst = (percentile(latencies, q) for q in (0.5, 0.9, 0.99, 1.0))
    rate = len(run.latencies_ms) / run.seconds if run.seconds else 0.0

    print(f"\n{options.phones} phones x {options.submissions} submissions ({sent} posts)")
    print(f"  answered   {len(run.latencies_ms)} in {run.seconds:.2f} s: {rate:.0f} requests/s")
    print(f"  latency    p50 {p50:.1f} ms, p90 {p90:.1f} ms, p99 {p99:.1f} ms, max {worst:.1f} ms")
    if cpu_before is not None and cpu_after is not None and run.latencies_ms:
        per_request = (cpu_after - cpu_before) * 1000 / len(run.latencies_ms)
        print(
            f"  server CPU {per_request:.1f} ms per request (one event loop: p50 ≈ phones x this)"
        )
    print(f"  confirmed  {run.confirmed} (the page warned, the phone sent it as written)")
    print(f"  connections opened {run.connections} (keep-alive: one per phone is ideal)")
    print(f"  failed     {len(run.failures)}")
    for line in run.failures[:5]:
        print(f"    {line}")
    print(f"  lost       {len(lost)}: sheets without their last totals or a change per answer")
    for line in lost[:5]:
        print(f"    {line}")

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
        f"  dashboard  median {statistics.median(dashboard):.1f} ms, "
        f"p99 {percentile(dashboard, 0.99):.1f} ms ({DASHBOARD_GETS} GETs, "
        f"{len(dashboard_failures)} failed)"
    )
    print(
        f"  results.json median {statistics.median(results):.1f} ms "
        f"({len(results_failures)} failed)"
    )

    goals = [
        ("no request failed", not run.failures, f"{len(run.failures)} failed"),
        ("no submission lost", not lost, f"{len(lost)} lost"),
        (f"p99 latency < {LATENCY_GOAL_MS:.0f} ms", p99 < LATENCY_GOAL_MS, f"{p99:.1f} ms"),
        (
            f"{TOURNAMENT}-player dashboard < {DASHBOARD_GOAL_MS:.0f} ms",
            not dashboard_failures
            and not fill_failures
            and statistics.median(dashboard) < DASHBOARD_GOAL_MS,
            f"median {statistics.median(dashboard):.1f} ms",
        ),
    ]
    print("\nGoals")
    for name, ok, figure in goals:
        print(f"  {mark(ok)}  {name:<34} {figure}")
    return 0 if all(ok for _, ok, _ in goals) else 1


if __name__ == "__main__":
    sys.exit(main())
