"""Fonts for stamped text: metrics for layout, and an embedded subset with only the used glyphs.

Text is shown in a Type0 font with Identity-H encoding: each character is a 2-byte code, the
CID, equal to the glyph's id in the ORIGINAL font file. Page content can therefore be written
before we know which glyphs the whole file needs. The embedded font is a subset made by
HarfBuzz (pdf/hb.py), or else by fontTools, both keeping every glyph's id (CIDToGIDMap
/Identity), as WeasyPrint's are: so one program of a face serves every font of it in a file
(pdf/faces.py). Every program embedded has TrueType outlines: a CFF face's subset is given
them (pdf/outlines.py).
A ToUnicode map turns each CID back into its text, for search and copy/paste.

Form fields (--editable) need another kind of font: see form_font, at the end.
"""

from __future__ import annotations

import hashlib
import re
import string
import sys
import zlib
from array import array
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from io import BytesIO
from pathlib import Path

import pikepdf

from bunco_print.printing.pdf import hb, outlines, sfnt
from bunco_print.printing.pdf.model import num


@dataclass(frozen=True)
class FontInfo:
    path: Path
    upm: int
    ascent: int
    descent: int  # negative
    cmap: dict[int, int]  # code point -> glyph id
    advances: list[int]  # by glyph id
    name: str  # PostScript name
    bbox: tuple[float, float, float, float]  # per 1000 em
    italic_angle: float
    ascent_pt: float  # per 1000 em, for the font descriptor
    descent_pt: float
    cap_height: float


@cache
def font_info(path: Path) -> FontInfo:
    """Metrics and glyph ids of the font file at `path` (read once per process). The numbers
    come straight from its tables (pdf/sfnt.py), the character map from HarfBuzz: fontTools
    would name every glyph first (a tenth of a second for Lato) and take as long to import."""
    path = Path(path)
    try:
        t = sfnt.read(path.read_bytes())
    except sfnt.NotSfnt:
        return _font_info_by_fonttools(path)
    k = 1000 / t.upm
    cmap = hb.cmap(path)
    if cmap is None:  # without hb-subset: fontTools, which names the glyphs
        cmap = _cmap_by_fonttools(path)
    return FontInfo(
        path=path,
        upm=t.upm,
        ascent=t.ascent,
        descent=t.descent,
        cmap=cmap,
        advances=_advances(t.hmtx, t.metrics, t.glyphs),
        name=re.sub(r"[^A-Za-z0-9_-]", "", t.postscript_name) or "Font",
        bbox=tuple(v * k for v in t.bbox),
        italic_angle=t.italic_angle,
        ascent_pt=t.ascent * k,
        descent_pt=t.descent * k,
        cap_height=(t.cap_height or t.ascent) * k,
    )


def _cmap_by_fonttools(path: Path) -> dict[int, int]:
    from fontTools.ttLib import TTFont

    tt = TTFont(path, lazy=True)
    gid = {glyph: i for i, glyph in enumerate(tt.getGlyphOrder())}
    return {cp: gid[glyph] for cp, glyph in tt.getBestCmap().items()}


def _font_info_by_fonttools(path: Path) -> FontInfo:
    """A font file sfnt.read does not take (a collection): all of it through fontTools."""
    from fontTools.ttLib import TTFont

    tt = TTFont(path, lazy=True, fontNumber=0)
    head, hhea = tt["head"], tt["hhea"]
    k = 1000 / head.unitsPerEm
    name = re.sub(r"[^A-Za-z0-9_-]", "", tt["name"].getDebugName(6) or "") or "Font"
    cap_height = getattr(tt.get("OS/2"), "sCapHeight", 0) or hhea.ascent
    order = tt.getGlyphOrder()
    return FontInfo(
        path=path,
        upm=head.unitsPerEm,
        ascent=hhea.ascent,
        descent=hhea.descent,
        cmap=_cmap_by_fonttools(path),
        advances=[tt["hmtx"][g][0] for g in order],
        name=name,
        bbox=(head.xMin * k, head.yMin * k, head.xMax * k, head.yMax * k),
        italic_angle=float(tt["post"].italicAngle),
        ascent_pt=hhea.ascent * k,
        descent_pt=hhea.descent * k,
        cap_height=cap_height * k,
    )


