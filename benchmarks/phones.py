"""The phones of the serve benchmark: an HTTP/1.1 keep-alive client on bare asyncio streams
(one request at a time per connection, so the client costs little next to the server it
measures), the totals each phone sends, and the checks that the server kept every one."""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import math
import random
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode, urlsplit


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


async def timed_gets(url: str, times: int) -> tuple[list[float], list[str]]:
    """GET `url` `times` times, one after another: its latencies and failures."""
    return await _gets(url, lambda done: done < times, 30.0)


async def fetch_until(url: str, stop: asyncio.Event) -> tuple[list[float], list[str]]:
    """GET `url` one fetch after another until `stop` is set: its latencies and failures."""
    return await _gets(url, lambda done: not stop.is_set(), 60.0)


async def _gets(url: str, more, timeout: float) -> tuple[list[float], list[str]]:
    parts = urlsplit(url)
    connection = Connection(parts.hostname, parts.port, timeout=timeout)
    latencies, failures, tries = [], [], 0
    try:
        while more(tries):
            tries += 1
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


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (share in 0..1) of `values`."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


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
KEPT = 303  # ... or, for a form post, its redirect to that page: a reload never posts again
CONFIRM = b'name="confirm"'  # ... and when it asks "send it as written?" first


# -- the runs ------------------------------------------------------------------------------------


@dataclass
class Run:
    latencies_ms: list[float] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    confirmed: int = 0  # submissions the page asked to confirm (a warning), then confirmed
    seconds: float = 0.0
    connections: int = 0


async def phone(
    sheet: Sheet,
    number: int,
    night,
    rounds: range,
    origin: str,
    start,
    run: Run,
    think: float,
    stagger: float = 0.0,
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
        if stagger:  # phones of a room that do not all press "send" at the same instant
            await asyncio.sleep(random.uniform(0, stagger))
        for submission in rounds:
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
                if answer.status == KEPT or (answer.status == 200 and RECORDED in answer.body):
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


async def phones(
    sheets: list[Sheet], night, rounds: range, origin: str, think: float, stagger: float = 0.0
) -> Run:
    run, start = Run(), asyncio.Event()
    tasks = [
        asyncio.create_task(phone(s, int(s.id), night, rounds, origin, start, run, think, stagger))
        for s in sheets
    ]
    await asyncio.sleep(0.2)  # every phone connected... then all at once
    began = time.perf_counter()
    start.set()
    await asyncio.gather(*tasks)
    run.seconds = time.perf_counter() - began
    return run


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
