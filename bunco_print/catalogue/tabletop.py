"""The gallery's table top: the pack's real pages on a wooden table, with dice and pencils.

Everything but the pages is drawn (planks, dice, pencils), never photographed, so it is the
same for every run and every theme takes it in its own colours."""

from __future__ import annotations

SIZE = 2000
WOOD = ("#b5855a", "#ad7d52", "#b98c62", "#a9794f")  # one plank's tone each, repeated
SEAM = "#8a5f3a"
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)]}
PIPS |= {4: [(0, 0), (0, 2), (2, 0), (2, 2)], 5: [*PIPS[3], (0, 2), (2, 0)]}
PIPS |= {6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


def table_top(painter, pages, facts):
    image = painter.Image.new("RGB", (SIZE, SIZE), WOOD[0])
    draw = painter.ImageDraw.Draw(image)
    plank = 250
    for row in range(SIZE // plank):
        y = row * plank
        draw.rectangle((0, y, SIZE, y + plank), fill=WOOD[row % len(WOOD)])
        for grain in range(3):  # a few long grain lines along each plank
            gy = y + 50 + grain * 70 + (row * 17) % 30
            draw.line((0, gy, SIZE, gy + (row % 3 - 1) * 18), fill=SEAM, width=2)
        draw.line((0, y, SIZE, y), fill=SEAM, width=6)
    sheet = pages.page(pages.sheets(), 0, 1300, -5)
    pad = pages.page("tally-pads.pdf", 0, 1080, 7)
    painter.paste_page(image, pad, 1000, 260)
    painter.paste_page(image, sheet, 170, 150)
    for (x, y), face, angle in (
        ((1320, 1400), 5, 14),
        ((1560, 1560), 2, -22),
        ((1640, 1250), 6, 35),
    ):
        painter.paste_page(image, die(painter, face), x, y, angle)
    for (x, y), angle in (((240, 1520), 12), ((420, 1640), -4)):
        painter.paste_page(image, pencil(painter), x, y, angle)
    draw = painter.ImageDraw.Draw(image)
    draw.rectangle((40, 40, SIZE - 41, SIZE - 41), outline=painter.colors["accent"], width=6)
    painter.lettering.pills(draw, 1880, [("Print it, roll the dice, play tonight", "accent")], 1500)
    return image


def die(painter, face: int, side: int = 200):
    """A white die showing `face`, its pips in the theme's accent."""
    image = painter.Image.new("RGBA", (side, side), (0, 0, 0, 0))
    draw = painter.ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (4, 4, side - 5, side - 5),
        radius=side // 6,
        fill="#fffdf8",
        outline=painter.colors["line"],
        width=4,
    )
    step, pip = side // 4, side // 11
    for column, row in PIPS[face]:
        x, y = step * (column + 1), step * (row + 1)
        draw.ellipse((x - pip, y - pip, x + pip, y + pip), fill=painter.colors["accent"])
    return image


def pencil(painter, length: int = 900, thick: int = 56):
    """A yellow pencil, sharpened, lying along x."""
    image = painter.Image.new("RGBA", (length, thick), (0, 0, 0, 0))
    draw = painter.ImageDraw.Draw(image)
    tip, eraser, ferrule = 150, 70, 60
    draw.rounded_rectangle((0, 0, eraser + 20, thick - 1), radius=thick // 3, fill="#f29bb0")
    draw.rectangle((eraser, 0, eraser + ferrule, thick - 1), fill="#c9c9c9")
    for x in range(eraser + 12, eraser + ferrule, 16):
        draw.line((x, 0, x, thick), fill="#a5a5a5", width=4)
    body = (eraser + ferrule, 0, length - tip, thick - 1)
    draw.rectangle(body, fill="#f2c230")
    draw.rectangle((body[0], thick // 3, body[2], thick * 2 // 3), fill="#e5b11f")
    draw.polygon(
        [(length - tip, 0), (length - tip, thick - 1), (length, thick // 2)], fill="#ecc9a0"
    )
    draw.polygon(
        [
            (length - tip // 3, thick // 3),
            (length - tip // 3, thick * 2 // 3),
            (length, thick // 2),
        ],
        fill="#3a3a3a",
    )
    return image
