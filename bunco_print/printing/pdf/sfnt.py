"""The few numbers a font's tables hold that stamping needs, read straight from the file.

fontTools reads them too, but importing its table modules (the `name` table pulls in the whole
OpenType layout model) costs a tenth of a second of every run; these are fixed offsets in the
OpenType specification's head, hhea, maxp, post, OS/2 and name tables.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass


class NotSfnt(ValueError):
    """Not a single OpenType/TrueType font (a collection, or not a font)."""


@dataclass(frozen=True)
class Tables:
    upm: int
    bbox: tuple[int, int, int, int]  # xMin, yMin, xMax, yMax in font units
    ascent: int  # hhea
    descent: int  # hhea, negative
    metrics: int  # hhea numberOfHMetrics
    glyphs: int  # maxp numGlyphs
    italic_angle: float
    cap_height: int  # OS/2 sCapHeight (0: not given)
    postscript_name: str
    cff: bool
    hmtx: bytes


def read(data: bytes) -> Tables:
    if len(data) < 12 or data[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
        raise NotSfnt("not a single OpenType or TrueType font")
    (count,) = struct.unpack_from(">H", data, 4)
    tables = {}
    for i in range(count):
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag.decode("latin-1")] = data[offset : offset + length]
    head, hhea, maxp = tables["head"], tables["hhea"], tables["maxp"]
    upm, *bbox = struct.unpack_from(">H16x4h", head, 18)
    ascent, descent = struct.unpack_from(">hh", hhea, 4)
    (metrics,) = struct.unpack_from(">H", hhea, 34)
    (glyphs,) = struct.unpack_from(">H", maxp, 4)
    post = tables.get("post", b"")
    italic = struct.unpack_from(">i", post, 4)[0] / 65536 if len(post) >= 8 else 0.0
    os2 = tables.get("OS/2", b"")
    cap_height = struct.unpack_from(">h", os2, 88)[0] if len(os2) >= 90 else 0
    return Tables(
        upm=upm,
        bbox=tuple(bbox),
        ascent=ascent,
        descent=descent,
        metrics=metrics,
        glyphs=glyphs,
        italic_angle=italic,
        cap_height=cap_height,
        postscript_name=_postscript_name(tables.get("name", b"")),
        cff="CFF " in tables or "CFF2" in tables,
        hmtx=tables["hmtx"],
    )


def _postscript_name(table: bytes) -> str:
    """Name 6, preferring Windows English, then any Windows or Unicode record, then Mac."""
    if len(table) < 6:
        return ""
    _format, count, strings = struct.unpack_from(">HHH", table, 0)
    found: dict[tuple[int, int], str] = {}
    for i in range(count):
        if 6 + 12 * (i + 1) > len(table):
            break
        platform, _encoding, language, name_id, length, offset = struct.unpack_from(
            ">6H", table, 6 + 12 * i
        )
        if name_id != 6:
            continue
        raw = table[strings + offset : strings + offset + length]
        text = raw.decode("utf-16-be", "replace") if platform in (0, 3) else raw.decode("latin-1")
        rank = {3: 0, 0: 1, 1: 2}.get(platform, 3)
        found.setdefault((rank, 0 if language == 0x409 or platform != 3 else 1), text)
    return found[min(found)] if found else ""
