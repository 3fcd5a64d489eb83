"""Text in simple fonts (pdf/codes.py, pdf/simple.py): a template's composite (CID) text and the
stamps' text come out in simple TrueType fonts of 1-byte codes, several a face when a file shows
more than 254 of its glyphs, and print and read exactly as before: the same pictures in
poppler and MuPDF, the letters where they were in pdfium, the same words, and letters that
ps2write keeps as outlines."""

from __future__ import annotations

import ctypes
import subprocess
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pikepdf import Dictionary, Name
from PIL import Image, ImageChops

from bunco_print.printing.pdf import PageSpec, Rect, Text, assemble, fallback_fonts
from bunco_print.printing.pdf.fonts import embed, font_info

from .pdftools import fonts_listed
from .stamping import LATO, pdftotext

DROID = next((p for p in fallback_fonts("400") if "Droid" in p.name), None)
pytestmark = pytest.mark.skipif(DROID is None, reason="fonts-droid-fallback is not installed")
HAN = [chr(c) for c in range(0x4E00, 0x5000)]  # Chinese letters, 256 of them and more


def _hex(text: str) -> bytes:
    info = font_info(DROID)
    return b"<%s>" % b"".join(b"%04x" % info.cmap[ord(c)] for c in text)


def _template(tmp_path: Path) -> bytes:
    """A page of 300 Chinese letters in one composite font, shown every way text can be (Tj,
    TJ with moves, ' and ", in saved states, in a form that selects the font before its text
    object), each line mixing letters from both ends of the face."""
    info = font_info(DROID)
    letters = [c for c in HAN if ord(c) in info.cmap][:300]
    pdf = pikepdf.new()
    used = {info.cmap[ord(c)]: c for c in letters}
    font = embed(pdf, info, used)
    lines = []
    for row in range(10):
        mixed = "".join(
            a + b for a, b in zip(letters[row::10], letters[::-1][row::10], strict=True)
        )
        first, second = _hex(mixed[:15]), _hex(mixed[15:])
        lines.append(
            b"q BT /T0 13 Tf 1 0 0 1 30 %d Tm [%s -250 %s] TJ ET Q"
            % (760 - 22 * row, first, second)
        )
    lines.append(
        b"BT /T0 12 Tf 16 TL 1 0 0 1 30 500 Tm %s Tj" % _hex(letters[0] + letters[5] + letters[-1])
    )
    lines.append(
        b"%s ' 3 1 %s \" ET" % (_hex(letters[-2] + letters[7]), _hex(letters[1] + letters[-3]))
    )
    form = pdf.make_stream(
        b"/T0 11 Tf q BT 1 0 0 1 30 60 Tm %s Tj ET Q BT 1 0 0 1 30 40 Tm %s Tj ET"
        % (_hex(letters[-4] + letters[2]), _hex(letters[9] + letters[-5])),
        Type=Name.XObject, Subtype=Name.Form, BBox=[0, 0, 612, 200],
        Resources=Dictionary(Font=Dictionary(T0=font)),
    )  # fmt: skip
    lines.append(b"q 1 0 0 1 0 300 cm /Fm0 Do Q")
    page = pdf.add_blank_page(page_size=(612, 792))
    page.Resources = Dictionary(Font=Dictionary(T0=font), XObject=Dictionary(Fm0=form))
    page.Contents = pdf.make_stream(b"\n".join(lines))
    pdf.save(tmp_path / "template.pdf")
    return (tmp_path / "template.pdf").read_bytes()


def _pictures(pdf: bytes, folder: Path, name: str) -> list[Image.Image]:
    """The first page drawn by poppler and MuPDF."""
    (folder / f"{name}.pdf").write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "100", "-l", "1", "-png", folder / f"{name}.pdf", folder / f"{name}-p"],
        check=True,
    )
    mutool = ["mutool", "draw", "-q", "-r", "100", "-o", folder / f"{name}-m.png"]
    subprocess.run([*mutool, folder / f"{name}.pdf", "1"], check=True, capture_output=True)
    drawn = [Image.open(folder / f"{name}-p-1.png"), Image.open(folder / f"{name}-m.png")]
    return [picture.convert("RGB") for picture in drawn]


def _letters(pdf: bytes) -> list[tuple[str, float, float]]:
    """Each letter of the first page and where pdfium puts it (its origin, in pt)."""
    textpage = pdfium.PdfDocument(pdf)[0].get_textpage()
    x, y = ctypes.c_double(), ctypes.c_double()
    found = []
    for k in range(textpage.count_chars()):
        pdfium_c.FPDFText_GetCharOrigin(textpage.raw, k, x, y)
        found.append((textpage.get_text_range(k, 1), round(x.value, 3), round(y.value, 3)))
    return found


def _postscript(pdf: bytes, folder: Path) -> bytes:
    (folder / "out.pdf").write_bytes(pdf)
    gs = ["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=ps2write"]
    done = subprocess.run(
        [*gs, f"-sOutputFile={folder / 'out.ps'}", folder / "out.pdf"], capture_output=True
    )
    assert done.returncode == 0 and not (done.stdout + done.stderr).strip(), done.stdout
    return (folder / "out.ps").read_bytes()


def test_a_templates_composite_text_prints_and_reads_the_same_in_simple_fonts(tmp_path):
    template = _template(tmp_path)
    pdf = assemble(template, [PageSpec(0, ())])
    fonts = fonts_listed(pdf)
    assert {kind for _, kind in fonts} == {"TrueType"}
    # 302 glyphs of one face: two simple fonts of it
    assert sorted(name.partition("+")[2] for name, _ in fonts) == [
        "DroidSansFallback",
        "DroidSansFallback_2",
    ]
    assert pdftotext(pdf, 0) == pdftotext(template, 0)
    assert HAN[0] in pdftotext(pdf, 0)
    before, after = _pictures(template, tmp_path, "a"), _pictures(pdf, tmp_path, "b")
    for was, now in zip(before, after, strict=True):
        assert ImageChops.difference(was, now).getbbox() is None
        assert ImageChops.invert(now.convert("L")).getbbox() is not None  # letters drawn
    # pdfium puts every letter where it was (its edges' grey may differ, where a line's text
    # switches between the two fonts)
    assert _letters(pdf) == _letters(template) and len(_letters(pdf)) > 300
    assert b"PDF CharProc" not in _postscript(pdf, tmp_path)  # outlines, not pictures


def test_stamped_names_in_more_letters_than_a_simple_font_holds_read_back(tmp_path):
    blank = pikepdf.new()
    blank.add_blank_page(page_size=(612, 792))
    blank.save(tmp_path / "blank.pdf")
    info = font_info(DROID)
    letters = [c for c in HAN if ord(c) in info.cmap][:300]
    names = ["".join(letters[k : k + 10]) + " Zoë" for k in range(0, 300, 10)]
    slot = Rect(96, 96, 576, 144)  # CSS px: 1 in from the top left, 5 in wide
    specs = [PageSpec(0, ((slot, Text(name, LATO, 20, fallbacks=(DROID,))),)) for name in names]
    pdf = assemble((tmp_path / "blank.pdf").read_bytes(), specs)
    fonts = fonts_listed(pdf)
    droid = sorted(name.partition("+")[2] for name, _ in fonts if "Droid" in name)
    assert droid == ["DroidSansFallback", "DroidSansFallback_2"]
    assert {kind for name, kind in fonts if "Droid" in name or "Lato" in name} == {"TrueType"}
    for page, name in enumerate(names):
        assert name in pdftotext(pdf, page)
    assert b"PDF CharProc" not in _postscript(pdf, tmp_path)
