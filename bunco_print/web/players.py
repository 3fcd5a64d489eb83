"""The players' pages: a sheet's link (enter and correct her totals) and a table's link (the
night's progress and standings, and entries for players without a phone)."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bunco_print.edges.store import Locked, Stored
from bunco_print.engine import bounds
from bunco_print.errors import InputError
from bunco_print.game.money import format_money
from bunco_print.nights import live
from bunco_print.web.events import Link, ServedEvent
from bunco_print.web.forms import read_fields, wants_json
from bunco_print.web.pages import error_page, event_of, link_of, page

STANDINGS_SHOWN = 10
STALE_OK = 2.0  # seconds a player's page may show standings behind the latest entry


async def sheet(request: Request) -> Response:
    event = event_of(request)
    link = link_of(request, event)
    if request.method == "GET":
        target = None if link.role == "table" else link.sheet
        return _form_page(request, event, link, target)
    fields = await read_fields(request)
    if link.role == "table":
        target = str(fields.get("sheet", "")).strip()
        if target not in event.night.sheet_ids:
            return _refuse(request, event, link, None, fields, InputError(
                "Choose the sheet you are entering", field="sheet"))  # fmt: skip
    else:
        target = link.sheet
    try:
        entry = live.read_entry(event.night, target, fields)
    except InputError as exc:
        return _refuse(request, event, link, target, fields, exc)
    errors, warnings = live.check_entry(event.night, entry)
    problems = [p.message for p in (*errors, *warnings)]
    as_json = wants_json(request)
    if problems and not as_json and str(fields.get("confirm", "")) != "1":
        return _form_page(request, event, link, target, values=fields, problems=problems)
    try:
        stored = event.store.record(entry, link.via)
    except Locked as exc:
        return error_page(request, 409, str(exc)[0].upper() + str(exc)[1:] + ".")
    done, total = progress(event)
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
    return _form_page(request, event, link, target, recorded=stored, problems=problems)


def _refuse(request, event, link, target, fields, exc: InputError) -> Response:
    if wants_json(request):
        return JSONResponse({"error": str(exc), "field": exc.field}, status_code=400)
    return _form_page(
        request, event, link, target, values=fields, error=str(exc), error_field=exc.field,
        status=400,
    )  # fmt: skip


def progress(event: ServedEvent) -> tuple[int, int]:
    """(sheets in, sheets): the store only ever holds this night's sheets."""
    return len(event.entries()), len(event.night.sheet_ids)


def _form_page(
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
    night = event.night
    entries = event.entries()
    kept = entries.get(target) if target else None
    if recorded is not None or values is None:
        shown = (recorded or kept).entry.values() if (recorded or kept) else {}
        if link.role == "table" and recorded is not None:
            shown = {}  # the table's phone goes on to the next sheet
    else:
        shown = values
    done, total = progress(event)
    template = "web/table.html.j2" if link.role == "table" else "web/sheet.html.j2"
    return page(
        request, template, event, status=status,
        night=night,
        word=night.ruleset.word,
        link=link,
        action=event.sheet_path(link.sheet),
        sheet=target,
        sheet_name=name_of(event, target, kept),
        fields=form_fields(event, shown, error_field),
        sheets=[
            {"id": s.id, "label": label(event, s.id), "in": s.id in entries}
            for s in night.sheets
        ] if link.role == "table" else [],
        recorded=recorded,
        recorded_label=label(event, recorded.entry.sheet) if recorded else "",
        kept=kept,
        problems=problems,
        confirm=bool(problems) and recorded is None and not error,
        error=error,
        locked=event.store.locked,
        done=done,
        total=total,
        standings=standings(event, max_age=STALE_OK)
        if link.role == "table" or recorded is None else [],
    )  # fmt: skip


def name_of(event: ServedEvent, sheet: str | None, kept: Stored | None) -> str:
    if sheet is None:
        return ""
    return (kept.entry.name if kept else "") or event.night.names.get(sheet, "")


def label(event: ServedEvent, sheet: str) -> str:
    kept = event.entries().get(sheet)
    name = name_of(event, sheet, kept)
    kind = "Card" if event.night.team_cards else "Sheet"
    return f"{kind} {sheet} · {name}" if name else f"{kind} {sheet}"


def form_fields(event: ServedEvent, shown: dict, error_field: str | None) -> list[dict]:
    """The form's fields as the printed "Tonight's totals" boxes name them."""
    night, rules = event.night, event.night.ruleset
    word = rules.word
    token = rules.traveler_token or "Traveler"
    labels = {
        "wins": "Wins",
        "losses": "Losses",
        "buncos": f"{word}s",
        "mini_buncos": f"Mini {word}s",
        "traveler": f"I hold the {token}",
        "name": "Team name" if night.team_cards else "Your name",
    }
    out = []
    for key in live.fields(night):
        high = None
        if key in ("buncos", "mini_buncos"):
            high = bounds.sheet_high(rules.id, key, night.rounds, len(night.sheets))
        value = shown.get(key, "")
        out.append({
            "key": key,
            "label": labels[key],
            "value": "" if value is None else str(value),
            "max": night.rounds,
            "likely_max": high,
            "error": key == error_field,
            "kind": "name" if key == "name" else "flag" if key == "traveler" else "count",
        })  # fmt: skip
    return out


def standings(event: ServedEvent, limit: int = STANDINGS_SHOWN, max_age: float = 0.0) -> list[dict]:
    now = event.standing(max_age)
    currency = event.night.currency
    return [
        {
            "rank": s.rank,
            "label": label(event, s.sheet.sheet),
            "wins": f"{s.sheet.wins:g}",
            "buncos": f"{s.sheet.buncos:g}",
            "won": format_money(s.won, currency) if s.won else "",
        }
        for s in now.settlement.standings[:limit]
    ]
