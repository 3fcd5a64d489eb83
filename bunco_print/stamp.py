"""Fast PDFs: WeasyPrint backgrounds stored once, per-sheet text, QR codes and art stamped on."""

from __future__ import annotations

import hashlib
import re
import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache, lru_cache
from io import BytesIO
from operator import getitem
from pathlib import Path

from fontTools.ttLib import TTFont
from pypdf import PdfReader
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, PdfObject, StreamObject

from .qr import qr_grid

# How a page is built: its content stream is `q /B<i> Do Q` (background page i of the template,
# copied once per output file as a Form XObject) followed by each stamp's operators: text in an
# embedded Type0 font, a QR code as one path of rectangles, an art piece as another Form XObject.
# All pages share one resource dictionary. The PDF file itself is written by _Writer.

PX = 0.75  # PDF points per CSS px
_NAME = re.compile(rb"/([^\s/\[\]()<>{}%]+)")  # a name in a content stream


# ---------------------------------------------------------------- public data model


@dataclass(frozen=True)
class Rect:
    """CSS px from the page's top-left corner, as in WeasyPrint's ``page.anchors[id]``."""

    x1: float
    y1: float
    x2: float
    y2: float

    @classmethod
    def from_anchor(cls, anchor: tuple[float, float, float, float]) -> Rect:
        return cls(*anchor)


@dataclass(frozen=True)
class Text:
    text: str
    font: Path
    size: float  # pt, shrunk so the text fits the rect's width
    color: str = "#000000"
    align: str = "center"  # "left" | "center" | "right"; vertically always centred
    rotate: int = 0  # 0 | 180: upside down, turned about the rect's centre

    def __post_init__(self) -> None:
        if self.align not in ("left", "center", "right") or self.rotate not in (0, 180):
            raise ValueError(f"bad align/rotate in {self!r}")


@dataclass(frozen=True)
class QR:
    data: str
    color: str = "#000000"


@dataclass(frozen=True)
class Art:
    piece: int  # page index in the `pieces` PDF
    rotate: int = 0  # 0 | 180

    def __post_init__(self) -> None:
        if self.rotate not in (0, 180):
            raise ValueError(f"bad rotate in {self!r}")


Stamp = Text | QR | Art


@dataclass(frozen=True)
class PageSpec:
    background: int  # page index in the template PDF
    stamps: tuple[tuple[Rect, Stamp], ...] = ()


# ---------------------------------------------------------------- PDF writing


def _num(x: float) -> bytes:
    return (b"%.3f" % x).rstrip(b"0").rstrip(b".")


@cache
def _rgb(color: str) -> bytes:
    hex_ = color.lstrip("#")
    if len(hex_) == 3:
        hex_ = "".join(c * 2 for c in hex_)
    return b" ".join(_num(int(hex_[i : i + 2], 16) / 255) for i in (0, 2, 4))


class _Writer:
    """Numbered PDF objects (bytes); identical shareable bodies are stored once."""

    def __init__(self) -> None:
        self.bodies: list[bytes | None] = []
        self.known: dict[bytes, int] = {}

    def reserve(self) -> int:
        self.bodies.append(None)
        return len(self.bodies)

    def put(self, num: int, body: bytes) -> int:
        self.bodies[num - 1] = body
        return num

    def add(self, body: bytes, share: bool = True) -> int:
        if share and body in self.known:
            return self.known[body]
        num = self.put(self.reserve(), body)
        if share:
            self.known[body] = num
        return num

    def stream(self, head: bytes, data: bytes) -> int:
        data = zlib.compress(data, 1)  # level 1: 3x faster than 6 on page streams, ~20% larger
        return self.add(
            b"<<%s/Filter/FlateDecode/Length %d>>stream\n%s\nendstream" % (head, len(data), data)
        )

    def finish(self, kids: list[int], tree: int, title: str, created: datetime | None) -> bytes:
        """The PDF file: page tree (at reserved number `tree`), catalog, info, objects, xref."""
        refs = b" ".join(b"%d 0 R" % k for k in kids)
        self.put(tree, b"<</Type/Pages/Count %d/Kids[%s]>>" % (len(kids), refs))
        info = b"/Producer(bunco-print)"
        if title:
            info += b"/Title<%s>" % ("\ufeff" + title).encode("utf-16-be").hex().encode()
        if created is not None:
            date = created.strftime("D:%Y%m%d%H%M%S")
            if offset := created.strftime("%z"):
                date += f"{offset[:3]}'{offset[3:]}'"
            info += b"/CreationDate(%s)/ModDate(%s)" % (date.encode(), date.encode())
        info_num = self.add(b"<<%s>>" % info)
        root = self.add(b"<</Type/Catalog/Pages %d 0 R>>" % tree)
        out, offsets = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), []
        for num, body in enumerate(self.bodies, 1):
            offsets.append(len(out))
            out += b"%d 0 obj\n%s\nendobj\n" % (num, body)
        file_id = hashlib.md5(out, usedforsecurity=False).hexdigest().encode()
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(offsets) + 1)
        out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
        out += b"trailer\n<</Size %d/Root %d 0 R/Info %d 0 R/ID[<%s><%s>]>>\n" % (
            len(offsets) + 1,
            root,
            info_num,
            file_id,
            file_id,
        )
        return bytes(out + b"startxref\n%d\n%%%%EOF\n" % xref)


