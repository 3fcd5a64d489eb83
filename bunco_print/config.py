"""Settings that come from the environment rather than the command line."""

from __future__ import annotations

import os
import tomllib
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from .errors import InputError

DEFAULT_ENGINE_URL = "http://localhost:8765"


def config_file() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(base) / "bunco-print" / "config.toml"


def engine_url(given: str | None) -> str:
    """--engine-url, else $BUNCO_ENGINE_URL, else engine_url in the config file, else default."""
    url = given or os.environ.get("BUNCO_ENGINE_URL")
    if not url and config_file().is_file():
        try:
            url = tomllib.loads(config_file().read_text(encoding="utf-8")).get("engine_url")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise InputError(f"{config_file()} is not valid TOML: {exc}") from None
    url = url or DEFAULT_ENGINE_URL
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise InputError(f"engine URL must look like https://host[/path], not {url!r}")
    return url.rstrip("/")


def source_date() -> datetime | None:
    """SOURCE_DATE_EPOCH as a UTC time, for reproducible output; None when unset."""
    value = os.environ.get("SOURCE_DATE_EPOCH")
    if not value:
        return None
    try:
        return datetime.fromtimestamp(int(value), UTC)
    except (ValueError, OverflowError):
        raise InputError(f"SOURCE_DATE_EPOCH must be whole seconds, not {value!r}") from None


def event_date(given: str | None) -> str:
    """--date as YYYY-MM-DD, else the SOURCE_DATE_EPOCH day, else today."""
    if given:
        try:
            return date.fromisoformat(given).isoformat()
        except ValueError:
            raise InputError(f"--date must be YYYY-MM-DD, not {given!r}") from None
    moment = source_date()
    return (moment.date() if moment else date.today()).isoformat()
