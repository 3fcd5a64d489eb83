"""Score sheets and team cards: `per_page` sheets a page (1 portrait; 2 landscape halves; 4
quarters), each in a cell with the safe edge outside and a smaller gutter at the cuts. Their
backs (the star's, layout/backs.py; a two-sided sheet's, layout/sides.py) are laid out for a
sheet turned like a book page, over its upright edge, so they read upright: the columns swap
(quarters, halves). That edge is the paper's long one on portrait pages and its short one on
landscape pages (2 a page): the flip each file asks the print dialog for (duplex_flip)."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, Inputs, nice_date
from bunco_print.printing.layout.geometry import (
    EDGE,
    Block,
    Box,
    Page,
    Slot,
    Strip,
    page_size_css,
)
from bunco_print.printing.layout.grid_cells import punch_cells, score_cells
from bunco_print.printing.layout.grids import punch_grid, score_grid
from bunco_print.printing.layout.sheet_dims import (
    SHEET,
    SheetDims,
    content_box,
    date_field,
    grid_top,
    sheet_dims,
    sheet_plan,
)
from bunco_print.printing.layout.side_grid import Part

NAME_SAMPLES = ("Zoë", "Margaret", "Ana Sofía", "Bea")


def duplex_flip(page: Page) -> str:
    """The flip ("long" or "short" edge) that puts each back of a sheet page behind its front,
    upright, once the sheet is turned like a book page: a portrait page's upright edge is the
    paper's long one, a landscape page's (2 a page) its short one. Written into the PDF as its
    duplex preference."""
    return "long" if page.width <= page.height else "short"


@dataclass(frozen=True)
class SheetText:
    """Where sheet i's words go: the title, its date line, and the team card's note."""

    title: Block
    sub: Block
    note: Block | None = None
    title_text: str = ""  # the night's title as it fits
    grid: Box | None = None  # where the score or punch grid is drawn
    title_lines: int = 1  # a long title goes on two lines
    sub_text: str = ""  # the line under the title: the date and ruleset when empty
    part: Part | None = None  # a two-sided sheet's side: its sets and the cells they are in


@dataclass(frozen=True)
class SheetsPage:
    page: Page
    size: str  # for CSS @page
    sheets: tuple[SheetText, ...]
    strips: tuple[Strip, ...] = ()  # the theme's own rule strips


def _cut_lines(night: Inputs, w: float, h: float, cols: int, rows: int) -> str:
    """Dashed cut lines between the sheets of a page, with ticks at the paper's edges."""
    cuts = svg.Layer()
    dash, tick = svg.stroke(night.colors["line"], 0.6, "4 3"), svg.stroke(night.colors["ink"], 0.5)
    for c in range(1, cols):
        x = w * c / cols
        cuts.add(dash, svg.seg(x, 22, x, h - 22))
        cuts.add(tick, svg.seg(x, 10, x, 22) + svg.seg(x, h - 22, x, h - 10))
    for r in range(1, rows):
        y = h * r / rows
        cuts.add(dash, svg.seg(22, y, w - 22, y))
        cuts.add(tick, svg.seg(10, y, 22, y) + svg.seg(w - 22, y, w - 10, y))
    return cuts.markup()


