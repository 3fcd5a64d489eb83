"""The host's pages: the dashboard (every sheet, the validation and prizes as they stand),
corrections with their history, roll-offs and virtual dice, the lock, the results; and the
read-only board for a TV. Only the host's link (`k` signed for "host") opens them."""

from __future__ import annotations

import json
import secrets

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from bunco_print.errors import InputError
from bunco_print.game.money import format_money
from bunco_print.nights import live, results
from bunco_print.printing.results import results_pdf as results_sheet
from bunco_print.web import players
from bunco_print.web.events import ServedEvent
from bunco_print.web.forms import read_fields, wants_json
from bunco_print.web.pages import error_page, host_of, page

HISTORY_SHOWN = 15


def routes() -> list[Route]:
    return [
        Route("/e/{event}/host", dashboard),
        Route("/e/{event}/host/panel", panel),
        Route("/e/{event}/host/results.json", results_json),
        Route("/e/{event}/host/totals.csv", totals_csv),
        Route("/e/{event}/host/rolloffs.csv", rolloffs_csv),
        Route("/e/{event}/host/results.pdf", results_pdf),
        Route("/e/{event}/host/sheet/{sheet}", correct, methods=["GET", "POST"]),
        Route("/e/{event}/host/rolloff", rolloff, methods=["POST"]),
        Route("/e/{event}/host/dice", dice, methods=["POST"]),
        Route("/e/{event}/host/lock", lock, methods=["POST"]),
        Route("/e/{event}/board", board),
        Route("/e/{event}/board/panel", board_panel),
    ]


# --- the dashboard ---------------------------------------------------------------------------


async def dashboard(request: Request) -> Response:
    event = host_of(request)
    return page(request, "web/host.html.j2", event, **host_view(event))


async def panel(request: Request) -> Response:
    """What changed since version `v`: the dashboard's live part, for its polling script."""
    event = host_of(request)
    return _panel(request, event, "web/host_panel.html.j2", host_view)


async def board(request: Request) -> Response:
    event = host_of(request, "board")
    return page(request, "web/board.html.j2", event, **board_view(event))


async def board_panel(request: Request) -> Response:
    event = host_of(request, "board")
    return _panel(request, event, "web/board_panel.html.j2", board_view)


def _panel(request: Request, event: ServedEvent, template: str, view) -> Response:
    version = event.store.version
    if request.query_params.get("v") == str(version):
        return Response(status_code=204)
    from bunco_print.printing import render

    html = render.render_html(template, theme=event.theme, event=event, **view(event))
    return JSONResponse({"version": version, "html": html})


def host_view(event: ServedEvent) -> dict:
    night = event.night
    now = event.standing()
    entries = event.entries()
    flagged = now.problems_by_sheet()
    k = event.role_key("host")
    rows = []
    for s in night.sheets:
        kept = entries.get(s.id)
        state = "missing"
        if kept is not None:
            state = "flagged" if s.id in flagged else "corrected" if kept.changes > 1 else "entered"
        rows.append({
            "id": s.id,
            "name": players.name_of(event, s.id, kept),
            "state": state,
            "values": kept.entry.values() if kept else dict.fromkeys(BLANK, ""),
            "via": kept.via if kept else "",
            "at": kept.at[11:16] if kept else "",
            "problems": [p.message for p in flagged.get(s.id, [])],
            "edit": f"/e/{event.id}/host/sheet/{s.id}?k={k}",
        })  # fmt: skip
    counts = {k: sum(r["state"] == k for r in rows) for k in STATES}
    missing = [p.sheet for p in now.validation.errors if p.code == "missing_sheet"]
    return {
        "night": night,
        "word": night.ruleset.word,
        "k": k,
        "version": event.store.version,
        "rows": rows,
        "counts": counts,
        "done": len(rows) - counts["missing"],
        "total": len(rows),
        "missing": missing,
        "errors": [p.message for p in now.validation.errors if p.code != "missing_sheet"],
        "warnings": [p.message for p in now.validation.warnings],
        "valid": now.settlement.valid,
        "prizes": _prizes(event, now),
        "seats": _seats(event, now),
        "standings": players.standings(event, limit=len(rows)),
        "history": [_change(c) for c in event.store.history(limit=HISTORY_SHOWN)],
        "locked": event.store.locked,
        "seed": now.seed,
        "open_ties": bool(live.open_awards(now.settlement)),
        "minis": night.ruleset.track_mini_buncos,
        "traveler": "traveler" in live.fields(night),
        "board": event.role_path("board"),
    }


STATES = ("missing", "entered", "corrected", "flagged")
BLANK = ("wins", "losses", "buncos", "mini_buncos", "traveler", "name")


def board_view(event: ServedEvent) -> dict:
    now = event.standing()
    done, total = players.progress(event)
    return {
        "night": event.night,
        "k": event.role_key("board"),
        "version": event.store.version,
        "done": done,
        "total": total,
        "standings": players.standings(event, limit=20),
        "prizes": _prizes(event, now),
        "seats": _seats(event, now),
        "locked": event.store.locked,
    }


def _prizes(event: ServedEvent, now: live.Standing) -> list[dict]:
    """The prizes as they stand; before the totals hold together, what is at stake."""
    if now.settlement.prizes:
        return [_award(event, a) for a in now.settlement.prizes]
    currency = event.night.currency
    return [
        {
            "id": p.id, "name": p.name, "open": False, "winners": [], "tied": [], "how": "",
            "amount": format_money(p.amount, currency) if p.amount else "",
            "status": "awarded once every sheet is in and the totals hold together",
        }
        for p in event.night.prizes
    ]  # fmt: skip


