"""A page's static SVG layer (layout/svg.py) drawn as PDF operators, without WeasyPrint.

WeasyPrint draws SVG in Python, element by element and text letter by letter: the static layers
of a pack (grids, frames, dice, short labels, art) were about half of its time. The layers are
our own SVG, in a small vocabulary (`svg`, `g`, `path`, `rect`, `text`, `image`), so they are
turned into operators here the way WeasyPrint draws them: the same paths, a miter limit of 4,
text letter by letter with the fonts' own advances (no kerning) and `text-anchor` measured
from them, images placed as the art's own page (`xMidYMid meet`).

`convert` gives the operators in the layer's own coordinates (y down, 1 unit = 1 pt), with
text and art named through the `Resources` it is given; anything outside that vocabulary is an
error (a layer is ours: a test over every document finds it).
"""

from __future__ import annotations

import math
import re
import struct
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .draw import num, rgb

if TYPE_CHECKING:
    from .fonts import FontInfo

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[MmLlHhVvCcSsQqTtAaZz]|{_NUMBER}")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_K = 0.5523  # a quarter circle's control points, as layout/svg.rrect and WeasyPrint draw them
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_NAMED = {"black": "#000000", "white": "#ffffff"}


class LayerError(ValueError):
    """The layer uses SVG this module does not draw."""


@dataclass
class Resources:
    """What a converted layer names, shared by the layers of one PDF. `font(family, weight,
    italic)` gives the font file for SVG text; `art(href)` the art's (resource name, width,
    height) as a form; the glyphs each font shows and the opacities used are collected."""

    font: Callable[[str, str, bool], Path]
    art: Callable[[str], tuple[bytes, float, float]]
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


def convert(markup: str, resources: Resources) -> bytes:
    """The SVG document's drawing as content operators in its own user space (y down)."""
    root = ET.fromstring(markup)
    if _tag(root) != "svg":
        raise LayerError("a layer is an <svg> document")
    markers = {
        m.get("id", ""): m for m in root.iter() if _tag(m) == "marker"
    }  # drawn where paths name them, never in place
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
        for child in node:
            _node(child, res, out, markers, alpha * _opacity(node))
        out.append(b"Q\n")
    elif tag == "defs":
        return
    elif tag == "path":
        ops, end, angle = _trace(node.get("d", ""))
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
        _paint(node, _rect(node), out, res, alpha)
    elif tag in ("circle", "ellipse"):
        _paint(node, _ellipse(node), out, res, alpha)
    elif tag in ("polygon", "polyline"):
        _paint(node, _polygon(node, closed=tag == "polygon"), out, res, alpha)
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


def _path(d: str) -> bytes:
    return _trace(d)[0]


