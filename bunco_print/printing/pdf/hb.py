"""Font subsetting with HarfBuzz's hb-subset library (Debian's libharfbuzz-subset0, which
WeasyPrint uses too), reached through ctypes. It cuts a font in milliseconds where fontTools takes
tens of them and a quarter of a second to import. `subset` gives None when the library is not
installed, and the caller falls back to fontTools.
"""

from __future__ import annotations

import ctypes
from array import array
from functools import cache
from pathlib import Path

_P, _U, _I = ctypes.c_void_p, ctypes.c_uint, ctypes.c_int
_ARRAY = ctypes.POINTER(ctypes.c_uint32)
# name: (result, arguments); every HarfBuzz object is an opaque pointer
_FUNCTIONS = {
    "hb_blob_create_from_file_or_fail": (_P, [ctypes.c_char_p]),
    "hb_blob_get_data": (_P, [_P, ctypes.POINTER(_U)]),
    "hb_blob_destroy": (None, [_P]),
    "hb_face_create": (_P, [_P, _U]),
    "hb_face_reference_blob": (_P, [_P]),
    "hb_face_destroy": (None, [_P]),
    "hb_face_get_glyph_count": (_U, [_P]),
    "hb_face_collect_unicodes": (None, [_P, _P]),
    "hb_set_create": (_P, []),
    "hb_set_destroy": (None, [_P]),
    "hb_set_get_population": (_U, [_P]),
    "hb_set_next_many": (_U, [_P, ctypes.c_uint32, _ARRAY, _U]),
    "hb_set_add_sorted_array": (None, [_P, _ARRAY, _U]),
    "hb_set_add_range": (None, [_P, ctypes.c_uint32, ctypes.c_uint32]),
    "hb_font_create": (_P, [_P]),
    "hb_font_destroy": (None, [_P]),
    "hb_font_get_nominal_glyphs": (_U, [_P, _U, _ARRAY, _U, _ARRAY, _U]),
    "hb_subset_input_create_or_fail": (_P, []),
    "hb_subset_input_destroy": (None, [_P]),
    "hb_subset_input_glyph_set": (_P, [_P]),
    "hb_subset_input_unicode_set": (_P, [_P]),
    "hb_subset_input_set": (_P, [_P, _I]),
    "hb_subset_input_set_flags": (None, [_P, _U]),
    "hb_subset_or_fail": (_P, [_P, _P]),
}
NO_HINTING, RETAIN_GIDS, DESUBROUTINIZE, NOTDEF_OUTLINE, GLYPH_NAMES = 0x1, 0x2, 0x4, 0x40, 0x80
DROP_TABLE_TAG = 3  # hb_subset_sets_t
# Tables a stamped text never needs: shaping and justification (a character is drawn with its
# cmap glyph), signatures, bitmaps, hinting sources.
DROP = (
    "BASE", "DSIG", "EBDT", "EBLC", "EBSC", "FFTM", "GDEF", "GPOS", "GSUB", "JSTF", "LTSH",
    "MATH", "PCLT", "SVG ", "TSI0", "TSI1", "TSI2", "TSI3", "TSI5", "kern",
)  # fmt: skip


@cache
def _library():
    """The library with its functions typed (ctypes: no declarations to parse at start-up)."""
    try:
        hb = ctypes.CDLL("libharfbuzz-subset.so.0")
        for name, (result, arguments) in _FUNCTIONS.items():
            function = getattr(hb, name)
            function.restype, function.argtypes = result, arguments
    except (OSError, AttributeError):  # not installed, or older than 4.2
        return None
    return hb


def _array(values) -> ctypes.Array:
    data = array("I", values or (0,))  # (ctypes' own constructor takes an argument a value)
    return (ctypes.c_uint32 * len(data)).from_buffer(data)


def available() -> bool:
    return _library() is not None


