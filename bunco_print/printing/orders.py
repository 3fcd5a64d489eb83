"""Ordering a pack: the host's options (request.PackRequest's, by name) checked and completed.

Both faces that print, `pack` and `catalogue`, ask for their packs through `pack_request`: it
checks every value and completes the unset ones (a random seed, today, the engine URL) without
laying anything out, so every mistake is found before WeasyPrint is even imported; `make_pack`
then builds the PDFs. Nothing here prints or writes (see errors.py for how a mistake names its
field).
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from bunco_print.errors import InputError
from bunco_print.game import limits
from bunco_print.game.limits import (
    PAPERS,
    PER_PAGE,
    check_buy_in,
    check_players,
    check_sets,
    one_of,
)
from bunco_print.game.values import check_date, shown
from bunco_print.printing.request import INVITATION, NONE, PackRequest, options

if TYPE_CHECKING:
    from bunco_print.game.night import Night
    from bunco_print.printing.pack import Pack


def pack_request(given: Mapping[str, Any], names_source: str = "names") -> PackRequest:
    """The options `given` (by field name; left out or None: the default) checked and completed.

    `names` may be a names file's bytes (`names_source` names it in messages). Fast: loads the
    ruleset and the theme, lays nothing out."""
    from bunco_print.edges import config, inputs
    from bunco_print.game import rulesets
    from bunco_print.game.values import check_name
    from bunco_print.signing import links
    from bunco_print.theming import themes

    if unknown := sorted(set(given) - {name for name, _, _ in options()}):
        raise TypeError(f"not a pack option: {unknown[0]}")  # a face's bug, not a host's
    chosen = {name: given.get(name) for name, _, _ in options()}
    value = {
        name: default if chosen[name] is None else chosen[name] for name, _, default in options()
    }
    names = value["names"]
    if isinstance(names, bytes | bytearray):
        names = inputs.parse_names(bytes(names), names_source)
    names = [str(n) for n in names or ()]
    players = value["players"]
    if players is None:
        if not names:
            raise InputError("say how many play: `players N` (or `names FILE`)", field="players")
        players = len(names)
    one_of(value["per_page"], "per_page", PER_PAGE)
    one_of(value["paper"], "paper", PAPERS)
    check_players(players)
    money = read_money(value["buy_in"], value["currency"])
    extras = limits.check_extras(value["extras"] or None)
    invitation = limits.check_details({key: chosen[key] for key in INVITATION})
    if value["sets"]:  # 0, like None: the ruleset's
        check_sets(value["sets"])
    check_name(value["ruleset"], "ruleset", rulesets.available)
    check_name(value["theme"], "theme", themes.available)
    rulesets.load(value["ruleset"])
    themes.load(value["theme"])
    engine_url = links.engine_url(chosen["engine_url"])
    if chosen["date"] == NONE:
        day = ""  # undated: a line to write it in
    else:
        day = config.event_date(_date(chosen["date"]) if chosen["date"] else None)
    large = value["large_print"]
    author = chosen["author"] if chosen["author"] is not None else config.setting("author")
    author = limits.check_details({"author": author}).get("author")
    return PackRequest(
        **value
        | {key: invitation.get(key, "") for key in INVITATION}
        | money
        | dict(
            players=players,
            names=names,
            per_page=limits.LARGE_PER_PAGE[value["per_page"]] if large else value["per_page"],
            seed=secrets.randbelow(10**9) if chosen["seed"] is None else chosen["seed"],
            date=day,
            engine_url=engine_url,
            extras=extras,
            author=author or "",  # none: the host's name, else bunco-print (pack.about)
            creation_date=config.source_date(),
        )
    )


def _date(given: str) -> str:
    """A date as given, YYYY-MM-DD (none is undated: see pack_request)."""
    try:
        return check_date(given)
    except InputError:
        raise InputError(f"date must be YYYY-MM-DD or none, not {shown(given)}", "date") from None


def read_money(buy_in: object, currency: object) -> dict[str, Any]:
    """A buy-in (see read_buy_in) and a currency's symbol or code (none: no symbol), checked,
    by their fields' names: as pack and catalogue read them."""
    limits.text(currency, "currency", limits.MAX_CURRENCY)
    return {"buy_in": read_buy_in(buy_in), "currency": "" if currency == NONE else currency}


def read_buy_in(given: object) -> int | None:
    """The buy-in as given (a number, or its digits as a face reads them); none: None, the
    amounts left to be written in."""
    if given == NONE:
        return None
    if isinstance(given, str) and re.fullmatch(r"-?[0-9]{1,12}", given.strip()):
        given = int(given)
    if isinstance(given, str):
        raise InputError(
            f"buy_in must be a whole number from 0 to {limits.MAX_BUY_IN:,}, or none, "
            f"not {shown(given)}",
            field="buy_in",
        )
    return check_buy_in(given)


def make_pack(
    request: PackRequest, *, before_render: Callable[[Night], None] | None = None
) -> Pack:
    """The whole pack in memory (see pack.build_pack). `before_render(event)` runs once the
    night is planned and before the seconds of layout: a face checks where it will write."""
    from bunco_print.printing import pack  # WeasyPrint loads here: every option has been checked

    event = pack.plan(request)[0]
    if before_render is not None:
        before_render(event)
    return pack.build_pack(request)
