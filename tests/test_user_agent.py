"""WeasyPrint lays a page out with its user-agent stylesheet less the rules the page names
nothing of (printing/user_agent.py): the same PDF as with the whole stylesheet."""

from __future__ import annotations

import pytest

from bunco_print.game.limits import EXTRAS
from bunco_print.printing import render, user_agent
from bunco_print.printing.pack import PackRequest

from .test_night_words import night_html


def laid_out(html: str, monkeypatch, whole: bool) -> bytes:
    with monkeypatch.context() as patch:
        if whole:  # as WeasyPrint would: its whole user-agent stylesheet
            patch.setattr(user_agent, "uses", lambda html: None)
        return render.write_pdf(render.layout(html))


@pytest.mark.parametrize(
    "options",
    [
        {"extras": tuple(EXTRAS), "theme": "october"},
        {"large_print": True, "ruleset": "tournament", "paper": "a4", "theme": "classic"},
    ],
)
def test_a_pack_is_laid_out_as_with_the_whole_stylesheet(monkeypatch, options):
    html = night_html(PackRequest(players=12, seed=1, date="2026-12-04", **options))
    uses = user_agent.uses(html)
    assert uses is not None and not uses.footnotes and not uses.margin_boxes
    trimmed = laid_out(html, monkeypatch, whole=False)
    assert trimmed == laid_out(html, monkeypatch, whole=True)


PAGE = """<html><head><style>
@page { size: 300px 200px; margin: 40px; %s }
p { float: %s; margin: 0 }
</style></head><body>
<p dir="rtl">Bunco night</p>
<div style="display: list-item; list-style: decimal inside">Roll three dice</div>
<ul><li>Sixes first</li></ul>
</body></html>"""


@pytest.mark.parametrize(
    "page, floated",
    [
        ('@top-center { content: "Table 1" } @bottom-left { content: "Round 2" }', "none"),
        ("", "footnote"),
    ],
)
def test_a_page_that_names_what_the_rules_style_keeps_them(monkeypatch, page, floated):
    """A theme's template may use margin boxes, footnotes, list items and `dir`: laid out as
    WeasyPrint's whole stylesheet lays them out."""
    html = PAGE % (page, floated)
    uses = user_agent.uses(html)
    assert uses is not None and uses.direction and uses.list_items
    assert uses.footnotes == (floated == "footnote")
    assert uses.margin_boxes == ({"top-center", "bottom-left"} if page else set())
    whole = laid_out(html, monkeypatch, whole=True)
    assert laid_out(html, monkeypatch, whole=False) == whole
    if page:  # were what it names not seen, it would come out otherwise: the check can tell
        monkeypatch.setattr(user_agent, "uses", lambda html: NONE)
        assert laid_out(html, monkeypatch, whole=False) != whole


def test_a_page_that_links_a_stylesheet_keeps_the_whole_of_it():
    assert user_agent.uses('<link rel="stylesheet" href="mine.css"><p>Bunco</p>') is None
    assert user_agent.uses("<style>@import url(mine.css);</style>") is None
    kept = user_agent.trimmed("[dir=rtl i] { direction: rtl }\n::marker { color: red }", NONE)
    assert kept == "li::marker { color: red }"


NONE = user_agent.Uses(False, False, False, frozenset())
