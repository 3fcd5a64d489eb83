"""The backs of sheet pages for --star-on-back: each sheet's secret starting table (a star or a
seat), behind its front's cell once the paper is turned like a book page (sheets.duplex_flip)."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import TEXT_FILL, Inputs
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, Slot, page_size_css
from bunco_print.printing.layout.sheet_dims import SHEET, content_box, sheet_plan


@dataclass(frozen=True)
class BackText:
    title: Block
    caption: Block
    note: Block


@dataclass(frozen=True)
class BacksPage:
    page: Page
    size: str
    backs: tuple[BackText, ...]


TITLE_LINE = 1.2  # the title's line height, em (.sb-title)


def backs_page(night: Inputs, count: int = 0, number: int = 0) -> BacksPage:
    """The backs of sheet pages, for --star-on-back duplex printing: back i sits behind its
    front's cell once the sheet is turned like a book page, with the sheet's number small at
    its foot, so a back printed behind the wrong sheet shows."""
    event, c = night.event, night.colors
    pw, ph, _cols, _rows = sheet_plan(night)
    body, slots, texts = [], [], []
    for i in range(count or night.per_page):
        b = content_box(night, i, back=True)
        x, y, cw, ch = b.x, b.y, b.w, b.h
        s, k = min(cw / 540, ch / 700), night.scale  # k: --large-print's words
        # the words' size: the smallest (0.85 of it) no smaller than the sheets' smallest
        least = night.least(SHEET)
        label_h, fs = max(44 * s, 20) * k, max(max(11 * s, 7) * k, least / 0.85)
        words = fs * 2.2 + fs * 1.8 + label_h + fs * 2.4
        art = min(cw * 0.5, ch * 0.4, ch * 0.9 - words)  # large print: the art gives way
        top = y + (ch - (fs * 2.2 + art + fs * 1.8 + label_h + fs * 2.4)) / 2
        body.append(svg.box(x, y, cw, ch, 14 * s, c["line"], 1))
        body.append(
            svg.corners(
                night.art("corner"),
                *(x + 6, y + 6, cw - 12, ch - 12, max(54 * s, 22)),
                night.art_opacity,
            )
        )
        slots.append(
            Slot(
                f"b{i}-art",
                Box(x + (cw - art) / 2, top + fs * 2.2, art, art),
                "art",
                i,
                sample_art=night.art("star" if i == 0 else "seat"),
            )
        )
        sample = event.table(1).name if i == 0 else event.tables[i % len(event.tables)].name
        slots.append(
            night.text_slot(
                f"b{i}-label",
                Box(x + cw * 0.07, top + fs * 2.2 + art + fs * 1.8, cw * 0.86, label_h),
                "table",
                i,
                sample,
            )
        )
        # its text 6 to 7 pt (large print: the sheets' smallest): small, not tiny
        foot = max(max(10 * s, 9) * k, least / TEXT_FILL)
        slots.append(
            night.text_slot(
                f"b{i}-number",
                Box(x + cw * 0.3, y + ch - foot - max(14 * s, 8), cw * 0.4, foot),
                "number",
                i,
                f"Sheet {i + 7}",
                role="name",
            )
        )
        texts.append(
            BackText(
                Block(x, top, cw, fs * 1.3),
                Block(x, top + fs * 2.6 + art, cw, fs * 0.85),
                Block(x + cw * 0.1, top + fs * 2.6 + art + fs * 1.8 + label_h, cw * 0.8, fs * 0.9),
            )
        )
    slots += _titles(night, texts)
    page = Page(
        f"sheet_back-page-{number}",
        pw,
        ph,
        svg.data_uri(svg.document(pw, ph, "\n".join(body))),
        tuple(slots),
        safe=Box(EDGE, EDGE, pw - 2 * EDGE, ph - 2 * EDGE),
    )
    return BacksPage(page, page_size_css(night.paper, pw > ph), tuple(texts))


def _titles(night: Inputs, texts: list[BackText]) -> list[Slot]:
    """Each back's night's title, stamped (after the slots the template places by order)."""
    return [
        night.words_in(
            f"b{i}-title",
            t.title,
            night.event.title,
            t.title.size,
            "accent2",
            i,
            "display",
            align="center",
            line=TITLE_LINE,
        )
        for i, t in enumerate(texts)
    ]
