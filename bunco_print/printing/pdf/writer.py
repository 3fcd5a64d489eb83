"""Writing the PDF: background pages read with pikepdf (qpdf), stamps drawn on copies of them.

Each output page's content stream is `q /B<i> Do Q` (background page i of the template, copied
once per output file as a Form XObject) followed by each stamp's operators (see draw.py). All
pages share one resource dictionary: the backgrounds, the art pieces and the stamp fonts.

Why pikepdf: qpdf copies WeasyPrint's fonts and images still compressed, through public calls
(Page.as_form_xobject, Pdf.copy_foreign), and writes object streams and a content-hash ID.
pydyf writes as fast but reads nothing: with pypdf's public API every copied stream must be
decoded and compressed again (~50 ms per output file for a pack's template).
"""

from __future__ import annotations

import hashlib
import re
import warnings
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from io import BytesIO

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf import draw, forms, tags
from bunco_print.printing.pdf.file_fonts import FileFonts
from bunco_print.printing.pdf.fonts import font_info
from bunco_print.printing.pdf.meta import Meta, describe, outline
from bunco_print.printing.pdf.model import BLANK, QR, Field, PageSpec, Rect, Stamp, Text
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
            xobject.BBox = Array(page.mediabox)  # the whole page, bleed included
            _trim_resources(xobject, set())
            x1, y1, x2, y2 = (float(v) for v in page.mediabox)
            self.forms[index] = xobject, (x1, y1, x2 - x1, y2 - y1)
        return self.forms[index]


@lru_cache(maxsize=4)
def _source(data: bytes, template: bool = True, simple: str = "") -> _Source:
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
def _deflate(content: bytes) -> bytes:
    """A page's content stream, compressed. Level 4: on QR-heavy pages 2.5x faster than qpdf's
    default 6 and ~8% larger; level 1 is hardly faster and ~25% larger. Cached: a pack writes
    each page twice, in its document's file and in pack.pdf."""
    return zlib.compress(content, 4)


DUPLEX = {"long": Name.DuplexFlipLongEdge, "short": Name.DuplexFlipShortEdge}


def _save(pdf: pikepdf.Pdf, about: Meta, duplex: str | None = None) -> bytes:
    """The file's bytes; the same objects and description always give the same bytes.
    `duplex` ("long" or "short"): the flip the print dialog should offer first."""
    if duplex is not None:
        pdf.Root.ViewerPreferences = Dictionary(Duplex=DUPLEX[duplex])
    describe(pdf, about)
    out = BytesIO()
    pdf.save(
        out,
        min_version="1.7",
        object_stream_mode=pikepdf.ObjectStreamMode.generate,  # small objects compressed too
        deterministic_id=True,  # the file ID is a hash of the content, not of the clock
        fix_metadata_version=False,  # the XMP as meta.py wrote it (pikepdf's would rewrite it)
    )
    return out.getvalue()


