"""A night's integrity from the inside, in process: a table's link enters only the sheets that
sit at that table and replaces nothing it has not shown; a host's correction sticks; every
change and every host action is in the history, labelled; HEAD changes nothing; a form post
that records answers 303; no error is a bare 500."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from bunco_print.cli import code
from bunco_print.engine.totals import parse_totals
from bunco_print.signing import keys
from tests.serving import Engine
from tests.test_web_pages import link, made

ROUNDS = 18  # the tournament's three qualifying sets of six
SHEET = {"wins": "9", "losses": "9", "buncos": "1"}


@pytest.fixture(scope="module")
def cup(tmp_path_factory, _session_config):
    folder = tmp_path_factory.mktemp("integrity") / "cup"
    made("simulate", "--players", "24", "--ruleset", "tournament", "--seed", "3",
         "--out", str(folder))  # fmt: skip
    event = json.loads((folder / "event.json").read_text())["event_id"]
    (folder / "event.secret").write_text(keys.event_secret(event) + "\n")
    return folder


@pytest.fixture(scope="module")
def engine(cup, database):
    with Engine([cup], database=database) as running:
        assert next(iter(running.events.values())).night.rounds == ROUNDS
        yield running


def rooms(engine):
    return next(iter(engine.events.values())).night.rooms


def follow(engine, answer) -> str:
    status, headers, _ = answer
    assert status == 303, status
    return engine.request(engine.base + headers["Location"])[2].decode()


def test_a_table_enters_only_the_sheets_of_its_own_group(engine, cup):
    first, second = rooms(engine)[:2]
    table = link(engine, cup, f"T{first.tables[-1]}")
    page = engine.request(table)[2].decode()
    offered = re.findall(r'<option value="([^"]+)"', page)
    assert sorted(offered, key=int) == sorted(first.sheets, key=int)
    stranger = second.sheets[-1]
    status, _, page = engine.request(table, {"sheet": stranger, **SHEET})
    assert status == 403 and "its own group" in page.decode()
    status, answer = engine.post_json(table, {"sheet": stranger, **SHEET})
    assert status == 403 and answer["field"] == "sheet"
    # a chosen sheet of another group opens no form either
    page = engine.request(f"{table}&sheet={stranger}")[2].decode()
    assert 'name="wins"' not in page
    assert f"\n{stranger}," not in engine.host_file("totals.csv").decode()
    # its own group's table enters it
    other = link(engine, cup, f"T{second.tables[0]}")
    assert engine.request(other, {"sheet": stranger, **SHEET})[0] == 303


def test_a_table_shows_an_entry_before_it_replaces_it_and_never_blanks_a_name(engine, cup):
    room = rooms(engine)[0]
    sheet, table = room.sheets[1], link(engine, cup, f"T{room.tables[0]}")
    own = {"wins": "10", "losses": "8", "buncos": "2", "name": "Ann"}
    assert engine.request(link(engine, cup, sheet), own)[0] == 303
    # the table's post, made without having seen Ann's entry, replaces nothing: it shows it
    status, _, page = engine.request(table, {"sheet": sheet, **SHEET})
    text = page.decode()
    assert status == 409 and "entered meanwhile, via sheet" in text
    assert "10 wins · 8 losses · 2 Bunkos" in text and "Ann" in text
    assert re.search(r'id="f-name"[^>]*value="Ann"', text)  # kept, not blanked
    assert "\n" + sheet + ",Ann,10,8,2" in engine.host_file("totals.csv").decode()
    # the chosen sheet's form starts empty, shows the entry as kept, and keeps (shows) her name
    form = engine.request(f"{table}&sheet={sheet}")[2].decode()
    assert re.search(r'id="f-name"[^>]*value="Ann"', form) and "Already in" in form
    assert re.search(r'id="f-wins"[^>]*value=""', form) and "10 wins · 8 losses" in form
    seen = re.search(r'name="seen" value="(\d+)"', form).group(1)
    fields = dict(re.findall(r'<input[^>]*name="(\w+)"[^>]*value="([^"]*)"', form))
    fields |= {"wins": "11", "losses": "7", "buncos": "2"}
    page = follow(engine, engine.request(table, fields))
    assert "Recorded" in page and seen == "1"
    assert "\n" + sheet + ",Ann,11,7,2" in engine.host_file("totals.csv").decode()


def test_the_hosts_correction_sticks_and_the_history_is_labelled(engine, cup):
    room = rooms(engine)[0]
    sheet = room.sheets[2]
    own = link(engine, cup, sheet)
    assert engine.request(own, {"wins": "12", "losses": "9", "buncos": "0", "name": "Bo",
                                "confirm": "1"})[0] == 303  # fmt: skip
    edit = engine.host.replace("/host?", f"/host/sheet/{sheet}?")
    fixed = {"wins": "9", "losses": "9", "buncos": "0", "name": "Bo"}
    assert engine.request(edit, fixed)[0] == 303
    status, answer = engine.post_json(own, {"wins": 10, "losses": 8, "buncos": 0})
    assert status == 409 and "only she can change it" in answer["error"]
    table = link(engine, cup, f"T{room.tables[0]}")
    status, _, page = engine.request(table, {"sheet": sheet, "seen": "2", **SHEET})
    assert status == 409 and "only she can change it" in page.decode()
    assert "\n" + sheet + ",Bo,9,9,0" in engine.host_file("totals.csv").decode()
    page = engine.request(own)[2].decode()
    assert "The host has corrected this sheet" in page and 'name="wins"' not in page
    history = engine.request(edit)[2].decode()
    assert "Wins 12 · Losses 9 · Bunkos 0" in history and "Wins 9 · Losses 9" in history
    assert "sheet " + sheet in history and "host" in history


def test_head_answers_like_get_and_changes_nothing(engine, cup):
    url = link(engine, cup, rooms(engine)[0].sheets[3])
    before = engine.host_file("totals.csv")
    got = engine.client.get(url)
    for body in (None, "wins=9&losses=9&buncos=0"):
        head = engine.client.request("HEAD", url, content=body)
        assert head.status_code == 200 and head.content == b""
        assert head.headers["content-type"] == got.headers["content-type"]
    assert engine.client.head(engine.host).status_code == 200
    assert engine.host_file("totals.csv") == before


def test_a_lone_surrogate_gets_the_json_error_not_a_bare_500(engine, cup):
    url = link(engine, cup, rooms(engine)[0].sheets[4])
    body = b'{"wins": 9, "losses": 9, "buncos": 0, "name": "\\ud800"}'
    answer = engine.client.post(url, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["field"] == "name"
    edit = engine.host.replace("/host?", "/host/sheet/1?")
    answer = engine.client.post(edit, content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code == 400 and answer.json()["field"] == "name"
    status, _, page = engine.request(url, {"wins": "x", "losses": "9", "buncos": "0"})
    assert status == 400 and "<html" in page.decode()


# --- the host's actions -------------------------------------------------------------------------


def test_every_host_action_is_in_the_history_and_the_log(new_database, tmp_path):
    from tests.test_web_host import played

    folder = tmp_path / "night"
    made("simulate", "--players", "13", "--seed", "7", "--out", str(folder))
    secret = keys.event_secret(json.loads((folder / "event.json").read_text())["event_id"])
    (folder / "event.secret").write_text(secret + "\n")
    with Engine([folder], database=new_database) as engine:
        night = next(iter(engine.events.values())).night
        sheets = played(night)
        sheets[0]["buncos"] = sheets[1]["buncos"] = max(s["buncos"] for s in sheets) + 1
        for sheet, values in zip(night.sheet_ids, sheets, strict=True):
            assert engine.post_json(link(engine, folder, sheet), values)[0] == 200
        drawn = json.loads(engine.host_file("results.json"))["seed"]
        event = engine.events[night.event_id]
        assert drawn == event.seed("draw") != 0  # never a constant
        assert event.store.draw_seed == drawn  # kept with the night: `club record` draws alike
        host = engine.host
        rolloff = host.replace("/host?", "/host/rolloff?")
        assert engine.request(rolloff, {"prize": "most_buncos", "sheet": "2"})[0] == 303
        page = engine.request(host)[2].decode()
        assert "Clear this roll-off winner" in page
        assert re.search(r"<td>roll-off</td><td>host</td><td>-</td><td>most_buncos 2</td>", page)
        assert engine.request(rolloff, {"prize": "most_buncos", "sheet": ""})[0] == 303
        page = engine.request(host)[2].decode()
        assert "<td>most_buncos 2</td><td>most_buncos cleared</td>" in page
        assert 'name="prize" value="most_buncos"' in page  # open again
        dice = host.replace("/host?", "/host/dice?")
        assert engine.request(dice, {"action": "roll"})[0] == 303
        first = json.loads(engine.host_file("results.json"))["seed"]
        assert engine.request(dice, {"action": "roll"})[0] == 303  # rolled once, and kept
        assert json.loads(engine.host_file("results.json"))["seed"] == first
        assert engine.request(dice, {"action": "reroll"})[0] == 303
        second = json.loads(engine.host_file("results.json"))["seed"]
        page = engine.request(host)[2].decode()
        assert f"<td>seed {first}</td><td>seed {second} (roll " in page
        assert f"<td>-</td><td>seed {first} (roll " in page and "Re-roll" in page
        lock = host.replace("/host?", "/host/lock?")
        engine.request(lock, {"locked": "1"})
        engine.request(lock, {"locked": "0"})
        page = engine.request(host)[2].decode()
        assert "<td>unlocked</td><td>locked</td>" in page
        assert "<td>locked</td><td>unlocked</td>" in page
        assert "rolloffs.csv" in page
    logged = "\n".join(engine.lines)
    for line in ("roll-off for most_buncos: sheet 2 wins", "most_buncos: winner cleared",
                 "rolled the dice: roll", f"seed {first}", "rolled the dice again",
                 f"seed {second}", "locked", "unlocked"):  # fmt: skip
        assert line in logged, line
    assert logged.count("rolled the dice") == 2


# --- exports --------------------------------------------------------------------------------------

NAMES = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2", "@SUM(A1)", "'=quoted", "'Bo"]


def test_the_totals_download_runs_no_formula_and_validate_reads_the_same_names(
    new_database, tmp_path, capsys
):
    folder = tmp_path / "night"
    made("simulate", "--players", "8", "--seed", "2", "--out", str(folder))
    secret = keys.event_secret(json.loads((folder / "event.json").read_text())["event_id"])
    (folder / "event.secret").write_text(secret + "\n")
    with Engine([folder], database=new_database) as engine:
        rounds = next(iter(engine.events.values())).night.rounds
        for sheet, name in enumerate(NAMES, start=1):
            values = {"wins": rounds // 2, "losses": rounds - rounds // 2, "buncos": 1}
            status, _ = engine.post_json(link(engine, folder, str(sheet)), values | {"name": name})
            assert status == 200, name
        data = engine.host_file("totals.csv")
    cells = [row[1] for row in csv.reader(io.StringIO(data.decode()))][1:]
    assert cells[:4] == ["'" + n for n in NAMES[:4]]  # text, not a formula, in any spreadsheet
    assert not any(c[:1] in "=+-@\t\r" for c in cells)
    assert [s.name for s in parse_totals(data).sheets][: len(NAMES)] == NAMES
    (tmp_path / "totals.csv").write_bytes(data)
    capsys.readouterr()
    command = ["validate", "--event", str(folder), "--totals", str(tmp_path / "totals.csv")]
    assert code([*command, "--json"]) in (0, 1)
    standings = json.loads(capsys.readouterr().out)["standings"]
    assert {s["sheet"]: s["name"] for s in standings if s["name"]} == {
        str(n): name for n, name in enumerate(NAMES, start=1)
    }


# --- the tournament ---------------------------------------------------------------------------


def test_a_tournament_is_played_to_its_grand_prize_from_the_dashboard(
    new_database, tmp_path, capsys
):
    from tests.test_web_host import played

    folder = tmp_path / "cup"
    made("simulate", "--players", "24", "--ruleset", "tournament", "--seed", "5",
         "--out", str(folder))  # fmt: skip
    secret = keys.event_secret(json.loads((folder / "event.json").read_text())["event_id"])
    (folder / "event.secret").write_text(secret + "\n")
    with Engine([folder], database=new_database) as engine:
        night = next(iter(engine.events.values())).night
        for sheet, values in zip(night.sheet_ids, played(night), strict=True):
            assert engine.post_json(link(engine, folder, sheet), values)[0] == 200
        host = engine.host
        assert engine.request(host.replace("/host?", "/host/dice?"), {"action": "roll"})[0] == 303
        page = engine.request(host)[2].decode()
        finalists = re.findall(r'<li id="semi-(\w+)">', page)
        assert len(finalists) == 2 * len(night.rooms) and "Semi-final: each player" in page
        semi = host.replace("/host?", "/host/semi?")
        rounds = night.ruleset.rounds_per_set
        lines = ["sheet,wins,losses,buncos"]
        for n, sheet in enumerate(finalists):
            wins = [rounds, rounds - 2, 2, 0][n]
            values = {"sheet": sheet, "wins": wins, "losses": rounds - wins, "buncos": 3 - n}
            assert engine.request(semi, values)[0] == 303
            lines.append(f"{sheet},{wins},{rounds - wins},{3 - n}")
        assert engine.request(semi, {"sheet": "99", "wins": 1, "losses": 1, "buncos": 0})[0] == 400
        served = json.loads(engine.host_file("results.json"))
        grand = next(p for p in served["prizes"] if p["id"] == "grand_prize")
        assert grand["status"] == "awarded" and grand["winners"]
        page = engine.request(host)[2].decode()
        assert (
            f"<td>semi-final</td><td>host</td><td>-</td><td>{finalists[0]}: Wins {rounds}" in page
        )
        (tmp_path / "totals.csv").write_bytes(engine.host_file("totals.csv"))
        (tmp_path / "semi.csv").write_text("\n".join(lines) + "\n")
        capsys.readouterr()
        assert code(["prizes", "--event", str(folder), "--totals", str(tmp_path / "totals.csv"),
                     "--semi", str(tmp_path / "semi.csv"), "--roll", "--seed",
                     str(served["seed"]), "--json"]) in (0, 1)  # fmt: skip
        assert json.loads(capsys.readouterr().out) == served
        # the board: every player, with her group
        board = re.search(r'href="(/e/[^"]+/board\?k=[^"]+)"', page).group(1)
        text = engine.request(engine.base + board)[2].decode()
        ranked = re.findall(r'<span class="who">', text)
        assert len(ranked) == len(night.sheets)
        assert text.count('<span class="group">Group 2</span>') == len(night.rooms[1].sheets)


def test_a_post_refused_because_the_night_was_locked_meanwhile_keeps_what_she_typed(engine, cup):
    room = rooms(engine)[1]
    lock = engine.host.replace("/host?", "/host/lock?")
    engine.request(lock, {"locked": "1"})
    try:
        typed = {"wins": "11", "losses": "7", "buncos": "3"}
        status, _, page = engine.request(link(engine, cup, room.sheets[0]), typed)
        text = page.decode()
        assert status == 409 and "locked" in text
        assert "What you typed, to tell the host: Wins 11 · Losses 7 · Bunkos 3" in text
        table = link(engine, cup, f"T{room.tables[0]}")
        status, _, page = engine.request(table, {"sheet": room.sheets[1], **typed})
        assert status == 409 and f"Sheet {room.sheets[1]} · Wins 11" in page.decode()
    finally:
        engine.request(lock, {"locked": "0"})


# --- the small things ---------------------------------------------------------------------------


def test_small_things_a_host_and_players_noticed(new_database, tmp_path, monkeypatch):
    import time

    from bunco_print.web.views import shown

    folder = tmp_path / "minis"
    made("simulate", "--players", "8", "--ruleset", "mybunco", "--seed", "2", "--out",
         str(folder))  # fmt: skip
    secret = keys.event_secret(json.loads((folder / "event.json").read_text())["event_id"])
    (folder / "event.secret").write_text(secret + "\n")
    with Engine([folder], database=new_database) as engine:
        night = next(iter(engine.events.values())).night
        half = night.rounds // 2
        table = link(engine, folder, "T1")
        values = {"wins": half, "losses": night.rounds - half, "buncos": 1, "mini_buncos": 2}
        # the table's "Recorded" card names the mini Buncos too
        page = follow(engine, engine.request(table, {"sheet": "1", **values}))
        assert "Recorded Sheet 1" in page and "2 mini Buncos" in page
        # a page's progress and standings count the same sheets, even while they lag
        assert engine.request(link(engine, folder, "2"), values)[0] == 303
        page = engine.request(table)[2].decode()
        shown_in = int(re.search(r"<h2>(\d+) of 8 sheets in", page).group(1))
        assert shown_in == page.count('<span class="rank">')
    # the history's times are the host's own clock, not UTC
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    try:
        assert shown.local_time("2026-01-01 00:00:00.123456") == "09:00:00"
    finally:
        monkeypatch.undo()
        time.tzset()
