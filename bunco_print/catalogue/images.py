"""A listing's gallery: 2000 x 2000 px images drawn from one pack's PDFs (settings.GALLERY).

Pages are rendered from the very PDFs the buyer gets (pdfium), never laid out again; the words
around them are drawn with Pillow in the theme's own fonts and colours.
"""

from __future__ import annotations

import contextlib
import struct
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from isal import isal_zlib

from bunco_print.catalogue import guides, tabletop
from bunco_print.catalogue.lettering import Lettering, Line, Words
from bunco_print.catalogue.pages import Pages, libraries
from bunco_print.catalogue.settings import EXTRAS_IMAGE, FILL_IN_IMAGE, GALLERY
from bunco_print.theming.themes import Theme

SIZE = 2000
# ISA-L's deflate at its level 2: a 2000 px image in 4-7 ms, against zlib's fastest level's 21-45
# ms for files within 5% of the size (zlib's level 6 took five times longer still)
PNG_LEVEL = 2
IMAGE_NAMES = GALLERY  # the images every listing has; EXTRAS_IMAGE and FILL_IN_IMAGE when due
# The documents the "what's included" spread shows, and what each is called there.
SPREAD = (
    ("score-sheets.pdf", "Score sheets"),
    ("team-cards.pdf", "Team cards"),
    ("tally-pads.pdf", "Tally pads"),
    ("seat-cards.pdf", "Seat cards"),
    ("prize-sheet.pdf", "Prize sheet"),
    ("rules-handout.pdf", "Rules handout"),
    ("table-markers.pdf", "Table markers"),
)
EXTRAS_SPREAD = (
    ("invitation.pdf", "Invitation"),
    ("name-tags.pdf", "Name tags"),
    ("prize-tags.pdf", "Prize tags"),
    ("host-checklist.pdf", "Host checklist"),
    ("sign-in-sheet.pdf", "Sign-in sheet"),
)


@dataclass(frozen=True)
class Facts:
    """What the images say besides the pages: worded by the listing (text.py)."""

    title: str  # the theme's title
    players: str  # "8 to 24 players"
    papers: str  # "Letter and A4"
    counts: tuple[int, ...]
    paper_sizes: tuple[str, ...]
    shop: str = ""


@dataclass(frozen=True)
class Drawn:
    """One gallery image, and every line of text drawn on it with its box."""

    image: object  # a Pillow image
    lines: tuple[Line, ...]


def listing_images(documents: Mapping[str, bytes], theme: Theme, facts: Facts) -> dict[str, bytes]:
    """The gallery, as PNG bytes by file name."""
    with _memory_kept():
        drawn = gallery(documents, theme, facts)
        return {name: _png(image.image) for name, image in drawn.items()}


# Pillow's 16 MB blocks kept for its next images once freed, while a gallery is drawn: a 2000 px
# image in memory fresh from the system costs it a fault for every page, which made a listing's
# gallery (filled, copied, pasted, converted) a quarter slower
BLOCKS_KEPT = 8


@contextlib.contextmanager
def _memory_kept() -> Iterator[None]:
    core = libraries()[1].core
    before = core.get_blocks_max()
    core.set_blocks_max(max(before, BLOCKS_KEPT))
    try:
        yield
    finally:
        core.set_blocks_max(before)  # the blocks kept beyond it go back to the system


def gallery(documents: Mapping[str, bytes], theme: Theme, facts: Facts) -> dict[str, Drawn]:
    """The gallery's images by file name, each with the lines of text on it."""
    painter = _Painter(theme)
    pages = Pages(documents)
    drawers = {
        IMAGE_NAMES[0]: painter.cover,
        IMAGE_NAMES[1]: painter.spread,
        IMAGE_NAMES[2]: painter.close_up,
        IMAGE_NAMES[3]: painter.rules,
        IMAGE_NAMES[4]: painter.sizes,
        IMAGE_NAMES[5]: lambda pages, facts: guides.how_to_print(painter, pages, facts),
        IMAGE_NAMES[6]: lambda pages, facts: tabletop.table_top(painter, pages, facts),
    }
    if any(name in documents for name, _ in EXTRAS_SPREAD):
        drawers[EXTRAS_IMAGE] = painter.extras
    drawn = {}
    try:
        if pages.editable():
            drawers[FILL_IN_IMAGE] = lambda pages, facts: guides.how_to_fill_in(
                painter, pages, facts
            )
        for name, draw in drawers.items():
            painter.lettering.lines = []
            image = draw(pages, facts)
            drawn[name] = Drawn(image, tuple(painter.lettering.lines))
    finally:
        pages.close()
    return dict(sorted(drawn.items()))  # in the shop's order: 01-cover first


