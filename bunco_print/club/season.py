"""The season's record: one SQLite file beside club.toml (owner-only, WAL), every write one
transaction, so a process killed at any moment leaves the season as it was or with the whole
night in it, never half."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from bunco_print.errors import InputError
from bunco_print.game.values import printable

RECORD = "season.sqlite"
SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS nights (
    date TEXT PRIMARY KEY, event_id TEXT NOT NULL UNIQUE, host TEXT NOT NULL,
    theme TEXT NOT NULL, recorded INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (
    date TEXT NOT NULL, sheet TEXT NOT NULL, person TEXT NOT NULL, role TEXT NOT NULL,
    for_member TEXT, PRIMARY KEY (date, sheet));
CREATE TABLE IF NOT EXISTS results (
    date TEXT NOT NULL, sheet TEXT NOT NULL, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    buncos INTEGER NOT NULL, mini_buncos INTEGER NOT NULL, traveler INTEGER NOT NULL,
    prizes INTEGER NOT NULL, won INTEGER NOT NULL, PRIMARY KEY (date, sheet));
CREATE TABLE IF NOT EXISTS awards (
    date TEXT NOT NULL, prize TEXT NOT NULL, name TEXT NOT NULL, amount INTEGER NOT NULL,
    paid TEXT NOT NULL, PRIMARY KEY (date, prize));
CREATE TABLE IF NOT EXISTS money (
    date TEXT PRIMARY KEY, buy_ins INTEGER NOT NULL, dues INTEGER NOT NULL,
    prizes_out INTEGER NOT NULL, host_costs INTEGER NOT NULL, totals TEXT NOT NULL);
"""


@dataclass(frozen=True)
class Seat:
    sheet: str
    person: str
    role: str  # member | alternate | guest
    for_member: str | None = None  # the member a sub came for


@dataclass(frozen=True)
class NightRow:
    date: str
    event_id: str
    host: str
    theme: str
    recorded: bool


@dataclass(frozen=True)
class Result:
    """One sheet of a recorded night, with who sat behind it."""

    date: str
    seat: Seat
    wins: int
    losses: int
    buncos: int
    mini_buncos: int
    traveler: int
    prizes: int
    won: int


@dataclass(frozen=True)
class Money:
    date: str
    buy_ins: int
    dues: int
    prizes_out: int
    host_costs: int


class Season:
    """The season's record; open it with `Season.open(folder)` (or `create` once)."""

    def __init__(self, db: sqlite3.Connection, path: Path):
        self._db, self.path = db, path

    @classmethod
    def create(cls, folder: Path) -> Season:
        path = folder / RECORD
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        season = cls._connect(path)
        with season.transaction() as db:
            db.execute("INSERT INTO settings VALUES ('club_id', ?)", (secrets.token_hex(8),))
        return season

    @classmethod
    def open(cls, folder: Path) -> Season:
        path = folder / RECORD
        if not path.is_file():
            raise InputError(
                f"{printable(str(folder))} holds no {RECORD}: is it a club made by "
                "`bunco-print club init`?"
            )
        return cls._connect(path)

    @classmethod
    def _connect(cls, path: Path) -> Season:
        try:
            db = sqlite3.connect(path, timeout=5.0, isolation_level=None)
            db.execute("PRAGMA busy_timeout = 5000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = NORMAL")
            db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise InputError(f"cannot use {printable(str(path))}: {exc}") from None
        return cls(db, path)

    def close(self) -> None:
        self._db.close()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """All of a change or none of it: BEGIN IMMEDIATE ... COMMIT, rolled back on any error."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
            self._db.execute("COMMIT")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise

    # --- reading --------------------------------------------------------------------------------

    @property
    def club_id(self) -> str:
        row = self._db.execute("SELECT value FROM settings WHERE key = 'club_id'").fetchone()
        return row[0] if row else ""

    def nights(self) -> list[NightRow]:
        rows = self._db.execute("SELECT * FROM nights ORDER BY date").fetchall()
        return [NightRow(d, e, h, t, bool(r)) for d, e, h, t, r in rows]

    def night(self, day: str) -> NightRow | None:
        return next((n for n in self.nights() if n.date == day), None)

    def seats(self, day: str) -> list[Seat]:
        rows = self._db.execute(
            "SELECT sheet, person, role, for_member FROM seats WHERE date = ?", (day,)
        ).fetchall()
        return [Seat(*row) for row in rows]

    def results(self) -> list[Result]:
        rows = self._db.execute(
            "SELECT r.date, r.sheet, s.person, s.role, s.for_member, r.wins, r.losses, r.buncos,"
            " r.mini_buncos, r.traveler, r.prizes, r.won FROM results r JOIN seats s"
            " ON s.date = r.date AND s.sheet = r.sheet ORDER BY r.date, CAST(r.sheet AS INTEGER)"
        ).fetchall()
        return [Result(r[0], Seat(*r[1:5]), *r[5:]) for r in rows]

    def money(self) -> list[Money]:
        rows = self._db.execute(
            "SELECT date, buy_ins, dues, prizes_out, host_costs FROM money ORDER BY date"
        ).fetchall()
        return [Money(*row) for row in rows]

    def recorded_from(self, digest: str) -> str | None:
        """The date of the night recorded from totals with this digest, if any."""
        row = self._db.execute("SELECT date FROM money WHERE totals = ?", (digest,)).fetchone()
        return row[0] if row else None

    def awards(self, day: str) -> list[tuple[str, str, int, dict[str, int]]]:
        rows = self._db.execute(
            "SELECT prize, name, amount, paid FROM awards WHERE date = ? ORDER BY rowid", (day,)
        ).fetchall()
        return [(p, n, a, json.loads(paid)) for p, n, a, paid in rows]

    # --- writing --------------------------------------------------------------------------------

    def register(self, night: NightRow, seats: Sequence[Seat]) -> None:
        """A printed night (again: the same date replaces its registration)."""
        with self.transaction() as db:
            db.execute("DELETE FROM seats WHERE date = ?", (night.date,))
            db.execute("DELETE FROM nights WHERE date = ?", (night.date,))
            db.execute(
                "INSERT INTO nights VALUES (?, ?, ?, ?, 0)",
                (night.date, night.event_id, night.host, night.theme),
            )
            db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [(night.date, s.sheet, s.person, s.role, s.for_member) for s in seats],
            )

    def record(
        self,
        day: str,
        results: Sequence[tuple],
        awards: Sequence[tuple[str, str, int, dict[str, int]]],
        money: Money,
        digest: str,
    ) -> None:
        """A settled night, replacing what was recorded for it before: one transaction.

        `results` rows are (sheet, wins, losses, buncos, mini_buncos, traveler, prizes, won);
        `digest` identifies the totals it was settled from."""
        with self.transaction() as db:
            for table in ("results", "awards", "money"):
                db.execute(f"DELETE FROM {table} WHERE date = ?", (day,))
            db.executemany(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(day, *row) for row in results],
            )
            db.executemany(
                "INSERT INTO awards VALUES (?, ?, ?, ?, ?)",
                [(day, p, n, a, json.dumps(paid, ensure_ascii=False)) for p, n, a, paid in awards],
            )
            db.execute(
                "INSERT INTO money VALUES (?, ?, ?, ?, ?, ?)",
                (day, money.buy_ins, money.dues, money.prizes_out, money.host_costs, digest),
            )
            db.execute("UPDATE nights SET recorded = 1 WHERE date = ?", (day,))
