"""Meaning that survives grayscale printing: the movement diagram tells winners from losers by
line and arrowhead, not colour alone, and its legend shows only what the diagram draws; the
rules chart rings the dice that show the mark."""

from __future__ import annotations

import re

import pytest

from bunco_print.game import plan, rulesets
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.movement import diagram, legend_keys
from bunco_print.printing.layout.rules import EXAMPLE_DICE, MARK, rules_pages
from bunco_print.printing.pdf.vector import markup_of
from bunco_print.theming import themes


def inputs(players: int, ruleset: str = "classic") -> Inputs:
    event = plan.plan_event(players, rulesets.load(ruleset), seed=1, date="2026-12-04")
    return Inputs(event, event.ruleset, themes.load("classic"))


def moves(markup: str) -> set[tuple[str, str]]:
    """Each kind of move the diagram draws, as (its dashes, its arrowhead), colour left out."""
    found = set()
    for path in re.findall(r"<path [^>]*marker-end[^>]*>", markup):
        dashes = re.search(r'stroke-dasharray="([^"]*)"', path)
        head = re.search(r"url\(#(\w+)\)", path)[1]
        found.add((dashes[1] if dashes else "", head))
    return found


@pytest.mark.parametrize(
    ("players", "ruleset"), [(16, "classic"), (12, "mybunco"), (40, "tournament")]
)
def test_winners_losers_and_stayers_differ_by_line_and_arrowhead(players, ruleset):
    night = inputs(players, ruleset)
    markup, _ = diagram(night, 500, 130)
    kinds = moves(markup)
    assert ("", "up") in kinds and ("5 2.5", "down") in kinds  # winners solid, losers dashed
    assert {dashes for dashes, _ in kinds} == {"", "5 2.5", "0.1 2.6"}  # stayers dotted
    arrowheads = dict(re.findall(r'<marker id="(\w+)".*?fill="([^"]+)"', markup))
    assert arrowheads["up"] != arrowheads["down"]  # one filled, one open (white)
    assert "#ffffff" in arrowheads.values()
    assert len(legend_keys(night)) == 3


@pytest.mark.parametrize(("players", "ruleset"), [(400, "classic"), (100, "mybunco")])
def test_a_diagram_without_arrows_has_no_arrow_legend(players, ruleset):
    night = inputs(players, ruleset)
    markup, _ = diagram(night, 500, 200)
    assert not moves(markup) and legend_keys(night) == ()


def test_at_a_hundred_grouped_tables_the_legend_keys_match_the_example():
    night = inputs(400, "tournament")
    markup, _ = diagram(night, 500, 150)
    assert len(moves(markup)) >= 3 and len(legend_keys(night)) == 3


def test_the_marks_dice_are_ringed_and_drawn_bolder():
    markup = markup_of(rules_pages(inputs(13)).chart.uri)
    marks = sum(d == MARK for dice in EXAMPLE_DICE for d in dice)
    shapes = {  # outline style -> how many shapes drawn in it
        (fill, width): d.count("M")
        for d, fill, width in re.findall(
            r'<path d="([^"]*)" fill="([^"]*)" stroke="[^"]*" stroke-width="([^"]*)"/>', markup
        )
    }
    assert shapes[("none", "1.20")] == marks  # a ring around each of the mark's dice
    assert shapes[("#ffffff", "1.30")] + marks == sum(len(dice) for dice in EXAMPLE_DICE)
    assert [w for (_, w), n in shapes.items() if n == marks and w != "1.20"] == ["2.20"]