def rule_strip(x, y, w, strip, turned: bool = False) -> Strip:
    """The theme's rule.svg strip (60 x 14): as many whole copies as fit in w, centred on
    (x + w / 2, y), as a block with the strip as a repeated background (drawn once for all)."""
    tile = strip * 60 / 14
    count = int(w // tile)
    return Strip(Box(x + (w - tile * count) / 2, y - strip / 2, tile * count, strip), turned)


def header_rule(night: Inputs, layer: svg.Layer, strips: list, x, y, cw, s) -> None:
    """The rule under a sheet's head at y: the theme's own strip, or a line in the frame colour."""
    if night.own_rule:
        strips.append(rule_strip(x, y, cw, max(10 * s, 6)))
    else:
        layer.add(svg.stroke(night.frame, night.frame_width(1.2)), svg.seg(x, y, x + cw, y))


def name_lines(night: Inputs, layer: svg.Layer, kind: str, x, y, cw, d: SheetDims, ph):
    """The write-in lines under a sheet's head, their tops at y: NAME (kind "score") or the two
    partners' (team cards). Their words as a label, with the labels' width and the lines' pitch."""
    lines = ["NAME"] if kind == "score" else ["PARTNER 1", "PARTNER 2"]
    sub_fs = d.sub_fs
    label_w = sub_fs * (4 if kind == "score" else 6.5)
    line_y = y + d.name_h
    pitch = d.name_h + 8 * d.s
    for k in range(len(lines)):
        layer.add(
            svg.stroke(night.colors["line"], 0.8),
            svg.seg(x + label_w, line_y + k * pitch, x + cw, line_y + k * pitch),
        )
    label = night.label(
        x,
        line_y - sub_fs * 0.3,
        "\n".join(lines),
        sub_fs,
        "lb-b lb-m",
        w=label_w,
        pitch=pitch,
        spacing=sub_fs * 0.12,
        ch=ph,
    )
    return label, label_w, pitch


TOTAL_PAD = 3  # pt: a totals box's label keeps 1.5 pt clear of its frame on each side
CAPTION = "Scan to enter\nyour totals\non your phone"  # the QR code's, left of it
CAPTION_GAP = 10  # pt: at least this between the totals boxes and the caption's words


def _total_boxes(night: Inputs, cw, d: SheetDims, totals, small: float) -> tuple[float, float]:
    """The totals boxes' width together and each one's gap: as wide as the sheet's measures
    give, and at least as wide as each box's label needs at the smallest text size (a quarter
    page's "Fuzzy die"), as far as the QR code's caption leaves room."""
    s, n, least = d.s, len(totals), night.least(SHEET)
    area, gap = min(cw - d.qr - max(90 * s, 42) * night.scale - 16, 430 * s), 8 * s
    bold, regular = night.font("body", "700"), night.font("body")
    needed = n * (max(bold.width(label, least) for label in totals) + TOTAL_PAD) + (n - 1) * gap
    caption = max(regular.width(line, small) for line in CAPTION.split("\n")) if night.qr else 0
    room = cw - d.qr - 6 - caption - CAPTION_GAP
    return min(max(area, needed), max(room, area)), gap


def sheet_foot(night: Inputs, layer: svg.Layer, x, y, cw, ch, d: SheetDims, totals, ph) -> list:
    """The night's totals boxes at the foot of a sheet's content box (x, y, cw, ch) and the
    QR code's caption: their labels."""
    sub_fs, least = d.sub_fs, night.least(SHEET)
    small = max(sub_fs * 0.9, night.words(6, SHEET))
    box_area, box_gap = _total_boxes(night, cw, d, totals, small)
    box_w = (box_area - box_gap * (len(totals) - 1)) / len(totals)
    tot_fs = sub_fs * 1.35
    box_y = d.foot_y + tot_fs * 1.3
    labels = [
        night.label(
            x,
            y + d.foot_y + tot_fs * 0.9,
            "Tonight’s totals",
            tot_fs,
            "lb-a",
            w=box_area,
            role="display",
            ch=ph,
        )
    ]
    bold = night.font("body", "700")
    for k, label in enumerate(totals):
        bx = x + k * (box_w + box_gap)
        size = max(min(small, (box_w - TOTAL_PAD) / bold.width(label, 1)), least)
        layer.add(
            svg.stroke(night.frame, night.frame_width(1.4)),
            svg.rrect(bx, y + box_y, box_w, ch - box_y - 0.7, 5),
        )
        layer.text(
            svg.text(
                bx + box_w / 2,
                y + box_y + small + 2.5,
                label,
                size,
                night.family("body"),
                700,
                night.muted,
                "middle",
            )
        )
    if night.qr:  # its lines as far apart as large print's running text
        pitch = small * (LARGE_LEADING if night.large else 1.25)
        labels.append(
            night.label(
                x + cw - d.qr - 6,
                y + d.foot_y + d.qr / 2 - pitch + small * 0.35,
                CAPTION,
                small,
                "lb-m",
                "end",
                max(90 * d.s, 42) * night.scale + 40,
                pitch,
                ch=ph,
            )
        )
    return labels


def partner_fields(night: Inputs, prefix: str, name_box: Box, pitch: float, index: int) -> list:
    """A team card's two partner lines as fillable fields (--editable): `prefix`-1 and -2."""
    return [
        night.text_slot(
            f"{prefix}-{k + 1}",
            Box(name_box.x, name_box.y + k * pitch, name_box.w, name_box.h),
            "field",
            index,
            role="name",
        )
        for k in range(2)
    ]


# A sheet's head and grid, in pt times the sheet's scale (SheetDims.s): the rule under the head
# HEAD_GAP under it, the dice art (DICE_ART_W by DICE_ART_H) HEAD_GAP under the number's slot
# (its top NUMBER_TOP down), the grid ending GRID_FOOT_GAP over the foot, a team card's note
# NOTE_GAP under the partners' lines.
HEAD_GAP, NUMBER_TOP, GRID_FOOT_GAP, NOTE_GAP, DICE_ART_W, DICE_ART_H = 6, 2, 12, 6, 200, 84
# The date line under the title, SUB_DOWN title sizes down (a two-line title's lines are
# TITLE_PITCH apart); the name's slot NAME_INSET in from its line's ends, NAME_UP over its top.
SUB_DOWN, TITLE_PITCH, NAME_INSET, NAME_UP, SUB_LINE = 1.2, 1.1, 4, 2, 1.2  # SUB_LINE: its lh


def sheets_page(
    night: Inputs,
    doc: str,
    kind: str,
    totals: list[str],
    number_label: str,
    count: int = 0,
    number: int = 0,
    part: Part | None = None,
    part_h: float = 0.0,
):
    """The page of score sheets (kind "score") or team cards ("team"): all `per_page` sheets,
    or only the first `count` (a last page: the cells after them stay blank, cut lines only).
    `number`: the page's place among the document's backgrounds. `part`: the front of a
    two-sided sheet (layout/sides.py): these sets only, in a grid `part_h` tall, and a line
    saying what is on the back in place of the totals and the QR code."""
    pw, ph, cols, rows = sheet_plan(night)
    layer, labels, strips, slots, texts = svg.Layer(), [], [], [], []
    for i in range(count or night.per_page):
        box = content_box(night, i)
        d = sheet_dims(night, box.w, box.h)
        _head_art(night, layer, strips, box, d)
        label, label_w, pitch = name_lines(
            night, layer, kind, box.x, box.y + d.body_y, box.w, d, ph
        )
        labels.append(label)
        top = grid_top(d, kind)
        grid_h = d.foot_y - GRID_FOOT_GAP * d.s - top if part is None else part_h
        grid = Box(box.x, box.y + top, box.w, grid_h)
        labels += sheet_grid(night, layer, kind, grid, part, ph)
        if part is None:  # the night's totals and the QR caption
            labels += sheet_foot(night, layer, box.x, box.y, box.w, box.h, d, totals, ph)
        else:
            labels.append(turn_over(night, box.right, box.bottom, part, d.sub_fs, ph))
        # the live layer: title, date line and the slots
        write_in = (d.body_y, label_w, pitch)
        slots += sheet_slots(night, kind, f"s{i}", i, box, d, write_in, number_label, part is None)
        texts.append(_sheet_text(d, kind, box, pitch, grid, part))
        slots += _sheet_words(night, i, texts[-1])
        if night.undated and night.editable:
            slots.append(date_field(night, f"s{i}-date", i, texts[-1].sub))
    body = _cut_lines(night, pw, ph, cols, rows) + "\n" if night.per_page > 1 else ""
    page = Page(
        f"{doc}-page-{number}",
        pw,
        ph,
        svg.data_uri(svg.document(pw, ph, body + layer.markup())),
        tuple(slots),
        tuple(labels),
        safe=Box(EDGE, EDGE, pw - 2 * EDGE, ph - 2 * EDGE),
    )
    return SheetsPage(page, page_size_css(night.paper, pw > ph), tuple(texts), tuple(strips))


def _head_art(night: Inputs, layer: svg.Layer, strips: list, box: Box, d: SheetDims) -> None:
    """The rule under the sheet's head, and the dice between its number and the rule."""
    s = d.s
    header_rule(night, layer, strips, box.x, box.y + d.head_h + HEAD_GAP * s, box.w, s)
    dice_h = d.head_h - d.num_h - HEAD_GAP * s
    dice_w = dice_h * DICE_ART_W / DICE_ART_H
    dice = (box.x + box.w - dice_w, box.y + d.num_h + HEAD_GAP * s, dice_w, dice_h)
    layer.add("", svg.image(night.art("dice"), *dice, opacity=night.art_opacity))


def sheet_grid(night: Inputs, layer: svg.Layer, kind: str, grid: Box, part: Part | None, ph):
    """The score grid or the team card's punch grid in `grid`: the punch grid's labels."""
    word, at = night.ruleset.word, (grid.x, grid.y, grid.w, grid.h)
    if kind == "score":
        score_grid(night, layer, *at, word, part=part)
        return []
    return punch_grid(night, layer, *at, word, ph, part=part)


def sheet_slots(
    night: Inputs,
    kind: str,
    prefix: str,
    i: int,
    box: Box,
    d: SheetDims,
    write_in,
    number_label,
    foot,
) -> list[Slot]:
    """Sheet i's slots, their ids from `prefix`: its number, its player's name (a team card's
    partners, editable) on the write-in lines `write_in` (their top, their words' width and
    pitch), and with a `foot` its QR code."""
    body_y, label_w, pitch = write_in
    x, y, cw = box.x, box.y, box.w
    number_box = Box(x + cw - d.num_w, y + NUMBER_TOP * d.s, d.num_w, d.num_h)
    slots = [
        night.text_slot(f"{prefix}-number", number_box, "number", i, f"{number_label} {i + 7}")
    ]
    # the write-in line's box: a player's name is stamped in it; with --editable a sheet
    # with no name gets a form field there instead (a "field" slot)
    name_box = Box(
        x + label_w + NAME_INSET, y + body_y - NAME_UP, cw - label_w - 2 * NAME_INSET, d.name_h
    )
    if kind == "score":
        slots.append(
            night.text_slot(
                f"{prefix}-name",
                name_box,
                "field" if night.editable else "name",
                i,
                NAME_SAMPLES[i % 4],
                role="name",
            )
        )
    elif night.editable:  # the partners' lines, for typing the team's names
        slots += partner_fields(night, f"{prefix}-partner", name_box, pitch, i)
    if night.qr and foot:
        slots.append(qr_slot(f"{prefix}-qr", Box(x + cw - d.qr, y + d.foot_y, d.qr, d.qr), i))
    return slots


def _sheet_text(d: SheetDims, kind: str, box: Box, pitch, grid: Box, part) -> SheetText:
    """Where sheet i's words go: its title, date line and (a team card's) note."""
    x, y = box.x, box.y
    title = Block(x, y, d.title_w, d.title_fs)
    room = d.title_room  # the date line stays put for any title: (1 or 2 lines) x room
    sub_y = room * (SUB_DOWN + (d.title_lines - 1) * TITLE_PITCH)
    sub = Block(x, y + sub_y, d.title_w, d.sub_fs)
    note = None
    if kind == "team":
        note = Block(x, y + d.body_y + 2 * pitch + NOTE_GAP * d.s, box.w, d.sub_fs)
    return SheetText(title, sub, note, d.title, grid, d.title_lines, part=part)


def _sheet_words(night: Inputs, i: int, text: SheetText) -> list[Slot]:
    """The title and (dated, without a side's own line) the date line: "words", stamped."""
    found = [night.words_in(f"s{i}-title", text.title, text.title_text, text.title.size, "accent",
                            i, "display", line=TITLE_PITCH)]  # fmt: skip
    if not text.sub_text and not night.undated:
        line = f"{nice_date(night.event.date, night.paper)} · {night.ruleset.name}"
        if night.font("body").width(line, text.sub.size) > text.sub.w:  # without its weekday
            line = line.split(" ", 1)[1]
        found.append(night.words_in(f"s{i}-sub", text.sub, line, text.sub.size, "muted", i,
                                    line=SUB_LINE))  # fmt: skip
    return found


def turn_over(night: Inputs, right, bottom, part: Part, size, ph):
    """The front of a two-sided sheet: its last line, at the content box's bottom right,
    says what the back holds."""
    back = range(part.sets.stop, night.event.sets + 1)
    words = f"Turn over for {sets_words(back).lower()} and tonight’s totals"
    return night.label(right, bottom - size * 0.35, words, size * 1.1, "lb-a lb-b", "end", 400)


def sets_words(sets: range) -> str:
    """'Set 3', 'Sets 3 and 4', 'Sets 4 to 6'."""
    if len(sets) == 1:
        return f"Set {sets.start}"
    joint = "and" if len(sets) == 2 else "to"
    return f"Sets {sets.start} {joint} {sets[-1]}"


def qr_slot(slot_id: str, box: Box, index: int) -> Slot:
    return Slot(slot_id, box, "qr", index)


def grid_room(night: Inputs, kind: str) -> tuple[float, float]:
    """A one-sided sheet's grid, measured: its W and L boxes' width (a team card's punch boxes)
    and its rows' height."""
    box = content_box(night, 0)
    d = sheet_dims(night, box.w, box.h)
    top = grid_top(d, kind)
    h = d.foot_y - GRID_FOOT_GAP * d.s - top
    if kind == "score":
        _bands, u, rh = score_cells(night, box.w, h)
        return u, rh
    return punch_cells(night, box.w, h, night.event.sets)
