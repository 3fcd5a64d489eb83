"""Fast PDFs: WeasyPrint backgrounds stored once, per-sheet text, QR codes and art stamped on.

model: what a page holds (PageSpec, Rect and the stamps Text, QR, Art, Field); draw: their
content-stream operators; fonts: font metrics and embedded subsets; faces: each face embedded
once a file; codes, simple, operators, file_fonts: text in simple fonts of 1-byte codes (so
that ps2write keeps its letters as outlines); drawing: the template read with pikepdf, and
each page drawn once a pack; writer: the files written from the drawn pages; forms: fillable
fields (AcroForm widgets); meta: what a file says about itself (language, author, XMP) and its
bookmarks.
"""

from bunco_print.printing.pdf.drawing import Drawer, Drawing
from bunco_print.printing.pdf.fonts import fallback_fonts, missing_glyphs
from bunco_print.printing.pdf.meta import Meta
from bunco_print.printing.pdf.model import BLANK, QR, Art, Field, PageSpec, Rect, Stamp, Text
from bunco_print.printing.pdf.writer import assemble, concatenate

__all__ = [
    "BLANK",
    "QR",
    "Art",
    "Drawer",
    "Drawing",
    "Field",
    "Meta",
    "PageSpec",
    "Rect",
    "Stamp",
    "Text",
    "assemble",
    "concatenate",
    "fallback_fonts",
    "missing_glyphs",
]
