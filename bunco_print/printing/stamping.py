"""What every stamper builds on: the laid-out backgrounds, and text, names and pages fitted to
the layout's slots (layout.Page.slots: the registry the templates drew around)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path

from bunco_print.printing.backgrounds import Backgrounds
from bunco_print.printing.layout import Page, Slot
from bunco_print.printing.layout.base import MIN_NAME
from bunco_print.printing.layout.fonts import chain
from bunco_print.printing.pdf import QR, Art, Rect, Text, fallback_fonts
from bunco_print.printing.pdf.model import LINE_PITCH
from bunco_print.theming import themes
from bunco_print.theming.ink_saver import LARGE_FROM, OUTLINE_FROM, OUTLINE_WIDTH

Fill = Callable[[Slot, object], Text | QR | Art | None]


def font_chain(theme: themes.Theme, slot: Slot) -> tuple[Path, ...]:
    """The slot's font, then the fallbacks for letters it lacks."""
    return (theme.font(slot.role, slot.weight), *fallback_fonts(slot.weight))


def slot_color(theme: themes.Theme, slot: Slot) -> str:
    """Names ink, labels accent, captions muted; or the colour the slot names."""
    if slot.color:
        return theme.colors[slot.color]
    if slot.kind == "label":
        return theme.colors.get("muted", theme.colors["ink"])
    return theme.colors["ink" if slot.role == "body" else "accent"]


def slot_text(theme: themes.Theme, slot: Slot, text: str) -> Text:
    """Text for a slot, in the slot's font, as large as the slot allows and its width fits."""
    paths = font_chain(theme, slot)
    size = min(slot.size, slot.box.w / w) if (w := chain(paths).width(text, 1)) else slot.size
    outline = OUTLINE_WIDTH if theme.ink_saver and size >= OUTLINE_FROM else 0.0
    color = slot_color(theme, slot)
    large = size >= LARGE_FROM and slot.role != "body" and slot.kind != "label"
    if theme.ink_saver and large and not slot.color:  # a colour the slot names is kept
        color = theme.colors["accent-large"]
    return Text(
        text, paths[0], size, color, rotate=slot.rotate, fallbacks=paths[1:], outline=outline
    )


def words_text(theme: themes.Theme, slot: Slot) -> Text:
    """A "words" slot's text as the layout fitted it: its size, alignment and spacing; marked
    with the slot's id, its place in a tagged page's structure tree (draw.words_mark)."""
    text = styled_text(
        theme, slot.text, slot.size, slot.color, slot.role, slot.weight, slot.align,
        slot.spacing, slot.pitch, slot.rotate,
    )  # fmt: skip
    return replace(text, mark=slot.id)


def styled_text(
    theme: themes.Theme,
    text: str,
    size: float,
    color: str,
    role: str = "body",
    weight: str = "400",
    align: str = "left",
    spacing: float = 0.0,
    pitch: float = LINE_PITCH,
    rotate: int = 0,
) -> Text:
    """`text` at `size` in the theme's `role` font and colour `color`, as a stamp."""
    paths = (theme.font(role, weight), *fallback_fonts(weight))
    return Text(
        text, paths[0], size, theme.colors[color], align=align, rotate=rotate,
        fallbacks=paths[1:], spacing=spacing, pitch=pitch,
    )  # fmt: skip


def night_words(theme: themes.Theme, laid, bg: Backgrounds) -> dict[int, tuple]:
    """Per background page: the night's words stamped on it (the "words" slots of the layout
    page drawn there), so no background holds a title, a date or an amount."""
    found: dict[int, tuple] = {}
    for index, page in laid.on_backgrounds(bg.pages).items():
        stamps = tuple(
            (Rect(*slot.box.px()), words_text(theme, slot))
            for slot in page.slots
            if slot.kind == "words"
        )
        if stamps:
            found[index] = stamps
    return found


def fit_name(theme: themes.Theme, slot: Slot, name: str) -> tuple[str, float, bool]:
    """A player's name in its slot: one line, else two, never below MIN_NAME or the slot's
    least (cut short with an ellipsis, if need be): the text, its size, whether it is whole."""
    return chain(font_chain(theme, slot)).fit_lines(
        name, slot.box.w, slot.box.h, slot.size, max(MIN_NAME, slot.least)
    )


def name_text(theme: themes.Theme, slot: Slot, name: str) -> Text:
    paths = font_chain(theme, slot)
    text, size, _ = fit_name(theme, slot, unicodedata.normalize("NFC", name))
    return Text(
        text, paths[0], size, slot_color(theme, slot), rotate=slot.rotate, fallbacks=paths[1:]
    )


def stamps_for(page: Page, items: Sequence, fill: Fill, fields: bool = False) -> tuple:
    """What goes in the slots of a page holding `items` (item i in the slots of index i).
    Write-in places ("field" slots) are left to editable.with_fields unless `fields` says that
    `fill` knows them."""
    stamps = []
    for i, item in enumerate(items):
        for slot in page.slots_of(i):
            if slot.kind == "words" or (slot.kind == "field" and not fields):
                continue
            stamp = fill(slot, item)
            if stamp is not None:
                stamps.append((Rect(*slot.box.px()), stamp))
    return tuple(stamps)


def _chunks(items: Sequence, size: int) -> Iterator[Sequence]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def pages_of(
    doc: str, items: Sequence, bg: Backgrounds, laid
) -> Iterator[tuple[int, Page, Sequence]]:
    """Per page of `doc` holding `items`: its background, its layout and its items. A last page
    holding fewer than a full one has its own background, its unused places blank."""
    full = laid.page(doc)
    for chunk in _chunks(items, full.capacity):
        if len(chunk) < full.capacity:
            yield bg.pages[doc][1], laid.last_page(doc), chunk
        else:
            yield bg.pages[doc][0], full, chunk
