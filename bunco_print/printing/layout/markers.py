"""Table markers (fold-over tent cards) and the art pieces the stamper copies."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, Inputs
from bunco_print.printing.layout.geometry import EDGE, Block, Box, Page, Slot, Strip, page_size_css
from bunco_print.printing.layout.pads import safe_area
from bunco_print.printing.layout.sheets import rule_strip


@dataclass(frozen=True)
class MarkerPage:
    page: Page
    size: str
    notes: tuple[Block, Block]
    strips: tuple[Strip, ...] = ()
    scale: float = 1.0  # --large-print: the kicker's and the note's words this much larger
    note: str = ""  # the scoring reminder under the table's name (on two lines if need be)


@dataclass(frozen=True)
class PiecesPages:
    pages: tuple[Page, ...]  # one 2in page per art piece, in `names` order
    names: tuple[str, ...]
    art: tuple[str, ...]  # their URIs


# A tent card's face (each half of the page), in pt; those marked (k) are times --large-print's
# scale, "shares" are of the half's height. Its frame at the safe EDGE (corners FRAME_RADIUS,
# line FRAME_LINE), the corners' art CORNER_INSET in, CORNER_SIZE; the dice (DICE_W by DICE_H)
# DICE_DOWN down; the kicker KICKER_UNDER_DICE under the dice's top, in KICKER_ROOM-narrower
# room than the table's slot, KICKER_SIZE (k) at most, in lines KICKER_LINE ems tall.
FRAME_RADIUS, FRAME_LINE, CORNER_INSET, CORNER_SIZE = 12, 1, 8, 58
DICE_W, DICE_H, DICE_DOWN = 120, 50.4, 0.12
KICKER_UNDER_DICE, KICKER_ROOM, KICKER_SIZE, KICKER_LINE = 58, 40, 9, 12 / 9
# The table's slot: TABLE_INSET in from the safe edge, TABLE_H tall, TABLE_DOWN down; the rule
# (the theme's art or an accent line RULE_W wide) RULE_GAP under it, RULE_LEN long (the art
# RULE_ART_H tall); the note NOTE_GAP under the slot, NOTE_SIZE (k), in lines NOTE_LINE ems tall.
TABLE_INSET, TABLE_H, TABLE_DOWN = 10, 118, 0.4
RULE_GAP, RULE_LEN, RULE_W, RULE_ART_H = 8, 142, 1.5, 11
NOTE_GAP, NOTE_SIZE, NOTE_LINE = 18, 10, LARGE_LEADING
# The fold across the middle: a dashed line and FOLD at each end, FOLD_UP over it (k words).
FOLD_LINE, FOLD_DASH, FOLD_UP, FOLD_SIZE, FOLD_SPACING = 0.7, "5 4", 4, 6.5, 1
MARKER = "table_marker"  # the document whose smallest word (base.LARGE_TEXT) markers keep


@dataclass(frozen=True)
class Face:
    """A tent card's half: its width and height, the table's slot's left, width, top (from the
    fold) and height."""

    w: float
    h: float
    slot_x: float
    slot_w: float
    slot_y: float
    slot_h: float

    @property
    def rule_y(self) -> float:
        """The rule under the table's slot, from the fold."""
        return self.slot_y + self.slot_h + RULE_GAP


def note_words(night: Inputs) -> str:
    """The scoring reminder under the table's name."""
    ruleset = night.ruleset
    return (
        f"Roll for the round’s number · three of a kind {ruleset.mini_bunco_points} · "
        f"{ruleset.word}! {ruleset.bunco_points}"
    )


def _note(night: Inputs, room: float) -> tuple[str, float, float]:
    """The scoring reminder as printed `room` pt wide: on one line, or two when it cannot
    hold it at its size (split at its middle dot); its size and its height."""
    size, note = night.words(NOTE_SIZE, MARKER), note_words(night)
    if night.font("body").width(note, size) > room:
        first, _dot, rest = note.rpartition(" · ")
        note = f"{first} ·\n{rest}"
    return note, size, size * NOTE_LINE * (note.count("\n") + 1)


