"""The scoring engine's web face: Starlette routes over the live core (live.py, store.py).

Every link carries its own credential, the `k` its QR code holds; nothing else is trusted.
The engine answers under whatever host name it was reached by, so a laptop whose address
changed still takes its own links. Every page is built by the one Jinja environment; no
traceback, key or secret reaches a page or a log line.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bunco_print.edges.resources import data_dir
from bunco_print.web import host, players
from bunco_print.web.events import ServedEvent
from bunco_print.web.forms import Refused
from bunco_print.web.pages import error_page, page

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "font-src 'self'; connect-src 'self'; form-action 'self'; base-uri 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    # a page's `k` never leaves for another site in a Referer; same-origin (not no-referrer)
    # so that a form's post carries its real Origin rather than "null"
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}
STATIC = {"app.css": "text/css; charset=utf-8", "app.js": "text/javascript; charset=utf-8"}
FONT_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2", ".woff": "font/woff"}
ART = ("star.svg", "dice.svg", "corner.svg", "ghost.svg", "seat.svg", "rule.svg")


def make_app(
    events: dict[str, ServedEvent], log: Callable[[str], None] = print, debug: bool = False
) -> Guard:
    """The engine for `events` (event id -> its night); `log` takes one line per entry made;
    `debug` prints a bug's traceback to stderr (never to a page)."""
    routes = [
        Route("/", home),
        Route("/_/{name}", static),
        Route("/e/{event}/theme.css", theme_css),
        Route("/e/{event}/font/{role}/{face}", font),
        Route("/e/{event}/art/{name}", art),
        Route("/e/{event}/s/{sheet}", players.sheet, methods=["GET", "POST"]),
        *host.routes(),
    ]
    handlers = {Refused: refused, HTTPException: http_error}
    app = Starlette(routes=routes, exception_handlers=handlers)
    app.state.events = events
    app.state.log = log
    return Guard(app, log, debug)


def warm(events: dict[str, ServedEvent]) -> None:
    """Do before the first phone arrives what the first request would otherwise pay for:
    the engine's modules, the pages' templates, each night as it stands."""
    from bunco_print.nights import live
    from bunco_print.printing import render

    env = render.environment()
    for name in env.list_templates(filter_func=lambda n: n.startswith("web/")):
        if name.endswith(".j2"):
            env.get_template(name)
    for event in events.values():
        event.standing()
        night = event.night
        sample = {"wins": night.rounds // 2, "losses": night.rounds - night.rounds // 2}
        live.check_entry(night, live.read_entry(night, night.sheet_ids[0], sample | {"buncos": 0}))
        players.form_fields(event, {}, None)


class Guard:
    """Outermost: security headers on every answer, friendly pages for every error, and a bug
    becomes one log line (its type only), never a traceback."""

    def __init__(self, app: Starlette, log: Callable[[str], None], debug: bool = False):
        self.app, self.log, self.debug = app, log, debug
        self.state = app.state

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def send_with_headers(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.lower().encode(), v.encode())
                    for k, v in HEADERS.items()
                    if k.lower().encode() not in names
                ]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as exc:
            self.log(f"error: {type(exc).__name__} answering {scope['method']} {scope['path']}")
            if self.debug:
                traceback.print_exception(exc, file=sys.stderr)
            if not started:
                response = error_page(Request(scope), 500)
                await response(scope, receive, send_with_headers)


async def refused(request: Request, exc: Refused) -> Response:
    return error_page(request, exc.status, exc.message or None)


async def http_error(request: Request, exc: HTTPException) -> Response:
    return error_page(request, exc.status_code)


async def home(request: Request) -> Response:
    return page(request, "web/home.html.j2", None, title="Bunco scoring engine")


async def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return error_page(request, 404)
    body = (data_dir("templates") / "web" / name).read_bytes()
    return Response(body, media_type=STATIC[name], headers={"Cache-Control": "public, max-age=300"})


async def theme_css(request: Request) -> Response:
    event = request.app.state.events.get(request.path_params["event"])
    if event is None:
        return error_page(request, 404)
    prefix = f"/e/{event.id}/font"
    css = event.theme.base_css(lambda role, face, path: f"{prefix}/{role}/{face}")
    return Response(css, media_type="text/css", headers={"Cache-Control": "public, max-age=300"})


async def font(request: Request) -> Response:
    event = request.app.state.events.get(request.path_params["event"])
    role, face = request.path_params["role"], request.path_params["face"]
    fonts = event.theme.fonts if event is not None else {}
    if role not in fonts or face not in fonts[role].faces:
        return error_page(request, 404)
    path: Path = fonts[role].faces[face]
    kind = FONT_TYPES.get(path.suffix.lower(), "application/octet-stream")
    headers = {"Cache-Control": "public, max-age=86400"}
    return Response(path.read_bytes(), media_type=kind, headers=headers)


async def art(request: Request) -> Response:
    from bunco_print.errors import BuncoError

    event = request.app.state.events.get(request.path_params["event"])
    name = request.path_params["name"]
    if event is None or name not in ART:
        return error_page(request, 404)
    try:
        body = event.theme.art(name).read_bytes()
    except BuncoError:
        return error_page(request, 404)
    headers = {
        "Cache-Control": "public, max-age=86400",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    }
    return Response(body, media_type="image/svg+xml", headers=headers)
