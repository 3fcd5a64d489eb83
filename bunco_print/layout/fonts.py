"""A font's real metrics, read once per file with fontTools: line box, baseline, text widths."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path


@dataclass(frozen=True)
class FontMetrics:
    """Metrics of one font file, in em (1 em = the font size)."""

    ascent: float  # above the baseline (hhea, as Pango and the PDF stamper use)
    descent: float  # below the baseline, positive
    advances: dict[int, float]  # code point -> advance width
    fallback: float  # advance of .notdef, for letters the font lacks

    @property
    def line(self) -> float:
        """Height of the ascent..descent box."""
        return self.ascent + self.descent

    @property
    def mid(self) -> float:
        """How far the baseline sits below the middle of a line box (CSS centres the glyphs'
        ascent..descent box in it)."""
        return (self.ascent - self.descent) / 2

    def width(self, text: str, size: float, spacing: float = 0) -> float:
        """Width in pt of `text` set at `size` pt, with `spacing` pt between letters."""
        ems = sum(self.advances.get(ord(c), self.fallback) for c in text)
        return ems * size + spacing * len(text)

    def fit(self, text: str, width: float, size: float, spacing_em: float = 0) -> float:
        """`size`, or the largest size at which `text` fits `width` pt if smaller."""
        natural = self.width(text, 1) + spacing_em * len(text)
        return min(size, width / natural) if natural else size

    def shorten(self, text: str, width: float, size: float, floor: float) -> tuple[str, float]:
        """`text` at the largest size up to `size` at which it fits `width` pt; when that is
        below `floor`, the text shortened with an ellipsis to fit at `floor`."""
        fitted = self.fit(text, width, size)
        if fitted >= floor:
            return text, fitted
        while text and self.width(text.rstrip() + "…", floor) > width:
            text = text[:-1]
        return text.rstrip() + "…", floor


@cache
def metrics(path: Path) -> FontMetrics:
    """The metrics of the font file at `path` (read once per process)."""
    from fontTools.ttLib import TTFont  # imported here: only layouts need it

    with TTFont(str(path), lazy=True) as font:
        upm = font["head"].unitsPerEm
        hhea = font["hhea"]
        hmtx = font["hmtx"]
        advances = {code: hmtx[glyph][0] / upm for code, glyph in font.getBestCmap().items()}
        return FontMetrics(
            ascent=hhea.ascent / upm,
            descent=-hhea.descent / upm,
            advances=advances,
            fallback=hmtx[font.getGlyphOrder()[0]][0] / upm,
        )
