"""The invitation, a party extra (`--extras`): one a page, for the host to hand out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bunco_print.game.money import format_money
from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import LARGE_LEADING, Inputs
from bunco_print.printing.layout.extras import Line, extra_page, themed_frame
from bunco_print.printing.layout.geometry import (
    EDGE,
    Block,
    Box,
    Page,
    Slot,
    Strip,
    page_size_css,
)
from bunco_print.printing.layout.sheets import rule_strip

INVITE = "invitation"  # the document whose smallest word (base.LARGE_TEXT) it keeps
# The invitation's details, in the order they print: (its key, its label, in spaced capitals;
# large print: in its own case). The date is the night's; the others are
# PackRequest.invitation's, each one not given a write-in field.
DETAILS = (
    ("date", "When"),
    ("time", "Time"),
    ("place", "Where"),
    ("host_name", "Hosted by"),
    ("rsvp", "RSVP"),
)
BRING = ("buy_in", "Bring")  # --buy-in none: a row to write the buy-in in
KICKER = "You’re invited to"
# Measures in pt; those marked (k) are times --large-print's scale (a word's size at least
# the invitation's smallest, base.LARGE_TEXT). The words MARGIN in from
# the safe edge; the frame's corner art CORNER, its corners FRAME_RADIUS; the dice (DICE_W by
# DICE_H) DICE_TOP down.
MARGIN, CORNER, FRAME_RADIUS, DICE_W, DICE_H, DICE_TOP = 40, 86, 18, 140, 58.8, 92
# Down the head: the kicker (KICKER_SIZE, k), the title (TITLE_SIZE at most, k, in lines
# TITLE_LINE em tall), the tagline TAGLINE_GAP under it (TAGLINE_SIZE at most, in lines
# TAGLINE_LINE tall, k), the rule RULE_GAP under that (RULE_LEN long: the theme's art
# RULE_ART_H tall, or an accent line RULE_W wide).
KICKER_Y, KICKER_SIZE, TITLE_Y, TITLE_SIZE, TITLE_LINE = 170, 11, 190, 50, 1.15
TAGLINE_GAP, TAGLINE_SIZE, TAGLINE_LINE = 6, 22, 26
RULE_GAP, RULE_LEN, RULE_ART_H, RULE_W = 18, 180, 11, 1.5
# The details DETAILS_GAP under the rule (a dotted rule DOTS_UP over them), a row each at most
# ROW_MAX (k) tall, their labels LABEL_W (k) wide and VALUE_GAP from the values; the notes
# NOTES_H (k) over the safe edge's bottom, NOTES_GAP under the details.
DETAILS_GAP, DOTS_UP, DOTS_W, DOTS_DASH, ROW_MAX, LABEL_W, VALUE_GAP = 24, 8, 0.6, "2 3", 68, 92, 10
NOTES_H, NOTES_GAP, NOTE_PITCH, NOTE_SIZE, STAR, STAR_DOWN = 110, 30, 20, 12, 34, 50
# A detail's row: its write-in line WRITE_IN_DOWN of the row down (WRITE_IN_W wide), the words
# on it centred WORDS_UP (k) over it; a given value's words (the date's DATE_SIZE, the others'
# VALUE_SIZE, at least VALUE_MIN, k) in lines VALUE_LINE em tall, VALUE_UP over the line;
# a label LABEL_SIZE (k); a write-in field FIELD_UP (k) over the line, FIELD_H (k) tall.
WRITE_IN_DOWN, WRITE_IN_W, WORDS_UP, DATE_SIZE, VALUE_SIZE, VALUE_MIN = 0.72, 0.9, 12, 21, 17, 11
VALUE_LINE, VALUE_UP, LABEL_SIZE, FIELD_UP, FIELD_H, FIELD_INSET = 1.2, 4, 9, 26, 24, 2
LABEL_SPACING, NOTE_LINE = 0.14, 1.3  # the labels' letter spacing (em); the notes' line (em)
LARGE_SPACING = 0.02  # large print: the labels' and the kicker's letter spacing, in their own case


@dataclass(frozen=True)
class Detail:
    """A detail's row: its label over a write-in line (its field slot beside it), or None for
    a value given (the date, say), its label and value stamped as words slots (`words`: their
    ids, in reading order)."""

    label: Line | None
    words: tuple[str, ...] = ()


@dataclass(frozen=True)
class InvitationPage:
    page: Page
    size: str
    kicker: Line
    tagline: Line
    details: tuple[Detail, ...]
    notes: tuple[Line, ...]
    strips: tuple[Strip, ...] = ()


@dataclass(frozen=True)
class Rows:
    """The details' rows: the first's top, a row's height, the labels' left and width, the
    values' left and width."""

    top: float
    row_h: float
    label_x: float
    label_w: float
    value_x: float
    value_w: float


