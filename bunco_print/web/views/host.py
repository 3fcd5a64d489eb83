"""The host's dashboard: every sheet's state, the night's checks and the prizes as they stand,
the latest changes (entries and her own actions); and her actions on it: a sheet's correction
(with its history), a roll-off's winner or its clearing, virtual dice (rolled once; a re-roll
asked for), a tournament's semi-final, the lock (a club's night is recorded into the season as
it locks). Each is in the history and the log. Only the host's link (`k` signed for "host")
opens them."""

from __future__ import annotations

import secrets
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response

from bunco_print.club import record, tonight
from bunco_print.edges.store import joins
from bunco_print.errors import BuncoError, InputError
from bunco_print.game.values import printable
from bunco_print.nights import live
from bunco_print.web.events import ServedEvent
from bunco_print.web.forms import read_fields, wants_json
from bunco_print.web.views import shown
from bunco_print.web.views.base import error_page, host_of, in_thread, night_page, page, panel

HISTORY_SHOWN = 15
STATES = ("missing", "entered", "corrected", "flagged")


def dashboard(request: Request) -> Response:
    return night_page(host_of(request), "web/host.html.j2", view)


def live_panel(request: Request) -> Response:
    return panel(request, host_of(request), "web/host_panel.html.j2", view)


def view(event: ServedEvent) -> dict:
    night = event.night
    now = event.so_far()
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
            "name": shown.name_of(event, s.id, kept),
            "state": state,
            "values": kept.entry.values() if kept else dict.fromkeys(live.FIELDS, ""),
            "via": kept.via if kept else "",
            "at": shown.local_time(kept.at)[:5] if kept else "",
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
        "prizes": shown.prizes(event, now),
        "seats": shown.seats(event, now),
        "semi": _semi(event, now),
        "standings": shown.standings(event, limit=len(rows)),
        "history": shown.latest(event, HISTORY_SHOWN),
        "locked": event.store.locked,
        "seed": now.seed,
        "open_ties": bool(live.open_awards(now.settlement)),
        "chosen": now.rolloffs,
        "minis": night.ruleset.track_mini_buncos,
        "traveler": "traveler" in live.fields(night),
        "board": event.role_path("board"),
        "season": shown.season(event, now),
        "refused": [],  # why a lock was refused (its own answer's page only)
        "join": _join_code(event),
    }


def _join_code(event: ServedEvent) -> dict | None:
    """A night started from a shop pack's host card: its join code, and until when it works."""
    found = joins.of_event(event.store.db, event.id)
    if found is None:
        return None
    return {"code": found.code, "until": time.strftime("%a %H:%M", time.localtime(found.expires))}


# --- a sheet's correction ---------------------------------------------------------------------


def correction(request: Request) -> Response:
    event = host_of(request)
    sheet = request.path_params["sheet"]
    if sheet not in event.night.sheet_ids:
        return error_page(request, 404)
    return _correction_page(request, event, sheet)


async def correct(request: Request) -> Response:
    event = host_of(request)
    if request.path_params["sheet"] not in event.night.sheet_ids:
        return error_page(request, 404)
    fields = await read_fields(request)
    return await in_thread(_correct, request, event, fields)


def _correct(request: Request, event: ServedEvent, fields: dict) -> Response:
    sheet = request.path_params["sheet"]
    try:
        entry = live.read_entry(event.night, sheet, fields)
    except InputError as exc:
        if wants_json(request):
            return JSONResponse({"error": str(exc), "field": exc.field}, status_code=400)
        return _correction_page(request, event, sheet, fields, exc)
    event.store.record(entry, "host", host=True)
    request.app.state.log(f"{event.id}: sheet {sheet} corrected by the host")
    if wants_json(request):
        return JSONResponse({"recorded": True, "sheet": sheet, "entry": entry.values()})
    return _back(event)


def _correction_page(
    request: Request, event: ServedEvent, sheet: str, values: dict | None = None,
    error: InputError | None = None,
) -> Response:  # fmt: skip
    if values is None:
        kept = event.entries().get(sheet)
        values = kept.entry.values() if kept else {}
    return page(
        request, "web/correct.html.j2", event, status=400 if error else 200,
        night=event.night,
        sheet=sheet,
        label=shown.label(event, sheet),
        fields=shown.form_fields(event, values, error.field if error else None),
        adds_up=live.ADDS_UP,
        error=str(error) if error else "",
        history=[shown.change(event, c) for c in event.store.history(sheet)],
        action=f"/e/{event.id}/host/sheet/{sheet}?k={event.role_key('host')}",
        back=event.role_path("host"),
    )  # fmt: skip


# --- a tournament's semi-final ----------------------------------------------------------------


def _semi(event: ServedEvent, now: live.NightSoFar) -> dict | None:
    """The semi-final's entry, once its players are settled: each one's totals so far."""
    adv = now.settlement.advancement
    if adv is None or adv.semi_finalists is None:
        return None
    kept = event.store.semi()
    rows = [
        {"id": s, "label": shown.label(event, s),
         "values": kept[s].values() if s in kept else dict.fromkeys(live.COUNTS, "")}
        for s in adv.semi_finalists
    ]  # fmt: skip
    problems = [p.message for p in (*adv.semi.errors, *adv.semi.warnings)] if adv.semi else []
    rounds = live.semi_rounds(event.night, adv.semi_finalists)
    return {"rows": rows, "rounds": rounds, "problems": problems}


