"""What a stranger's phone sends, read as hostile: bounded bodies, form or JSON, same-site only."""

from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

from starlette.requests import Request

MAX_BODY = 8 * 1024  # a sheet's fields fit in a few hundred bytes
MAX_FIELDS = 20


class Refused(Exception):
    """A request the engine will not take: its status and one line for the visitor."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def cross_site(request: Request) -> bool:
    """A post made by another site's page: refused. A browser says where a request comes from
    in `Sec-Fetch-Site` (a header no page can set); older browsers say it in `Origin`. Scripts
    that send neither are not browsers, so no one's cookies or session ride along (the engine
    keeps none but a shop pack's join code, which only leads to a signed link: the link's `k`
    is the only credential)."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None:
        return False
    if origin == "null":
        return True
    try:
        netloc = urlsplit(origin).netloc.lower()
    except ValueError:
        return True
    return netloc != request.headers.get("host", "").lower()


def wants_json(request: Request) -> bool:
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    accept = request.headers.get("accept", "")
    return kind == "application/json" or (
        "application/json" in accept and "text/html" not in accept
    )


async def read_fields(request: Request) -> dict[str, object]:
    """The posted fields, from a form or a JSON object; `Refused` for anything else."""
    if cross_site(request):
        raise Refused(403, "This form can only be sent from this engine's own pages.")
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        raise Refused(413, "That is far more than a score sheet holds.")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise Refused(413, "That is far more than a score sheet holds.")
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind == "application/json":
        try:
            data = json.loads(bytes(body).decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refused(400, "The body is not JSON.") from None
        if not isinstance(data, dict):
            raise Refused(400, "Send the fields as one JSON object.")
        fields = data
    elif kind in ("application/x-www-form-urlencoded", ""):
        try:
            pairs = parse_qsl(
                bytes(body).decode("utf-8"), keep_blank_values=True, max_num_fields=MAX_FIELDS
            )
        except (UnicodeDecodeError, ValueError):
            raise Refused(400, "The form could not be read.") from None
        fields = dict(pairs)
    else:
        raise Refused(415, "Send the fields as a form or as JSON.")
    if len(fields) > MAX_FIELDS:
        raise Refused(400, "Too many fields.")
    return fields