@lru_cache(maxsize=4)
def _reader(data: bytes) -> PdfReader:
    """Parsing is the slow part of copying, and a pack reads the same template once per file."""
    return PdfReader(BytesIO(data))


class _Importer:
    """Copies objects of one (read-only) pypdf reader into a _Writer, each at most once."""

    def __init__(self, data: bytes, writer: _Writer) -> None:
        self.reader, self.writer = _reader(bytes(data)), writer
        self.done: dict[int, int] = {}
        self.busy: set[int] = set()

    def ref(self, ref: IndirectObject) -> int:
        if ref.idnum in self.done:
            return self.done[ref.idnum]
        if ref.idnum in self.busy:  # reference cycle: number it now, fill it in when done
            self.done[ref.idnum] = self.writer.reserve()
            return self.done[ref.idnum]
        self.busy.add(ref.idnum)
        obj = ref.get_object()
        if isinstance(obj, StreamObject):  # copied still encoded
            head = b"".join(
                self.pdf(k) + self.pdf(v)
                for k, v in obj.items()
                if k not in ("/Length", "/Resources")
            )
            if "/Resources" in obj:  # a form or pattern
                head += b"/Resources" + self.resources(obj["/Resources"], obj.get_data())
            body = b"<<%s/Length %d>>stream\n%s\nendstream" % (head, len(obj._data), obj._data)
        else:
            body = self.pdf(obj)
        self.busy.discard(ref.idnum)
        if ref.idnum in self.done:
            return self.writer.put(self.done[ref.idnum], body)
        self.done[ref.idnum] = self.writer.add(body)
        return self.done[ref.idnum]

    def pdf(self, obj: PdfObject) -> bytes:
        if isinstance(obj, IndirectObject):
            return b" %d 0 R" % self.ref(obj)
        if isinstance(obj, DictionaryObject):
            return b"<<%s>>" % b"".join(self.pdf(k) + self.pdf(v) for k, v in obj.items())
        if isinstance(obj, ArrayObject):
            return b"[%s]" % b"".join(self.pdf(v) for v in obj)
        buf = BytesIO()
        buf.write(b" ")
        obj.write_to_stream(buf)
        return buf.getvalue()

    def resources(self, resources: PdfObject, content: bytes) -> bytes:
        """`resources` cut down to the names that `content` uses: WeasyPrint shares one resource
        dictionary (all fonts, images, ...) between all pages and groups of a document."""
        used = {b"/" + name for name in _NAME.findall(content)}
        out = b""
        for category, entries in resources.get_object().items():
            entries = entries.get_object()
            if isinstance(entries, DictionaryObject) and b"#" not in content:  # no name escapes
                entries = {k: v for k, v in entries.items() if k.encode() in used}
                out += self.pdf(category) + self.pdf(DictionaryObject(entries))
            else:
                out += self.pdf(category) + self.pdf(entries)
        return b"<<%s>>" % out

    def form(self, index: int) -> tuple[int, tuple[float, float, float, float]]:
        """Page `index` as a Form XObject: its object number, and its box (x, y, width, height)."""
        page = self.reader.pages[index]
        contents = page.get("/Contents", ArrayObject()).get_object()
        streams = contents if isinstance(contents, ArrayObject) else [contents]
        data = b"\n".join(s.get_object().get_data() for s in streams)
        box, resources = page.mediabox, page.get("/Resources", DictionaryObject())
        head = b"/Type/XObject/Subtype/Form/BBox%s/Resources%s" % (
            self.pdf(ArrayObject(box)),
            self.resources(resources, data),
        )
        return self.writer.stream(head, data), (box.left, box.bottom, box.width, box.height)


