"""Shop packs with live scoring (`catalogue --qr-join URL`): every buyer of a listing prints the
same codes, so they carry no secret; they name the printed pack (`/j/THEME/RULESET/PLAYERS`)
and a sheet. The host's card opens "start a night": a night of her own (its own random secret,
registered like a published one, so every worker serves it) and a six-letter join code. A
player's sheet code asks for the code once, then leads to the night's own signed sheet link;
a cookie remembers the code for the pack's other codes. Another buyer's code opens another
night, and a code of another pack nothing. Wrong codes (and nights started) are counted per
address in the database, across processes: past the limit, 429.
"""

from __future__ import annotations

import functools
import re
import secrets
import time
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from bunco_print.edges.store import joins
from bunco_print.errors import InputError
from bunco_print.game import manifest, rulesets
from bunco_print.game.limits import MAX_BUY_IN, MAX_CURRENCY, MAX_PLAYERS, MIN_PLAYERS
from bunco_print.game.night import Night, night_for
from bunco_print.web.forms import Refused, read_fields
from bunco_print.web.views.base import in_thread, page

THEME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
TTL = 16 * 3600.0  # a join code works through the night and the morning after
GUESSES, GUESS_WINDOW = 10, 600.0  # wrong codes an address may type in ten minutes
STARTS, START_WINDOW = 20, 3600.0  # nights an address may start in an hour
COOKIE = "bunco_join"


@dataclass(frozen=True)
class Pack:
    """A printed shop pack, as its codes name it."""

    theme: str
    ruleset: str
    players: int

    @property
    def key(self) -> str:
        return f"{self.theme}/{self.ruleset}/{self.players}"

    @property
    def path(self) -> str:
        return f"/j/{self.key}"

    def night(self) -> Night:
        return _night(self.ruleset, self.players)


@functools.lru_cache(maxsize=256)
def _night(ruleset: str, players: int) -> Night:
    return night_for(ruleset, players)


def pack_of(request: Request) -> Pack:
    """The pack the address names, or 404: a theme's name, a ruleset and a player count."""
    p = request.path_params
    players = p["players"]
    if (
        not THEME.fullmatch(p["theme"])
        or p["ruleset"] not in rulesets.available()
        or not (players.isdigit() and len(players) < 4)
        or not MIN_PLAYERS <= int(players) <= MAX_PLAYERS
    ):
        raise Refused(404, "")
    return Pack(p["theme"], p["ruleset"], int(players))


def _database(request: Request):
    database = getattr(request.app.state.events, "database", None)
    if database is None:
        raise Refused(404, "")
    return database


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


# --- the host's card ---------------------------------------------------------------------------


def host_card(request: Request) -> Response:
    pack = pack_of(request)
    _database(request)
    return _host_page(request, pack)


def _host_page(request: Request, pack: Pack, error: str = "", status: int = 200) -> Response:
    return page(request, "web/join_host.html.j2", None, status=status, title="Start a night",
                action=f"{pack.path}/host", players=pack.players,
                ruleset=pack.night().ruleset.name, error=error)  # fmt: skip


async def start(request: Request) -> Response:
    pack = pack_of(request)
    database = _database(request)
    fields = await read_fields(request)  # same-site and bounded, as every form
    try:
        money = _money(fields)
    except InputError as error:
        return _host_page(request, pack, str(error), 400)
    return await in_thread(_start, request, pack, database, money)


def _money(fields: dict) -> dict:
    """The night's buy-in and currency, as the host typed them: a blank buy-in leaves the
    amounts unknown (the prizes said as shares of the pot, as printed)."""
    text = str(fields.get("buy_in", "")).strip().removeprefix("$").strip()
    currency = str(fields.get("currency", "$")).strip()
    if not text:
        return {"buy_in": 0, "currency": currency[:MAX_CURRENCY] or "$", "write_in": "buy_in"}
    if not (text.isdigit() and len(text) <= 7):
        raise InputError("The buy-in is a whole number, like 5 (or leave it blank).")
    if len(currency) > MAX_CURRENCY:
        raise InputError(f"The currency is a symbol or a code of {MAX_CURRENCY} letters at most.")
    if int(text) > MAX_BUY_IN:
        raise InputError(f"The buy-in is at most {MAX_BUY_IN:,}.")
    return {"buy_in": int(text), "currency": currency}


