"""Settings that come from the environment rather than the command line."""

from __future__ import annotations

import os
import tomllib
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from qrcode.base import rs_blocks
from qrcode.constants import ERROR_CORRECT_M

from bunco_print.edges.inputs import printable, read_bytes
from bunco_print.errors import InputError
from bunco_print.signing import links

DEFAULT_ENGINE_URL = "http://localhost:8765"
CONFIG_LIMIT = 64 * 1024
# The largest QR code a sheet prints: version 6 is 41 modules a side; with its 4-module quiet
# zone it needs 49 x 0.6 mm (layout.geometry.QR_SIDE), the smallest module a phone reads at arm's
# length from a home printer. The longest engine URL is what still fits it (64 characters).
MAX_QR_VERSION = 6


def config_dir() -> Path:
    """`$XDG_CONFIG_HOME/bunco-print`, else `~/.config/bunco-print`."""
    base = os.environ.get("XDG_CONFIG_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: a relative path is to be ignored
        base = str(Path.home() / ".config")
    return Path(base) / "bunco-print"


def config_file() -> Path:
    return config_dir() / "config.toml"


def read_config() -> dict:
    """The settings in config.toml; {} when there is no such file."""
    path = config_file()
    if not path.exists():
        return {}
    data = read_bytes(path, "config file", CONFIG_LIMIT)
    try:
        return tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(f"config file {printable(str(path))} is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"config file {printable(str(path))} is not valid TOML: {exc}") from None


def setting(name: str) -> str | None:
    """A text setting of config.toml, or None; a value of another type is refused."""
    value = read_config().get(name)
    if value is not None and not isinstance(value, str):
        raise InputError(
            f"{name} in {config_file()} must be a quoted string, not {type(value).__name__}",
            field=name,
        )
    return value


def max_engine_url_length() -> int:
    """The longest engine URL whose longest sheet link still fits a MAX_QR_VERSION code."""
    sizes = [block.data_count for block in rs_blocks(MAX_QR_VERSION, ERROR_CORRECT_M)]
    count_bits = 8 if MAX_QR_VERSION < 10 else 16
    capacity = (8 * sum(sizes) - 4 - count_bits) // 8  # byte mode
    return capacity - len(links.sheet_url("", "x" * 64, _longest_event_id(), "T100"))


def _longest_event_id() -> str:
    from bunco_print.game.plan import event_id  # every pack's id is this long

    return event_id("2026-01-01", "abcdef")


def engine_url(given: str | None) -> str:
    """--engine-url, else $BUNCO_ENGINE_URL, else engine_url in the config file, else default."""
    url = given if given is not None else (os.environ.get("BUNCO_ENGINE_URL") or None)
    if url is None:
        url = setting("engine_url")
    return check_engine_url(DEFAULT_ENGINE_URL if url is None else url)


def check_engine_url(url: str) -> str:
    """The URL without its trailing slash, or one line saying what is wrong with it."""
    shown = repr(url if len(url) <= 80 else url[:77] + "...")

    def bad(why: str) -> InputError:
        return InputError(f"engine URL {why}: {shown}", field="engine_url")

    if not url:
        raise bad("is empty")
    if any(c.isspace() or not c.isprintable() for c in url):
        raise bad("must not hold spaces or control characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise bad(f"is not a valid URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise bad("must look like https://host[/path]")
    if "@" in parts.netloc:
        raise bad("must not hold a user name or password")
    if not parts.hostname:
        raise bad("has no host name")
    if port == 0 or (parts.netloc.endswith(":") and port is None):
        raise bad("has no usable port")
    if parts.query or url.rstrip("/").endswith("?"):
        raise bad("must not hold a query (?...)")
    if parts.fragment or "#" in url:
        raise bad("must not hold a fragment (#...)")
    url = url.rstrip("/")
    if len(url.encode()) > (limit := max_engine_url_length()):
        raise bad(f"is {len(url.encode())} bytes; the QR codes hold one of at most {limit}")
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
    """--date as YYYY-MM-DD, else the SOURCE_DATE_EPOCH day, else today."""
    if given:
        try:
            return date.fromisoformat(given).isoformat()
        except ValueError:
            raise InputError(f"--date must be YYYY-MM-DD, not {given!r}") from None
    moment = source_date()
    return (moment.date() if moment else date.today()).isoformat()