def _advances(hmtx: bytes, metrics: int, glyphs: int) -> list[int]:
    """Each glyph's advance width from the raw hmtx table: `metrics` (advance, side bearing)
    pairs, then glyphs that share the last advance."""
    pairs = array("H", hmtx[: 4 * metrics])
    if sys.byteorder == "little":
        pairs.byteswap()
    advances = pairs[::2].tolist()
    return advances + advances[-1:] * (glyphs - metrics)


# Fonts for the letters a theme's font lacks, tried in order: Noto Sans (Latin Extended, Greek,
# Cyrillic, Vietnamese), Droid Sans Fallback (Chinese, Japanese), Nanum Gothic (Korean). They
# come from the Debian packages the Makefile installs (fonts-noto-core, fonts-droid-fallback,
# fonts-nanum); one that is not installed is skipped. Scripts that need shaping or run right to
# left (Arabic, Hebrew, Indic) are not here: a name in them is warned about.
_FALLBACKS = {
    "400": (
        "truetype/noto/NotoSans-Regular.ttf",
        "truetype/droid/DroidSansFallbackFull.ttf",
        "truetype/nanum/NanumGothic.ttf",
    ),
    "700": (
        "truetype/noto/NotoSans-Bold.ttf",
        "truetype/droid/DroidSansFallbackFull.ttf",
        "truetype/nanum/NanumGothicBold.ttf",
    ),
}
FONT_FOLDERS = (Path("/usr/share/fonts"), Path("/usr/local/share/fonts"))


@cache
def fallback_fonts(weight: str = "400") -> tuple[Path, ...]:
    """The installed fallback fonts for text of `weight` ("700": bold), in the order tried."""
    found = []
    for name in _FALLBACKS["700" if int(weight) >= 600 else "400"]:
        path = next((f / name for f in FONT_FOLDERS if (f / name).is_file()), None)
        if path is not None:
            found.append(path)
    return tuple(found)


def missing_glyphs(fonts: Path | tuple[Path, ...], text: str) -> str:
    """The characters of `text` that none of `fonts` has a glyph for (they print as .notdef,
    an empty box)."""
    chain = (fonts,) if isinstance(fonts, Path) else fonts
    cmaps = [font_info(font).cmap for font in chain]
    return "".join(
        dict.fromkeys(c for c in text if not c.isspace() and all(ord(c) not in m for m in cmaps))
    )


# A catalogue's task writes 12 files for each of its 4 packs, each cutting a face or three to
# the same letters as the pack before it: 32 kept cuts were forgotten before they came round
# again (310 cuts a listing; 65 now).
@lru_cache(maxsize=256)
def subset_font(path: Path, gids: frozenset[int], unicodes: frozenset[int] = frozenset()) -> bytes:
    """The font file cut down to glyphs `gids` (and .notdef, and the parts of composite
    glyphs), each keeping its glyph id (a CID is a glyph id: CIDToGIDMap /Identity); given
    `unicodes` (whose glyphs `gids` holds), with their character map and the glyphs' names,
    as a simple font needs them. By HarfBuzz, or by fontTools when hb-subset is missing; a
    CFF face's with TrueType outlines (pdf/outlines.py)."""
    data = hb.subset(path, gids, unicodes)
    if data is None:
        data = _subset_by_fonttools(path, gids, unicodes)
    return outlines.truetype(path, data, gids)


