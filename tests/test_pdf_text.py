"""Stamped text: where it lands, how it reads back, and the font subsets embedded for it."""

import re
import subprocess
import time
from io import BytesIO
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont
from PIL import ImageChops, ImageStat
from pypdf import PdfReader

from bunco_print.printing.pdf import PageSpec, Text, assemble, missing_glyphs
from bunco_print.printing.pdf.fonts import font_info

from . import stamping
from .stamping import (
    DPI,
    FREDOKA,
    LATO,
    NAME,
    grow,
    ink,
    pdftotext,
    px,
    render,
    text_page,
)

layout = stamping.layout  # fixture


# ------------------------------------------------------------------------- text


def test_text_extracts_on_its_own_page(layout):
    template, anchors = layout
    names = [NAME, "Ana María", "Søren Kierkegaard"]
    pdf = assemble(
        template,
        [
            PageSpec(
                0,
                (
                    (anchors[0]["name"], Text(n, LATO, 20)),
                    (anchors[0]["left"], Text(f"Table {i + 1}", FREDOKA, 16, align="left")),
                ),
            )
            for i, n in enumerate(names)
        ],
    )
    reader = PdfReader(BytesIO(pdf))
    for i, name in enumerate(names):
        for text in (reader.pages[i].extract_text(), pdftotext(pdf, i)):
            assert name in text and f"Table {i + 1}" in text and "Bunco Night Rules" in text
            assert all(other not in text for other in names if other != name)


def test_text_is_centred_in_its_rect(layout):
    _, anchors = layout
    rect = anchors[0]["name"]
    image = render(text_page(layout, [("name", Text("HHHHHH", LATO, 24))]), 0)
    x1, y1, x2, y2 = ink(image, grow(px(rect), 40))
    box = px(rect)
    assert abs((x1 + x2) / 2 - (box[0] + box[2]) / 2) <= 2
    assert abs((y1 + y2) / 2 - (box[1] + box[3]) / 2) <= 3  # caps centred, within a pixel or two
    assert 20 <= y2 - y1 <= 40  # 24pt capitals are ~35 px tall at 150 dpi: not shrunk


@pytest.mark.parametrize("align", ["left", "right"])
def test_text_alignment(layout, align):
    _, anchors = layout
    image = render(text_page(layout, [(align, Text("Imp", LATO, 24, align=align))]), 0)
    box = px(anchors[0][align])
    x1, _, x2, _ = ink(image, grow(box, 40))
    if align == "left":
        assert 0 <= x1 - box[0] <= 6 and x2 < (box[0] + box[2]) / 2
    else:
        assert 0 <= box[2] - x2 <= 6 and x1 > (box[0] + box[2]) / 2


def test_long_text_is_shrunk_to_fit_its_width(layout):
    _, anchors = layout
    long = "Bartholomew Fitzgerald-Montgomery III"
    pdf = text_page(layout, [("narrow", Text(long, LATO, 24))])
    box = px(anchors[0]["narrow"])
    x1, y1, x2, y2 = ink(render(pdf, 0), grow(box, 60))
    assert box[0] - 1 <= x1 and x2 <= box[2] + 1  # inside the rect
    assert x2 - x1 > 0.9 * (box[2] - box[0])  # and filling it: shrunk no more than needed
    assert box[1] <= y1 and y2 <= box[3]
    assert long in pdftotext(pdf, 0)
    # the same text without the need to shrink is wider than the slot
    font = font_info(LATO)
    natural_pt = sum(font.advances[font.cmap[ord(c)]] for c in long) * 24 / font.upm
    assert natural_pt > 2 * (anchors[0]["narrow"].x2 - anchors[0]["narrow"].x1) * 0.75


def test_rotated_text_is_upside_down(layout):
    _, anchors = layout
    words = "Fold here, Jo!"
    pdf = text_page(
        layout,
        [
            ("upright", Text(words, LATO, 22, "#c00000")),
            ("upside", Text(words, LATO, 22, "#c00000", rotate=180)),
        ],
    )
    image = render(pdf, 0)
    upright = image.crop(px(anchors[0]["upright"])).convert("L")
    upside = image.crop(px(anchors[0]["upside"])).convert("L")
    assert ink(image, px(anchors[0]["upside"])) is not None

    def diff(a, b):
        return ImageStat.Stat(ImageChops.difference(a, b)).mean[0]

    turned = upside.rotate(180)
    assert diff(upright, turned) < 0.25 * diff(upright, upside)
    assert diff(upright, turned) < 3
    text = pdftotext(pdf, 0)
    assert words in text  # the upright one


def test_missing_glyphs_fall_back_to_notdef(layout):
    pdf = text_page(
        layout, [("name", Text("Dé 漢字 🎲 ok", LATO, 20)), ("left", Text("", LATO, 20))]
    )
    assert "Dé" in pdftotext(pdf, 0) and "ok" in pdftotext(pdf, 0)
    assert missing_glyphs(LATO, "Dé 漢字 🎲 ok 漢") == "漢字🎲"
    assert ink(render(pdf, 0), px(layout[1][0]["name"])) is not None


