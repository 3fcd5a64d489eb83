"""A pack's pages as pictures for its listing's gallery (images.py): rendered by pdfium from the
very PDFs the buyer gets, upright or turned."""

from __future__ import annotations

import math
from collections.abc import Mapping

from bunco_print.errors import InputError


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


class Pages:
    """Pages of the pack's PDFs rendered on demand, by height in pixels."""

    def __init__(self, documents: Mapping[str, bytes]):
        self.pdfium = libraries()[0]
        self.documents = documents
        self.open: dict[str, object] = {}

    def page(self, name: str, index: int, height: int, angle: float = 0.0):
        """A page `height` px tall (RGB); turned `angle` degrees counter-clockwise, drawn so
        by pdfium (its edges and letters as sharp as upright, in a third of the time Pillow
        took to turn the picture), on transparent corners (RGBA)."""
        doc = self.document(name)
        page = doc[min(index, len(doc) - 1)]
        scale = height / page.get_height()
        if angle:
            image = self._turned(page, scale, angle)
        else:
            image = page.render(scale=scale, may_draw_forms=False).to_pil().convert("RGB")
        page.close()
        return image

    def _turned(self, page, scale: float, angle: float):
        raw = self.pdfium.raw
        width, height = page.get_size()
        turn = math.radians(angle)
        cos, sin = math.cos(turn), math.sin(turn)
        w, h = math.ceil(width * scale), math.ceil(height * scale)
        box_w = math.ceil(abs(w * cos) + abs(h * sin))
        box_h = math.ceil(abs(w * sin) + abs(h * cos))
        # the paper, under everything the page draws (a render fills the bitmap with it)
        left, bottom, right, top = page.get_mediabox()
        paper = raw.FPDFPageObj_CreateNewRect(left, bottom, right - left, top - bottom)
        raw.FPDFPageObj_SetFillColor(paper, 255, 255, 255, 255)
        raw.FPDFPath_SetDrawMode(paper, raw.FPDF_FILLMODE_WINDING, False)
        raw.FPDFPage_InsertObjectAtIndex(page, paper, 0)
        bitmap = self.pdfium.PdfBitmap.new_native(box_w, box_h, format=raw.FPDFBitmap_BGRA)
        bitmap.fill_rect((0, 0, 0, 0), 0, 0, box_w, box_h)
        # the page (in points, y down) turned about its middle, scaled, in the box's middle
        mid_x, mid_y = width / 2, height / 2
        matrix = raw.FS_MATRIX(
            scale * cos,
            -scale * sin,
            scale * sin,
            scale * cos,
            box_w / 2 - scale * (mid_x * cos + mid_y * sin),
            box_h / 2 - scale * (mid_y * cos - mid_x * sin),
        )
        clip = raw.FS_RECTF(0, 0, box_w, box_h)
        raw.FPDF_RenderPageBitmapWithMatrix(bitmap, page, matrix, clip, raw.FPDF_ANNOT)
        return bitmap.to_pil()

    def top(self, name: str, height: int, crop_h: int, widest: int = 1720):
        """The top `crop_h` px of a document's first page rendered `height` px tall, at most
        `widest` px wide around its middle: the crop and how far in from the left it starts."""
        page = self.page(name, 0, height)
        width = min(page.width, widest)
        left = (page.width - width) // 2
        return page.crop((left, 0, left + width, crop_h)), left

    def sheets(self) -> str:
        """The players' sheets: score sheets, or team cards for a ruleset played in teams."""
        return "score-sheets.pdf" if "score-sheets.pdf" in self.documents else "team-cards.pdf"

    def height(self, name: str) -> float:
        """The height of a document's first page, in points."""
        return self.document(name)[0].get_height()

    def document(self, name: str):
        if name not in self.open:
            self.open[name] = self.pdfium.PdfDocument(self.documents[name])
        return self.open[name]

    def printables(self) -> int:
        """How many printable documents the pack holds, besides pack.pdf."""
        return sum(1 for name in self.documents if name.endswith(".pdf"))

    def editable(self) -> bool:
        """Whether the players' sheets have fields to type in (an `--editable` pack)."""
        return self.document(self.sheets()).get_formtype() != self.pdfium.raw.FORMTYPE_NONE

    def close(self) -> None:
        for doc in self.open.values():
            doc.close()
