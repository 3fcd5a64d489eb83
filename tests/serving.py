"""A real `bunco-print serve` process on loopback, and small HTTP calls to it; or, for what
needs no process, the same engine in this one (`Engine`: `engine.request(engine.host)`).

    with Server([pack_dir]) as server:
        status, headers, body = get(server.host_url(event_id))

The server runs as a subprocess (`python -m bunco_print serve DIR... --port 0`) with this
process's environment, so a test's own HOME and XDG_CONFIG_HOME apply to it too. Its stdout and
stderr are read all the time by two threads (a full pipe would stall the server) and kept, so a
failure can show them. The benchmarks import this module too: it needs only the standard library
(and pdftools for `sheet_links`).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

LOCAL = "http://127.0.0.1:8765"  # the address an in-process engine's links are made for
START_TIMEOUT = 30.0  # seconds: a cold start imports Starlette, uvicorn and the engine
STOP_TIMEOUT = 10.0
LISTENING = re.compile(r"Listening on (https?://\S+)")
HOST_LINE = re.compile(r"host:\s*(https?://\S+/e/([^/\s]+)/host\?k=\S+)")


class ServerError(AssertionError):
    """The server did not start, or stopped in a way a test did not expect."""


class Server:
    """`bunco-print serve DIRS` on a free loopback port; a context manager.

    `base` is `http://127.0.0.1:PORT`; `hosts` maps each event id to its host dashboard link,
    as the server printed them. `restart()` starts it again on the same port, so links a test
    already holds still work."""

    def __init__(
        self,
        dirs: Iterable[str | os.PathLike],
        data: str | os.PathLike | None = None,
        extra_args: Iterable[str] = (),
        *,
        events: int | None = None,
        timeout: float = START_TIMEOUT,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike | None = None,
    ) -> None:
        self.dirs = [str(d) for d in dirs]
        self.data = None if data is None else str(data)
        self.extra_args = list(extra_args)
        self.events = len(self.dirs) if events is None else events
        self.timeout = timeout
        self.env = None if env is None else dict(env)
        self.cwd = cwd
        self.port = 0
        self.base = ""
        self.hosts: dict[str, str] = {}
        self.process: subprocess.Popen | None = None
        self.stdout_lines: list[str] = []
        self.stderr_lines: list[str] = []
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._readers: list[threading.Thread] = []

    # -- life cycle -------------------------------------------------------------------------

    def command(self) -> list[str]:
        args = [sys.executable, "-m", "bunco_print", "serve", *self.dirs]
        args += ["--host", "127.0.0.1", "--port", str(self.port)]
        if self.data is not None:
            args += ["--data", self.data]
        return args + self.extra_args

    def start(self) -> Server:
        if self.process is not None and self.process.poll() is None:
            raise ServerError("the server is already running")
        self.hosts = {}
        self.stdout_lines, self.stderr_lines = [], []
        self._lines = queue.Queue()
        env = dict(os.environ if self.env is None else self.env)
        env["PYTHONUNBUFFERED"] = "1"
        self.process = subprocess.Popen(
            self.command(),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            cwd=self.cwd,
            text=True,
            encoding="utf-8",
            errors="replace",
        )
        self._readers = [
            _reader(self.process.stdout, self.stdout_lines, self._lines),
            _reader(self.process.stderr, self.stderr_lines, None),
        ]
        self._wait_until_ready()
        return self

    def stop(self, sig: int = signal.SIGINT, timeout: float = STOP_TIMEOUT) -> int:
        """Send `sig` (SIGINT, as Ctrl-C does), wait for the exit; the exit code."""
        process = self.process
        if process is None:
            raise ServerError("the server was never started")
        if process.poll() is None:
            process.send_signal(sig)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                left = children(process.pid)  # its workers: killed too, never left running
                process.kill()
                process.wait()
                for pid in left:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                raise ServerError(
                    f"the server did not stop within {timeout:g} s of "
                    f"{signal.Signals(sig).name}; its workers then: {left}\n{self.output()}"
                ) from None
        self._join_readers()
        return process.returncode

    def kill9(self) -> int:
        """SIGKILL: the server gets no chance to tidy up (a pulled plug)."""
        process = self.process
        if process is None:
            raise ServerError("the server was never started")
        if process.poll() is None:
            process.kill()
        process.wait()
        self._join_readers()
        return process.returncode

    def restart(self, *, same_port: bool = True) -> Server:
        """Stop (SIGINT) when still running, then start again, on the same port by default."""
        if self.process is not None and self.process.poll() is None:
            self.stop()
        if not same_port:
            self.port = 0
        return self._start_on_port(self.port)

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, kind, error, traceback) -> None:
        if self.process is not None and self.process.poll() is None:
            try:
                self.stop()
            except ServerError:
                if kind is None:  # a test that failed already keeps its own failure
                    raise

    # -- what it said ------------------------------------------------------------------------

    def host_url(self, event: str | None = None) -> str:
        """The host dashboard link the server printed for `event` (the only one when None)."""
        if event is None:
            if len(self.hosts) != 1:
                raise ServerError(f"the server printed {len(self.hosts)} host links, not one")
            return next(iter(self.hosts.values()))
        try:
            return self.hosts[event]
        except KeyError:
            raise ServerError(
                f"no host link printed for event {event!r}; printed: {sorted(self.hosts)}"
            ) from None

    def url(self, link: str) -> str:
        """`link` (e.g. a sheet link printed for localhost:8765) pointed at this server."""
        return rebase(link, self.base)

    def output(self) -> str:
        """What the server printed so far, for failure messages."""
        stdout = "\n".join(self.stdout_lines[-40:])
        stderr = "\n".join(self.stderr_lines[-40:])
        return (
            f"--- command: {' '.join(self.command())}\n--- stdout:\n{stdout}\n--- stderr:\n{stderr}"
        )

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    # -- inside --------------------------------------------------------------------------------

    def _start_on_port(self, port: int) -> Server:
        self.port = port
        deadline = time.monotonic() + 5.0
        while True:
            try:
                return self.start()
            except ServerError:
                # The old socket may linger a moment after a kill; try the same port again.
                if self.port == 0 or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def _wait_until_ready(self) -> None:
        deadline = time.monotonic() + self.timeout
        while not self.base or len(self.hosts) < self.events:
            left = deadline - time.monotonic()
            if left <= 0:
                self._fail(
                    f"no `Listening on` and {self.events} `host:` line(s) in {self.timeout:g} s"
                )
            try:
                line = self._lines.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if line is None:  # stdout closed: the process ended
                self.process.wait()
                self._join_readers()
                self._fail(
                    f"the server exited with code {self.process.returncode} before it was ready"
                )
            if match := LISTENING.search(line):
                self.base = match.group(1).rstrip("/")
                port = urlsplit(self.base).port
                if port:
                    self.port = port
            elif match := HOST_LINE.search(line):
                self.hosts[match.group(2)] = match.group(1)
        self._wait_for_port(deadline)

    def _wait_for_port(self, deadline: float) -> None:
        parts = urlsplit(self.base)
        while True:
            try:
                socket.create_connection((parts.hostname, parts.port), timeout=1.0).close()
                return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    self._fail(f"nothing answers on {self.base}")
                time.sleep(0.05)

    def _fail(self, why: str) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
            self._join_readers()
        raise ServerError(f"bunco-print serve: {why}\n{self.output()}")

    def _join_readers(self) -> None:
        for thread in self._readers:
            thread.join(timeout=2.0)


def _reader(stream, lines: list[str], found: queue.Queue | None) -> threading.Thread:
    def read() -> None:
        for line in stream:
            line = line.rstrip("\n")
            lines.append(line)
            if found is not None:
                found.put(line)
        if found is not None:
            found.put(None)

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread


# -- the engine in this process -------------------------------------------------------------


class Engine:
    """The app `serve FOLDERS` runs, driven in this process by Starlette's TestClient (no port,
    no second interpreter). `host`: the first night's dashboard link; `lines`: what it logged."""

    def __init__(
        self, folders: Iterable[str | os.PathLike], data=None, base=LOCAL, database=None
    ) -> None:
        from starlette.testclient import TestClient

        from bunco_print.edges.store import open_url
        from bunco_print.web import app, events

        self.base = base
        self.lines: list[str] = []
        self.database = None if database is None else open_url(database)
        self.events = events.open_events([Path(f) for f in folders], data, self.database)
        self.client = TestClient(app.make_app(self.events, self.lines.append), base_url=base)
        first = next(iter(self.events.values()), None)  # none: a hosted engine's own nights
        self.host = "" if first is None else base + first.role_path("host")

    def __enter__(self) -> Engine:
        self.client.__enter__()
        return self

    def __exit__(self, *exc) -> None:
        self.client.__exit__(*exc)
        for event in self.events.values():
            event.store.close()
        if self.database is not None:
            self.database.close()

    def request(self, url: str, data=None, headers: Mapping[str, str] | None = None):
        """(status, headers, body bytes) of a GET, or of a POST of form fields (a dict) or of
        bytes; redirects are answers, not followed."""
        if data is None:
            answer = self.client.get(url, headers=headers, follow_redirects=False)
        elif isinstance(data, dict):
            answer = self.client.post(url, data=data, headers=headers, follow_redirects=False)
        else:
            answer = self.client.post(url, content=data, headers=headers, follow_redirects=False)
        return answer.status_code, answer.headers, answer.content

    def post_json(self, url: str, values: object, headers: Mapping[str, str] | None = None):
        answer = self.client.post(url, json=values, headers=headers, follow_redirects=False)
        return answer.status_code, answer.json()

    def host_file(self, name: str) -> bytes:
        status, _, body = self.request(self.host.replace("/host?", f"/host/{name}?"))
        assert status == 200, (name, status)
        return body


