"""Players' names as printed: every script an installed font covers comes back from the PDF's
text; a long name goes to two lines, then is cut short, never below 7 pt, and is warned about."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from .pdftools import page_texts

NAMES = [
    "Алёна Воронцова",  # Cyrillic
    "Σοφία Παπαδοπούλου",  # Greek
    "Nguyễn Thị Ánh Tuyết",  # Vietnamese
    "山田 花子",  # Chinese / Japanese
    "김민준",  # Korean
    "Zoë Łucja Ŵyn",  # Latin Extended-A
    "WMWMWMWMWM WMWMWMWMWM WMWMWMWMWM WMWMWMWMWM WMWMWMWMWM WMWMW",  # wide: two lines
    "WolfeschlegelsteinhausenbergerdorffWMWMWMWMWMWMWMWMWMWMWMWM",  # no break: cut short
    "JO WOLFESCHLEGELSTEINHAUSENBERGERDORFF-MONTGOMERY-WHITFIELD",  # two lines, at a hyphen
]


@pytest.fixture
def pack(quarter_pack):
    return quarter_pack


def name_sizes(pdf: bytes, page: int, name: str) -> set[float]:
    """The font sizes of the letters of `name`'s first word on the page."""
    textpage = pdfium.PdfDocument(pdf)[page].get_textpage()
    start, count = textpage.search(name.split()[0][:8], match_case=True).get_next()
    return {
        round(pdfium_c.FPDFText_GetFontSize(textpage.raw, k), 2)
        for k in range(start, start + count)
    }


def test_names_in_five_scripts_come_back_from_the_pdf(pack):
    text = " ".join(page_texts(pack.documents["score-sheets.pdf"]))
    for name in NAMES[:6]:
        assert name in text, name
    assert not [w for w in pack.warnings if any(n in w for n in NAMES[:7])]


def test_a_long_name_wraps_to_two_lines_at_seven_pt_or_more(pack):
    pdf = pack.documents["score-sheets.pdf"]
    words = NAMES[6].split()
    lines = [
        line for line in pdfium.PdfDocument(pdf)[1].get_textpage().get_text_bounded().split("\n")
    ]
    found = [line.strip() for line in lines if line.strip().startswith("WMWM")]
    assert len(found) == 2 and " ".join(found).split() == words
    assert min(name_sizes(pdf, 1, NAMES[6])) >= 7


def test_a_name_too_long_for_two_lines_is_cut_short_and_warned_about(pack):
    pdf = pack.documents["score-sheets.pdf"]
    text = page_texts(pdf)[1]
    shown = next(word for word in text.split() if word.startswith("Wolfe"))
    assert shown.endswith("…") and NAMES[7].startswith(shown[:-1])
    assert min(name_sizes(pdf, 1, NAMES[7])) >= 7
    (warning,) = [w for w in pack.warnings if "Wolfe" in w]
    assert warning.startswith("sheet 8:") and shown in warning


def printed_lines(pdf: bytes, page: int, name: str) -> list[str]:
    """The lines `name` is printed on, top first: its letters grouped by where they stand
    (pdfium itself joins a line that ends in a hyphen to the next)."""
    textpage = pdfium.PdfDocument(pdf)[page].get_textpage()
    at, _count = textpage.search(name.split("-")[0], match_case=True).get_next()
    rows: dict[int, str] = {}
    for k in range(at, min(at + len(name) + 2, textpage.count_chars())):
        char = textpage.get_text_range(k, 1)
        if char in "\r\n\x02\ufffe":  # line ends, and pdfium's marks for a hyphen it joined
            char = "" if char in "\r\n" else "-"
        if char:
            bottom = textpage.get_charbox(k)[1]
            row = next((r for r in rows if abs(r - bottom) < 3), round(bottom))
            rows[row] = rows.get(row, "") + char
    return [rows[r].strip() for r in sorted(rows, reverse=True)]


def test_a_hyphenated_name_breaks_after_a_hyphen_when_no_space_does_better(pack):
    pdf = pack.documents["score-sheets.pdf"]
    lines = printed_lines(pdf, 2, NAMES[8])
    assert lines == ["JO WOLFESCHLEGELSTEINHAUSENBERGERDORFF-", "MONTGOMERY-WHITFIELD"]
    assert min(name_sizes(pdf, 2, "JO")) >= 7
    assert not [w for w in pack.warnings if "MONTGOMERY" in w]


def test_a_space_still_wins_over_a_hyphen_that_breaks_no_better():
    from bunco_print.printing.layout.fonts import chain
    from bunco_print.theming import themes

    fonts = chain([themes.load("classic").font("body", "700")])
    name = "Mary-Kate Olsen-Whitfield"
    width = fonts.width(name, 14) * 0.7  # too narrow for one line at 14 pt
    text, size, whole = fonts.fit_lines(name, width, 40, 14, 12)
    assert text == "Mary-Kate\nOlsen-Whitfield" and whole and size >= 12
    text, _size, whole = fonts.fit_lines("Olsen-Whitfield", width * 0.5, 40, 14, 12)
    assert text == "Olsen-\nWhitfield" and whole
