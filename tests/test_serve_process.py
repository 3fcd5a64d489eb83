"""`bunco-print serve` as a real process on loopback: a printed sheet's QR code leads to its form,
a phone (chromium) sends its totals from it, what the server acknowledged survives kill -9, and
Ctrl-C or SIGTERM stop it cleanly."""

from __future__ import annotations

import csv
import io
import json
import os
import signal
import subprocess
import sys

import pytest

from bunco_print.links import sheet_url
from bunco_print.settle import load_night
from bunco_print.simulate import simulate

from .serving import (
    Server,
    get,
    link_sheet,
    post_form,
    post_json,
    same_origin,
    sheet_links,
)

PLAYERS = 4  # one table: 4 score sheets, 1 tally pad
ROUNDS = 24  # classic: 4 sets of 6 rounds
# kill -9, Ctrl-C, SIGTERM: the exit codes of a process so stopped (0 when it says "Stopped")
STOPPED = {-signal.SIGKILL, 0, 130, -signal.SIGTERM}

pytest_plugins = ["tests.browser"]


@pytest.fixture(scope="module")
def pack(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve") / "pack"
    command = [sys.executable, "-m", "bunco_print", "pack", "--players", str(PLAYERS)]
    result = subprocess.run(
        [*command, "--seed", "3", "--out", str(folder)],
        capture_output=True,
        text=True,
        env={**os.environ, "SOURCE_DATE_EPOCH": "1796342400"},
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return folder


@pytest.fixture(scope="module")
def links(pack):
    """The links the pack's QR codes hold, by sheet id (`1`..`8`, `T1`, `T2`)."""
    return {link_sheet(link): link for link in sheet_links(pack / "pack.pdf")}


@pytest.fixture(scope="module")
def server(pack, tmp_path_factory):
    with Server([pack], data=tmp_path_factory.mktemp("serve-data")) as running:
        yield running


def totals(server: Server) -> dict[str, dict[str, str]]:
    status, _, body = get(server.host_url().replace("/host?", "/host/totals.csv?"))
    assert status == 200, body
    return {row["sheet"]: row for row in csv.DictReader(io.StringIO(body.decode()))}


def test_every_qr_code_of_the_pack_opens_a_form(server, links):
    assert sorted(links) == sorted([str(n) for n in range(1, PLAYERS + 1)] + ["T1"])
    for link in (links["1"], links["T1"]):
        status, headers, body = get(server.url(link))
        assert status == 200
        assert headers["Content-Type"].startswith("text/html")
        assert b"<form" in body and b'name="wins"' in body


def test_a_posted_form_is_in_the_hosts_totals(server, links):
    fields = {"wins": 14, "losses": ROUNDS - 14, "buncos": 2, "name": "Ann"}
    status, _, body = post_form(server.url(links["2"]), fields, same_origin(server))
    assert status == 200, body
    row = totals(server)["2"]
    assert (row["wins"], row["losses"], row["buncos"], row["name"]) == ("14", "10", "2", "Ann")


def test_json_answers_say_what_was_recorded(server, links):
    url = server.url(links["3"])
    status, _, answer = post_json(url, {"wins": 12, "losses": 12, "buncos": 0}, same_origin(server))
    assert status == 200, answer
    assert answer["recorded"] is True and answer["sheet"] == "3"
    assert answer["progress"]["of"] == PLAYERS


@pytest.mark.parametrize(
    ("change", "status"),
    [
        ({"k": "AAAAAAAAAAAAAA"}, 403),
        ({"sheet": "99"}, 404),
        ({"body": {"wins": -1, "losses": 25, "buncos": 0}}, 400),
        ({"headers": {"Origin": "http://evil.example"}}, 403),
        ({"headers": {"Sec-Fetch-Site": "cross-site"}}, 403),
        ({"body": {"wins": 10, "losses": 14, "buncos": 1, "name": "x" * 10_000}}, 413),
    ],
)
def test_refused_posts_say_why(server, pack, links, change, status):
    url = server.url(links["4"])
    if "k" in change:
        url = url.split("?k=")[0] + "?k=" + change["k"]
    if "sheet" in change:  # rightly signed, but no such sheet
        event_id = json.loads((pack / "event.json").read_text())["event_id"]
        secret = (pack / "event.secret").read_text().strip()
        url = sheet_url(server.base, secret, event_id, change["sheet"])
    body = change.get("body", {"wins": 10, "losses": 14, "buncos": 1})
    got, _, answer = post_json(url, body, change.get("headers", same_origin(server)))
    assert got == status, answer
    assert isinstance(answer, dict) and answer.get("error")


def test_what_was_acknowledged_survives_kill_9_ctrl_c_and_sigterm(pack, links, tmp_path):
    with Server([pack], data=tmp_path / "data") as server:
        for sheet, wins, stop in (
            ("1", 9, server.kill9),
            ("2", 16, lambda: server.stop(signal.SIGINT)),
            ("3", 11, lambda: server.stop(signal.SIGTERM)),
        ):
            fields = {"wins": wins, "losses": ROUNDS - wins, "buncos": 1}
            assert post_form(server.url(links[sheet]), fields, same_origin(server))[0] == 200
            code = stop()
            assert code in STOPPED, server.output()
            assert not any("Traceback" in line for line in server.stderr_lines), server.output()
            server.restart()
            assert totals(server)[sheet]["wins"] == str(wins)
        kept = totals(server)
        assert [kept[s]["wins"] for s in ("1", "2", "3")] == ["9", "16", "11"]

        lock = server.host_url().replace("/host?", "/host/lock?")
        assert post_form(lock, {}, same_origin(server))[0] in (200, 303)
        fields = {"wins": 12, "losses": 12, "buncos": 0}
        status, _, answer = post_json(server.url(links["4"]), fields, same_origin(server))
        assert status == 409, answer


def test_the_hosts_results_are_what_prizes_says_of_its_totals(server, pack, links, tmp_path):
    night = load_night((pack / "event.json").read_bytes())
    for row in simulate(night, 5, log=False).totals.sheets:  # a night played to the end
        fields = {"wins": row.wins, "losses": row.losses, "buncos": row.buncos}
        fields["traveler"] = row.traveler
        assert post_json(server.url(links[row.sheet]), fields, same_origin(server))[0] == 200
    host = server.host_url()
    (tmp_path / "totals.csv").write_bytes(get(host.replace("/host?", "/host/totals.csv?"))[2])
    status, _, results = get(host.replace("/host?", "/host/results.json?"))
    assert status == 200
    command = [sys.executable, "-m", "bunco_print", "prizes", "--json", "--event", str(pack)]
    prizes = subprocess.run(
        [*command, "--totals", str(tmp_path / "totals.csv")],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert prizes.returncode == 0, prizes.stderr
    assert results == json.loads(prizes.stdout)


def test_a_phone_sends_its_sheet_from_the_form(server, links, phone_page):
    phone_page.goto(server.url(links["1"]))
    phone_page.get_by_label("Wins", exact=True).fill("13")
    phone_page.get_by_label("Losses", exact=True).fill(str(ROUNDS - 13))
    phone_page.get_by_label("Buncos", exact=True).fill("1")
    phone_page.get_by_label("Your name").fill("Bea")
    with phone_page.expect_navigation():
        phone_page.locator("button.go").tap()
    answer = phone_page.inner_text("main")
    assert "Recorded" in answer, answer
    row = totals(server)["1"]
    assert (row["wins"], row["losses"], row["buncos"], row["name"]) == ("13", "11", "1", "Bea")