def _trace(d: str) -> tuple[bytes, tuple[float, float] | None, float]:
    """SVG path data (absolute and relative M L H V C S Q Z) as PDF path operators, with where
    the path ends and its direction there (degrees), for a marker."""
    tokens = _TOKEN.findall(d)
    if _TOKEN.sub("", d).strip(" ,\t\n\r"):
        raise LayerError(f"path data {d[:40]!r} is not drawn natively")
    out: list[bytes] = []
    x = y = sx = sy = 0.0
    last_c2: tuple[float, float] | None = None  # the previous curve's second control point
    last_q: tuple[float, float] | None = None  # the previous quadratic's control point
    came_from = (0.0, 0.0)  # the point the last segment left from, or its last control point
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise LayerError("path data starts with a number")
        op, rel = command.upper(), command.islower()
        n = _ARITY[op]
        args = [float(t) for t in tokens[i : i + n]]
        i += n
        if len(args) < n:
            raise LayerError("path data ends early")
        pts = [
            (x + args[k], y + args[k + 1]) if rel else (args[k], args[k + 1])
            for k in range(0, n - 1, 2)
        ]
        curve = None
        if op == "M":
            x, y = sx, sy = pts[0]
            out.append(b"%s %s m\n" % (num(x), num(y)))
            command = "l" if rel else "L"  # more pairs after a moveto are linetos
        elif op in "LHV":
            came_from = (x, y)
            if op == "L":
                x, y = pts[0]
            elif op == "H":
                x = x + args[0] if rel else args[0]
            else:
                y = y + args[0] if rel else args[0]
            out.append(b"%s %s l\n" % (num(x), num(y)))
        elif op == "C":
            curve = pts
        elif op == "S":
            c1 = (2 * x - last_c2[0], 2 * y - last_c2[1]) if last_c2 else (x, y)
            curve = [c1, *pts]
        elif op in "QT":  # a quadratic as the cubic it is (T: its control point reflected)
            if op == "Q":
                (qx, qy), end = pts
            else:
                (qx, qy), end = (2 * x - last_q[0], 2 * y - last_q[1]) if last_q else (x, y), pts[0]
            curve = [
                (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y)),
                (end[0] + 2 / 3 * (qx - end[0]), end[1] + 2 / 3 * (qy - end[1])),
                end,
            ]
        elif op == "A":
            end = (x + args[5], y + args[6]) if rel else (args[5], args[6])
            arcs = _arc((x, y), args[0], args[1], args[2], args[3] != 0, args[4] != 0, end)
            for arc in arcs:
                out.append(b"%s c\n" % b" ".join(b"%s %s" % (num(a), num(b)) for a, b in arc))
            if arcs:
                came_from = arcs[-1][1]
            else:
                came_from = (x, y)
                out.append(b"%s %s l\n" % (num(end[0]), num(end[1])))
            x, y = end
        else:  # Z
            out.append(b"h\n")
            came_from, (x, y) = (x, y), (sx, sy)
        last_q = (qx, qy) if op in "QT" else None
        if curve is not None:
            out.append(b"%s c\n" % b" ".join(b"%s %s" % (num(a), num(b)) for a, b in curve))
            came_from = curve[1] if curve[1] != curve[2] else curve[0]
            last_c2, (x, y) = curve[1], curve[2]
        else:
            last_c2 = None
    angle = math.degrees(math.atan2(y - came_from[1], x - came_from[0]))
    return b"".join(out), ((x, y) if out else None), angle


