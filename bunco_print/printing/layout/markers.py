"""Table markers (fold-over tent cards) and the art pieces the stamper copies."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import Inputs, kicker_lines
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, Strip, page_size_css
from bunco_print.printing.layout.pads import safe_area
from bunco_print.printing.layout.sheets import rule_strip


@dataclass(frozen=True)
class MarkerPage:
    page: Page
    size: str
    kickers: tuple[Block, Block]  # upside down (top half), upright
    notes: tuple[Block, Block]
    strips: tuple[Strip, ...] = ()
    scale: float = 1.0  # --large-print: the kicker's and the note's words this much larger
    kicker: str = ""  # the title and date, when too long for the kicker's line: as they fit
    # (on two lines, split by a newline, if need be)


@dataclass(frozen=True)
class PiecesPages:
    pages: tuple[Page, ...]  # one 2in page per art piece, in `names` order
    names: tuple[str, ...]
    art: tuple[str, ...]  # their URIs


def marker_page(night: Inputs, date: str = "") -> MarkerPage:
    """A fold-over tent card: the fold runs across the middle; the top half is the bottom half
    turned 180 degrees, so each side reads upright once folded. Slot m-top is stamped upside
    down (the slot itself is an unturned rectangle in the top half)."""
    c, k = night.colors, night.scale  # k: --large-print's words
    w, ph = night.pw, night.ph
    h = ph / 2
    pad_x = EDGE + 10
    fold, muted = 6.5 * k, night.muted  # the fold's words
    slot_w, slot_h = w - 2 * pad_x, 118
    slot_y = h * 0.4
    kicker_y = h * 0.12 + 58
    note_y = slot_y + slot_h + 18
    face = [
        svg.box(EDGE, EDGE, w - 2 * EDGE, h - 2 * EDGE, 12, c["line"], night.frame_width(1)),
        svg.corners(
            night.art("corner"),
            EDGE + 8,
            EDGE + 8,
            w - 2 * EDGE - 16,
            h - 2 * EDGE - 16,
            58,
            night.art_opacity,
        ),
        svg.image(night.art("dice"), w / 2 - 60, h * 0.12, 120, 50.4, opacity=night.art_opacity),
    ]
    if not night.own_rule:
        face.append(
            svg.line(
                w / 2 - 71, slot_y + slot_h + 8, w / 2 + 71, slot_y + slot_h + 8, c["accent2"], 1.5
            )
        )
    face_markup = "\n".join(face)
    body = night.family("body")
    markup = "\n".join(
        [
            f'<g transform="rotate(180 {svg.n(w / 2)} {svg.n(h / 2)})">{face_markup}</g>',
            f'<g transform="translate(0 {svg.n(h)})">{face_markup}</g>',
            svg.line(0, h, w, h, c["line"], 0.7, "5 4"),
            svg.text(EDGE, h - 4, "FOLD", fold, body, fill=muted, spacing=1),
            svg.text(w - EDGE, h - 4, "FOLD", fold, body, fill=muted, anchor="end", spacing=1),
        ]
    )
    strips = ()
    if night.own_rule:
        strips = (
            rule_strip(w / 2 - 71, h - slot_y - slot_h - 8, 142, 11, turned=True),
            rule_strip(w / 2 - 71, h + slot_y + slot_h + 8, 142, 11),
        )
    # the title and date on one line clear of the corners' art: smaller, then cut short, if a
    # long title needs it
    fitted, kicker_fs = kicker_lines(night, date, slot_w - 2 * 40, 9 * k)
    kicker_h = 12 * k * (fitted.count("\n") + 1)  # a line or two, 12pt (x k) each
    sample = night.event.table(1).name
    slots = (
        night.text_slot(
            "m-top",
            Box(w - pad_x - slot_w, h - slot_y - slot_h, slot_w, slot_h),
            "table",
            0,
            sample,
            rotate=180,
        ),
        night.text_slot("m-bottom", Box(pad_x, h + slot_y, slot_w, slot_h), "table", 0, sample),
    )
    page = Page(
        "table_marker-page-0",
        w,
        ph,
        svg.data_uri(svg.document(w, ph, markup)),
        slots,
        safe=safe_area(night),
    )
    return MarkerPage(
        page,
        page_size_css(night.paper),
        (
            Block(pad_x, h - kicker_y - kicker_h, slot_w, kicker_fs),
            Block(pad_x, h + kicker_y, slot_w, kicker_fs),
        ),
        (Block(pad_x, h - note_y - 14 * k, slot_w), Block(pad_x, h + note_y, slot_w)),
        strips,
        k,
        fitted,
    )


def pieces_pages(night: Inputs, names: tuple[str, ...]) -> PiecesPages:
    """Each art piece on its own 2in page, so the stamper can scale it into any slot."""
    pages = tuple(
        Page(f"pieces-page-{k}", 144, 144, svg.data_uri(svg.document(144, 144, art)))
        for k, art in enumerate(
            svg.image(night.art(name), 0, 0, 144, 144, opacity=night.art_opacity) for name in names
        )
    )
    return PiecesPages(pages, names, tuple(night.art(name) for name in names))
