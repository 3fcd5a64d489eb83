"""`--large-print`: the same pack for older players, its words and write-in boxes at least 1.3
times the normal pack's, measured on the layout and on the printed PDF (each document's
smallest words: test_print_sizes.py)."""

from __future__ import annotations

import json

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from bunco_print.game import rulesets
from bunco_print.game.plan import plan_event
from bunco_print.printing import layout, orders
from bunco_print.printing.layout.base import MIN_TEXT, Inputs
from bunco_print.printing.layout.grid_cells import score_cells
from bunco_print.printing.pack import build_pack, pack_files
from bunco_print.theming import themes

from .pdftools import page_texts, qr_codes, smallest_text
from .test_pack import ENGINE

LARGE = 1.3


def _order(**kw) -> dict:
    return dict(players=13, seed=7, date="2026-12-04", engine_url=ENGINE, per_page=4) | kw


@pytest.fixture(scope="module")
def packs():
    """The same 13-player pack at 4 sheets a page, normal and large print; "backs": both with
    the star on the backs of the sheets."""
    return {
        large: build_pack(orders.pack_request(_order(large_print=large))) for large in (False, True)
    } | {
        ("backs", large): build_pack(
            orders.pack_request(_order(large_print=large, star_on_back=True))
        )
        for large in (False, True)
    }


@pytest.mark.parametrize(("asked", "given"), [(1, 1), (2, 1), (4, 1)])
def test_large_print_puts_fewer_sheets_on_a_page(asked, given):
    request = orders.pack_request(_order(per_page=asked, large_print=True))
    assert request.per_page == given and request.large_print
    assert orders.pack_request(_order(per_page=asked)).per_page == asked


def test_the_manifest_records_large_print(packs):
    normal, large = (json.loads(pack_files(packs[k])["event.json"]) for k in (False, True))
    assert large["extra"]["large_print"] is True and large["extra"]["per_page"] == 1
    assert "large_print" not in normal["extra"]


def _layouts():
    """The normal pack at four sheets a page and large print (one a page, its sheets over both
    sides), with the cells of their score grids: (bands, W/L width, row height)."""
    ruleset, theme = rulesets.load("classic"), themes.load("classic")
    event = plan_event(13, ruleset, seed=7, date="2026-12-04", title="Bunco Night")
    docs = ["score_sheet", "tally_pad", "seat_cards"]
    normal = layout.lay_out(event, ruleset, theme, "letter", 4, docs)
    large = layout.lay_out(event, ruleset, theme, "letter", 1, docs, large=True)
    grid = normal.docs["score_sheet"].sheets[0].grid
    cells = score_cells(Inputs(event, ruleset, theme, "letter", 4), grid.w, grid.h)
    part = large.docs["score_sheet"].sheets[0].part
    return normal, large, (cells, (part.bands, part.u, part.rh))


def test_write_in_boxes_are_at_least_13_times_as_large():
    normal, large, (small_cells, large_cells) = _layouts()
    for doc, kinds in (
        ("score_sheet", ("name", "number")),
        ("tally_pad", ("table", "set")),
        ("seat_cards", ("table", "number")),
    ):
        for kind in kinds:
            was = next(s for s in normal.page(doc).slots if s.kind == kind)
            now = next(s for s in large.page(doc).slots if s.kind == kind)
            assert now.box.h >= LARGE * was.box.h - 0.01, (doc, kind)
            assert now.size >= LARGE * was.size - 0.01, (doc, kind)
    # the score grid's W and L boxes and its rows
    assert large_cells[1] >= LARGE * small_cells[1] and large_cells[2] >= LARGE * small_cells[2]
    was, now = normal.docs["tally_pad"].pads[0].grid, large.docs["tally_pad"].pads[0].grid
    assert now.w >= LARGE * was.w and now.h >= LARGE * was.h


