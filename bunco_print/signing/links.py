"""Signed links from a printed sheet to the scoring engine's page for it.

The secret that signs an event's links comes from `keys.event_secret`: never from a seed."""

from __future__ import annotations

import base64
import hashlib
import hmac
from urllib.parse import parse_qs, urlsplit

SIGNATURE_BYTES = 10  # 80 bits: a sheet's link cannot be guessed from another's
ROLE_BYTES = 16  # the host's and the board's links are never printed: 128 bits
ROLES = ("host", "board")  # links that open the whole night: the dashboard, the TV standings


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


def verify_url(url: str, secret: str) -> tuple[str, str] | None:
    """(event id, sheet id) when the link is well formed and its signature right, else None."""
    parts = urlsplit(url)
    segments = parts.path.rstrip("/").split("/")
    if len(segments) < 4 or segments[-4] != "e" or segments[-2] != "s":
        return None
    event_id, sheet_id = segments[-3], segments[-1]
    given = parse_qs(parts.query).get("k", [""])[0]
    if same(given, signature(secret, event_id, sheet_id)):
        return event_id, sheet_id
    return None