def invitation_page(night: Inputs, details: Mapping[str, str], date: str) -> InvitationPage:
    """One invitation a page: the night's title in large type, the date, and the time, place,
    host and RSVP as given or as write-in lines (field slots) for the host's pen."""
    k, pw, ph = night.scale, night.pw, night.ph
    mx = EDGE + MARGIN
    cw = pw - 2 * mx
    body = themed_frame(night, EDGE, EDGE, pw - 2 * EDGE, ph - 2 * EDGE, CORNER, FRAME_RADIUS)
    dice_x = pw / 2 - DICE_W / 2
    body.append(
        svg.image(night.art("dice"), dice_x, DICE_TOP, DICE_W, DICE_H, opacity=night.art_opacity)
    )
    kicker, title, tagline, rule_y = _head(night, mx, cw)
    strips = _rule(night, body, rule_y)
    top = rule_y + DETAILS_GAP
    notes_y = ph - EDGE - NOTES_H * k  # two lines of notes and the star under them
    label_w = LABEL_W * k
    shown = DETAILS + (BRING,) * night.amounts_written
    row_h = min(ROW_MAX * k, (notes_y - NOTES_GAP - top) / len(shown))
    table = Rows(top, row_h, mx, label_w, mx + label_w + VALUE_GAP, cw - label_w - VALUE_GAP)
    layer, rows, slots = svg.Layer(), [], []
    values = {"date": date, **details}
    for n, (key, label) in enumerate(shown):
        row, found = _detail(night, layer, table, n, key, label, values.get(key, ""))
        rows.append(row)
        slots += found
    dots = svg.stroke(night.colors["line"], DOTS_W, DOTS_DASH)
    layer.add(dots, svg.seg(mx, top - DOTS_UP, mx + cw, top - DOTS_UP))
    star = STAR * k
    star_x = pw / 2 - star / 2
    body.append(
        svg.image(
            night.art("star"),
            star_x,
            notes_y + STAR_DOWN * k,
            star,
            star,
            opacity=night.art_opacity,
        )
    )
    body.append(layer.markup())
    notes, bring = _notes(night, mx, cw, notes_y)
    page = extra_page(night, "invitation-page-0", body, [*slots, title, *bring])
    return InvitationPage(
        page, page_size_css(night.paper), kicker, tagline, tuple(rows), notes, strips
    )


def _head(night: Inputs, mx, cw) -> tuple[Line, Slot, Line, float]:
    """The kicker, the night's title as large as fits, the ruleset's tagline; the rule's y."""
    k, title = night.scale, night.event.title
    kicker = Line(Block(mx, KICKER_Y, cw, night.words(KICKER_SIZE, INVITE)), _case(night, KICKER))
    # the title, stamped as large as fits in the room a title at its largest takes: on one
    # line, or on two when that prints it larger (a long title), never under the floor
    room = TITLE_SIZE * k * TITLE_LINE
    text, title_size, lines = night.font("display").one_or_two(
        title, cw, TITLE_SIZE * k, night.least(INVITE), two_size=room / (2 * TITLE_LINE)
    )
    title_line = night.words_in(
        "invite-title",
        Block(mx, TITLE_Y, cw),
        text,
        title_size,
        "accent",
        role="display",
        align="center",
        line=room / (title_size * lines),
    )
    tag_y = TITLE_Y + room + TAGLINE_GAP
    words = night.ruleset.tagline
    # large print: in the body's type (a hand may write in capitals), as the rules handout does
    hand = night.font("body" if night.large else "hand", "700")
    tagline_size = hand.fit(words, cw, night.words(TAGLINE_SIZE, INVITE))
    tagline = Line(Block(mx, tag_y, cw, tagline_size, line=TAGLINE_LINE * k), words)
    return kicker, title_line, tagline, tag_y + TAGLINE_LINE * k + RULE_GAP


def _rule(night: Inputs, body: list[str], y) -> tuple[Strip, ...]:
    """The rule under the head: the theme's own strip, or an accent line drawn into `body`."""
    left, right = night.pw / 2 - RULE_LEN / 2, night.pw / 2 + RULE_LEN / 2
    if night.own_rule:
        return (rule_strip(left, y, RULE_LEN, RULE_ART_H),)
    body.append(svg.line(left, y, right, y, night.colors["accent2"], RULE_W))
    return ()


