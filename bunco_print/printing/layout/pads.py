"""Tally pads: four a page, each a tally grid under write-in lines and the table's QR code."""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, MIN_TEXT, TEXT_FILL, Inputs
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
from bunco_print.printing.pdf.model import LINE_PITCH

PAD_COLS, PAD_ROWS = 2, 2
CAPTION_H = 9  # a caption's slot: its words stamped at about 6 pt
# A tally pad's head, in pt; those marked (k) are times --large-print's scale. The TABLE line's
# slot at SLOT_TOP, its line at LINE_TOP + WRITE_IN_H (k) down; the SET line's SET_DOWN (k)
# under the TABLE line's top and half as long; the write-in lines start WRITE_IN_FROM (k) in,
# after their words (TAG_SIZE, k, TAG_UP over the line); their slots SLOT_INSET in at each end.
SLOT_TOP, LINE_TOP, SET_DOWN, WRITE_IN_H, WRITE_IN_FROM, SET_LINE = 22, 24, 26, 22, 34, 0.5
TAG_SIZE, TAG_UP, TAG_SPACING, SLOT_INSET, WRITE_IN_W = 7, 4, 0.8, 2, 0.8
# Beside the QR code, QR_ROOM from it; the head's title TITLE_UP over the pad's top, in the room
# "Tally" (TALLY_SIZE, k) and TALLY_ROOM leave, at most TITLE_SIZE (k); the grid GRID_GAP under
# the head; the scoring reminder in the pad's last REMINDER_H, its words REMINDER_DOWN down,
# REMINDER_SIZE, REMINDER_LEADING apart (in large print as many lines as they take, larger and
# LARGE_LEADING apart).
QR_ROOM, TITLE_UP, TALLY_SIZE, TALLY_ROOM, TITLE_SIZE, GRID_GAP = 12, 3, 22, 3, 8, 4
REMINDER_H, REMINDER_DOWN, REMINDER_SIZE, REMINDER_LEADING = 30, 5, 6.5, 1.3
HEAD_FONT, TITLE_PAD = 10, 3  # the space before the title (the head's 10pt), and a padding
PAD = "tally_pad"  # the document whose smallest word (base.LARGE_TEXT) pads keep
# The cuts between pads: dashed lines CUT_END from the paper's edges, ticks from TICK_END.
CUT_END, TICK_END, CUT_W, CUT_DASH, TICK_W = 22, 10, 0.6, "4 3", 0.5
SET_SAMPLES = ("Set 1", "Set 1", "Set 2", "")  # for previews, a pad's SET by its place


def pad_grid(night: Inputs) -> tuple[int, int]:
    """Columns and rows of tally pads a page: quarters, or for --large-print two landscape
    halves (each pad 1.3 times as wide and 1.5 times as tall as a quarter)."""
    return (2, 1) if night.large else (PAD_COLS, PAD_ROWS)


@dataclass(frozen=True)
class PadText:
    head: Block  # "Tally" (the night's title after it is stamped: _pad_title)
    grid: Box | None = None  # where the tally grid is drawn


@dataclass(frozen=True)
class PadsPage:
    page: Page
    size: str
    pads: tuple[PadText, ...]
    scale: float = 1.0  # --large-print: the head's words this much larger


def safe_area(night: Inputs) -> Box:
    return Box(EDGE, EDGE, night.pw - 2 * EDGE, night.ph - 2 * EDGE)


def _pad_paper(night: Inputs) -> tuple[float, float]:
    """The pad page's width and height: landscape for --large-print's halves."""
    return (night.ph, night.pw) if night.large else (night.pw, night.ph)


@dataclass(frozen=True)
class PadHead:
    """A tally pad's measures: its size, its head's width (beside the QR code), its write-in
    lines' height, start and the SET line's top, the QR caption's height, the grid's top and
    the scoring reminder's height."""

    w: float
    h: float
    head_w: float
    line_h: float
    line_from: float
    set_y: float
    caption_h: float
    grid_y: float
    note_h: float

    def grid(self, x, y) -> Box:
        return Box(x, y + self.grid_y, self.w, self.h - self.grid_y - self.note_h)


def reminder_words(night: Inputs) -> tuple[str, str, str]:
    """The scoring reminder at a pad's foot: its words before the game's word (printed bold),
    the word, and the words after."""
    ruleset, word = night.ruleset, night.ruleset.word
    per_die = "the round’s number in points" if ruleset.points_per_match == "round" else "1 point"
    ends = f" or rolls a {word}" if ruleset.bunco_ends_round else ""
    return (
        f"Each die showing the round’s number: {per_die} · three of a kind: "
        f"{ruleset.mini_bunco_points} · ",
        f"{word}!",
        f" (three of the round’s number): {ruleset.bunco_points}. Keep a running score; the "
        f"round ends when a {night.event.table(1).name} team reaches {ruleset.target}{ends}.",
    )


