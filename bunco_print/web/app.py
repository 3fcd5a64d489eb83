"""The scoring engine's web face: one route table over the views (views/), Starlette middleware
for the security headers and for bugs, exception handlers for the friendly error pages.

Every link carries its own credential, the `k` its QR code holds; nothing else is trusted.
The engine answers under whatever host name it was reached by, so a laptop whose address
changed still takes its own links. Every page is built by the one Jinja environment; no
traceback, key or secret reaches a page or a log line.
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Callable, Mapping

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from bunco_print.web.events import ServedEvent
from bunco_print.web.forms import Refused
from bunco_print.web.views import api, board, downloads, host, join, sheet
from bunco_print.web.views.base import error_page, page

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
POST = ["POST"]


def home(request: Request) -> Response:
    return page(request, "web/home.html.j2", None, title="Bunco scoring engine")


ROUTES = [
    Route("/", home),
    Route("/_/{name}", downloads.static),
    Route("/e/{event}/theme.css", downloads.theme_css),
    Route("/e/{event}/font/{role}/{face}", downloads.font),
    Route("/e/{event}/art/{name}", downloads.art),
    # a sheet's link and a table's share one address: the link's `k` says which it is
    Route("/e/{event}/s/{sheet}", sheet.show),
    Route("/e/{event}/s/{sheet}", sheet.enter, methods=POST),
    Route("/e/{event}/host", host.dashboard),
    Route("/e/{event}/host/panel", host.live_panel),
    Route("/e/{event}/host/sheet/{sheet}", host.correction),
    Route("/e/{event}/host/sheet/{sheet}", host.correct, methods=POST),
    Route("/e/{event}/host/rolloff", host.rolloff, methods=POST),
    Route("/e/{event}/host/dice", host.dice, methods=POST),
    Route("/e/{event}/host/semi", host.semi, methods=POST),
    Route("/e/{event}/host/lock", host.lock, methods=POST),
    Route("/e/{event}/host/results.json", downloads.results_json),
    Route("/e/{event}/host/totals.csv", downloads.totals_csv),
    Route("/e/{event}/host/rolloffs.csv", downloads.rolloffs_csv),
    Route("/e/{event}/host/results.pdf", downloads.results_pdf),
    Route("/e/{event}/board", board.board),
    Route("/e/{event}/board/panel", board.live_panel),
    Route("/api/nights", api.publish, methods=POST),  # `publish`, with an admin token
    # a shop pack's codes (`catalogue --qr-join`): no secret, a join code instead
    Route("/j/{theme}/{ruleset}/{players}/host", join.host_card),
    Route("/j/{theme}/{ruleset}/{players}/host", join.start, methods=POST),
    Route("/j/{theme}/{ruleset}/{players}/s/{sheet}", join.sheet),
    Route("/j/{theme}/{ruleset}/{players}/s/{sheet}", join.join, methods=POST),
]


def make_app(
    events: Mapping[str, ServedEvent], log: Callable[[str], None] = print, debug: bool = False
) -> Starlette:
    """The engine for `events` (event id -> its night); `log` takes one line per entry made;
    `debug` prints a bug's traceback to stderr (never to a page)."""
    app = Starlette(
        routes=ROUTES,
        middleware=[Middleware(SecurityHeaders), Middleware(OneLineBugs, log=log, debug=debug)],
        exception_handlers={Refused: refused, HTTPException: http_error},
    )
    app.state.events = events
    app.state.log = log
    for event in events.values():
        if event.not_club:
            log(f"{event.id}: served as a plain night, not a club's: {event.not_club}")
    return app


def warm(events: dict[str, ServedEvent]) -> None:
    """Do before the first phone arrives what the first request would otherwise pay for:
    the engine's modules, the pages' templates, each night as it stands."""
    from bunco_print.nights import live
    from bunco_print.printing import render
    from bunco_print.web.views import downloads, shown

    env = render.environment()
    for name in env.list_templates(filter_func=lambda n: n.startswith("web/")):
        if name.endswith(".j2"):
            env.get_template(name)
    for event in events.values():
        event.so_far()
        night = event.night
        sample = {"wins": night.rounds // 2, "losses": night.rounds - night.rounds // 2}
        live.check_entry(night, live.read_entry(night, night.sheet_ids[0], sample | {"buncos": 0}))
        shown.form_fields(event, {}, None)
        for role, face in downloads.PAGE_FACES:  # the faces every page's words are in
            if face in getattr(event.theme.fonts.get(role), "faces", {}):
                downloads.web_font(event.theme.fonts[role].faces[face])


async def refused(request: Request, exc: Refused) -> Response:
    return error_page(request, exc.status, exc.message or None)


async def http_error(request: Request, exc: HTTPException) -> Response:
    return error_page(request, exc.status_code)


class SecurityHeaders:
    """The security headers on every answer, unless the answer sets its own (an SVG's policy)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, send_with_headers)


class OneLineBugs:
    """A bug becomes one log line (its type only) and the friendly 500 page, never a traceback
    (with `debug`, the traceback goes to stderr). Caught here, inside Starlette's own error
    middleware, so that the server does not log the traceback after it."""

    def __init__(self, app, log: Callable[[str], None], debug: bool = False):
        self.app, self.log, self.debug = app, log, debug

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        started = False

        async def watched(message):
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            self.log(f"error: {type(exc).__name__} answering {scope['method']} {scope['path']}")
            if self.debug:
                traceback.print_exception(exc, file=sys.stderr)
            if not started:
                await error_page(Request(scope), 500)(scope, receive, send)
