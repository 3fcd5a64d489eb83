"""Painted areas, flattened, to tell what lies beneath a new painting (pdf/opacity.py).

A shape is its outline as rings of points (curves cut into chords), in the drawing's
coordinates, with the flat colour filling it and its stroke. `Beneath` keeps the shapes a
drawing has painted so far and finds the one flat colour under a new one, if there is one.
"""

from __future__ import annotations

import itertools
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import cached_property

from bunco_print.printing.pdf.paths import IDENTITY, Matrix, shape

# Overlaps shallower than this (half a pt in a layer, half a unit of an art file drawn 100 to
# 200 units wide: a tenth of a pt printed) are too small to see, and left out.
SLACK = 0.5
Point = tuple[float, float]
Ring = tuple[list[Point], bool]  # its points, and whether it is closed


@dataclass
class Shape:
    """A painted area: its outline (path operators placed by a matrix, flattened into rings
    only when asked: most shapes of a page's layer never are), the flat colour that fills it
    (None: unfilled, or not one known colour), and its stroke."""

    source: bytes | ET.Element  # path operators, or the SVG element they are traced from
    m: Matrix
    filled: bool
    fill: str | None = None
    stroke: float = 0.0  # half the stroke's width (0: no stroke)
    edge: bool = False  # the stroke is another colour than the fill
    solid: bool = True  # False: a box of unknown colours (text, a picture)

    @cached_property
    def ops(self) -> bytes:
        return self.source if isinstance(self.source, bytes) else shape(self.source)

    @cached_property
    def rings(self) -> list[Ring]:
        return outline(self.ops, self.m)

    @cached_property
    def box(self) -> tuple[float, float, float, float]:
        """Around its outline and the control points of its curves, and its stroke's reach."""
        if b"re" in self.ops:  # x y w h: its corners
            return _box_of(self.rings, self.stroke)
        numbers = [float(t) for t in self.ops.split() if not t[:1].isalpha()]
        a, b, c, d, e, f = self.m
        pairs = list(zip(numbers[::2], numbers[1::2], strict=False)) or [(0.0, 0.0)]
        xs = [a * x + c * y + e for x, y in pairs]
        ys = [b * x + d * y + f for x, y in pairs]
        s = self.stroke
        return min(xs) - s, min(ys) - s, max(xs) + s, max(ys) + s

    @cached_property
    def samples(self) -> list[Point]:
        """Points on its outline at most `step` apart, and around them its stroke's reach."""
        x1, y1, x2, y2 = _box_of(self.rings, 0.0)
        step = max(math.hypot(x2 - x1, y2 - y1) / 60, 0.05)
        points = []
        for pts, closed in self.rings:
            for a, b in _segments(pts, closed):
                n = max(1, math.ceil(math.hypot(b[0] - a[0], b[1] - a[1]) / step))
                points += [
                    (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n)
                ]
            if not closed and pts:
                points.append(pts[-1])
        if self.stroke:
            s = self.stroke
            reach = [
                (s * math.cos(k * math.pi / 4), s * math.sin(k * math.pi / 4)) for k in range(8)
            ]
            points = [(x + dx, y + dy) for x, y in points for dx, dy in reach]
        return points

    @cached_property
    def lines(self) -> list[tuple[float, float, float, float]]:
        """Its outline's segments (as a stroke draws them: an open ring stays open)."""
        return [(*a, *b) for pts, closed in self.rings for a, b in _segments(pts, closed)]

    @cached_property
    def loops(self) -> list[tuple[float, float, float, float]]:
        """Its outline's segments, every ring closed (as a fill takes them)."""
        return [(*a, *b) for pts, _ in self.rings for a, b in _segments(pts, True)]

    def inside(self, p: Point) -> bool:
        return bool(_winding(self.loops, p))

    def near(self, p: Point, reach: float) -> bool:
        return reach > 0 and _near(self.lines, p, reach)

    def covers(self, p: Point) -> bool:
        """Whether this shape paints the point `p` (more than SLACK inside its edge)."""
        if not self.solid:
            return _within(p, self.box)
        if self.filled and self.inside(p) and not self.near(p, SLACK):
            return True
        return self.near(p, self.stroke - SLACK)

    def holds(self, other: Shape) -> bool:
        """Whether `other` lies wholly on this shape's flat colour: inside its fill, clear of a
        stroke of another colour (or within a stroke of the same colour)."""
        if not (self.solid and self.fill and self.filled):
            return False
        if not other.solid:  # a box: no edge of this shape near it, its middle inside
            if not _inside(other.box, self.box):
                return False
            x1, y1, x2, y2 = other.box
            reach = (self.stroke if self.edge else 0.0) - SLACK
            middle = ((x1 + x2) / 2, (y1 + y2) / 2)
            return not self._crosses(other.box, reach) and self.inside(middle)
        for p in other.samples:
            inside = self.inside(p) or self.near(p, SLACK)
            if self.edge and not (inside and not self.near(p, self.stroke - SLACK)):
                return False  # outside, or on a stroke of another colour
            if not self.edge and not (inside or self.near(p, self.stroke + SLACK)):
                return False  # outside the fill and its stroke of the same colour
        if len(self.rings) == 1:
            return True
        return not any(other.covers(p) for pts, _ in self.rings for p in pts)  # a hole in it

    def meets(self, other: Shape) -> bool:
        """Whether this shape paints any of `other`'s area."""
        a, b = self.box, other.box
        if a[0] > b[2] or b[0] > a[2] or a[1] > b[3] or b[1] > a[3]:
            return False
        if not self.solid:
            return True
        if not other.solid:  # a box: an edge of this shape in it, or it inside the fill
            if self._crosses(b, self.stroke - SLACK):
                return True
            middle = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
            return self.filled and self.inside(middle)
        return any(self.covers(p) for p in other.samples) or any(
            other.covers(p) for p in self.samples
        )

    def _crosses(self, box: tuple[float, float, float, float], reach: float) -> bool:
        """Whether an edge of this shape comes within `reach` of the box (a negative reach: that
        far inside it)."""
        x1, y1, x2, y2 = box[0] - reach, box[1] - reach, box[2] + reach, box[3] + reach
        if x1 > x2 or y1 > y2:
            return False
        return any(_segment_meets_box(line, (x1, y1, x2, y2)) for line in self.lines)