def _reminder_h(night: Inputs, w: float) -> float:
    """The scoring reminder's height: REMINDER_H, or in large print as many lines as its words
    take at the pads' smallest size (bold, the widest they are set in)."""
    if not night.large:
        return REMINDER_H
    size = night.words(REMINDER_SIZE, PAD)
    lines = night.font("body", "700").lines("".join(reminder_words(night)), w, size)
    return REMINDER_DOWN + (lines + 0.5) * size * LARGE_LEADING


def _pad_head(night: Inputs, pad: Box) -> PadHead:
    k = night.scale  # --large-print's text and lines
    line_h, set_y = WRITE_IN_H * k, LINE_TOP + SET_DOWN * k  # the SET line below the TABLE line
    caption_h = max(CAPTION_H * k, night.least(PAD) / TEXT_FILL)  # "table code", stamped
    grid_y = max(QR_SIDE + caption_h, set_y + line_h) + GRID_GAP
    head_w = pad.w - QR_SIDE - QR_ROOM
    tag = night.font("body", "700").width("TABLE", night.words(TAG_SIZE, PAD), TAG_SPACING)
    line_from = max(WRITE_IN_FROM * k, tag + TAG_SPACING * 4)  # the lines start after TABLE
    return PadHead(
        pad.w, pad.h, head_w, line_h, line_from, set_y, caption_h, grid_y, _reminder_h(night, pad.w)
    )


def _pad_title(night: Inputs, i: int, head: Block, head_w: float, title: str, size: float):
    """Pad i's title after "Tally", stamped: its (last) line on Tally's baseline."""
    k, tally = night.scale, TALLY_SIZE * night.scale
    display, body = night.font("display"), night.font("body")
    baseline = night.baseline(head.y, tally, tally, "display")  # the head's line-height is 1
    x = head.x + display.width("Tally", tally) + body.width(" ", HEAD_FONT) + TITLE_PAD * k
    first = baseline - LINE_PITCH * size * title.count("\n")  # the first line's baseline
    at = night.on_baseline(x, first, head.x + head_w - x, size)
    return night.words_in(f"p{i}-title", at, title, size, "muted", i, line=LINE_PITCH)


def pads_page(night: Inputs, count: int = 0, number: int = 0) -> PadsPage:
    """Four tally pads a page (quarters, with cut lines), or the first `count` (a last page):
    a grid per pad, write-in lines for the table and set (their slots), the table's QR code with
    its caption (slots: a spare pad has neither) and a scoring reminder."""
    k = night.scale
    (pw, ph), (cols, rows) = _pad_paper(night), pad_grid(night)
    cell_w, cell_h = pw / cols, ph / rows
    pads = [cell(i, cols, rows, cell_w, cell_h, EDGE) for i in range(cols * rows)]
    pads = pads[: count or len(pads)]
    m = _pad_head(night, pads[0])
    layer = svg.Layer()
    for p in pads:
        grid = m.grid(p.x, p.y)
        tally_grids(night, layer, [grid.x], [grid.y], grid.w, grid.h)
    _pad_cuts(night, layer, pw, ph, cols, rows)
    # the title follows "Tally": on two lines beside it, in its height, when that prints it
    # larger or whole
    room = m.head_w - night.font("display").width("Tally ", TALLY_SIZE * k) - TALLY_ROOM
    title, title_size, _ = night.font("body").one_or_two(
        night.event.title, room, night.words(TITLE_SIZE, PAD), night.words(MIN_TEXT, PAD)
    )
    slots, texts = [], []
    reminder = _reminder(night, m.w)  # the same words on every pad, drawn once
    for i, p in enumerate(pads):
        _write_in_lines(night, layer, m, p.x, p.y)
        slots += _pad_slots(night, m, i, p.x, p.y)
        head = Block(p.x, p.y - TITLE_UP, m.head_w, title_size)
        at = f"{svg.n(p.x)} {svg.n(p.y + m.h - m.note_h + REMINDER_DOWN)}"
        layer.text(f'<g transform="translate({at})">{reminder}</g>')
        texts.append(PadText(head, m.grid(p.x, p.y)))
        slots.append(_pad_title(night, i, head, m.head_w, title, title_size))
    page = Page(
        f"tally_pad-page-{number}",
        pw,
        ph,
        svg.data_uri(svg.document(pw, ph, layer.markup())),
        tuple(slots),
        safe=safe_area(night),
    )
    size = page_size_css(night.paper, night.large)
    return PadsPage(page, size, tuple(texts), k)


