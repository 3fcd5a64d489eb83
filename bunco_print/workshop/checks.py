"""What every theme must pass before it prints: readable text, lines that survive grayscale,
fonts that cover accented names, its art, and QR codes a phone can read.

A loaded Theme in, a Report out (measurements and one line per failure). The colours are
judged where the templates use them: text colours on white paper and on the `soft` panels,
write-in lines and grids in `line` on both, QR codes in `ink` on white. With `printed=True`
the score sheet's and team card's grids are also rendered in grayscale and looked at where the
layout drew their rules and dice (theme_printed.py).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from bunco_print.errors import InputError
from bunco_print.theming.contrast import (
    LARGE,
    LINE_ON_PAPER,
    LINE_ON_SOFT,
    NORMAL,
    PAPER,
    QR_CONTRAST,
    contrast,
    luminance,
)
from bunco_print.theming.themes import REQUIRED_ART, Theme
from bunco_print.workshop.new import PLACEHOLDER

# Where the templates put each colour as text: (colour, ground, the contrast it needs).
TEXT_USES = (
    ("ink", "paper", NORMAL),  # body text, names, the totals' labels
    ("ink", "soft", NORMAL),  # text in tinted panels (the prize list on the rules)
    ("muted", "paper", NORMAL),  # small print: dates, notes, captions
    ("muted", "soft", NORMAL),
    ("accent", "paper", NORMAL),  # titles, and small bold words on the tally pads
    ("accent", "soft", NORMAL),  # set headings on their tinted bars
    ("accent2", "paper", NORMAL),  # headings, seat-card titles, the dice column
    ("accent2", "soft", LARGE),  # only large headings sit on tints in this colour
)

# The characters a theme's fonts must have: printable Latin-1 and Latin Extended-A, less three
# that are never typed in a name today: the soft hyphen (invisible, never drawn), ŉ (deprecated
# by Unicode) and ſ (the historic long s).
NOT_NEEDED = {0x00AD, 0x0149, 0x017F}
NEEDED = frozenset(c for c in [*range(0x20, 0x7F), *range(0xA0, 0x180)] if c not in NOT_NEEDED)

_CSS_COLOR = re.compile(
    r"(?<![-\w])color\s*:\s*(var\(\s*--([a-z0-9_-]+)\s*[,)]|#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b)"
)
_COMMENT = re.compile(r"/\*.*?\*/", re.S)


@dataclass(frozen=True)
class Contrast:
    what: str  # "accent on soft"
    ratio: float
    needed: float

    @property
    def ok(self) -> bool:
        return self.ratio >= self.needed


@dataclass(frozen=True)
class Report:
    theme: str
    contrasts: tuple[Contrast, ...]  # text, lines and QR codes, as measured
    failures: tuple[str, ...]  # one line each, naming the theme and what to change
    fonts: dict[str, str] = field(default_factory=dict)  # file name -> "ok" or what is missing
    printed: tuple = ()  # theme_printed.Printed: the faintest rule and die as rendered
    warnings: tuple[str, ...] = ()  # worth changing, though the theme prints

    @property
    def ok(self) -> bool:
        return not self.failures

    def min_text_contrast(self) -> float:
        return min(c.ratio for c in self.contrasts if c.what.startswith("text"))


def check(theme: Theme, printed: bool = False) -> Report:
    """Every check on one theme; a failure is one line that says what to change. `printed`:
    look at the grids rendered in grayscale too (a WeasyPrint render, cached per theme)."""
    grounds = {"paper": PAPER, "soft": theme.colors["soft"]}
    measured: list[Contrast] = []
    failures: list[str] = []

    def need(what: str, fg: str, bg: str, needed: float, advice: str) -> None:
        found = Contrast(what, round(contrast(fg, bg), 2), needed)
        measured.append(found)
        if not found.ok:
            failures.append(
                f"{theme.name}: {what} ({fg} on {bg}) has contrast {found.ratio:.2f}:1, "
                f"needs {needed:g}:1; {advice}"
            )

    for role, ground, needed in TEXT_USES:
        need(
            f"text {role} on {ground}",
            theme.colors[role],
            grounds[ground],
            needed,
            f"darken {role}" + (" or lighten soft" if ground == "soft" else ""),
        )
    for name, value in _stylesheet_colors(theme):
        need(f"text {name} in the theme's CSS", value, PAPER, NORMAL, f"darken {name}")
    line = theme.colors["line"]
    need("write-in lines on paper", line, PAPER, LINE_ON_PAPER, "darken line")
    need("grid lines on soft", line, theme.colors["soft"], LINE_ON_SOFT, "darken line")
    need("punch-box dice on paper", line, PAPER, LINE_ON_PAPER, "darken line")
    ink = theme.qr_color  # the ink, or a darker colour of its own (ink_saver.py)
    if luminance(ink) >= luminance(PAPER):
        failures.append(f"{theme.name}: QR codes would print light on dark; ink must be dark")
    need("QR codes (ink on white)", ink, PAPER, QR_CONTRAST, "darken ink")
    colours = len(failures)
    fonts = _check_fonts(theme, failures)
    _check_art(theme, failures)
    looked: tuple = ()
    if printed and len(failures) == colours:  # one with missing art or fonts is not rendered
        from bunco_print.workshop.printed import printed_marks

        looked = printed_marks(theme)
        failures += [seen.failure(theme.name) for seen in looked if not seen.ok]
    warnings = _placeholder(theme)
    return Report(theme.name, tuple(measured), tuple(failures), fonts, looked, warnings)


def _placeholder(theme: Theme) -> tuple[str, ...]:
    """The description `themes new` wrote, still there: a shop listing would show it."""
    head, _, tail = PLACEHOLDER.partition("{parent}")
    words = " ".join(theme.description.split())
    if not (words.startswith(head) and words.endswith(tail)):
        return ()
    return (
        f"{theme.name}: its description is still the one `themes new` wrote ({words!r}); "
        "say in theme.toml what the theme looks like, as buyers read it in a shop listing",
    )


def _stylesheet_colors(theme: Theme) -> list[tuple[str, str]]:
    """Text colours the theme's own CSS sets (`color: var(--ice)` or `color: #123456`)."""
    found: dict[str, str] = {}
    for sheet in theme.stylesheets:
        text = _COMMENT.sub("", sheet.read_text(encoding="utf-8"))
        for match in _CSS_COLOR.finditer(text):
            name, hex_ = match.group(2), match.group(3)
            if name and name in theme.colors:
                found[f"--{name}"] = theme.colors[name]
            elif hex_:
                full = hex_ if len(hex_) == 6 else "".join(ch * 2 for ch in hex_)
                found[f"#{hex_}"] = f"#{full.lower()}"
    return sorted(found.items())


