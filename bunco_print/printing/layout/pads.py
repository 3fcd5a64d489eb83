"""Tally pads and seat cards."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import MIN_TEXT, Inputs
from bunco_print.printing.layout.geometry import (
    EDGE,
    QR_SIDE,
    Block,
    Box,
    Page,
    Slot,
    cell,
    page_size_css,
)
from bunco_print.printing.layout.grids import tally_grids

PAD_COLS, PAD_ROWS = 2, 2
CAPTION_H = 9  # a caption's slot: its words stamped at about 6 pt
CARD_COLS, CARD_ROWS = 2, 5


def pad_grid(night: Inputs) -> tuple[int, int]:
    """Columns and rows of tally pads a page: quarters, or for --large-print two landscape
    halves (each pad 1.3 times as wide and 1.5 times as tall as a quarter)."""
    return (2, 1) if night.large else (PAD_COLS, PAD_ROWS)


@dataclass(frozen=True)
class PadText:
    head: Block  # "Tally" and the night's title, the title at head.size
    rules: Block  # the scoring reminder
    title: str = ""  # the night's title: on two lines (split by a newline) if it needs them,
    # shortened if they cannot hold it at MIN_TEXT
    grid: Box | None = None  # where the tally grid is drawn


@dataclass(frozen=True)
class PadsPage:
    page: Page
    size: str
    pads: tuple[PadText, ...]
    scale: float = 1.0  # --large-print: the head's words this much larger


@dataclass(frozen=True)
class CardsPage:
    page: Page
    size: str


def card_grid(night: Inputs) -> tuple[int, int]:
    """Columns and rows of seat cards a page: ten, or for --large-print four cards the width of
    the page (their words 1.3x need the room)."""
    return (1, 4) if night.large else (CARD_COLS, CARD_ROWS)


def safe_area(night: Inputs) -> Box:
    return Box(EDGE, EDGE, night.pw - 2 * EDGE, night.ph - 2 * EDGE)


def _pad_paper(night: Inputs) -> tuple[float, float]:
    """The pad page's width and height: landscape for --large-print's halves."""
    return (night.ph, night.pw) if night.large else (night.pw, night.ph)


def pads_page(night: Inputs, count: int = 0, number: int = 0) -> PadsPage:
    """Four tally pads a page (quarters, with cut lines), or the first `count` (a last page):
    a grid per pad, write-in lines for the table and set (their slots), the table's QR code with
    its caption (slots: a spare pad has neither) and a scoring reminder."""
    event, c, k = night.event, night.colors, night.scale  # k: --large-print's text and lines
    (pw, ph), (cols, rows) = _pad_paper(night), pad_grid(night)
    cell_w, cell_h = pw / cols, ph / rows
    qr, line_h, note_h, inset = QR_SIDE, 22 * k, 30 * k, 34 * k
    set_y = 24 + 26 * k  # the SET line's top, below the TABLE line
    caption_h = CAPTION_H * k
    grid_y = max(qr + caption_h, set_y + line_h) + 4
    pads = [cell(i, cols, rows, cell_w, cell_h, EDGE) for i in range(cols * rows)]
    pads = pads[: count or len(pads)]
    w, h = pads[0].w, pads[0].h
    lw = w - qr - 12
    layer = svg.Layer()
    for p in pads:
        tally_grids(night, layer, [p.x], [p.y + grid_y], w, h - grid_y - note_h)
    cut, tick = svg.stroke(c["line"], 0.6, "4 3"), svg.stroke(c["ink"], 0.5)
    write_in = svg.stroke(c["line"], 0.8)
    for n in range(1, cols):
        x = cell_w * n
        layer.add(cut, svg.seg(x, 22, x, ph - 22))
        layer.add(tick, svg.seg(x, 10, x, 22) + svg.seg(x, ph - 22, x, ph - 10))
    for n in range(1, rows):
        y = cell_h * n
        layer.add(cut, svg.seg(22, y, pw - 22, y))
        layer.add(tick, svg.seg(10, y, 22, y) + svg.seg(pw - 22, y, pw - 10, y))
    body = night.family("body")
    display = night.font("display")
    title_room = lw - display.width("Tally ", 22 * k) - 3  # the title follows "Tally"
    # on two lines beside "Tally", in its height, when that prints it larger or whole
    words = night.font("body")
    title, title_size, _ = words.one_or_two(event.title, title_room, 8 * k, MIN_TEXT * k)
    slots, texts = [], []
    set_samples = ("Set 1", "Set 1", "Set 2", "")
    for i, p in enumerate(pads):
        x, y = p.x, p.y
        layer.add(
            write_in,
            svg.seg(x + inset, y + 24 + line_h, x + lw, y + 24 + line_h)
            + svg.seg(x + inset, y + set_y + line_h, x + lw * 0.5, y + set_y + line_h),
        )
        tag = 7 * k
        layer.text(
            svg.text(x, y + 24 + line_h - 4, "TABLE", tag, body, 700, night.muted, spacing=0.8)
            + svg.text(x, y + set_y + line_h - 4, "SET", tag, body, 700, night.muted, spacing=0.8)
        )
        table_sample = event.tables[i % len(event.tables)].name if i < 3 else ""
        slots += [
            night.text_slot(
                f"p{i}-table",
                Box(x + inset + 2, y + 22, lw - inset - 4, line_h),
                "table",
                i,
                table_sample,
            ),
            night.text_slot(
                f"p{i}-set",
                Box(x + inset + 2, y + set_y - 2, lw * 0.5 - inset - 4, line_h),
                "set",
                i,
                set_samples[i % 4],
            ),
        ]
        if night.qr:
            slots += [
                Slot(f"p{i}-qr", Box(x + w - qr, y, qr, qr), "qr", i),
                night.text_slot(
                    f"p{i}-caption",
                    Box(x + w - qr, y + qr, qr, caption_h),
                    "label",
                    i,
                    "table code",
                    role="caption",
                ),
            ]
        texts.append(
            PadText(
                Block(x, y - 3, lw, title_size),
                Block(x, y + h - note_h + 5, w, 6.5 * k if night.large else 0),
                title,
                Box(x, y + grid_y, w, h - grid_y - note_h),
            )
        )
    page = Page(
        f"tally_pad-page-{number}",
        pw,
        ph,
        svg.data_uri(svg.document(pw, ph, layer.markup())),
        tuple(slots),
        safe=safe_area(night),
    )
    return PadsPage(page, page_size_css(night.paper, night.large), tuple(texts), k)


def _trim(night: Inputs, x, y, w, h, cols, rows) -> str:
    """Dashed trim lines around and between cols x rows pieces filling (x, y, w, h), with solid
    ticks running out into the margin."""
    n, d, t = svg.n, "", ""
    for k in range(cols + 1):
        lx = x + w * k / cols
        d += f"M{n(lx)} {n(y)}V{n(y + h)}"
        t += f"M{n(lx)} {n(y - 14)}v10M{n(lx)} {n(y + h + 4)}v10"
    for k in range(rows + 1):
        ly = y + h * k / rows
        d += f"M{n(x)} {n(ly)}H{n(x + w)}"
        t += f"M{n(x - 14)} {n(ly)}h10M{n(x + w + 4)} {n(ly)}h10"
    c = night.colors
    return (
        f'<path d="{d}" fill="none" stroke="{c["line"]}" stroke-width="0.6"'
        f' stroke-dasharray="4 3"/>\n<path d="{t}" fill="none" stroke="{c["ink"]}"'
        ' stroke-width="0.5"/>'
    )


TITLE_PITCH = 1.15  # a seat card's two title lines: their baselines this many em apart


def card_title(night: Inputs, width: float) -> tuple[tuple[str, ...], float]:
    """The night's title on a seat card's `width` pt, as its lines and their size: one line at
    up to 9 pt (1.3x in large print), or two when they print it larger or whole; never below
    the smallest text size, cut short with an ellipsis only when two lines cannot hold it."""
    k, text = night.scale, night.event.title.strip()
    title, size, _ = night.font("display").one_or_two(text, width, 9 * k, MIN_TEXT * k)
    return tuple(title.split("\n")), size


def cards_page(night: Inputs, date: str, count: int = 0, number: int = 0) -> CardsPage:
    """Ten business-card-sized seat cards a page (two columns, five rows, trim lines), or the
    first `count` (a last page: the rest stay blank): the art (star or seat), "tonight you start
    at" the table, the night's title and date, a number."""
    event, c, k = night.event, night.colors, night.scale  # k: --large-print's words
    cols, rows = card_grid(night)
    x0 = y0 = EDGE
    area_w, area_h = night.pw - 2 * EDGE, night.ph - 2 * EDGE
    cw, ch = area_w / cols, area_h / rows
    inset = 8
    art = ch - 2 * inset - 22 * k
    tx = inset + art + 22 * k
    tw = cw - tx - inset - 8
    head = event.table(1).name
    other = event.tables[1].name if len(event.tables) > 1 else head
    samples = [
        ("star", head),
        ("seat", other),
        ("seat", event.tables[-1].name),
        ("star", head),
        ("seat", f"Any table but the {head}"),
    ]
    layer = svg.Layer()
    card, disc = svg.stroke(c["line"], night.frame_width(0.8)), svg.fill(c["soft"])
    rule = svg.stroke(c["accent2"], 1)
    slots = []
    count = count or cols * rows
    for i in range(count):
        x, y = x0 + (i % cols) * cw, y0 + (i // cols) * ch
        layer.add(card, svg.rrect(x + inset, y + inset, cw - 2 * inset, ch - 2 * inset, 7))
        layer.add(disc, svg.rrect(x + inset + 8, y + inset + 7, art + 8, art + 8, art / 2 + 4))
        layer.add(rule, svg.seg(x + tx, y + inset + 70 * k, x + tx + 30, y + inset + 70 * k))
        art_name, table = samples[i % len(samples)]
        slots += [
            Slot(
                f"c{i}-art",
                Box(x + inset + 12, y + inset + 11, art, art),
                "art",
                i,
                sample_art=night.art(art_name),
            ),
            night.text_slot(
                f"c{i}-label", Box(x + tx, y + inset + 30 * k, tw, 34 * k), "table", i, table
            ),
            night.text_slot(
                f"c{i}-number",
                Box(x + cw - inset - 6 - 46 * k, y + ch - inset - 5 - 12 * k, 46 * k, 12 * k),
                "number",
                i,
                f"No. {i + 1}",
                role="name",
            ),
        ]
    # What every card says, as blocks of a line per card, one per column of cards: "TONIGHT YOU
    # START AT"; under the table, the night's title and date, on the baselines they would have
    # as lines (line-height 1.45) of one 7pt block with the title 9pt or less. A title too long
    # for one line goes on two (TITLE_PITCH apart) when they print it larger, or whole.
    title_lines, title_fs = card_title(night, tw)
    body_mid, display_mid = night.font("body").mid, night.font("display").mid
    small = 7 * k  # the date line
    strut, title_lh = small * 1.45, title_fs * 1.45
    above = max(strut / 2 + body_mid * small, title_lh / 2 + display_mid * title_fs)
    below = max(strut / 2 - body_mid * small, title_lh / 2 - display_mid * title_fs)
    title_y = y0 + inset + 76 * k + above
    second = title_fs * TITLE_PITCH * (len(title_lines) - 1)  # to the last title line
    date_y = title_y + second + below + strut / 2 + body_mid * small
    labels = []
    for col in range(min(cols, count)):
        lx = x0 + col * cw + tx
        lines = (count - col + cols - 1) // cols  # cards in this column
        labels.append(
            night.label(
                lx,
                y0 + inset + 22 * k,
                "\n".join(["TONIGHT YOU START AT"] * lines),
                6.5 * k,
                "lb-b lb-m",
                w=tw,
                pitch=ch,
                spacing=0.8,
                ch=night.ph,
            )
        )
        labels += [
            night.label(
                lx,
                title_y + n * title_fs * TITLE_PITCH,
                "\n".join([line] * lines),
                title_fs,
                "sc-event sc-title",
                w=tw,
                pitch=ch,
                role="display",
                ch=night.ph,
            )
            for n, line in enumerate(title_lines)
        ]
        labels.append(
            night.label(
                lx,
                date_y,
                "\n".join([date] * lines),
                small,
                "sc-event lb-m",
                w=tw,
                pitch=ch,
                ch=night.ph,
            )
        )
    markup = _trim(night, x0, y0, area_w, area_h, cols, rows) + "\n" + layer.markup()
    page = Page(
        f"seat_cards-page-{number}",
        night.pw,
        night.ph,
        svg.data_uri(svg.document(night.pw, night.ph, markup)),
        tuple(slots),
        tuple(labels),
        safe=safe_area(night),
    )
    return CardsPage(page, page_size_css(night.paper))
