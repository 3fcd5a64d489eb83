"""A long `--title`, read back from the printed pages: on a sheet it goes onto two lines,
larger than one line would allow, every word printed; on the prize sheet and the table
markers its line stays clear of the corners, the date whole."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from bunco_print import layout, themes
from bunco_print.layout.base import MIN_TEXT
from bunco_print.layout.sheets import TITLE_SPACING_EM

from .pdftools import smallest_text
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
    from bunco_print.layout.fonts import metrics

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


def test_the_longest_title_is_cut_short_on_one_line_with_the_date_whole():
    pdf = build(13, title=LONGEST).documents["prize-sheet.pdf"]
    (line,) = lines_with(pdf, 0, "ANNUAL")
    assert "…" in line[0] and line[0].endswith("2026")
    assert smallest_text(pdf)[0] >= MIN_TEXT
