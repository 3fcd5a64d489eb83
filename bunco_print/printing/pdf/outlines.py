"""A CFF face's glyphs as TrueType outlines, so that its text, too, is in simple TrueType fonts.

Ghostscript's ps2write (Ghostscript 10), how CUPS feeds a PostScript printer, draws every glyph
of a CFF font from a PDF as a small picture, whatever the font (composite or simple, even the
Type 1C fonts of Ghostscript's own pdfwrite); a simple TrueType font's it keeps as outlines
(pdf/codes.py). So a cut of a CFF-based OpenType face (fonts.subset_font: hb-subset, every
glyph keeping its id) becomes a TrueType program before it is embedded: each glyph it holds
drawn from the face's file, its cubic curves made quadratic ones within a thousandth of the em
(fontTools' cu2qu, as fontTools' otf2ttf recipe does), in a glyf table; the cut's advances,
character maps and names kept, so that layout, widths and text are exactly as they were.

Drawing a glyph is the cost (about a quarter of a millisecond, and loading fontTools and the
face some 25 ms), so each is drawn once a process (`_glyph`) and kept in the cache folder
(`edges/background_cache.keep`, a file a face that grows as more of its glyphs are drawn): a
later night's pack draws only the letters no pack had before. A cut's tables are then put
together from those bytes (sfnt.rebuilt).
"""

from __future__ import annotations

import struct
import sys
from array import array
from functools import cache
from pathlib import Path

from bunco_print.edges import background_cache
from bunco_print.printing.pdf import sfnt

TRUETYPE = b"\x00\x01\x00\x00"  # the sfnt version of a program with TrueType outlines
RECIPE = "cu2qu 1/1000 em, reversed, decomposed: glyf 1"  # what the kept outlines were made by
_RECORD = struct.Struct(">HhHHI")  # a kept glyph: id, left side bearing, points, contours, size
Glyph = tuple[bytes, int, tuple[int, int]]  # its data, left side bearing, (points, contours)
_kept: dict[Path, dict[int, Glyph]] = {}  # each face's glyphs drawn before, by id
_CFF_ONLY = (b"CFF ", b"CFF2", b"VORG")  # tables of CFF outlines, gone with them


def truetype(path: Path, program: bytes, gids: frozenset[int]) -> bytes:
    """`program`, a cut of the CFF-based face at `path` holding glyphs `gids` (and .notdef)
    under their ids, with TrueType outlines in place of its CFF ones; any other program as
    it is."""
    if program[:4] != b"OTTO":
        return program
    tables = sfnt.tables(program)
    (count,) = struct.unpack_from(">H", tables[b"maxp"], 4)
    (metrics,) = struct.unpack_from(">H", tables[b"hhea"], 34)
    glyf, loca = bytearray(), array("I")
    points = contours = 0
    side = array("h", tables[b"hmtx"][: 2 * count + 2 * metrics])  # (advance, lsb)..., lsb...
    if sys.byteorder == "little":
        side.byteswap()
    kept = _kept_glyphs(Path(path))
    drawn = len(kept)
    for gid in range(count):
        loca.append(len(glyf))
        if gid in gids or gid == 0:
            if (found := kept.get(gid)) is None:
                found = kept[gid] = _glyph(Path(path), gid)
            data, at_left, shape = found
            glyf += data + bytes(-len(data) % 4)
            points, contours = max(points, shape[0]), max(contours, shape[1])
            side[2 * gid + 1 if gid < metrics else metrics + gid] = at_left
    loca.append(len(glyf))
    if len(kept) > drawn:
        background_cache.keep("outlines", Path(path), RECIPE, _records(kept))
    for numbers in (loca, side):
        if sys.byteorder == "little":
            numbers.byteswap()
    head = bytearray(tables[b"head"])
    struct.pack_into(">hh", head, 50, 1, 0)  # indexToLocFormat: long offsets; glyphDataFormat
    maxp = struct.pack(">IHHH", 0x00010000, count, points, contours) + struct.pack(
        ">11H", 0, 0, 1, *[0] * 8
    )  # no composite glyphs, one zone, no hinting
    changed: dict[bytes, bytes | None] = dict.fromkeys(_CFF_ONLY)
    changed |= {b"glyf": bytes(glyf), b"loca": loca.tobytes(), b"maxp": maxp}
    changed |= {b"head": bytes(head), b"hmtx": side.tobytes()}
    return sfnt.rebuilt(program, changed, TRUETYPE)


def _kept_glyphs(path: Path) -> dict[int, Glyph]:
    """The face's glyphs drawn before, in this process or kept in the cache folder (a file
    that does not read as `_records` wrote it is left out)."""
    if path not in _kept:
        glyphs: dict[int, Glyph] = {}
        data = background_cache.read_kept("outlines", path, RECIPE) or b""
        at = 0
        try:
            while at < len(data):
                gid, left, points, contours, size = _RECORD.unpack_from(data, at)
                at += _RECORD.size + size
                if at > len(data):
                    raise ValueError("cut short")
                glyphs[gid] = data[at - size : at], left, (points, contours)
        except (struct.error, ValueError):
            glyphs = {}
        _kept[path] = glyphs
    return _kept[path]


def _records(glyphs: dict[int, Glyph]) -> bytes:
    return b"".join(
        _RECORD.pack(gid, left, *shape, len(data)) + data
        for gid, (data, left, shape) in sorted(glyphs.items())
    )


def _glyph(path: Path, gid: int) -> Glyph:
    """Glyph `gid` of the face at `path` as a TrueType glyph's data, its left side bearing
    (its least x: its advance is the face's own) and its points and contours."""
    from fontTools.pens.cu2quPen import Cu2QuPen  # only a CFF face needs them
    from fontTools.pens.recordingPen import DecomposingRecordingPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen

    glyphs, names, upm, table = _face(path)
    drawn = DecomposingRecordingPen(glyphs)  # an accent built of two glyphs (seac): outlines
    glyphs[names[gid]].draw(drawn)
    pen = TTGlyphPen(None)
    # a CFF glyph's outside runs counter-clockwise, a TrueType one's clockwise
    drawn.replay(Cu2QuPen(pen, upm / 1000, reverse_direction=True))
    data = pen.glyph().compile(table)
    if not data:  # no outline (a space)
        return b"", 0, (0, 0)
    (contours, left) = struct.unpack_from(">hh", data)
    (last,) = struct.unpack_from(">H", data, 10 + 2 * (contours - 1))
    return data, left, (last + 1, contours)


@cache
def _face(path: Path):
    """The face at `path` as fontTools reads it (the first of a collection, as hb-subset
    cuts): its glyphs, their names by id, its units per em, and a glyf table to compile
    glyphs with."""
    from fontTools.ttLib import TTFont, newTable

    font = TTFont(path, lazy=True, fontNumber=0)
    return font.getGlyphSet(), font.getGlyphOrder(), font["head"].unitsPerEm, newTable("glyf")
