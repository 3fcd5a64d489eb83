"""Where nights are kept: a SQLite file or a PostgreSQL database, opened, migrated, claimed.

SQLite (a night's `night.sqlite`, or `--database sqlite:///PATH`) is WAL with
`synchronous=NORMAL`: a write is on disk once its transaction commits, so an acknowledged entry
survives the server being killed at any moment. Writes are `BEGIN IMMEDIATE` transactions and a
busy timeout lets a second writer wait its turn; one process serves a file (`_claim`).
PostgreSQL (`--database postgresql://...`) is shared by as many processes and machines as serve
it; a night's writes queue on its row in `nights` (see night.py).

The schema is Alembic's migrations (`migrations/`), run at start-up in one transaction that
holds the database's start-up lock: a PostgreSQL advisory lock, SQLite's own write lock. The
first process to start migrates; the others wait for it, then find nothing to do.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa
from sqlalchemy import event as sa_event
from sqlalchemy.engine import URL, Connection, make_url

from bunco_print.errors import InputError
from bunco_print.game.values import printable, shorten

HEAD = "0003"  # the newest migration: a database there needs no Alembic at start-up
MIGRATIONS = Path(__file__).parent / "migrations"
LOCK_KEY = 0x42_75_6E_63_6F  # "Bunco": the advisory lock migrations run under
SCHEMES = "postgresql://USER@HOST/NAME or sqlite:///PATH"


class Database:
    """An open database, migrated to `HEAD`. `where` names it for a message (no password)."""

    def __init__(self, url: URL, *, path: Path | None = None, field: str = "database"):
        self.url, self.path, self.field = url, path, field
        self.kind = url.get_backend_name()
        self.where = printable(str(path)) if path is not None else _shown(url)
        self.made = False  # a file this process made: removed again if it cannot be opened
        self._owner = None
        try:
            if path is not None:
                self.made = _make_owner_only(path)
            self.engine = _engine(url, self.kind)
            if path is not None:
                self._check_wal()
                self._claim(path)
            self.migrate()
        except sa.exc.SQLAlchemyError as exc:
            self.discard()
            raise InputError(f"cannot use {self.where}: {reason(exc)}", field=field) from None
        except OSError as exc:
            self.discard()
            raise InputError(f"cannot use {self.where}: {exc.strerror}", field=field) from None
        except BaseException:
            self.discard()
            raise

    # --- transactions --------------------------------------------------------------------------

    @contextlib.contextmanager
    def write(self) -> Iterator[Connection]:
        """A write transaction, committed when the block ends (rolled back on an error)."""
        with self.engine.connect().execution_options(write=True) as conn, conn.begin():
            yield conn

    @contextlib.contextmanager
    def serialized(self, key: int = LOCK_KEY) -> Iterator[Connection]:
        """A write transaction that no other one holding `key` overlaps, in any process: a
        PostgreSQL advisory lock (SQLite's `BEGIN IMMEDIATE` already takes the whole file)."""
        with self.write() as conn:
            if self.kind == "postgresql":
                conn.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": key})
            yield conn

    @contextlib.contextmanager
    def read(self) -> Iterator[Connection]:
        """A connection to read on. PostgreSQL's reads autocommit: no BEGIN and no ROLLBACK
        round trip around each (every statement sees what was committed before it)."""
        with self.engine.connect() as conn:
            if self.kind == "postgresql":
                conn.execution_options(isolation_level="AUTOCOMMIT")
            yield conn

    def insert(self, table: sa.Table):
        """An INSERT that can say `on_conflict_do_update` (both dialects spell it alike)."""
        if self.kind == "postgresql":
            from sqlalchemy.dialects.postgresql import insert
        else:
            from sqlalchemy.dialects.sqlite import insert
        return insert(table)

    # --- start-up -----------------------------------------------------------------------------

    def migrate(self) -> None:
        """Bring the schema to `HEAD`, one process at a time (the others wait, then find it
        done); a database a newer bunco-print made is refused, not touched."""
        with self.read() as conn:
            if _revision(conn) == HEAD:
                return
        with self.serialized() as conn:
            if _revision(conn) == HEAD:
                return
            from alembic import command
            from alembic.config import Config
            from alembic.util import CommandError

            config = Config()
            config.set_main_option("script_location", str(MIGRATIONS))
            config.attributes["connection"] = conn
            try:
                command.upgrade(config, "head")
            except CommandError:
                raise InputError(
                    f"{self.where} holds a newer schema ({_revision(conn)}) than this "
                    "bunco-print knows; upgrade bunco-print",
                    field=self.field,
                ) from None

    def _check_wal(self) -> None:
        with self.read() as conn:
            mode = conn.exec_driver_sql("PRAGMA journal_mode").scalar_one()
        if str(mode).lower() != "wal":
            raise InputError(f"{self.where}: this file system cannot keep a WAL journal")

    def _claim(self, path: Path) -> None:
        """One server per SQLite file: a second one is refused (PostgreSQL takes many)."""
        self._owner = open(path, "rb")  # noqa: SIM115 - held (and locked) while it is open
        try:
            fcntl.flock(self._owner.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise InputError(
                f"another bunco-print serve is already using {self.where}; stop it first "
                "(one server per night)",
                field=self.field,
            ) from None

    # --- the end ------------------------------------------------------------------------------

    def idle(self) -> None:
        """Every pooled connection closed (new ones are made when next asked): before forking
        workers, so that none shares the parent's."""
        self.engine.dispose()

    def after_fork(self) -> None:
        """In a forked worker: the parent's connections are the parent's, never used here."""
        self.engine.dispose(close=False)

    def close(self) -> None:
        if hasattr(self, "engine"):
            self.engine.dispose()
        if self._owner is not None:
            self._owner.close()
            self._owner = None

    def discard(self) -> None:
        """Closed, and a file this process made for it gone, journal and all: a server that
        does not start leaves no file behind."""
        self.close()
        if self.made and self.path is not None:
            for suffix in ("", "-wal", "-shm"):
                with contextlib.suppress(OSError):
                    os.unlink(f"{self.path}{suffix}")
            self.made = False


def open_file(path: Path, field: str = "data") -> Database:
    """A night's own SQLite file (`night.sqlite`), made owner-only when new."""
    return Database(URL.create("sqlite", database=str(path)), path=path, field=field)


def open_url(text: str, field: str = "database") -> Database:
    """`postgresql://...` or `sqlite:///PATH`, as `--database` gives it."""
    url = parse(text, field)
    if url.get_backend_name() == "sqlite":
        path = Path(url.database)
        if not path.parent.is_dir():
            raise InputError(f"{printable(str(path.parent))} is not a folder", field=field)
        return Database(url, path=path, field=field)
    return Database(url, field=field)


def parse(text: str, field: str = "database") -> URL:
    """The URL, with psycopg 3 as PostgreSQL's driver; one line for anything else."""
    shown = shorten(printable(text.split("@")[-1]), 60)
    try:
        url = make_url(text.strip())
    except (sa.exc.ArgumentError, ValueError):
        raise InputError(f"{shown!r} is not a database URL; give {SCHEMES}", field=field) from None
    backend = url.get_backend_name()
    if backend == "postgres":
        backend = "postgresql"
    if backend == "postgresql":
        return url.set(drivername="postgresql+psycopg")
    if url.drivername == "sqlite" and url.database not in (None, "", ":memory:"):
        return url
    raise InputError(f"{shown!r} is not a database this engine keeps; give {SCHEMES}", field=field)


# --- inside -----------------------------------------------------------------------------------


def _engine(url: URL, kind: str) -> sa.Engine:
    if kind == "postgresql":
        try:
            import psycopg  # noqa: F401 - SQLAlchemy's driver, asked for here to say what is missing
        except ImportError:
            raise InputError(
                "a PostgreSQL database needs psycopg: pip install 'bunco-print[hosted]'",
                field="database",
            ) from None
        return sa.create_engine(
            url,
            pool_size=10,
            max_overflow=30,
            pool_timeout=20,
            # no ping before each use (a round trip a query): a connection the server dropped
            # fails its one request, and SQLAlchemy then renews the whole pool
            pool_pre_ping=False,
            connect_args={"connect_timeout": 5, "application_name": "bunco-print"},
        )
    engine = sa.create_engine(url, connect_args={"timeout": 5.0, "check_same_thread": False})

    @sa_event.listens_for(engine, "connect")
    def connected(dbapi, record) -> None:
        dbapi.isolation_level = None  # transactions are begun below, as SQLAlchemy's docs show
        for pragma in ("busy_timeout = 5000", "journal_mode = WAL", "synchronous = NORMAL"):
            dbapi.execute(f"PRAGMA {pragma}")

    @sa_event.listens_for(engine, "begin")
    def begun(conn: Connection) -> None:
        immediate = conn.get_execution_options().get("write")
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def _revision(conn: Connection) -> str | None:
    if not sa.inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()


def _make_owner_only(path: Path) -> bool:
    """Names and totals are the players' own: a new file is owner-only, like the keys."""
    if path.exists():
        return False
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        return False
    return True


def _shown(url: URL) -> str:
    return printable(url.set(drivername=url.get_backend_name()).render_as_string(True))


def reason(exc: sa.exc.SQLAlchemyError) -> str:
    """The driver's own first line, without SQLAlchemy's wrapping (no query, no password)."""
    cause = getattr(exc, "orig", None) or exc
    lines = [line.strip() for line in str(cause).splitlines() if line.strip()]
    return shorten(printable(lines[0]) if lines else type(cause).__name__, 200)
