"""The static SVG layer of a page: lines, frames, dice and short labels, merged per style.

WeasyPrint's SVG cost is mostly per element, so shapes of one style go into ONE <path>: a
`Layer` maps style attributes to path data, drawn in the order the styles first came. A style
may start with "name|" to keep its shapes apart from (and drawn after) earlier ones of the same
look; markup kept under a style without "=" ("text", "art") is drawn as it is.
"""

from __future__ import annotations

import base64
from html import escape

from bunco_print.printing.pdf.vector import SVG_URI

_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}
# a circle from its left point as WeasyPrint draws arcs: c (control, control, end), then s x 5
_CIRCLE_C = (0, -0.35727, 0.1906, -0.6874, 0.5, -0.86603)
_CIRCLE_S = (
    (0.6906, -0.17863, 1, 0),
    (0.5, 0.50876, 0.5, 0.86603),
    (-0.1906, 0.6874, -0.5, 0.86603),
    (-0.6906, 0.17863, -1, 0),
    (-0.5, -0.50876, -0.5, -0.86603),
)


def n(x: float) -> str:
    return f"{x:.1f}"


def stroke(color: str, width: float, dash: str = "", fill: str = "none", cap: str = "") -> str:
    style = f'fill="{fill}" stroke="{color}" stroke-width="{width:.2f}"'
    if dash:
        style += f' stroke-dasharray="{dash}"'
    if cap:
        style += f' stroke-linecap="{cap}"'
    return style


def fill(color: str) -> str:
    return f'fill="{color}"'


def seg(x1: float, y1: float, x2: float, y2: float) -> str:
    if y1 == y2:
        return f"M{x1:.1f} {y1:.1f}H{x2:.1f}"
    if x1 == x2:
        return f"M{x1:.1f} {y1:.1f}V{y2:.1f}"
    return f"M{x1:.1f} {y1:.1f}L{x2:.1f} {y2:.1f}"


def rrect_tail(w: float, h: float, r: float) -> str:
    """The rest of a rounded rectangle's path from (x + r, y), relative."""
    a, k = r * 0.5523, r * 0.4477
    return (
        f"h{w - 2 * r:.3f}c{a:.3f} 0 {r:.3f} {k:.3f} {r:.3f} {r:.3f}v{h - 2 * r:.3f}"
        f"c0 {a:.3f} {-k:.3f} {r:.3f} {-r:.3f} {r:.3f}h{2 * r - w:.3f}"
        f"c{-a:.3f} 0 {-r:.3f} {-k:.3f} {-r:.3f} {-r:.3f}v{2 * r - h:.3f}"
        f"c0 {-a:.3f} {k:.3f} {-r:.3f} {r:.3f} {-r:.3f}z"
    )


def rrect(x: float, y: float, w: float, h: float, r: float = 0) -> str:
    """A rectangle with corners of radius r, as cubic Béziers (as WeasyPrint draws <rect rx>)."""
    if r > 0:
        r = min(r, w / 2, h / 2)
        return f"M{x + r:.2f} {y:.2f}" + rrect_tail(w, h, r)
    return f"M{x:.2f} {y:.2f}h{w:.2f}v{h:.2f}h{-w:.2f}z"


class Layer:
    """Shapes merged per style, then written as one SVG of w x h pt."""

    def __init__(self) -> None:
        self.acc: dict[str, str] = {}
        self._tails: dict[str, str] = {}

    def add(self, style: str, d: str) -> None:
        self.acc[style] = self.acc.get(style, "") + d

    def text(self, markup: str) -> None:
        self.add("text", markup)

    def die(self, cx, cy, size, face, color, fill="#ffffff", stroke_w=1.0, family="") -> None:
        """A die face centred on (cx, cy): its outline merged with every outline of its style,
        its pips with every pip of their size and colour. A pip of 1.5pt radius or more is a
        dot (a round-capped stroke 0.01pt long); smaller ones are six-curve circles (poppler
        draws tiny round caps as crosses). Faces above six are a number."""
        key = f"die {size:.2f}"
        if key not in self._tails:
            self._tails[key] = rrect_tail(size, size, size * 0.22)
        style = f'fill="{fill}" stroke="{color}" stroke-width="{stroke_w:.2f}"'
        self.add(style, f"M{cx - size * 0.28:.2f} {cy - size / 2:.2f}" + self._tails[key])
        if face not in _PIPS:
            self.text(
                f'<text x="{cx:.2f}" y="{cy + size * 0.2:.2f}" text-anchor="middle" '
                f'font-family="{family}" font-size="{size * 0.6:.2f}" fill="{color}">{face}</text>'
            )
            return
        r = size * 0.095
        if r >= 1.5:
            d = "".join(
                f"M{cx + px * size * 0.26:.2f} {cy + py * size * 0.26:.2f}h.01"
                for px, py in _PIPS[face]
            )
            style = (
                f'fill="none" stroke="{color}" stroke-width="{2 * r:.2f}" stroke-linecap="round"'
            )
        else:
            key = f"pip {r:.2f}"
            if key not in self._tails:
                tail = "c" + "".join(f"{v * r:.3f} " for v in _CIRCLE_C)
                tail += "".join(
                    f"s{a * r:.3f} {b * r:.3f} {c * r:.3f} {e * r:.3f}" for a, b, c, e in _CIRCLE_S
                )
                self._tails[key] = tail + "z"
            d = "".join(
                f"M{cx + px * size * 0.26 - r:.2f} {cy + py * size * 0.26:.2f}" + self._tails[key]
                for px, py in _PIPS[face]
            )
            style = f'fill="{color}"'
        self.add(style, d)

    def markup(self) -> str:
        parts = []
        for key, d in self.acc.items():
            if not d:
                continue
            style = key.rpartition("|")[2]
            parts.append(f'<path d="{d}" {style}/>' if "=" in style else d)
        return "\n".join(parts)


