"""What every page stands on: drawn by the one Jinja environment (printing/render.py), errors
as friendly pages (or JSON for a script), the signed links checked, blocking work in a thread.

A page that only reads is a plain `def` (Starlette runs it in its threadpool). A page that takes
a post reads its bounded body on the event loop, then hands the rest to `in_thread`: SQLite
writes and settling the night never hold up the other phones.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from bunco_print.printing import render
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.forms import Refused, wants_json

T = TypeVar("T")

PAGES = {
    403: ("This link does not open anything here",
          "Its code may have been copied wrong, or it belongs to another night. Scan the "
          "code on your own score sheet again, or ask the host."),
    404: ("Nothing here", "There is no such night or sheet on this engine. Scan the code on "
          "your score sheet again, or ask the host."),
    405: ("Not like that", "This page cannot be used that way."),
    500: ("Something went wrong", "The engine could not answer this time; nothing was lost. "
          "Try again in a moment."),
}  # fmt: skip


def error_page(request: Request, status: int, message: str | None = None) -> Response:
    title, text = PAGES.get(status, PAGES[404 if status < 500 else 500])
    if message is not None:
        title, text = message, ""
    if wants_json(request):
        return JSONResponse({"error": message or title}, status_code=status)
    return page(request, "web/error.html.j2", None, status=status, title=title, text=text)


def page(request: Request, template: str, event: ServedEvent | None, status: int = 200,
         **context) -> HTMLResponse:  # fmt: skip
    theme = event.theme if event is not None else None
    html = render.render_html(template, theme=theme, event=event, **context)
    return HTMLResponse(html, status_code=status)


def night_page(event: ServedEvent, template: str, context: Callable) -> HTMLResponse:
    """A page the same for whoever holds its link until the night changes (the host's
    dashboard, the board): drawn once per change, however often it is fetched."""
    return HTMLResponse(_drawn(event, template, context)[1])


def panel(request: Request, event: ServedEvent, template: str, context: Callable) -> Response:
    """What changed since version `v`: a page's live part, for its polling script (204: none)."""
    if request.query_params.get("v") == str(event.store.version):
        return Response(status_code=204)
    version, html = _drawn(event, template, context)
    return JSONResponse({"version": version, "html": html})


def _drawn(event: ServedEvent, template: str, context: Callable) -> tuple[int, str]:
    def draw() -> tuple[int, str]:
        version = event.store.version  # the page shows this version or a later one
        return version, render.render_html(template, theme=event.theme, event=event,
                                           **context(event))  # fmt: skip

    return event.kept(template, draw)


def download(data: bytes, kind: str, event: ServedEvent, name: str) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{event.id}-{name}"'}
    return Response(data, media_type=kind, headers=headers)


async def in_thread(work: Callable[..., T], *args) -> T:
    """`work(*args)` in Starlette's threadpool: it may wait on SQLite or settle a night."""
    return await run_in_threadpool(work, *args)


# --- links ------------------------------------------------------------------------------------


def event_of(request: Request) -> ServedEvent:
    found = request.app.state.events.get(request.path_params["event"])
    if found is None:
        raise Refused(404, "")
    return found


def link_of(request: Request) -> tuple[ServedEvent, Link]:
    """The event and the sheet or table link this request is, or `Refused`: 404 for a night or
    sheet the engine does not have, 403 for a signature that does not match (checked in
    constant time, by events.py through signing/links.same)."""
    event = event_of(request)
    sheet = request.path_params["sheet"]
    link = event.link(sheet, request.query_params.get("k", ""))
    if link is None:
        known = sheet in event.tables or sheet in event.night.sheet_ids
        raise Refused(403 if known else 404, "")
    return event, link


def host_of(request: Request, role: str = "host") -> ServedEvent:
    """The event whose host's (or board's) link this request is, or `Refused`."""
    event = event_of(request)
    if not event.role(role, request.query_params.get("k", "")):
        raise Refused(403, "")
    return event
