"""Seat cards: business-card-sized cards that tell each player the table they start at."""

from __future__ import annotations

from dataclasses import dataclass

from bunco_print.printing.layout import svg
from bunco_print.printing.layout.base import MIN_TEXT, TEXT_FILL, Inputs
from bunco_print.printing.layout.geometry import EDGE, Box, Page, Slot, page_size_css
from bunco_print.printing.layout.pads import CUT_DASH, CUT_W, TICK_W, safe_area
from bunco_print.printing.pdf.model import LINE_PITCH

CARD_COLS, CARD_ROWS = 2, 5
CARDS = "seat_cards"  # the document whose smallest word (base.LARGE_TEXT) the cards keep
TITLE_PITCH = 1.15  # a seat card's two title lines: their baselines this many em apart
# A card, in pt; those marked (k) are times --large-print's scale. Its frame CARD_INSET in
# from the cut lines (corners CARD_RADIUS, line CARD_LINE); the art a square ART_ROOM (k)
# shorter than the frame, at (ART_LEFT, ART_TOP) in it, on a tinted disc DISC_GROW larger each
# way; the words ART_ROOM (k) right of the art, WORDS_ROOM short of the frame's right.
# The disc is at (DISC_LEFT, DISC_TOP) in the frame.
CARD_INSET, CARD_RADIUS, CARD_LINE, ART_ROOM, ART_LEFT, ART_TOP = 8, 7, 0.8, 22, 12, 11
DISC_LEFT, DISC_TOP, DISC_GROW, WORDS_ROOM = 8, 7, 4, 8
# Down the words (k, from the frame's top): "TONIGHT YOU START AT" (TONIGHT_SIZE, k; large
# print: in its own case), the table's slot (TABLE_H, k, tall), the accent rule (RULE_LEN
# long), the title and date's block. Large print: every word at least LARGE_TEXT[CARDS].
TONIGHT_Y, TONIGHT_SIZE, TONIGHT_SPACING, TABLE_Y, TABLE_H = 22, 6.5, 0.8, 30, 34
RULE_Y, RULE_LEN, RULE_W, EVENT_Y = 70, 30, 1, 76
# The card's number: a slot NUMBER_W by NUMBER_H (k) in the frame's bottom-right corner,
# NUMBER_RIGHT and NUMBER_BOTTOM in from it.
NUMBER_W, NUMBER_H, NUMBER_RIGHT, NUMBER_BOTTOM = 46, 12, 6, 5
# The title (at most TITLE_SIZE, k) and the date (DATE_SIZE, k): lines of LINE_HEIGHT em.
TITLE_SIZE, DATE_SIZE, LINE_HEIGHT = 9, 7, 1.45
# The trim lines' ticks (drawn as the pads' cuts): TICK_LEN long, TICK_GAP off the cards.
TICK_LEN, TICK_GAP = 10, 4


@dataclass(frozen=True)
class CardsPage:
    page: Page
    size: str


@dataclass(frozen=True)
class CardFace:
    """A seat card's measures: its size (from cut to cut), its art's side, its words' left (from
    the card's left) and width."""

    w: float
    h: float
    art: float
    words_x: float
    words_w: float


def card_grid(night: Inputs) -> tuple[int, int]:
    """Columns and rows of seat cards a page: ten, or for --large-print four cards the width of
    the page (their words 1.3x need the room)."""
    return (1, 4) if night.large else (CARD_COLS, CARD_ROWS)


def card_title(night: Inputs, width: float) -> tuple[tuple[str, ...], float]:
    """The night's title on a seat card's `width` pt, as its lines and their size: one line at
    up to 9 pt (1.3x in large print), or two when they print it larger or whole; never below
    the smallest text size, cut short with an ellipsis only when two lines cannot hold it."""
    text, size, floor = night.event.title.strip(), night.words(TITLE_SIZE, CARDS), MIN_TEXT
    title, size, _ = night.font("display").one_or_two(text, width, size, night.words(floor, CARDS))
    return tuple(title.split("\n")), size


