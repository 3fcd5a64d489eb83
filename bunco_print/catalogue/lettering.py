"""The gallery's words, placed from their measured ink boxes and recorded, so none can overlap.

Every line is measured with Pillow's `textbbox` in the theme's real font before it is placed: a
script font's descenders (g, y, p, j) and swashes take the room they really take. A line too long
for its band wraps onto two lines or shrinks, never runs into its neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

Box = tuple[int, int, int, int]  # left, top, right, bottom, in pixels
Line = tuple[str, Box]  # a line of text as drawn, and its ink's box
SMALLEST = 20  # percent: the least a band shrinks its words to before it gives up wrapping


@dataclass(frozen=True)
class Words:
    """A piece of text, and in which of the theme's fonts, sizes and colours it is drawn."""

    text: str
    role: str  # the theme's font role: display, body, hand
    size: int
    color: str
    weight: str = "400"


class Lettering:
    """Draws lines of text onto an image and keeps each, with its box (`lines`)."""

    def __init__(self, theme, image_font):
        self.theme = theme
        self.image_font = image_font
        self.lines: list[Line] = []
        self._fonts: dict[tuple[str, str, int], object] = {}
        self._boxes: dict[tuple[str, object], Box] = {}

    def box(self, draw, text: str, font) -> Box:
        """The ink's box of `text` with its baseline's start at (0, 0), measured once: bands
        measure the same words again as they try each size."""
        key = (text, font)
        if key not in self._boxes:
            self._boxes[key] = draw.textbbox((0, 0), text, font=font, anchor="ls")
        return self._boxes[key]

    def font(self, role: str, size: int, weight: str = "400"):
        key = (role, weight, size)
        if key not in self._fonts:
            path = str(self.theme.font(role, weight))
            self._fonts[key] = self.image_font.truetype(path, size)
        return self._fonts[key]

    def write(self, draw, text: str, font, color: str, x: int, top: int, align="center") -> Box:
        """`text` with its ink's top at `top`, centred on x (or starting at x): its box."""
        left, up, right, down = self.box(draw, text, font)
        origin = (x - (left + right) // 2 if align == "center" else x - left, top - up)
        draw.text(origin, text, font=font, fill=self.theme.colors.get(color, color), anchor="ls")
        box = tuple(
            int(v) for v in (left + origin[0], up + origin[1], right + origin[0], down + origin[1])
        )
        self.lines.append((text, box))
        return box

    def height(self, draw, text: str, font) -> int:
        """The room a line takes: its ink, and below the baseline at least most of the font's
        descent, so a line without descenders is not pulled closer to the next."""
        _, up, _, down = self.box(draw, text, font)
        return int(max(down, font.getmetrics()[1] * 2 // 3) - up)

    def fit(self, draw, text: str, role: str, size: int, width: int, weight: str = "400"):
        """The theme's font at `size`, or smaller until `text` is at most `width` wide."""
        while size > 16 and self.width(draw, text, self.font(role, size, weight)) > width:
            size -= 2
        return self.font(role, size, weight)

    def width(self, draw, text: str, font) -> int:
        left, _, right, _ = self.box(draw, text, font)
        return int(right - left)

    def band(
        self,
        draw,
        words: Sequence[Words],
        top: int,
        bottom: int,
        *,
        x: int,
        width: int,
        align: str = "center",
        gap: int = 24,
    ) -> None:
        """`words` one under another, centred between top and bottom: all shrunk together until
        they fit, a line too wide for `width` wrapped onto two."""
        for scale in range(100, SMALLEST - 1, -4):
            laid = self._lay(draw, words, scale, width, last=scale - 4 < SMALLEST)
            if laid is None:
                continue
            total = sum(h for _, _, _, h in laid) + gap * (len(laid) - 1)
            if total <= bottom - top or scale - 4 < SMALLEST:
                break
        y = top + max(0, (bottom - top - total) // 2)
        for text, font, color, room in laid:
            self.write(draw, text, font, color, x, y, align)
            y += room + gap

    def _lay(self, draw, words: Sequence[Words], scale: int, width: int, last: bool):
        """Each piece's lines at `scale` percent (text, font, colour, ink height), or None when
        one will not fit `width` even wrapped (at the last scale it is shrunk to fit)."""
        laid = []
        for piece in words:
            size = max(12, piece.size * scale // 100)
            font = self.font(piece.role, size, piece.weight)
            lines = _wrapped(draw, piece.text, font, width, self.width)
            if lines is None:
                if not last:
                    return None
                font = self.fit(draw, piece.text, piece.role, size, width, piece.weight)
                lines = [piece.text]
            laid += [(line, font, piece.color, self.height(draw, line, font)) for line in lines]
        return laid

    def pills(self, draw, y: int, items: Sequence[tuple[str, str]], width: int, size: int = 78):
        """Rounded badges in a row centred on (the middle, y), white words on each colour; the
        words shrink together until the row fits `width`."""
        gap = 50
        while True:
            font = self.font("display", size)
            widths = [self.width(draw, text, font) + size * 3 // 2 for text, _ in items]
            if sum(widths) + gap * (len(items) - 1) <= width or size <= 24:
                break
            size -= 2
        half = size * 9 // 10
        x = (2000 - sum(widths) - gap * (len(items) - 1)) // 2  # the gallery's images are square
        for (text, color), wide in zip(items, widths, strict=True):
            draw.rounded_rectangle(
                (x, y - half, x + wide, y + half), radius=half, fill=self.theme.colors[color]
            )
            _, up, _, down = self.box(draw, text, font)
            self.write(draw, text, font, "#ffffff", x + wide // 2, y - int(down - up) // 2)
            x += wide + gap


def _wrapped(draw, text: str, font, width: int, measure) -> list[str] | None:
    """`text` on one line, or on two as even as its words allow, within `width`; else None."""
    if measure(draw, text, font) <= width:
        return [text]
    words = text.split()
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    if not splits:
        return None
    lines = min(splits, key=lambda pair: max(measure(draw, line, font) for line in pair))
    return list(lines) if max(measure(draw, line, font) for line in lines) <= width else None
