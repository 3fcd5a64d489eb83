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
made from the program's bytes and the face's clean PostScript name. A face's text is in
simple fonts of 1-byte codes (pdf/codes.py): one program a simple font of it, with its own
character map; a face has several only where a file shows more than 254 of its glyphs. Every
program cut has TrueType outlines, a CFF face's too (pdf/outlines.py), so a font of a CFF face
left composite becomes a CIDFontType2.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf import codes, sfnt
from bunco_print.printing.pdf.codes import Key, cid_widths
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
    WeasyPrint instanced) is left as it is. Only the files of the names the fonts have are
    read whole: a page in the theme's fonts reads none of the fallback fonts' glyphs."""
    unnamed: dict[str, list[tuple[Dictionary, dict[int, float]]]] = {}  # by PostScript name
    for font in _cid_fonts(pdf):
        described = font.get("/FontDescriptor")
        if not isinstance(described, Dictionary) or FACE in described:
            continue
        program = _program(described)
        try:
            name = clean(sfnt.read(program).postscript_name) if program else ""
        except (sfnt.NotSfnt, KeyError, ValueError):
            continue
        unnamed.setdefault(name, []).append((described, cid_widths(font.get("/W", Array()))))
    if not unnamed:
        return
    by_name: dict[str, list[FontInfo]] = {}
    for path in dict.fromkeys(Path(p) for p in files):
        try:
            known = _file_name(path)
            if (known is None or known in unnamed) and not _variable(path):
                info = font_info(path)
                by_name.setdefault(info.name, []).append(info)
        except (OSError, ValueError):
            continue
    for name, fonts in unnamed.items():
        for described, widths in fonts:
            for info in by_name.get(name, ()):
                if all(_same_width(info, g, w) for g, w in widths.items()):
                    described[FACE] = pikepdf.String(str(info.path))
                    break


@cache
def _file_name(path: Path) -> str | None:
    """A font file's PostScript name as font_info gives it (None: a file sfnt cannot read,
    such as a collection, which font_info reads with fontTools: it is read whole)."""
    try:
        return clean(sfnt.file_postscript_name(path))
    except sfnt.NotSfnt:
        return None


def _same_width(info: FontInfo, gid: int, width: float) -> bool:
    """Whether glyph `gid` of the font is `width` wide (WeasyPrint rounds to whole units; it
    gives .notdef, and the ids past the font's glyphs it shows a missing letter with, the
    width of the letter missing)."""
    if gid == 0 or gid >= len(info.advances):
        return True
    return abs(width - info.advances[gid] * 1000 / info.upm) < 2


Part = tuple[int, pikepdf.Object, dict[int, Key]]  # a simple font of a face's codes (codes.py)


def share(pdf: pikepdf.Pdf, parts: Mapping[Path, Sequence[Part]] = MappingProxyType({})) -> None:
    """Cut each face the fonts of `pdf` note, and each face of `parts` (part number, its font
    to fill, the codes it shows), once a part, and point all its fonts at those programs:
    each part at one with its glyphs (and its character map, codes.program); the composite
    fonts (glyph ids kept) and a form field's simple font (fonts.FORM_LETTERS) at the first
    part's, or a program of their own if there is none. Each program is named by a tag made
    from it (a form field's font untagged). Every other embedded font gets a tag made from its
    own program and a clean name."""
    composite: dict[Path, list[pikepdf.Object]] = {}
    simple: dict[Path, list[pikepdf.Object]] = {}
    glyphs: dict[Path, set[int]] = {path: set() for path in parts}
    for font in _fonts(pdf):
        described = font.FontDescriptor
        if FACE not in described:
            _rename(font, described)
            continue
        path = Path(str(described[FACE]))
        if font.Subtype in _CID_FONTS:
            composite.setdefault(path, []).append(font)
            glyphs.setdefault(path, set()).update(cid_widths(font.get("/W", Array())))
        else:
            simple.setdefault(path, []).append(font)
            glyphs.setdefault(path, set())
    for path in sorted(glyphs):
        info = font_info(path)
        letters = frozenset(c for c in FORM_LETTERS if c in info.cmap) if path in simple else None
        gids = {g for g in glyphs[path] if g < len(info.advances)}
        gids |= {info.cmap[c] for c in letters or ()}
        own = sorted(parts.get(path, ()), key=itemgetter(0))
        shared = _cut(pdf, info, gids, letters or frozenset(), own)
        for font in composite.get(path, ()):  # CIDs are glyph ids (as WeasyPrint's are)
            font.FontDescriptor, font.BaseFont = shared, shared.FontName
            font.Subtype, font.CIDToGIDMap = Name.CIDFontType2, Name.Identity
        for font in simple.get(path, ()):
            described = font.FontDescriptor
            del described[FACE]
            described.FontFile2 = shared.FontFile2
    for font in _type0_fonts(pdf):
        descendant = font.DescendantFonts[0]
        if font.BaseFont != descendant.BaseFont:
            font.BaseFont = descendant.BaseFont


def _cut(
    pdf: pikepdf.Pdf,
    info: FontInfo,
    gids: set[int],
    letters: frozenset[int],
    parts: Sequence[Part],
) -> pikepdf.Object:
    """The face's programs: one a part (the first with `gids` and `letters` too, its
    descriptor returned), or, with no part, one of `gids` and `letters`."""
    shared = None
    for part, font, shown in parts:
        cut = {key[0] for key in shown.values()} | (gids if shared is None else set())
        unicodes = letters if shared is None else frozenset()
        program = subset_font(info.path, frozenset(cut), unicodes)
        program = codes.program(program, shown, {c: info.cmap[c] for c in unicodes})
        name = clean(info.name) + (f"_{part + 1}" if part else "")
        described = descriptor(pdf, info, program, Name(f"/{tag(program)}+{name}"), 4)
        codes.fill(pdf, font, described, shown)
        shared = shared or described
    if shared is None:
        program = subset_font(info.path, frozenset(gids), letters)
        shared = descriptor(pdf, info, program, Name(f"/{tag(program)}+{clean(info.name)}"), 4)
    return shared


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