def text(x, y, s, size, family, weight=400, fill="#000", anchor="start", spacing=0.0, italic=False):
    """A short SVG label (SVG text is drawn letter by letter: keep it short)."""
    extra = f' font-weight="{weight}"' if weight != 400 else ""
    extra += ' font-style="italic"' if italic else ""
    extra += f' text-anchor="{anchor}"' if anchor != "start" else ""
    extra += f' letter-spacing="{spacing}"' if spacing else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-family="{family}" font-size="{size:.1f}"'
        f' fill="{fill}"{extra}>{escape(str(s))}</text>'
    )


def image(uri: str, x, y, w, h, transform: str = "", opacity: float = 1.0) -> str:
    t = f' transform="{transform}"' if transform else ""
    if opacity < 1:
        t += f' opacity="{opacity:.2f}"'
    return f'<image href="{uri}" x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{t}/>'


def corners(uri: str, x, y, w, h, size, opacity: float = 1.0) -> str:
    """The four corner ornaments inside the box (x, y, w, h)."""
    if opacity < 1:  # faint: one group (an image's own opacity under a mirroring is lost)
        inner = corners(uri, x, y, w, h, size)
        return f'<g opacity="{opacity:.2f}">{inner}</g>'
    return "\n".join(
        [
            image(uri, x, y, size, size),
            image(uri, -(x + w), y, size, size, "scale(-1 1)"),
            image(uri, x, -(y + h), size, size, "scale(1 -1)"),
            image(uri, -(x + w), -(y + h), size, size, "scale(-1 -1)"),
        ]
    )


def box(x, y, w, h, r=0, stroke_c="#000", width=1, fill_c="none", dash="") -> str:
    rx = f' rx="{n(r)}"' if r else ""
    da = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{rx} fill="{fill_c}"'
        f' stroke="{stroke_c}" stroke-width="{width}"{da}/>'
    )


def line(x1, y1, x2, y2, stroke_c, width=0.8, dash="") -> str:
    da = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<path d="M{n(x1)} {n(y1)}L{n(x2)} {n(y2)}" stroke="{stroke_c}" stroke-width="{width}"'
        f'{da} fill="none"/>'
    )


def document(w: float, h: float, body: str, scale: float = 1.0, under: str = "") -> str:
    """An SVG document of w x h user units, printed `scale` times that size (pt); `under`: the
    colour it is stamped onto, when not the paper (its opacities are baked over it:
    pdf/opacity.py)."""
    onto = f' data-under="{under}"' if under else ""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{n(w * scale)}" height="{n(h * scale)}"'
        f' viewBox="0 0 {n(w)} {n(h)}"{onto}>\n{body}\n</svg>'
    )


def data_uri(markup: str) -> str:
    """Inline SVG as an image source: WeasyPrint parses it once per page however often it
    repeats, and its elements stay out of the HTML parser and the CSS cascade. In base64, by a
    C codec both ways (percent-encoding took a fifth of a pack's time before its passes, by a
    table; and pdf/layers.py reads it back): pdf/vector.markup_of gives the markup again."""
    return SVG_URI + base64.b64encode(markup.encode("utf-8")).decode("ascii")


def fake_qr(ink: str) -> str:
    """A stand-in for a QR code in previews (data: URI): finder squares and a scatter of
    modules."""
    size = 25
    d = "".join(
        f"M{x + 4} {y + 4}h1v1h-1z"
        for y in range(size)
        for x in range(size)
        if not ((x < 8 and y < 8) or (x > size - 9 and y < 8) or (x < 8 and y > size - 9))
        and (x * 7 + y * 13 + x * y * 3) % 7 < 3
    )
    finders = "".join(
        f'<rect x="{fx + 0.5}" y="{fy + 0.5}" width="6" height="6" fill="none" stroke="{ink}"'
        f' stroke-width="1"/><rect x="{fx + 2}" y="{fy + 2}" width="3" height="3" fill="{ink}"/>'
        for fx, fy in ((4, 4), (size - 3, 4), (4, size - 3))
    )
    markup = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33" width="33" height="33">'
        f'<rect width="33" height="33" fill="#ffffff"/><path d="{d}" fill="{ink}"/>{finders}</svg>'
    )
    return data_uri(markup)
