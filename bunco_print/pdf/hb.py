"""Font subsetting with HarfBuzz's hb-subset library (Debian's libharfbuzz-subset0, which
WeasyPrint uses too), reached through cffi. It cuts a font in milliseconds where fontTools takes
tens of them and a quarter of a second to import. `subset` gives None when the library is not
installed, and the caller falls back to fontTools.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

_CDEF = """
typedef struct hb_blob_t hb_blob_t;
typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t;
typedef struct hb_subset_input_t hb_subset_input_t;
hb_blob_t *hb_blob_create_from_file_or_fail (const char *file_name);
const char *hb_blob_get_data (hb_blob_t *blob, unsigned int *length);
void hb_blob_destroy (hb_blob_t *blob);
hb_face_t *hb_face_create (hb_blob_t *blob, unsigned int index);
hb_blob_t *hb_face_reference_blob (hb_face_t *face);
void hb_face_destroy (hb_face_t *face);
void hb_set_add_sorted_array (hb_set_t *set, const uint32_t *sorted, unsigned int count);
hb_subset_input_t *hb_subset_input_create_or_fail (void);
void hb_subset_input_destroy (hb_subset_input_t *input);
hb_set_t *hb_subset_input_glyph_set (hb_subset_input_t *input);
hb_set_t *hb_subset_input_set (hb_subset_input_t *input, int set_type);
void hb_subset_input_set_flags (hb_subset_input_t *input, unsigned value);
hb_face_t *hb_subset_or_fail (hb_face_t *source, const hb_subset_input_t *input);
"""
NO_HINTING, RETAIN_GIDS, DESUBROUTINIZE, NOTDEF_OUTLINE = 0x1, 0x2, 0x4, 0x40
DROP_TABLE_TAG = 3  # hb_subset_sets_t
# Tables a stamped text never needs: shaping and justification (a character is drawn with its
# cmap glyph), signatures, bitmaps, hinting sources.
DROP = (
    "BASE", "DSIG", "EBDT", "EBLC", "EBSC", "FFTM", "GDEF", "GPOS", "GSUB", "JSTF", "LTSH",
    "MATH", "PCLT", "SVG ", "TSI0", "TSI1", "TSI2", "TSI3", "TSI5", "kern",
)  # fmt: skip


@cache
def _library():
    try:
        import cffi

        ffi = cffi.FFI()
        ffi.cdef(_CDEF)
        return ffi, ffi.dlopen("libharfbuzz-subset.so.0")
    except (ImportError, OSError, AttributeError):
        return None


def available() -> bool:
    return _library() is not None


@cache
def _face(path: Path):
    ffi, hb = _library()
    blob = hb.hb_blob_create_from_file_or_fail(str(path).encode())
    if blob == ffi.NULL:
        return None
    face = hb.hb_face_create(blob, 0)
    hb.hb_blob_destroy(blob)
    return face  # kept for the life of the process, as font_info is


def _tag(name: str) -> int:
    return int.from_bytes(name.encode("latin-1"), "big")


def _cut(face, gids: list[int], flags: int):
    ffi, hb = _library()
    plan = hb.hb_subset_input_create_or_fail()
    if plan == ffi.NULL:
        return ffi.NULL
    try:
        wanted = ffi.new("uint32_t[]", gids)
        hb.hb_set_add_sorted_array(hb.hb_subset_input_glyph_set(plan), wanted, len(gids))
        drop = sorted(_tag(t) for t in DROP)
        tags = ffi.new("uint32_t[]", drop)
        hb.hb_set_add_sorted_array(hb.hb_subset_input_set(plan, DROP_TABLE_TAG), tags, len(drop))
        hb.hb_subset_input_set_flags(plan, flags)
        return hb.hb_subset_or_fail(face, plan)
    finally:
        hb.hb_subset_input_destroy(plan)


def subset(path: Path, gids: frozenset[int]) -> bytes | None:
    """The font at `path` with only glyphs `gids` (and .notdef), each keeping its glyph id;
    glyphs past the last one used are dropped. None when hb-subset is missing or fails."""
    if _library() is None:
        return None
    ffi, hb = _library()
    face = _face(Path(path))
    if face is None:
        return None
    flags = NO_HINTING | DESUBROUTINIZE | NOTDEF_OUTLINE
    kept = _cut(face, sorted(gids | {0}), flags | RETAIN_GIDS)
    if kept == ffi.NULL:
        return None
    # a second cut over every id up to the last one used drops the empty tail, ids unchanged
    short = _cut(kept, list(range(max(gids | {0}) + 1)), flags)
    hb.hb_face_destroy(kept)
    if short == ffi.NULL:
        return None
    blob = hb.hb_face_reference_blob(short)
    length = ffi.new("unsigned int *")
    data = bytes(ffi.buffer(hb.hb_blob_get_data(blob, length), length[0]))
    hb.hb_blob_destroy(blob)
    hb.hb_face_destroy(short)
    return data or None
