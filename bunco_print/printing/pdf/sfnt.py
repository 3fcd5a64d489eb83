"""The few numbers a font's tables hold that stamping needs, read straight from the file.

fontTools reads them too, but importing its table modules (the `name` table pulls in the whole
OpenType layout model) costs a tenth of a second of every run; these are fixed offsets in the
OpenType specification's head, hhea, maxp, post, OS/2 and name tables.
"""

from __future__ import annotations

import struct
import sys
from array import array
from dataclasses import dataclass
from pathlib import Path


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
        hmtx=tables["hmtx"],
    )


def file_postscript_name(path: Path) -> str:
    """The PostScript name of the font file at `path`, reading its table directory and its
    name table only (a fallback font for Chinese is 4 MB)."""
    with open(path, "rb") as file:
        head = file.read(12)
        if len(head) < 12 or head[:4] not in (b"\x00\x01\x00\x00", b"OTTO", b"true"):
            raise NotSfnt("not a single OpenType or TrueType font")
        (count,) = struct.unpack_from(">H", head, 4)
        directory = file.read(16 * count)
        for i in range(len(directory) // 16):
            tag, _checksum, offset, length = struct.unpack_from(">4sIII", directory, 16 * i)
            if tag == b"name":
                file.seek(offset)
                return _postscript_name(file.read(length))
    return ""


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


# --- writing: a character map put into a font program -------------------------------------------
# A simple TrueType font in a PDF finds each 1-byte code's glyph through the program's own
# character map (pdf/codes.py): written here, and put in place of the program's, as the
# OpenType specification lays the tables out.


def byte_map(codes: dict[int, int]) -> bytes:
    """A format 6 subtable: codes (at most 0xFFFF) -> glyph ids, over the codes' range."""
    first, last = min(codes), max(codes)
    ids = [codes.get(code, 0) for code in range(first, last + 1)]
    return struct.pack(f">5H{len(ids)}H", 6, 10 + 2 * len(ids), 0, first, len(ids), *ids)


def segment_map(codes: dict[int, int]) -> bytes:
    """A format 4 subtable: codes (below 0xFFFF) -> glyph ids; each run of successive codes
    a segment whose ids are listed, then the closing segment at 0xFFFF."""
    runs: list[list[int]] = []
    for code in sorted(codes):
        if runs and runs[-1][-1] == code - 1:
            runs[-1].append(code)
        else:
            runs.append([code])
    count = len(runs) + 1
    offsets, ids = [], []
    for i, run in enumerate(runs):  # from its own offset field to its first id
        offsets.append(2 * (count - i) + 2 * len(ids))
        ids.extend(codes[code] for code in run)
    ends, starts = [r[-1] for r in runs] + [0xFFFF], [r[0] for r in runs] + [0xFFFF]
    deltas, offsets = [0] * len(runs) + [1], [*offsets, 0]
    power = 1 << (count.bit_length() - 1)
    head = (4, 16 + 8 * count + 2 * len(ids), 0, 2 * count, 2 * power)
    head += (power.bit_length() - 1, 2 * count - 2 * power)
    return struct.pack(
        f">7H{count}HH{count}H{count}h{count}H{len(ids)}H",
        *head, *ends, 0, *starts, *deltas, *offsets, *ids,
    )  # fmt: skip


def cmap_table(subtables: dict[tuple[int, int], bytes]) -> bytes:
    """A cmap table of (platform, encoding) -> subtable."""
    records, data = b"", b""
    start = 4 + 8 * len(subtables)
    for (platform, encoding), table in sorted(subtables.items()):
        records += struct.pack(">HHI", platform, encoding, start + len(data))
        data += table
    return struct.pack(">HH", 0, len(subtables)) + records + data


def _checksum(data: bytes) -> int:
    words = array("I", data + b"\0" * (-len(data) % 4))
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def tables(font: bytes) -> dict[bytes, bytes]:
    """The program's tables by their tags."""
    (count,) = struct.unpack_from(">H", font, 4)
    found = {}
    for i in range(count):
        name, _checksum, offset, length = struct.unpack_from(">4sIII", font, 12 + 16 * i)
        found[name] = font[offset : offset + length]
    return found


def with_table(font: bytes, tag: bytes, table: bytes) -> bytes:
    """The font program `font` with `table` as its `tag` table (in place of one it has)."""
    return rebuilt(font, {tag: table})


def rebuilt(font: bytes, changed: dict[bytes, bytes | None], version: bytes = b"") -> bytes:
    """The font program `font` with the tables `changed` (a tag -> its new table, or None:
    dropped), its directory and checksums as the specification asks; given `version`, that
    its sfnt version (TrueType outlines: 00 01 00 00)."""
    (count,) = struct.unpack_from(">H", font, 4)
    held = {}
    for i in range(count):
        name, checksum, offset, length = struct.unpack_from(">4sIII", font, 12 + 16 * i)
        held[name] = checksum, font[offset : offset + length]
    for tag, table in changed.items():
        if table is None:
            held.pop(tag, None)
        else:  # head's checksum counts its checksum adjustment as 0
            held[tag] = (
                _checksum(table[:8] + bytes(4) + table[12:] if tag == b"head" else table),
                table,
            )
    count = len(held)
    power = 1 << (count.bit_length() - 1)
    header = (version or font[:4]) + struct.pack(
        ">4H", count, 16 * power, power.bit_length() - 1, 16 * count - 16 * power
    )
    directory, body = [], []
    offset = 12 + 16 * count
    for name in sorted(held):
        checksum, data = held[name]
        if name == b"head":  # its checksum adjustment counted as 0, and set below
            head_at, data = offset, data[:8] + b"\0\0\0\0" + data[12:]
        directory.append(struct.pack(">4sIII", name, checksum, offset, len(data)))
        body.append(data + b"\0" * (-len(data) % 4))
        offset += len(body[-1])
    out = bytearray(header + b"".join(directory) + b"".join(body))
    total = _checksum(bytes(out[: 12 + 16 * count])) + sum(c for c, _ in held.values())
    if b"head" in held:
        struct.pack_into(">I", out, head_at + 8, (0xB1B0AFBA - total) & 0xFFFFFFFF)
    return bytes(out)