def marker_page(night: Inputs, date: str = "") -> MarkerPage:
    """A fold-over tent card: the fold runs across the middle; the top half is the bottom half
    turned 180 degrees, so each side reads upright once folded. Slot m-top is stamped upside
    down (the slot itself is an unturned rectangle in the top half)."""
    k, w, h = night.scale, night.pw, night.ph / 2  # k: --large-print's words
    slot_x = EDGE + TABLE_INSET
    f = Face(w, h, slot_x, w - 2 * slot_x, h * TABLE_DOWN, TABLE_H)
    kicker_y = h * DICE_DOWN + KICKER_UNDER_DICE
    note_y = f.slot_y + f.slot_h + NOTE_GAP
    # the title and date on one line clear of the corners' art: smaller, then cut short, if a
    # long title needs it
    size, room = night.words(KICKER_SIZE, MARKER), f.slot_w - 2 * KICKER_ROOM
    floor = night.words(night.min_text, MARKER)
    fitted, kicker_fs, spacing = night.kicker_words(date, room, size, floor)
    kicker_h = KICKER_LINE * kicker_fs * (fitted.count("\n") + 1)  # a line or two
    kickers = (
        Block(f.slot_x, h - kicker_y - kicker_h, f.slot_w),
        Block(f.slot_x, h + kicker_y, f.slot_w),
    )
    stamped = tuple(  # the night's words, stamped: the top half's upside down
        night.words_in(f"m-kicker-{n}", at, fitted, kicker_fs, "muted", weight="700",
                       align="center", line=KICKER_LINE, spacing=spacing, rotate=180 * (1 - n))
        for n, at in enumerate(kickers)
    )  # fmt: skip
    note, note_fs, note_h = _note(night, f.slot_w)
    page = Page(
        "table_marker-page-0",
        w,
        night.ph,
        svg.data_uri(svg.document(w, night.ph, _folded(night, f, _face(night, f)))),
        _table_slots(night, f) + stamped,
        safe=safe_area(night),
    )
    return MarkerPage(
        page,
        page_size_css(night.paper),
        (
            Block(f.slot_x, h - note_y - note_h, f.slot_w, note_fs),
            Block(f.slot_x, h + note_y, f.slot_w, note_fs),
        ),
        _rule_strips(night, f),
        k,
        note,
    )


def _face(night: Inputs, f: Face) -> str:
    """A half's frame, corners' art, dice and (without the theme's rule art) the accent rule."""
    c, w, h, inset = night.colors, f.w, f.h, CORNER_INSET
    face = [
        svg.box(
            EDGE,
            EDGE,
            w - 2 * EDGE,
            h - 2 * EDGE,
            FRAME_RADIUS,
            c["line"],
            night.frame_width(FRAME_LINE),
        ),
        svg.corners(
            night.art("corner"),
            EDGE + inset,
            EDGE + inset,
            w - 2 * EDGE - 2 * inset,
            h - 2 * EDGE - 2 * inset,
            CORNER_SIZE,
            night.art_opacity,
        ),
        svg.image(
            night.art("dice"),
            w / 2 - DICE_W / 2,
            h * DICE_DOWN,
            DICE_W,
            DICE_H,
            opacity=night.art_opacity,
        ),
    ]
    if not night.own_rule:
        left, right = w / 2 - RULE_LEN / 2, w / 2 + RULE_LEN / 2
        face.append(svg.line(left, f.rule_y, right, f.rule_y, c["accent2"], RULE_W))
    return "\n".join(face)


def _folded(night: Inputs, f: Face, face: str) -> str:
    """The page: the face turned in the top half and upright in the bottom, the fold between."""
    w, h, body, muted = f.w, f.h, night.family("body"), night.muted
    size = night.words(FOLD_SIZE, MARKER)
    return "\n".join(
        [
            f'<g transform="rotate(180 {svg.n(w / 2)} {svg.n(h / 2)})">{face}</g>',
            f'<g transform="translate(0 {svg.n(h)})">{face}</g>',
            svg.line(0, h, w, h, night.colors["line"], FOLD_LINE, FOLD_DASH),
            svg.text(EDGE, h - FOLD_UP, "FOLD", size, body, fill=muted, spacing=FOLD_SPACING),
            svg.text(
                w - EDGE,
                h - FOLD_UP,
                "FOLD",
                size,
                body,
                fill=muted,
                anchor="end",
                spacing=FOLD_SPACING,
            ),
        ]
    )


def _rule_strips(night: Inputs, f: Face) -> tuple[Strip, ...]:
    """With the theme's own rule art: a strip of it under each half's table slot."""
    if not night.own_rule:
        return ()
    x, h, slot_y, slot_h = f.w / 2 - RULE_LEN / 2, f.h, f.slot_y, f.slot_h
    return (
        rule_strip(x, h - slot_y - slot_h - RULE_GAP, RULE_LEN, RULE_ART_H, turned=True),
        rule_strip(x, h + slot_y + slot_h + RULE_GAP, RULE_LEN, RULE_ART_H),
    )


def _table_slots(night: Inputs, f: Face) -> tuple[Slot, ...]:
    """The table's name on each half: the top one stamped upside down."""
    sample, h = night.event.table(1).name, f.h
    top = Box(f.w - f.slot_x - f.slot_w, h - f.slot_y - f.slot_h, f.slot_w, f.slot_h)
    return (
        night.text_slot("m-top", top, "table", 0, sample, rotate=180),
        night.text_slot(
            "m-bottom", Box(f.slot_x, h + f.slot_y, f.slot_w, f.slot_h), "table", 0, sample
        ),
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
