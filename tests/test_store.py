"""The live night's store on every database it keeps nights in: a night's own SQLite file
(`serve FOLDER`), one SQLite database (`--database sqlite:///PATH`) and PostgreSQL (`--database
postgresql://...`, the throwaway server of tests/postgres.py). What one process (a `Database`
of its own) acknowledged, another reads; the lock holds across them; migrations run once
however many start together; a night file from before migrations is carried over."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
import sqlalchemy as sa

from bunco_print.edges.store import HostKept, Locked, Stale, Store, database, open_url
from bunco_print.engine.totals import SheetTotals
from bunco_print.errors import InputError

KINDS = ["file", "sqlite", "postgresql"]


@pytest.fixture(params=KINDS)
def where(request, tmp_path):
    """A place to keep nights, and how to open it again (as a second process would)."""
    if request.param == "file":
        return request.param, tmp_path / "night.sqlite"
    if request.param == "sqlite":
        return request.param, f"sqlite:///{tmp_path / 'nights.sqlite'}"
    return request.param, request.getfixturevalue("postgres").new_database()


def opened(where, event: str = "ev1") -> Store:
    kind, place = where
    return Store(place if kind == "file" else open_url(place), event)


def close(store: Store) -> None:
    store.close()
    store.db.close()


def sheet(n: int, wins: int = 12, name: str = "Ann") -> SheetTotals:
    return SheetTotals(str(n), wins, 24 - wins, 1, 0, 0, name)


def test_what_is_written_is_read_back_with_its_history_and_the_version_moves(where):
    store = opened(where)
    try:
        first = store.version
        assert store.keep_draw_seed(41) == 41 and store.keep_draw_seed(7) == 41
        store.record(sheet(1, 13), "sheet 1")
        kept = store.record(sheet(1, 12), "table 1")
        assert kept.changes == 2
        assert store.entries()["1"].entry == sheet(1, 12) and store.entries()["1"].via == "table 1"
        assert [(c.old or {}).get("wins") for c in store.history("1")] == [13, None]
        store.set_rolloff("Most Buncos", "1", "host")
        store.record_semi(SheetTotals("1", 3, 3, 0))
        store.set_seed(99, roll=" (roll 5)")
        store.set_locked(True, note=", recorded")
        assert store.rolloffs() == {"Most Buncos": "1"} and store.seed == 99
        assert store.semi()["1"].wins == 3 and store.locked
        assert [a.what for a in store.actions()] == ["lock", "dice", "semi", "rolloff", "dice"]
        assert store.actions()[0].new == "locked, recorded"
        assert store.version == first + 7  # one a write, none for the draws' seed kept already
        with pytest.raises(Locked):
            store.record(sheet(2), "sheet 2")
        store.record(sheet(2, 20), "host", host=True)
        with pytest.raises(HostKept):
            store.set_locked(False) or store.record(sheet(2, 10), "sheet 2")
        with pytest.raises(Stale):
            store.record(sheet(2, 10), "table 1", host=True, seen=0)
    finally:
        close(store)
    again = opened(where)  # a restart: everything kept
    try:
        assert again.entries()["2"].entry.wins == 20 and again.draw_seed == 41
        assert not again.locked and again.version == first + 9  # a refused write moves nothing
    finally:
        close(again)


def test_nights_in_one_database_stay_apart(where):
    kind, place = where
    if kind == "file":
        first = opened(where, "ev1")
        first.close()
        with pytest.raises(InputError, match="holds the night of event ev1, not ev2"):
            opened(where, "ev2")
        return
    db = open_url(place)
    try:
        one, two = Store(db, "ev1"), Store(db, "ev2")
        one.record(sheet(1, 13, "Ann"), "sheet 1")
        two.record(sheet(1, 3, "Bo"), "sheet 1")
        one.set_locked(True)
        assert one.entries()["1"].entry.name == "Ann" and two.entries()["1"].entry.name == "Bo"
        assert not two.locked and len(two.history()) == 1 and two.actions() == []
        two.record(sheet(2), "sheet 2")  # the other night's lock is not this one's
    finally:
        db.close()


def test_what_one_process_acknowledged_another_reads_and_the_lock_holds_in_both(postgres):
    url = postgres.new_database()
    a, b = Store(open_url(url), "ev"), Store(open_url(url), "ev")  # two processes' pools
    try:
        a.record(sheet(1), "sheet 1")
        assert "1" in b.entries() and b.version == a.version
        b.set_locked(True)
        with pytest.raises(Locked):
            a.record(sheet(2), "sheet 2")
        # writers racing on one sheet from both: each entry counted once, none lost
        b.set_locked(False)
        errors: list[BaseException] = []

        def post(store: Store, n: int) -> None:
            try:
                for i in range(15):
                    store.record(sheet(3, (n + i) % 24), f"phone {n}")
            except BaseException as exc:  # pragma: no cover - shown by the assert below
                errors.append(exc)

        threads = [threading.Thread(target=post, args=(s, n)) for n, s in enumerate([a, b] * 4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert not errors, errors
        assert a.entries()["3"].changes == 120 and len(b.history("3")) == 120
    finally:
        close(a)
        close(b)


MIGRATE = """
import sys
from bunco_print.edges.store import Store, open_url
store = Store(open_url(sys.argv[1]), sys.argv[2])
store.db.close()
print("ok")
"""


def test_processes_starting_at_once_migrate_once(postgres):
    url = postgres.new_database()
    started = [
        subprocess.Popen(
            [sys.executable, "-c", MIGRATE, url, f"ev{n}"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for n in range(6)
    ]
    said = [process.communicate(timeout=60) for process in started]
    assert all(process.returncode == 0 for process in started), said
    engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://"))
    with engine.connect() as conn:
        versions = conn.execute(sa.text("SELECT version_num FROM alembic_version")).all()
        nights = conn.execute(sa.text("SELECT count(*) FROM nights")).scalar()
    engine.dispose()
    assert versions == [(database.HEAD,)] and nights == 6


OLD_SCHEMA = """
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE entries (sheet TEXT PRIMARY KEY, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    buncos INTEGER NOT NULL, mini_buncos INTEGER NOT NULL, traveler INTEGER NOT NULL,
    name TEXT NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL, changes INTEGER NOT NULL);
