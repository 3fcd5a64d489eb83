"""Content-stream operators for each kind of stamp.

Each drawing function takes the stamp's rect in PDF user space: x, y (bottom-left), width and
height in pt, and returns operators that leave the graphics state as they found it (q ... Q).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from operator import getitem
from typing import TYPE_CHECKING

from bunco_print.printing.pdf.model import QR, Text, num
from bunco_print.printing.qr import qr_grid

QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks

if TYPE_CHECKING:
    from bunco_print.printing.pdf.fonts import FontInfo


@cache
def rgb(color: str) -> bytes:
    """``#rgb`` or ``#rrggbb`` as three PDF colour components."""
    hex_ = color.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    return b" ".join(num(int(hex_[i : i + 2], 16) / 255) for i in (0, 2, 4))


def qr(stamp: QR, x: float, y: float, w: float, h: float) -> bytes:
    """The code as one path of rectangles on a white square, centred in the rect: the code and
    its quiet zone of QUIET_ZONE modules (the standard's) fill the square."""
    layout, grid = qr_grid(stamp.data)
    n, q = layout.n, QUIET_ZONE
    m = min(w, h) / (n + 2 * q)  # module size
    hex_digits = f"{int(grid, 2):0{len(grid) // 4}x}"  # 4 modules each
    path = b"".join(map(getitem, layout.paths, hex_digits))
    # in module units with the origin at the code's top-left corner and y going down
    return b"q %s 0 0 %s %s %s cm 1 g -%d -%d %d %d re f %s rg\n%sf Q\n" % (
        num(m),
        num(-m),
        num(x + (w - m * n) / 2),
        num(y + (h + m * n) / 2),
        q,
        q,
        n + 2 * q,
        n + 2 * q,
        rgb(stamp.color),
        path,
    )


def runs(text: str, fonts: Sequence[FontInfo]) -> list[tuple[int, str]]:
    """`text` cut into runs, each in the first of `fonts` that has all its letters: (font's
    index, its text). A letter no font has stays with the first font (it prints as .notdef)."""
    if len(fonts) == 1:  # (the writer gives one font when it has every letter)
        return [(0, text)] if text else []
    out: list[tuple[int, str]] = []
    for char in text:
        code = ord(char)
        k = next((i for i, f in enumerate(fonts) if code in f.cmap), 0)
        if char == " " and out:
            k = out[-1][0] if code in fonts[out[-1][0]].cmap else k  # a space joins its run
        if out and out[-1][0] == k:
            out[-1] = (k, out[-1][1] + char)
        else:
            out.append((k, char))
    return out


def shaped(stamp: Text, fonts: Sequence[tuple[FontInfo, Callable]]) -> list:
    """The stamp's lines, each its pieces (what `fonts`' encoders gave for each run of letters
    in one font, and the run's width in ems) and its width in ems."""
    infos = [font for font, _ in fonts]
    lines = []
    for line in stamp.text.split("\n"):
        parts = []
        for k, part in runs(line, infos):
            font, encode = fonts[k]
            gids = [font.cmap.get(ord(c), 0) for c in part]  # 0 = .notdef
            ems = sum(font.advances[g] for g in gids) / font.upm + stamp.spacing * len(gids)
            parts.append((encode(gids, part), ems))
        lines.append((parts, sum(em for _, em in parts)))
    return lines


def text(
    stamp: Text,
    fonts: Sequence[tuple[FontInfo, Callable[[list[int], str], list[tuple[bytes, bytes]]]]],
    x: float,
    y: float,
    w: float,
    h: float,
) -> bytes:
    """The stamp's lines (one, or two split at a newline), each letter in the first of `fonts`
    that has it, shrunk to fit the rect's width, the block centred vertically. Each of `fonts`:
    the font, and what shows its glyphs (glyph ids and their text -> the pieces to show, each
    a font's resource name and its string: pdf/file_fonts.py)."""
    infos = [font for font, _ in fonts]
    lines = shaped(stamp, fonts)
    widest = max(em for _, em in lines)
    size = min(stamp.size, w / widest) if widest else stamp.size
    first = infos[0]
    ascent, descent = first.ascent / first.upm * size, first.descent / first.upm * size
    pitch = stamp.pitch * size
    r = -1 if stamp.rotate == 180 else 1  # 180°: the same, turned about the rect's centre
    out = [b"q %s rg BT\n" % rgb(stamp.color)]
    if stamp.outline:  # text render mode 1: stroke the glyphs' outlines only
        out = [b"q %s RG %s w 1 j BT 1 Tr\n" % (rgb(stamp.color), num(stamp.outline))]
    if stamp.spacing:  # character spacing, in pt (text space is user space here)
        out.append(b"%s Tc\n" % num(stamp.spacing * size))
    for n, (parts, em) in enumerate(lines):
        width = em * size
        # origin of the line relative to the rect's centre, for upright text
        dx = {"left": -w / 2, "center": -width / 2, "right": w / 2 - width}[stamp.align]
        dy = -(ascent + descent) / 2 - (n - (len(lines) - 1) / 2) * pitch
        out.append(b"%d 0 0 %d %s %s Tm" % (r, r, num(x + w / 2 + r * dx), num(y + h / 2 + r * dy)))
        for pieces, _ in parts:
            for name, string in pieces:
                out.append(b" /%s %s Tf <%s> Tj" % (name, num(size), string.hex().encode()))
        out.append(b"\n")
    out.append(b"ET Q\n")
    return b"".join(out)


def form(
    name: bytes,
    box: tuple[float, float, float, float],
    rotate: int,
    x: float,
    y: float,
    w: float,
    h: float,
) -> bytes:
    """Form XObject `name` whose bounding `box` is (x, y, width, height), scaled to fit the
    rect, centred in it, and turned 180° if `rotate` says so."""
    bx, by, bw, bh = map(float, box)
    a = min(w / bw, h / bh) * (-1 if rotate == 180 else 1)  # scale; negative = turned 180°
    e, f = x + w / 2 - a * (bx + bw / 2), y + h / 2 - a * (by + bh / 2)  # centre on centre
    return b"q %s 0 0 %s %s %s cm /%s Do Q\n" % (num(a), num(a), num(e), num(f), name)