def _detail(night: Inputs, layer: svg.Layer, rows: Rows, n: int, key, label, text):
    """Detail n's row: its label and its value as given, or a write-in line (drawn into
    `layer`) and its field slot."""
    k = night.scale
    base = rows.top + n * rows.row_h + rows.row_h * WRITE_IN_DOWN  # the line the words sit near
    middle = base - WORDS_UP * k  # of the words on the line, printed or written in
    slot = None
    if text:  # the night's words, stamped: the value, and its label beside its first line
        date = key == "date"
        role, weight = ("display", "400") if date else ("body", "700")
        font = night.font(role, "700")
        largest, least = night.words(DATE_SIZE if date else VALUE_SIZE, INVITE), _value_min(night)
        size = max(font.fit(text, rows.value_w, largest), least)
        if font.width(text, size) > rows.value_w and not date:
            text = font.two_lines(text, rows.value_w, size, least)[0] or text
        line = max(VALUE_LINE, LARGE_LEADING) if night.large else VALUE_LINE
        line_h = size * line
        value_y = base - VALUE_UP - (text.count("\n") + 1) * line_h
        at = Block(rows.value_x, value_y, rows.value_w)
        color = "accent" if date else "ink"
        slug = key.replace("_", "-")
        value = night.words_in(f"invite-{slug}", at, text, size, color, 0, role, weight, line=line)
        middle = value_y + line_h / 2
        label_size = night.words(LABEL_SIZE, INVITE)
        at = Block(rows.label_x, middle - label_size / 2, rows.label_w)
        label = night.words_in(
            f"invite-{slug}-label",
            at,
            _case(night, label),
            label_size,
            "muted",
            0,
            weight="700",
            align="right",
            line=1,
            spacing=label_spacing(night),
        )
        return Detail(None, (label.id, value.id)), [value, label]
    else:
        write_in = svg.stroke(night.colors["line"], WRITE_IN_W)
        layer.add(write_in, svg.seg(rows.value_x, base, rows.value_x + rows.value_w, base))
        symbol = _symbol(night, layer, rows.value_x, base) if key == "buy_in" else 0.0
        box = Box(
            rows.value_x + FIELD_INSET + symbol,
            base - FIELD_UP * k,
            rows.value_w - 2 * FIELD_INSET - symbol,
            FIELD_H * k,
        )
        slot = night.text_slot(f"invite-{key.replace('_', '-')}", box, "field", 0, role="name")
    label_size = night.words(LABEL_SIZE, INVITE)
    label_at = Block(rows.label_x, middle - label_size / 2, rows.label_w, label_size)
    return Detail(Line(label_at, _case(night, label))), [slot]


def _symbol(night: Inputs, layer: svg.Layer, x: float, base: float) -> float:
    """--buy-in none: the currency's symbol (if any) on the BRING line's left end, as large as
    a written amount; the room it takes."""
    symbol, size = night.event.currency, night.words(VALUE_SIZE, INVITE)
    if not symbol:
        return 0.0
    family = night.family("body")
    layer.text(svg.text(x, base - VALUE_UP, symbol, size, family, 700, night.muted))
    return night.font("body", "700").width(symbol, size) + FIELD_INSET


def _notes(night: Inputs, mx, cw, notes_y) -> tuple[tuple[Line, ...], list[Slot]]:
    """What to bring (the buy-in, when there is a pot) and what to expect."""
    event, k = night.event, night.scale
    size, line = night.words(NOTE_SIZE, INVITE), LARGE_LEADING if night.large else NOTE_LINE
    bring = []
    if event.pot:  # the buy-in: the night's words, stamped
        text = f"Bring {format_money(event.buy_in, event.currency)} for the prize pot."
        at = Block(mx, notes_y, cw)
        bring.append(
            night.words_in(
                "invite-bring",
                at,
                text,
                size,
                "accent2",
                weight="700",
                align="center",
                line=line,
            )
        )
    y = notes_y + len(bring) * max(NOTE_PITCH * k, size * line)
    words = "Three dice, a bell and a lot of cheering. No skill needed!"
    return (Line(Block(mx, y, cw, size, line=size * line), words),), bring


def _case(night: Inputs, words: str) -> str:
    """A label's or the kicker's words as printed: spaced capitals, or in large print their
    own case."""
    return words if night.large else words.upper()


def label_spacing(night: Inputs) -> float:
    """The space between a label's letters (em): spaced capitals', or large print's."""
    return LARGE_SPACING if night.large else LABEL_SPACING


def _value_min(night: Inputs) -> float:
    """The smallest a given detail's words may be fitted to (pt)."""
    return night.words(VALUE_MIN, INVITE)