def _arc(start, rx, ry, turn, large, sweep, end) -> list[list[tuple[float, float]]]:
    """An SVG elliptical arc as cubic curves of at most a quarter turn each ([] when it is a
    straight line: a radius of 0), after the SVG spec's endpoint-to-centre conversion."""
    (x1, y1), (x2, y2) = start, end
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or (x1, y1) == (x2, y2):
        return []
    phi = math.radians(turn)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = px * px / (rx * rx) + py * py / (ry * ry)
    if grow > 1:  # radii too small to reach: scaled up just enough
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num_ = rx * rx * ry * ry - rx * rx * py * py - ry * ry * px * px
    den = rx * rx * py * py + ry * ry * px * px
    k = math.sqrt(max(num_, 0.0) / den) * (-1 if large == sweep else 1)
    cx_, cy_ = k * rx * py / ry, -k * ry * px / rx
    cx = cos * cx_ - sin * cy_ + (x1 + x2) / 2
    cy = sin * cx_ + cos * cy_ + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    a1 = angle(1, 0, (px - cx_) / rx, (py - cy_) / ry)
    delta = angle((px - cx_) / rx, (py - cy_) / ry, (-px - cx_) / rx, (-py - cy_) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    t = 4 / 3 * math.tan(step / 4)

    def point(a, dxr=0.0, dyr=0.0):
        ex, ey = rx * (math.cos(a) + dxr), ry * (math.sin(a) + dyr)
        return cx + cos * ex - sin * ey, cy + sin * ex + cos * ey

    curves = []
    for i in range(pieces):
        a, b = a1 + i * step, a1 + (i + 1) * step
        c1 = point(a, -t * math.sin(a), t * math.cos(a))
        c2 = point(b, t * math.sin(b), -t * math.cos(b))
        curves.append([c1, c2, end if i == pieces - 1 else point(b)])
    return curves


def _ellipse(node: ET.Element) -> bytes:
    """A circle (r) or an ellipse (rx, ry) as four quarter curves."""
    cx, cy = float(node.get("cx", "0")), float(node.get("cy", "0"))
    rx = float(node.get("rx", node.get("r", "0")))
    ry = float(node.get("ry", node.get("r", "0")))
    if rx <= 0 or ry <= 0:
        return b""
    a, b = rx * _K, ry * _K
    return _path(
        f"M{cx + rx} {cy}C{cx + rx} {cy + b} {cx + a} {cy + ry} {cx} {cy + ry}"
        f"C{cx - a} {cy + ry} {cx - rx} {cy + b} {cx - rx} {cy}"
        f"C{cx - rx} {cy - b} {cx - a} {cy - ry} {cx} {cy - ry}"
        f"C{cx + a} {cy - ry} {cx + rx} {cy - b} {cx + rx} {cy}Z"
    )


def _polygon(node: ET.Element, closed: bool) -> bytes:
    numbers = re.findall(_NUMBER, node.get("points", ""))
    if len(numbers) < 4:
        return b""
    pairs = " L".join(f"{numbers[k]} {numbers[k + 1]}" for k in range(0, len(numbers) - 1, 2))
    return _path(f"M{pairs}{'Z' if closed else ''}")


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


def _rect(node: ET.Element) -> bytes:
    x, y = float(node.get("x", "0")), float(node.get("y", "0"))
    w, h = float(node.get("width", "0")), float(node.get("height", "0"))
    r = min(float(node.get("rx", "0")), w / 2, h / 2)
    if w <= 0 or h <= 0:
        return b""
    if r <= 0:
        return b"%s %s %s %s re\n" % (num(x), num(y), num(w), num(h))
    a = r * _K
    return _path(
        f"M{x + r} {y}H{x + w - r}C{x + w - r + a} {y} {x + w} {y + r - a} {x + w} {y + r}"
        f"V{y + h - r}C{x + w} {y + h - r + a} {x + w - r + a} {y + h} {x + w - r} {y + h}"
        f"H{x + r}C{x + r - a} {y + h} {x} {y + h - r + a} {x} {y + h - r}"
        f"V{y + r}C{x} {y + r - a} {x + r - a} {y} {x + r} {y}Z"
    )


def _transform(value: str) -> bytes:
    """An SVG transform list (translate, scale, matrix) as one `cm`."""
    total = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
    for name, args in re.findall(r"(\w+)\s*\(([^)]*)\)", value):
        v = [float(t) for t in re.split(r"[\s,]+", args.strip()) if t]
        if name == "translate":
            steps = [(1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0)]
        elif name == "scale":
            steps = [(v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)]
        elif name == "rotate":
            cos, sin = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            cx, cy = (v[1], v[2]) if len(v) == 3 else (0.0, 0.0)
            steps = [(1, 0, 0, 1, cx, cy), (cos, sin, -sin, cos, 0, 0), (1, 0, 0, 1, -cx, -cy)]
        elif name == "matrix" and len(v) == 6:
            steps = [tuple(v)]
        else:
            raise LayerError(f"transform {name}() is not drawn natively")
        for step in steps:
            total = _times(step, total)
    return b"%s cm\n" % b" ".join(num(t) for t in total)


def _times(m, n) -> tuple[float, ...]:
    """The matrix that applies m, then n (PDF order: m x n)."""
    return (
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    )


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
    name, bw, bh = res.art(href)
    x, y = float(node.get("x", "0")), float(node.get("y", "0"))
    w, h = float(node.get("width", "0")), float(node.get("height", "0"))
    if w <= 0 or h <= 0:
        return
    s = min(w / bw, h / bh)  # preserveAspectRatio xMidYMid meet
    ox, oy = x + (w - s * bw) / 2, y + (h + s * bh) / 2  # the art's bottom-left, y down
    ops = [b"q "]
    if "transform" in node.attrib:
        ops.append(_transform(node.get("transform", "")))
    opacity = alpha * _opacity(node)
    if opacity < 1:
        ops.append(b"/%s gs " % res.opacity(round(opacity, 3)))
    ops.append(b"%s 0 0 %s %s %s cm /%s Do Q\n" % (num(s), num(-s), num(ox), num(oy), name))
    out.extend(ops)
