"""A hosted engine's admin API: `bunco-print publish` registers a printed night (its manifest
and secret) with `POST /api/nights`, an admin token in `Authorization: Bearer`. Answers are JSON
with one line in `error`; a wrong token is 401 before the body is read, a body past the bound
413, a manifest that is not a night's 400, another night under the same id 409."""

from __future__ import annotations

import json
import re

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bunco_print.edges.store import hosted
from bunco_print.errors import BuncoError
from bunco_print.nights import settle
from bunco_print.web.views.base import in_thread

MAX_BODY = 2 * settle.LIMITS["event"] + 4096  # a manifest as a JSON string, escapes and all
SECRET = re.compile(r"[0-9a-f]{64}")


def _error(status: int, message: str) -> Response:
    return JSONResponse({"error": message}, status_code=status)


async def publish(request: Request) -> Response:
    nights = request.app.state.events
    database = getattr(nights, "database", None)
    if database is None:
        return _error(404, "this engine serves folders only; start it with --database URL")
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    who = await in_thread(hosted.token_id, database, token.strip())
    if scheme.lower() != "bearer" or who is None:
        return _error(401, "the engine does not take this admin token (wrong, or revoked)")
    body = await _bounded(request)
    if body is None:
        return _error(413, f"the body is over {MAX_BODY} bytes; a night's manifest is far less")
    try:
        sent = json.loads(body.decode("utf-8"))
        manifest, secret = sent["manifest"].encode("utf-8"), sent["secret"]
    except (UnicodeError, ValueError, RecursionError, TypeError, KeyError, AttributeError):
        return _error(400, 'send {"manifest": the text of event.json, "secret": event.secret}')
    if not isinstance(secret, str) or not SECRET.fullmatch(secret):
        return _error(400, "the secret is not one bunco-print wrote (64 hex digits)")
    return await in_thread(_register, request, database, manifest, secret, f"token {who}")


def _register(request: Request, database, manifest: bytes, secret: str, via: str) -> Response:
    try:
        night = settle.load_night(manifest, source="the manifest sent")
        new = hosted.register(database, night.event_id, manifest, secret, via)
    except hosted.Conflict as exc:
        return _error(409, str(exc))
    except BuncoError as exc:
        return _error(400, str(exc))
    event = request.app.state.events[night.event_id]
    request.app.state.log(f"{event.id}: {'registered' if new else 'registered again'} ({via})")
    return JSONResponse(
        {"event": event.id, "new": new, "title": night.title, "engine_url": night.engine_url,
         "host": event.role_path("host"), "board": event.role_path("board")},
        status_code=201 if new else 200,
    )  # fmt: skip


async def _bounded(request: Request) -> bytes | None:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            return None
    return bytes(body)
