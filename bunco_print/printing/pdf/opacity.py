"""Opacity baked into solid colours, wherever what lies beneath a painting is known.

PostScript has no transparency: a PDF page with any (a graphics state's alpha, a soft mask, a
transparency group) reaches a PostScript printer as one picture of the whole page (Ghostscript's
ps2write, as CUPS uses it, renders it at 720 dpi: megabytes a page, and slow). Yet a painting
at opacity `a` over one flat colour `b` looks just like the same painting, opaque, in the colour
`a·c + (1 - a)·b`. So `bake` walks an SVG drawing (a theme's art file, a page's layer) in
paint order, keeping the shapes painted so far (pdf/shapes.py), and gives
a translucent painting the colour it shows when its whole area lies inside one flat fill with
nothing else between, or over nothing the drawing painted: then over what lies beneath the
drawing (the paper; `under`). A faint drawing (`faint`, the ink saver's art) is the same: each
colour moved towards `under`. What is not known (a painting across two colours) is left
translucent, drawn as before. `bake` also notes under each <image> the colour it lies on
(`data-under`), so its art can be baked against it in turn.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

from bunco_print.printing.pdf.paths import IDENTITY, LayerError, Matrix, matrix, times
from bunco_print.printing.pdf.shapes import Beneath, Shape, area, box

PAPER = "#ffffff"  # every document prints on white paper (theming.contrast.PAPER)
_NAMED = {"black": "#000000", "white": "#ffffff"}
_SHAPES = ("path", "rect", "circle", "ellipse", "polygon", "polyline")
_OPACITIES = ("opacity", "fill-opacity", "stroke-opacity")


def mix(color: str, under: str, alpha: float) -> str:
    """`color` painted at `alpha` over `under`, as one opaque colour (#rrggbb)."""
    top, bottom = _rgb(color), _rgb(under)
    return "#" + "".join(
        f"{round(alpha * t + (1 - alpha) * b):02x}" for t, b in zip(top, bottom, strict=True)
    )


def _rgb(color: str) -> tuple[int, int, int]:
    hex_ = _NAMED.get(color, color).lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    return int(hex_[0:2], 16), int(hex_[2:4], 16), int(hex_[4:6], 16)


def _opacity(node: ET.Element, name: str) -> float:
    try:
        return min(max(float(node.get(name, "1")), 0.0), 1.0)
    except ValueError:
        raise LayerError(f"{name} {node.get(name)!r} is not a number") from None


def _color(value: str | None, default: str | None) -> str | None:
    value = default if value is None else value.strip()
    return None if value in (None, "none") else _NAMED.get(value, value)


def _tag(node: ET.Element) -> str:
    return node.tag.rpartition("}")[2]


def _scale(m: Matrix) -> float:
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


@dataclass
class _Baking:
    beneath: Beneath
    translucent: int = 0  # paintings left translucent
    painted: list[ET.Element] = field(default_factory=list)  # what a faint drawing lightens

    def node(self, node: ET.Element, m: Matrix, alpha: float) -> None:
        tag = _tag(node)
        if tag in ("defs", "marker", "clipPath", "title", "desc", "metadata"):
            return
        if tag not in ("svg", "g", "image") and "transform" in node.attrib:
            m = times(matrix(node.get("transform", "")), m)
        if tag in ("svg", "g"):
            if "transform" in node.attrib:
                m = times(matrix(node.get("transform", "")), m)
            alpha *= _opacity(node, "opacity")
            node.attrib.pop("opacity", None)  # carried down to what it holds
            for child in node:
                self.node(child, m, alpha)
        elif tag in _SHAPES:
            self.paint(node, m, alpha)
        elif tag == "image":
            self.image(node, m, alpha)
        elif tag == "text":  # its box, roughly: nothing is baked over it
            size = float(node.get("font-size", "16"))
            x, y = float(node.get("x", "0")), float(node.get("y", "0"))
            width = size * (len(node.text or "") + 1)
            self.beneath.shapes.append(box(x - width, y - size, 2 * width, 1.5 * size, m))

    def paint(self, node: ET.Element, m: Matrix, alpha: float) -> None:
        fill = _color(node.get("fill"), "#000000")
        stroke = _color(node.get("stroke"), None)
        if fill is None and stroke is None:
            return
        alpha *= _opacity(node, "opacity")
        fill_alpha = alpha * _opacity(node, "fill-opacity") if fill else 1.0
        stroke_alpha = alpha * _opacity(node, "stroke-opacity") if stroke else 1.0
        half = float(node.get("stroke-width", "1")) * _scale(m) / 2 if stroke else 0.0
        known, source = True, node  # traced only when asked (pdf/shapes.py)
        if fill_alpha < 1 or stroke_alpha < 1:
            for name in _OPACITIES:
                node.attrib.pop(name, None)
            region = Shape(node, m, filled=fill is not None, stroke=half if stroke_alpha < 1 else 0)
            source = region.ops
            if fill and not any(abs(area(pts)) > 1e-6 for pts, _ in region.rings):
                fill = None  # lines only: a fill that paints nothing
                region.filled = False
            # a translucent stroke over its own fill lies on two colours: left as it is
            under = None if (fill and stroke_alpha < 1) else self.beneath.color(region)
            if under is None:
                known = False
                self.translucent += 1
                node.set("fill-opacity", f"{fill_alpha:.3f}")
                node.set("stroke-opacity", f"{stroke_alpha:.3f}")
            else:
                if fill:
                    fill = mix(fill, under, fill_alpha)
                    node.set("fill", fill)
                if stroke:
                    stroke = mix(stroke, under, stroke_alpha)
                    node.set("stroke", stroke)
        self.painted.append(node)
        self.beneath.shapes.append(
            Shape(
                source,
                m,
                filled=fill is not None,
                fill=fill if known else None,
                stroke=half,
                edge=stroke is not None and stroke != fill,
            )
        )
        if node.get("marker-end"):  # drawn where the path ends: nothing known around it
            x1, y1, x2, y2 = self.beneath.shapes[-1].box
            r = 4 * half + 1
            self.beneath.shapes.append(
                box(x1 - r, y1 - r, x2 - x1 + 2 * r, y2 - y1 + 2 * r, IDENTITY)
            )

    def image(self, node: ET.Element, m: Matrix, alpha: float) -> None:
        if "transform" in node.attrib:
            m = times(matrix(node.get("transform", "")), m)
        x, y = float(node.get("x", "0")), float(node.get("y", "0"))
        w, h = float(node.get("width", "0")), float(node.get("height", "0"))
        alpha *= _opacity(node, "opacity")
        node.attrib.pop("opacity", None)
        if alpha < 1:
            node.set("opacity", f"{alpha:.3f}")
        if w <= 0 or h <= 0:
            return
        placed = box(x, y, w, h, m)
        under = self.beneath.color(placed)
        if under is not None:
            node.set("data-under", under)
        self.beneath.shapes.append(placed)

    def lighten(self, under: str, faint: float) -> None:
        """A faint drawing's every colour moved towards `under` (as the whole drawing painted
        at `faint` opacity over it: where paintings overlap, the top one shows)."""
        for node in self.painted:
            for name, default in (("fill", "#000000"), ("stroke", None)):
                if (color := _color(node.get(name), default)) is not None:
                    node.set(name, mix(color, under, faint))


def bake(root: ET.Element, under: str | None = PAPER, faint: float = 1.0) -> bool:
    """Bake the opacities of the SVG drawing `root` (in place) into solid colours where what
    lies beneath is known; a `faint` drawing (as if painted whole at that opacity) is lightened
    towards `under` too, when all of it could be. True when nothing translucent is left (a
    faint drawing is then to be drawn opaque); else the faintness is left to the caller."""
    baking = _Baking(Beneath(under))
    baking.node(root, IDENTITY, 1.0)
    if baking.translucent or (faint < 1 and under is None):
        return False
    if faint < 1:
        baking.lighten(under, faint)
    return True


ET.register_namespace("", "http://www.w3.org/2000/svg")
ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")


def art_uri(path: Path, faint: float = 1.0) -> str:
    """An art file as WeasyPrint is to draw it: its file URI when there is nothing to bake,
    else the baked drawing (over the paper, and `faint`) as a data URI."""
    stat = path.stat()
    return _art_uri(path, stat.st_mtime_ns, stat.st_size, faint)


@lru_cache(maxsize=64)
def _art_uri(path: Path, _mtime: int, _bytes: int, faint: float) -> str:
    markup = path.read_text(encoding="utf-8")
    if "opacity" not in markup and faint >= 1:
        return path.as_uri()
    root = ET.fromstring(markup)
    if not bake(root, PAPER, faint) and faint < 1:
        root.set("opacity", f"{faint:.3f}")  # drawn faint as a whole, as before
    return "data:image/svg+xml;charset=utf-8," + quote(ET.tostring(root, encoding="unicode"))
