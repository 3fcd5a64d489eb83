"""A listing's gallery: five 2000 x 2000 px images drawn from one pack's PDFs.

Pages are rendered from the very PDFs the buyer gets (pdfium), never laid out again; the words
around them are drawn with Pillow in the theme's own fonts and colours.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass

from bunco_print.errors import InputError
from bunco_print.theming.themes import Theme

SIZE = 2000
PNG_LEVEL = 1  # zlib's fastest: level 6 takes five times as long for files a third smaller
IMAGE_NAMES = (
    "01-cover.png",
    "02-whats-included.png",
    "03-score-sheet.png",
    "04-rules-handout.png",
    "05-sizes-and-formats.png",
)
EXTRAS_IMAGE = "06-party-extras.png"  # when the packs carry the party extras
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


def libraries():
    """pdfium and Pillow, or one line saying how to install them."""
    try:
        import pypdfium2
        from PIL import Image, ImageDraw, ImageFilter, ImageFont, ImageOps
    except ImportError:
        raise InputError(
            "listing images need pypdfium2 and Pillow, which bunco-print installs: "
            "pip install pypdfium2 pillow"
        ) from None
    return pypdfium2, Image, ImageDraw, ImageFilter, ImageFont, ImageOps


def listing_images(documents: Mapping[str, bytes], theme: Theme, facts: Facts) -> dict[str, bytes]:
    """The gallery, as PNG bytes by file name."""
    painter = _Painter(theme)
    pages = _Pages(documents)
    try:
        drawn = {
            IMAGE_NAMES[0]: painter.cover(pages, facts),
            IMAGE_NAMES[1]: painter.spread(pages, facts),
            IMAGE_NAMES[2]: painter.close_up(pages, facts),
            IMAGE_NAMES[3]: painter.rules(pages, facts),
            IMAGE_NAMES[4]: painter.sizes(pages, facts),
        }
        if any(name in documents for name, _ in EXTRAS_SPREAD):
            drawn[EXTRAS_IMAGE] = painter.spread(
                pages, facts, EXTRAS_SPREAD, "Party extras", "Invitation, tags, checklist, sign-in"
            )
    finally:
        pages.close()
    return {name: _png(image) for name, image in drawn.items()}


def _png(image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=PNG_LEVEL)
    return buffer.getvalue()


class _Pages:
    """Pages of the pack's PDFs rendered on demand, by height in pixels."""

    def __init__(self, documents: Mapping[str, bytes]):
        self.pdfium = libraries()[0]
        self.documents = documents
        self.open: dict[str, object] = {}

    def page(self, name: str, index: int, height: int):
        if name not in self.open:
            self.open[name] = self.pdfium.PdfDocument(self.documents[name])
        doc = self.open[name]
        page = doc[min(index, len(doc) - 1)]
        scale = height / page.get_height()
        image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
        page.close()
        return image

    def close(self) -> None:
        for doc in self.open.values():
            doc.close()