class _Assembly:
    """One output PDF: one shared resource dictionary (backgrounds and art pieces as Form
    XObjects, fonts), and pages that each draw a background and then their stamps."""

    def __init__(
        self,
        template: bytes,
        pieces: bytes | None,
        trees: Mapping[int, list] | None = None,
        simple: str = "",
    ) -> None:
        self.pdf = pikepdf.new()
        self.resources = self.pdf.make_indirect(Dictionary())
        self.template = _source(bytes(template), True, simple)
        self.pieces = None
        if pieces is not None:  # pieces of another file keep their composite fonts
            self.pieces = self.template if pieces == template else _source(bytes(pieces), False)
        self.xobjects: dict[str, pikepdf.Object] = {}  # resource name -> copied form
        self.fonts = FileFonts(self.pdf, self.template.converted)
        self.backgrounds: dict[int, tuple[dict, float, float]] = {}  # -> boxes, left, top
        self.arts: dict[int, tuple[float, float, float, float]] = {}  # piece -> its box
        self.kids: list[pikepdf.Object] = []
        self.widgets: list[pikepdf.Object] = []  # form fields (Field stamps), in page order
        self.field_fonts: list[Field] = []
        # a text stamp drawn once per file and place: the night's title on every sheet, say
        self.drawn: dict[tuple, bytes] = {}
        # the backgrounds' structure trees (pdf/tags.py), each given to its first page
        self.trees = dict(trees or {})
        self.tree: tags.Tree | None = None  # made by the first tagged page

    def background(self, index: int) -> tuple[dict[str, list], float, float]:
        if index not in self.backgrounds:
            form, _ = self.template.form(index)
            self.xobjects[f"/B{index}"] = self.pdf.copy_foreign(form)
            self.fonts.background(self.template.converted.shown[index])
            page = self.template.pdf.pages[index]
            boxes = {  # one array object each, shared by all pages on this background
                k: self.pdf.make_indirect(Array(list(page.obj[k])))
                for k in ("/MediaBox", "/TrimBox", "/BleedBox")
                if k in page
            }
            # CSS px are measured from the top-left of WeasyPrint's page box, its TrimBox
            left, _, _, top = (float(v) for v in page.trimbox)
            self.backgrounds[index] = boxes, left, top
        return self.backgrounds[index]

    def stamp(self, rect: Rect, stamp: Stamp, left: float, top: float) -> bytes:
        x, y = left + rect.x1 * PT_PER_PX, top - rect.y2 * PT_PER_PX
        box = x, y, (rect.x2 - rect.x1) * PT_PER_PX, (rect.y2 - rect.y1) * PT_PER_PX
        if isinstance(stamp, Field):  # an annotation of the page, drawn by the viewer
            self.widgets.append(forms.widget(self.pdf, stamp, *box))
            self.field_fonts.append(stamp)
            return b""
        if isinstance(stamp, QR):
            return draw.qr(stamp, *box)
        if isinstance(stamp, Text):
            if (drawn := self.drawn.get((stamp, box))) is not None:
                return drawn  # its glyphs already counted in this file's fonts
            first = font_info(stamp.font)
            whole = first.cmap.keys() >= set(map(ord, stamp.text.replace("\n", "")))
            paths = (stamp.font,) if whole else (stamp.font, *stamp.fallbacks)
            fonts = [self.fonts.encoder(path) for path in paths]
            drawn = self.drawn[stamp, box] = draw.text(stamp, fonts, *box)
            return drawn
        if self.pieces is None:
            raise ValueError("an Art stamp needs a pieces PDF")
        name = b"A%d" % stamp.piece
        if stamp.piece not in self.arts:
            form, self.arts[stamp.piece] = self.pieces.form(stamp.piece)
            self.xobjects["/" + name.decode()] = self.pdf.copy_foreign(form)
            if self.pieces.converted is not None:
                self.fonts.background(self.pieces.converted.shown[stamp.piece])
        return draw.form(name, self.arts[stamp.piece], stamp.rotate, *box)

    def page(self, spec: PageSpec) -> None:
        if spec.background == BLANK.background:  # paper only: the back of the page before
            page = Dictionary(Type=Name.Page, Resources=Dictionary())
            for key in ("/MediaBox", "/TrimBox", "/BleedBox"):
                if key in self.kids[-1]:
                    page[key] = self.kids[-1][key]
            self.kids.append(self.pdf.make_indirect(page))
            return
        boxes, left, top = self.background(spec.background)
        content = b"q /B%d Do Q\n" % spec.background
        fields = len(self.widgets)
        nodes = self.trees.pop(spec.background, None)  # a tagged page
        places = tags.marks(nodes) if nodes else set()
        stamped: dict[str, list[int]] = {}
        for rect, stamp in spec.stamps:
            drawn = self.stamp(rect, stamp, left, top)
            if nodes is None or not drawn:
                content += drawn
            elif isinstance(stamp, Text) and stamp.mark in places:  # words with a place
                mcid = sum(map(len, stamped.values()))
                stamped.setdefault(stamp.mark, []).append(mcid)
                content += tags.marked(drawn, mcid)
            else:
                content += tags.artifact(drawn)
        page = Dictionary(boxes)
        page.Type, page.Resources = Name.Page, self.resources
        page.Contents = self.pdf.make_stream(_deflate(content), Filter=Name.FlateDecode)
        page = self.pdf.make_indirect(page)
        if nodes is not None:
            self.tree = self.tree or tags.Tree(self.pdf)
            self.tree.page(page, self.xobjects[f"/B{spec.background}"], nodes, stamped)
        if len(self.widgets) > fields:  # this page's form fields, each pointing back at it
            page.Annots = Array(self.widgets[fields:])
            for widget in self.widgets[fields:]:
                widget.P = page
        self.kids.append(page)

    def finish(
        self, about: Meta, duplex: str | None = None, bookmarks: Sequence[tuple[str, int]] = ()
    ) -> bytes:
        self.resources.XObject = Dictionary(self.xobjects)
        self.pdf.pages.extend(pikepdf.Page(kid) for kid in self.kids)
        if self.widgets:
            self.pdf.Root.AcroForm = forms.acroform(self.pdf, self.widgets, self.field_fonts)
        outline(self.pdf, bookmarks)
        if self.tree is not None:
            self.tree.finish()
        # each face's fonts and programs: the backgrounds', the stamps', the fields'
        self.resources.Font = Dictionary(self.fonts.finish())
        return _save(self.pdf, about, duplex)


