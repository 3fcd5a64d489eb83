"""How a night's sheets are worded on its pages: labels, progress, standings, the entry form's
fields, the prizes as they stand and a club's season after tonight. Plain values for the
templates; the rules are the core's."""

from __future__ import annotations

from datetime import UTC, datetime

from bunco_print.club import tonight
from bunco_print.edges.store import Action, Change, Stored
from bunco_print.game.money import format_money
from bunco_print.nights import live, results
from bunco_print.web.events import ServedEvent

STANDINGS_SHOWN = 10


def name_of(event: ServedEvent, sheet: str | None, kept: Stored | None) -> str:
    if sheet is None:
        return ""
    return (kept.entry.name if kept else "") or event.night.names.get(sheet, "")


def label(event: ServedEvent, sheet: str) -> str:
    kept = event.entries().get(sheet)
    name = name_of(event, sheet, kept)
    kind = "Card" if event.night.team_cards else "Sheet"
    return f"{kind} {sheet} · {name}" if name else f"{kind} {sheet}"


def progress(event: ServedEvent, max_age: float | None = None) -> tuple[int, int]:
    """(sheets in, sheets): the store only ever holds this night's sheets. With `max_age`, as
    the standings of that age count them, so the two never disagree on one page."""
    if max_age is None:
        return len(event.entries()), len(event.night.sheet_ids)
    return len(event.so_far(max_age).totals.sheets), len(event.night.sheet_ids)


def form_fields(event: ServedEvent, shown: dict, error_field: str | None) -> list[dict]:
    """The form's fields as the printed "Tonight's totals" boxes name them, each with the bounds
    the engine holds it to (live.boxes), for the page's hints."""
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
    for box in live.boxes(night):
        value = shown.get(box.key, "")
        out.append({
            "key": box.key,
            "label": labels[box.key],
            "value": "" if value is None else str(value),
            "max": box.most,
            "likely": box.likely,
            "required": box.required,
            "error": box.key == error_field,
            "kind": box.kind,
        })  # fmt: skip
    return out


def standings(event: ServedEvent, limit: int = STANDINGS_SHOWN, max_age: float = 0.0) -> list[dict]:
    now = event.so_far(max_age)
    currency = event.night.currency
    rooms = event.night.rooms if len(event.night.rooms) > 1 else ()
    group = {sheet: f"Group {r.number}" for r in rooms for sheet in r.sheets}
    return [
        {
            "rank": s.rank,
            "label": label(event, s.sheet.sheet),
            "group": group.get(s.sheet.sheet, ""),
            "wins": f"{s.sheet.wins:g}",
            "buncos": f"{s.sheet.buncos:g}",
            "won": format_money(s.won, currency) if s.won else "",
        }
        for s in now.settlement.standings[:limit]
    ]


def prizes(event: ServedEvent, now: live.NightSoFar) -> list[dict]:
    """The prizes as they stand; before the totals hold together, what is at stake."""
    if now.settlement.prizes:
        return [award(event, a) for a in now.settlement.prizes]
    currency = event.night.currency
    return [
        {
            "id": p.id, "name": p.name, "open": False, "winners": [], "tied": [], "how": "",
            "amount": format_money(p.amount, currency) if p.amount else "",
            "status": "awarded once every sheet is in and the totals hold together",
        }
        for p in event.night.prizes
    ]  # fmt: skip


def award(event: ServedEvent, a) -> dict:
    return {
        "id": a.id,
        "name": a.name,
        "amount": format_money(a.amount, event.night.currency) if a.amount else "",
        "status": results.STATUS.get(a.status, a.status),
        "open": a.status == "rolloff",
        "winners": [label(event, s) for s in a.winners],
        "tied": [{"id": s, "label": label(event, s)} for s in a.tied],
        "how": results.details(a),
    }


def seats(event: ServedEvent, now: live.NightSoFar) -> list[dict]:
    adv = now.settlement.advancement
    if adv is None:
        return []
    groups = [{"title": "Semi-final seats", "seats": [award(event, a) for a in adv.semi_seats]}]
    if adv.final_seats:
        groups.append({"title": "Final table", "seats": [award(event, a) for a in adv.final_seats]})
    return groups


# --- a club's season ---------------------------------------------------------------------------


def season(event: ServedEvent, now: live.NightSoFar, limit: int | None = None) -> dict | None:
    """A club night's season as it will stand after tonight, its first `limit` rows, each with
    how far she rises (None: the night is no club's)."""
    club = event.club
    if club is None:
        return None
    after = event.kept("season", lambda: tonight.after_tonight(club, now.settlement))
    rows = []
    for row in after.rows[:limit]:
        was = after.before.get(row.name)
        moved = 0 if was is None else was - row.rank
        rows.append({
            "rank": row.rank, "name": row.name, "role": row.role, "nights": row.nights,
            "wins": row.wins, "buncos": row.buncos, "points": row.points,
            "tonight": row.name in after.tonight,
            "rise": "new" if was is None else f"▲{moved}" if moved > 0 else
                    f"▼{-moved}" if moved < 0 else "",
            "move": "new" if was is None else "up" if moved > 0 else "down" if moved < 0 else "",
        })  # fmt: skip
    return {
        "name": club.season_name,
        "nights": after.nights,
        "rows": rows,
        "more": len(after.rows) - len(rows),
        "recorded": after.recorded,
        "word": event.night.ruleset.word,
    }


# --- the history ------------------------------------------------------------------------------

ACTIONS = {"rolloff": "roll-off", "dice": "virtual dice", "lock": "the lock", "semi": "semi-final"}


def local_time(at: str) -> str:
    """A stored UTC time (`YYYY-MM-DD HH:MM:SS`, perhaps with its fraction of a second) as
    the host's clock reads it."""
    moment = datetime.strptime(at[:19], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    return moment.astimezone().strftime("%H:%M:%S")


def worded(event: ServedEvent, values: dict | None) -> str:
    """An entry's values, each with its label: "Wins 17 · Losses 9 · Buncos 0"."""
    if not values:
        return "-"
    labels = {f["key"]: f["label"] for f in form_fields(event, {}, None)}
    parts = []
    for key in live.fields(event.night):
        if key == "traveler":
            parts += ["Traveler"] if values.get(key) else []
        elif key == "name":
            parts += [f"Name {values[key]}"] if values.get(key) else []
        else:
            parts.append(f"{labels[key]} {values.get(key, 0)}")
    return " · ".join(parts)


def change(event: ServedEvent, c: Change) -> dict:
    return {"what": f"sheet {c.sheet}", "via": c.via, "at": local_time(c.at), "when": c.at,
            "old": worded(event, c.old), "new": worded(event, c.new)}  # fmt: skip


def action(a: Action) -> dict:
    return {"what": ACTIONS.get(a.what, a.what), "via": a.via, "at": local_time(a.at),
            "when": a.at, "old": a.old or "-", "new": a.new or "-"}  # fmt: skip


def latest(event: ServedEvent, limit: int) -> list[dict]:
    """The night's latest changes: sheets' entries and the host's actions, latest first."""
    found = [change(event, c) for c in event.store.history(limit=limit)]
    found += [action(a) for a in event.store.actions(limit)]
    return sorted(found, key=lambda row: row["when"], reverse=True)[:limit]