def _sizes(pdf: bytes, page: int, words: tuple[str, ...]) -> dict[str, float]:
    """The printed size (pt) of the first letter of each word's first appearance on a page,
    capitals or not (large print writes capitals in their own case; white space left out:
    pdfium may read a landscape page's short words letter by letter)."""
    textpage = pdfium.PdfDocument(pdf)[page].get_textpage()
    letters = [
        (k, textpage.get_text_range(k, 1))
        for k in range(textpage.count_chars())
        if textpage.get_text_range(k, 1).strip()
    ]
    text = "".join(char for _k, char in letters).lower()
    found = {}
    for word in words:
        at = text.find(word.replace(" ", "").lower())
        assert at >= 0, word
        found[word] = pdfium_c.FPDFText_GetFontSize(textpage.raw, letters[at][0])
    return found


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ("score-sheets.pdf", ("NAME", "Sheet 1", "ROUND", "Set 1")),
        ("totals", ("NAME", "Tonight", "Sheet 1", "Wins", "ROUND", "Set 3")),
        ("tally-pads.pdf", ("TABLE", "SET", "Us", "SCORE", "Head table", "Each die")),
        ("seat-cards.pdf", ("TONIGHT", "Table", "Bunco Night", "No. 1")),
        ("rules-handout.pdf", ("Classic Bunco", "Setting up", "Put four chairs", "Three dice")),
        ("prize-sheet.pdf", ("PLAYERS", "$5", "WINNER", "BUNCO NIGHT", "Tonight", "$22")),
        ("prize-sheet.pdf", ("Most Buncos", "Whoever holds")),
        ("prize notes", ("Ties.", "Amounts are")),
        ("table-markers.pdf", ("BUNCO NIGHT", "Roll for the round")),
        ("backs", ("Bunco Night", "YOU START", "Keep it secret", "Sheet")),
    ],
)
def test_printed_words_are_at_least_13_times_as_large(packs, document, words):
    pages = (0, 0)
    if document == "backs":  # the backs of the first page of sheets
        pages, normal, large = (
            (1, 1),
            *(packs["backs", k].documents["score-sheets.pdf"] for k in (False, True)),
        )
    elif document == "totals":  # a large-print sheet's back holds its other sets and totals
        normal, large = (packs[k].documents["score-sheets.pdf"] for k in (False, True))
        pages = (0, 1)
    elif document == "prize notes":  # large print: under the last page's prizes
        normal, large = (packs[k].documents["prize-sheet.pdf"] for k in (False, True))
        pages = (0, len(page_texts(large)) - 1)
    else:
        normal, large = (packs[k].documents[document] for k in (False, True))
    was, now = _sizes(normal, pages[0], words), _sizes(large, pages[1], words)
    for word in words:
        assert now[word] >= LARGE * was[word] - 0.05, (word, was[word], now[word])
    assert smallest_text(large)[0] >= MIN_TEXT


def test_the_rules_handout_takes_more_pages_rather_than_clipping(packs):
    normal, large = (packs[k].documents["rules-handout.pdf"] for k in (False, True))
    assert len(page_texts(large)) > len(page_texts(normal))
    # every word of the normal handout is still printed (capitals in large print's own case;
    # the movement diagram's table numbers, close together, may read as one number)
    words = {w for w in " ".join(page_texts(normal)).lower().split() if not w.isdigit()}
    assert words <= set(" ".join(page_texts(large)).lower().split())


def test_every_code_still_decodes_at_150_dpi(packs):
    pack = packs[True]
    sheets = qr_codes(pack.documents["score-sheets.pdf"])
    assert sum(map(len, sheets)) == len(pack.event.sheets) == 13
    pads = qr_codes(pack.documents["tally-pads.pdf"])
    assert sum(map(len, pads)) == sum(pad.table is not None for pad in pack.event.tally_pads)


def _grid_word_sizes(large: bool) -> dict[str, float]:
    """The font size of each of the score grid's words on a sheet printed one a page."""
    import re

    from bunco_print.printing.pdf.vector import markup_of

    ruleset, theme = rulesets.load("classic"), themes.load("classic")
    event = plan_event(13, ruleset, seed=7, date="2026-12-04", title="Bunco Night")
    laid = layout.lay_out(event, ruleset, theme, "letter", 1, ["score_sheet"], large=large)
    markup = markup_of(laid.page("score_sheet").layer)
    return {  # capitals or not: large print writes them in their own case
        word.lower(): float(size)
        for size, word in re.findall(r'font-size="([\d.]+)"[^>]*>([^<]+)</text>', markup)
    }


def test_at_one_sheet_a_page_the_grids_words_are_13_times_as_large():
    """Its words grow with the grid (large print at one a page prints it over both sides: its
    rows and boxes are measured in test_two_sided)."""
    was, now = _grid_word_sizes(False), _grid_word_sizes(True)
    for word in ("round", "w", "l", "bunco", "set 1", "total"):  # sizes written to 0.1 pt
        assert now[word] >= LARGE * was[word] - 0.1, (word, was[word], now[word])
