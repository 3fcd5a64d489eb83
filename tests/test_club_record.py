"""Nothing lost when a club night is recorded: the season record is owner-only, a kill -9 in
the middle of `club record` leaves the night as it was or whole, and a night `serve` kept is
recorded from its folder."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bunco_print.nights import settle

from .test_club import (
    ROOT,
    day,
    fake_pack,
    make_club,
    print_night,
    refused,
    rows_of,
    run,
    season_dump,
    simulated_totals,
)


@pytest.fixture
def season(tmp_path, monkeypatch):
    """A club with two nights printed (planned only) and recorded."""
    monkeypatch.setattr("bunco_print.printing.orders.make_pack", fake_pack)
    club = make_club(tmp_path)
    for month in (8, 9):
        night = print_night(club, month)
        totals = simulated_totals(night, month, tmp_path / f"totals-{month}.csv")
        assert run("club", "record", club, night, "--totals", totals, "--roll").exit_code == 0
    return club


def test_the_season_record_is_owner_only(season):
    club = season
    assert (club / "season.sqlite").stat().st_mode & 0o777 == 0o600


# --- nothing lost -------------------------------------------------------------------------------


def test_kill_9_during_record_leaves_the_night_as_it_was_or_whole(season, tmp_path):
    club = season
    night = club / "nights" / day(9)
    other = simulated_totals(night, 99, tmp_path / "replay.csv")
    old = [r for r in season_dump(club) if day(9) in r]
    args = [sys.executable, "-m", "bunco_print", "club", "record", club, night, "--totals", other,
            "--roll"]  # fmt: skip
    seen = set()
    for delay in (0.1, 0.2, 0.3, 0.4, None):  # None: let the last one finish
        proc = subprocess.Popen(args, env={**os.environ, "PYTHONPATH": str(ROOT)},
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        if delay is not None:
            time.sleep(delay)
            proc.kill()
        assert proc.wait() in (0, -9)
        now = [r for r in season_dump(club) if day(9) in r]
        wins = {r["name"]: r["wins"] for r in rows_of(other)}
        got = {r["name"]: r["wins"] for r in standings_of_night(club, day(9))}
        assert now == old or got == {k: int(v) for k, v in wins.items()}
        seen.add("old" if now == old else "new")
    assert "new" in seen  # the last run had time to finish


def standings_of_night(club: Path, date: str) -> list[dict]:
    """The night's recorded sheets, checked whole: one a sheet, and its money row."""
    sql = "SELECT s.person, r.wins FROM results r JOIN seats s USING (date, sheet) WHERE date = ?"
    with sqlite3.connect(club / "season.sqlite") as db:
        rows = db.execute(sql, (date,)).fetchall()
        money = db.execute("SELECT count(*) FROM money WHERE date = ?", (date,)).fetchone()[0]
    sheets = json.loads((club / "nights" / date / "event.json").read_text())["sheets"]
    assert money == 1 and len(rows) == len(sheets)
    return [{"name": n, "wins": w} for n, w in rows]


def test_a_night_is_recorded_from_what_serve_kept_in_its_folder(season, tmp_path):
    from bunco_print.edges.store import Store
    from bunco_print.engine.totals import SheetTotals

    club = season
    night = club / "nights" / day(8)
    event = settle.load_night((night / "event.json").read_bytes())
    other = simulated_totals(night, 808, tmp_path / "served.csv")
    store = Store(night / "night.sqlite", event.event_id)
    for row in rows_of(other):
        counts = {k: int(row[k]) for k in ("wins", "losses", "buncos", "traveler")}
        store.record(SheetTotals(row["sheet"], **counts, name=row["name"]), "sheet")
    store.set_seed(8)
    store.close()
    done = run("club", "record", club, night)
    assert done.exit_code == 0, done.output
    got = {r["name"]: r["wins"] for r in standings_of_night(club, day(8))}
    assert got == {r["name"]: int(r["wins"]) for r in rows_of(other)}
    empty = club / "nights" / day(9)
    line = refused(club, "club", "record", club, empty)
    assert "has no entries from `bunco-print serve`" in line and "--totals FILE" in line, line
