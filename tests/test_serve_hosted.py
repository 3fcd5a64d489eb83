"""A hosted engine as real processes on one PostgreSQL (the throwaway server of
tests/postgres.py): two `serve --database` processes share every entry, the lock and the
dashboard's live updates; `--workers N` survives kill -9 of a worker under load with no
acknowledged entry lost; SQLite refuses several workers in one line."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from bunco_print.cli import code
from bunco_print.signing import links
from tests.serving import Server, children, get, post_form, post_json, same_origin
from tests.test_web_pages import night_folder

PHONES, POSTS = 8, 30  # posting while a worker is killed


@pytest.fixture(scope="module")
def night(tmp_path_factory, _session_config) -> Path:
    return night_folder(tmp_path_factory.mktemp("hosted") / "night", players=40, seed=5)


def sheet_link(server: Server, folder: Path, sheet: str) -> str:
    event = json.loads((folder / "event.json").read_text())["event_id"]
    secret = (folder / "event.secret").read_text().strip()
    return links.sheet_url(server.base, secret, event, sheet)


def hosted(folder: Path, url: str, *extra: str) -> Server:
    return Server([folder], extra_args=["--database", url, *extra])


def kept_names(url: str) -> set[str]:
    """Every name an entry carried, as the database's history holds them."""
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    try:
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT new FROM history")).scalars().all()
    finally:
        engine.dispose()
    return {json.loads(row)["name"] for row in rows}


def test_two_engines_on_one_database_share_entries_the_lock_and_live_updates(night, postgres):
    url = postgres.new_database()
    with hosted(night, url) as a, hosted(night, url) as b:
        host_a, host_b = a.host_url(), b.host_url()
        panel = host_b.replace("/host?", "/host/panel?")
        version = get(panel)[2]["version"]
        assert get(f"{panel}&v={version}")[0] == 204  # nothing new
        assert (
            post_json(sheet_link(a, night, "7"), {"wins": 13, "losses": 11, "buncos": 2})[0] == 200
        )
        status, _, body = get(f"{panel}&v={version}")  # b's dashboard sees a's entry at once
        assert status == 200 and body["version"] > version and "13" in body["html"]
        totals = get(host_b.replace("/host?", "/host/totals.csv?"))[2].decode()
        assert "\n7,,13,11,2," in totals
        # b's host locks the night: a refuses the next entry
        lock = host_b.replace("/host?", "/host/lock?")
        assert post_form(lock, {"locked": "1"}, same_origin(b))[0] == 303
        refused = post_json(sheet_link(a, night, "8"), {"wins": 12, "losses": 12, "buncos": 0})
        assert refused[0] == 409 and "locked" in refused[2]["error"]
        assert "locked" in get(host_a)[2].decode()
        a.kill9()  # one machine gone: the other serves on
        assert get(host_b)[0] == 200
    assert "Traceback" not in "\n".join(a.stderr_lines + b.stderr_lines)


def worker_pids(server: Server) -> list[int]:
    """The server's forked workers (its children, from /proc)."""
    return list(children(server.process.pid))


def workers_up(server: Server, count: int) -> list[int]:
    deadline = time.monotonic() + 15
    while len(pids := worker_pids(server)) < count and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(pids) == count, server.output()
    return pids