@cache
def _face(path: Path):
    hb = _library()
    blob = hb.hb_blob_create_from_file_or_fail(str(path).encode())
    if not blob:
        return None
    face = hb.hb_face_create(blob, 0)
    hb.hb_blob_destroy(blob)
    return face  # kept for the life of the process, as font_info is


def cmap(path: Path) -> dict[int, int] | None:
    """Code point -> glyph id, from the font's best character map (as fontTools' getBestCmap
    gives, without first naming every glyph). None when hb-subset is missing."""
    if (hb := _library()) is None or (face := _face(Path(path))) is None:
        return None
    found = hb.hb_set_create()
    try:
        hb.hb_face_collect_unicodes(face, found)
        count = hb.hb_set_get_population(found)
        codes = (ctypes.c_uint32 * max(1, count))()
        count = hb.hb_set_next_many(found, 0xFFFFFFFF, codes, count)  # from the start
    finally:
        hb.hb_set_destroy(found)
    glyphs = (ctypes.c_uint32 * max(1, count))()
    font = hb.hb_font_create(face)
    try:
        mapped = hb.hb_font_get_nominal_glyphs(font, count, codes, 4, glyphs, 4)
    finally:
        hb.hb_font_destroy(font)
    return dict(zip(codes[:mapped], glyphs[:mapped], strict=True))


def _tag(name: str) -> int:
    return int.from_bytes(name.encode("latin-1"), "big")


_DROPPED = sorted(_tag(t) for t in DROP)


def _cut(face, gids: list[int] | range, unicodes: list[int], flags: int):
    hb = _library()
    plan = hb.hb_subset_input_create_or_fail()
    if not plan:
        return None
    try:
        kept = hb.hb_subset_input_glyph_set(plan)
        if isinstance(gids, range):  # every id up to the last
            hb.hb_set_add_range(kept, gids.start, gids.stop - 1)
        else:
            hb.hb_set_add_sorted_array(kept, _array(gids), len(gids))
        if unicodes:
            codes = hb.hb_subset_input_unicode_set(plan)
            hb.hb_set_add_sorted_array(codes, _array(unicodes), len(unicodes))
        hb.hb_set_add_sorted_array(
            hb.hb_subset_input_set(plan, DROP_TABLE_TAG), _array(_DROPPED), len(_DROPPED)
        )
        hb.hb_subset_input_set_flags(plan, flags)
        return hb.hb_subset_or_fail(face, plan)
    finally:
        hb.hb_subset_input_destroy(plan)


def subset(
    path: Path, gids: frozenset[int], unicodes: frozenset[int] = frozenset()
) -> bytes | None:
    """The font at `path` with only glyphs `gids` (and .notdef), each keeping its glyph id;
    glyphs past the last one used are dropped. Given `unicodes` (whose glyphs `gids` holds),
    their character map is kept, and the glyphs' names (a simple font finds its glyphs by
    them). None when hb-subset is missing or fails."""
    if (hb := _library()) is None or (face := _face(Path(path))) is None:
        return None
    flags = NO_HINTING | DESUBROUTINIZE | NOTDEF_OUTLINE | (GLYPH_NAMES if unicodes else 0)
    codes = sorted(unicodes)
    kept = _cut(face, sorted(gids | {0}), codes, flags | RETAIN_GIDS)
    if not kept:
        return None
    short, last = kept, max(gids | {0})
    if hb.hb_face_get_glyph_count(kept) > last + 1:
        # a second cut over every id up to the last one used drops the empty tail, ids
        # unchanged (a cut with no tail, most of them, is as that would give it)
        short = _cut(kept, range(last + 1), codes, flags)
        hb.hb_face_destroy(kept)
        if not short:
            return None
    blob = hb.hb_face_reference_blob(short)
    length = _U()
    data = ctypes.string_at(hb.hb_blob_get_data(blob, ctypes.byref(length)), length.value)
    hb.hb_blob_destroy(blob)
    hb.hb_face_destroy(short)
    return data or None
