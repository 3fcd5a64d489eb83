"""Each of WeasyPrint's fonts notes the file it was cut from (pdf/faces.name_faces), reading
whole only the files whose PostScript name a font has: a page in the theme's fonts reads none
of the fallback fonts (one of them, for Chinese, is 4 MB)."""

from __future__ import annotations

from io import BytesIO

import pikepdf
import pytest

from bunco_print.printing import render
from bunco_print.printing.pdf import faces, fallback_fonts
from bunco_print.printing.pdf.fonts import FACE
from bunco_print.theming import themes

THEME = themes.load("february")  # Lato (TrueType) and Kaushan Script (CFF)
FILES = (THEME.font("body"), THEME.font("display"))


def weasyprint_page(body: str) -> pikepdf.Pdf:
    css = "".join(
        f'@font-face {{ font-family: "F{i}"; src: url("{path.as_uri()}"); }}'
        for i, path in enumerate(FILES)
    )
    html = f'<style>{css} p {{ font-family: "F0" }} h1 {{ font-family: "F1" }}</style>{body}'
    return pikepdf.open(BytesIO(render.write_pdf(render.layout(html))))


def noted(pdf: pikepdf.Pdf) -> list[str]:
    """The file each of the page's fonts notes (or "" where it notes none)."""
    found = []
    for font in pdf.pages[0].Resources.Font.values():
        for cid in font.get("/DescendantFonts", ()):
            found.append(str(cid.FontDescriptor.get(FACE, "")))
    return sorted(found)


@pytest.fixture
def read_whole(monkeypatch) -> list:
    """The font files name_faces reads whole (their glyphs' metrics and character map)."""
    read = []
    whole = faces.font_info
    monkeypatch.setattr(faces, "font_info", lambda path: read.append(path) or whole(path))
    return read


def test_a_page_in_the_themes_fonts_reads_no_fallback_font(read_whole):
    pdf = weasyprint_page("<h1>Sweetheart Bunco</h1><p>Three dice, four sets</p>")
    faces.name_faces(pdf, [*FILES, *fallback_fonts("400"), *fallback_fonts("700")])
    assert noted(pdf) == sorted(map(str, FILES))
    assert sorted(read_whole) == sorted(FILES)


def test_a_letter_only_a_fallback_font_has_is_noted_with_that_font(read_whole):
    pdf = weasyprint_page("<p>Bunco \u6708</p>")  # a Chinese letter: a fallback font's
    fallbacks = fallback_fonts("400")
    faces.name_faces(pdf, [*FILES, *fallbacks])
    [other] = set(noted(pdf)) - {str(FILES[0])}  # Lato's letters, and the fallback's
    assert other in map(str, fallbacks)
    assert sorted(map(str, read_whole)) == noted(pdf)  # the fallback that has it, no other
