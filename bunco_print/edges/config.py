"""Settings that come from the environment rather than the command line."""

from __future__ import annotations

import os
from datetime import UTC, date, datetime
from pathlib import Path

from bunco_print.edges.inputs import read_bytes
from bunco_print.errors import InputError
from bunco_print.game import reader
from bunco_print.game.values import check_date, printable

CONFIG_LIMIT = 64 * 1024


def config_dir() -> Path:
    """`$XDG_CONFIG_HOME/bunco-print`, else `~/.config/bunco-print`."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: a relative path is to be ignored
        base = str(Path.home() / ".config")
    return Path(base) / "bunco-print"


def cache_dir() -> Path | None:
    """Where laid-out backgrounds are kept (edges.background_cache), or None when the cache is
    off."""
    if os.environ.get("BUNCO_PRINT_CACHE", "").lower() in ("off", "0", "no", "false"):
        return None
    if folder := os.environ.get("BUNCO_PRINT_CACHE_DIR"):
        return Path(folder)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "bunco-print" / "backgrounds"


def one_process() -> bool:
    """BUNCO_PRINT_JOBS=1: lay a pack out in this process only (printing.passes)."""
    return os.environ.get("BUNCO_PRINT_JOBS", "").strip() == "1"


def signing_key_setting() -> str | None:
    """$BUNCO_SIGNING_KEY, else `signing_key` in config.toml: where the signing key is kept."""
    return os.environ.get("BUNCO_SIGNING_KEY") or setting("signing_key")


def config_file() -> Path:
    return config_dir() / "config.toml"


def read_config() -> dict[str, str]:
    """The settings in config.toml, each text; {} when there is no such file. A key that is not
    a setting is refused, so a misspelt one does not go unnoticed."""
    path = config_file()
    if not path.exists():
        return {}
    data = read_bytes(path, "config file", CONFIG_LIMIT)
    table = reader.parse(data, f"config file {printable(str(path))}", "config file")
    settings = {
        key: value
        for key in ("engine_url", "signing_key", "author")
        if (value := table.text(key, None, blank=True)) is not None
    }
    table.done()
    return settings


def setting(name: str) -> str | None:
    """A setting of config.toml, or None."""
    return read_config().get(name)


def engine_url(given: str | None) -> str:
    """The one given, else $BUNCO_ENGINE_URL, else engine_url in the config file, else the
    default, as written (`links.engine_url` checks it)."""
    url = given if given is not None else (os.environ.get("BUNCO_ENGINE_URL") or None)
    if url is None:
        url = setting("engine_url")
    if url is None:  # (loaded here: `pack` asks this module first thing, to start its worker)
        from bunco_print.game.plan import DEFAULT_ENGINE_URL

        url = DEFAULT_ENGINE_URL
    return url


def source_date() -> datetime | None:
    """SOURCE_DATE_EPOCH as a UTC time, for reproducible output; None when unset."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if not value:
        return None
    try:
        return datetime.fromtimestamp(int(value), UTC)
    except (ValueError, OverflowError, OSError):
        raise InputError(f"SOURCE_DATE_EPOCH must be whole seconds, not {value!r}") from None


def event_date(given: str | None) -> str:
    """The `date` given (checked as values.check_date does), else the SOURCE_DATE_EPOCH day,
    else today."""
    if given:
        return check_date(given)
    moment = source_date()
    return (moment.date() if moment else date.today()).isoformat()


def database_url(given: str | None) -> str | None:
    """The hosted engine's database: the one given, else $BUNCO_DATABASE_URL (which keeps a
    password out of the process list), else None (each night in its own SQLite file)."""
    return given if given is not None else (os.environ.get("BUNCO_DATABASE_URL") or None)


def token_file() -> Path:
    """Where `serve --database` writes a hosted engine's admin token (owner-only), and where
    `publish` looks for it when neither --token nor $BUNCO_ENGINE_TOKEN gives one."""
    return config_dir() / "engine-token"


def engine_token(given: str | None) -> str | None:
    """The admin token `publish` sends: the one given, else $BUNCO_ENGINE_TOKEN, else the token
    file's (None: none anywhere)."""
    token = given if given is not None else (os.environ.get("BUNCO_ENGINE_TOKEN") or None)
    if token is None and token_file().is_file():
        token = read_bytes(token_file(), "engine token file", 1024).decode("ascii", "replace")
    return None if token is None else token.strip()
