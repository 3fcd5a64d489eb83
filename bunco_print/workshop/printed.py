"""A theme's grids as they print: the score sheet's and a team card's static layer rendered
in grayscale, and looked at where the layout drew the grid rules, the rounds' dice and the
punch boxes' dice. Each must come out visibly darker than the paper (theme_checks)."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.theming.themes import Theme

PRINT_DPI = 100  # a pixel of 0.72 pt: a 0.6 pt rule covers most of one
# How much darker than the paper (a share of black) the faintest rule or die must print. A
# 0.6 pt rule at the line colour's least contrast (1.6:1) prints 0.11 to 0.15 at PRINT_DPI and
# a die's 0.8 pt outline 0.18 to 0.26; in #dddddd (1.37:1) they print 0.07 and 0.12.
RULE_DARKER, DIE_DARKER = 0.08, 0.12
DICE_RING = 1.5  # px: a die's outline is looked for this close to its box's edge

_SEEN: dict[str, tuple[Printed, ...]] = {}  # the layers' markup -> what was measured


@dataclass(frozen=True)
class Printed:
    what: str  # "score sheet: grid rules"
    darkness: float  # the faintest of them, as a share of black
    count: int  # how many were looked at
    needed: float

    @property
    def ok(self) -> bool:
        return self.count > 0 and self.darkness >= self.needed

    def failure(self, theme: str) -> str:
        return (
            f"{theme}: {self.what} print {self.darkness:.0%} darker than the paper in grayscale "
            f"(the faintest of {self.count}), need {self.needed:.0%}; darken line"
        )


def printed_marks(theme: Theme) -> tuple[Printed, ...]:
    """The faintest grid rule, round die and punch-box die as printed in grayscale."""
    from bunco_print.edges import background_cache
    from bunco_print.game import rulesets
    from bunco_print.game.plan import plan_event
    from bunco_print.printing import layout
    from bunco_print.printing.layout import grids, svg
    from bunco_print.printing.layout.base import Inputs

    pages, found = [], []
    for ruleset_id, doc in (("classic", "score_sheet"), ("bonko", "team_card")):
        ruleset = rulesets.load(ruleset_id)
        event = plan_event(12, ruleset, seed=1, date="2026-12-04", title=theme.title)
        laid = layout.lay_out(event, ruleset, theme, "letter", 1, [doc])
        night, grid = Inputs(event, ruleset, theme), laid.docs[doc].sheets[0].grid
        marks = grids.Marks()
        box = (grid.x, grid.y, grid.w, grid.h, ruleset.word)
        if doc == "score_sheet":
            grids.score_grid(night, svg.Layer(), *box, marks)
        else:
            grids.punch_grid(night, svg.Layer(), *box, night.ph, marks)
        pages.append(laid.page(doc))
        found.append(marks)
    html = "".join(
        f'<div style="break-after:page"><img src="{page.layer}" style="display:block;'
        f'width:{page.width}pt;height:{page.height}pt"></div>'
        for page in pages
    )
    html = f"<style>@page {{ size: 612pt 792pt; margin: 0 }} body {{ margin: 0 }}</style>{html}"
    if html not in _SEEN:
        pdf, _ = background_cache.cached(html, _render, kind="plain")
        _SEEN[html] = _measure(pdf, found)
    return _SEEN[html]


def _render(html: str) -> tuple[bytes, dict]:
    from bunco_print.printing import render

    return render.weasyprint().HTML(string=html).write_pdf(), {}


def _measure(pdf: bytes, found: list) -> tuple[Printed, ...]:
    import pypdfium2 as pdfium

    scale = PRINT_DPI / 72
    document = pdfium.PdfDocument(pdf)
    out = []
    for index, (name, marks) in enumerate(zip(("score sheet", "team card"), found, strict=True)):
        image = document[index].render(scale=scale, grayscale=True).to_pil().convert("L")
        dark = _Darkness(image)
        rules = []
        for x0, x1, y in marks.rules:  # the darkest of three pixel rows, along its middle
            xs = range(round((x0 + (x1 - x0) * 0.1) * scale), round((x1 - (x1 - x0) * 0.1) * scale))
            rows = [sorted(dark(x, y * scale + dy) for x in xs) for dy in (-1, 0, 1)]
            rules.append(max(row[len(row) * 3 // 4] for row in rows))  # dashes: 3/4 of the way
        dice = []
        for die in marks.dice:  # the outline: pixels near the box's edge
            x0, y0, x1, y1 = (v * scale for v in (die.x, die.y, die.right, die.bottom))
            ring = [
                dark(x, y)
                for x in range(int(x0) - 1, int(x1) + 2)
                for y in range(int(y0) - 1, int(y1) + 2)
                if min(abs(x - x0), abs(x - x1), abs(y - y0), abs(y - y1)) <= DICE_RING
            ]
            ring.sort()
            dice.append(ring[len(ring) * 9 // 10])
        if name == "score sheet":
            out += [
                Printed(f"{name}: grid rules", min(rules, default=0.0), len(rules), RULE_DARKER),
                Printed(f"{name}: the rounds' dice", min(dice, default=0.0), len(dice), DIE_DARKER),
            ]
        else:
            out.append(
                Printed(f"{name}: punch-box dice", min(dice, default=0.0), len(dice), DIE_DARKER)
            )
    return tuple(out)


class _Darkness:
    """A grayscale image's darkness at a pixel (0 paper .. 1 black); outside it, its edge's."""

    def __init__(self, image) -> None:
        self.px, (self.w, self.h) = image.load(), image.size

    def __call__(self, x: float, y: float) -> float:
        at = (min(max(round(x), 0), self.w - 1), min(max(round(y), 0), self.h - 1))
        return (255 - self.px[at]) / 255