# ---------------------------------------------------------------- fonts


@dataclass
class _Font:
    path: Path
    upm: int
    ascent: int
    descent: int  # negative
    cmap: dict[int, int]  # code point -> glyph id
    advances: list[int]  # by glyph id
    name: bytes  # PostScript name
    descriptor: bytes  # FontDescriptor entries, without the font file


@cache
def _font(path: Path) -> _Font:
    path = Path(path)
    tt = TTFont(path, lazy=True)
    glyphs = tt.getGlyphOrder()
    gid = {name: i for i, name in enumerate(glyphs)}
    hmtx, head, hhea = tt["hmtx"], tt["head"], tt["hhea"]
    k = 1000 / head.unitsPerEm
    name = re.sub(r"[^A-Za-z0-9_-]", "", tt["name"].getDebugName(6) or "") or "Font"
    bbox = b" ".join(_num(v * k) for v in (head.xMin, head.yMin, head.xMax, head.yMax))
    cap_height = getattr(tt.get("OS/2"), "sCapHeight", 0) or hhea.ascent
    descriptor = b"/FontName/%s/Flags 4/FontBBox[%s]/ItalicAngle %s" % (
        name.encode(),
        bbox,
        _num(tt["post"].italicAngle),
    )
    descriptor += b"/Ascent %s/Descent %s/CapHeight %s/StemV 80" % (
        _num(hhea.ascent * k),
        _num(hhea.descent * k),
        _num(cap_height * k),
    )
    return _Font(
        path,
        head.unitsPerEm,
        hhea.ascent,
        hhea.descent,
        {cp: gid[glyph] for cp, glyph in tt.getBestCmap().items()},
        [hmtx[g][0] for g in glyphs],
        name.encode(),
        descriptor,
    )


def missing_glyphs(font: Path, text: str) -> str:
    """The characters of `text` that `font` has no glyph for (they would print as .notdef)."""
    cmap = _font(font).cmap
    return "".join(dict.fromkeys(c for c in text if ord(c) not in cmap))


_TO_UNICODE = (
    b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap\n"
    b"/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n"
    b"/CMapName/Adobe-Identity-UCS def/CMapType 2 def\n"
    b"1 begincodespacerange\n<0000><FFFF>\nendcodespacerange\n%s"
    b"endcmap CMapName currentdict/CMap defineresource pop end end"
)


def _embed_font(w: _Writer, font: _Font, used: dict[int, str]) -> int:
    """Type0 font, Identity-H (2-byte codes = glyph ids), the whole font file embedded, with
    widths and a ToUnicode map for the `used` glyphs (glyph id -> text)."""
    raw = font.path.read_bytes()
    cff = raw[:4] == b"OTTO"  # CFF outlines: FontFile3/OpenType and CIDFontType0
    font_file = w.stream(b"/Subtype/OpenType" if cff else b"/Length1 %d" % len(raw), raw)
    descriptor = w.add(
        b"<</Type/FontDescriptor%s/FontFile%s %d 0 R>>"
        % (font.descriptor, b"3" if cff else b"2", font_file)
    )
    gids = sorted(used)
    widths = b"".join(b"%d[%s]" % (g, _num(font.advances[g] * 1000 / font.upm)) for g in gids)
    cid_font = w.add(
        b"<</Type/Font/Subtype/CIDFontType%s/BaseFont/%s/FontDescriptor %d 0 R/W[%s]%s"
        b"/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>>>"
        % (
            b"0" if cff else b"2",
            font.name,
            descriptor,
            widths,
            b"" if cff else b"/CIDToGIDMap/Identity",
        )
    )
    pairs = [b"<%04X><%s>" % (g, used[g].encode("utf-16-be").hex().encode()) for g in gids]
    chunks = (pairs[i : i + 100] for i in range(0, len(pairs), 100))  # at most 100 per block
    bfchars = b"".join(b"%d beginbfchar\n%s\nendbfchar\n" % (len(c), b"\n".join(c)) for c in chunks)
    to_unicode = w.stream(b"", _TO_UNICODE % bfchars)
    return w.add(
        b"<</Type/Font/Subtype/Type0/BaseFont/%s/Encoding/Identity-H"
        b"/DescendantFonts[%d 0 R]/ToUnicode %d 0 R>>" % (font.name, cid_font, to_unicode)
    )


