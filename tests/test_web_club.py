"""A club night on `serve`, in process: the board and the host's dashboard show the season as it
will stand after tonight (what `club standings --json` says once tonight is recorded), the lock
records the night into the season (again: replaced, never counted twice) or, when it cannot,
locks nothing and says why; a plain night, or a club night whose club folder does not match,
has no season."""

from __future__ import annotations

import html
import json
import re
import shutil
from pathlib import Path

import pytest

from bunco_print.nights import settle
from bunco_print.web.views.board import SEASON_SHOWN
from tests.serving import Engine
from tests.test_club import (
    day,
    fake_pack,
    make_club,
    print_night,
    rows_of,
    run,
    season_dump,
    simulated_totals,
    standings,
)
from tests.test_web_pages import link, night_folder

TONIGHT = 9  # September: Ola subs for Lu, Zoe is a guest


@pytest.fixture
def club(tmp_path, monkeypatch):
    """A club with August recorded and September printed, not yet played."""
    monkeypatch.setattr("bunco_print.printing.orders.make_pack", fake_pack)
    club = make_club(tmp_path)
    august = print_night(club, 8)
    totals = simulated_totals(august, 8, tmp_path / "august.csv")
    assert run("club", "record", club, august, "--totals", totals, "--roll").exit_code == 0
    print_night(club, TONIGHT)
    return club