async def semi(request: Request) -> Response:
    """The host enters a semi-finalist's semi-final totals."""
    event = host_of(request)
    fields = await read_fields(request)
    return await in_thread(_semi_entry, request, event, fields)


def _semi_entry(request: Request, event: ServedEvent, fields: dict) -> Response:
    adv = event.so_far().settlement.advancement
    if adv is None or adv.semi_finalists is None:
        return error_page(request, 409, "The semi-final's players are not settled yet.")
    try:
        entry = live.read_semi(event.night, adv.semi_finalists, fields)
    except InputError as exc:
        if wants_json(request):
            return JSONResponse({"error": str(exc), "field": exc.field}, status_code=400)
        return error_page(request, 400, str(exc))
    event.store.record_semi(entry, event.night.ruleset.word)
    request.app.state.log(f"{event.id}: semi-final sheet {entry.sheet} entered by the host")
    return _done(request, event)


# --- roll-offs, dice, the lock ----------------------------------------------------------------


async def rolloff(request: Request) -> Response:
    """The host names a roll-off's winner (or clears it: an empty `sheet`)."""
    event = host_of(request)
    fields = await read_fields(request)
    return await in_thread(_rolloff, request, event, fields)


def _rolloff(request: Request, event: ServedEvent, fields: dict) -> Response:
    prize, sheet = str(fields.get("prize", "")), str(fields.get("sheet", "")).strip()
    try:
        winner = live.rolloff_winner(event.so_far(), event.store.rolloffs(), prize, sheet)
    except InputError as exc:
        return error_page(request, 400, str(exc))
    event.store.set_rolloff(prize, winner, "host")
    chosen = f"sheet {winner} wins" if winner else "winner cleared"
    request.app.state.log(f"{event.id}: roll-off for {printable(prize)}: {chosen} by the host")
    return _done(request, event)


async def dice(request: Request) -> Response:
    """Roll the open ties with virtual dice, under a seed shown on the page (`prizes --roll
    --seed N` gives the same); or take the dice back. The dice are rolled once and kept: a
    second roll is an explicit "reroll", and the history keeps both."""
    event = host_of(request)
    fields = await read_fields(request)
    return await in_thread(_dice, request, event, str(fields.get("action", "roll")))


def _dice(request: Request, event: ServedEvent, action: str) -> Response:
    before = event.store.seed
    if action == "clear":
        if before is not None:
            event.store.set_seed(None)
            request.app.state.log(f"{event.id}: the host took the dice back (seed {before})")
    elif action == "reroll" or before is None:
        roll = secrets.randbelow(1_000_000)  # recorded; the seed is the secret's hash of it
        seed = event.seed(f"roll {roll}")
        event.store.set_seed(seed, roll=f" (roll {roll})")
        again = "rolled the dice again" if before is not None else "rolled the dice"
        request.app.state.log(f"{event.id}: the host {again}: roll {roll}, seed {seed}")
    return _done(request, event)


async def lock(request: Request) -> Response:
    event = host_of(request)
    fields = await read_fields(request)
    return await in_thread(_lock, request, event, str(fields.get("locked", "1")) == "1")


def _lock(request: Request, event: ServedEvent, locking: bool) -> Response:
    """The lock; a club's night is recorded into the season first (again: replaced), and a night
    that cannot be recorded is not locked: the dashboard says why."""
    note = ""
    if locking and event.club is not None:
        try:
            tonight.record_served(event.club, event.folder, event.store, event.night)
        except BuncoError as exc:
            why = _not_recorded(exc)
            request.app.state.log(f"{event.id}: not locked, not recorded: {why[0]}")
            if wants_json(request):
                return JSONResponse({"error": " ".join(why)}, status_code=409)
            return page(request, "web/host.html.j2", event, status=409,
                        **{**view(event), "refused": why})  # fmt: skip
        note = f", recorded into {event.club.season_name}"
    event.store.set_locked(locking, note=note)
    request.app.state.log(f"{event.id}: {'locked' if locking else 'unlocked'}{note}")
    return _done(request, event)


def _not_recorded(exc: BuncoError) -> list[str]:
    """Why the night cannot be recorded, in the dashboard's words: a line, then the details."""
    if isinstance(exc, record.NotValid):
        return ["The totals do not hold together yet; nothing was locked or recorded.",
                *(p.message for p in exc.validation.errors[:6])]  # fmt: skip
    if isinstance(exc, record.OpenTie):
        return [f"{exc.prize} is still tied ({exc.tied}): name its winner or roll the dice, "
                "then lock again; nothing was locked or recorded."]  # fmt: skip
    return [f"Not locked: {exc}"]


def _done(request: Request, event: ServedEvent) -> Response:
    if wants_json(request):
        return JSONResponse({"done": True, "version": event.store.version})
    return _back(event)


def _back(event: ServedEvent) -> Response:
    return RedirectResponse(event.role_path("host"), status_code=303)