# ---------------------------------------------------------------- drawing stamps
# Each takes the stamp's rect in PDF user space: x, y (bottom-left), width, height in pt.


def _draw_qr(qr: QR, x: float, y: float, w: float, h: float) -> bytes:
    layout, grid = qr_grid(qr.data)
    n = layout.n
    m = min(w, h) / (n + 4)  # module size: the code plus a 2-module quiet zone fills the square
    hex_digits = f"{int(grid, 2):0{len(grid) // 4}x}"  # 4 modules each
    path = b"".join(map(getitem, layout.paths, hex_digits))
    # in module units with the origin at the code's top-left corner and y going down
    return b"q %s 0 0 %s %s %s cm 1 g -2 -2 %d %d re f %s rg\n%sf Q\n" % (
        _num(m),
        _num(-m),
        _num(x + (w - m * n) / 2),
        _num(y + (h + m * n) / 2),
        n + 4,
        n + 4,
        _rgb(qr.color),
        path,
    )


def _draw_text(
    text: Text,
    font: _Font,
    name: bytes,
    used: dict[int, str],
    x: float,
    y: float,
    w: float,
    h: float,
) -> bytes:
    gids = [font.cmap.get(ord(c), 0) for c in text.text]  # 0 = .notdef
    for gid, char in zip(gids, text.text, strict=True):
        used.setdefault(gid, char if gid else "\ufffd")
    units = sum(font.advances[g] for g in gids)
    size = min(text.size, w * font.upm / units) if units else text.size
    width = units * size / font.upm
    # origin of the text relative to the rect's centre, for upright text
    dx = {"left": -w / 2, "center": -width / 2, "right": w / 2 - width}[text.align]
    dy = -(font.ascent + font.descent) / 2 * size / font.upm  # centres the ascent..descent box
    r = -1 if text.rotate == 180 else 1  # 180°: the same, turned about the rect's centre
    return b"q %s rg BT /%s %s Tf %d 0 0 %d %s %s Tm <%s> Tj ET Q\n" % (
        _rgb(text.color),
        name,
        _num(size),
        r,
        r,
        _num(x + w / 2 + r * dx),
        _num(y + h / 2 + r * dy),
        struct.pack(f">{len(gids)}H", *gids).hex().encode(),
    )


def _draw_form(
    name: bytes,
    box: tuple[float, float, float, float],
    rotate: int,
    x: float,
    y: float,
    w: float,
    h: float,
) -> bytes:
    bx, by, bw, bh = map(float, box)
    a = min(w / bw, h / bh) * (-1 if rotate == 180 else 1)  # scale; negative = turned 180°
    e, f = x + w / 2 - a * (bx + bw / 2), y + h / 2 - a * (by + bh / 2)  # centre on centre
    return b"q %s 0 0 %s %s %s cm /%s Do Q\n" % (_num(a), _num(a), _num(e), _num(f), name)


# ---------------------------------------------------------------- assembling pages


