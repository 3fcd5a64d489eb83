"""Each face's font program embedded once per file, whoever drew its text.

A page's text comes from three hands: WeasyPrint (the laid-out words), pdf/layers.py (the
static layers' labels) and the stamps (names, numbers). Each embeds a subset of the faces it
uses, and WeasyPrint's two passes embed theirs twice, so a pack.pdf held one face up to five
times, under one subset tag (WeasyPrint's tag names the face, not the glyphs) and names such as
`Quicksand-Bold,`. All three show glyphs by their ids in the font file (Identity-H, and
subsets that keep every glyph's id), so one subset with the union of their glyphs serves them
all: the background PDF notes on each font descriptor the file it was cut from (`FACE`;
`name_faces` finds WeasyPrint's by their PostScript names), and `share`, as an output file is
finished, cuts each face once and points every font of it at that one program, named by a tag
made from the program's bytes and the face's clean PostScript name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf import sfnt
from bunco_print.printing.pdf.fonts import (
    FACE,
    FORM_LETTERS,
    FontInfo,
    descriptor,
    font_info,
    subset_font,
    tag,
)

_CID_FONTS = (Name.CIDFontType0, Name.CIDFontType2)


def clean(name: str) -> str:
    """A PostScript name as the PDF format allows it: letters, digits, `-` and `_` only."""
    return re.sub(r"[^A-Za-z0-9_-]", "", name) or "Font"


@cache
def _variable(path: Path) -> bool:
    """Whether the font file has variations (WeasyPrint embeds an instance of it, not it)."""
    with open(path, "rb") as file:
        head = file.read(12)
        count = int.from_bytes(head[4:6], "big") if len(head) == 12 else 0
        return b"fvar" in {file.read(16)[:4] for _ in range(count)}


def name_faces(pdf: pikepdf.Pdf, files: Iterable[Path]) -> None:
    """Note on each of WeasyPrint's fonts in `pdf` the file among `files` (the HTML's
    @font-face files, the fallback fonts) it was cut from: the one with its PostScript name
    whose advances are its widths. A font found in none (another system font, a variable font
    WeasyPrint instanced) is left as it is."""
    by_name: dict[str, list[FontInfo]] = {}
    for path in dict.fromkeys(Path(p) for p in files):
        try:
            if not _variable(path):
                info = font_info(path)
                by_name.setdefault(info.name, []).append(info)
        except (OSError, ValueError):
            continue
    for font in _cid_fonts(pdf):
        described = font.get("/FontDescriptor")
        if not isinstance(described, Dictionary) or FACE in described:
            continue
        program = _program(described)
        try:
            name = clean(sfnt.read(program).postscript_name) if program else ""
        except (sfnt.NotSfnt, KeyError, ValueError):
            continue
        widths = _widths(font.get("/W", Array()))
        for info in by_name.get(name, ()):
            if all(_same_width(info, g, w) for g, w in widths.items()):
                described[FACE] = pikepdf.String(str(info.path))
                break


def _same_width(info: FontInfo, gid: int, width: float) -> bool:
    """Whether glyph `gid` of the font is `width` wide (WeasyPrint rounds to whole units; it
    gives .notdef, and the ids past the font's glyphs it shows a missing letter with, the
    width of the letter missing)."""
    if gid == 0 or gid >= len(info.advances):
        return True
    return abs(width - info.advances[gid] * 1000 / info.upm) < 2


def pending(pdf: pikepdf.Pdf, font: FontInfo) -> pikepdf.Object:
    """A descriptor of the face for a font made as a file is finished: `share` gives it its
    program and name."""
    described = Dictionary(Type=Name.FontDescriptor, FontName=Name("/" + clean(font.name)))
    described[FACE] = pikepdf.String(str(font.path))
    return pdf.make_indirect(described)


def share(pdf: pikepdf.Pdf) -> None:
    """Cut each face the fonts of `pdf` note once, with every glyph any of them shows (and,
    for a simple font of it, a form field's, the letters fonts.FORM_LETTERS names), and point
    all of them at that program: the composite fonts at one descriptor, named by a tag made
    from the program, a simple font's own descriptor (untagged) at the same program. Every
    other embedded font gets a tag made from its own program and a clean name."""
    composite: dict[Path, list[pikepdf.Object]] = {}
    simple: dict[Path, list[pikepdf.Object]] = {}
    glyphs: dict[Path, set[int]] = {}
    for font in _fonts(pdf):
        described = font.FontDescriptor
        if FACE not in described:
            _rename(font, described)
            continue
        path = Path(str(described[FACE]))
        if font.Subtype in _CID_FONTS:
            composite.setdefault(path, []).append(font)
            glyphs.setdefault(path, set()).update(_widths(font.get("/W", Array())))
        else:
            simple.setdefault(path, []).append(font)
            glyphs.setdefault(path, set())
    for path in sorted(glyphs):
        info = font_info(path)
        letters = frozenset(c for c in FORM_LETTERS if c in info.cmap) if path in simple else None
        gids = {g for g in glyphs[path] if g < len(info.advances)}
        gids |= {info.cmap[c] for c in letters or ()}
        program = subset_font(path, frozenset(gids), letters or frozenset())
        shared = descriptor(pdf, info, program, Name(f"/{tag(program)}+{clean(info.name)}"), 4)
        for font in composite.get(path, ()):
            font.FontDescriptor, font.BaseFont = shared, shared.FontName
            if font.Subtype == Name.CIDFontType2:
                font.CIDToGIDMap = Name.Identity
        for font in simple.get(path, ()):
            described = font.FontDescriptor
            del described[FACE]
            for key in ("/FontFile2", "/FontFile3"):
                if key in shared:
                    described[key] = shared[key]
    for font in _type0_fonts(pdf):
        descendant = font.DescendantFonts[0]
        if font.BaseFont != descendant.BaseFont:
            font.BaseFont = descendant.BaseFont


def _rename(font: pikepdf.Object, described: pikepdf.Object) -> None:
    """A font of a face not shared: tagged by its own program, its name made clean."""
    program = _program(described)
    if program is None:
        return
    try:
        name = sfnt.read(program).postscript_name
    except (sfnt.NotSfnt, KeyError, ValueError):
        name = str(font.get("/BaseFont", "/Font"))[1:].rpartition("+")[2]
    base = Name("/" + tag(program) + "+" + clean(name))
    font.BaseFont = described.FontName = base


def _program(described: pikepdf.Object) -> bytes | None:
    for key in ("/FontFile2", "/FontFile3", "/FontFile"):
        if key in described:
            return described[key].read_bytes()
    return None


def _cid_fonts(pdf: pikepdf.Pdf):
    seen = set()
    for font in _type0_fonts(pdf):
        descendant = font.DescendantFonts[0]
        if descendant.get("/Subtype") in _CID_FONTS and descendant.objgen not in seen:
            seen.add(descendant.objgen)
            yield descendant


def _fonts(pdf: pikepdf.Pdf):
    """The CID fonts under composite fonts, and the simple TrueType and Type 1 fonts, that
    have a descriptor."""
    yield from _cid_fonts(pdf)
    for obj in pdf.objects:
        if (
            isinstance(obj, Dictionary)
            and obj.get("/Type") == Name.Font
            and obj.get("/Subtype") in (Name.TrueType, Name.Type1)
            and isinstance(obj.get("/FontDescriptor"), Dictionary)
        ):
            yield obj


def _type0_fonts(pdf: pikepdf.Pdf):
    for obj in pdf.objects:
        if (
            isinstance(obj, Dictionary)
            and obj.get("/Type") == Name.Font
            and obj.get("/Subtype") == Name.Type0
            and isinstance(obj.get("/DescendantFonts"), Array)
        ):
            yield obj


_W_TOKEN = re.compile(rb"\[|\]|[-+]?(?:\d+\.?\d*|\.\d+)")


def _widths(w: pikepdf.Object) -> dict[int, float]:
    """A CID font's /W array as CID -> width (`c [w1 w2 ...]` and `c_first c_last w` runs),
    read from its text: walking a long array object by object is slow."""
    out: dict[int, float] = {}
    tokens = _W_TOKEN.findall(w.unparse())[1:-1]  # inside the outer brackets
    i = 0
    while i + 1 < len(tokens):
        first = int(float(tokens[i]))
        if tokens[i + 1] == b"[":
            end = tokens.index(b"]", i + 2)
            out.update((first + k, float(v)) for k, v in enumerate(tokens[i + 2 : end]))
            i = end + 1
        else:
            last, width = (
                int(float(tokens[i + 1])),
                float(tokens[i + 2]) if i + 2 < len(tokens) else 0.0,
            )
            out.update((c, width) for c in range(first, last + 1))
            i += 3
    return out
