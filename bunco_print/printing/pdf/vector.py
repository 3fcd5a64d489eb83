"""A page's static SVG layer (layout/svg.py) drawn as PDF operators, without WeasyPrint.

WeasyPrint draws SVG in Python, element by element and text letter by letter: the static layers
of a pack (grids, frames, dice, short labels, art) were about half of its time. The layers are
our own SVG, in a small vocabulary (`svg`, `g`, `path`, `rect`, `text`, `image`), and so are
the themes' art files (with `circle`, `ellipse`, `polygon`, transforms on shapes and
opacities), so they are turned into operators here the way WeasyPrint draws them: the same
paths (pdf/paths.py), a miter limit of 4, text letter by letter with the fonts' own advances
(no kerning) and `text-anchor` measured from them, art placed as forms (`xMidYMid meet`).

`convert` gives the operators in the layer's own coordinates (y down, 1 unit = 1 pt), with
text and art named through the `Resources` it is given; anything outside that vocabulary is an
error (a layer is ours: a test over every document finds it).
"""

from __future__ import annotations

import base64
import re
import struct
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from bunco_print.printing.pdf.draw import rgb
from bunco_print.printing.pdf.model import num
from bunco_print.printing.pdf.opacity import PAPER, bake
from bunco_print.printing.pdf.paths import (
    LayerError,
    ellipse,
    matrix,
    placed,
    polygon,
    rect,
    shape,
    trace,
)

if TYPE_CHECKING:
    from bunco_print.printing.pdf.fonts import FontInfo

_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_NAMED = {"black": "#000000", "white": "#ffffff"}


@dataclass
class Resources:
    """What a converted layer names, shared by the layers of one PDF. `font(family, weight,
    italic)` gives the font file for SVG text; `art(href, under, faint)` the art's (resource
    name, width, height, whether it is faint already) as a form, baked over the colour `under`
    (None: not known) and drawn `faint` if it can be; the glyphs each font shows and the
    opacities used are collected."""

    font: Callable[[str, str, bool], Path]
    art: Callable[[str, str | None, float], tuple[bytes, float, float, bool]]
    info: Callable[[Path], FontInfo]
    fonts: dict[Path, tuple[bytes, dict[int, str]]] = field(default_factory=dict)
    opacities: dict[float | tuple[float, float], bytes] = field(default_factory=dict)

    def font_name(self, path: Path) -> tuple[bytes, dict[int, str]]:
        if path not in self.fonts:
            self.fonts[path] = b"BPF%d" % len(self.fonts), {}
        return self.fonts[path]

    def opacity(self, value: float, stroke: float | None = None) -> bytes:
        """The graphics state painting fills at `value` and strokes at `stroke` (the same when
        not given) opacity."""
        key = value if stroke is None or stroke == value else (value, stroke)
        if key not in self.opacities:
            self.opacities[key] = b"BPO%d" % len(self.opacities)
        return self.opacities[key]


SVG_URI = "data:image/svg+xml;base64,"  # how layout/svg.data_uri gives a drawing


def markup_of(data: str) -> str:
    """The SVG a data URI of layout/svg.data_uri holds, given whole or its data only."""
    try:
        return base64.b64decode(data.removeprefix(SVG_URI), validate=True).decode("utf-8")
    except ValueError:  # (not ASCII, not base64, or not UTF-8)
        raise LayerError("a drawing's data is not base64 of UTF-8 text") from None


def convert(markup: str | ET.Element, resources: Resources) -> bytes:
    """The SVG document's drawing as content operators in its own user space (y down). Its
    opacities are first baked into solid colours over the paper, or the colour its root's
    `data-under` names (pdf/opacity.py); an element tree given is drawn as it is (its caller
    baked it)."""
    root = markup
    if isinstance(markup, str):
        root = ET.fromstring(markup)
        bake(root, root.get("data-under", PAPER))
    if _tag(root) != "svg":
        raise LayerError("a layer is an <svg> document")
    markers = {  # markers drawn where paths name them, clip paths where groups do; never in place
        m.get("id", ""): m for m in root.iter() if _tag(m) in ("marker", "clipPath")
    }
    out: list[bytes] = []
    for child in root:
        _node(child, resources, out, markers, _opacity(root))
    return b"".join(out)


def view_box(value: str) -> tuple[float, float, float, float] | None:
    """An SVG viewBox's four numbers, or None when it is missing, malformed or empty."""
    try:
        box = tuple(float(v) for v in re.split(r"[\s,]+", value.strip()) if v)
    except ValueError:
        return None
    return box if len(box) == 4 and box[2] > 0 and box[3] > 0 else None


