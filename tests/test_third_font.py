"""A theme from a folder outside the package, with a font no template or module knows by name:
every stamped name and number must land in its slot, on its line, as a reader of the PDF finds it.
"""

from __future__ import annotations

import io

import pikepdf
import pypdfium2 as pdfium
import pytest

from bunco_print.printing.layout import lay_out
from bunco_print.printing.pack import PackRequest, build_pack, documents_for
from bunco_print.theming import themes

NAMES = ["Ann Ashby", "Bea Brightwater-Holm", "Cai", "Dot Delacroix", "Eve", "Flo Fairweather"]
THEME_TOML = """
title = "Chalkboard Bunco"
description = "Hand-lettered, in a font only this folder names."
extends = "classic"

[colors]
accent = "#2f5d8a"

[fonts.display]
family = "Amatic SC"
package = "font_amatic_sc"
files = { "400" = "files/AmaticSC-Regular.ttf", "700" = "files/AmaticSC-Bold.ttf" }

[fonts.body]
family = "Amatic SC"
package = "font_amatic_sc"
files = { "400" = "files/AmaticSC-Regular.ttf", "700" = "files/AmaticSC-Bold.ttf" }
"""


@pytest.fixture(scope="module")
def chalk(tmp_path_factory):
    folder = tmp_path_factory.mktemp("themes") / "chalkboard"
    folder.mkdir()
    (folder / "theme.toml").write_text(THEME_TOML, encoding="utf-8")
    return folder


def _found(page: pdfium.PdfPage, text: str, height: float) -> list[tuple[float, ...]]:
    """Boxes (left, top, right, bottom in pt from the top-left) of each place `text` is."""
    textpage = page.get_textpage()
    searcher = textpage.search(text, match_case=True)
    boxes = []
    while (hit := searcher.get_next()) is not None:
        start, count = hit
        chars = [textpage.get_charbox(i) for i in range(start, start + count)]
        chars = [c for c in chars if c[2] > c[0]]  # spaces have no box
        left, right = min(c[0] for c in chars), max(c[2] for c in chars)
        bottom, top = min(c[1] for c in chars), max(c[3] for c in chars)
        boxes.append((left, height - top, right, height - bottom))
    return boxes


@pytest.mark.parametrize("per_page", [1, 4])
def test_stamped_names_and_numbers_sit_in_their_slots_in_a_third_font(chalk, per_page):
    theme = themes.load(chalk)
    assert theme.family("body") == "Amatic SC" and theme.font("body").name.startswith("Amatic")
    request = PackRequest(
        players=len(NAMES), theme=str(chalk), names=NAMES, seed=4, per_page=per_page
    )
    pack = build_pack(request)
    event = pack.event
    page = lay_out(
        event,
        event.ruleset,
        theme,
        "letter",
        per_page,
        documents_for(event, event.ruleset),
    ).page("score_sheet")
    with pikepdf.open(io.BytesIO(pack.documents["score-sheets.pdf"])) as doc:
        fonts = {
            str(f.get("/BaseFont", ""))
            for f in doc.objects
            if isinstance(f, pikepdf.Dictionary) and f.get("/Type") == "/Font"
        }
    assert any("AmaticSC" in f for f in fonts), fonts  # the names are stamped in the third font
    pdf = pdfium.PdfDocument(pack.documents["score-sheets.pdf"])
    for number, name in enumerate(NAMES, start=1):
        sheet_page = pdf[(number - 1) // per_page]
        height = sheet_page.get_height()
        slots = {s.kind: s.box for s in page.slots_of((number - 1) % per_page)}
        for text, kind in ((name, "name"), (f"Sheet {number}", "number")):
            found = _found(sheet_page, text, height)
            assert len(found) == 1, f"{text!r} is printed {len(found)} times on its page"
            left, top, right, bottom = found[0]
            box = slots[kind]
            assert box.x - 0.5 <= left and right <= box.right + 0.5, (text, found, box)
            # On its line: the letters stand inside the slot's height, not above or below it.
            assert box.y - 1 <= top and bottom <= box.bottom + 1, (text, found, box)
