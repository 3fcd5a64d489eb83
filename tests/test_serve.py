"""`bunco-print serve` as only a real process shows it: its start-up lines (the host's link on
its own line, no key or secret elsewhere), every acknowledged entry kept through kill -9 and a
restart, one line for what is wrong, and the missing web extra. The pages themselves are
checked in process (tests/test_web_pages.py, tests/test_web_host.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bunco_print.cli import code
from bunco_print.nights import settle
from bunco_print.signing import keys, links
from tests.serving import Server
from tests.serving import post_json as serving_post_json
from tests.serving import request as serving_request
from tests.test_web_host import played
from tests.test_web_pages import made, night_folder


def serve(*folders: Path) -> Server:
    """`bunco-print serve FOLDERS --port 0`, running (tests/serving.py reads all it prints)."""
    running = Server(folders).start()
    running.host = running.host_url()
    return running


@pytest.fixture(scope="module")
def pack(tmp_path_factory, _session_config):
    return night_folder(tmp_path_factory.mktemp("serve") / "night")


@pytest.fixture(scope="module")
def server(pack):
    running = serve(pack)
    yield running
    running.stop()


def link(server: Server, folder: Path, sheet: str) -> str:
    """What the sheet's QR code holds (a simulation's secret comes from this machine's key)."""
    event = json.loads((folder / "event.json").read_text())["event_id"]
    kept = folder / "event.secret"
    secret = kept.read_text().strip() if kept.exists() else keys.event_secret(event)
    return links.sheet_url(server.base, secret, event, sheet)


def host_file(server: Server, name: str) -> bytes:
    status, _, body = serving_request("GET", server.host.replace("/host?", f"/host/{name}?"))
    assert status == 200
    return body


# --- what only a real process shows --------------------------------------------------------------


def test_every_acknowledged_entry_survives_kill_9_and_a_restart_resumes(tmp_path, _session_config):
    folder = tmp_path / "night"
    made("simulate", "--players", "16", "--seed", "2", "--out", str(folder))
    night = settle.load_night((folder / "event.json").read_bytes())
    running = serve(folder)
    values = played(night)
    for sheet, value in zip(night.sheet_ids[:10], values, strict=False):
        assert serving_post_json(link(running, folder, sheet), value)[0] == 200
    assert ((folder / "night.sqlite").stat().st_mode & 0o777) == 0o600  # the players' own data
    running.kill9()  # right after the last acknowledgment
    running.restart()
    try:
        assert "10 of 16 sheets in" in "\n".join(running.stdout_lines)
        totals = host_file(running, "totals.csv").decode().splitlines()
        assert [row.split(",")[0] for row in totals[1:]] == list(night.sheet_ids[:10])
    finally:
        running.stop()
    out, err = "\n".join(running.stdout_lines), "\n".join(running.stderr_lines)
    secret = keys.event_secret(night.event_id)
    for text in (out, err):
        assert secret not in text and "Traceback" not in text
    host = running.host
    assert host.split("k=")[1] not in out.replace(host, "")  # only on its own `host:` line


# --- starting it ------------------------------------------------------------------------------


def test_serve_says_in_one_line_what_is_wrong(tmp_path, pack, server, capfd):
    port = server.base.rsplit(":", 1)[1]
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "event.json").write_bytes((pack / "event.json").read_bytes())
    (tmp_path / "copy").mkdir()
    (tmp_path / "copy" / "event.json").write_bytes((pack / "event.json").read_bytes())
    (tmp_path / "copy" / "event.secret").write_text("not a secret\n")
    for args, message in [
        ((str(tmp_path / "nowhere"),), "is not a folder"),
        ((str(tmp_path),), "has no event.json"),
        ((str(pack), "--port", "70000"), "port"),
        ((str(pack), str(pack)), "same event"),
        ((str(tmp_path / "other"), "--port", port), "in use"),
        ((str(pack), "--port", "0"), "another bunco-print serve is already using"),
        ((str(tmp_path / "copy"),), "is not a secret this tool wrote"),
    ]:
        assert code(["serve", *args]) == 2, args
        err = capfd.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, (args, err)


def test_without_the_web_extra_serve_says_how_to_install_it(pack):
    code = (
        "import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
        "from bunco_print.cli import run; run(sys.argv[1:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, "serve", str(pack)], capture_output=True, text=True, timeout=30
    )
    assert done.returncode == 2
    assert "pip install 'bunco-print[server]'" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
