"""A pack's pages drawn once each, for every file that holds them.

The template (WeasyPrint's backgrounds) and the art pieces are read with pikepdf once a
process (`source`), their pages made Form XObjects. A page's content stream is `q /B<i> Do Q`
(background page i of the template) followed by each stamp's operators (see draw.py), its
letters in the pack's StampFonts (pdf/file_fonts.py): the same bytes in the page's document's
file and in pack.pdf, so `Drawer` draws each page once, in whichever process, and writer.py
puts the drawings (`Drawing`: plain data) into each file.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from io import BytesIO

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf import draw, tags
from bunco_print.printing.pdf.file_fonts import Parts, StampFonts
from bunco_print.printing.pdf.fonts import font_info
from bunco_print.printing.pdf.model import BLANK, QR, Field, PageSpec, Stamp, Text
from bunco_print.printing.pdf.simple import Converted, convert, drawn, restored
from bunco_print.printing.units import PT_PER_PX


@dataclass
class _Source:
    """A read-only PDF (the template, or the art pieces) and its pages as Form XObjects; the
    template's text made simple fonts' (pdf/simple.py)."""

    pdf: pikepdf.Pdf
    converted: Converted | None = None
    forms: dict[int, tuple[pikepdf.Object, tuple[float, float, float, float]]] = field(
        default_factory=dict
    )

    def form(self, index: int) -> tuple[pikepdf.Object, tuple[float, float, float, float]]:
        """Page `index` as a Form XObject of this PDF, and its box (x, y, width, height)."""
        if index not in self.forms:
            page = self.pdf.pages[index]
            xobject = page.as_form_xobject()
            # compressed once here, as the files' writer would compress it in each file
            xobject.write(zlib.compress(xobject.read_bytes(), 6), filter=Name.FlateDecode)
            xobject.BBox = Array(page.mediabox)  # the whole page, bleed included
            _trim_resources(xobject, set())
            x1, y1, x2, y2 = (float(v) for v in page.mediabox)
            self.forms[index] = xobject, (x1, y1, x2 - x1, y2 - y1)
        return self.forms[index]


@lru_cache(maxsize=4)
def source(data: bytes, template: bool = True, simple: str = "") -> _Source:
    """Parsing is the slow part of copying, and a pack reads the same template once per file
    (and converts its fonts once, unless `simple` says what converting it made: simple.kept)."""
    source = _Source(pikepdf.open(BytesIO(data)))
    if template:
        source.converted = restored(source.pdf, simple) if simple else convert(source.pdf)
    return source


def _trim_resources(stream: pikepdf.Stream, seen: set[tuple[int, int]]) -> None:
    """Give `stream` (a form, a tiling pattern) only the resources its content names, and do
    the same for the forms, patterns and soft masks it keeps. WeasyPrint gives all pages,
    groups and patterns of a document one resource dictionary (all its fonts, images, ...),
    which a copied page would otherwise carry whole. (qpdf's remove_unreferenced_resources
    does this for forms but not for patterns.)"""
    resources = stream.get("/Resources")
    if not isinstance(resources, Dictionary):
        return
    names = _names(stream.read_bytes())
    kept = Dictionary()
    for category, entries in resources.items():
        if isinstance(entries, Dictionary):
            entries = Dictionary({k: v for k, v in entries.items() if Name(k) in names})
        kept[category] = entries
    stream.Resources = kept  # a new dictionary: whoever shared the old one keeps it whole
    for obj in drawn(kept):
        if obj.objgen not in seen:
            seen.add(obj.objgen)
            _trim_resources(obj, seen)


_NAME = re.compile(rb"/([^\x00\t\n\x0c\r ()<>\[\]{}/%]*)")
_ESCAPE = re.compile(rb"#([0-9A-Fa-f]{2})")


def _names(content: bytes) -> set[Name]:
    """Every name a content stream spells (its resources among them). A scan of the bytes:
    parsing every operator into objects took most of a copied page's time. A name seen inside
    a string or an inline image only keeps one more resource."""
    return {
        Name("/" + _ESCAPE.sub(lambda m: bytes([int(m[1], 16)]), raw).decode("latin-1"))
        for raw in set(_NAME.findall(content))
        if raw
    }


@lru_cache(maxsize=2048)
def deflate(content: bytes) -> bytes:
    """A page's content stream, compressed. Level 4: on QR-heavy pages 2.5x faster than qpdf's
    default 6 and ~8% larger; level 1 is hardly faster and ~25% larger. Cached: a page drawn
    again (the same sheet in a catalogue's packs of several counts) is compressed once."""
    return zlib.compress(content, 4)


@dataclass
class Drawing:
    """A page as every file that holds it draws it (Drawer.draw): its background, its content
    stream compressed, the stamps' codes it shows, the art pieces and form fields it holds,
    and (a tagged page) which stamps' words are marked where. Plain data: it is made in one
    process and written in another."""

    background: int
    content: bytes = b""
    shown: Parts = field(default_factory=dict)  # the stamps' letters' codes, by face and part
    pieces: tuple[int, ...] = ()
    fields: tuple[tuple[Field, tuple[float, float, float, float]], ...] = ()
    stamped: dict[str, list[int]] | None = None  # a tagged page's marks -> their numbers


class Drawer:
    """A pack's pages drawn once each, the same for every file that holds them: the template's
    pages as forms (`/B<i>`), the art pieces' (`/A<i>`), the stamps' letters in the pack's
    StampFonts. `prepare` gives every letter of the pages its code first, so that pages drawn
    in two processes come out as one process would draw them."""

    def __init__(
        self,
        template: bytes,
        pieces: bytes | None = None,
        trees: Mapping[int, list] | None = None,
        simple: str = "",
    ) -> None:
        self.template = source(bytes(template), True, simple)
        self.pieces = None
        if pieces is not None:  # pieces of another file keep their composite fonts
            self.pieces = self.template if pieces == template else source(bytes(pieces), False)
        self.fonts = StampFonts(self.template.converted)
        self.trees = dict(trees or {})
        self.places: dict[int, tuple[float, float]] = {}  # background -> its left, top
        # a text stamp drawn once per place: the night's title on every sheet, say
        self.drawn: dict[tuple, tuple[bytes, Parts]] = {}

    def prepare(self, pages: Sequence[PageSpec]) -> None:
        """Every letter the pages' stamps show given its code, in the order of the pages."""
        met: set[Text] = set()
        for spec in pages:
            for _rect, stamp in spec.stamps:
                if isinstance(stamp, Text) and stamp not in met:
                    met.add(stamp)
                    draw.shaped(stamp, self._fonts(stamp))  # its codes, nothing drawn

    def draw(self, spec: PageSpec) -> Drawing:
        if spec.background == BLANK.background:  # paper only: the back of the page before
            return Drawing(BLANK.background)
        left, top = self._place(spec.background)
        content = b"q /B%d Do Q\n" % spec.background
        nodes = self.trees.get(spec.background)  # a tagged page
        places = tags.marks(nodes) if nodes else set()
        stamped: dict[str, list[int]] = {}
        shown: Parts = {}
        pieces, fields = [], []
        for rect, stamp in spec.stamps:
            x, y = left + rect.x1 * PT_PER_PX, top - rect.y2 * PT_PER_PX
            box = x, y, (rect.x2 - rect.x1) * PT_PER_PX, (rect.y2 - rect.y1) * PT_PER_PX
            if isinstance(stamp, Field):  # an annotation of the page, drawn by the viewer
                fields.append((stamp, box))
                continue
            drawn = self._stamp(stamp, box, shown, pieces)
            if nodes is None:
                content += drawn
            elif isinstance(stamp, Text) and stamp.mark in places:  # words with a place
                mcid = sum(map(len, stamped.values()))
                stamped.setdefault(stamp.mark, []).append(mcid)
                content += tags.marked(drawn, mcid)
            else:
                content += tags.artifact(drawn)
        return Drawing(
            spec.background,
            deflate(content),
            shown,
            tuple(pieces),
            tuple(fields),
            stamped if nodes is not None else None,
        )

    def _place(self, index: int) -> tuple[float, float]:
        if index not in self.places:
            # CSS px are measured from the top-left of WeasyPrint's page box, its TrimBox
            left, _, _, top = (float(v) for v in self.template.pdf.pages[index].trimbox)
            self.places[index] = left, top
        return self.places[index]

    def _fonts(self, stamp: Text) -> list:
        first = font_info(stamp.font)
        whole = first.cmap.keys() >= set(map(ord, stamp.text.replace("\n", "")))
        paths = (stamp.font,) if whole else (stamp.font, *stamp.fallbacks)
        return [self.fonts.encoder(path) for path in paths]

    def _stamp(self, stamp: Stamp, box: tuple, shown: Parts, pieces: list) -> bytes:
        if isinstance(stamp, QR):
            return draw.qr(stamp, *box)
        if isinstance(stamp, Text):
            if (found := self.drawn.get((stamp, box))) is None:
                fonts = self._fonts(stamp)
                used: list[tuple[bytes, bytes]] = []
                encoders = [(info, _noting(encode, used)) for info, encode in fonts]
                drawn = draw.text(stamp, encoders, *box)
                codes: Parts = {}
                self.fonts.shown(used, codes)
                found = self.drawn[stamp, box] = drawn, codes
            for part, codes in found[1].items():
                shown.setdefault(part, set()).update(codes)
            return found[0]
        if self.pieces is None:
            raise ValueError("an Art stamp needs a pieces PDF")
        pieces.append(stamp.piece)
        _form, art_box = self.pieces.form(stamp.piece)
        return draw.form(b"A%d" % stamp.piece, art_box, stamp.rotate, *box)


def _noting(encode, used: list):
    """`encode`, noting the pieces it gives in `used`."""

    def noted(gids: list[int], text: str) -> list[tuple[bytes, bytes]]:
        pieces = encode(gids, text)
        used.extend(pieces)
        return pieces

    return noted
