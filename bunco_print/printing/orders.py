"""Ordering a pack: what the host asked for, checked and completed, then the pack itself.

`pack_request` turns a `PackOrder` (values as a host gives them, unset ones None) into a full
`PackRequest` without laying anything out, so every mistake is found in milliseconds;
`make_pack` then builds the PDFs. Nothing here prints or writes (see fields.py for errors).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from bunco_print.edges import config, inputs
from bunco_print.errors import InputError
from bunco_print.game import limits, rulesets
from bunco_print.game.limits import (
    PAPERS,
    PER_PAGE,
    check_buy_in,
    check_players,
    check_sets,
    one_of,
)
from bunco_print.game.values import check_date, check_name
from bunco_print.signing import links
from bunco_print.theming import themes

if TYPE_CHECKING:
    from bunco_print.game.night import Night
    from bunco_print.printing.pack import Pack, PackRequest


@dataclass(frozen=True)
class PackOrder:
    """A host's choices; None means "the default" (a random seed, today, the theme's title)."""

    players: int | None = None
    names: Sequence[str] | bytes | None = None  # a list, or a names file's bytes
    names_source: str = "names"  # the file's name, for messages
    ruleset: str = "classic"
    theme: str = "classic"
    paper: str = "letter"
    per_page: int = 1
    seed: int | None = None
    date: str | None = None
    title: str = ""
    sets: int | None = None
    buy_in: int = 5
    currency: str = "$"
    engine_url: str | None = None
    star_on_back: bool = False
    large_print: bool = False
    ink_saver: bool = False  # no large fills: at most half the ink
    editable: bool = False  # fillable form fields on the write-in lines
    qr: bool = True  # QR codes that open the scoring engine
    extras: str | Sequence[str] | None = None  # "all" or some of limits.EXTRAS
    # the invitation's time, place, host_name and rsvp; one not given prints as a write-in line
    invitation: Mapping[str, str | None] = field(default_factory=dict)


def pack_request(order: PackOrder) -> PackRequest:
    """The order checked and completed. Fast: loads the ruleset and theme, lays nothing out."""
    names = order.names
    if isinstance(names, bytes | bytearray):
        names = inputs.parse_names(bytes(names), order.names_source)
    names = [str(n) for n in names or ()]
    players = order.players
    if players is None:
        if not names:
            raise InputError("say how many play: `players N` (or `names FILE`)", field="players")
        players = len(names)
    one_of(order.per_page, "per_page", PER_PAGE)
    one_of(order.paper, "paper", PAPERS)
    check_players(players)
    check_buy_in(order.buy_in)
    extras = limits.check_extras(order.extras)
    invitation = limits.check_details(order.invitation)
    if order.sets:  # 0, like None: the ruleset's
        check_sets(order.sets)
    check_name(order.ruleset, "ruleset", rulesets.available)
    check_name(order.theme, "theme", themes.available)
    rulesets.load(order.ruleset)
    themes.load(order.theme)
    engine_url = links.engine_url(order.engine_url)
    day = config.event_date(check_date(order.date) if order.date else None)
    creation_date = config.source_date()
    from bunco_print.printing.pack import (
        PackRequest,  # WeasyPrint loads here: every option has been checked
    )

    return PackRequest(
        players=players,
        ruleset=order.ruleset,
        theme=order.theme,
        paper=order.paper,
        per_page=limits.LARGE_PER_PAGE[order.per_page] if order.large_print else order.per_page,
        seed=secrets.randbelow(10**9) if order.seed is None else order.seed,
        date=day,
        title=order.title,
        names=names,
        sets=order.sets,
        buy_in=order.buy_in,
        currency=order.currency,
        engine_url=engine_url,
        star_on_back=order.star_on_back,
        large_print=order.large_print,
        ink_saver=order.ink_saver,
        editable=order.editable,
        qr=order.qr,
        extras=extras,
        invitation=invitation,
        creation_date=creation_date,
    )


def make_pack(
    request: PackRequest, *, before_render: Callable[[Night], None] | None = None
) -> Pack:
    """The whole pack in memory (see pack.build_pack). `before_render(event)` runs once the
    night is planned and before the seconds of layout: a face checks where it will write."""
    from bunco_print.printing import pack

    event = pack.plan(request)[0]
    if before_render is not None:
        before_render(event)
    return pack.build_pack(request)