def _card_face(night: Inputs, cols: int, rows: int) -> CardFace:
    k = night.scale  # --large-print's words
    cw, ch = (night.pw - 2 * EDGE) / cols, (night.ph - 2 * EDGE) / rows
    art = ch - 2 * CARD_INSET - ART_ROOM * k
    words_x = CARD_INSET + art + ART_ROOM * k
    return CardFace(cw, ch, art, words_x, cw - words_x - CARD_INSET - WORDS_ROOM)


def cards_page(night: Inputs, date: str, count: int = 0, number: int = 0) -> CardsPage:
    """Ten business-card-sized seat cards a page (two columns, five rows, trim lines), or the
    first `count` (a last page: the rest stay blank): the art (star or seat), "tonight you start
    at" the table, the night's title and date, a number."""
    cols, rows = card_grid(night)
    face = _card_face(night, cols, rows)
    samples = _samples(night)
    layer, slots = svg.Layer(), []
    count = count or cols * rows
    for i in range(count):
        x, y = EDGE + (i % cols) * face.w, EDGE + (i // cols) * face.h
        _card_shapes(night, layer, face, x, y)
        _card_words(night, layer, face, x + face.words_x, y)
        slots += _card_slots(night, face, i, x, y, samples[i % len(samples)])
    area_w, area_h = night.pw - 2 * EDGE, night.ph - 2 * EDGE
    markup = _trim(night, EDGE, EDGE, area_w, area_h, cols, rows) + "\n" + layer.markup()
    page = Page(
        f"seat_cards-page-{number}",
        night.pw,
        night.ph,
        svg.data_uri(svg.document(night.pw, night.ph, markup)),
        tuple(slots + _card_event(night, face, cols, count, date)),
        safe=safe_area(night),
    )
    return CardsPage(page, page_size_css(night.paper))


def _samples(night: Inputs) -> list[tuple[str, str]]:
    """For previews, the art and table of a card by its place (in turn)."""
    event = night.event
    head = event.table(1).name
    other = event.tables[1].name if len(event.tables) > 1 else head
    return [
        ("star", head),
        ("seat", other),
        ("seat", event.tables[-1].name),
        ("star", head),
        ("seat", f"Any table but the {head}"),
    ]


def _card_shapes(night: Inputs, layer: svg.Layer, face: CardFace, x, y) -> None:
    """A card's frame, the tinted disc behind its art and the accent rule under its table."""
    c, k, inset, art = night.colors, night.scale, CARD_INSET, face.art
    frame = svg.rrect(x + inset, y + inset, face.w - 2 * inset, face.h - 2 * inset, CARD_RADIUS)
    layer.add(svg.stroke(c["line"], night.frame_width(CARD_LINE)), frame)
    disc = art + 2 * DISC_GROW
    disc_box = svg.rrect(
        x + inset + DISC_LEFT, y + inset + DISC_TOP, disc, disc, art / 2 + DISC_GROW
    )
    layer.add(svg.fill(c["soft"]), disc_box)
    rule_x, rule_y = x + face.words_x, y + inset + RULE_Y * k
    layer.add(svg.stroke(c["accent2"], RULE_W), svg.seg(rule_x, rule_y, rule_x + RULE_LEN, rule_y))


def _card_slots(night: Inputs, face: CardFace, i: int, x, y, sample) -> list[Slot]:
    """A card's slots: its art, its table and its number."""
    k, inset, (art_name, table) = night.scale, CARD_INSET, sample
    number_w, number_h = NUMBER_W * k, max(NUMBER_H * k, night.least(CARDS) / TEXT_FILL)
    number_x = x + face.w - inset - NUMBER_RIGHT - number_w
    number_y = y + face.h - inset - NUMBER_BOTTOM - number_h
    table_box = Box(x + face.words_x, y + inset + TABLE_Y * k, face.words_w, TABLE_H * k)
    art_box = Box(x + inset + ART_LEFT, y + inset + ART_TOP, face.art, face.art)
    return [
        Slot(f"c{i}-art", art_box, "art", i, sample_art=night.art(art_name)),
        night.text_slot(f"c{i}-label", table_box, "table", i, table),
        night.text_slot(
            f"c{i}-number",
            Box(number_x, number_y, number_w, number_h),
            "number",
            i,
            f"No. {i + 1}",
            role="name",
        ),
    ]


def _card_event(night: Inputs, face: CardFace, cols: int, count: int, date: str) -> list[Slot]:
    """Under each card's table, the night's title and date: "words" slots, stamped."""
    width = face.words_w
    title_lines, title_fs = card_title(night, width)
    title_y, date_y, date_size = _event_lines(night, title_lines, title_fs)
    found = []
    for i in range(count):
        x = EDGE + (i % cols) * face.w + face.words_x
        y = (i // cols) * face.h
        found += [
            night.words_in(
                f"c{i}-title-{n}",
                night.on_baseline(
                    x, y + title_y + n * title_fs * TITLE_PITCH, width, title_fs, "display"
                ),
                line,
                title_fs,
                "accent2",
                i,
                "display",
                line=LINE_PITCH,
            )
            for n, line in enumerate(title_lines)
        ]
        if date:
            at = night.on_baseline(x, y + date_y, width, date_size)
            found.append(
                night.words_in(f"c{i}-date", at, date, date_size, "muted", i, line=LINE_PITCH)
            )
    return found


def _card_words(night: Inputs, layer: svg.Layer, face: CardFace, x: float, y: float) -> None:
    """What every card says, drawn in the layer: "TONIGHT YOU START AT" (the night's title and
    date under the table are stamped: _card_event). Drawn rather than laid out by WeasyPrint,
    which spent most of the cards' layout on these words."""
    tonight = "Tonight you start at" if night.large else "TONIGHT YOU START AT"
    size = night.words(TONIGHT_SIZE, CARDS)
    spacing = TONIGHT_SPACING if not night.large else 0.02 * size
    baseline = y + CARD_INSET + TONIGHT_Y * night.scale
    family = night.family("body")
    layer.text(svg.text(x, baseline, tonight, size, family, 700, night.muted, spacing=spacing))


def _event_lines(night: Inputs, title_lines, title_fs) -> tuple[float, float, float]:
    """The tops of the title's first line and of the date, and the date's size: on the
    baselines they would have as lines (LINE_HEIGHT) of one DATE_SIZE block with the title
    TITLE_SIZE or less. A title too long for one line goes on two (TITLE_PITCH apart) when they
    print it larger, or whole."""
    k = night.scale
    body_mid, display_mid = night.font("body").mid, night.font("display").mid
    small = night.words(DATE_SIZE, CARDS)
    strut, title_lh = small * LINE_HEIGHT, title_fs * LINE_HEIGHT
    above = max(strut / 2 + body_mid * small, title_lh / 2 + display_mid * title_fs)
    below = max(strut / 2 - body_mid * small, title_lh / 2 - display_mid * title_fs)
    title_y = EDGE + CARD_INSET + EVENT_Y * k + above
    second = title_fs * TITLE_PITCH * (len(title_lines) - 1)  # to the last title line
    return title_y, title_y + second + below + strut / 2 + body_mid * small, small


def _trim(night: Inputs, x, y, w, h, cols, rows) -> str:
    """Dashed trim lines around and between cols x rows pieces filling (x, y, w, h), with solid
    ticks running out into the margin."""
    n, d, t = svg.n, "", ""
    out, tick = TICK_GAP + TICK_LEN, TICK_LEN
    for k in range(cols + 1):
        lx = x + w * k / cols
        d += f"M{n(lx)} {n(y)}V{n(y + h)}"
        t += f"M{n(lx)} {n(y - out)}v{tick}M{n(lx)} {n(y + h + TICK_GAP)}v{tick}"
    for k in range(rows + 1):
        ly = y + h * k / rows
        d += f"M{n(x)} {n(ly)}H{n(x + w)}"
        t += f"M{n(x - out)} {n(ly)}h{tick}M{n(x + w + TICK_GAP)} {n(ly)}h{tick}"
    c = night.colors
    return (
        f'<path d="{d}" fill="none" stroke="{c["line"]}" stroke-width="{CUT_W}"'
        f' stroke-dasharray="{CUT_DASH}"/>\n<path d="{t}" fill="none" stroke="{c["ink"]}"'
        f' stroke-width="{TICK_W}"/>'
    )
