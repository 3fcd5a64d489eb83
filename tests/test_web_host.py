"""The host's pages in process (Starlette's TestClient over the app `serve` runs): every
sheet's state, corrections with their history, the lock, roll-offs and dice, the board, and
results that are what `prizes --json` says for the same totals."""

from __future__ import annotations

import json
import re

import pytest

from bunco_print.cli import code
from bunco_print.engine.simulate import simulate
from bunco_print.nights import settle
from bunco_print.signing import keys
from tests.serving import Engine
from tests.test_web_pages import link, made, night_folder


@pytest.fixture(scope="module")
def pack(tmp_path_factory, _session_config):
    return night_folder(tmp_path_factory.mktemp("web-host") / "night")


@pytest.fixture(scope="module")
def engine(pack, database):
    with Engine([pack], database=database) as running:
        yield running


def played(night) -> list[dict]:
    """Every sheet of a night played with virtual dice, as the phones would send them."""
    return [
        {"wins": s.wins, "losses": s.losses, "buncos": s.buncos, "traveler": s.traveler}
        for s in simulate(night, 3).totals.sheets
    ]


def test_corrections_keep_their_history_and_the_host_sees_every_state(engine, pack):
    url = link(engine, pack, "12")
    engine.post_json(url, {"wins": 14, "losses": 10, "buncos": 1})
    engine.post_json(url, {"wins": 15, "losses": 9, "buncos": 1})
    status, _, page = engine.request(engine.host)
    assert status == 200
    text = page.decode()
    row = re.search(r'id="sheet-12">(.*?)</tr>', text, re.S).group(1)
    assert "corrected" in row and "15" in row
    assert re.search(r'id="sheet-13">.*?missing', text, re.S)
    edit = engine.host.replace("/host?", "/host/sheet/12?")
    history = engine.request(edit)[2].decode()
    assert "Wins 14 · Losses 10 · Buncos 1" in history and "Wins 15 · Losses 9" in history
    assert "sheet 12" in history
    status, answer, _ = engine.request(edit, {"wins": "16", "losses": "8", "buncos": "1"})
    assert status == 303 and "/host?k=" in answer["Location"]  # back to the dashboard
    page = engine.request(edit)[2].decode()
    assert "host" in page and "Wins 16 · Losses 8 · Buncos 1" in page
    status, _, page = engine.request(edit, {"wins": "30", "losses": "8", "buncos": "1"})
    assert status == 400 and "Wins must be a whole number from 0 to 24" in page.decode()
    assert engine.request(engine.host.replace("/host?", "/host/sheet/99?"))[0] == 404


def test_a_locked_night_refuses_players_but_not_the_host(engine, pack):
    lock = engine.host.replace("/host?", "/host/lock?")
    url = link(engine, pack, "13")
    try:
        assert engine.request(lock, {"locked": "1"})[0] in (200, 303)
        status, answer = engine.post_json(url, {"wins": 12, "losses": 12, "buncos": 0})
        assert status == 409 and "locked" in answer["error"]
        assert "The night is locked" in engine.request(url)[2].decode()
        edit = engine.host.replace("/host?", "/host/sheet/13?")
        status, answer = engine.post_json(edit, {"wins": 12, "losses": 12, "buncos": 0})
        assert status == 200 and answer["recorded"]
    finally:
        engine.request(lock, {"locked": "0"})
    # unlocked, the sheet the host corrected stays hers: its own link no longer changes it
    status, answer = engine.post_json(url, {"wins": 11, "losses": 13, "buncos": 0})
    assert status == 409 and "only she can change it" in answer["error"]
    page = engine.request(url)[2].decode()
    assert "The host has corrected this sheet" in page and 'name="wins"' not in page
    other = link(engine, pack, "11")
    assert engine.post_json(other, {"wins": 11, "losses": 13, "buncos": 0})[0] == 200


def test_the_dashboard_panel_answers_only_when_something_changed(engine, pack):
    panel = engine.host.replace("/host?", "/host/panel?")
    values = {"wins": 9, "losses": 15, "buncos": 0}
    assert engine.post_json(link(engine, pack, "1"), values)[0] == 200
    status, _, body = engine.request(panel)
    version = json.loads(body)["version"]
    assert status == 200 and 'id="sheet-1"' in json.loads(body)["html"]
    assert engine.request(f"{panel}&v={version}")[0] == 204