def _subset_by_fonttools(path: Path, gids: frozenset[int], unicodes: frozenset[int]) -> bytes:
    from fontTools import subset  # a quarter of a second to import: only when needed
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.layout_features = []  # no shaping here: a character is drawn with its cmap glyph
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "DSIG", "FFTM"]
    options.drop_tables += ["TSI0", "TSI1", "TSI2", "TSI3", "TSI5"]  # hinting sources (Noto)
    options.hinting = False  # as WeasyPrint embeds its fonts; far smaller, prints the same
    options.notdef_outline = True  # a missing letter still shows as a box
    options.retain_gids = True
    options.glyph_names = bool(unicodes)
    options.name_languages = [0x409]
    # lazy: tables we drop are never parsed; no recalculation: glyphs are copied, not rebuilt,
    # and the font keeps its own timestamp (fontTools would stamp the clock: files must not vary)
    font = TTFont(path, lazy=True, recalcBBoxes=False, recalcTimestamp=False)
    subsetter = subset.Subsetter(options)
    subsetter.populate(gids=sorted(gids | {0}), unicodes=sorted(unicodes))
    subsetter.subset(font)
    out = BytesIO()
    font.save(out)
    return out.getvalue()


_TO_UNICODE = (
    b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap\n"
    b"/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n"
    b"/CMapName/Adobe-Identity-UCS def/CMapType 2 def\n"
    b"1 begincodespacerange\n<0000><FFFF>\nendcodespacerange\n%s"
    b"endcmap CMapName currentdict/CMap defineresource pop end end"
)


def to_unicode(used: dict[int, str]) -> bytes:
    """A ToUnicode CMap: each CID (2-byte code) in `used` -> its text."""
    pairs = [b"<%04X><%s>" % (g, used[g].encode("utf-16-be").hex().encode()) for g in sorted(used)]
    chunks = (pairs[i : i + 100] for i in range(0, len(pairs), 100))  # at most 100 per block
    return _TO_UNICODE % b"".join(
        b"%d beginbfchar\n%s\nendbfchar\n" % (len(c), b"\n".join(c)) for c in chunks
    )


# On a font descriptor of the background PDF: the file the font was cut from, so that an output
# file embeds each face once (pdf/faces.py). Never left in an output file.
FACE = pikepdf.Name("/BPFace")


def embed(pdf: pikepdf.Pdf, font: FontInfo, used: dict[int, str]) -> pikepdf.Object:
    """A Type0 font in `pdf` for CIDs `used` (CID = original glyph id -> the text it shows),
    noted with its file (FACE: pdf/faces.py shares it). A template's font, it carries no
    program: every file cuts the face anew from its file."""
    described = descriptor(pdf, font, None, pikepdf.Name("/" + font.name), 4)
    described[FACE] = pikepdf.String(str(font.path))
    base_font = described.FontName
    scale = 1000 / font.upm
    widths = pikepdf.Array(
        [e for g in sorted(used) for e in (g, [_real(font.advances[g] * scale)])]
    )
    cid_font = pikepdf.Dictionary(
        Type=pikepdf.Name.Font,
        Subtype=pikepdf.Name.CIDFontType2,
        BaseFont=base_font,
        FontDescriptor=described,
        W=widths,
        CIDSystemInfo=pikepdf.Dictionary(
            Registry=pikepdf.String("Adobe"), Ordering=pikepdf.String("Identity"), Supplement=0
        ),
        CIDToGIDMap=pikepdf.Name.Identity,  # each CID is the glyph's id in the program
    )
    return pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font,
            Subtype=pikepdf.Name.Type0,
            BaseFont=base_font,
            Encoding=pikepdf.Name("/Identity-H"),
            DescendantFonts=pikepdf.Array([pdf.make_indirect(cid_font)]),
            ToUnicode=pdf.make_stream(to_unicode(used)),
        )
    )


def tag(program: bytes) -> str:
    """Six capitals naming a subset (`ABCDEF+Lato-Bold`), from its bytes: the same program
    always has the same tag, two programs (almost surely) never."""
    return "".join(string.ascii_uppercase[b % 26] for b in hashlib.sha256(program).digest()[:6])


