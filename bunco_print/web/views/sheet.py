"""The phone's page behind a sheet's QR code: her form, her totals checked as `validate` would,
kept until the host locks the night. A tally pad's code leads to the same address; its table's
page (table.py) differs in choosing the sheet it enters, among those that sit at that table.

Who may change a sheet: its own link, its table's link, the host; once the host has corrected
it, only she. A table's phone replaces nothing it has not shown: its form carries how many
times the sheet had been entered when it was drawn (`seen`). A form post that records answers
303 to the page, so a reload never posts again.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from bunco_print.edges.store import HostKept, Locked, Stale, Stored
from bunco_print.errors import InputError
from bunco_print.nights import live
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.forms import read_fields, wants_json
from bunco_print.web.views import shown, table
from bunco_print.web.views.base import in_thread, link_of, page

STALE_OK = 2.0  # seconds a player's page may show standings behind the latest entry


def show(request: Request) -> Response:
    event, link = link_of(request)
    if link.role == "table":
        chosen = request.query_params.get("sheet", "")
        target = chosen if chosen in live.table_sheets(event.night, link.table) else None
    else:
        target = link.sheet
    return form_page(request, event, link, target, recorded=_just_sent(request, event))


def _just_sent(request: Request, event: ServedEvent) -> Stored | None:
    """The entry a post just recorded (`done=SHEET.CHANGES`, where its 303 leads), while it is
    still the one kept."""
    sheet, _, changes = request.query_params.get("done", "").partition(".")
    kept = event.entries().get(sheet)
    return kept if kept is not None and str(kept.changes) == changes else None


async def enter(request: Request) -> Response:
    event, link = link_of(request)
    fields = await read_fields(request)
    return await in_thread(_enter, request, event, link, fields)


def _enter(request: Request, event: ServedEvent, link: Link, fields: dict) -> Response:
    night = event.night
    target = link.sheet if link.role == "sheet" else None  # a table's phone names its sheet
    try:
        target = target or live.chosen_sheet(night, fields, link.table)
    except InputError as exc:  # 403: a sheet of another group; 400: no such sheet
        status = 403 if str(fields.get("sheet", "")).strip() in night.sheet_ids else 400
        return _refuse(request, event, link, None, fields, exc, status)
    try:
        entry = live.read_entry(night, target, fields)
    except InputError as exc:
        return _refuse(request, event, link, target, fields, exc, 400)
    errors, warnings = live.check_entry(night, entry)
    problems = [p.message for p in (*errors, *warnings)]
    as_json = wants_json(request)
    confirmed = str(fields.get("confirm", "")) in ("1", live.fingerprint(entry))
    if problems and not as_json and not confirmed:
        return form_page(request, event, link, target, values=fields, problems=problems,
                         confirm=live.fingerprint(entry))  # fmt: skip
    try:
        stored = event.store.record(entry, link.via, seen=_seen(link, fields))
    except (Locked, HostKept, Stale) as exc:
        return _refuse(request, event, link, target, fields, exc, 409)
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
    done_at = f"&done={target}.{stored.changes}"
    return RedirectResponse(event.sheet_path(link.sheet) + done_at, status_code=303)


def _seen(link: Link, fields: dict) -> int | None:
    """How many times a table's form saw its sheet entered (none sent: never); a sheet's own
    link replaces its own entry as it likes."""
    if link.role != "table":
        return None
    seen = str(fields.get("seen", "0")).strip()
    return int(seen) if seen.isdigit() and len(seen) < 7 else -1


def _refuse(request, event, link, target, fields, exc: InputError, status: int) -> Response:
    if wants_json(request):
        return JSONResponse({"error": str(exc), "field": exc.field}, status_code=status)
    message = str(exc)[0].upper() + str(exc)[1:]
    if isinstance(exc, Stale) and exc.kept is not None and not str(fields.get("name", "")):
        fields = fields | {"name": exc.kept.entry.name}  # the name it shows is the one kept
    return form_page(
        request, event, link, target, values=fields, error=message, error_field=exc.field,
        status=status,
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
    confirm: str = "",
) -> Response:
    """The sheet's (or the table's) page: the form with what is kept or what was sent. A failed
    post's page keeps what she typed and says why."""
    night = event.night
    kept = event.entries().get(target) if target else None
    if values is None and link.role == "table":  # her counts typed afresh; the name kept, shown
        values = {"name": kept.entry.name} if kept else {}
    elif values is None:
        values = kept.entry.values() if kept else {}
    if recorded is not None and not problems:
        errors, warnings = live.check_entry(night, recorded.entry)
        problems = [p.message for p in (*errors, *warnings)]
    standings = link.role == "table" or recorded is None  # a sheet's: not right after hers
    done, total = shown.progress(event, STALE_OK if standings else None)
    context = {
        "night": night,
        "word": night.ruleset.word,
        "link": link,
        "action": event.sheet_path(link.sheet),
        "sheet": target,
        "sheet_name": shown.name_of(event, target, kept),
        "fields": shown.form_fields(event, values, error_field),
        "adds_up": live.ADDS_UP,
        "recorded": recorded,
        "recorded_label": shown.label(event, recorded.entry.sheet) if recorded else "",
        "kept": kept,
        "host_kept": kept is not None and kept.via == "host",
        "seen": kept.changes if kept else 0,
        "problems": problems,
        "confirm": confirm,
        "error": error,
        "locked": event.store.locked,
        "done": done,
        "total": total,
        "standings": shown.standings(event, max_age=STALE_OK) if standings else [],
    }
    if link.role == "table":
        context |= table.context(event, link, STALE_OK)
        return page(request, table.TEMPLATE, event, status=status, **context)
    return page(request, "web/sheet.html.j2", event, status=status, **context)