def _check_fonts(theme: Theme, failures: list[str]) -> dict[str, str]:
    from fontTools.ttLib import TTFont, TTLibError

    seen: dict[str, str] = {}
    for role, font in theme.fonts.items():
        for face, path in font.faces.items():
            if str(path) in seen:
                continue
            try:
                cmap = TTFont(path, lazy=True, fontNumber=0).getBestCmap() or {}
            except (OSError, TTLibError, AssertionError, KeyError) as exc:
                seen[str(path)] = "unreadable"
                failures.append(
                    f"{theme.name}: font {role} {face} ({path.name}) cannot be read: {exc}"
                )
                continue
            missing = sorted(NEEDED - set(cmap))
            seen[str(path)] = "ok" if not missing else f"{len(missing)} missing"
            if missing:
                sample = " ".join(_shown(c) for c in missing[:10])
                failures.append(
                    f"{theme.name}: font {role} {face} ({path.name}) lacks {len(missing)} "
                    f"Latin-1/Latin Extended-A letters, e.g. {sample}; choose a fuller font"
                )
    return {Path(p).name: v for p, v in seen.items()}


def _shown(code: int) -> str:
    """A letter as itself, or as U+XXXX where it would not show (a no-break space)."""
    char = chr(code)
    return char if char.isprintable() and not char.isspace() else f"U+{code:04X}"


def _check_art(theme: Theme, failures: list[str]) -> None:
    names = list(REQUIRED_ART)
    if any((f / "rule.svg").is_file() for f in theme.folders):
        names.append("rule.svg")
    for name in names:
        try:
            path = theme.art(name)
        except InputError:  # load() insists on REQUIRED_ART; the folder may have changed since
            failures.append(f"{theme.name}: art file {name} is missing")
            continue
        try:
            root = ET.fromstring(path.read_bytes())
        except (OSError, ET.ParseError) as exc:
            failures.append(f"{theme.name}: art file {name} is not readable SVG: {exc}")
            continue
        if root.tag.rsplit("}", 1)[-1] != "svg" or not root.get("viewBox"):
            failures.append(f"{theme.name}: art file {name} must be an <svg> with a viewBox")
