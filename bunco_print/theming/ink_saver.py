"""Ink saver: any theme, with no large fills, at most half the ink on the printed pages.

`ink_saver(theme)` gives the same theme with its colours lightened as far as the checks every
theme passes allow (theming.contrast: text stays readable, lines still print in grayscale, QR codes
stay dark), its tint white and its art faint. The layout reads `theme.ink_saver` where it fills
shapes; the stamper draws large table names as outlines.
"""

from __future__ import annotations

from dataclasses import replace

from bunco_print.theming.contrast import LARGE, LINE_ON_PAPER, NORMAL, PAPER, QR_CONTRAST, contrast
from bunco_print.theming.themes import Theme

# Each colour lightened towards white until its contrast on paper is down to this (a colour
# already lighter is kept): text colours to what body text needs, rules to what prints in
# grayscale; a small margin over each check's bound.
BOUNDS = {
    "ink": NORMAL + 0.1,  # body text: as dark as body text needs
    "qr": QR_CONTRAST + 0.1,  # QR codes, from the ink: as dark as the checks ask
    "accent": NORMAL + 0.1,
    "accent2": NORMAL + 0.1,
    "muted": NORMAL + 0.1,
    "line": LINE_ON_PAPER + 0.02,
    "accent-large": LARGE + 0.1,
    "accent2-large": LARGE + 0.1,
}
ART_MIX = 0.55  # any other colour (art: gold, pumpkin...) is mixed this far towards white
RULE_DASH = "2 2"  # the rules inside grids: long dashes, still a line to write along
ART_OPACITY = 0.25  # theme art (corners, dice pictures, stars) prints this faint
LARGE_FROM = 14.0  # stamped display text this large (pt; display faces are bold) may be lighter
OUTLINE_FROM = 24.0  # stamped text this large (pt) prints as an outline, not a fill
OUTLINE_WIDTH = 0.8  # pt
FRAME_THIN = 0.5  # frames and outlines (never write-in lines or rules) print this much thinner

CSS = f"""
/* --ink-saver: no tints, faint art */
.sh-title, .doc-prize_sheet h1, .doc-rules h1, .doc-tally_pad .tp-title,
.doc-prize_sheet .ps-amount {{ color: var(--accent-large); }}
.doc-rules h2 {{ color: var(--accent2-large); }}
.doc-rules p, .doc-rules li {{ font-weight: 300; }} /* a light face, where the theme has one */
.slot-sample-art, .pc-page img {{ opacity: {ART_OPACITY}; }}
/* (the art and rule strips the templates place come faint already: printing/render.art_uri) */
"""


def mix(color: str, share: float) -> str:
    """`color` moved `share` of the way to white."""
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(v + (255 - v) * share):02x}" for v in rgb)


def lightest(color: str, least: float) -> str:
    """The lightest mix of `color` with white whose contrast on paper is still `least`."""
    if contrast(color, PAPER) <= least:
        return color
    low, high = 0.0, 1.0
    for _ in range(20):
        mid = (low + high) / 2
        low, high = (mid, high) if contrast(mix(color, mid), PAPER) >= least else (low, mid)
    return mix(color, low)


def saver_colors(colors: dict[str, str]) -> dict[str, str]:
    """The theme's colours for printing with little ink."""
    out = {}
    extra = {"qr": colors.get("qr", colors["ink"])}
    # titles and table names (18 pt or more, or 14 pt in a bold display face) need less
    extra |= {f"{name}-large": colors[name] for name in ("accent", "accent2")}
    for name, value in {**colors, **extra}.items():
        bound = BOUNDS.get(name)
        if name == "soft":
            out[name] = PAPER
        elif bound:
            out[name] = lightest(value, bound)
        else:
            out[name] = mix(value, ART_MIX)
    return out


def ink_saver(theme: Theme) -> Theme:
    """`theme` printed with little ink (see the module's note)."""
    if theme.ink_saver:
        return theme
    return replace(
        theme, colors=saver_colors(theme.colors), style=theme.style + CSS, ink_saver=True
    )