def _start(request: Request, pack: Pack, database, money: dict) -> Response:
    if joins.count(database, f"start:{_address(request)}", START_WINDOW) > STARTS:
        error = "Too many nights started from here this hour; try again later."
        return _host_page(request, pack, error, 429)
    today = datetime.now(UTC).strftime("%Y%m%d")
    event_id = f"{today}-{secrets.token_hex(5)}"
    extra = {"theme": pack.theme, "pack": pack.key}
    if "write_in" in money:
        extra["write_in"] = money["write_in"]
    night = replace(pack.night(), event_id=event_id, date=f"{today[:4]}-{today[4:6]}-{today[6:]}",
                    engine_url=str(request.base_url).rstrip("/"), extra=extra,
                    buy_in=money["buy_in"], currency=money["currency"])  # fmt: skip
    joins.start(database, pack.key, event_id, manifest.dumps(night), secrets.token_hex(32), TTL)
    event = request.app.state.events[event_id]
    request.app.state.log(f"{event_id}: started from pack {pack.key}, join code given")
    return RedirectResponse(event.role_path("host"), status_code=303)


# --- a player's sheet --------------------------------------------------------------------------


def _sheet_of(request: Request, pack: Pack) -> str:
    sheet = request.path_params["sheet"]
    night = pack.night()
    if sheet not in night.sheet_ids and sheet not in {t.sheet_id for t in night.tables}:
        raise Refused(404, "")
    return sheet


def sheet(request: Request) -> Response:
    pack = pack_of(request)
    database = _database(request)
    target = _sheet_of(request, pack)
    kept = request.cookies.get(COOKIE, "")
    found = joins.find(database, kept, pack.key) if kept else None
    if found is not None:
        return _to_night(request, found, target)
    return _join_page(request, pack, target)


async def join(request: Request) -> Response:
    pack = pack_of(request)
    database = _database(request)
    target = _sheet_of(request, pack)
    fields = await read_fields(request)
    return await in_thread(_join, request, pack, database, target, str(fields.get("code", "")))


def _join(request: Request, pack: Pack, database, target: str, code: str) -> Response:
    guesses = f"guess:{_address(request)}"
    if joins.count(database, guesses, GUESS_WINDOW, add=0) >= GUESSES:
        error = "Too many wrong codes from here; wait ten minutes, then ask your host for hers."
        return _join_page(request, pack, target, code, error, 429)
    found = joins.find(database, code, pack.key) if code.strip() else None
    if found is None:
        joins.count(database, guesses, GUESS_WINDOW)
        error = "No night here has that code (or it has expired); check it with your host."
        return _join_page(request, pack, target, code, error, 400)
    return _to_night(request, found, target, remember=True)


def _join_page(request, pack: Pack, target: str, code: str = "", error: str = "",
               status: int = 200) -> Response:  # fmt: skip
    return page(request, "web/join.html.j2", None, status=status, title="Join a night",
                action=f"{pack.path}/s/{target}", sheet=target, code=joins.normal(code)[:12],
                team=pack.night().team_cards, error=error)  # fmt: skip


def _to_night(request: Request, found: joins.Join, target: str, remember: bool = False):
    """On to the sheet (or table) in the night the code opens, by its own signed link."""
    event = request.app.state.events[found.event]
    answer = RedirectResponse(event.sheet_path(target), status_code=303)
    if remember:
        answer.set_cookie(
            COOKIE, found.code, max_age=max(1, int(found.expires - time.time())), path="/j/",
            secure=request.url.scheme == "https", httponly=True, samesite="lax",
        )  # fmt: skip
    return answer
