"""A throwaway PostgreSQL server for the tests and benchmarks: Debian's own `initdb` and
`pg_ctl` (the `postgresql` package, which `make system` installs) in a temporary folder, as an
ordinary user (`postgres` when the tests run as root: PostgreSQL refuses root), listening on a
unix socket only, and removed again at the end.

    with Postgres() as server:
        url = server.new_database()   # postgresql://bunco@/t1?host=/tmp/bunco-pg-...

It needs only the standard library and psycopg (to make databases), so the benchmarks use it
too. `fsync` is off: the tests kill workers, never the machine.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

MISSING = "Debian's postgresql is needed: run `make system` (apt-get install postgresql)"
USER = "bunco"  # the database's own superuser, made by initdb


def binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder (Debian keeps each major version apart)."""
    found = [
        p
        for p in Path("/usr/lib/postgresql").glob("*/bin")
        if (p / "initdb").is_file() and (p / "pg_ctl").is_file()
    ]
    return max(found, key=lambda p: int(p.parent.name)) if found else None


class Postgres:
    """A PostgreSQL server of its own in a temporary folder; a context manager."""

    def __init__(self, max_connections: int = 300) -> None:
        self.bin = binaries()
        if self.bin is None:
            raise RuntimeError(MISSING)
        self.max_connections = max_connections
        self.folder = Path(tempfile.mkdtemp(prefix="bunco-pg-"))  # short: a socket's path
        self.data = self.folder / "data"
        self._names = itertools.count(1)
        self.running = False

    def _as_owner(self) -> list[str]:
        """How to run a PostgreSQL binary: as `postgres` (or `nobody`) when this is root."""
        if os.geteuid() != 0:
            return []
        for user in ("postgres", "nobody"):
            with contextlib.suppress(KeyError):
                pwd.getpwnam(user)
                return ["runuser", "-u", user, "--"]
        raise RuntimeError("root, and no user `postgres` or `nobody` to run PostgreSQL as")

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self._as_owner(), *args], capture_output=True, text=True, timeout=60
        )
        if done.returncode != 0:
            raise RuntimeError(f"{Path(args[0]).name} failed:\n{done.stdout}\n{done.stderr}")

    def start(self) -> Postgres:
        if os.geteuid() == 0:
            owner = self._as_owner()[2]
            entry = pwd.getpwnam(owner)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", USER, "-A", "trust",
                  "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        options = (
            f"-k {self.folder} -c listen_addresses='' -c fsync=off -c full_page_writes=off "
            f"-c max_connections={self.max_connections} -c shared_buffers=64MB"
        )
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options, "-w",
                  "-t", "60", "-l", str(self.folder / "log"), "start")  # fmt: skip
        self.running = True
        return self

    def url(self, name: str = "postgres") -> str:
        return f"postgresql://{USER}@/{name}?host={self.folder}"

    def new_database(self) -> str:
        """A new, empty database's URL: each test module (or benchmark) its own."""
        import psycopg

        name = f"t{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def stop(self) -> None:
        if self.running:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
            self.running = False
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Postgres:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise

    def __exit__(self, *exc) -> None:
        self.stop()
