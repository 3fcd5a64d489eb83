"""Tests for bunco_print.pdf: read the output like a person would (text, pixels, QR decoding)."""

import subprocess
from datetime import UTC, datetime
from importlib.resources import files
from io import BytesIO
from pathlib import Path

import pypdfium2
import pytest
import qrcode
import weasyprint
import zxingcpp
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_8BIT_BYTE, QRData

from bunco_print import qr
from bunco_print.pdf import QR, Art, PageSpec, Rect, Text, assemble, concatenate, missing_glyphs
from bunco_print.pdf.fonts import font_info

LATO = Path(str(files("font_lato") / "files/Lato-Bold.ttf"))
FREDOKA = Path(str(files("font_fredoka_one") / "files/FredokaOne-Regular.ttf"))
DPI = 150
NAME = "Zoë Łucja O'Brien"

# Slots sit on whole inches so that they fall on whole pixels at 150 dpi; nothing else is drawn
# near them, so any ink around a slot comes from the stamps.
TEMPLATE_HTML = """<style>
  @page { size: letter; margin: 0 }  @page handout { size: A4; margin: 1in }
  body { margin: 0; font-family: sans-serif }
  .slot { position: absolute; width: 3in; height: 0.5in }
  #box { position: absolute; left: 5in; top: 6in; width: 2in; height: 1in; background: #ff0 }
  h1 { position: absolute; left: 1in; top: 9.5in; margin: 0; font-size: 20px }
  .page { position: relative; height: 10in }  .qrpage { page-break-before: always }
  .qr { position: absolute; width: 1in; height: 1in }
  .handout { page: handout; page-break-before: always }
</style>
<div class=page><h1>Bunco Night Rules</h1>
<div class=slot id=name style="left: 1in; top: 1in; width: 4in"></div>
<div class=slot id=upright style="left: 1in; top: 2in"></div>
<div class=slot id=upside style="left: 1in; top: 3in"></div>
<div class=slot id=narrow style="left: 5.5in; top: 2in; width: 1.5in"></div>
<div class=slot id=left style="left: 1in; top: 6in"></div>
<div class=slot id=right style="left: 1in; top: 7in"></div>
<div class=slot id=art style="left: 1in; top: 4in; height: 1.5in"></div>
<div class=slot id=art2 style="left: 5in; top: 3in; width: 2in; height: 2in"></div>
<div id=box></div></div>
<div class="page qrpage"><h1 style="top: 0.2in">QR page</h1>
  {qr_slots}
</div>
<div class=handout><p>Rules handout: roll three dice.</p></div>
"""
QR_SLOTS = [(col, row) for row in (1, 3, 5, 7, 9) for col in (1, 5)]

PIECES_HTML = """<style>@page { size: 200px 100px; margin: 0 } body { margin: 0 }
  div { height: 100px } .half { float: left; width: 100px }</style>
<div style="background: #f00"></div>
<div style="page-break-before: always"><div class=half style="background: #f00"></div>
  <div class=half style="background: #00f"></div></div>"""


@pytest.fixture(scope="module")
def layout():
    slots = "".join(
        f'<div class=qr id=qr{i} style="left: {c}in; top: {r}in"></div>'
        for i, (c, r) in enumerate(QR_SLOTS)
    )
    document = weasyprint.HTML(string=TEMPLATE_HTML.replace("{qr_slots}", slots)).render()
    anchors = [{k: Rect.from_anchor(v) for k, v in page.anchors.items()} for page in document.pages]
    return document.write_pdf(), anchors


@pytest.fixture(scope="module")
def pieces():
    return weasyprint.HTML(string=PIECES_HTML).write_pdf()


def render(pdf: bytes, index: int) -> Image.Image:
    return pypdfium2.PdfDocument(pdf)[index].render(scale=DPI / 72).to_pil().convert("RGB")


def px(rect: Rect) -> tuple[int, int, int, int]:
    """A CSS-px rect as image pixels at DPI."""
    k = DPI / 96
    return round(rect.x1 * k), round(rect.y1 * k), round(rect.x2 * k), round(rect.y2 * k)