def _box_of(rings: list[Ring], reach: float) -> tuple[float, float, float, float]:
    xs = [x for pts, _ in rings for x, _ in pts] or [0.0]
    ys = [y for pts, _ in rings for _, y in pts] or [0.0]
    return min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach


def _within(p: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= p[0] <= box[2] and box[1] <= p[1] <= box[3]


def _inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (
        inner[0] >= outer[0] - SLACK
        and inner[1] >= outer[1] - SLACK
        and inner[2] <= outer[2] + SLACK
        and inner[3] <= outer[3] + SLACK
    )


def _segment_meets_box(line: tuple[float, float, float, float], box: tuple[float, ...]) -> bool:
    """Whether the segment touches the box (Liang-Barsky clipping)."""
    ax, ay, bx, by = line
    x1, y1, x2, y2 = box
    if max(ax, bx) < x1 or min(ax, bx) > x2 or max(ay, by) < y1 or min(ay, by) > y2:
        return False
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x1), (dx, x2 - ax), (-dy, ay - y1), (dy, y2 - ay)):
        if p == 0:
            if q < 0:
                return False
        elif p < 0:
            t0 = max(t0, q / p)
        else:
            t1 = min(t1, q / p)
    return t0 <= t1


@dataclass
class Beneath:
    """The shapes a drawing has painted so far, to tell the colour under a new one."""

    under: str | None  # the colour beneath the whole drawing (None: not known)
    shapes: list[Shape] = field(default_factory=list)

    def color(self, shape: Shape) -> str | None:
        """The one flat colour under all of `shape`, or None when there is not one known."""
        for painted in reversed(self.shapes):
            if painted.holds(shape):
                return painted.fill
            if painted.meets(shape):
                return None
        return self.under


def _segments(pts: list[Point], closed: bool):
    pairs = list(itertools.pairwise(pts))
    if closed and len(pts) > 1:
        pairs.append((pts[-1], pts[0]))
    return pairs


def area(pts: list[Point]) -> float:
    return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in _segments(pts, True)) / 2


def _winding(loops: list[tuple[float, float, float, float]], p: Point) -> int:
    """The nonzero winding number of the closed rings (as segments) about `p`."""
    x, y = p
    count = 0
    for x1, y1, x2, y2 in loops:
        if (y1 <= y) != (y2 <= y):
            cross = (x2 - x1) * (y - y1) - (x - x1) * (y2 - y1)
            if (cross > 0) == (y2 > y1):
                count += 1 if y2 > y1 else -1
    return count


def _near(lines: list[tuple[float, float, float, float]], p: Point, reach: float) -> bool:
    """Whether a segment passes within `reach` of `p` (most are ruled out by their box)."""
    x, y = p
    for x1, y1, x2, y2 in lines:
        if (x1 < x - reach and x2 < x - reach) or (x1 > x + reach and x2 > x + reach):
            continue
        if (y1 < y - reach and y2 < y - reach) or (y1 > y + reach and y2 > y + reach):
            continue
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if not length else max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length))
        if math.hypot(x - x1 - t * dx, y - y1 - t * dy) <= reach:
            return True
    return False


def outline(ops: bytes, m: Matrix = IDENTITY) -> list[Ring]:
    """PDF path operators (m l c h re, as pdf/paths.py writes them) as flattened rings, each
    point placed by the matrix `m`."""
    rings: list[Ring] = []
    pts: list[Point] = []
    args: list[float] = []
    start = here = (0.0, 0.0)
    for token in ops.split():
        if not token[:1].isalpha():
            args.append(float(token))
            continue
        if token == b"m":
            if pts:
                rings.append((pts, False))
            start = here = (args[0], args[1])
            pts = [here]
        elif token == b"l":
            here = (args[0], args[1])
            pts.append(here)
        elif token == b"c":
            (ax, ay), (bx, by, cx, cy, dx, dy) = here, args
            for k in range(1, 9):
                t = k / 8
                u = 1 - t
                pts.append(
                    (
                        u**3 * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t**3 * dx,
                        u**3 * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t**3 * dy,
                    )
                )
            here = (dx, dy)
        elif token == b"h":
            if pts:
                rings.append((pts, True))
            pts, here = [], start
        elif token == b"re":
            x, y, w, h = args
            rings.append(([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True))
        args = []
    if pts:
        rings.append((pts, False))
    a, b, c, d, e, f = m
    return [([(a * x + c * y + e, b * x + d * y + f) for x, y in p], closed) for p, closed in rings]


def box(x: float, y: float, w: float, h: float, m: Matrix) -> Shape:
    """A box of unknown colours (text, a picture): nothing painted over it is baked."""
    ops = b"%r %r m %r %r l %r %r l %r %r l h" % (x, y, x + w, y, x + w, y + h, x, y + h)
    return Shape(ops, m, filled=True, solid=False)
