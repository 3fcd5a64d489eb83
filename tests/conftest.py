"""Every test runs with its own config folder (none reads or writes the real ~/.config) and
one background cache of this run's own, which its workers share."""

from __future__ import annotations

import os

import pytest

ISOLATED = ("BUNCO_SIGNING_KEY", "BUNCO_ENGINE_URL", "BUNCO_DATABASE_URL", "BUNCO_ENGINE_TOKEN")


def _shared_cache(tmp_path_factory):
    """The background cache this run's workers (pytest-xdist) share, as processes on one
    machine do: a pack one worker laid out, another finds."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # each worker's base folder is in the run's own
    return root / "background-cache"


@pytest.fixture(scope="session", autouse=True)
def _session_config(tmp_path_factory):
    """For fixtures shared by many tests (built once per module or session)."""
    home = tmp_path_factory.mktemp("home")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("HOME", str(home))
        patch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
        patch.setenv("BUNCO_PRINT_CACHE_DIR", str(_shared_cache(tmp_path_factory)))
        for name in ISOLATED:
            patch.delenv(name, raising=False)
        yield home


@pytest.fixture(autouse=True)
def config_home(tmp_path_factory, monkeypatch):
    """This test's own config folder (and HOME), so its signing key is its own."""
    home = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    for name in ISOLATED:
        monkeypatch.delenv(name, raising=False)
    return home / ".config" / "bunco-print"


@pytest.fixture(scope="session")
def quarter_pack(_session_config):
    """13 players, 4 sheets a page, 9 of them named in as many scripts and lengths (one pack
    for the tests of names, last pages and small print)."""
    from .test_names import NAMES
    from .test_pack import build

    return build(13, names=NAMES, per_page=4)


@pytest.fixture(scope="session")
def postgres():
    """One throwaway PostgreSQL server for the session (tests/postgres.py); fails, never
    skips, where `make system` has not installed it."""
    from .postgres import MISSING, Postgres, binaries

    if binaries() is None:
        pytest.fail(MISSING, pytrace=False)
    with Postgres() as server:
        yield server


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def database_kind(request) -> str:
    """The store and web tests run twice: on SQLite and on PostgreSQL."""
    return request.param


def _database(kind: str, request) -> str | None:
    if kind == "sqlite":
        return None
    return request.getfixturevalue("postgres").new_database()


@pytest.fixture(scope="module")
def database(database_kind, request) -> str | None:
    """Where a module's engine keeps its nights: None, each night's own SQLite file (`serve
    FOLDER`), or a new PostgreSQL database's URL (`serve --database URL`)."""
    return _database(database_kind, request)


@pytest.fixture
def new_database(database_kind, request) -> str | None:
    """The same, for one test's own engine: a database no other test wrote to."""
    return _database(database_kind, request)