def grow(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def ink(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """Bounding box, in page pixels, of the non-white pixels inside `box`."""
    found = image.crop(box).convert("L").point(lambda v: 255 if v < 200 else 0).getbbox()
    return found and (found[0] + box[0], found[1] + box[1], found[2] + box[0], found[3] + box[1])


def pdftotext(pdf: bytes, page: int) -> str:
    result = subprocess.run(
        ["pdftotext", "-f", str(page + 1), "-l", str(page + 1), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return result.stdout.decode()


def text_page(layout, stamps, background=0) -> bytes:
    template, anchors = layout
    return assemble(
        template,
        [PageSpec(background, tuple((anchors[background][slot], s) for slot, s in stamps))],
    )


# ------------------------------------------------------------------------- structure


def test_page_count_sizes_and_static_pages(layout):
    template, _ = layout
    pdf = assemble(template, [PageSpec(0), PageSpec(2), PageSpec(1), PageSpec(0)])
    reader = PdfReader(BytesIO(pdf), strict=True)
    sizes = [
        (round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2))
        for p in reader.pages
    ]
    assert sizes == [(612, 792), (595.28, 841.89), (612, 792), (612, 792)]
    assert "Rules handout: roll three dice." in reader.pages[1].extract_text()
    assert "Rules handout" in pdftotext(pdf, 1)
    assert "QR page" in pdftotext(pdf, 2)


def test_background_is_stored_once(layout):
    template, anchors = layout
    pages = [
        PageSpec(0, ((anchors[0]["name"], Text(f"Player {i}", LATO, 20)),)) for i in range(300)
    ]
    pdf = assemble(template, pages)
    reader = PdfReader(BytesIO(pdf))
    forms = {p["/Resources"]["/XObject"].raw_get("/B0").idnum for p in reader.pages}
    assert len(forms) == 1
    # the template embeds a font and its pages; 300 copies would be ~300 x its size
    assert len(pdf) < len(template) + 60_000 + 300 * 400, len(pdf)


def test_only_the_resources_a_background_uses_are_copied():
    # WeasyPrint gives every page (and every opacity group) the document's whole resource
    # dictionary: all its fonts and images. A document using one page must not carry the rest.
    faces = {"lato": LATO, "fredoka": FREDOKA}
    css = "".join(
        f"@font-face {{ font-family: {k}; src: url({v.as_uri()}) }}" for k, v in faces.items()
    )
    html = f"<style>{css} p {{ page-break-after: always; opacity: 0.8 }}</style>" + "".join(
        f"<p style='font-family: {k}'>Page set in {k}</p>" for k in faces
    )
    template = weasyprint.HTML(string=html).write_pdf()
    for index, (face, other) in enumerate([("lato", "fredoka"), ("fredoka", "lato")]):
        pdf = assemble(template, [PageSpec(index)])
        fonts = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True).stdout.decode()
        assert face in fonts and other not in fonts
        assert f"Page set in {face}" in pdftotext(pdf, 0)


def test_deterministic_with_id_and_dates(layout, pieces):
    template, anchors = layout
    specs = [
        PageSpec(
            0,
            (
                (anchors[0]["name"], Text(NAME, LATO, 20)),
                (anchors[0]["art"], Art(0)),
                (anchors[0]["upside"], QR("https://example.org/x")),
            ),
        ),
        PageSpec(2),
    ]
    first = assemble(template, specs, pieces, title="Night")
    assert assemble(template, specs, pieces, title="Night") == first
    # No clock reading can get in: a date would be in the info dictionary or XMP metadata, and
    # the file ID is a hash of the content (other pages below give another ID).
    undated = PdfReader(BytesIO(first), strict=True)
    assert set(undated.metadata) == {"/Producer", "/Title"}
    assert "/Metadata" not in undated.trailer["/Root"]
    assert len(undated.trailer["/ID"]) == 2 and len(undated.trailer["/ID"][0]) == 16
    when = datetime(2024, 3, 1, 19, 30, tzinfo=UTC)
    dated = assemble(template, specs, pieces, title="Night", creation_date=when)
    assert dated == assemble(template, specs, pieces, title="Night", creation_date=when)
    reader = PdfReader(BytesIO(dated))
    assert reader.metadata.creation_date == when
    assert reader.metadata.title == "Night"
    other = assemble(template, specs[:1], pieces, title="Night", creation_date=when)
    assert reader.trailer["/ID"][0] != PdfReader(BytesIO(other)).trailer["/ID"][0]


def test_concatenate_keeps_pages_text_and_shares_fonts(layout):
    template, anchors = layout
    docs = [
        assemble(
            template,
            [
                PageSpec(0, ((anchors[0]["name"], Text(f"{NAME} {d}{i}", LATO, 20)),))
                for i in range(3)
            ]
            + [PageSpec(2)],
        )
        for d in "ab"
    ]
    pack = concatenate(docs, title="Pack")
    assert pack == concatenate(docs, title="Pack")
    reader = PdfReader(BytesIO(pack), strict=True)
    assert len(reader.pages) == 8 and reader.metadata.title == "Pack"
    assert [round(float(p.mediabox.height)) for p in reader.pages] == [792] * 3 + [842] + [
        792
    ] * 3 + [842]
    for page, label in zip([0, 1, 2, 4, 5, 6], ["a0", "a1", "a2", "b0", "b1", "b2"], strict=True):
        assert f"{NAME} {label}" in reader.pages[page].extract_text()
        assert f"{NAME} {label}" in pdftotext(pack, page)
    assert "Rules handout" in pdftotext(pack, 7)
    # identical objects (the Lato file, the template's fonts) are stored once
    assert len(pack) < sum(map(len, docs)) * 0.7


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


# ------------------------------------------------------------------------- QR codes


def test_forty_qr_codes_decode_in_their_slots(layout):
    template, anchors = layout
    urls = [
        f"https://bunco.example.org/score/spring-party-2024/sheet/{i:03d}"
        f"?t=3f9a1c0e5b7d2a4c6e8f0a{i * 7919 % 10000:04d}"
        for i in range(40)
    ]
    assert all(85 <= len(u) <= 95 for u in urls)
    per_page = len(QR_SLOTS)
    specs = [
        PageSpec(
            1, tuple((anchors[1][f"qr{i}"], QR(urls[p * per_page + i])) for i in range(per_page))
        )
        for p in range(4)
    ]
    pdf = assemble(template, specs)
    for p in range(4):
        image = render(pdf, p)
        found = zxingcpp.read_barcodes(image)
        assert len(found) == per_page
        for barcode in found:
            pos = barcode.position
            cx = (pos.top_left.x + pos.bottom_right.x) / 2
            cy = (pos.top_left.y + pos.bottom_right.y) / 2
            slot = next(
                i
                for i in range(per_page)
                if px(anchors[1][f"qr{i}"])[0] < cx < px(anchors[1][f"qr{i}"])[2]
                and px(anchors[1][f"qr{i}"])[1] < cy < px(anchors[1][f"qr{i}"])[3]
            )
            assert barcode.text == urls[p * per_page + slot]


def test_qr_fills_the_square_with_a_quiet_zone(layout):
    _, anchors = layout
    pdf = text_page(layout, [("art2", QR("https://example.org/abc", "#123456"))])
    image = render(pdf, 0)
    box = px(anchors[0]["art2"])  # 2in x 2in
    x1, y1, x2, y2 = ink(image, grow(box, 20))
    assert qr.qr_grid("https://example.org/abc")[0].n == 25  # version 2
    module = (box[2] - box[0]) / (25 + 4)  # a 2-module quiet zone on each side
    assert abs(x1 - (box[0] + 2 * module)) <= 1 and abs(x2 - (box[2] - 2 * module)) <= 1
    assert abs(y1 - (box[1] + 2 * module)) <= 1 and abs(y2 - (box[3] - 2 * module)) <= 1
    assert image.getpixel((x1 + 3, y1 + 3)) == (0x12, 0x34, 0x56)  # finder pattern corner
    assert zxingcpp.read_barcodes(image)[0].text == "https://example.org/abc"


@pytest.mark.parametrize("length", [0, 1, 13, 14, 84, 85, 106, 107, 213, 214, 500, 1200])
def test_qr_modules_match_the_qrcode_library(length):
    data = ("bunco/Zoë?" * 200)[:length]
    reference = qrcode.QRCode(error_correction=ERROR_CORRECT_M, mask_pattern=qr.QR_MASK, border=0)
    reference.add_data(QRData(data.encode(), mode=MODE_8BIT_BYTE))
    reference.make(fit=True)
    layout, grid = qr.qr_grid(data)
    rows = [grid[i : i + layout.n] for i in range(0, len(grid), layout.width)]
    assert rows == ["".join("01"[m] for m in row) for row in reference.modules]


# ------------------------------------------------------------------------- art and coordinates


def test_art_is_drawn_inside_its_rect_and_rotates(layout, pieces):
    template, anchors = layout
    pdf = assemble(
        template,
        [PageSpec(0, ((anchors[0]["art"], Art(0)), (anchors[0]["art2"], Art(1, rotate=180))))],
        pieces,
    )
    image = render(pdf, 0)
    art = px(anchors[0]["art"])  # 3in x 1.5in: the 2:1 piece fills it
    assert ink(image, grow(art, 30)) == pytest.approx(art, abs=1)
    assert image.getpixel(((art[0] + art[2]) // 2, (art[1] + art[3]) // 2)) == (255, 0, 0)
    square = px(anchors[0]["art2"])  # 2in x 2in: the piece is 2in x 1in, centred vertically
    quarter = (square[3] - square[1]) // 4
    assert ink(image, grow(square, 30)) == pytest.approx(
        (square[0], square[1] + quarter, square[2], square[3] - quarter), abs=1
    )
    mid_y = (square[1] + square[3]) // 2
    assert image.getpixel((square[0] + 20, mid_y)) == (0, 0, 255)  # turned: blue half on the left
    assert image.getpixel((square[2] - 20, mid_y)) == (255, 0, 0)


def test_rect_convention_matches_weasyprint(layout, pieces):
    """A piece stamped into #box covers exactly the yellow box WeasyPrint drew there."""
    template, anchors = layout
    box = px(anchors[0]["box"])
    near = grow(box, 40)
    background = render(template, 0).crop(near)
    yellow = background.split()[2].point(lambda v: 255 if v < 128 else 0).getbbox()
    assert yellow == pytest.approx((40, 40, 40 + box[2] - box[0], 40 + box[3] - box[1]), abs=1)
    pdf = assemble(template, [PageSpec(0, ((anchors[0]["box"], Art(0)),))], pieces)
    stamped = render(pdf, 0).crop(near)
    red = stamped.split()[1].point(lambda v: 255 if v < 128 else 0).getbbox()
    assert red == pytest.approx(yellow, abs=1)


def test_pieces_may_be_the_template_itself(layout):
    template, anchors = layout
    pdf = assemble(template, [PageSpec(2, ((anchors[0]["art"], Art(0)),))], template)
    assert "Bunco Night Rules" in pdftotext(pdf, 0)  # page 0, drawn small on the A4 handout
    assert "Rules handout" in pdftotext(pdf, 0)


def test_bad_stamps_are_refused(layout):
    template, anchors = layout
    with pytest.raises(ValueError):
        assemble(template, [PageSpec(0, ((anchors[0]["art"], Art(0)),))])
    with pytest.raises(ValueError):
        Text("x", LATO, 12, rotate=90)
    with pytest.raises(ValueError):
        Art(0, rotate=45)


def test_four_hundred_pages(layout):
    """How fast: see benchmarks/bench_stamp.py (no test asserts wall-clock time)."""
    template, anchors = layout
    a = anchors[0]
    specs = [
        PageSpec(
            0,
            (
                (a["name"], Text(f"Player {i}", LATO, 20)),
                (a["left"], Text(f"Table {i % 17}", LATO, 20)),
                (a["art2"], QR(f"https://bunco.example.org/s/{i:04d}?t=" + "ab" * 20)),
            ),
        )
        for i in range(400)
    ]
    pdf = assemble(template, specs)
    assert len(PdfReader(BytesIO(pdf)).pages) == 400
    assert "Player 399" in pdftotext(pdf, 399) and "Table 8" in pdftotext(pdf, 399)
