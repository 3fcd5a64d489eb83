"""`--large-print`'s rules handout: its pictures (the night's facts, the scoring chart, the
movement diagram and its legend) print their words at least 1.3 times the normal pack's, the
pictures growing to hold them; measured on the layout for every ruleset and on the PDF."""

from __future__ import annotations

import re

import pypdfium2 as pdfium
import pytest

from bunco_print.game import rulesets
from bunco_print.game.plan import plan_event
from bunco_print.printing import layout
from bunco_print.printing.layout.base import LARGE, LARGE_TEXT, Inputs
from bunco_print.printing.layout.fonts import metrics
from bunco_print.printing.layout.handout import handout_least
from bunco_print.printing.pdf.vector import markup_of
from bunco_print.theming import themes

from .test_pack import build

RULESETS = ["classic", "mybunco", "tournament", "progressive", "bonko"]
PICTURES = ("facts", "chart", "movement")


def rules(players: int, ruleset: str, large: bool, paper: str = "letter"):
    rs, theme = rulesets.load(ruleset), themes.load("classic")
    event = plan_event(players, rs, seed=7, date="2026-12-04", title="Bunco Night")
    laid = layout.lay_out(event, rs, theme, paper, 2 if large else 1, ["rules"], large=large)
    return laid.docs["rules"]


def many_groups(ruleset: str, players: int) -> bool:
    """Whether the night's movement diagram shows an example ladder and every group's tables
    (a tournament of more than four groups)."""
    rs = rulesets.load(ruleset)
    tables = -(-players // 4)
    return rs.naming == "groups" and tables > 4 * rs.group_tables


def view_box(picture) -> list[float]:
    markup = markup_of(picture.uri)
    return [float(v) for v in re.search(r'viewBox="([^"]+)"', markup)[1].split()]


def words(picture) -> list[tuple[str, float]]:
    """Every word a picture prints and its printed size (pt): the SVG's text, scaled as the
    picture is drawn into its box, then the labels set over it."""
    markup = markup_of(picture.uri)
    scale = picture.w / view_box(picture)[2]
    drawn = re.findall(r'font-size="([\d.]+)"[^>]*>([^<]+)</text>', markup)
    return [(text, float(size) * scale) for size, text in drawn] + [
        (label.classes, label.size) for label in picture.labels
    ]


@pytest.mark.parametrize("paper", ["letter", "a4"])
@pytest.mark.parametrize("players", [13, 28, 64, 400])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_pictures_words_are_at_least_13_times_as_large(ruleset, players, paper):
    normal, large = (rules(players, ruleset, big, paper) for big in (False, True))
    for name in PICTURES:
        was, now = words(getattr(normal, name)), words(getattr(large, name))
        if name == "movement" and many_groups(ruleset, players):  # large print: the example
            was = was[: len(now)]  # ladder, not every group's numbers (too many at 16 pt)
        # large print writes capitals in their own case ("PLAYERS": "Players"); a diagram's
        # tables are numbered where their names do not fit at 16 pt ("Head": "H")
        if name != "movement":
            assert [w.lower() for w, _ in was] == [w.lower() for w, _ in now], name
        assert len(was) == len(now), name
        for (word, before), (_, after) in zip(was, now, strict=True):
            assert after >= LARGE * before - 0.01, (name, word, before, after)
        assert min(size for _, size in now) >= LARGE_TEXT["rules"] - 0.01, name
        # the picture grows to hold them, never wider than the page's text
        picture, before = getattr(large, name), getattr(normal, name)
        assert picture.h >= LARGE * before.h - 0.01 and picture.w <= normal.margin.w + 0.01


def test_the_facts_words_fit_their_tiles_in_large_print():
    """Six facts are too many for one row at 1.3x: they take two, each label inside its tile."""
    large = rules(13, "classic", True)  # players, tables, ghosts, sets, rounds, a break
    markup = markup_of(large.facts.uri)
    tiles = re.findall(r'<rect x="([\d.]+)" y="([\d.]+)"', markup)
    assert len({y for _x, y in tiles}) == 2  # two rows
    bold = metrics(themes.load("classic").font("body", "700"))
    width = (view_box(large.facts)[2] - 2 * 6) / 3  # three tiles a row, 6 apart
    night = Inputs(large_event(), rulesets.load("classic"), themes.load("classic"), large=True)
    size = re.escape(f"{handout_least(night):.1f}")  # the words at the smallest size
    found = re.findall(rf'font-size="({size})"[^>]*>([^<]+)</text>', markup)
    assert len(found) == 6
    for size, text in found:
        assert bold.width(text, float(size)) <= width - 8, text


def large_event():
    return plan_event(13, rulesets.load("classic"), seed=7, date="2026-12-04", title="Bunco Night")


def test_the_charts_words_fit_its_width_in_large_print():
    large = rules(13, "mybunco", True)  # its longest line: "…not the mark: a mini Bunco"
    body = metrics(themes.load("classic").font("body"))
    why = large.chart.labels[1]
    assert max(body.width(text, why.size) for _pts, text in large.chart_words) <= why.width


def _letters(pdf: bytes) -> dict[str, list[float]]:
    """Each letter printed on any page (capitals with their small letters: large print writes
    capitals in their own case), with the height (pt) of its box every time it is printed: as
    large as the letter's size on the page, whatever scale drew it."""
    found: dict[str, list[float]] = {}
    for page in pdfium.PdfDocument(pdf):
        textpage = page.get_textpage()
        for k in range(textpage.count_chars()):
            char = textpage.get_text_range(k, 1)
            if char.strip() and char != "\x02":
                _left, bottom, _right, top = textpage.get_charbox(k)
                found.setdefault(char.lower(), []).append(top - bottom)
    return found


def test_every_printed_letter_of_the_handout_is_13_times_as_large():
    """Its pictures' words included (drawn into the page by pdf/layers.py): the n-th smallest
    print of each letter in large print is at least 1.3 times the normal handout's."""
    normal, large = (
        _letters(build(13, large_print=big).documents["rules-handout.pdf"]) for big in (False, True)
    )
    assert normal.keys() == large.keys()
    for char, sizes in normal.items():
        bigger = sorted(large[char])
        assert len(bigger) == len(sizes), char
        for before, after in zip(sorted(sizes), bigger, strict=True):
            assert after >= LARGE * before - 0.05, (char, before, after)