CREATE TABLE history (id INTEGER PRIMARY KEY, sheet TEXT NOT NULL, via TEXT NOT NULL,
    at TEXT NOT NULL, old TEXT, new TEXT NOT NULL);
CREATE INDEX history_sheet ON history (sheet, id);
CREATE TABLE rolloffs (prize TEXT PRIMARY KEY, sheet TEXT NOT NULL, via TEXT NOT NULL,
    at TEXT NOT NULL);
CREATE TABLE semi (sheet TEXT PRIMARY KEY, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    buncos INTEGER NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE actions (id INTEGER PRIMARY KEY, what TEXT NOT NULL, via TEXT NOT NULL,
    at TEXT NOT NULL, old TEXT, new TEXT);
INSERT INTO settings VALUES ('event_id', 'old-night'), ('locked', '1'), ('draw_seed', '77');
INSERT INTO entries VALUES ('4', 13, 11, 2, 0, 1, 'Cy', 'sheet 4', '2026-01-01 20:00:00.0', 2);
INSERT INTO history VALUES (1, '4', 'sheet 4', 'x', NULL, '{}'), (2, '4', 'sheet 4', 'y',
    '{}', '{}');
INSERT INTO rolloffs VALUES ('Most Buncos', '4', 'host', 'z');
INSERT INTO actions VALUES (1, 'lock', 'host', 'z', 'unlocked', 'locked');
"""


def test_a_night_file_from_before_migrations_is_carried_over(tmp_path):
    path = tmp_path / "night.sqlite"
    with sqlite3.connect(path) as old:
        old.executescript(OLD_SCHEMA)
    store = Store(path, "old-night")
    try:
        kept = store.entries()["4"]
        assert (kept.entry.name, kept.entry.buncos, kept.changes) == ("Cy", 2, 2)
        assert store.locked and store.draw_seed == 77 and store.rolloffs() == {"Most Buncos": "4"}
        assert len(store.history("4")) == 2 and store.actions()[0].new == "locked"
        assert store.version == 5  # as the counts left it: what pages already showed
    finally:
        store.close()


def test_the_newest_migration_is_the_one_start_up_looks_for():
    from alembic.script import ScriptDirectory

    assert ScriptDirectory(str(database.MIGRATIONS)).get_current_head() == database.HEAD


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://u@h/db", "is not a database this engine keeps; give postgresql://"),
        ("sqlite://", "is not a database this engine keeps"),
        ("not a url", "is not a database URL"),
        ("sqlite:////nowhere/at/all/n.sqlite", "/nowhere/at/all is not a folder"),
        (
            "postgresql://u:hunter2@/db?host=/nonexistent-socket-dir",
            "cannot use postgresql://u:***@",
        ),
    ],
)
def test_a_database_it_cannot_use_is_one_line_without_its_password(url, said):
    with pytest.raises(InputError) as caught:
        open_url(url)
    message = str(caught.value)
    assert said in message and "\n" not in message and "hunter2" not in message
    assert caught.value.field == "database"


def test_a_database_a_newer_bunco_print_made_is_refused_untouched(tmp_path):
    path = tmp_path / "n.sqlite"
    open_url(f"sqlite:///{path}").close()
    with sqlite3.connect(path) as db:
        db.execute("UPDATE alembic_version SET version_num = '9999'")
    with pytest.raises(InputError, match=r"newer schema \(9999\).*upgrade bunco-print"):
        open_url(f"sqlite:///{path}")
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [("9999",)]
    assert Path(path).exists()