def descriptor(
    pdf: pikepdf.Pdf, font: FontInfo, data: bytes | None, base_font: pikepdf.Name, flags: int
) -> pikepdf.Object:
    """The font's descriptor in `pdf`, holding its (TrueType) program `data` (if any),
    compressed at level 4: a quarter faster than the writer's default 6, and 0.4% larger."""
    described = pikepdf.Dictionary(
        Type=pikepdf.Name.FontDescriptor,
        FontName=base_font,
        Flags=flags,
        FontBBox=pikepdf.Array([_real(v) for v in font.bbox]),
        ItalicAngle=_real(font.italic_angle),
        Ascent=_real(font.ascent_pt),
        Descent=_real(font.descent_pt),
        CapHeight=_real(font.cap_height),
        StemV=80,
    )
    if data is not None:
        font_file = pikepdf.Stream(pdf, zlib.compress(data, 4))
        font_file.Filter, font_file.Length1 = pikepdf.Name.FlateDecode, len(data)
        described.FontFile2 = pdf.make_indirect(font_file)
    return pdf.make_indirect(described)


@lru_cache(maxsize=4096)
def _real(x: float) -> Decimal:
    """A PDF number written as the short decimal of `x` (3 places at most). Kept: a face's
    advances come round again in every file's widths."""
    return Decimal(num(x).decode())


# --- a font for form fields --------------------------------------------------------------------
# A viewer draws what a buyer types in a field with the font its /DA names in the form's /DR. A
# simple TrueType font in WinAnsiEncoding is the kind every viewer can type with (Type0 fonts are
# poorly supported for typing). Its program is not cut down to the glyphs used (nothing is typed
# yet) but to Latin-1, WinAnsi's extra letters and Latin Extended-A, so a viewer able to reach
# glyphs beyond the encoding (Acrobat) finds them there; the name has no subset tag, as a
# viewer refuses to type with a font marked as a subset.
WIN_ANSI = tuple(range(32, 256))
FORM_LETTERS = frozenset(
    ord(c) for c in bytes(WIN_ANSI).decode("cp1252", errors="ignore")
) | frozenset(range(0x100, 0x180))


def win_ansi(code: int) -> str:
    """The character WinAnsiEncoding gives byte `code` ("" for its five unused codes)."""
    return bytes([code]).decode("cp1252", errors="ignore")


def form_font(pdf: pikepdf.Pdf, font: FontInfo) -> pikepdf.Object:
    """A simple font in `pdf` for form fields: WinAnsiEncoding, the widths of its 224 codes,
    and a program of FORM_LETTERS, with its Unicode character map (a viewer finds a WinAnsi
    code's glyph through it). pdf/faces.py gives it the face's program as the file is
    finished."""
    letters = frozenset(c for c in FORM_LETTERS if c in font.cmap)
    data = subset_font(font.path, frozenset(font.cmap[c] for c in letters), letters)
    base_font = pikepdf.Name("/" + font.name)
    described = descriptor(pdf, font, data, base_font, 32)  # 32, nonsymbolic: WinAnsi codes
    described[FACE] = pikepdf.String(str(font.path))  # its program shared (pdf/faces.py)
    widths = []
    for code in WIN_ANSI:
        gid = font.cmap.get(ord(char)) if (char := win_ansi(code)) else None
        widths.append(_real(font.advances[gid] * 1000 / font.upm) if gid is not None else 0)
    return pdf.make_indirect(
        pikepdf.Dictionary(
            Type=pikepdf.Name.Font,
            Subtype=pikepdf.Name.TrueType,
            BaseFont=base_font,
            FirstChar=WIN_ANSI[0],
            LastChar=WIN_ANSI[-1],
            Widths=pikepdf.Array(widths),
            Encoding=pikepdf.Name.WinAnsiEncoding,
            FontDescriptor=described,
        )
    )