def test_kill_9_of_a_worker_under_load_loses_no_acknowledged_entry(night, postgres):
    url = postgres.new_database()
    acknowledged: set[str] = set()
    failed_at: list[float] = []
    killed_at = [float("inf")]

    def phone(n: int, server: Server) -> None:
        for i in range(POSTS):
            name = f"p{n}-{i}"
            values = {"wins": i % 25, "losses": 24 - i % 25, "buncos": 0, "name": name}
            try:
                status, _, body = post_json(sheet_link(server, night, str(n + 1)), values)
            except (OSError, http.client.HTTPException):  # the killed worker's connection,
                failed_at.append(time.monotonic())  # cut before or during its answer
                continue
            if status == 200 and body["recorded"]:
                acknowledged.add(name)
            else:
                failed_at.append(time.monotonic())

    with hosted(night, url, "--workers", "3") as server:
        pids = workers_up(server, 3)
        phones = [threading.Thread(target=phone, args=(n, server)) for n in range(PHONES)]
        for thread in phones:
            thread.start()
        time.sleep(0.4)
        os.kill(pids[0], signal.SIGKILL)
        killed_at[0] = time.monotonic()
        for thread in phones:
            thread.join()
        late = [t for t in failed_at if t > killed_at[0] + 1.0]
        assert not late, f"{len(late)} posts failed well after the kill\n{server.output()}"
        assert len(acknowledged) >= PHONES * (POSTS - 1), len(acknowledged)
        assert acknowledged <= kept_names(url)  # nothing acknowledged is lost
        assert pids[0] not in workers_up(server, 3)  # the killed one was replaced
    out = "\n".join(server.stdout_lines)
    assert f"(pid {pids[0]}) was stopped by SIGKILL; starting another" in out
    assert "Traceback" not in "\n".join(server.stderr_lines)


def test_several_workers_need_postgresql_in_one_line(night, tmp_path, capfd):
    for args, said in [
        (["--workers", "2"], "--workers N above 1 needs a PostgreSQL --database URL"),
        (["--workers", "2", "--database", f"sqlite:///{tmp_path / 'n.sqlite'}"], "served by one"),
        (["--workers", "0"], "--workers must be from 1 to 64, not 0"),
        (["--data", str(tmp_path), "--database", "sqlite:///x"], "not both"),
    ]:
        assert code(["serve", str(night), "--port", "0", *args]) == 2, args
        err = capfd.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1, (args, err)
    assert not list(tmp_path.iterdir())


def test_behind_a_proxy_guesses_are_counted_by_the_address_it_forwards(tmp_path):
    url = f"sqlite:///{tmp_path / 'nights.sqlite'}"
    with Server([], events=0, extra_args=["--database", url, "--behind-proxy"]) as server:
        sheet = f"{server.base}/j/december/classic/8/s/1"

        def guess(address: str) -> int:
            headers = same_origin(server) | {"X-Forwarded-For": address}
            return post_form(sheet, {"code": "QQQQQQ"}, headers)[0]

        assert [guess("203.0.113.7") for _ in range(10)] == [400] * 10
        assert guess("203.0.113.7") == 429  # that player's address has had its guesses
        assert guess("198.51.100.4") == 400  # another's, through the same proxy, has not


def test_ctrl_c_waits_on_a_stuck_worker_only_so_long_then_says_it_killed_it(monkeypatch):
    from bunco_print.web import workers

    stuck = "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
    stuck += "print('ready', flush=True); time.sleep(60)"
    children = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
        for code in (stuck, "import time; print('ready', flush=True); time.sleep(60)")
    ]
    for child in children:
        assert child.stdout.readline() == "ready\n"
    monkeypatch.setattr(workers, "STOP_WAIT", 0.5)
    said: list[str] = []
    start = time.monotonic()
    workers._stop_all({child.pid: (n, start) for n, child in enumerate(children, 1)}, said.append)
    assert time.monotonic() - start < 3
    assert said == [f"worker 1 (pid {children[0].pid}) did not stop within 0.5 s: killed"]
    for child in children:
        assert not Path(f"/proc/{child.pid}").exists()
        child.stdout.close()


def test_ctrl_c_stops_several_workers_though_a_shell_started_them_ignoring_it(night, postgres):
    # a shell's background job (`serve ... &`) starts with Ctrl-C ignored: one worker (uvicorn)
    # stops on it all the same, and so do several
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        server = hosted(night, postgres.new_database(), "--workers", "2").start()
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        workers = workers_up(server, 2)
        assert server.stop() == 0
    finally:
        if server.running:
            server.kill9()
    assert not [pid for pid in workers if Path(f"/proc/{pid}").exists()]
    assert "Stopped. Everything entered is kept" in server.stdout_lines[-1]
