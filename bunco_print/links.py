"""Signed links from a printed sheet to the scoring engine's page for it.

The secret that signs an event's links comes from `keys.event_secret`: never from a seed."""

from __future__ import annotations

import base64
import hashlib
import hmac
from urllib.parse import parse_qs, urlsplit

SIGNATURE_BYTES = 10  # 80 bits: a sheet's link cannot be guessed from another's


def signature(secret: str, event_id: str, sheet_id: str) -> str:
    mac = hmac.new(secret.encode(), f"{event_id}/{sheet_id}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:SIGNATURE_BYTES]).decode().rstrip("=")


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
    if hmac.compare_digest(given, signature(secret, event_id, sheet_id)):
        return event_id, sheet_id
    return None