def assemble(
    template: bytes,
    pages: Sequence[PageSpec],
    pieces: bytes | None = None,
    *,
    title: str = "",
    creation_date: datetime | None = None,
    duplex: str | None = None,
    about: Meta | None = None,
    bookmarks: Sequence[tuple[str, int]] = (),
    trees: Mapping[int, list] | None = None,
    simple: str = "",
) -> bytes:
    """Build one PDF: each page = background page (shared Form XObject, stored once) + stamps
    (a BLANK spec: a page of paper only, the size of the one before it). `duplex` ("long" |
    "short") sets the file's preferred flip for double-sided printing; `about` describes the
    file (else: `title` and `creation_date` only); `bookmarks`: (title, page index) each;
    `trees`: the structure trees of the template's tagged pages (pdf/tags.py), by page index:
    the file's tree holds those of its pages, a text stamp in the place its `mark` names.
    `simple`: what converting the template's text to simple fonts made, kept beside it
    (simple.kept: the template was converted when it was laid out), else it is converted here."""
    assembly = _Assembly(template, pieces, trees, simple)
    for spec in pages:
        assembly.page(spec)
    about = about or Meta(title=title, created=creation_date)
    return assembly.finish(about, duplex, bookmarks)


def concatenate(
    pdfs: Sequence[bytes],
    *,
    title: str = "",
    creation_date: datetime | None = None,
    about: Meta | None = None,
) -> bytes:
    """All pages of the given PDFs, in order, in one PDF. Identical objects (fonts, background
    pages) are stored once; outlines and named destinations are dropped. Form fields are kept
    in one /AcroForm (a name met twice gets its file's number in front: `2-sheet-1-name`)."""
    out = pikepdf.new()
    for number, data in enumerate(pdfs, 1):
        with pikepdf.open(BytesIO(data)) as source, warnings.catch_warnings():
            # newer pikepdf warns that extend() leaves form fields out of /AcroForm: merge
            # lists them (in one /AcroForm with one /DR font, which add_pages_from does not)
            warnings.filterwarnings("ignore", "Copying pages from another Pdf")
            first = len(out.pages)
            out.pages.extend(source.pages)
            forms.merge(out, source, first, str(number))
    _share_identical_objects(out)
    return _save(out, about or Meta(title=title, created=creation_date))


def _share_identical_objects(pdf: pikepdf.Pdf) -> None:
    """Point every reference to an object at the first object equal to it: same values, same
    stream bytes, references to equal objects. Pages and objects in reference cycles are kept
    apart."""
    keys: dict[tuple[int, int], bytes] = {}
    first: dict[bytes, pikepdf.Object] = {}
    same: dict[tuple[int, int], pikepdf.Object] = {}

    def key(obj: pikepdf.Object) -> bytes:
        og = obj.objgen
        if og not in keys:
            keys[og] = b"@%d,%d" % og  # itself, until known (and for good in a cycle or a page)
            if not (isinstance(obj, Dictionary) and obj.get("/Type") in (Name.Page, Name.Pages)):
                keys[og] = hashlib.sha256(shape(obj)).digest()
                if first.setdefault(keys[og], obj).objgen != og:
                    same[og] = first[keys[og]]
        return keys[og]

    def shape(obj: object, top: bool = True) -> bytes:
        if _indirect(obj) and not top:
            return b"R" + key(obj)
        if isinstance(obj, pikepdf.Stream):
            head = {k: v for k, v in obj.stream_dict.items() if k != "/Length"}
            return shape(head, False) + b"stream" + obj.read_raw_bytes()
        if isinstance(obj, Dictionary | dict):
            items = sorted(obj.items())
            return b"<<%s>>" % b"".join(k.encode() + shape(v, False) for k, v in items)
        if isinstance(obj, Array):
            return b"[%s]" % b" ".join(shape(v, False) for v in obj)
        return obj.unparse() if isinstance(obj, pikepdf.Object) else repr(obj).encode()

    for obj in pdf.objects:
        if isinstance(obj, Dictionary | Array | pikepdf.Stream):
            key(obj)
    if same:
        for obj in list(pdf.objects):
            _redirect(obj.stream_dict if isinstance(obj, pikepdf.Stream) else obj, same)


def _indirect(obj: object) -> bool:
    return isinstance(obj, pikepdf.Object) and obj.is_indirect


def _redirect(obj: pikepdf.Object, same: dict[tuple[int, int], pikepdf.Object]) -> None:
    if isinstance(obj, Dictionary):
        items = list(obj.items())
    elif isinstance(obj, Array):
        items = list(enumerate(obj))
    else:
        return
    for key, value in items:
        if _indirect(value):
            if value.objgen in same:
                obj[key] = same[value.objgen]
        else:
            _redirect(value, same)
