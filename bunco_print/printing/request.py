"""A pack request: what a pack is made from, each option a host gives declared once.

Each field a host chooses carries its `Option` (the help a face shows, a placeholder for its
value, what the pack gets when it is not given): the `pack` command's options are built from
these declarations (cli/pack.py), and orders.pack_request checks and completes them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any

from bunco_print.game.limits import PAPERS
from bunco_print.game.plan import DEFAULT_ENGINE_URL

INVITATION = ("time", "place", "host_name", "rsvp")  # the invitation's details, in its order
NONE = "none"  # --date none, --buy-in none: left for the host to write in
TOOL = "bunco-print"  # the PDFs' author when the host names none


@dataclass(frozen=True)
class Option:
    """How a host gives one field of a pack request.

    `unset` says what the pack gets when the option is not given (its value is then None and
    `pack_request` decides); `kind` is the type a host gives when not the field's own (a names
    file, the extras as a comma list); `choices` the only values there are."""

    help: str
    metavar: str = ""
    unset: str = ""
    kind: type | None = None
    choices: tuple = ()


def _option(default: Any = MISSING, help: str = "", **how: Any) -> Any:
    return field(default=default, metadata={"option": Option(help, **how)})


@dataclass(frozen=True)
class PackRequest:
    """Everything the host chose (the faces fill it with `pack_request`, each option as given)."""

    players: int = _option(
        help="How many people play (4 to 400); ghosts fill the rest.",
        metavar="N",
        unset="one per name in the names file",
    )
    theme: str = _option(
        "classic", "The theme's name (e.g. classic or december), or a theme folder.", metavar="NAME"
    )
    ruleset: str = _option(
        "classic",
        "The rule system: classic, mybunco, tournament, progressive or bonko.",
        metavar="NAME",
    )
    paper: str = _option("letter", "The paper size.", choices=PAPERS)
    per_page: int = _option(1, "Score sheets a page: 1, 2 or 4.", metavar="N")
    names: Sequence[str] = _option(
        (), "A text file with one player's name a line.", metavar="FILE", kind=Path, unset="none"
    )
    seed: int = _option(
        0, "Makes the shuffle (and the whole pack) repeatable.", metavar="N", unset="a random one"
    )
    date: str = _option(
        "2026-01-01",
        "The night's date, YYYY-MM-DD; none: no date, a line to write it in (a pack for any "
        "night).",
        metavar="DATE",
        unset="today",
    )
    title: str = _option("", "The night's title.", metavar="TEXT", unset="the theme's")
    sets: int | None = _option(None, "Sets to play.", metavar="N", unset="the ruleset's")
    buy_in: int | None = _option(
        5,
        "What each player puts in the pot; none: no amounts, boxes to write the buy-in, the pot "
        "and each prize in (the prizes' split said in words).",
        metavar="AMOUNT",
        kind=str,
    )
    currency: str = _option(
        "$", "The currency's symbol or code; none: amounts with no symbol.", metavar="TEXT"
    )
    engine_url: str = _option(
        DEFAULT_ENGINE_URL,
        "The base URL of the scoring engine the QR codes open.",
        metavar="URL",
        unset="$BUNCO_ENGINE_URL or the config file's, else this computer",
    )
    star_on_back: bool = _option(
        False,
        "Print the seat stars on the backs of the score sheets (printed two-sided) instead of "
        "on seat cards.",
    )
    large_print: bool = _option(
        False,
        "For older players: text and write-in boxes 1.3 times as large; 4 sheets a page become "
        "2, and 2 become 1.",
    )
    ink_saver: bool = _option(False, "No large fills: at most half the ink of the theme as it is.")
    editable: bool = _option(
        False,
        "Fillable PDF form fields on the write-in lines (names not given by --names), typed in "
        "the theme's font.",
    )
    qr: bool = _option(
        True,
        "QR codes on the sheets and tally pads that open the scoring engine. With --no-qr there "
        "are none, and no words about them: the totals are added up by hand.",
    )
    extras: tuple[str, ...] = _option(
        (),
        "Party extras, each its own PDF and added to pack.pdf: all, or some of invitation, "
        "name-tags, prize-tags, host-checklist, sign-in-sheet (comma-separated).",
        metavar="LIST",
        kind=str,
        unset="none",
    )
    time: str = _option(
        "", 'The invitation\'s time, e.g. "7:00 pm".', metavar="TEXT", unset="a write-in line"
    )
    place: str = _option("", "The invitation's place.", metavar="TEXT", unset="a write-in line")
    host_name: str = _option(
        "", "Who hosts, on the invitation.", metavar="TEXT", unset="a write-in line"
    )
    rsvp: str = _option(
        "", "How to RSVP, on the invitation.", metavar="TEXT", unset="a write-in line"
    )
    author: str = _option(
        "",
        "Who the PDFs name as their author (a reader's and a print shop's file details).",
        metavar="TEXT",
        unset="the config file's author, else --host-name, else bunco-print",
    )
    creation_date: datetime | None = None  # the PDFs' own date: SOURCE_DATE_EPOCH, else now

    # no option of `pack`: `catalogue --qr-join` sets it, with the hosted engine as engine_url
    qr_join: bool = False

    @property
    def write_in(self) -> tuple[str, ...]:
        """What the pack leaves to be written in: "date" (--date none), "buy_in" (--buy-in
        none)."""
        return ("date",) * (not self.date) + ("buy_in",) * (self.buy_in is None)

    @property
    def invitation(self) -> dict[str, str]:
        """The invitation's details given; one not given prints as a write-in line."""
        return {key: value for key in INVITATION if (value := getattr(self, key))}


def options() -> list[tuple[str, Option, Any]]:
    """Each option a host may give: its field's name, its declaration, its default (None for
    one `pack_request` decides)."""
    return [
        (f.name, f.metadata["option"], None if f.metadata["option"].unset else f.default)
        for f in fields(PackRequest)
        if "option" in f.metadata
    ]
