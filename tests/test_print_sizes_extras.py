"""How large the party extras (--extras) print, read from the PDFs' text as
test_print_sizes.py reads the core documents: with --large-print the invitation and the host's
checklist at 16 pt or more, the sign-in sheet and the prize tags at 14, the name tags' small
words at 12 and their names at 16, headings larger, lines of running text 1.4 apart, nothing in
italics nor in lines of capitals, every word of their running text printed (none clipped, none
off its page); normal, nothing under 6 pt on a one-a-page extra nor under 5 on the tags."""

from __future__ import annotations

import pytest

from bunco_print.game.limits import EXTRAS
from bunco_print.printing import orders, render
from bunco_print.printing.layout.base import NAME_TAG
from bunco_print.printing.pack import build_pack, plan, template_context

from .pdftools import outside, word_sizes
from .test_pack import ENGINE
from .test_print_sizes import FOUR_A_PAGE, LARGE, ONE_A_PAGE, _check_large, _check_running, _Running

FILES = {extra.replace("-", "_"): f"{extra}.pdf" for extra in EXTRAS}
TAGS = ("name-tags.pdf", "prize-tags.pdf")  # several a page: the four-a-page floor
NAMES = ["Ann Lee", "Bea Alexandra Montgomery-Smythe", "Cai", "Dot", "Eve", "Jo Ann", "Hal"]
LONG_TITLE = "The Annual Valentine’s Charity Bunco Tournament of the Maple Street Ladies’ Club"
DETAILS = {"time": "7:00 pm", "place": "The Millers’, 14 Elm Street", "rsvp": "Text Jo"}

# (theme, ruleset, paper, players, large, options): both papers, with and without names, the
# invitation's details and a pot, in several themes
CASES = [
    ("june", "classic", "letter", 12, True, {"names": NAMES}),
    ("december", "mybunco", "a4", 13, True, {"buy_in": "none"}),
    ("march", "progressive", "letter", 24, True, DETAILS),
    ("august", "bonko", "a4", 16, True, {}),  # a display font of tall lines: the counts
    ("february", "classic", "letter", 12, True, {"title": LONG_TITLE}),  # on two lines
    ("september", "tournament", "a4", 40, True, {"names": NAMES, "sets": 8}),
    ("june", "classic", "letter", 12, False, {"names": NAMES}),
    ("october", "bonko", "a4", 5, False, {"buy_in": "none"}),
    ("classic", "tournament", "letter", 40, False, DETAILS),
]


class _ExtrasText(_Running):
    """The extras' running text (a thing to have, a step of the evening, a note) and their
    headings, as their HTML holds them."""

    CLASSES = ("hc-need", "hc-step", "iv-note", "pt-note")
    RUNNING = ()  # named by class: a label or a kicker is a paragraph too, for a screen reader


def _texts(request) -> dict[str, _ExtrasText]:
    event, _secret, theme, ruleset = plan(request, signed=False)
    found = {}
    for doc, file in FILES.items():
        parser = _ExtrasText()
        context = template_context(event, ruleset, theme, request, [doc])
        parser.feed(render.render_html("base.html.j2", **context))
        found[file] = parser
    return found


@pytest.mark.parametrize(
    ("theme", "ruleset", "paper", "players", "large", "options"), CASES, ids=lambda v: str(v)
)
def test_every_extra_prints_its_words_at_least_its_floor(
    theme, ruleset, paper, players, large, options
):
    asked = dict(players=players, seed=7, date="2026-12-04", engine_url=ENGINE, theme=theme)
    asked |= dict(ruleset=ruleset, paper=paper, large_print=large, extras="all")
    request = orders.pack_request(asked | options)
    pack, texts = build_pack(request), _texts(request)
    for document in FILES.values():
        pdf = pack.documents[document]
        floor = LARGE[document] if large else FOUR_A_PAGE if document in TAGS else ONE_A_PAGE
        smallest = min(word_sizes(pdf))
        assert smallest[0] >= floor - 0.01, (document, floor, smallest)
        assert not outside(pdf), (document, outside(pdf)[:3])
        _check_running(pdf, texts[document], floor, document)  # none clipped
        if large:
            _check_large(pdf, document, texts[document])
    if large and "names" in options:  # every name on its tag, at least NAME_TAG
        sizes = word_sizes(pack.documents["name-tags.pdf"])
        printed = "".join(w for size, w, _p in sizes if size >= NAME_TAG - 0.01)
        for name in NAMES:
            assert name.replace(" ", "") in printed, name
