"""Nights registered, not folders: `bunco-print publish FOLDER --engine URL` sends a printed
night to a hosted engine (`serve --database`), which serves its codes from then on. In process
(the API on one SQLite database and on PostgreSQL): tokens checked and revocable, hostile
bodies refused in one line. As real processes: the first start writes its admin token
owner-only and prints none, publish prints the host's link, and says in one line what is
wrong."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bunco_print.cli import code
from bunco_print.edges.store import hosted
from bunco_print.signing import links
from tests.serving import Engine, Server, get
from tests.test_web_pages import night_folder

API = "/api/nights"


@pytest.fixture(scope="module")
def night(tmp_path_factory, _session_config) -> Path:
    return night_folder(tmp_path_factory.mktemp("publish") / "night", players=8, seed=11)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def engine(request, tmp_path_factory):
    """An engine serving no folder, on one database: SQLite's or PostgreSQL's."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path_factory.mktemp('hosted-db') / 'nights.sqlite'}"
    else:
        url = request.getfixturevalue("postgres").new_database()
    with Engine([], database=url) as running:
        kept: dict[int, str] = {}
        running.token = kept[hosted.new_token(running.database, kept.__setitem__)]
        yield running


def sent(folder: Path) -> dict:
    return {
        "manifest": (folder / "event.json").read_text(),
        "secret": (folder / "event.secret").read_text().strip(),
    }


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_published_night_is_served_and_publishing_it_again_changes_nothing(engine, night):
    status, answer = engine.post_json(API, sent(night), bearer(engine.token))
    assert status == 201 and answer["new"], answer
    assert get_page(engine, answer["host"]) == 200
    secret = sent(night)["secret"]
    phone = links.sheet_url(engine.base, secret, answer["event"], "3")
    assert engine.post_json(phone, {"wins": 12, "losses": 12, "buncos": 1})[0] == 200
    again = engine.post_json(API, sent(night), bearer(engine.token))
    assert again[0] == 200 and not again[1]["new"] and again[1]["host"] == answer["host"]
    other = sent(night) | {"secret": "0" * 64}  # another night under its id: never replaced
    status, refused = engine.post_json(API, other, bearer(engine.token))
    assert status == 409 and "registered here already" in refused["error"]
    assert "3" in engine.events[answer["event"]].entries()


def get_page(engine: Engine, path: str) -> int:
    return engine.request(engine.base + path)[0]


def test_a_wrong_missing_or_revoked_token_is_401_before_the_body_is_read(engine, night):
    kept: dict[int, str] = {}
    number = hosted.new_token(engine.database, kept.__setitem__)
    for headers in ({}, bearer("x" * 43), bearer(engine.token[:-1]), {"Authorization": "Basic a"}):
        status, answer = engine.post_json(API, sent(night), headers)
        assert status == 401 and "admin token" in answer["error"], headers
    assert hosted.revoke(engine.database, number) and not hosted.revoke(engine.database, number)
    assert engine.post_json(API, sent(night), bearer(kept[number]))[0] == 401
    assert hosted.token_id(engine.database, engine.token) is not None  # the others still work


@pytest.mark.parametrize(
    ("body", "status", "said"),
    [
        (b"{" * 100_000, 400, 'send {"manifest"'),
        (b"[]", 400, 'send {"manifest"'),
        (json.dumps({"manifest": "{}", "secret": "0" * 64}).encode(), 400, "the manifest sent"),
        (json.dumps({"manifest": "x", "secret": "not hex"}).encode(), 400, "64 hex digits"),
        (b"x" * 5_000_000, 413, "bytes; a night's manifest is far less"),
    ],
)
def test_hostile_bodies_are_one_line_and_a_4xx(engine, body, status, said):
    headers = bearer(engine.token) | {"Content-Type": "application/json"}
    got, answer_headers, answer = engine.request(API, body, headers)
    message = json.loads(answer)["error"]
    assert got == status and said in message and "\n" not in message, message
    assert answer_headers["content-type"] == "application/json"


def test_a_folder_engine_has_no_api(night):
    with Engine([night]) as engine:
        assert engine.post_json(API, sent(night), bearer("x"))[0] == 404


# --- as real processes -------------------------------------------------------------------------


@contextlib.contextmanager
def hosted_server(url: str):
    """`serve --database URL` running, once it has said how to publish to it."""
    with Server([], events=0, extra_args=["--database", url]) as server:
        deadline = time.monotonic() + 20
        while not any(line.startswith("Publish a printed") for line in server.stdout_lines):
            assert time.monotonic() < deadline, server.output()
            time.sleep(0.05)
        yield server


def run(*args: str, env=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bunco_print", *args], capture_output=True,
                          text=True, timeout=60, env=env)  # fmt: skip


def test_publish_prints_the_host_link_and_the_token_is_written_never_shown(
    night, postgres, config_home, capfd
):
    url = postgres.new_database()
    with hosted_server(url) as server:
        token_file = config_home / "engine-token"
        token = token_file.read_text().strip()
        assert (token_file.stat().st_mode & 0o777) == 0o600
        assert token not in "\n".join(server.stdout_lines + server.stderr_lines)
        assert f"Admin token 1 written owner-only to {token_file}." in server.stdout_lines
        done = run("publish", str(night), "--engine", server.base)
        assert done.returncode == 0, done.stderr
        host = next(line[6:] for line in done.stdout.splitlines() if line.startswith("host: "))
        assert host.startswith(server.base + "/e/") and get(host)[0] == 200
        assert "its codes point at http://localhost:8765" in done.stdout  # a simulated night's
        assert token not in done.stdout + done.stderr
        # a second engine process on the same database serves the night published to the first
        with hosted_server(url) as other:
            assert get(server.url(host).replace(server.base, other.base))[0] == 200
            assert not any("Admin token" in line for line in other.stdout_lines)  # one, ever
        # another token, and the first revoked
        assert code(["serve", "--database", url, "--new-token"]) == 0
        assert "Admin token 2 written" in capfd.readouterr().out
        assert code(["serve", "--database", url, "--revoke-token", "1"]) == 0
        revoked = run("publish", str(night), "--engine", server.base, "--token", token)
        assert revoked.returncode == 2 and "HTTP 401" in revoked.stderr
        assert run("publish", str(night), "--engine", server.base).returncode == 0  # token 2


def test_publish_says_in_one_line_what_is_wrong(night, tmp_path, postgres, capfd):
    bare = tmp_path / "bare"
    bare.mkdir()
    (bare / "event.json").write_bytes((night / "event.json").read_bytes())
    url = postgres.new_database()
    for args, said in [
        (["publish", str(tmp_path / "none"), "--engine", "http://127.0.0.1:9"], "no event.json"),
        (
            ["publish", str(bare), "--engine", "http://127.0.0.1:9", "--token", "t"],
            "no event.secret",
        ),
        (["publish", str(night), "--engine", "ftp://x", "--token", "t"], "--engine must look like"),
        (["publish", str(night), "--engine", "http://127.0.0.1:9"], "no admin token: give --token"),
        (["publish", str(night), "--engine", "http://127.0.0.1:9", "--token", "t"], "cannot reach"),
        (["serve", "--revoke-token", "1"], "give its --database URL"),
        (["serve", "--database", url, "--revoke-token", "7"], "no live admin token 7"),
        (["serve"], "give the folders made by pack or simulate, or a hosted engine's --database"),
    ]:
        assert code(args) == 2, args
        err = capfd.readouterr().err
        assert said in err and len(err.strip().splitlines()) == 1, (args, err)
