"""Tests for printing.pdf: read the output as a person would (text, pixels, QR codes)."""

import subprocess
from datetime import UTC, datetime
from io import BytesIO

import pytest
import qrcode
import weasyprint
import zxingcpp
from pypdf import PdfReader
from qrcode.constants import ERROR_CORRECT_M
from qrcode.util import MODE_8BIT_BYTE, QRData

from bunco_print.printing import qr
from bunco_print.printing.pdf import QR, Art, PageSpec, Text, assemble, concatenate

from . import stamping
from .stamping import (
    FREDOKA,
    LATO,
    NAME,
    QR_SLOTS,
    grow,
    ink,
    pdftotext,
    px,
    render,
    text_page,
)

layout = stamping.layout  # fixture
pieces = stamping.pieces  # fixture


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
    # WeasyPrint gives every page (and every opacity group and tiling pattern) the document's
    # whole resource dictionary: all its fonts and images. A document using one page must not
    # carry the rest.
    faces = {"lato": LATO, "fredoka": FREDOKA}
    css = "".join(
        f"@font-face {{ font-family: {k}; src: url({v.as_uri()}) }}" for k, v in faces.items()
    )
    tile = "<svg xmlns='http://www.w3.org/2000/svg' width='8' height='8'>"
    tile += "<rect width='4' height='4'/></svg>"
    css += f'p {{ background: url("data:image/svg+xml,{tile}") repeat }}'
    html = f"<style>{css} p {{ page-break-after: always; opacity: 0.8 }}</style>" + "".join(
        f"<p style='font-family: {k}'>Page set in {k}</p>" for k in faces
    )
    template = weasyprint.HTML(string=html).write_pdf()
    for index, (face, other) in enumerate([("lato", "fredoka"), ("fredoka", "lato")]):
        pdf = assemble(template, [PageSpec(index)])
        fonts = (
            subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True)
            .stdout.decode()
            .lower()
        )
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
    assert set(undated.metadata) == {"/Producer", "/Creator", "/Author", "/Title"}
    assert b"Date" not in undated.trailer["/Root"]["/Metadata"].get_data()
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


def test_qr_fills_the_square_with_a_four_module_quiet_zone(layout):
    _, anchors = layout
    pdf = text_page(layout, [("art2", QR("https://example.org/abc", "#123456"))])
    image = render(pdf, 0)
    box = px(anchors[0]["art2"])  # 2in x 2in
    x1, y1, x2, y2 = ink(image, grow(box, 20))
    assert qr.qr_grid("https://example.org/abc")[0].n == 25  # version 2
    module = (box[2] - box[0]) / (25 + 8)  # a 4-module quiet zone on each side
    assert abs(x1 - (box[0] + 4 * module)) <= 1 and abs(x2 - (box[2] - 4 * module)) <= 1
    assert abs(y1 - (box[1] + 4 * module)) <= 1 and abs(y2 - (box[3] - 4 * module)) <= 1
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