class _Painter:
    def __init__(self, theme: Theme):
        (
            _pdfium,
            self.Image,
            self.ImageDraw,
            self.ImageFilter,
            self.ImageFont,
            self.ImageOps,
        ) = libraries()
        self.theme = theme
        self.colors = theme.colors
        self._fonts: dict[tuple[str, str, int], object] = {}

    # --- pieces -------------------------------------------------------------------------------

    def font(self, role: str, size: int, weight: str = "400"):
        key = (role, weight, size)
        if key not in self._fonts:
            self._fonts[key] = self.ImageFont.truetype(str(self.theme.font(role, weight)), size)
        return self._fonts[key]

    def canvas(self, color: str = "soft"):
        image = self.Image.new("RGB", (SIZE, SIZE), self.colors[color])
        draw = self.ImageDraw.Draw(image)
        # a frame in the theme's accent: the gallery reads as one set
        draw.rectangle((40, 40, SIZE - 41, SIZE - 41), outline=self.colors["accent"], width=6)
        return image, draw

    def fit(self, draw, text: str, role: str, size: int, width: int, weight: str = "400"):
        while size > 24 and draw.textlength(text, font=self.font(role, size, weight)) > width:
            size -= 4
        return self.font(role, size, weight)

    def centered(self, draw, y: int, text: str, role: str, size: int, color: str, weight="400"):
        font = self.fit(draw, text, role, size, SIZE - 240, weight)
        draw.text((SIZE // 2, y), text, font=font, fill=self.colors[color], anchor="mm")

    def paste_page(self, image, page, x: int, y: int, angle: float = 0.0):
        """A page with a soft shadow, optionally turned a little, its top-left at (x, y)."""
        page = page.convert("RGBA")
        if angle:
            page = page.rotate(angle, resample=self.Image.BICUBIC, expand=True)
        # the shadow is blurred at an eighth of the size: the same softness for a fraction
        small = page.getchannel("A").reduce(8).point(lambda a: a * 60 // 255)
        small = self.ImageOps.expand(small, border=4).filter(self.ImageFilter.GaussianBlur(2))
        alpha = small.resize((page.width + 64, page.height + 64), self.Image.BILINEAR)
        shadow = self.Image.new("RGBA", alpha.size, (0, 0, 0, 0))
        shadow.putalpha(alpha)
        image.paste(shadow, (x + 14 - 32, y + 18 - 32), shadow)
        image.paste(page, (x, y), page)
        if not angle:
            self.ImageDraw.Draw(image).rectangle(
                (x, y, x + page.width - 1, y + page.height - 1), outline=self.colors["line"]
            )

    def badge(self, draw, center: tuple[int, int], text: str, color: str = "accent"):
        font = self.font("display", 78)
        width = int(draw.textlength(text, font=font)) + 120
        x, y = center
        draw.rounded_rectangle(
            (x - width // 2, y - 70, x + width // 2, y + 70), radius=70, fill=self.colors[color]
        )
        draw.text((x, y), text, font=font, fill="#ffffff", anchor="mm")

    def footer(self, draw, facts: Facts, text: str = ""):
        line = text or (f"{facts.shop} · instant download" if facts.shop else "Instant download")
        self.centered(draw, SIZE - 110, line, "body", 46, "muted")

    # --- the five images ----------------------------------------------------------------------

    def cover(self, pages: _Pages, facts: Facts):
        image, draw = self.canvas()
        self.centered(draw, 210, facts.title, "display", 190, "accent")
        self.centered(draw, 345, "Printable Bunco party pack", "hand", 110, "accent2", "700")
        back = pages.page("rules-handout.pdf", 0, 980)
        front = pages.page(_sheets(pages), 0, 1120)
        side = pages.page("tally-pads.pdf", 0, 980)
        self.paste_page(image, side, SIZE - 130 - side.width - 60, 590, -6)
        self.paste_page(image, back, 130, 590, 5)
        self.paste_page(image, front, SIZE // 2 - front.width // 2, 510)
        self.badge(draw, (560, 1770), facts.players)
        self.badge(draw, (1440, 1770), facts.papers, "accent2")
        self.footer(draw, facts)
        return image

    def spread(
        self,
        pages: _Pages,
        facts: Facts,
        documents=SPREAD,
        heading="What's included",
        line="Every document, ready to print",
    ):
        image, draw = self.canvas()
        self.centered(draw, 180, heading, "display", 150, "accent")
        self.centered(draw, 300, line, "body", 64, "muted")
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
            draw.text(
                (left + col * cell_w + cell_w // 2, 380 + row * cell_h + 625),
                label,
                font=self.font("display", 64),
                fill=self.colors["accent2"],
                anchor="mm",
            )
        self.footer(draw, facts, f"For {facts.players} · {facts.papers}")
        return image

    def close_up(self, pages: _Pages, facts: Facts):
        image, draw = self.canvas()
        page = pages.page(_sheets(pages), 0, 2300)
        crop_w = min(page.width, 1720)
        left = (page.width - crop_w) // 2
        crop = page.crop((left, 0, left + crop_w, 1440))
        self.paste_page(image, crop, (SIZE - crop_w) // 2, 380)
        self.centered(draw, 190, "Score sheets up close", "display", 150, "accent")
        self.centered(draw, 305, "Wins, losses, Buncos: a box for every round", "body", 60, "muted")
        self.footer(draw, facts, "Numbered sheets, with the night's totals at the foot")
        return image

    def rules(self, pages: _Pages, facts: Facts):
        image, draw = self.canvas()
        self.centered(draw, 180, "The rules, for every table", "display", 140, "accent")
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

    def sizes(self, pages: _Pages, facts: Facts):
        image, draw = self.canvas("accent")
        card = (170, 170, SIZE - 170, SIZE - 170)
        draw.rounded_rectangle(card, radius=60, fill="#ffffff")
        draw.rounded_rectangle(
            (200, 200, SIZE - 200, SIZE - 200), radius=46, outline=self.colors["gold"], width=8
        )
        self.centered(draw, 360, "Sizes & formats", "display", 160, "accent")
        rows = [
            ("Paper", " · ".join(facts.paper_sizes)),
            ("Players", ", ".join(str(n) for n in facts.counts)),
            ("Format", "PDF, print at 100% (actual size)"),
            ("Download", "Zip files of PDFs, one for each paper size"),
            ("Print", "At home or at a copy shop"),
        ]
        y = 540
        for label, value in rows:
            draw.text((330, y), label, font=self.font("display", 80), fill=self.colors["accent2"])
            font = self.fit(draw, value, "body", 66, SIZE - 330 - 330)
            draw.text((330, y + 110), value, font=font, fill=self.colors["ink"])
            draw.line((330, y + 215, SIZE - 330, y + 215), fill=self.colors["line"], width=4)
            y += 225
        self.centered(
            draw, SIZE - 290, facts.shop or "Instant download", "hand", 100, "accent", "700"
        )
        return image


def _sheets(pages: _Pages) -> str:
    """The players' sheets: score sheets, or team cards for a ruleset played in teams."""
    return "score-sheets.pdf" if "score-sheets.pdf" in pages.documents else "team-cards.pdf"