def _reminder(night: Inputs, width: float) -> str:
    """The scoring reminder at a pad's foot, `width` pt wide, as SVG text from its top-left
    corner: broken into lines at spaces, its words measured as the layer draws them (letter by
    letter), the game's word bold in the accent; the lines REMINDER_LEADING apart (LARGE_LEADING
    in large print), the first on the baseline a CSS line box that tall gives. Drawn rather than
    laid out by WeasyPrint, which took longer to set this one paragraph on every pad than to
    lay out the rest of the page."""
    before, word, after = reminder_words(night)
    pieces = [(w, "400") for w in before.split()] + [(word, "700")]
    pieces += [(w, "400") for w in after.split()]
    size = night.words(REMINDER_SIZE, PAD) if night.large else REMINDER_SIZE
    pitch = size * (LARGE_LEADING if night.large else REMINDER_LEADING)
    fonts = {"400": night.font("body"), "700": night.font("body", "700")}
    space = fonts["400"].width(" ", size)
    lines: list[list[tuple[str, str, float]]] = [[]]  # each line's words, weights and widths
    used = 0.0
    for words, weight in pieces:
        wide = fonts[weight].width(words, size)
        if lines[-1] and used + space + wide > width:  # (a word wider than the pad takes a
            lines.append([])  # line of its own, as CSS would set it)
        used = used + space + wide if lines[-1] else wide
        lines[-1].append((words, weight, wide))
    family, colors = (
        night.family("body"),
        {"400": night.colors["ink"], "700": night.colors["accent"]},
    )
    markup, baseline = [], night.baseline(0, pitch, size)
    for line in lines:
        x = 0.0
        for weight, run in itertools.groupby(line, key=lambda piece: piece[1]):
            run = list(run)
            words = " ".join(w for w, _weight, _wide in run)
            markup.append(svg.text(x, baseline, words, size, family, int(weight), colors[weight]))
            x += sum(wide + space for _w, _weight, wide in run)
        baseline += pitch
    return "".join(markup)


def _pad_cuts(night: Inputs, layer: svg.Layer, pw, ph, cols: int, rows: int) -> None:
    """Dashed cut lines between the pads, with solid ticks out to the paper's edges."""
    cut = svg.stroke(night.colors["line"], CUT_W, CUT_DASH)
    tick = svg.stroke(night.colors["ink"], TICK_W)
    near, far = CUT_END, TICK_END  # from the paper's edges
    for n in range(1, cols):
        x = pw / cols * n
        layer.add(cut, svg.seg(x, near, x, ph - near))
        layer.add(tick, svg.seg(x, far, x, near) + svg.seg(x, ph - near, x, ph - far))
    for n in range(1, rows):
        y = ph / rows * n
        layer.add(cut, svg.seg(near, y, pw - near, y))
        layer.add(tick, svg.seg(far, y, near, y) + svg.seg(pw - near, y, pw - far, y))


def _write_in_lines(night: Inputs, layer: svg.Layer, m: PadHead, x, y) -> None:
    """The TABLE and SET write-in lines with their words."""
    table_y, set_y = y + LINE_TOP + m.line_h, y + m.set_y + m.line_h
    layer.add(
        svg.stroke(night.colors["line"], WRITE_IN_W),
        svg.seg(x + m.line_from, table_y, x + m.head_w, table_y)
        + svg.seg(x + m.line_from, set_y, x + m.head_w * SET_LINE, set_y),
    )
    body, size = night.family("body"), night.words(TAG_SIZE, PAD)
    layer.text(
        svg.text(
            x,
            y + LINE_TOP + m.line_h - TAG_UP,
            "TABLE",
            size,
            body,
            700,
            night.muted,
            spacing=TAG_SPACING,
        )
        + svg.text(
            x,
            y + m.set_y + m.line_h - TAG_UP,
            "SET",
            size,
            body,
            700,
            night.muted,
            spacing=TAG_SPACING,
        )
    )


def _pad_slots(night: Inputs, m: PadHead, i: int, x, y) -> list[Slot]:
    """A pad's slots: its table and set, and (with QR codes) its code and the code's caption."""
    tables = night.event.tables
    table_sample = tables[i % len(tables)].name if i < 3 else ""
    left = x + m.line_from + SLOT_INSET
    slots = [
        night.text_slot(
            f"p{i}-table",
            Box(left, y + SLOT_TOP, m.head_w - m.line_from - 2 * SLOT_INSET, m.line_h),
            "table",
            i,
            table_sample,
        ),
        night.text_slot(
            f"p{i}-set",
            Box(
                left,
                y + m.set_y - SLOT_INSET,
                m.head_w * SET_LINE - m.line_from - 2 * SLOT_INSET,
                m.line_h,
            ),
            "set",
            i,
            SET_SAMPLES[i % 4],
        ),
    ]
    if night.qr:
        qr = QR_SIDE
        slots += [
            Slot(f"p{i}-qr", Box(x + m.w - qr, y, qr, qr), "qr", i),
            night.text_slot(
                f"p{i}-caption",
                Box(x + m.w - qr, y + qr, qr, m.caption_h),
                "label",
                i,
                "table code",
                role="caption",
            ),
        ]
    return slots