def _award(event: ServedEvent, a) -> dict:
    return {
        "id": a.id,
        "name": a.name,
        "amount": format_money(a.amount, event.night.currency) if a.amount else "",
        "status": results.STATUS.get(a.status, a.status),
        "open": a.status == "rolloff",
        "winners": [players.label(event, s) for s in a.winners],
        "tied": [{"id": s, "label": players.label(event, s)} for s in a.tied],
        "how": results.details(a),
    }


def _seats(event: ServedEvent, now: live.Standing) -> list[dict]:
    adv = now.settlement.advancement
    if adv is None:
        return []
    groups = [{"title": "Semi-final seats", "seats": [_award(event, a) for a in adv.semi_seats]}]
    if adv.final_seats:
        groups.append(
            {"title": "Final table", "seats": [_award(event, a) for a in adv.final_seats]}
        )
    return groups


def _change(c) -> dict:
    def shown(values: dict | None) -> str:
        if not values:
            return "-"
        keys = ("wins", "losses", "buncos", "mini_buncos", "traveler")
        return " ".join(f"{values[k]}" for k in keys if k in values) + (
            f" {values['name']}" if values.get("name") else ""
        )

    return {"sheet": c.sheet, "via": c.via, "at": c.at, "old": shown(c.old), "new": shown(c.new)}


# --- the host's actions ----------------------------------------------------------------------


async def correct(request: Request) -> Response:
    event = host_of(request)
    sheet = request.path_params["sheet"]
    if sheet not in event.night.sheet_ids:
        return error_page(request, 404)
    error, error_field, values = "", None, None
    if request.method == "POST":
        fields = await read_fields(request)
        try:
            entry = live.read_entry(event.night, sheet, fields)
        except InputError as exc:
            error, error_field, values = str(exc), exc.field, fields
        else:
            event.store.record(entry, "host", host=True)
            request.app.state.log(f"{event.id}: sheet {sheet} corrected by the host")
            if wants_json(request):
                return JSONResponse({"recorded": True, "sheet": sheet, "entry": entry.values()})
            return _back(event)
        if wants_json(request):
            return JSONResponse({"error": error, "field": error_field}, status_code=400)
    kept = event.entries().get(sheet)
    shown = values if values is not None else kept.entry.values() if kept else {}
    return page(
        request, "web/correct.html.j2", event, status=400 if error else 200,
        night=event.night,
        sheet=sheet,
        label=players.label(event, sheet),
        fields=players.form_fields(event, shown, error_field),
        error=error,
        history=[_change(c) for c in event.store.history(sheet)],
        action=f"/e/{event.id}/host/sheet/{sheet}?k={event.role_key('host')}",
        back=event.role_path("host"),
    )  # fmt: skip


async def rolloff(request: Request) -> Response:
    """The host names a roll-off's winner (or clears it: an empty `sheet`)."""
    event = host_of(request)
    fields = await read_fields(request)
    prize, sheet = str(fields.get("prize", "")), str(fields.get("sheet", "")).strip()
    open_ties = {a.id: a.tied for a in live.open_awards(event.standing().settlement)}
    chosen = event.store.rolloffs()
    if sheet and (prize not in open_ties or sheet not in open_ties[prize]):
        return error_page(request, 400, "That sheet is not in this tie; choose one of the tied.")
    if not sheet and prize not in chosen:
        return error_page(request, 400, "There is no roll-off winner to clear for that prize.")
    event.store.set_rolloff(prize, sheet or None, "host")
    return _done(request, event)


async def dice(request: Request) -> Response:
    """Roll the open ties with virtual dice, under a seed shown on the page (`prizes --roll
    --seed N` gives the same); or take the dice back."""
    event = host_of(request)
    fields = await read_fields(request)
    if fields.get("action") == "clear":
        event.store.set_seed(None)
    else:
        event.store.set_seed(secrets.randbelow(1_000_000))
    return _done(request, event)


async def lock(request: Request) -> Response:
    event = host_of(request)
    fields = await read_fields(request)
    event.store.set_locked(str(fields.get("locked", "1")) == "1")
    request.app.state.log(f"{event.id}: {'locked' if event.store.locked else 'unlocked'}")
    return _done(request, event)


def _done(request: Request, event: ServedEvent) -> Response:
    if wants_json(request):
        return JSONResponse({"done": True, "version": event.store.version})
    return _back(event)


def _back(event: ServedEvent) -> Response:
    return RedirectResponse(event.role_path("host"), status_code=303)


# --- results ---------------------------------------------------------------------------------


async def results_json(request: Request) -> Response:
    """The same document as `bunco-print prizes --json` for the totals entered so far."""
    event = host_of(request)
    body = json.dumps(event.standing().json(), indent=2, ensure_ascii=False) + "\n"
    return Response(body, media_type="application/json")


async def totals_csv(request: Request) -> Response:
    event = host_of(request)
    return _download(event.standing().totals, "text/csv; charset=utf-8", event, "totals.csv")


async def rolloffs_csv(request: Request) -> Response:
    event = host_of(request)
    data = event.standing().rolloffs or live.rolloffs_csv({})
    return _download(data, "text/csv; charset=utf-8", event, "rolloffs.csv")


async def results_pdf(request: Request) -> Response:
    event = host_of(request)
    now = event.standing()
    if not now.settlement.valid:
        return error_page(
            request, 409, "The totals do not hold together yet: fix the sheets the dashboard "
            "flags, then print the results.",
        )  # fmt: skip
    pdf = await run_in_threadpool(results_sheet, now.settlement)
    return _download(pdf, "application/pdf", event, "results.pdf")


def _download(data: bytes, kind: str, event: ServedEvent, name: str) -> Response:
    headers = {"Content-Disposition": f'attachment; filename="{event.id}-{name}"'}
    return Response(data, media_type=kind, headers=headers)
