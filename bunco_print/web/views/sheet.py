"""The phone's page behind a sheet's QR code: her form, her totals checked as `validate` would,
kept (the last write wins) until the host locks the night. A tally pad's code leads to the same
address; its table's page (table.py) differs only in choosing the sheet it enters."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bunco_print.edges.store import Locked, Stored
from bunco_print.errors import InputError
from bunco_print.nights import live
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.forms import read_fields, wants_json
from bunco_print.web.views import shown, table
from bunco_print.web.views.base import error_page, in_thread, link_of, page

STALE_OK = 2.0  # seconds a player's page may show standings behind the latest entry


def show(request: Request) -> Response:
    event, link = link_of(request)
    return form_page(request, event, link, None if link.role == "table" else link.sheet)


async def enter(request: Request) -> Response:
    event, link = link_of(request)
    fields = await read_fields(request)
    return await in_thread(_enter, request, event, link, fields)


def _enter(request: Request, event: ServedEvent, link: Link, fields: dict) -> Response:
    target = link.sheet if link.role == "sheet" else None  # a table's phone names its sheet
    try:
        target = target or live.chosen_sheet(event.night, fields)
        entry = live.read_entry(event.night, target, fields)
    except InputError as exc:
        return _refuse(request, event, link, target, fields, exc)
    errors, warnings = live.check_entry(event.night, entry)
    problems = [p.message for p in (*errors, *warnings)]
    as_json = wants_json(request)
    if problems and not as_json and str(fields.get("confirm", "")) != "1":
        return form_page(request, event, link, target, values=fields, problems=problems)
    try:
        stored = event.store.record(entry, link.via)
    except Locked as exc:
        return error_page(request, 409, str(exc)[0].upper() + str(exc)[1:] + ".")
    done, total = shown.progress(event)
    request.app.state.log(
        f"{event.id}: sheet {target} entered via {link.via} ({done} of {total} in)"
    )
    if as_json:
        return JSONResponse({
            "recorded": True,
            "sheet": target,
            "entry": entry.values(),
            "changes": stored.changes,
            "problems": problems,
            "progress": {"in": done, "of": total},
            "locked": False,
        })  # fmt: skip
    return form_page(request, event, link, target, recorded=stored, problems=problems)


def _refuse(request, event, link, target, fields, exc: InputError) -> Response:
    if wants_json(request):
        return JSONResponse({"error": str(exc), "field": exc.field}, status_code=400)
    return form_page(
        request, event, link, target, values=fields, error=str(exc), error_field=exc.field,
        status=400,
    )  # fmt: skip


def form_page(
    request: Request,
    event: ServedEvent,
    link: Link,
    target: str | None,
    *,
    values: dict | None = None,
    recorded: Stored | None = None,
    problems: list[str] = (),
    error: str = "",
    error_field: str | None = None,
    status: int = 200,
) -> Response:
    """The sheet's (or the table's) page: the form with what is kept or what was sent."""
    night = event.night
    kept = event.entries().get(target) if target else None
    if recorded is not None or values is None:
        values = (recorded or kept).entry.values() if (recorded or kept) else {}
        if link.role == "table" and recorded is not None:
            values = {}  # the table's phone goes on to the next sheet
    done, total = shown.progress(event)
    context = {
        "night": night,
        "word": night.ruleset.word,
        "link": link,
        "action": event.sheet_path(link.sheet),
        "sheet": target,
        "sheet_name": shown.name_of(event, target, kept),
        "fields": shown.form_fields(event, values, error_field),
        "adds_up": live.ADDS_UP,
        "sheets": [],
        "recorded": recorded,
        "recorded_label": shown.label(event, recorded.entry.sheet) if recorded else "",
        "kept": kept,
        "problems": problems,
        "confirm": bool(problems) and recorded is None and not error,
        "error": error,
        "locked": event.store.locked,
        "done": done,
        "total": total,
        "standings": [] if recorded else shown.standings(event, max_age=STALE_OK),
    }
    if link.role == "table":
        context |= table.context(event, STALE_OK)
        return page(request, table.TEMPLATE, event, status=status, **context)
    return page(request, "web/sheet.html.j2", event, status=status, **context)
