"""Double-sided sheets (--star-on-back): each back lands behind its own sheet once the paper is
turned over the edge the PDF asks the print dialog for, read from where the words sit."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pypdfium2 as pdfium
import pytest

from .pdftools import smallest_text
from .test_pack import build


def where(page: pdfium.PdfPage, words: str) -> tuple[float, float] | None:
    """The centre of `words` (whole words) on the page, in pt from its top-left corner."""
    textpage = page.get_textpage()
    found = textpage.search(words, match_case=True, match_whole_word=True).get_next()
    if found is None:
        return None
    start, count = found
    boxes = [textpage.get_charbox(k) for k in range(start, start + count)]
    left, right = min(b[0] for b in boxes), max(b[2] for b in boxes)
    bottom, top = min(b[1] for b in boxes), max(b[3] for b in boxes)
    return (left + right) / 2, page.get_height() - (bottom + top) / 2


def turned_over(x: float, y: float, w: float, h: float, flip: str) -> tuple[float, float]:
    """Where a point of the back lies on the front, the paper turned over `flip` edge."""
    long_edge_upright = (flip == "/DuplexFlipLongEdge") == (h >= w)
    return (w - x, y) if long_edge_upright else (x, h - y)


def cell(x: float, y: float, w: float, h: float, cols: int, rows: int) -> tuple[int, int]:
    return int(x * cols // w), int(y * rows // h)


@pytest.mark.parametrize(("per_page", "cols", "rows"), [(1, 1, 1), (2, 2, 1), (4, 2, 2)])
def test_every_back_lies_behind_its_own_sheet(per_page, cols, rows):
    pack = build(13, per_page=per_page, star_on_back=True)
    pdf = pack.documents["score-sheets.pdf"]
    with pikepdf.open(BytesIO(pdf)) as opened:
        flip = str(opened.Root.ViewerPreferences.Duplex)
    with pikepdf.open(BytesIO(pack.pack_pdf)) as opened:
        assert str(opened.Root.ViewerPreferences.Duplex) == flip
    document = pdfium.PdfDocument(pdf)
    checked = 0
    for number in range(1, 14):
        page = (number - 1) // per_page
        front, back = document[2 * page], document[2 * page + 1]
        w, h = front.get_size()
        on_front, on_back = where(front, f"Sheet {number}"), where(back, f"Sheet {number}")
        assert on_front is not None and on_back is not None, number
        behind = turned_over(*on_back, w, h, flip)
        assert cell(*behind, w, h, cols, rows) == cell(*on_front, w, h, cols, rows), number
        checked += 1
    assert checked == 13
    # and nothing on any page is smaller than 6 pt (5 pt for small print at 4 a page)
    size, page, words = smallest_text(pack.pack_pdf)
    assert size >= (5 if per_page == 4 else 6) - 0.01, (page, words)
