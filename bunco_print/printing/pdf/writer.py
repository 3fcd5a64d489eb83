"""Writing the PDF: pages as pdf/drawing.py drew them, on the background pages they draw.

Each output page's content stream is its Drawing's: `q /B<i> Do Q` (background page i of the
template, copied once per output file as a Form XObject) followed by each stamp's operators.
All pages share one resource dictionary: the backgrounds, the art pieces and the stamp fonts.

Why pikepdf: qpdf copies WeasyPrint's fonts and images still compressed, through public calls
(Page.as_form_xobject, Pdf.copy_foreign), and writes object streams and a content-hash ID.
pydyf writes as fast but reads nothing: with pypdf's public API every copied stream must be
decoded and compressed again (~50 ms per output file for a pack's template).
"""

from __future__ import annotations

import hashlib
import warnings
from collections.abc import Mapping, Sequence
from datetime import datetime
from io import BytesIO

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf import forms, tags
from bunco_print.printing.pdf.drawing import Drawer, Drawing
from bunco_print.printing.pdf.file_fonts import FileFonts
from bunco_print.printing.pdf.meta import Meta, describe, outline
from bunco_print.printing.pdf.model import BLANK, Field, PageSpec

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

    def __init__(self, drawer: Drawer, trees: Mapping[int, list] | None = None) -> None:
        self.pdf = pikepdf.new()
        self.resources = self.pdf.make_indirect(Dictionary())
        self.template, self.pieces = drawer.template, drawer.pieces
        self.xobjects: dict[str, pikepdf.Object] = {}  # resource name -> copied form
        self.fonts = FileFonts(self.pdf, drawer.fonts)
        self.backgrounds: dict[int, dict] = {}  # -> its boxes
        self.arts: set[int] = set()
        self.kids: list[pikepdf.Object] = []
        self.widgets: list[pikepdf.Object] = []  # form fields (Field stamps), in page order
        self.field_fonts: list[Field] = []
        # the backgrounds' structure trees (pdf/tags.py), each given to its first page
        self.trees = dict(trees or {})
        self.tree: tags.Tree | None = None  # made by the first tagged page

    def background(self, index: int) -> dict[str, list]:
        if index not in self.backgrounds:
            form, _ = self.template.form(index)
            self.xobjects[f"/B{index}"] = self.pdf.copy_foreign(form)
            self.fonts.background(self.template.converted.shown[index])
            page = self.template.pdf.pages[index]
            self.backgrounds[index] = {  # one array object each, shared by its pages
                k: self.pdf.make_indirect(Array(list(page.obj[k])))
                for k in ("/MediaBox", "/TrimBox", "/BleedBox")
                if k in page
            }
        return self.backgrounds[index]

    def art(self, piece: int) -> None:
        if piece not in self.arts:
            self.arts.add(piece)
            form, _ = self.pieces.form(piece)
            self.xobjects[f"/A{piece}"] = self.pdf.copy_foreign(form)
            if self.pieces.converted is not None:
                self.fonts.background(self.pieces.converted.shown[piece])

    def page(self, drawing: Drawing) -> None:
        if drawing.background == BLANK.background:  # paper only: the back of the page before
            page = Dictionary(Type=Name.Page, Resources=Dictionary())
            for key in ("/MediaBox", "/TrimBox", "/BleedBox"):
                if key in self.kids[-1]:
                    page[key] = self.kids[-1][key]
            self.kids.append(self.pdf.make_indirect(page))
            return
        boxes = self.background(drawing.background)
        self.fonts.stamped(drawing.shown)
        for piece in drawing.pieces:
            self.art(piece)
        fields = len(self.widgets)
        for stamp, box in drawing.fields:
            self.widgets.append(forms.widget(self.pdf, stamp, *box))
            self.field_fonts.append(stamp)
        nodes = self.trees.pop(drawing.background, None)  # a tagged page
        page = Dictionary(boxes)
        page.Type, page.Resources = Name.Page, self.resources
        page.Contents = self.pdf.make_stream(drawing.content, Filter=Name.FlateDecode)
        page = self.pdf.make_indirect(page)
        if nodes is not None:
            self.tree = self.tree or tags.Tree(self.pdf)
            xobject = self.xobjects[f"/B{drawing.background}"]
            self.tree.page(page, xobject, nodes, drawing.stamped or {})
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
    drawer: Drawer | None = None,
    drawings: Sequence[Drawing] | None = None,
) -> bytes:
    """Build one PDF: each page = background page (shared Form XObject, stored once) + stamps
    (a BLANK spec: a page of paper only, the size of the one before it). `duplex` ("long" |
    "short") sets the file's preferred flip for double-sided printing; `about` describes the
    file (else: `title` and `creation_date` only); `bookmarks`: (title, page index) each;
    `trees`: the structure trees of the template's tagged pages (pdf/tags.py), by page index:
    the file's tree holds those of its pages, a text stamp in the place its `mark` names.
    `simple`: what converting the template's text to simple fonts made, kept beside it
    (simple.kept: the template was converted when it was laid out), else it is converted here.
    `drawer` and `drawings`: the pack's Drawer and the pages as it drew them (else the pages
    are drawn here)."""
    drawer = drawer or Drawer(template, pieces, trees, simple)
    assembly = _Assembly(drawer, trees)
    for drawing in drawings if drawings is not None else map(drawer.draw, pages):
        assembly.page(drawing)
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
