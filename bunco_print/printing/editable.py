"""--editable: the write-in places of a pack's layout ("field" slots) as fillable form fields.

Any document's field slots are found here, whichever stamper draws its pages: each one its
stamper left empty becomes a `pdf.Field` over the slot's box, in the slot's font and colour.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from bunco_print.printing import layout
from bunco_print.printing.layout import Page, Slot
from bunco_print.printing.layout.base import TEXT_FILL
from bunco_print.printing.pdf import Field, PageSpec, Rect
from bunco_print.theming import themes


def field(theme: themes.Theme, slot: Slot, name: str, calculate: str = "") -> Field:
    """A form field over a write-in slot, in the slot's font, colour and size: one line,
    centred, as names are stamped; a box tall enough for several lines wraps, from the left."""
    size = slot.size or min(12.0, slot.box.h * TEXT_FILL)
    multiline = slot.box.h >= 2.5 * size
    align = "left" if multiline else "center"
    color = theme.colors["ink" if slot.role == "body" else "accent"]  # as pack stamps text
    font = theme.font(slot.role, slot.weight)
    return Field(name, font, size, color, align, multiline, calculate)


def pot_sum(buy_in: str, players: int) -> str:
    """The prize sheet's pot (--buy-in none): the players times the buy-in typed beside it, as
    soon as it is a number (a viewer without JavaScript leaves the pot to be typed too)."""
    return (
        f'var b = this.getField("{buy_in}").value;\n'
        f'event.value = b === "" || isNaN(b) ? "" : {players} * b;'
    )


def field_pages(backgrounds: dict[str, list[int]], laid: layout.Layout) -> dict[int, Page]:
    """Background page -> its layout, for the pages with write-in places. `backgrounds`:
    each document's background pages (stamping.Backgrounds.pages), in the order of their ids."""
    return {
        index: page
        for index, page in laid.on_backgrounds(backgrounds).items()
        if any(s.kind == "field" for s in page.slots)
    }


def with_fields(
    file: str,
    specs: Sequence[PageSpec],
    theme: themes.Theme,
    pages: dict[int, Page],
    players: int = 0,
) -> Iterator[PageSpec]:
    """--editable: each write-in place a document's stamper left empty becomes a form field,
    named after the file, the page and the slot (`invitation-1-host`): unique in pack.pdf. The
    prize sheet's pot field (--buy-in none) sums itself from the buy-in and the `players`."""
    stem = file.removesuffix(".pdf")
    for number, spec in enumerate(specs, 1):
        page = pages.get(spec.background)
        if page is None:
            yield spec
            continue
        taken = {rect for rect, _ in spec.stamps}
        name = f"{stem}-{number}-{{}}".format
        sums = {"pot-pot": pot_sum(name("pot-buy-in"), players)}
        fields = tuple(
            (rect, field(theme, slot, name(slot.id.removeprefix("last-")), sums.get(slot.id, "")))
            for slot in page.slots
            if slot.kind == "field" and (rect := Rect(*slot.box.px())) not in taken
        )
        yield replace(spec, stamps=spec.stamps + fields) if fields else spec
