"""Signed links from a printed sheet to the scoring engine's page for it.

The secret that signs an event's links comes from `keys.event_secret`: never from a seed."""

from __future__ import annotations

import base64
import hashlib
import hmac
from urllib.parse import urlsplit

from qrcode.base import rs_blocks
from qrcode.constants import ERROR_CORRECT_M

from bunco_print.edges import config
from bunco_print.errors import InputError
from bunco_print.game.night import Night
from bunco_print.game.plan import event_id as make_event_id
from bunco_print.game.values import shorten

SIGNATURE_BYTES = 10  # 80 bits: a sheet's link cannot be guessed from another's
ROLE_BYTES = 16  # the host's and the board's links are never printed: 128 bits
ROLES = ("host", "board")  # links that open the whole night: the dashboard, the TV standings
# The largest QR code a sheet prints: version 6 is 41 modules a side; with its 4-module quiet
# zone it needs 49 x 0.6 mm (layout.geometry.QR_SIDE), the smallest module a phone reads at arm's
# length from a home printer. The longest engine URL is what still fits it (64 characters).
MAX_QR_VERSION = 6


def signature(secret: str, event_id: str, sheet_id: str) -> str:
    mac = hmac.new(secret.encode(), f"{event_id}/{sheet_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:SIGNATURE_BYTES]).decode().rstrip("=")


def role_signature(secret: str, event_id: str, role: str) -> str:
    """The `k` of the host's (or the board's) link. The message holds a NUL, which no sheet's
    `event/sheet` message can, so no sheet's signature is ever a host's."""
    if role not in ROLES:
        raise ValueError(f"no link role {role!r}")
    mac = hmac.new(secret.encode(), f"{role}\0{event_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:ROLE_BYTES]).decode().rstrip("=")


def same(given: str, expected: str) -> bool:
    """Does the `k` a visitor gave match? In constant time, whatever she typed."""
    return hmac.compare_digest(given.encode("utf-8", "replace"), expected.encode())


def sheet_url(base_url: str, secret: str, event_id: str, sheet_id: str) -> str:
    """`BASE/e/EVENT/s/SHEET?k=SIGNATURE`: what the sheet's QR code holds."""
    base = base_url.rstrip("/")
    return f"{base}/e/{event_id}/s/{sheet_id}?k={signature(secret, event_id, sheet_id)}"


def night_url(night: Night, secret: str, sheet_id: str) -> str:
    """The link a printed sheet of `night` carries in its QR code: signed, or, for a shop
    pack made with `catalogue --qr-join`, its hosted engine's join link."""
    if night.extra.get("qr_join"):
        theme = str(night.extra.get("theme", "classic"))
        return join_url(night.engine_url, theme, night.ruleset.id, night.players, sheet_id)
    return sheet_url(night.engine_url, secret, night.event_id, sheet_id)


def join_url(base: str, theme: str, ruleset: str, players: int, sheet_id: str = "") -> str:
    """`BASE/j/THEME/RULESET/PLAYERS/s/SHEET`: a shop pack's code, the same for every buyer
    (no secret): the hosted engine asks for the night's join code. No sheet: the host's card,
    which starts a night (`.../host`)."""
    pack = f"{base.rstrip('/')}/j/{theme}/{ruleset}/{players}"
    return f"{pack}/s/{sheet_id}" if sheet_id else f"{pack}/host"


def qr_capacity() -> int:
    """The longest link (bytes) a MAX_QR_VERSION code holds."""
    sizes = [block.data_count for block in rs_blocks(MAX_QR_VERSION, ERROR_CORRECT_M)]
    count_bits = 8 if MAX_QR_VERSION < 10 else 16
    return (8 * sum(sizes) - 4 - count_bits) // 8  # byte mode


def max_engine_url_length() -> int:
    """The longest engine URL whose longest sheet link still fits a MAX_QR_VERSION code."""
    return qr_capacity() - len(sheet_url("", "x" * 64, _longest_event_id(), "T100"))


def _longest_event_id() -> str:
    return make_event_id("2026-01-01", "abcdef")  # every pack's id is this long


def engine_url(given: str | None) -> str:
    """The engine URL the QR codes open (`config.engine_url`: given, else set), checked."""
    return check_engine_url(config.engine_url(given))


def check_engine_url(url: str) -> str:
    """The URL without its trailing slash, or one line saying what is wrong with it."""
    shown = repr(shorten(url, 80))

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
