"""One night's entries, roll-off winners, semi-final, lock and dice, in a `Database`.

Every change to a sheet is kept in `history` with the link that made it, when, and the old and
new values: the last write wins, nothing is forgotten. Every write is one short transaction that
first takes the night's row in `nights` (`FOR UPDATE` on PostgreSQL; SQLite's `BEGIN IMMEDIATE`
takes the whole file): the lock, `seen` and the host's corrections are checked where no other
process can change them meanwhile, and `version` goes up with the write. Nothing is kept in
memory, so what any process acknowledged, every process reads.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from bunco_print.edges.store import schema
from bunco_print.edges.store.database import Database, open_file, reason
from bunco_print.engine.totals import SheetTotals
from bunco_print.errors import InputError
from bunco_print.game.values import printable

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
    """One event's night in `where`: a night's own SQLite file (a path: opened, claimed and
    closed with the store) or a shared `Database`. Safe to share between threads."""

    def __init__(self, where: Path | Database, event_id: str):
        own = not isinstance(where, Database)
        self.db = open_file(Path(where)) if own else where
        self.event, self._own = event_id, own
        self.path = where if own else self.db.where
        try:
            with self.db.write() as conn:
                if own:
                    self._one_night(conn)
                conn.execute(
                    self.db.insert(schema.nights)
                    .values(event=event_id, version=1, locked=False)
                    .on_conflict_do_nothing(index_elements=["event"])
                )
        except sa.exc.SQLAlchemyError as exc:
            if own:
                self.db.discard()
            raise InputError(f"cannot use {self.db.where}: {reason(exc)}", field="data") from None
        except BaseException:
            if own:
                self.db.discard()
            raise
        self.made = self.db.made if own else False

    def _one_night(self, conn: Connection) -> None:
        other = conn.execute(
            sa.select(schema.nights.c.event).where(schema.nights.c.event != self.event).limit(1)
        ).scalar()
        if other is not None:
            raise InputError(
                f"{self.db.where} holds the night of event {printable(other)}, not "
                f"{self.event}; move it away or give another `data FOLDER`",
                field="data",
            )

    def close(self) -> None:
        """A night's own file is closed (and its claim let go); a shared database stays open."""
        if self._own:
            self.db.close()

    def discard(self) -> None:
        """Closed, and gone again if this process made it: a server that does not start (another
        night's store failed) leaves no file behind."""
        if self._own:
            self.db.discard()

    # --- reading -----------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """Goes up with every write, whichever process made it: what caches are keyed by."""
        return int(self._night("version") or 0)

    @property
    def locked(self) -> bool:
        return bool(self._night("locked"))

    @property
    def seed(self) -> int | None:
        """The virtual dice's seed, once the host rolled them."""
        return self._night("seed")

    @property
    def draw_seed(self) -> int | None:
        """The draws' seed before any roll (the server makes it from the event's secret)."""
        return self._night("draw_seed")

    def entries(self) -> dict[str, Stored]:
        """Every sheet entered so far."""
        t = schema.entries
        with self.db.read() as conn:
            rows = conn.execute(sa.select(t).where(t.c.event == self.event)).all()
        return {row.sheet: _stored(row) for row in rows}

    def history(self, sheet: str | None = None, limit: int = 200) -> list[Change]:
        t = schema.history
        query = sa.select(t.c.sheet, t.c.via, t.c.at, t.c.old, t.c.new).where(
            t.c.event == self.event
        )
        if sheet is not None:
            query = query.where(t.c.sheet == sheet)
        with self.db.read() as conn:
            rows = conn.execute(query.order_by(t.c.id.desc()).limit(limit)).all()
        return [
            Change(s, via, at, json.loads(o) if o else None, json.loads(n))
            for s, via, at, o, n in rows
        ]

    def actions(self, limit: int = 200) -> list[Action]:
        """The host's actions, latest first."""
        t = schema.actions
        query = sa.select(t.c.what, t.c.via, t.c.at, t.c.old, t.c.new).where(
            t.c.event == self.event
        )
        with self.db.read() as conn:
            rows = conn.execute(query.order_by(t.c.id.desc()).limit(limit)).all()
        return [Action(*row) for row in rows]

    def semi(self) -> dict[str, SheetTotals]:
        """A tournament's semi-final, as the host entered it: each semi-finalist's totals."""
        with self.db.read() as conn:
            return _semi(conn, self.event)

    def rolloffs(self) -> dict[str, str]:
        with self.db.read() as conn:
            return _rolloffs(conn, self.event)

    # --- writing -----------------------------------------------------------------------------

    def record(
        self, entry: SheetTotals, via: str, *, host: bool = False, seen: int | None = None
    ) -> Stored:
        """Keep `entry` and its change in the history. Refused once the night is locked or the
        host has corrected the sheet, unless the host makes it; and, when `seen` says how many
        times the sheet had been entered on the page that sent it, if it has been since
        (`Stale`: nothing is replaced unseen)."""
        new = json.dumps(entry.values(), ensure_ascii=False, sort_keys=True)
        at, t = now(), schema.entries
        with self._writing() as (conn, night):
            if not host and night.locked:
                raise Locked()
            row = conn.execute(
                sa.select(t).where(t.c.event == self.event, t.c.sheet == entry.sheet)
            ).first()
            if not host and row is not None and row.via == "host":
                raise HostKept()
            if seen is not None and seen != (row.changes if row else 0):
                raise Stale(_stored(row) if row else None)
            old = None
            if row is not None:
                values = {name: getattr(row, name) for name in FIELDS}
                old = json.dumps(values, sort_keys=True, ensure_ascii=False)
            changes = (row.changes if row else 0) + 1
            conn.execute(
                sa.insert(schema.history).values(
                    event=self.event, sheet=entry.sheet, via=via, at=at, old=old, new=new
                )
            )
            kept = {name: getattr(entry, name) for name in FIELDS}
            kept |= {"via": via, "at": at, "changes": changes}
            conn.execute(
                self.db.insert(t)
                .values(event=self.event, sheet=entry.sheet, **kept)
                .on_conflict_do_update(index_elements=["event", "sheet"], set_=kept)
            )
        return Stored(entry, via, at, changes)

    # Each host action is written with its line in `actions` in one transaction: what the
    # night holds and what its history says never part.

    def set_rolloff(self, prize: str, sheet: str | None, via: str) -> None:
        t = schema.rolloffs
        with self._writing() as (conn, _):
            old = _rolloffs(conn, self.event).get(prize)
            if sheet is None:
                conn.execute(sa.delete(t).where(t.c.event == self.event, t.c.prize == prize))
            else:
                kept = {"sheet": sheet, "via": via, "at": now()}
                conn.execute(
                    self.db.insert(t)
                    .values(event=self.event, prize=prize, **kept)
                    .on_conflict_do_update(index_elements=["event", "prize"], set_=kept)
                )
            self._act(conn, "rolloff", via, f"{prize} {old}" if old else None,
                      f"{prize} {sheet}" if sheet else f"{prize} cleared")  # fmt: skip

    def record_semi(self, entry: SheetTotals, word: str = "Bunco", via: str = "host") -> None:
        """Keep a semi-finalist's semi-final totals (the host's), and the change in words."""
        worded = ("Wins {0.wins} · Losses {0.losses} · " + word + "s {0.buncos}").format
        t = schema.semi
        with self._writing() as (conn, _):
            old = _semi(conn, self.event).get(entry.sheet)
            kept = {"wins": entry.wins, "losses": entry.losses, "buncos": entry.buncos,
                    "via": via, "at": now()}  # fmt: skip
            conn.execute(
                self.db.insert(t)
                .values(event=self.event, sheet=entry.sheet, **kept)
                .on_conflict_do_update(index_elements=["event", "sheet"], set_=kept)
            )
            self._act(conn, "semi", via, f"{entry.sheet}: {worded(old)}" if old else None,
                      f"{entry.sheet}: {worded(entry)}")  # fmt: skip

    def set_locked(self, locked: bool, via: str = "host", note: str = "") -> None:
        """The lock; `note` follows "locked" in the history (what else the lock did)."""
        with self._writing() as (conn, night):
            self._set(conn, locked=locked)
            old = "locked" if night.locked else "unlocked"
            self._act(conn, "lock", via, old, ("locked" if locked else "unlocked") + note)

    def keep_draw_seed(self, seed: int) -> int:
        """The draws' seed: the one kept, else `seed`, kept from now on (and recorded)."""
        kept = self.draw_seed
        if kept is None:
            with self._writing() as (conn, night):
                kept = night.draw_seed  # another process may have kept its own meanwhile
                if kept is None:
                    self._set(conn, draw_seed=seed)
                    self._act(conn, "dice", "engine", None,
                              f"draws' seed {seed}, from the event's secret")  # fmt: skip
                    kept = seed
        return kept

    def set_seed(self, seed: int | None, via: str = "host", roll: str = "") -> None:
        """The virtual dice's seed (None: taken back); `roll` words how it was made."""
        with self._writing() as (conn, night):
            old = night.seed
            self._set(conn, seed=seed)
            self._act(conn, "dice", via, None if old is None else f"seed {old}",
                      None if seed is None else f"seed {seed}{roll}")  # fmt: skip

    # --- plumbing ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _writing(self) -> Iterator[tuple[Connection, sa.Row]]:
        """A write transaction holding the night's row (no other write of the night runs
        meanwhile, in any process), whose version goes up when the block ends well."""
        t = schema.nights
        with self.db.write() as conn:
            # the version moves first: one statement takes the row (and its lock) and reads it;
            # a write refused (Locked, Stale, ...) rolls it back with the rest
            night = conn.execute(
                sa.update(t)
                .where(t.c.event == self.event)
                .values(version=t.c.version + 1)
                .returning(*t.c)
            ).one()
            yield conn, night

    def _set(self, conn: Connection, **values) -> None:
        t = schema.nights
        conn.execute(sa.update(t).where(t.c.event == self.event).values(**values))

    def _act(self, conn: Connection, what: str, via: str, old, new) -> None:
        conn.execute(
            sa.insert(schema.actions).values(
                event=self.event, what=what, via=via, at=now(), old=old, new=new
            )
        )

    def _night(self, column: str):
        t = schema.nights
        with self.db.read() as conn:
            return conn.execute(sa.select(t.c[column]).where(t.c.event == self.event)).scalar()


def _stored(row: sa.Row) -> Stored:
    entry = SheetTotals(row.sheet, *(getattr(row, name) for name in FIELDS))
    return Stored(entry, row.via, row.at, row.changes)


def _semi(conn: Connection, event: str) -> dict[str, SheetTotals]:
    t = schema.semi
    rows = conn.execute(
        sa.select(t.c.sheet, t.c.wins, t.c.losses, t.c.buncos).where(t.c.event == event)
    ).all()
    return {row[0]: SheetTotals(*row) for row in rows}


def _rolloffs(conn: Connection, event: str) -> dict[str, str]:
    t = schema.rolloffs
    rows = conn.execute(sa.select(t.c.prize, t.c.sheet).where(t.c.event == event)).all()
    return dict(rows)
