"""A long `--title`, read back from the printed pages: on a sheet it goes onto two lines,
larger than one line would allow, every word printed; on the prize sheet and the table
markers its line stays clear of the corners, the date whole."""

from __future__ import annotations

import functools

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from bunco_print.printing import layout
from bunco_print.printing.layout.base import LARGE, MIN_TEXT
from bunco_print.printing.layout.sheet_dims import TITLE_SPACING_EM
from bunco_print.theming import themes

from .pdftools import page_texts, smallest_text
from .test_pack import build

TITLE = "Grandma Rosalind's Extra-Special Holiday Bunco Extravaganza!"  # 60 letters
LONGEST = ("The Annual Maple Street Charity Bunco Night and Potluck Supper " * 4)[:200]


@pytest.fixture(scope="module")
def pack():
    return build(13, title=TITLE, per_page=4)


def lines_with(pdf: bytes, page: int, words: str) -> list[tuple[str, float, float, float]]:
    """Each printed line holding one of `words`: (its text, left, right, font size)."""
    textpage = pdfium.PdfDocument(pdf)[page].get_textpage()
    found = []
    for k in range(textpage.count_rects()):
        left, _bottom, right, _top = textpage.get_rect(k)
        text = textpage.get_text_bounded(left, _bottom, right, _top).strip()
        if any(word in text for word in words.split()):
            at = textpage.search(text[:12], match_case=True).get_next()
            size = pdfium_c.FPDFText_GetFontSize(textpage.raw, at[0]) if at else 0.0
            found.append((text, left, right, size))
    return found


def test_a_long_title_goes_on_two_lines_on_every_sheet_every_word_printed(pack):
    pdf = pack.documents["score-sheets.pdf"]
    top = lines_with(pdf, 0, "Grandma Extravaganza!")
    assert len(top) == 2 * 4  # two lines on each of the page's four sheets
    assert " ".join(text for text, *_ in top[:2]) == TITLE
    # the layout chose them because two lines print larger than one could
    event, theme = pack.event, themes.load("classic")
    laid = layout.lay_out(event, event.ruleset, theme, "letter", 4, ["score_sheet"])
    sheet = laid.docs["score_sheet"].sheets[0]
    one_line = theme_font(theme).fit(TITLE, sheet.title.w, 99, TITLE_SPACING_EM)
    assert sheet.title_lines == 2 and sheet.title.size > 1.1 * one_line


def theme_font(theme):
    from bunco_print.printing.layout.fonts import metrics

    return metrics(theme.font("display"))


@pytest.mark.parametrize(
    ("document", "corner"), [("prize-sheet.pdf", 90), ("table-markers.pdf", 80)]
)
def test_the_title_line_stays_clear_of_the_corners(pack, document, corner):
    pdf = pack.documents[document]
    width = pdfium.PdfDocument(pdf)[0].get_size()[0]
    lines = lines_with(pdf, 0, "GRANDMA")
    assert lines  # upright, and on a marker upside down too
    for text, left, right, _size in lines:
        assert text.endswith("DECEMBER 4, 2026")  # the date whole
        assert corner <= left and right <= width - corner
    assert smallest_text(pdf)[0] >= MIN_TEXT


def test_the_longest_title_fills_two_lines_before_it_is_cut_short_with_the_date_whole():
    pdf = titled("letter", False, LONGEST).documents["prize-sheet.pdf"]
    first, second = (text for text, *_ in lines_with(pdf, 0, "ANNUAL"))
    assert "…" not in first and "…" in second and second.endswith("DECEMBER 4, 2026")
    assert LONGEST.upper().startswith(f"{first} {second.split('…')[0]}")
    assert smallest_text(pdf)[0] >= MIN_TEXT


@functools.cache
def titled(paper: str, large: bool, title: str = TITLE):
    """A 13-player pack with a long title, built once per paper, print size and title."""
    return build(13, title=title, paper=paper, large_print=large)


PRINTS = [("letter", False), ("a4", False), ("letter", True), ("a4", True)]


@pytest.mark.parametrize(("paper", "large"), PRINTS)
def test_a_long_title_goes_on_two_lines_on_every_seat_card(paper, large):
    pdf = titled(paper, large).documents["seat-cards.pdf"]
    lines = lines_with(pdf, 0, "Grandma Extravaganza!")
    cards = 4 if large else 10
    assert [text for text, *_ in lines].count("Grandma Rosalind's Extra-Special") == cards
    assert [text for text, *_ in lines].count("Holiday Bunco Extravaganza!") == cards
    assert len(lines) == 2 * cards  # the whole title, on two lines, on every card
    assert "…" not in page_texts(pdf)[0]
    floor = MIN_TEXT * (LARGE if large else 1)
    assert min(size for *_, size in lines) >= floor - 0.05
    assert smallest_text(pdf)[0] >= MIN_TEXT


@pytest.mark.parametrize(("paper", "large"), PRINTS)
def test_every_document_prints_a_long_title_whole(paper, large):
    pack = titled(paper, large)
    for name, pdf in pack.documents.items():
        text = page_texts(pdf)[0].upper()
        if name == "tally-pads.pdf" and (paper, large) in (("a4", False), ("letter", True)):
            # A4's quarter pads leave 91 pt beside "Tally": two lines at 6 pt, the second
            # cut short; so do Letter's large-print halves, 156 pt at 12 pt
            first, second = (t for t, *_ in lines_with(pdf, 0, "Grandma Special")[:2])
            first = first.replace("\x02", "-")  # pdfium reads a hyphen ending a line so
            assert second.endswith("…") and TITLE.startswith(f"{first}{second[:-1]}")
            continue
        assert "…" not in text, name
        assert all(word.upper() in text for word in TITLE.split()), name


def test_the_longest_title_fills_two_lines_on_a_seat_card_before_it_is_cut_short():
    pdf = titled("letter", False, LONGEST).documents["seat-cards.pdf"]
    lines = [text for text, *_ in lines_with(pdf, 0, "Annual Potluck")]
    first, second = lines[0], next(text for text in lines if text != lines[0])
    assert LONGEST.startswith(f"{first} {second.removesuffix('…')}")
    assert second.endswith("…") and "…" not in first
    assert min(size for *_, size in lines_with(pdf, 0, "Annual")) >= MIN_TEXT - 0.05
