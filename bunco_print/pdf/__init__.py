"""Fast PDFs: WeasyPrint backgrounds stored once, per-sheet text, QR codes and art stamped on.

model: what a page holds (PageSpec, Rect and the stamps Text, QR, Art); draw: their
content-stream operators; fonts: font metrics and embedded subsets; assemble: reading the
template with pikepdf and writing the file.
"""

from .assemble import assemble, concatenate
from .fonts import missing_glyphs
from .model import QR, Art, PageSpec, Rect, Stamp, Text

__all__ = [
    "QR",
    "Art",
    "PageSpec",
    "Rect",
    "Stamp",
    "Text",
    "assemble",
    "concatenate",
    "missing_glyphs",
]
