"""The gallery's two how-to images: how to print a pack, and how to fill an editable one in.

Each is drawn by a painter of images.py, from the pack's real pages, in the theme's fonts."""

from __future__ import annotations

import io

from bunco_print.catalogue.lettering import Words

SIZE = 2000
# What the fill-in image types into a score sheet's fields, by the end of the field's name.
TYPED = {"name": "Jess", "date": "Friday, February 13"}


def how_to_print(painter, pages, facts):
    image, draw = painter.canvas()
    painter.heading(
        draw,
        80,
        330,
        Words("How to print", "display", 150, "accent"),
        Words("At home or at a copy shop, from pack.pdf", "body", 60, "muted"),
    )
    cards = "seat-cards.pdf" if "seat-cards.pdf" in pages.documents else "table-markers.pdf"
    papers = (
        (pages.sheets(), "Plain paper", "Score sheets, tally pads, rules"),
        (cards, "Card stock", "65 to 110 lb (176 to 300 g/m²)"),
    )
    for column, (name, paper, what) in enumerate(papers):
        page = pages.page(name, 0, 760)
        center = SIZE // 2 + (column * 2 - 1) * 440
        painter.paste_page(image, page, center - page.width // 2, 380)
        painter.lettering.band(
            draw,
            [Words(paper, "display", 80, "accent2"), Words(what, "body", 50, "muted")],
            1160,
            1340,
            x=center,
            width=820,
            gap=16,
        )
    steps(
        painter,
        draw,
        [
            'Print at 100% ("actual size", not "fit to page")',
            "Single-sided: seat cards are cut apart and table markers fold into tents",
            'Both sides? Only sheets and pads, "flip on long edge"',
        ],
        1400,
    )
    painter.footer(draw, facts, f"{facts.papers} · {facts.players}")
    return image


def how_to_fill_in(painter, pages, facts):
    image, draw = painter.canvas()
    painter.heading(
        draw,
        80,
        330,
        Words("Type it in, then print", "display", 150, "accent"),
        Words("Fillable fields, in the free Adobe Acrobat Reader", "body", 60, "muted"),
    )
    name = pages.sheets()
    crop, left = pages.top(name, 2400, 880)
    x, y = (SIZE - crop.width) // 2, 380
    painter.paste_page(image, crop, x, y)
    for field, (x0, y0, x1, y1) in fields(pages.documents[name], 2400 / pages.height(name)):
        box = (x + x0 - left, y + y0, x + x1 - left, y + y1)
        if box[3] > y + crop.height:
            continue  # a field below the part shown
        draw.rectangle(box, outline=painter.colors["accent"], width=5)
        typed = TYPED.get(field.rsplit("-", 1)[-1])
        if typed:
            font = painter.lettering.fit(
                draw, typed, "body", int((box[3] - box[1]) * 0.7), box[2] - box[0] - 24
            )
            top = box[1] + (box[3] - box[1] - painter.lettering.height(draw, typed, font)) // 2
            painter.lettering.write(draw, typed, font, "ink", box[0] + 12, top, "left")
    steps(
        painter,
        draw,
        [
            "Open pack.pdf in Adobe Acrobat Reader (free, computer or phone)",
            "Click a line and type; the Tab key moves to the next",
            'Print at 100% ("actual size"); blank, it prints as lines',
        ],
        1330,
    )
    painter.footer(draw, facts)
    return image


def steps(painter, draw, lines, top: int, pitch: int = 150) -> None:
    """Numbered steps one under another from `top`: a disc with the number, the words beside."""
    for number, line in enumerate(lines, start=1):
        middle = top + pitch * (number - 1) + pitch // 2
        draw.ellipse((200, middle - 55, 310, middle + 55), fill=painter.colors["accent"])
        painter.lettering.band(
            draw,
            [Words(str(number), "display", 70, "#ffffff")],
            middle - 40,
            middle + 40,
            x=255,
            width=80,
        )
        painter.lettering.band(
            draw,
            [Words(line, "body", 56, "ink")],
            middle - pitch // 2 + 10,
            middle + pitch // 2 - 10,
            x=360,
            width=SIZE - 360 - 180,
            align="left",
        )


def fields(pdf: bytes, scale: float) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The first page's form fields: each one's name and its box in pixels at `scale` per point,
    from the page's top-left."""
    from pypdf import PdfReader

    page = PdfReader(io.BytesIO(pdf)).pages[0]
    height = float(page.mediabox.top)
    found = []
    for annotation in page.get("/Annots") or []:
        widget = annotation.get_object()
        parent = widget.get("/Parent")
        name = widget.get("/T") or (parent.get_object().get("/T") if parent else None)
        if widget.get("/Subtype") != "/Widget" or not name:
            continue
        x0, y0, x1, y1 = (float(v) for v in widget["/Rect"])
        found.append(
            (str(name), (x0 * scale, (height - y1) * scale, x1 * scale, (height - y0) * scale))
        )
    return found
