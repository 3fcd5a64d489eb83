"""A font's real metrics, read once per file (pdf.fonts.font_info): line box, baseline, text
widths."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bunco_print.printing.pdf.fonts import font_info
from bunco_print.printing.pdf.model import LINE_PITCH  # two stamped lines, em apart


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

    def lines(self, text: str, width: float, size: float) -> int:
        """How many lines `text` takes `width` pt wide at `size` pt, broken at spaces."""
        count, line = 1, ""
        for word in text.split():
            longer = f"{line} {word}".strip()
            if line and self.width(longer, size) > width:
                count, line = count + 1, word
            else:
                line = longer
        return count

    def shorten(
        self, text: str, width: float, size: float, floor: float, spacing_em: float = 0
    ) -> tuple[str, float]:
        """`text` at the largest size up to `size` at which it fits `width` pt; when that is
        below `floor`, the text shortened with an ellipsis to fit at `floor`."""
        fitted = self.fit(text, width, size, spacing_em)
        if fitted >= floor:
            return text, fitted
        while text and self.width(text.rstrip() + "…", floor, spacing_em * floor) > width:
            text = text[:-1]
        return text.rstrip() + "…", floor

    def one_or_two(
        self,
        text: str,
        width: float,
        size: float,
        floor: float,
        spacing_em: float = 0,
        two_size: float | None = None,
    ) -> tuple[str, float, int]:
        """A title in `width` pt: on one line (`shorten`), or on two (`two_lines`, up to
        `two_size`) when that prints it larger or whole. Gives the text (lines split by a
        newline), its size and how many lines."""
        one, one_fs = self.shorten(text, width, size, floor, spacing_em)
        most = size if two_size is None else two_size
        two, two_fs = self.two_lines(text, width, most, floor, spacing_em)
        if two and (two_fs > one_fs or one != text):  # larger, or whole
            return two, two_fs, 2
        return one, one_fs, 1

    def two_lines(
        self, text: str, width: float, size: float, floor: float, spacing_em: float = 0
    ) -> tuple[str, float]:
        """`text` on two lines (split by a newline) at the space, or after the hyphen, that
        lets them be largest, up to `size`; at `floor` with the second line cut short if need
        be. ("", 0) when the text has nowhere to break or its first line cannot fit."""

        def natural(line: str) -> float:
            return self.width(line, 1) + spacing_em * len(line)

        splits = breaks(text)
        if not splits:
            return "", 0.0
        widest = [max(natural(first), natural(second)) for first, second, _ in splits]
        best = min(range(len(splits)), key=lambda k: (widest[k], splits[k][2], k))
        fitted = min(size, width / widest[best])
        if fitted >= floor:
            return f"{splits[best][0]}\n{splits[best][1]}", fitted
        fitting = [pair for pair in splits if natural(pair[0]) * floor <= width]
        if not fitting:
            return "", 0.0
        first, rest, _ = fitting[-1]
        return f"{first}\n{self.shorten(rest, width, floor, floor, spacing_em)[0]}", floor


@cache
def metrics(path: Path) -> FontMetrics:
    """The metrics of the font file at `path` (read once per process, with the stamper's)."""
    info = font_info(Path(path))
    upm = info.upm
    return FontMetrics(
        ascent=info.ascent / upm,
        descent=-info.descent / upm,
        advances={code: info.advances[glyph] / upm for code, glyph in info.cmap.items()},
        fallback=info.advances[0] / upm,
    )


@dataclass(frozen=True)
class FontChain:
    """A font and its fallbacks: each letter set in the first that has it (as the stamper
    does). Measures and fits stamped text: one line, two, or shortened with an ellipsis.
    A fallback's metrics are read only when a letter needs it (the CJK ones are large)."""

    paths: tuple[Path, ...]

    @property
    def first(self) -> FontMetrics:
        return metrics(self.paths[0])

    def width(self, text: str, size: float) -> float:
        first = self.first
        ems = 0.0
        for char in text:
            code = ord(char)
            if code in first.advances:
                ems += first.advances[code]
                continue
            found = (metrics(p).advances.get(code) for p in self.paths[1:])
            ems += next((a for a in found if a is not None), first.fallback)
        return ems * size

    def shortened(self, text: str, width: float, size: float) -> str:
        """`text` cut short with an ellipsis to fit `width` pt at `size`."""
        while text and self.width(text.rstrip() + "…", size) > width:
            text = text[:-1]
        return text.rstrip() + "…"

    def fit_lines(
        self, text: str, width: float, height: float, size: float, floor: float
    ) -> tuple[str, float, bool]:
        """`text` in a `width` x `height` pt box, as large as fits up to `size`, never below
        `floor`: one line; else two, split at the space (or after the hyphen, when no space
        does as well) that lets them be largest; else cut short with an ellipsis. Gives the
        text (lines split by a newline), its size and whether it is whole."""
        natural = self.width(text, 1)
        one = min(size, width / natural) if natural else size
        if one >= floor:
            return text, one, True
        two = min(size, height / (LINE_PITCH + self.first.line))  # what two lines allow
        splits = breaks(text)
        if two < floor or not splits:
            return self.shortened(text, width, floor), floor, False
        widest = [max(self.width(first, 1), self.width(second, 1)) for first, second, _ in splits]
        # the split with the narrowest longer line; on a tie a space, then the earlier one
        best = min(range(len(splits)), key=lambda k: (widest[k], splits[k][2], k))
        first, second, _ = splits[best]
        both = min(two, width / widest[best])
        if both >= floor:
            return f"{first}\n{second}", both, True
        # the first line as much as fits at the floor, the rest cut short
        fitting = [pair for pair in splits if self.width(pair[0], floor) <= width]
        if not fitting:
            return self.shortened(text, width, floor), floor, False
        first, rest, _ = fitting[-1]
        return f"{first}\n{self.shortened(rest, width, floor)}", floor, False


HYPHENS = "-\u2010"  # hyphen-minus and the hyphen: a double-barrelled name may break after one


def breaks(text: str) -> list[tuple[str, str, bool]]:
    """Where `text` may go onto two lines, in reading order: (first line, second line, whether
    the break is after a hyphen). At a space the space goes; after a hyphen it stays on the
    first line. Runs of white space count as one space."""
    words = text.split()
    out = []
    for k, word in enumerate(words):
        if k:
            out.append((" ".join(words[:k]), " ".join(words[k:]), False))
        for j, char in enumerate(word[:-1]):
            if char in HYPHENS and j:
                head = " ".join([*words[:k], word[: j + 1]])
                out.append((head, " ".join([word[j + 1 :], *words[k + 1 :]]), True))
    return out


def chain(paths: Sequence[Path]) -> FontChain:
    """The metrics of these font files, the first tried first."""
    return FontChain(tuple(paths))
