"""Pages as the visitor sees them: every answer drawn by the one Jinja environment, errors
as friendly pages (or JSON for a script), the signed links checked."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from bunco_print.printing import render
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.forms import Refused, wants_json

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


def event_of(request: Request) -> ServedEvent:
    found = request.app.state.events.get(request.path_params["event"])
    if found is None:
        raise Refused(404, "")
    return found


def link_of(request: Request, event: ServedEvent) -> Link:
    """The sheet or table link this request is, or `Refused`: 404 for a sheet the night does
    not have, 403 for a signature that does not match."""
    sheet = request.path_params["sheet"]
    given = request.query_params.get("k", "")
    link = event.link(sheet, given)
    if link is None:
        known = sheet in event.tables or sheet in event.night.sheet_ids
        raise Refused(403 if known else 404, "")
    return link


def host_of(request: Request, role: str = "host") -> ServedEvent:
    event = event_of(request)
    if not event.role(role, request.query_params.get("k", "")):
        raise Refused(403, "")
    return event