def test_cff_opentype_font(layout, tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    def box_glyph(width):
        pen = T2CharStringPen(width, None)
        pen.moveTo((50, 0)), pen.lineTo((50, 700)), pen.lineTo((width - 50, 700))
        pen.lineTo((width - 50, 0)), pen.closePath()
        return pen.getCharString()

    builder = FontBuilder(1000, isTTF=False)
    builder.setupGlyphOrder([".notdef", "A", "B"])
    builder.setupCharacterMap({ord("A"): "A", ord("B"): "B"})
    builder.setupCFF(
        "BoxSans", {"FullName": "BoxSans"}, {g: box_glyph(600) for g in (".notdef", "A", "B")}, {}
    )
    builder.setupHorizontalMetrics({g: (600, 50) for g in (".notdef", "A", "B")})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable(
        {"familyName": "BoxSans", "styleName": "Regular", "psName": "BoxSans-Regular"}
    )
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    path = tmp_path / "BoxSans.otf"
    builder.save(path)
    pdf = text_page(layout, [("name", Text("ABBA", path, 24))])
    assert "ABBA" in pdftotext(pdf, 0)
    x1, _, x2, _ = ink(render(pdf, 0), px(layout[1][0]["name"]))
    assert x2 - x1 > 4 * 0.5 * 24 * DPI / 72  # four boxes, each 0.5 em wide


# ------------------------------------------------------------------------- embedded subsets

ACCENTED = ["Zoë Ångström-Łukasiewicz", "Ana María Nuñez", "Søren Kierkegaard", "François Œuvre"]


def embedded_fonts(pdf: bytes) -> dict[str, TTFont]:
    """The font programs embedded for text stamps (simple TrueType fonts, their text in 1-byte
    codes, so that ps2write keeps them as outlines), by their PDF font name."""
    found = {}
    for page in PdfReader(BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            assert font["/Subtype"] == "/TrueType", font["/Subtype"]
            data = font["/FontDescriptor"]["/FontFile2"].get_object().get_data()
            found[str(font["/BaseFont"])] = TTFont(BytesIO(data))
    return found


@pytest.fixture(params=["hb-subset", "fontTools"])
def subsetter(request, monkeypatch):
    """Fonts cut by HarfBuzz, or by fontTools as on a machine without libharfbuzz-subset."""
    from bunco_print.printing.pdf import fonts, hb

    if request.param == "fontTools":
        monkeypatch.setattr(hb, "subset", lambda path, gids, unicodes=frozenset(): None)
    fonts.subset_font.cache_clear()
    yield request.param
    fonts.subset_font.cache_clear()


def test_embedded_fonts_are_subsets_that_keep_the_words(layout, subsetter):
    template, anchors = layout
    specs = [
        PageSpec(
            0,
            (
                (anchors[0]["name"], Text(name, LATO, 20)),
                (anchors[0]["left"], Text(f"Table {i + 1}", FREDOKA, 16, align="left")),
            ),
        )
        for i, name in enumerate(ACCENTED)
    ]
    pdf = assemble(template, specs)
    fonts = embedded_fonts(pdf)
    assert len(fonts) == 2
    for base_font, font in fonts.items():
        full = TTFont(LATO if "Lato" in base_font else FREDOKA)
        assert re.fullmatch(r"/[A-Z]{6}\+\S+", base_font)  # a subset's name, as PDF asks
        # glyphs keep their ids, so count the ones with outlines: Lato keeps about 40 of 275
        drawn = [g for g in font.getGlyphOrder() if font["glyf"][g].numberOfContours]
        assert len(drawn) < full["maxp"].numGlyphs / 4
        assert "GPOS" not in font and "fpgm" not in font  # no shaping data, no hinting
    fonts_listed = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True)
    listed = [line.split() for line in fonts_listed.stdout.decode().splitlines()]
    stamp_fonts = [row for row in listed if "Lato" in row[0] or "Fredoka" in row[0]]
    assert len(stamp_fonts) == 2 and all(row[-5:-3] == ["yes", "yes"] for row in stamp_fonts)
    for i, name in enumerate(ACCENTED):
        for text in (PdfReader(BytesIO(pdf)).pages[i].extract_text(), pdftotext(pdf, i)):
            assert name in text and f"Table {i + 1}" in text
        box = px(anchors[0]["name"])
        assert ink(render(pdf, i), grow(box, 40)) is not None


def test_same_subset_whatever_the_clock(layout, monkeypatch, tmp_path):
    """A font subset carries no timestamp of its making, so files do not vary with the clock
    (a fresh copy of the font file, so that nothing comes from a cache)."""
    template, anchors = layout

    def pdf(font: Path) -> bytes:
        font.write_bytes(LATO.read_bytes())
        return assemble(template, [PageSpec(0, ((anchors[0]["name"], Text(NAME, font, 20)),))])

    first = pdf(tmp_path / "a.ttf")
    later = time.time() + 400 * 86400
    monkeypatch.setattr(time, "time", lambda: later)
    assert pdf(tmp_path / "b.ttf") == first


def test_a_fonts_numbers_are_the_same_without_harfbuzz(monkeypatch):
    """Where hb-subset is not installed, fontTools reads the same character map."""
    from bunco_print.printing.pdf import fonts, hb

    with_hb = fonts.font_info.__wrapped__(LATO)
    monkeypatch.setattr(hb, "cmap", lambda path: None)
    without = fonts.font_info.__wrapped__(LATO)
    assert without == with_hb and ord("Ł") in without.cmap
    assert with_hb == fonts._font_info_by_fonttools(LATO)  # the tables read the same way too
