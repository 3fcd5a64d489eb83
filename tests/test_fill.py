"""An editable pack filled in by tools, not by a viewer a person types in: pypdf, which writes
each field's appearance itself, and qpdf, which writes it into the appearance the field already
has. What they wrote is then drawn by poppler (pdftoppm, pdftotext) and MuPDF (mutool), as a
print without any viewer would draw it: every value shows, and a 24-letter name fits its line."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pikepdf
import pytest
from PIL import Image, ImageChops
from pypdf import PdfWriter

from bunco_print.printing import orders
from bunco_print.printing.pack import build_pack

from .test_pack import ENGINE

LONG = "Maximiliana Wolkensteiner"  # 24 letters
assert sum(c.isalpha() for c in LONG) == 24
LATIN = "Łucja Żółć"  # Latin Extended-A
DPI = 144  # a date field's 7 pt letters are a few pixels at 72 dpi


@pytest.fixture(scope="module")
def filled(tmp_path_factory) -> dict:
    """An undated editable pack with name tags, and the values each field gets: the first name
    tag and the first score sheet's name line the long name, the second name tag Latin
    Extended-A, every other field a short value."""
    order = dict(players=8, seed=5, date="none", buy_in="none", engine_url=ENGINE, per_page=4)
    pack = build_pack(orders.pack_request(order | dict(editable=True, extras="name-tags")))
    folder = tmp_path_factory.mktemp("filled")
    blank = folder / "pack.pdf"
    blank.write_bytes(pack.pack_pdf)
    values, where = {}, {}
    with pikepdf.open(blank) as pdf:
        pages = {page.obj.objgen: index for index, page in enumerate(pdf.pages)}
        for field in pdf.Root.AcroForm.Fields:
            name = str(field.T)
            where[name] = pages[field.P.objgen], [float(v) for v in field.Rect]
            values[name] = "Eve"
    values["name-tags-1-tag-1-name"] = values["sheet-1-name"] = LONG
    values["name-tags-1-tag-2-name"] = LATIN
    return {"folder": folder, "blank": blank, "values": values, "where": where}


def by_pypdf(filled: dict) -> Path:
    """Filled by pypdf, its own appearances, NeedAppearances off: drawn as pypdf wrote them."""
    writer = PdfWriter(clone_from=filled["blank"])
    for page in writer.pages:
        if "/Annots" in page:
            writer.update_page_form_field_values(page, filled["values"], auto_regenerate=False)
    out = filled["folder"] / "pypdf.pdf"
    writer.write(out)
    with pikepdf.open(out) as pdf:
        assert not pdf.Root.AcroForm.get("/NeedAppearances", False)
    return out


def by_qpdf(filled: dict) -> Path:
    """Only the values set (/V), then `qpdf --generate-appearances`."""
    values = filled["folder"] / "values.pdf"
    with pikepdf.open(filled["blank"]) as pdf:
        for field in pdf.Root.AcroForm.Fields:
            field.V = pikepdf.String(filled["values"][str(field.T)])
        pdf.save(values)
    out = filled["folder"] / "qpdf.pdf"
    subprocess.run(["qpdf", "--generate-appearances", values, out], check=True)
    return out


def drawn(pdf: Path, page: int, tool: str) -> Image.Image:
    """Page `page` (from 0) at DPI, drawn by poppler or MuPDF, in gray."""
    stem = pdf.with_name(f"{pdf.stem}-{tool}-{page}")
    if tool == "poppler":
        number = str(page + 1)
        args = ["pdftoppm", "-r", str(DPI), "-gray", "-f", number, "-l", number, "-singlefile"]
        subprocess.run([*args, "-png", pdf, stem], check=True, capture_output=True)
    else:
        args = ["mutool", "draw", "-q", "-r", str(DPI), "-c", "gray", "-o", f"{stem}.png"]
        subprocess.run([*args, pdf, str(page + 1)], check=True, capture_output=True)
    return Image.open(f"{stem}.png").convert("L")


def new_ink(image: Image.Image, blank: Image.Image, rect: list[float]) -> tuple[int, int, int]:
    """In a PDF rect of a page drawn at DPI, what is dark in `image` but not in `blank` (the
    page before filling): how many pixels, and the leftmost and rightmost columns holding one
    (-1 when none)."""
    x1, y1, x2, y2 = (round(v * DPI / 72) for v in rect)
    box = (x1, image.height - y2, x2, image.height - y1)
    dark = image.crop(box).point(lambda v: 255 if v < 110 else 0)
    light = blank.crop(box).point(lambda v: 255 if v >= 110 else 0)
    new = ImageChops.multiply(dark, light)  # 255 where both
    found = new.getbbox()
    if found is None:
        return 0, -1, -1
    return new.histogram()[255], found[0], found[2] - 1


@pytest.mark.parametrize("filler", [by_pypdf, by_qpdf])
@pytest.mark.parametrize("tool", ["poppler", "mupdf"])
def test_every_value_a_filler_sets_shows_in_the_print(filled, filler, tool):
    out = filler(filled)
    blank_pages = filled.setdefault(tool, {})  # the blank pack's pages, drawn once per tool
    pages: dict[int, Image.Image] = {}
    for name, (page, rect) in filled["where"].items():
        if page not in pages:
            pages[page] = drawn(out, page, tool)
        if page not in blank_pages:
            blank_pages[page] = drawn(filled["blank"], page, tool)
        dark, left, right = new_ink(pages[page], blank_pages[page], rect)
        assert dark > 20, (name, filler.__name__, tool)
        width = round((rect[2] - rect[0]) * DPI / 72)
        assert left > 0 and right < width - 1, name  # inside the field, not cut at its edges


@pytest.mark.parametrize("filler", [by_pypdf, by_qpdf])
def test_a_24_letter_name_fits_its_name_line_and_name_tag(filled, filler):
    """The text the print holds (pdftotext reads the fields' appearances): the whole long name,
    every word inside its field's box."""
    out = filler(filled)
    for name in ("sheet-1-name", "name-tags-1-tag-1-name"):
        page, (x1, y1, x2, y2) = filled["where"][name]
        number = str(page + 1)
        args = ["pdftotext", "-bbox", "-f", number, "-l", number, out, "-"]
        html = subprocess.run(args, check=True, capture_output=True, text=True).stdout
        with pikepdf.open(out) as pdf:
            height = float(pdf.pages[page].mediabox[3])
        found = [
            (float(a), float(c), word)
            for a, b, c, d, word in re.findall(
                r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', html
            )
            if y1 - 2 <= height - float(d) and height - float(b) <= y2 + 2  # its line's band
        ]
        words = [word for left, right, word in found if x1 - 0.5 <= left and right <= x2 + 0.5]
        assert " ".join(words) == LONG, (name, found)


def test_latin_extended_letters_print_as_typed_through_pypdf(filled):
    """pypdf finds Ł, Ż, ć in the field font's program (they are not in its WinAnsi encoding)."""
    out = by_pypdf(filled)
    page, _ = filled["where"]["name-tags-1-tag-2-name"]
    number = str(page + 1)
    args = ["pdftotext", "-f", number, "-l", number, out, "-"]
    assert LATIN in subprocess.run(args, check=True, capture_output=True, text=True).stdout


def test_qpdf_writes_into_the_fields_own_appearance_in_the_themes_font(filled):
    out = by_qpdf(filled)
    with pikepdf.open(out) as pdf:
        field = next(f for f in pdf.Root.AcroForm.Fields if str(f.T) == "sheet-1-name")
        appearance = field.AP.N
        assert LONG.encode() in appearance.read_bytes()
        font = str(field.DA).split()[0]
        assert font in appearance.Resources.Font and font == "/Lato-Bold"