def _tag(node: ET.Element) -> str:
    return node.tag.rpartition("}")[2]


def _node(
    node: ET.Element, res: Resources, out: list[bytes], markers: dict, alpha: float = 1.0
) -> None:
    """`alpha`: the opacity the groups around the node give it (each painting's own opacity
    is multiplied by it; groups here never overlap what they hold, so this is exact)."""
    tag = _tag(node)
    if tag not in ("g", "image", "defs") and "transform" in node.attrib:  # a shape's own
        out.append(b"q %s" % _transform(node.get("transform", "")))
        _node(_untransformed(node), res, out, markers, alpha)
        out.append(b"Q\n")
    elif tag == "g":
        out.append(b"q %s" % _transform(node.get("transform", "")))
        if (url := node.get("clip-path")) is not None:
            out.append(_clip(markers.get(url.removeprefix("url(#").removesuffix(")"))))
        for child in node:
            _node(child, res, out, markers, alpha * _opacity(node))
        out.append(b"Q\n")
    elif tag in ("defs", "clipPath"):
        return
    elif tag == "path":
        ops, end, angle = trace(node.get("d", ""))
        _paint(node, ops, out, res, alpha)
        if (url := node.get("marker-end")) is not None and end is not None:
            _marker(
                node,
                markers.get(url.removeprefix("url(#").removesuffix(")")),
                end,
                angle,
                res,
                out,
                markers,
            )
    elif tag == "rect":
        _paint(node, rect(node), out, res, alpha)
    elif tag in ("circle", "ellipse"):
        _paint(node, ellipse(node), out, res, alpha)
    elif tag in ("polygon", "polyline"):
        _paint(node, polygon(node, closed=tag == "polygon"), out, res, alpha)
    elif tag == "text":
        _text(node, res, out)
    elif tag == "image":
        _image(node, res, out, alpha)
    else:
        raise LayerError(f"<{tag}> is not drawn natively")


def _color(value: str | None, default: str | None) -> str | None:
    value = default if value is None else value.strip()
    if value in (None, "none"):
        return None
    value = _NAMED.get(value, value)
    if not re.fullmatch(r"#[0-9a-fA-F]{3}(?:[0-9a-fA-F]{3})?", value):
        raise LayerError(f"colour {value!r} is not drawn natively")
    return value


def _untransformed(node: ET.Element) -> ET.Element:
    bare = ET.Element(node.tag, {k: v for k, v in node.attrib.items() if k != "transform"})
    bare.text = node.text
    bare.extend(node)
    return bare


def _opacity(node: ET.Element, name: str = "opacity") -> float:
    try:
        value = float(node.get(name, "1"))
    except ValueError:
        raise LayerError(f"{name} {node.get(name)!r} is not a number") from None
    return min(max(value, 0.0), 1.0)


def _paint(node: ET.Element, path: bytes, out: list[bytes], res: Resources, alpha: float) -> None:
    fill = _color(node.get("fill"), "#000000")
    stroke = _color(node.get("stroke"), None)
    if not path or (fill is None and stroke is None):
        return
    ops = [b"q "]
    alpha *= _opacity(node)
    fill_alpha = round(alpha * _opacity(node, "fill-opacity"), 3)
    stroke_alpha = round(alpha * _opacity(node, "stroke-opacity"), 3)
    if fill_alpha < 1 or stroke_alpha < 1:
        ops.append(b"/%s gs " % res.opacity(fill_alpha, stroke_alpha))
    if fill is not None:
        ops.append(b"%s rg " % rgb(fill))
    if stroke is not None:
        dash = [float(v) for v in node.get("stroke-dasharray", "").replace(",", " ").split()]
        ops.append(
            b"%s RG %s w %d J %d j 4 M [%s] 0 d "
            % (
                rgb(stroke),
                num(float(node.get("stroke-width", "1"))),
                _CAPS[node.get("stroke-linecap", "butt")],
                _JOINS[node.get("stroke-linejoin", "miter")],
                b" ".join(num(v) for v in dash) if dash and any(dash) else b"",
            )
        )
    paint = b"B" if fill and stroke else (b"f" if fill else b"S")
    ops.append(b"\n%s%s Q\n" % (path, paint))
    out.extend(ops)


