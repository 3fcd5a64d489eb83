"""SVG geometry as PDF path operators: path data (M L H V C S Q T A Z, absolute and relative),
rectangles (rounded), circles and ellipses, polygons and polylines. Coordinates stay the SVG's
(y down); pdf/vector.py places them."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from functools import lru_cache

from bunco_print.printing.pdf.model import num

_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"[MmLlHhVvCcSsQqTtAaZz]|{_NUMBER}")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_K = 0.5523  # a quarter circle's control points, as layout/svg.rrect and WeasyPrint draw them


class LayerError(ValueError):
    """The layer uses SVG this module does not draw."""


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def matrix(value: str) -> Matrix:
    """An SVG transform list (translate, scale, rotate, matrix) as one matrix."""
    total = IDENTITY
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
            total = times(step, total)
    return total


def times(m: Matrix, n: Matrix) -> Matrix:
    """The matrix that applies m, then n (PDF order: m x n)."""
    return (
        m[0] * n[0] + m[1] * n[2],
        m[0] * n[1] + m[1] * n[3],
        m[2] * n[0] + m[3] * n[2],
        m[2] * n[1] + m[3] * n[3],
        m[4] * n[0] + m[5] * n[2] + n[4],
        m[4] * n[1] + m[5] * n[3] + n[5],
    )


def path(d: str) -> bytes:
    return trace(d)[0]


# kept for the next pages that draw the path: a shop's packs of one theme draw each twice
@lru_cache(maxsize=1024)
def trace(d: str) -> tuple[bytes, tuple[float, float] | None, float]:
    """SVG path data (absolute and relative M L H V C S Q T A Z) as PDF path operators, with
    where the path ends and its direction there (degrees), for a marker."""
    out: list[bytes] = []
    x = y = sx = sy = 0.0
    last_c2: tuple[float, float] | None = None  # the previous curve's second control point
    last_q: tuple[float, float] | None = None  # the previous quadratic's control point
    came_from = (0.0, 0.0)  # the point the last segment left from, or its last control point
    for op, rel, args in _commands(d):
        pts = [
            (x + args[k], y + args[k + 1]) if rel else (args[k], args[k + 1])
            for k in range(0, len(args) - 1, 2)
        ]
        curve = None
        if op == "M":
            x, y = sx, sy = pts[0]
            out.append(b"%s %s m\n" % (num(x), num(y)))
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
            (ax, ay), (bx, by), (cx, cy) = curve
            out.append(b"%s %s %s %s %s %s c\n" % tuple(map(num, (ax, ay, bx, by, cx, cy))))
            came_from = curve[1] if curve[1] != curve[2] else curve[0]
            last_c2, (x, y) = curve[1], curve[2]
        else:
            last_c2 = None
    angle = math.degrees(math.atan2(y - came_from[1], x - came_from[0]))
    return b"".join(out), ((x, y) if out else None), angle


Command = tuple[str, bool, tuple[float, ...]]  # upper-case letter, relative, its numbers
_SEPARATORS = " ,\t\n\r"
# a subpath: its moveto's letter and point, and the rest up to the next moveto
# (its numbers atomic: read as the tokens are, one never cut in two)
_SUBPATH = re.compile(
    rf"([Mm])[{_SEPARATORS}]*((?>{_NUMBER}))[{_SEPARATORS}]*((?>{_NUMBER}))([^Mm]*)"
)


def _commands(d: str) -> list[Command]:
    """The path data's commands, each with its numbers (a letter's repeats apart). Read a
    subpath at a time where each starts with a moveto and its point: the rest of a subpath is
    read once per path for all that repeat it (a layer's dice and boxes, each the same shape
    from its own corner)."""
    data = d.strip(_SEPARATORS)
    found, at = [], 0
    for subpath in _SUBPATH.finditer(data):
        if subpath.start() != at:
            break
        letter, x, y, rest = subpath.groups()
        found.append((letter.upper(), letter == "m", (float(x), float(y))))
        try:
            found += _rest(rest, "l" if letter == "m" else "L")
        except LayerError:
            break  # (read whole below, for the message)
        at = subpath.end()
    else:
        if at == len(data):
            return found
    return list(_read(_TOKEN.findall(d), d, ""))


@lru_cache(maxsize=1024)
def _rest(rest: str, command: str) -> tuple[Command, ...]:
    """A subpath's commands after its moveto (`command`: what numbers straight after it
    are)."""
    return tuple(_read(_TOKEN.findall(rest), rest, command))


def _read(tokens: list[str], d: str, command: str):
    """The commands of path data's tokens, `command` the one numbers before any letter
    repeat (none: the data starts with a letter)."""
    if _TOKEN.sub("", d).strip(_SEPARATORS):
        raise LayerError(f"path data {d[:40]!r} is not drawn natively")
    i = 0
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise LayerError("path data starts with a number")
        op, rel = command.upper(), command.islower()
        n = _ARITY[op]
        found = tokens[i : i + n]
        i += n
        if len(found) < n or any(t.isalpha() for t in found):
            raise LayerError(f"path data has too few numbers after {command!r}")
        args = tuple(float(t) for t in found)
        yield op, rel, args
        if op == "Z" and i < len(tokens) and not tokens[i].isalpha():
            raise LayerError("path data has numbers after a closepath")
        if op == "M":
            command = "l" if rel else "L"  # more pairs after a moveto are linetos


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


def ellipse(node: ET.Element) -> bytes:
    """A circle (r) or an ellipse (rx, ry) as four quarter curves."""
    cx, cy = float(node.get("cx", "0")), float(node.get("cy", "0"))
    rx = float(node.get("rx", node.get("r", "0")))
    ry = float(node.get("ry", node.get("r", "0")))
    if rx <= 0 or ry <= 0:
        return b""
    a, b = rx * _K, ry * _K
    return path(
        f"M{cx + rx} {cy}C{cx + rx} {cy + b} {cx + a} {cy + ry} {cx} {cy + ry}"
        f"C{cx - a} {cy + ry} {cx - rx} {cy + b} {cx - rx} {cy}"
        f"C{cx - rx} {cy - b} {cx - a} {cy - ry} {cx} {cy - ry}"
        f"C{cx + a} {cy - ry} {cx + rx} {cy - b} {cx + rx} {cy}Z"
    )


def polygon(node: ET.Element, closed: bool) -> bytes:
    numbers = re.findall(_NUMBER, node.get("points", ""))
    if len(numbers) < 4:
        return b""
    pairs = " L".join(f"{numbers[k]} {numbers[k + 1]}" for k in range(0, len(numbers) - 1, 2))
    return path(f"M{pairs}{'Z' if closed else ''}")


def rect(node: ET.Element) -> bytes:
    x, y = float(node.get("x", "0")), float(node.get("y", "0"))
    w, h = float(node.get("width", "0")), float(node.get("height", "0"))
    r = min(float(node.get("rx", "0")), w / 2, h / 2)
    if w <= 0 or h <= 0:
        return b""
    if r <= 0:
        return b"%s %s %s %s re\n" % (num(x), num(y), num(w), num(h))
    a = r * _K
    return path(
        f"M{x + r} {y}H{x + w - r}C{x + w - r + a} {y} {x + w} {y + r - a} {x + w} {y + r}"
        f"V{y + h - r}C{x + w} {y + h - r + a} {x + w - r + a} {y + h} {x + w - r} {y + h}"
        f"H{x + r}C{x + r - a} {y + h} {x} {y + h - r + a} {x} {y + h - r}"
        f"V{y + r}C{x} {y + r - a} {x + r - a} {y} {x + r} {y}Z"
    )


def shape(node: ET.Element) -> bytes:
    """A shape element's (path, rect, circle, ellipse, polygon, polyline) outline."""
    tag = node.tag.rpartition("}")[2]
    if tag == "path":
        return path(node.get("d", ""))
    if tag == "rect":
        return rect(node)
    if tag in ("circle", "ellipse"):
        return ellipse(node)
    if tag in ("polygon", "polyline"):
        return polygon(node, closed=tag == "polygon")
    raise LayerError(f"<{tag}> is not drawn natively")


def placed(ops: bytes, m: Matrix) -> bytes:
    """Path operators (m l c h re) with every point moved by the matrix `m`: a clipping path
    made of shapes that each have their own transform."""
    out: list[bytes] = []
    args: list[float] = []
    a, b, c, d, e, f = m

    def point(x: float, y: float) -> bytes:
        return b"%s %s" % (num(a * x + c * y + e), num(b * x + d * y + f))

    for token in ops.split():
        if not token[:1].isalpha():
            args.append(float(token))
            continue
        if token == b"re":
            x, y, w, h = args
            corners = ((x + w, y), (x + w, y + h), (x, y + h))
            out.append(b"%s m\n" % point(x, y))
            out.extend(b"%s l\n" % point(*p) for p in corners)
            out.append(b"h\n")
        else:
            pts = b" ".join(point(args[k], args[k + 1]) for k in range(0, len(args) - 1, 2))
            out.append(b"%s %s\n" % (pts, token) if pts else b"%s\n" % token)
        args = []
    return b"".join(out)
