"""Text in simple fonts (pdf/codes.py, pdf/simple.py): a template's composite (CID) text and the
stamps' text come out in simple TrueType fonts of 1-byte codes, several a face when a file shows
more than 254 of its glyphs, and print and read exactly as before: the same pictures in
poppler and MuPDF, the letters where they were in pdfium, the same words, and letters that
ps2write keeps as outlines. A CFF face's too, its glyphs given TrueType outlines
(pdf/outlines.py): the same ids and advances, and pictures the same but for the edges' grey."""

from __future__ import annotations

import ctypes
import subprocess
from io import BytesIO
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from pikepdf import Dictionary, Name
from PIL import Image, ImageChops, ImageStat

from bunco_print.printing.pdf import PageSpec, Rect, Text, assemble, fallback_fonts
from bunco_print.printing.pdf.fonts import FACE, embed, font_info, subset_font
from bunco_print.theming import themes

from .pdftools import fonts_listed
from .stamping import LATO, pdftotext

DROID = next((p for p in fallback_fonts("400") if "Droid" in p.name), None)
needs_droid = pytest.mark.skipif(DROID is None, reason="fonts-droid-fallback is not installed")
KAUSHAN = themes.load("february").font("display")  # Kaushan Script: CFF outlines
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
    # its own program, as WeasyPrint's fonts have (a template's fonts of ours carry none)
    program = subset_font(DROID, frozenset(used))
    font.DescendantFonts[0].FontDescriptor.FontFile2 = pdf.make_stream(program)
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


@needs_droid
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


@needs_droid
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


CFF_LINES = (
    "Sweetheart Bunco",
    "Zoë Ångström-Łukasiewicz",
    "The quick brown fox jumps",
    "& 0123456789",
)


def _cff_template(tmp_path: Path) -> bytes:
    """A page of lines in a CFF face as WeasyPrint shows them: a composite font (CIDFontType0,
    its CIDs the glyph ids) whose program is the face's OpenType file, noted with its file."""
    info = font_info(KAUSHAN)
    pdf = pikepdf.new()
    used = {info.cmap[ord(c)]: c for line in CFF_LINES for c in line}
    font = embed(pdf, info, used)
    cid = font.DescendantFonts[0]
    cid.Subtype = Name.CIDFontType0
    described = cid.FontDescriptor
    described.FontFile3 = pdf.make_stream(KAUSHAN.read_bytes(), Subtype=Name.OpenType)
    described[FACE] = pikepdf.String(str(KAUSHAN))
    lines = []
    for row, line in enumerate(CFF_LINES):
        ids = b"".join(b"%04x" % info.cmap[ord(c)] for c in line)
        lines.append(
            b"BT /K0 %d Tf 1 0 0 1 40 %d Tm <%s> Tj ET" % (30 + 4 * row, 740 - 60 * row, ids)
        )
    page = pdf.add_blank_page(page_size=(612, 792))
    page.Resources = Dictionary(Font=Dictionary(K0=font))
    page.Contents = pdf.make_stream(b"\n".join(lines))
    out = BytesIO()
    pdf.save(out)
    return out.getvalue()