class _Assembly:
    """One output PDF: one shared resource dictionary (backgrounds and art pieces as Form
    XObjects, fonts), and pages that each draw a background and then their stamps."""

    def __init__(self, template: bytes, pieces: bytes | None) -> None:
        self.w = _Writer()
        self.tree, self.resources = self.w.reserve(), self.w.reserve()
        self.template = self.pieces = _Importer(template, self.w)
        if pieces != template:  # the lead's pack passes the template as its own pieces
            self.pieces = None if pieces is None else _Importer(pieces, self.w)
        self.xobjects: dict[bytes, int] = {}  # resource name -> object number
        self.fonts: dict[Path, tuple[bytes, dict[int, str]]] = {}  # -> resource name, used glyphs
        self.backgrounds: dict[int, tuple[bytes, float, float]] = {}  # -> page head, left, top
        self.arts: dict[int, tuple[float, float, float, float]] = {}  # piece -> its box
        self.kids: list[int] = []

    def background(self, index: int) -> tuple[bytes, float, float]:
        if index not in self.backgrounds:
            self.xobjects[b"B%d" % index] = self.template.form(index)[0]
            page = self.template.reader.pages[index]
            boxes = b"".join(
                b"%s%s" % (k.encode(), self.template.pdf(page[k]))
                for k in ("/MediaBox", "/TrimBox", "/BleedBox")
                if k in page
            )
            head = b"/Type/Page/Parent %d 0 R/Resources %d 0 R%s" % (
                self.tree,
                self.resources,
                boxes,
            )
            # CSS px are measured from the top-left of WeasyPrint's page box, its TrimBox
            self.backgrounds[index] = head, float(page.trimbox.left), float(page.trimbox.top)
        return self.backgrounds[index]

    def stamp(self, rect: Rect, stamp: Stamp, left: float, top: float) -> bytes:
        x, y = left + rect.x1 * PX, top - rect.y2 * PX
        box = x, y, (rect.x2 - rect.x1) * PX, (rect.y2 - rect.y1) * PX
        if isinstance(stamp, QR):
            return _draw_qr(stamp, *box)
        if isinstance(stamp, Text):
            if stamp.font not in self.fonts:
                self.fonts[stamp.font] = b"F%d" % len(self.fonts), {}
            return _draw_text(stamp, _font(stamp.font), *self.fonts[stamp.font], *box)
        if self.pieces is None:
            raise ValueError("an Art stamp needs a pieces PDF")
        name = b"A%d" % stamp.piece
        if stamp.piece not in self.arts:
            self.xobjects[name], self.arts[stamp.piece] = self.pieces.form(stamp.piece)
        return _draw_form(name, self.arts[stamp.piece], stamp.rotate, *box)

    def page(self, spec: PageSpec) -> None:
        head, left, top = self.background(spec.background)
        content = b"q /B%d Do Q\n" % spec.background
        content += b"".join(self.stamp(rect, stamp, left, top) for rect, stamp in spec.stamps)
        body = b"<<%s/Contents %d 0 R>>" % (head, self.w.stream(b"", content))
        self.kids.append(self.w.add(body, share=False))

    def finish(self, title: str, created: datetime | None) -> bytes:
        fonts = b"".join(
            b"/%s %d 0 R" % (name, _embed_font(self.w, _font(path), used))
            for path, (name, used) in self.fonts.items()
        )
        xobjects = b"".join(b"/%s %d 0 R" % item for item in self.xobjects.items())
        self.w.put(self.resources, b"<</XObject<<%s>>/Font<<%s>>>>" % (xobjects, fonts))
        return self.w.finish(self.kids, self.tree, title, created)


def assemble(
    template: bytes,
    pages: Sequence[PageSpec],
    pieces: bytes | None = None,
    *,
    title: str = "",
    creation_date: datetime | None = None,
) -> bytes:
    """Build one PDF: each page = background page (shared Form XObject, stored once) + stamps."""
    assembly = _Assembly(template, pieces)
    for spec in pages:
        assembly.page(spec)
    return assembly.finish(title, creation_date)


def concatenate(
    pdfs: Sequence[bytes], *, title: str = "", creation_date: datetime | None = None
) -> bytes:
    """All pages of the given PDFs, in order, in one PDF. Shared objects (fonts, backgrounds)
    are stored once; outlines and named destinations are dropped."""
    w, kids = _Writer(), []
    tree = w.reserve()
    for data in pdfs:
        source = _Importer(data, w)
        # number the pages first: a link on one page may point at another
        nums = {page.indirect_reference.idnum: w.reserve() for page in source.reader.pages}
        source.done.update(nums)
        for page in source.reader.pages:
            head = b"".join(
                source.pdf(k) + source.pdf(v)
                for k, v in page.items()
                if k not in ("/Parent", "/StructParents")
            )
            w.put(nums[page.indirect_reference.idnum], b"<<%s/Parent %d 0 R>>" % (head, tree))
        kids += nums.values()
    return w.finish(kids, tree, title, creation_date)