def _png(image) -> bytes:
    """An RGB image as PNG, its rows unfiltered. Pillow's encoder tries a filter on every row:
    that took twice as long (70 ms an image) for files 3% smaller. Each row goes to the deflater
    as it is, after its filter's byte, never copied into one string first."""
    width, height = image.size
    rgb = image if image.mode == "RGB" else image.convert("RGB")
    raw, stride = memoryview(rgb.tobytes()), width * 3
    deflate, data = isal_zlib.compressobj(PNG_LEVEL), []
    for start in range(0, len(raw), stride):
        data.append(deflate.compress(b"\0"))  # filter 0: the row as it is
        data.append(deflate.compress(raw[start : start + stride]))
    data.append(deflate.flush())
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    chunks = [(b"IHDR", header), (b"IDAT", b"".join(data)), (b"IEND", b"")]
    return b"\x89PNG\r\n\x1a\n" + b"".join(_chunk(kind, data) for kind, data in chunks)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


class _Painter:
    def __init__(self, theme: Theme):
        _pdfium, self.Image, self.ImageDraw, self.ImageFilter, image_font, self.ImageOps = (
            libraries()
        )
        self.theme = theme
        self.colors = theme.colors
        self.lettering = Lettering(theme, image_font)

    # --- pieces -------------------------------------------------------------------------------

    def canvas(self, color: str = "soft"):
        image = self.Image.new("RGB", (SIZE, SIZE), self.colors[color])
        draw = self.ImageDraw.Draw(image)
        # a frame in the theme's accent: the gallery reads as one set
        draw.rectangle((40, 40, SIZE - 41, SIZE - 41), outline=self.colors["accent"], width=6)
        return image, draw

    def heading(self, draw, top: int, bottom: int, *words: Words) -> None:
        """Lines centred one under another in the band from top to bottom, inside the frame."""
        self.lettering.band(draw, words, top, bottom, x=SIZE // 2, width=SIZE - 240)

    def paste_page(self, image, page, x: int, y: int, angle: float = 0.0):
        """A page with a soft shadow, its top-left at (x, y): an upright page (RGB) framed by a
        thin line; a shape with edges of its own (RGBA: a page pdfium drew turned, a die)
        turned `angle` degrees more."""
        upright = page.mode == "RGB" and not angle
        if angle:  # bilinear: as smooth at this size, in half of bicubic's time
            page = page.convert("RGBA").rotate(angle, resample=self.Image.BILINEAR, expand=True)
        # its outline (an upright page: the whole of it), the shadow blurred at an eighth of
        # the size: the same softness for a fraction
        if upright:
            small = self.Image.new("L", (-(-page.width // 8), -(-page.height // 8)), 60)
        else:
            small = page.getchannel("A").reduce(8).point(lambda a: a * 60 // 255)
        small = self.ImageOps.expand(small, border=4).filter(self.ImageFilter.GaussianBlur(2))
        alpha = small.resize((page.width + 64, page.height + 64), self.Image.BILINEAR)
        corner = (x + 14 - 32, y + 18 - 32)
        image.paste((0, 0, 0), (*corner, corner[0] + alpha.width, corner[1] + alpha.height), alpha)
        image.paste(page, (x, y), None if upright else page)
        if upright:
            self.ImageDraw.Draw(image).rectangle(
                (x, y, x + page.width - 1, y + page.height - 1), outline=self.colors["line"]
            )

    def footer(self, draw, facts: Facts, text: str = ""):
        line = text or (f"{facts.shop} · instant download" if facts.shop else "Instant download")
        self.heading(draw, SIZE - 160, SIZE - 70, Words(line, "body", 46, "muted"))

    # --- the images ---------------------------------------------------------------------------

    def cover(self, pages: Pages, facts: Facts):
        image, draw = self.canvas()
        self.heading(
            draw,
            80,
            490,
            Words(facts.title, "display", 190, "accent"),
            Words("Printable Bunco party pack", "hand", 110, "accent2", "700"),
        )
        back = pages.page("rules-handout.pdf", 0, 980, 5)
        front = pages.page(pages.sheets(), 0, 1120)
        side = pages.page("tally-pads.pdf", 0, 980, -6)
        self.paste_page(image, side, SIZE - 130 - side.width - 60, 590)
        self.paste_page(image, back, 130, 590)
        self.paste_page(image, front, SIZE // 2 - front.width // 2, 510)
        if pages.editable():
            self.seal(draw, SIZE // 2 + front.width // 2, 700)
        marks = [(f"{pages.printables()} printables", "accent2"), (facts.players, "accent")]
        self.lettering.pills(draw, 1755, [*marks, (facts.papers, "accent2")], SIZE - 200)
        self.footer(draw, facts)
        return image

    def seal(self, draw, x: int, y: int) -> None:
        """The editable mark: a gold disc on the front page's top-right corner."""
        radius = 150
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=self.colors["gold"])
        draw.ellipse(
            (x - radius + 14, y - radius + 14, x + radius - 14, y + radius - 14),
            outline="#ffffff",
            width=5,
        )
        self.lettering.band(
            draw,
            [
                Words("Editable", "display", 74, "#ffffff"),
                Words("PDF", "body", 50, "#ffffff", "700"),
            ],
            y - radius + 50,
            y + radius - 50,
            x=x,
            width=radius * 2 - 70,
            gap=12,
        )

    def spread(
        self,
        pages: Pages,
        facts: Facts,
        documents=SPREAD,
        heading="What's included",
        line="Every document, ready to print",
    ):
        image, draw = self.canvas()
        self.heading(
            draw,
            80,
            350,
            Words(heading, "display", 150, "accent"),
            Words(line, "body", 64, "muted"),
        )
        columns, cell_w, cell_h = 3, 580, 700
        left = (SIZE - columns * cell_w) // 2
        shown = [(name, label) for name, label in documents if name in pages.documents]
        for i, (name, label) in enumerate(shown):
            row, col = divmod(i, columns)
            if row == len(shown) // columns:  # a last row of fewer: centred under the others
                left = (SIZE - (len(shown) % columns) * cell_w) // 2
            page = pages.page(name, 0, 560)
            if page.width > cell_w - 60:
                page = page.resize((cell_w - 60, page.height * (cell_w - 60) // page.width))
            x = left + col * cell_w + (cell_w - page.width) // 2
            y = 380 + row * cell_h + (570 - page.height) // 2
            self.paste_page(image, page, x, y)
            self.lettering.band(
                draw,
                [Words(label, "display", 64, "accent2")],
                380 + row * cell_h + 580,
                380 + row * cell_h + 680,
                x=left + col * cell_w + cell_w // 2,
                width=cell_w - 40,
            )
        self.footer(draw, facts, f"For {facts.players} · {facts.papers}")
        return image

    def extras(self, pages: Pages, facts: Facts):
        line = "Invitation, tags, checklist, sign-in"
        return self.spread(pages, facts, EXTRAS_SPREAD, "Party extras", line)

    def close_up(self, pages: Pages, facts: Facts):
        image, draw = self.canvas()
        crop, _ = pages.top(pages.sheets(), 2300, 1440)
        self.paste_page(image, crop, (SIZE - crop.width) // 2, 380)
        self.heading(
            draw,
            80,
            360,
            Words("Score sheets up close", "display", 150, "accent"),
            Words("Wins, losses, Buncos: a box for every round", "body", 60, "muted"),
        )
        self.footer(draw, facts, "Numbered sheets, with the night's totals at the bottom")
        return image

    def rules(self, pages: Pages, facts: Facts):
        image, draw = self.canvas()
        self.heading(draw, 80, 310, Words("The rules, for every table", "display", 140, "accent"))
        gap, room = 60, SIZE - 240  # two pages side by side, as large as the width allows
        probe = pages.page("rules-handout.pdf", 0, 100)
        height = min(1440, (room - gap) // 2 * probe.height // probe.width)
        first = pages.page("rules-handout.pdf", 0, height)
        second = pages.page("rules-handout.pdf", 1, height)
        x = (SIZE - first.width - second.width - gap) // 2
        y = 1065 - height // 2  # centred between the heading and the footer
        self.paste_page(image, first, x, y)
        self.paste_page(image, second, x + first.width + gap, y)
        self.footer(draw, facts, "How to play, score and move: the rules handout")
        return image

    def sizes(self, pages: Pages, facts: Facts):
        image, draw = self.canvas("accent")
        card = (170, 170, SIZE - 170, SIZE - 170)
        draw.rounded_rectangle(card, radius=60, fill="#ffffff")
        draw.rounded_rectangle(
            (200, 200, SIZE - 200, SIZE - 200), radius=46, outline=self.colors["gold"], width=8
        )
        self.heading(draw, 240, 460, Words("Sizes & formats", "display", 160, "accent"))
        rows = [
            ("Paper", " · ".join(facts.paper_sizes)),
            ("Players", ", ".join(str(n) for n in facts.counts)),
            ("Format", "PDF, print at 100% (actual size)"),
            ("Download", "Zip files of PDFs, one for each paper size"),
            ("Print", "At home or at a copy shop"),
        ]
        top, pitch = 500, 230  # five rows, each in its own band over a rule
        for label, value in rows:
            self.lettering.band(
                draw,
                [Words(label, "display", 80, "accent2"), Words(value, "body", 66, "ink")],
                top,
                top + pitch - 30,
                x=330,
                width=SIZE - 660,
                align="left",
                gap=20,
            )
            draw.line(
                (330, top + pitch - 12, SIZE - 330, top + pitch - 12),
                fill=self.colors["line"],
                width=4,
            )
            top += pitch
        self.heading(
            draw,
            SIZE - 340,
            SIZE - 230,
            Words(facts.shop or "Instant download", "hand", 100, "accent", "700"),
        )
        return image
