"""How light a colour prints, and the contrasts every theme (and the ink saver) must keep."""

from __future__ import annotations

PAPER = "#ffffff"  # every document prints on white paper; the templates draw on it
NORMAL, LARGE = 4.5, 3.0  # WCAG text contrast: body text, and text of 18 pt (14 pt bold) or more
LINE_ON_PAPER = 1.6  # a 0.6 pt rule at this contrast (about 25% gray) still prints in grayscale
LINE_ON_SOFT = 1.45  # the same rule across a tinted total row
QR_CONTRAST = 7.0  # dark modules on the light ground: well above what phone scanners need


def luminance(color: str) -> float:
    """WCAG relative luminance of #rrggbb: also the gray a grayscale print gives it."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    dark, light = sorted((luminance(a), luminance(b)))
    return (light + 0.05) / (dark + 0.05)
