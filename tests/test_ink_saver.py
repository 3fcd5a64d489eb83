"""`--ink-saver`: the same pack with at most half the ink, measured on the rendered pages, and
nothing a player needs lost: every QR code still reads, every grid line is still there, and
every theme so printed still passes the theme checks (text, lines, QR codes)."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from bunco_print.theming import themes
from bunco_print.theming.ink_saver import ink_saver
from bunco_print.workshop import checks as theme_checks

from .pdftools import qr_codes
from .test_pack import build

# A pixel of 0.72 pt: thin rules count about their width (at 20 dpi pdfium draws every stroke
# at least a pixel, 3.6 pt, wide, and hairlines would weigh six times their ink).
INK_DPI = 100
LAYOUTS = {"1 a page": {}, "4 a page": {"per_page": 4}, "bonko team cards": {"ruleset": "bonko"}}


def ink(pdf: bytes, dpi: int = INK_DPI) -> float:
    """The ink on every page: the sum over pixels of (255 - gray) / 255."""
    total = 0.0
    for page in pdfium.PdfDocument(pdf):
        image = page.render(scale=dpi / 72, grayscale=True).to_pil().convert("L")
        total += sum((255 - value) * n for value, n in enumerate(image.histogram())) / 255
    return total


@pytest.fixture(scope="module")
def packs(quarter_pack):
    """(theme, layout) -> (the pack as the theme prints it, the same pack with --ink-saver).
    At 4 a page: the session's quarter pack (13 players, named in many scripts)."""
    from .test_names import NAMES

    found = {
        (theme, what): (
            build(12, theme=theme, **options),
            build(12, theme=theme, ink_saver=True, **options),
        )
        for theme in ("classic", "october")
        for what, options in LAYOUTS.items()
        if what != "4 a page" and (theme == "classic" or what == "1 a page")
    }
    saver = build(13, names=NAMES, per_page=4, ink_saver=True)
    return found | {("classic", "4 a page"): (quarter_pack, saver)}


@pytest.mark.parametrize(
    "theme, what", [("classic", w) for w in LAYOUTS] + [("october", "1 a page")]
)
def test_the_pack_takes_less_than_half_the_ink(packs, theme, what):
    full, saver = packs[theme, what]
    ratio = ink(saver.pack_pdf) / ink(full.pack_pdf)
    assert ratio < 0.5, f"{theme}, {what}: --ink-saver uses {ratio:.1%} of the ink"


def test_every_qr_code_still_reads(packs):
    saver = packs["classic", "1 a page"][1]
    sheets, pads = (qr_codes(saver.documents[n]) for n in ("score-sheets.pdf", "tally-pads.pdf"))
    assert [len(page) for page in sheets] == [1] * 12  # one a player
    assert sum(map(len, pads)) == 3 * 4  # a pad a table a set (the spares carry none)


def lines(pdf: bytes, dpi: int = 100) -> tuple[list[int], list[int]]:
    """The rows and columns of the first page that a line crosses: more than a third of the
    page's middle darker than a tint."""
    image = pdfium.PdfDocument(pdf)[0].render(scale=dpi / 72, grayscale=True).to_pil()
    w, h = image.size
    px = image.load()

    def marked(points) -> bool:
        points = list(points)
        return sum(px[x, y] < 235 for x, y in points) > len(points) / 3

    rows = [y for y in range(h) if marked((x, y) for x in range(w // 7, w * 6 // 7))]
    # columns right of the round dice (their outlines are not lines across the page)
    cols = [x for x in range(w // 5, w) if marked((x, y) for y in range(h // 7, h * 6 // 7))]
    return centres(rows), centres(cols)


def centres(marked: list[int]) -> list[float]:
    """Where each line is: the middle of each run of neighbouring rows (or columns)."""
    runs: list[list[int]] = []
    for i in marked:
        if runs and i - runs[-1][-1] <= 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return [(run[0] + run[-1]) / 2 for run in runs]


def same_places(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= 1.5 for x, y in zip(a, b, strict=True))


def test_grids_and_write_in_lines_are_all_still_there(packs):
    """Every line across a score sheet (grid rules, frames, the name line) is where it was."""
    full, saver = packs["classic", "1 a page"]
    (rows, cols), (full_rows, full_cols) = (
        lines(pack.documents["score-sheets.pdf"]) for pack in (saver, full)
    )
    assert same_places(rows, full_rows) and same_places(cols, full_cols)
    assert len(rows) >= 2 * 8  # two bands of grids, eight rules each (and more), all seen


def test_no_tinted_panels_and_a_manifest_that_says_so(packs):
    full, saver = packs["classic", "1 a page"]
    assert "ink_saver" not in full.event.extra
    assert saver.event.extra["ink_saver"] is True


@pytest.mark.parametrize("name", themes.available())
def test_every_theme_so_printed_passes_the_theme_checks(name):
    theme = ink_saver(themes.load(name))
    assert theme.colors["soft"] == "#ffffff"
    assert theme_checks.check(theme).failures == ()