def _clip(clip: ET.Element | None) -> bytes:
    """A clip path's shapes (each moved by its own transform) as the clipping path."""
    if clip is None or _tag(clip) != "clipPath":
        raise LayerError("clip-path names no clipPath")
    ops = [placed(shape(child), matrix(child.get("transform", ""))) for child in clip]
    return b"%sW n\n" % b"".join(ops)


def _marker(path, marker, end, angle, res, out, markers) -> None:
    """A marker at the end of `path`, turned to its direction there (orient="auto"), sized in
    stroke widths (markerUnits="strokeWidth"), its viewBox fitted to markerWidth x Height."""
    if marker is None:
        raise LayerError("marker-end names no marker")
    if marker.get("orient", "auto") != "auto":
        raise LayerError("only markers turned with their path are drawn natively")
    stroke = float(path.get("stroke-width", "1"))
    box = view_box(marker.get("viewBox", ""))
    w, h = float(marker.get("markerWidth", "3")), float(marker.get("markerHeight", "3"))
    fit = min(w / box[2], h / box[3]) if box else 1.0
    ref_x, ref_y = float(marker.get("refX", "0")), float(marker.get("refY", "0"))
    out.append(
        b"q %s"
        % _transform(
            f"translate({end[0]} {end[1]}) rotate({angle}) scale({stroke * fit}) "
            f"translate({-ref_x} {-ref_y})"
        )
    )
    for child in marker:
        _node(child, res, out, markers)
    out.append(b"Q\n")


def _transform(value: str) -> bytes:
    """An SVG transform list (translate, scale, rotate, matrix) as one `cm`."""
    return b"%s cm\n" % b" ".join(num(t) for t in matrix(value))


def _text(node: ET.Element, res: Resources, out: list[bytes]) -> None:
    """Letter by letter, as WeasyPrint draws SVG text: each letter its own advance, the
    letter spacing between letters, the run moved left by half or all of its width for a
    `middle` or `end` anchor."""
    words = node.text or ""
    if not words or len(node):
        if len(node):
            raise LayerError("<text> with children is not drawn natively")
        return
    size = float(node.get("font-size", "16"))
    weight = node.get("font-weight", "400")
    weight = {"normal": "400", "bold": "700"}.get(weight, weight)
    path = res.font(
        node.get("font-family", "").strip("\"'"), weight, node.get("font-style") == "italic"
    )
    info = res.info(path)
    name, used = res.font_name(path)
    gids = [info.cmap.get(ord(c), 0) for c in words]
    for gid, char in zip(gids, words, strict=True):
        used.setdefault(gid, char if gid else "\ufffd")
    spacing = float(node.get("letter-spacing", "0") or 0)
    width = sum(info.advances[g] for g in gids) * size / info.upm + spacing * (len(words) - 1)
    shift = {"start": 0.0, "middle": width / 2, "end": width}[node.get("text-anchor", "start")]
    x, y = float(node.get("x", "0")) - shift, float(node.get("y", "0"))
    fill = _color(node.get("fill"), "#000000") or "#000000"
    hex_ = struct.pack(f">{len(gids)}H", *gids).hex().encode()
    out.append(
        b"q %s rg BT /%s %s Tf %s Tc 1 0 0 -1 %s %s Tm <%s> Tj ET Q\n"
        % (rgb(fill), name, num(size), num(spacing), num(x), num(y), hex_)
    )


def _image(node: ET.Element, res: Resources, out: list[bytes], alpha: float = 1.0) -> None:
    href = node.get("href") or node.get("{http://www.w3.org/1999/xlink}href") or ""
    x, y = float(node.get("x", "0")), float(node.get("y", "0"))
    w, h = float(node.get("width", "0")), float(node.get("height", "0"))
    if w <= 0 or h <= 0:
        return
    opacity = round(alpha * _opacity(node), 3)
    name, bw, bh, faint = res.art(href, node.get("data-under"), opacity)  # set by bake
    s = min(w / bw, h / bh)  # preserveAspectRatio xMidYMid meet
    ox, oy = x + (w - s * bw) / 2, y + (h + s * bh) / 2  # the art's bottom-left, y down
    ops = [b"q "]
    if "transform" in node.attrib:
        ops.append(_transform(node.get("transform", "")))
    if opacity < 1 and not faint:
        ops.append(b"/%s gs " % res.opacity(opacity))
    ops.append(b"%s 0 0 %s %s %s cm /%s Do Q\n" % (num(s), num(-s), num(ox), num(oy), name))
    out.extend(ops)
