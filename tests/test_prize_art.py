"""The prize sheet's art keeps clear of its heading: every theme's ornaments, however wide its
display font sets "Tonight's Prizes", normal and in large print, read from a rendering of the
printed page (nothing but paper on either side of the heading's words)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest

from bunco_print.printing import orders, render
from bunco_print.printing.pack import build_pack, cached_backgrounds, plan, template_context
from bunco_print.theming import themes

CLEAR = 6  # pt of paper on each side of the heading's letters
DPI = 144
PAPER = 235  # a pixel this light (0..255) or lighter is paper


def _prize_sheet(theme: str, large: bool) -> bytes:
    """The prize sheet's first page as WeasyPrint lays it out (the heading and the theme's
    ornaments are the page's own; only the night's words are stamped later)."""
    request = orders.pack_request(
        dict(players=12, seed=7, date="2026-12-04", theme=theme, large_print=large)
    )
    event, _secret, theme_, ruleset = plan(request, signed=False)
    context = template_context(event, ruleset, theme_, request, ["prize_sheet"])
    return cached_backgrounds(render.render_html("base.html.j2", **context)).pdf


def _heading(page) -> tuple[float, float, float, float]:
    """The heading's letters' box (left, top, right, bottom; pt from the page's top left): the
    page's largest words."""
    textpage, height = page.get_textpage(), page.get_size()[1]
    boxes = [
        (pdfium_c.FPDFText_GetFontSize(textpage.raw, k), textpage.get_charbox(k))
        for k in range(textpage.count_chars())
        if textpage.get_text_range(k, 1).strip()
    ]
    largest = max(size for size, _box in boxes)
    letters = [box for size, box in boxes if size > largest - 0.1]
    return (
        min(b[0] for b in letters),
        height - max(b[3] for b in letters),
        max(b[2] for b in letters),
        height - min(b[1] for b in letters),
    )


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large-print"])
@pytest.mark.parametrize("theme", themes.available())
def test_no_art_touches_the_prize_sheets_heading(theme, large):
    page = pdfium.PdfDocument(_prize_sheet(theme, large))[0]
    left, top, right, bottom = _heading(page)
    picture = page.render(scale=DPI / 72, grayscale=True).to_pil().convert("L")
    px = DPI / 72
    for x0, x1 in ((left - CLEAR, left - 1), (right + 1, right + CLEAR)):
        band = picture.crop((round(x0 * px), round(top * px), round(x1 * px), round(bottom * px)))
        inked = sum(band.histogram()[:PAPER])
        assert not inked, (theme, large, "left" if x0 < left else "right", inked)


@pytest.mark.parametrize("theme", themes.available())
def test_the_nights_title_and_date_keep_clear_of_the_heading_in_large_print(theme):
    """The stamped kicker over "Tonight's Prizes": its lowest letter above the heading's
    highest, in each theme's display face at large print's sizes (January's ran into it)."""
    request = orders.pack_request(
        dict(players=4, seed=7, date="2026-12-04", theme=theme, large_print=True)
    )
    page = pdfium.PdfDocument(build_pack(request, forked=False).documents["prize-sheet.pdf"])[0]
    _left, top, _right, _bottom = _heading(page)
    textpage, height = page.get_textpage(), page.get_size()[1]
    above = [
        height - textpage.get_charbox(k)[1]  # a letter's bottom, pt from the page's top
        for k in range(textpage.count_chars())
        if textpage.get_text_range(k, 1).strip() and height - textpage.get_charbox(k)[3] < top
    ]
    assert above, "no kicker over the heading"
    assert max(above) <= top, (theme, round(max(above), 1), round(top, 1))