def season_rows(page: bytes) -> list[dict]:
    """The season table as it reads: rank, name, and the numbers shown, row by row."""
    text = page.decode()
    table = re.search(r'<table class="season-table">(.*?)</table>', text, re.S)
    assert table, "no season table on the page"
    heads = [_cell(h) for h in re.findall(r"<th>(.*?)</th>", table.group(1), re.S)]
    rows = []
    for tr in re.findall(r"<tr class=[^>]*>(.*?)</tr>", table.group(1), re.S):
        cells = [_cell(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        row = dict(zip(heads, cells, strict=True))
        rows.append({"rank": int(row["#"]), "name": row["Player"].split(" ")[0],
                     "points": int(row["Pts"]), "move": row["Move"]}
                    | ({"nights": int(row["Nights"]), "wins": int(row["W"]),
                        "buncos": int(row["Buncos"])} if "W" in row else {}))  # fmt: skip
    return rows


def _cell(raw: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", raw)).strip()


def as_shown(data: dict, keys: list[str]) -> list[dict]:
    return [{k: r[k] for k in keys} for r in data["standings"]]


def board_url(engine: Engine) -> str:
    return engine.host.replace("/host?", "/board?").split("?")[0] + "?k=" + board_key(engine)


def board_key(engine: Engine) -> str:
    return next(iter(engine.events.values())).role_key("board")


def played(folder: Path, seed: int, out: Path) -> list[dict]:
    """Tonight played with virtual dice: each sheet's form values."""
    rows = rows_of(simulated_totals(folder, seed, out))
    keys = ("wins", "losses", "buncos", "traveler")
    return [{"sheet": r["sheet"], **{k: int(r[k]) for k in keys}} for r in rows]


def enter(engine: Engine, folder: Path, rows: list[dict]) -> None:
    for row in rows:
        values = {k: v for k, v in row.items() if k != "sheet"}
        status, answer = engine.post_json(link(engine, folder, row["sheet"]), values)
        assert status == 200 and answer["recorded"], answer


def host_post(engine: Engine, action: str, fields: dict):
    return engine.request(engine.host.replace("/host?", f"/host/{action}?"), fields)


def test_the_season_after_tonight_is_what_club_standings_says_once_it_is_recorded(
    new_database, club, tmp_path
):
    folder = club / "nights" / day(TONIGHT)
    keys = ["rank", "name", "nights", "wins", "buncos", "points"]
    with Engine([folder], database=new_database) as engine:
        before = as_shown(standings(club), keys)
        assert [dict(r, move="") for r in before] == [
            {k: r[k] for k in (*keys, "move")} for r in season_rows(engine.request(engine.host)[2])
        ]  # nothing in yet: the season as recorded, no one moved
        tonight = played(folder, 99, tmp_path / "tonight.csv")
        enter(engine, folder, tonight[:2])  # two phones: Ann's and Bea's sheets
        shown = {r["name"]: r for r in season_rows(engine.request(engine.host)[2])}
        was = {r["name"]: r for r in before}
        for name, sheet in (("Ann", tonight[0]), ("Bea", tonight[1])):
            assert shown[name]["nights"] == was[name]["nights"] + 1
            assert shown[name]["wins"] == was[name]["wins"] + sheet["wins"]
            assert shown[name]["buncos"] == was[name]["buncos"] + sheet["buncos"]
        assert shown["Cat"]["wins"] == was["Cat"]["wins"]  # not in yet
        assert "Ola" not in shown  # her sheet is not in: she has played no night yet

        enter(engine, folder, tonight[2:])
        if "Roll open ties" in engine.request(engine.host)[2].decode():
            host_post(engine, "dice", {"action": "roll"})
        dashboard = season_rows(engine.request(engine.host)[2])
        board = season_rows(engine.request(board_url(engine))[2])
        status, answer, _ = host_post(engine, "lock", {"locked": "1"})
        assert status == 303, answer
        page = engine.request(engine.host)[2].decode()
        assert "Recorded into Tuesday Dicers&#39; season" in page
        assert "recorded into Tuesday Dicers&#39; season" in page  # the latest changes
        assert engine.lines[-1].endswith("locked, recorded into Tuesday Dicers' season")

    after = standings(club)
    assert after["nights"] == 2
    assert [{k: r[k] for k in keys} for r in dashboard] == as_shown(after, keys)
    assert [{k: r[k] for k in keys} for r in board] == as_shown(after, keys)[:SEASON_SHOWN]
    assert len(board) == SEASON_SHOWN < len(dashboard)  # the board shows the top rows
    ranks = {r["name"]: r["rank"] for r in before}
    for row in board:  # who rises, as the ranks before and after tonight say
        moved = ranks[row["name"]] - row["rank"] if row["name"] in ranks else None
        assert row["move"] == ("new" if moved is None else f"▲{moved}" if moved > 0 else
                               f"▼{-moved}" if moved < 0 else "")  # fmt: skip
    ola = next(r for r in after["standings"] if r["name"] == "Ola")
    assert ola["role"] == "alternate" and ola["nights"] == 1  # a sub's totals are her own


def test_unlocking_and_locking_again_records_the_night_anew_never_twice(
    new_database, club, tmp_path
):
    folder = club / "nights" / day(TONIGHT)
    with Engine([folder], database=new_database) as engine:
        tonight = played(folder, 7, tmp_path / "tonight.csv")
        enter(engine, folder, tonight)
        host_post(engine, "dice", {"action": "roll"})
        assert host_post(engine, "lock", {"locked": "1"})[0] == 303
        first = standings(club)
        assert host_post(engine, "lock", {"locked": "0"})[0] == 303
        page = engine.request(engine.host)[2].decode()
        assert "holds tonight as recorded at the last lock" in page
        assert host_post(engine, "lock", {"locked": "1"})[0] == 303
        assert standings(club) == first  # replaced, not added
        assert host_post(engine, "lock", {"locked": "0"})[0] == 303
        fixed = {k: v for k, v in tonight[0].items() if k != "sheet"}
        fixed["buncos"] += 1  # the host corrects Ann's sheet: one more Bunco
        assert engine.request(engine.host.replace("/host?", "/host/sheet/1?"), fixed)[0] == 303
        before_lock = season_rows(engine.request(engine.host)[2])
        assert host_post(engine, "lock", {"locked": "1"})[0] == 303
    again = standings(club)
    buncos = {r["name"]: r["buncos"] for r in first["standings"]}
    assert {r["name"]: r["buncos"] for r in again["standings"]} == buncos | {
        "Ann": buncos["Ann"] + 1
    }
    assert [{k: r[k] for k in ("name", "buncos")} for r in before_lock] == [
        {"name": r["name"], "buncos": r["buncos"]} for r in again["standings"]
    ]
    assert standings(club)["nights"] == 2


def test_a_lock_that_cannot_record_locks_nothing_and_says_why(new_database, club, tmp_path):
    folder = club / "nights" / day(TONIGHT)
    before = season_dump(club)
    with Engine([folder], database=new_database) as engine:
        tonight = played(folder, 5, tmp_path / "tonight.csv")
        enter(engine, folder, tonight[:2])
        status, _, page = host_post(engine, "lock", {"locked": "1"})
        text = page.decode()
        assert status == 409 and "The totals do not hold together yet" in text
        assert "nothing was locked or recorded" in text and "Lock the night" in text
        assert not engine.events[next(iter(engine.events))].store.locked
        assert "not locked, not recorded" in engine.lines[-1]
        # a tie still open: two sheets with the most Buncos of the night, no winner named
        most = max(r["buncos"] for r in tonight) + 1
        tied = [dict(r, buncos=most) if r["sheet"] in ("3", "4") else r for r in tonight]
        enter(engine, folder, tied[2:])
        status, answer = engine.post_json(engine.host.replace("/host?", "/host/lock?"),
                                          {"locked": "1"})  # fmt: skip
        assert status == 409 and "still tied" in answer["error"], answer
        assert "3 (Cat), 4 (Dee)" in answer["error"]
        assert season_dump(club) == before  # nothing recorded
        for _ in range(5):  # the host names each open tie's winner (one may open the next)
            tie = re.search(r'name="prize" value="([^"]+)">\s*<select[^>]*><option value="(\w+)"',
                            engine.request(engine.host)[2].decode())  # fmt: skip
            if tie is None:
                break
            host_post(engine, "rolloff", {"prize": tie.group(1), "sheet": tie.group(2)})
        assert host_post(engine, "lock", {"locked": "1"})[0] == 303
    assert standings(club)["nights"] == 2


def test_a_plain_night_has_no_season_and_a_stray_club_night_is_served_plain(
    new_database, club, tmp_path
):
    plain = night_folder(tmp_path / "plain", players=8)
    stray = tmp_path / "elsewhere" / "nights" / "night"
    shutil.copytree(club / "nights" / day(TONIGHT), stray)  # its club folder is not beside it
    with Engine([plain, stray], database=new_database) as engine:
        for event in engine.events.values():
            for role in ("host", "board"):
                status, _, page = engine.request(engine.base + event.role_path(role))
                assert status == 200 and "season-table" not in page.decode()
                assert "after tonight" not in page.decode()
            status, _, _ = engine.request(engine.base + event.role_path("host"))
        said = [line for line in engine.lines if "plain night" in line]
    stray_id = json.loads((stray / "event.json").read_text())["event_id"]
    assert len(said) == 1 and said[0].startswith(f"{stray_id}: served as a plain night")
    assert "holds no club.toml" in said[0]
    assert settle.load_night((plain / "event.json").read_bytes()).event_id not in said[0]
