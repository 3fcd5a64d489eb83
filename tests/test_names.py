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
    "Wolfeschlegelsteinhausenbergerdorff-WMWMWMWMWMWMWMWMWMWMWMWM",  # no space: cut short
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
