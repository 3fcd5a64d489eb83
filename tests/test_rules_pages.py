"""The rules handout ends on a page worth turning to: for every ruleset and 4 to 16 players,
normal and in large print, its last page holds more than a line or two (the normal handout
its two pages; read from the printed pages' text). (All 130 normal handouts, 4 to 16 players on
either paper, were checked so when the layout came to split the second page's columns.) And
what it says of the tables fits the night: one table in every ruleset, a tournament's short
last group."""

from __future__ import annotations

import pytest

from bunco_print.game import rulesets
from bunco_print.printing import backgrounds, orders, render
from bunco_print.printing.pack import build_pack, plan, template_context

from .pdftools import lines_of, page_texts

# the player counts whose handouts flow differently: one table, two with three to none ghosts,
# three and four tables (benchmarks/print_sizes.py and the pack tests see the others)
PLAYERS = (4, 5, 6, 7, 8, 9, 13, 16)
# large print's handout flows the same for more tables
LARGE_PLAYERS = (5, 7, 9, 13)
FEWEST_LINES = 3  # on the handout's last page


def _handout(ruleset: str, players: int, large: bool) -> bytes:
    """The rules handout as WeasyPrint flows it, one pass, before its layers are drawn and its
    text converted (the night's words, stamped later into the room it leaves, add no lines)."""
    asked = dict(players=players, seed=7, date="2026-12-04", ruleset=ruleset, large_print=large)
    request = orders.pack_request(asked)
    event, _secret, theme, ruleset_ = plan(request, signed=False)
    context = template_context(event, ruleset_, theme, request, ["rules"])
    return backgrounds.lay_out_raw(render.render_html("base.html.j2", **context))[0]


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("ruleset", rulesets.available())
def test_the_handouts_last_page_is_not_nearly_empty(ruleset, large):
    short = {}
    for players in LARGE_PLAYERS if large else PLAYERS:
        pdf = _handout(ruleset, players, large)
        pages = page_texts(pdf)
        last = [line.text for line, _ in lines_of(pdf, pairs=False) if line.page == len(pages) - 1]
        if len(last) < FEWEST_LINES or (not large and len(pages) != 2):
            short[players] = (len(pages), last)
    assert not short, short


# what each ruleset's handout says of a one-table night (4 players), in its own setting-up words
ONE_TABLE = {
    "classic": "Put four chairs at the table, partners facing each other.",
    "bonko": "One table tonight, the King's table, with four chairs.",
    "mybunco": "Tonight’s one table is the High table",
    "progressive": "One table tonight, the Head table.",
    "tournament": "The room plays as one group tonight, at one table: the Head table",
}


def _words(ruleset: str, players: int) -> str:
    """The printed rules handout's words, as a reader's copy of them reads."""
    asked = dict(players=players, seed=7, date="2026-12-04", ruleset=ruleset, qr=False)
    pdf = build_pack(orders.pack_request(asked), signed=False).documents["rules-handout.pdf"]
    return " ".join(" ".join(page_texts(pdf)).split())


@pytest.mark.parametrize("ruleset", rulesets.available())
def test_a_one_table_nights_handout_speaks_of_one_table(ruleset):
    words = _words(ruleset, 4)
    assert ONE_TABLE[ruleset] in words
    for wrong in ("1 tables", "0 numbered", "tables 2 to 1", "down to High", "of 3 tables"):
        assert wrong not in words, wrong


def test_a_tournaments_last_group_is_said_as_it_is():
    words = _words("tournament", 20)
    assert "2 groups tonight, one of 3 tables and one of 2 tables." in words