def test_a_cff_faces_text_prints_and_reads_the_same_in_simple_truetype_fonts(tmp_path):
    template = _cff_template(tmp_path)
    slot = Rect(96, 864, 576, 936)  # CSS px: 5 in wide, 9 in down: below the template's lines
    pdf = assemble(template, [PageSpec(0, ((slot, Text("Bunco Night", KAUSHAN, 40)),))])
    fonts = fonts_listed(pdf)
    assert fonts and {kind for _, kind in fonts} == {"TrueType"}
    assert {name.partition("+")[2] for name, _ in fonts} == {"KaushanScript-Regular"}
    text = pdftotext(pdf, 0)
    assert text.startswith(pdftotext(template, 0).rstrip()) and "Bunco Night" in text
    # the template's letters where they were, then the stamp's
    assert _letters(pdf)[: len(_letters(template))] == _letters(template)
    # the same pictures but for the grey of the curves' edges (quadratic curves, within a
    # thousandth of the em of the cubic ones); the stamp drawn below them
    before, after = _pictures(template, tmp_path, "cff"), _pictures(pdf, tmp_path, "ttf")
    for was, now in zip(before, after, strict=True):
        width, height = now.size
        lines = (0, 0, width, height // 2)
        difference = ImageChops.difference(was.crop(lines), now.crop(lines))
        assert max(high for _, high in difference.getextrema()) < 64
        assert max(ImageStat.Stat(difference).mean) < 0.2
        assert ImageChops.invert(now.convert("L")).crop(lines).getbbox() is not None
        assert ImageChops.difference(was, now).getbbox()[3] > height * 8 // 10  # the stamp
    assert b"PDF CharProc" not in _postscript(pdf, tmp_path)  # outlines, not pictures


def test_a_cff_cut_has_truetype_outlines_with_the_same_ids_and_advances():
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    info = font_info(KAUSHAN)
    gids = frozenset(info.cmap[ord(c)] for c in "Bunco Zoë Ł&")
    program = subset_font(KAUSHAN, gids)
    words = [
        int.from_bytes(program[k : k + 4].ljust(4, b"\0"), "big") for k in range(0, len(program), 4)
    ]
    assert sum(words) % 2**32 == 0xB1B0AFBA  # the file's checksum, as head says it must be
    cut = TTFont(BytesIO(program), checkChecksums=2)  # and each table's
    face = TTFont(KAUSHAN)
    assert (
        cut.sfntVersion == "\0\1\0\0" and "CFF " not in cut and cut["maxp"].tableVersion == 0x10000
    )
    assert cut["head"].glyphDataFormat == 0
    drawn, names = face.getGlyphSet(), face.getGlyphOrder()
    assert len(cut.getGlyphOrder()) == max(gids) + 1  # each glyph under its id, none after
    for gid, name in enumerate(cut.getGlyphOrder()):
        glyph = cut["glyf"][name]
        if gid not in gids | {0}:
            assert glyph.numberOfContours == 0  # only the glyphs asked for
            continue
        advance, left = cut["hmtx"][name]
        assert advance == info.advances[gid]
        bounds = BoundsPen(drawn)
        drawn[names[gid]].draw(bounds)
        if bounds.bounds is None:  # a space
            assert glyph.numberOfContours == 0
            continue
        assert glyph.numberOfContours > 0 and left == glyph.xMin
        box = (glyph.xMin, glyph.yMin, glyph.xMax, glyph.yMax)
        assert all(abs(a - b) <= 2 for a, b in zip(box, bounds.bounds, strict=True)), name


@pytest.mark.parametrize("seed", range(6))
def test_a_cut_keeps_each_glyph_under_its_id_and_draws_no_other(seed):
    """hb-subset's cut, whether its first pass leaves an empty tail of ids (a second then
    drops it) or not: each glyph asked for keeps its outline, box and advance under its own
    id; the parts accented letters are made of come after the last of them, and no other
    glyph is drawn."""
    import random

    from fontTools.ttLib import TTFont

    from bunco_print.printing.pdf import hb

    face, rnd = TTFont(LATO), random.Random(seed)
    names, glyf = face.getGlyphOrder(), face["glyf"]
    gids = set(rnd.sample(range(1, face["maxp"].numGlyphs), 30))
    parts, todo = set(), list(gids)
    while todo:  # the components of the composite glyphs asked for, and theirs
        glyph = glyf[names[todo.pop()]]
        for part in glyph.components if glyph.isComposite() else ():
            if (gid := face.getGlyphID(part.glyphName)) not in parts | gids:
                parts.add(gid)
                todo.append(gid)
    cut = TTFont(BytesIO(hb.subset(LATO, frozenset(gids))))
    own, last = cut.getGlyphOrder(), max(gids)
    assert len(own) == last + 1 + len([p for p in parts if p > last])
    for gid in range(1, last + 1):
        ours, theirs = cut["glyf"][own[gid]], glyf[names[gid]]
        if gid in gids:
            assert ours.numberOfContours == theirs.numberOfContours
            box = ("xMin", "yMin", "xMax", "yMax")  # (a space has none)
            assert [getattr(ours, k, 0) for k in box] == [getattr(theirs, k, 0) for k in box]
            assert cut["hmtx"][own[gid]][0] == face["hmtx"][names[gid]][0]
        elif gid not in parts:
            assert ours.numberOfContours == 0