# -- links ---------------------------------------------------------------------------------------


def rebase(link: str, base: str) -> str:
    """`link` with its scheme and host:port taken from `base` (path and query kept)."""
    target, parts = urlsplit(base), urlsplit(link)
    return urlunsplit((target.scheme, target.netloc, parts.path, parts.query, ""))


def sheet_links(pack_pdf: str | os.PathLike | bytes, dpi: int = 150) -> list[str]:
    """Every distinct link the QR codes of a pack's PDF hold, in page order."""
    from .pdftools import qr_codes

    pdf = pack_pdf if isinstance(pack_pdf, bytes) else Path(pack_pdf).read_bytes()
    links: dict[str, None] = {}
    for page in qr_codes(pdf, dpi=dpi):
        links.update(dict.fromkeys(page))
    return list(links)


def link_sheet(link: str) -> str:
    """The sheet id in a sheet link: `5` in `.../e/EVENT/s/5?k=...`."""
    return urlsplit(link).path.rstrip("/").rsplit("/", 1)[-1]


# -- HTTP ------------------------------------------------------------------------------------------

Response = tuple[int, http.client.HTTPMessage, object]


def request(
    method: str,
    url: str,
    body: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    timeout: float = 30.0,
) -> Response:
    """One request on its own connection: (status, headers, body); a JSON body comes parsed,
    any other as bytes. Never raises for an HTTP error status."""
    parts = urlsplit(url)
    connection_class = (
        http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    )
    connection = connection_class(parts.hostname, parts.port, timeout=timeout)
    target = parts.path or "/"
    if parts.query:
        target += "?" + parts.query
    try:
        connection.request(method, target, body=body, headers=dict(headers or {}))
        response = connection.getresponse()
        data = response.read()
    finally:
        connection.close()
    content_type = response.headers.get("Content-Type", "")
    if content_type.split(";")[0].strip() == "application/json" and data:
        return response.status, response.headers, json.loads(data)
    return response.status, response.headers, data


def get(url: str, headers: Mapping[str, str] | None = None) -> Response:
    return request("GET", url, headers=headers)


def post_form(
    url: str, fields: Mapping[str, object] | Iterable[tuple[str, object]], headers=None
) -> Response:
    """POST `fields` as a browser's form does (application/x-www-form-urlencoded)."""
    body = urlencode(list(fields.items()) if isinstance(fields, Mapping) else list(fields))
    sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    return request("POST", url, body.encode(), sent)


def post_json(url: str, data: object, headers: Mapping[str, str] | None = None) -> Response:
    sent = {"Content-Type": "application/json", **(headers or {})}
    return request("POST", url, json.dumps(data).encode(), sent)


def same_origin(server_or_base: Server | str) -> dict[str, str]:
    """The headers a browser sends with a form posted from the server's own page."""
    base = server_or_base.base if isinstance(server_or_base, Server) else server_or_base
    return {"Origin": base, "Sec-Fetch-Site": "same-origin"}


def children(pid: int) -> dict[int, str]:
    """A process's children (from /proc), each with its state and where it waits."""
    found = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found[int(stat.parent.name)] = f"{fields[0]} {(stat.parent / 'wchan').read_text()}"
        except (OSError, ValueError, IndexError):
            continue
    return found
