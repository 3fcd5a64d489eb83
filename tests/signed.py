"""What the scoring engine reads from a scanned link: its event and sheet, when the key is right.

The server checks a link as web/events.py does: the `k` must be `links.signature` of the event
and sheet, compared with `links.same`; this helper does the same from a whole URL.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from bunco_print.signing import links


def opens(url: str, secret: str) -> tuple[str, str] | None:
    """(event id, sheet id) the link opens with `secret`, or None when the server refuses it."""
    parts = urlsplit(url)
    segments = parts.path.rstrip("/").split("/")
    if len(segments) < 4 or segments[-4] != "e" or segments[-2] != "s":
        return None
    event_id, sheet_id = segments[-3], segments[-1]
    given = parse_qs(parts.query).get("k", [""])[0]
    if links.same(given, links.signature(secret, event_id, sheet_id)):
        return event_id, sheet_id
    return None