# --- results: the same as the command line ----------------------------------------------------


def test_results_json_is_what_prizes_json_says_for_the_same_totals(new_database, tmp_path, capsys):
    folder = tmp_path / "night"
    made("simulate", "--players", "13", "--seed", "7", "--out", str(folder))
    capsys.readouterr()

    with Engine([folder], database=new_database) as engine:
        host = engine.host

        def same_as_cli(*extra: str) -> dict:
            totals, rolloffs = tmp_path / "totals.csv", tmp_path / "rolloffs.csv"
            totals.write_bytes(engine.host_file("totals.csv"))
            rolloffs.write_bytes(engine.host_file("rolloffs.csv"))
            served = json.loads(engine.host_file("results.json"))
            seed = ["--seed", str(served["seed"])]  # the draw's, from the secret, or the dice's
            assert code(["prizes", "--event", str(folder), "--totals", str(totals), "--json",
                         "--rolloffs", str(rolloffs), *seed, *extra]) in (0, 1)  # fmt: skip
            assert served == json.loads(capsys.readouterr().out)
            return served

        night = settle.load_night((folder / "event.json").read_bytes())
        sheets = played(night)
        top = max(s["buncos"] for s in sheets) + 1
        sheets[0]["buncos"] = sheets[1]["buncos"] = top  # a tie for most Buncos
        secret = keys.event_secret(night.event_id)
        (folder / "event.secret").write_text(secret + "\n")  # what link() signs with
        for sheet, values in zip(night.sheet_ids, sheets, strict=True):
            assert engine.post_json(link(engine, folder, sheet), values)[0] == 200
        served = same_as_cli()
        assert served["valid"] and len(served["prizes"]) == len(night.prizes)
        most = next(p for p in served["prizes"] if p["id"] == "most_buncos")
        assert most["status"] == "rolloff" and set(most["tied"]) == {"1", "2"}
        page = engine.request(host)[2].decode()
        assert "Roll-off" in page and 'name="prize" value="most_buncos"' in page
        # the host enters the roll-off's winner
        rolloff = host.replace("/host?", "/host/rolloff?")
        assert engine.request(rolloff, {"prize": "most_buncos", "sheet": "2"})[0] in (200, 303)
        served = same_as_cli()
        most = next(p for p in served["prizes"] if p["id"] == "most_buncos")
        assert most["status"] == "awarded" and most["winners"] == ["2"]
        status, _, page = engine.request(rolloff, {"prize": "most_buncos", "sheet": "9"})
        assert status == 400 and "not in this tie" in page.decode()
        status, _, page = engine.request(rolloff, {"prize": "least_buncos", "sheet": ""})
        assert status == 400 and "no roll-off winner to clear" in page.decode()
        # virtual dice for whatever else is open: `prizes --roll --seed N` agrees
        dice = host.replace("/host?", "/host/dice?")
        assert engine.request(dice, {"action": "roll"})[0] in (200, 303)
        seed = json.loads(engine.host_file("results.json"))["seed"]
        assert f"seed {seed}" in engine.request(host)[2].decode()
        same_as_cli("--roll")
        assert engine.host_file("results.pdf").startswith(b"%PDF")
        dashboard = engine.request(host)[2].decode()
        board = re.search(r'href="(/e/[^"]+/board\?k=[^"]+)"', dashboard).group(1)
        status, _, page = engine.request(engine.base + board)
        assert status == 200 and "Standings" in page.decode() and "Most Buncos" in page.decode()
        board_k = board.split("k=")[1]
        assert engine.request(host.split("k=")[0] + "k=" + board_k)[0] == 403  # opens no more
    logged = "\n".join(engine.lines)
    assert secret not in logged and "Traceback" not in logged
    assert host.split("k=")[1] not in logged


def test_results_pdf_waits_for_totals_that_hold_together(engine):
    status, _, page = engine.request(engine.host.replace("/host?", "/host/results.pdf?"))
    assert status == 409 and "do not hold together yet" in page.decode()
