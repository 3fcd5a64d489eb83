"""Where a live night's entries are kept: one SQLite file per event.

WAL mode with `synchronous=NORMAL`: a write is on disk once its transaction commits, so an
acknowledged entry survives the server being killed at any moment (a power cut may lose the
last few; a killed process never does). Writes are short `BEGIN IMMEDIATE` transactions and a
busy timeout lets a second process wait its turn. Every change to a sheet is kept in `history`
with the link that made it, when, and the old and new values: the last write wins, nothing is
forgotten.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bunco_print.engine.totals import SheetTotals
from bunco_print.errors import InputError
from bunco_print.game.values import printable

SCHEMA = """
CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS entries (
    sheet TEXT PRIMARY KEY, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    buncos INTEGER NOT NULL, mini_buncos INTEGER NOT NULL, traveler INTEGER NOT NULL,
    name TEXT NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL, changes INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS history (
    id INTEGER PRIMARY KEY, sheet TEXT NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL,
    old TEXT, new TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS history_sheet ON history (sheet, id);
CREATE TABLE IF NOT EXISTS rolloffs (
    prize TEXT PRIMARY KEY, sheet TEXT NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS semi (
    sheet TEXT PRIMARY KEY, wins INTEGER NOT NULL, losses INTEGER NOT NULL,
    buncos INTEGER NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS actions (
    id INTEGER PRIMARY KEY, what TEXT NOT NULL, via TEXT NOT NULL, at TEXT NOT NULL,
    old TEXT, new TEXT);
"""
FIELDS = ("wins", "losses", "buncos", "mini_buncos", "traveler", "name")


class Locked(InputError):
    """The host has locked the night: entries are final."""

    def __init__(self):
        super().__init__("the host has locked the night; ask her to change an entry")


class HostKept(InputError):
    """The host has corrected the sheet: from then on only she changes it."""

    def __init__(self):
        super().__init__("the host has corrected this sheet; only she can change it now")


class Stale(InputError):
    """The sheet was entered (again) since the page that sent this was drawn."""

    def __init__(self, kept: Stored | None):
        via = f", via {kept.via}" if kept else ""
        super().__init__(f"this sheet was entered meanwhile{via}", field="sheet")
        self.kept = kept


@dataclass(frozen=True)
class Stored:
    """An entry as kept: who entered it last, when, and how many times it was entered."""

    entry: SheetTotals
    via: str
    at: str
    changes: int


@dataclass(frozen=True)
class Change:
    sheet: str
    via: str
    at: str
    old: dict | None
    new: dict


@dataclass(frozen=True)
class Action:
    """A host's action on the night: a roll-off's winner, the dice, the lock."""

    what: str  # rolloff | dice | lock
    via: str
    at: str
    old: str | None
    new: str | None


def now() -> str:
    """UTC, to the microsecond: entries and host actions, kept apart, interleave by it."""
    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f")


class Store:
    """One event's entries, roll-off winners, lock and dice. Safe to share between threads."""

    def __init__(self, path: Path, event_id: str):
        self.path = path
        self._lock = threading.Lock()
        self.version = 0  # goes up with every write: what the pages' caches are keyed by
        made = False  # by this process: removed again if the store cannot be opened or kept
        if not path.exists():  # names and totals are the players' own: owner-only, like keys
            with contextlib.suppress(FileExistsError):
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                made = True
        try:
            self._db = sqlite3.connect(
                path, timeout=5.0, isolation_level=None, check_same_thread=False
            )
            self._db.execute("PRAGMA busy_timeout = 5000")
            mode = self._db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._db.executescript(SCHEMA)
            owner = self._setting("event_id")
            if owner is None:
                self._write("INSERT INTO settings VALUES ('event_id', ?)", (event_id,))
            elif owner != event_id:
                raise InputError(
                    f"{printable(str(path))} holds the night of event {printable(owner)}, not "
                    f"{event_id}; move it away or give another `data FOLDER`",
                    field="data",
                )
            if mode.lower() != "wal":
                raise InputError(
                    f"{printable(str(path))}: this file system cannot keep a WAL journal"
                )
        except sqlite3.Error as exc:
            self._forget(made)
            raise InputError(f"cannot use {printable(str(path))}: {exc}", field="data") from None
        except BaseException:
            self._forget(made)
            raise
        self.made = made
        self._claim(path)
        self.version = sum(map(self._count, ("history", "rolloffs", "actions", "semi"))) + 1
        self._entries = self._read_entries()  # this process is the only writer (see _claim)
        self._locked = self._setting("locked") == "1"

    def _forget(self, made: bool) -> None:
        """A store that could not be opened (a full disk, say): closed, and a file this process
        made for it gone, journal and all."""
        with contextlib.suppress(AttributeError, sqlite3.Error):
            self._db.close()
        if made:
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{self.path}{suffix}")

    def _claim(self, path: Path) -> None:
        """One server per night: a second one on the same file is refused, so the entries this
        process keeps in memory are always the file's."""
        self._owner = open(path, "rb")  # noqa: SIM115 - held (and locked) while the store lives
        try:
            fcntl.flock(self._owner.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._owner.close()
            self._db.close()
            raise InputError(
                f"another bunco-print serve is already using {printable(str(path))}; stop it "
                "first (one server per night)",
                field="data",
            ) from None

    def close(self) -> None:
        with self._lock:
            self._db.close()
            self._owner.close()

    def discard(self) -> None:
        """Closed, and gone again if this process made it: a server that does not start (another
        night's store failed) leaves no file behind."""
        self.close()
        self._forget(self.made)

    # --- reading -----------------------------------------------------------------------------

    def entries(self) -> dict[str, Stored]:
        """Every sheet entered so far (kept in memory, written through to the file)."""
        with self._lock:
            return dict(self._entries)

    def _read_entries(self) -> dict[str, Stored]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT sheet, {', '.join(FIELDS)}, via, at, changes FROM entries"
            ).fetchall()
        return {r[0]: Stored(SheetTotals(*r[:7]), r[7], r[8], r[9]) for r in rows}

    def history(self, sheet: str | None = None, limit: int = 200) -> list[Change]:
        query = "SELECT sheet, via, at, old, new FROM history"
        args: tuple = ()
        if sheet is not None:
            query, args = query + " WHERE sheet = ?", (sheet,)
        with self._lock:
            rows = self._db.execute(query + " ORDER BY id DESC LIMIT ?", (*args, limit)).fetchall()
        return [
            Change(s, via, at, json.loads(o) if o else None, json.loads(n))
            for s, via, at, o, n in rows
        ]

    def actions(self, limit: int = 200) -> list[Action]:
        """The host's actions, latest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT what, via, at, old, new FROM actions ORDER BY id DESC LIMIT ?", (limit,)
            ).fetchall()
        return [Action(*row) for row in rows]

    def semi(self) -> dict[str, SheetTotals]:
        """A tournament's semi-final, as the host entered it: each semi-finalist's totals."""
        with self._lock:
            rows = self._db.execute("SELECT sheet, wins, losses, buncos FROM semi").fetchall()
        return {r[0]: SheetTotals(*r) for r in rows}

    def rolloffs(self) -> dict[str, str]:
        with self._lock:
            return dict(self._db.execute("SELECT prize, sheet FROM rolloffs").fetchall())

    @property
    def locked(self) -> bool:
        return self._locked

    @property
    def seed(self) -> int | None:
        """The virtual dice's seed, once the host rolled them."""
        value = self._setting("seed")
        return None if value is None else int(value)

    @property
    def draw_seed(self) -> int | None:
        """The draws' seed before any roll (the server makes it from the event's secret)."""
        value = self._setting("draw_seed")
        return None if value is None else int(value)

    # --- writing -----------------------------------------------------------------------------

    def record(
        self, entry: SheetTotals, via: str, *, host: bool = False, seen: int | None = None
    ) -> Stored:
        """Keep `entry` and its change in the history. Refused once the night is locked or the
        host has corrected the sheet, unless the host makes it; and, when `seen` says how many
        times the sheet had been entered on the page that sent it, if it has been since
        (`Stale`: nothing is replaced unseen)."""
        new = json.dumps(entry.values(), ensure_ascii=False, sort_keys=True)
        at = now()
        with self._lock:
            db = self._db
            db.execute("BEGIN IMMEDIATE")
            try:
                if not host and self._locked:
                    raise Locked()
                row = db.execute(
                    f"SELECT {', '.join(FIELDS)}, changes, via FROM entries WHERE sheet = ?",
                    (entry.sheet,),
                ).fetchone()
                if not host and row and row[7] == "host":
                    raise HostKept()
                if seen is not None and seen != (row[6] if row else 0):
                    raise Stale(self._entries.get(entry.sheet))
                old = (
                    json.dumps(
                        dict(zip(FIELDS, row[:6], strict=True)), sort_keys=True, ensure_ascii=False
                    )
                    if row
                    else None
                )
                changes = (row[6] if row else 0) + 1
                db.execute(
                    "INSERT INTO history (sheet, via, at, old, new) VALUES (?, ?, ?, ?, ?)",
                    (entry.sheet, via, at, old, new),
                )
                db.execute(
                    "INSERT OR REPLACE INTO entries VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (entry.sheet, *(getattr(entry, f) for f in FIELDS), via, at, changes),
                )
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise
            stored = Stored(entry, via, at, changes)
            self._entries[entry.sheet] = stored
            self.version += 1
        return stored

    # Each host action is written with its line in `actions` in one transaction: what the
    # night holds and what its history says never part.

    def set_rolloff(self, prize: str, sheet: str | None, via: str) -> None:
        old = self.rolloffs().get(prize)
        record = ("rolloff", via, f"{prize} {old}" if old else None,
                  f"{prize} {sheet}" if sheet else f"{prize} cleared")  # fmt: skip
        if sheet is None:
            self._write("DELETE FROM rolloffs WHERE prize = ?", (prize,), record)
        else:
            self._write(
                "INSERT OR REPLACE INTO rolloffs VALUES (?, ?, ?, ?)",
                (prize, sheet, via, now()),
                record,
            )

    def record_semi(self, entry: SheetTotals, word: str = "Bunco", via: str = "host") -> None:
        """Keep a semi-finalist's semi-final totals (the host's), and the change in words."""
        old = self.semi().get(entry.sheet)
        worded = ("Wins {0.wins} · Losses {0.losses} · " + word + "s {0.buncos}").format
        self._write(
            "INSERT OR REPLACE INTO semi VALUES (?, ?, ?, ?, ?, ?)",
            (entry.sheet, entry.wins, entry.losses, entry.buncos, via, now()),
            ("semi", via, f"{entry.sheet}: {worded(old)}" if old else None,
             f"{entry.sheet}: {worded(entry)}"),
        )  # fmt: skip

    def set_locked(self, locked: bool, via: str = "host", note: str = "") -> None:
        """The lock; `note` follows "locked" in the history (what else the lock did)."""
        new = ("locked" if locked else "unlocked") + note
        old = "locked" if self._locked else "unlocked"
        self._write(
            "INSERT OR REPLACE INTO settings VALUES ('locked', ?)",
            ("1" if locked else "0",),
            ("lock", via, old, new),
        )
        self._locked = locked

    def keep_draw_seed(self, seed: int) -> int:
        """The draws' seed: the one kept, else `seed`, kept from now on (and recorded)."""
        kept = self.draw_seed
        if kept is None:
            record = ("dice", "engine", None, f"draws' seed {seed}, from the event's secret")
            self._write("INSERT INTO settings VALUES ('draw_seed', ?)", (str(seed),), record)
            kept = seed
        return kept

    def set_seed(self, seed: int | None, via: str = "host", roll: str = "") -> None:
        """The virtual dice's seed (None: taken back); `roll` words how it was made."""
        old = self.seed
        record = ("dice", via, None if old is None else f"seed {old}",
                  None if seed is None else f"seed {seed}{roll}")  # fmt: skip
        if seed is None:
            self._write("DELETE FROM settings WHERE key = 'seed'", (), record)
        else:
            self._write("INSERT OR REPLACE INTO settings VALUES ('seed', ?)", (str(seed),), record)

    # --- plumbing ----------------------------------------------------------------------------

    def _write(self, sql: str, args: tuple, action: tuple | None = None) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(sql, args)
                if action is not None:
                    what, via, old, new = action
                    self._db.execute(
                        "INSERT INTO actions (what, via, at, old, new) VALUES (?, ?, ?, ?, ?)",
                        (what, via, now(), old, new),
                    )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self.version += 1

    def _setting(self, key: str) -> str | None:
        with self._lock:
            return self._get(key)

    def _get(self, key: str) -> str | None:
        row = self._db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return None if row is None else row[0]

    def _count(self, table: str) -> int:
        with self._lock:
            return self._db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
