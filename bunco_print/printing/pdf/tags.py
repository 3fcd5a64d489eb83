"""The structure tree a screen reader reads (headings, paragraphs, lists, pictures' words, in
reading order): WeasyPrint's, carried over to the files the writer makes.

WeasyPrint (`pdf_tags`) marks each run of text and each picture in a page's content with an
MCID and builds a tree over them. The background cache keeps pages, not trees, and the writer
draws each background page as a form under its stamps, so at layout time `read` turns each
tagged page's part of the tree into plain data kept beside the page (like its anchors): an
element is `{"S": role, "K": kids}` (with "Alt" and a "BBox" in pt for a picture), a kid an
MCID of the page's content, an element, or `{"W": id}`: the place of the night's words stamped
with that mark (Text.mark). The template marks such a place with `draw.words_mark(id)` (an
empty picture whose alt text names it) inside the element the words belong to; that element
then holds only the stamped words. Pictures with no alt text (the theme's art, the layers') and
whatever the tree leaves out are artifacts. `Tree` builds a file's tree from that data: marked
content references into the backgrounds' forms (PDF 1.7, 14.7.4.3), the stamped words marked
in the page's own content, a parent tree for both.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from bunco_print.printing.pdf.model import Rect
from bunco_print.printing.units import PT_PER_PX

WORDS_MARK = "bp-words:"  # a words_mark picture's alt text: this, then the words' mark
# Elements that only wrap their text (a run of text, <b>): their kids go to their parent.
_WRAPPERS = ("/Span", "/NonStruct")
# A marked-content sequence as WeasyPrint (pydyf) writes it, and one in any other spacing.
_MARKED = re.compile(rb"/(\w+)\s*<<\s*/MCID\s+(\d+)\s*>>\s*BDC")


@dataclass
class _Page:
    """One tagged page being read: its elements, its pictures' elements and where they are."""

    nodes: list = field(default_factory=list)
    figures: list[tuple[tuple[float, ...], dict]] = field(default_factory=list)
    next_mcid: int = 0


class Reading:
    """The tagged pages of a laid-out PDF, read (`read`), then given their pictures' drawings
    (`figure`), and `done`: the tree's data per page, the PDF without WeasyPrint's tree."""

    def __init__(self, pages: dict[int, _Page]) -> None:
        self.pages = pages

    def figure(self, index: int, box: Rect, content: bytes) -> bytes:
        """The drawing (`content`) of the picture in `box` (CSS px) on page `index`, marked as
        its element's content (a reader says its alt text); an artifact where the picture is
        not in the tree (no alt text: an ornament)."""
        page, where = self.pages.get(index), (box.x1, box.y1, box.x2, box.y2)
        for bbox, node in page.figures if page else ():
            if all(abs(a - b) < 0.01 for a, b in zip(bbox, where, strict=True)):
                node["K"].append(page.next_mcid)
                page.next_mcid += 1
                return marked(content, page.next_mcid - 1, b"Figure")
        return artifact(content)

    def done(self, doc: pikepdf.Pdf) -> dict[int, list]:
        """Each tagged page's elements, their pictures' boxes in pt; WeasyPrint's tree taken out
        of `doc`, and each marked sequence the tree left out made an artifact."""
        for index, page in self.pages.items():
            pdf_page = doc.pages[index]
            left, _, _, top = (float(v) for v in pdf_page.trimbox)
            for (x1, y1, x2, y2), node in page.figures:
                node["BBox"] = [
                    round(left + x1 * PT_PER_PX, 3),
                    round(top - y2 * PT_PER_PX, 3),
                    round(left + x2 * PT_PER_PX, 3),
                    round(top - y1 * PT_PER_PX, 3),
                ]
            _artifacts(pdf_page, _mcids(page.nodes))
        for key in ("/StructTreeRoot", "/MarkInfo", "/ViewerPreferences"):
            if key in doc.Root:
                del doc.Root[key]
        for pdf_page in doc.pages:
            for key in ("/StructParents", "/Tabs"):
                if key in pdf_page.obj:
                    del pdf_page.obj[key]
        return {index: page.nodes for index, page in self.pages.items()}


def read(doc: pikepdf.Pdf, tagged: Collection[int]) -> Reading:
    """The tree WeasyPrint wrote for the pages `tagged` (indexes), page by page."""
    root = doc.Root.get("/StructTreeRoot")
    if root is None or not tagged:
        return Reading({})
    index = {page.objgen: n for n, page in enumerate(doc.pages)}
    pages = {n: _Page() for n in sorted(tagged)}
    for document in _kids(root):
        for elem in _kids(document):
            n = index.get(elem.get("/Pg", Dictionary()).objgen)
            if n in pages:
                pages[n].nodes += _node(elem, pages[n])
    for n, page in pages.items():
        found = [int(m[2]) for m in _MARKED.finditer(_content(doc.pages[n]))]
        page.next_mcid = max(found, default=-1) + 1
    return Reading(pages)


def _kids(elem: pikepdf.Object) -> list:
    kids = elem.get("/K")
    if kids is None:
        return []
    return list(kids) if isinstance(kids, Array) else [kids]


def _mark(elem: pikepdf.Object) -> str | None:
    """The mark a words_mark picture names, or None for any other element."""
    alt = elem.get("/Alt")
    if elem.get("/S") == "/Figure" and alt is not None and str(alt).startswith(WORDS_MARK):
        return str(alt).removeprefix(WORDS_MARK)
    return None


def _node(elem: pikepdf.Object, page: _Page) -> list:
    """An element as data: a list of one element, or of the kids it only wraps, or empty."""
    role, alt = elem.get("/S"), elem.get("/Alt")
    if role == "/Figure" and not alt:
        return []  # a picture with no words: the theme's art, an empty room
    kids: list = []
    words: list = []  # the places of words marked in this element itself
    for kid in _kids(elem):
        if isinstance(kid, int):
            kids.append(int(kid))
        elif isinstance(kid, Dictionary) and kid.get("/Type") == "/MCR":
            kids.append(int(kid.MCID))
        elif isinstance(kid, Dictionary) and (mark := _mark(kid)) is not None:
            words.append({"W": mark})
        elif isinstance(kid, Dictionary) and "/S" in kid:
            kids += _node(kid, page)
    if words:  # the room the template left for stamped words: they are all it holds
        kids = words
    if not kids:
        return []
    if role in _WRAPPERS:
        return kids
    node = {"S": str(role)[1:], "K": kids}
    if role == "/Figure":
        node["Alt"] = str(alt)
        bbox = elem.get("/A", Dictionary()).get("/BBox")  # WeasyPrint's: CSS px, y down
        if bbox is not None:
            page.figures.append((tuple(float(v) for v in bbox), node))
    return [node]


def _content(page: pikepdf.Page) -> bytes:
    contents = page.obj.get("/Contents")
    streams = contents if isinstance(contents, Array) else [contents]
    return b"".join(s.read_bytes() for s in streams if s is not None)


def _mcids(nodes: Sequence) -> set[int]:
    found = set()
    for node in nodes:
        if isinstance(node, int):
            found.add(node)
        elif "K" in node:
            found |= _mcids(node["K"])
    return found


def marks(nodes: Sequence) -> set[str]:
    """The marks of the stamped words the elements `nodes` have places for."""
    found = set()
    for node in nodes:
        if isinstance(node, dict):
            found |= {node["W"]} if "W" in node else marks(node["K"])
    return found


def _artifacts(page: pikepdf.Page, kept: set[int]) -> None:
    """Each marked sequence of the page whose MCID the tree does not hold made an artifact."""
    contents = page.obj.get("/Contents")
    for stream in contents if isinstance(contents, Array) else [contents]:
        data = stream.read_bytes()

        def artifact(found: re.Match) -> bytes:
            return found[0] if int(found[2]) in kept else b"/Artifact BMC"

        changed = _MARKED.sub(artifact, data)
        if changed != data:
            stream.write(changed)


def artifact(content: bytes) -> bytes:
    """Content that is no part of the tree (the layers' frames and art, a stamp with no place
    in it), marked as such."""
    return b"/Artifact BMC\n" + content + b"EMC\n"


def marked(content: bytes, mcid: int, role: bytes = b"Span") -> bytes:
    """Content that an element of the tree holds, as its marked-content sequence `mcid`."""
    return b"/%s <</MCID %d>> BDC\n" % (role, mcid) + content + b"EMC\n"


class Tree:
    """A file's structure tree: a Document element holding each tagged page's elements in page
    order (`page`), written into the file by `finish`."""

    def __init__(self, pdf: pikepdf.Pdf) -> None:
        self.pdf = pdf
        self.root = pdf.make_indirect(Dictionary(Type=Name.StructTreeRoot))
        self.document = pdf.make_indirect(
            Dictionary(Type=Name.StructElem, S=Name.Document, P=self.root)
        )
        self.top = Array()
        self.parents = Array()  # the parent tree's Nums: key, [element of each MCID], ...
        self.keys = 0

    def key(self) -> int:
        """The next StructParents key (a page's, or a form's)."""
        self.keys += 1
        return self.keys - 1

    def page(
        self,
        page: pikepdf.Object,
        form: pikepdf.Object,
        nodes: Sequence[dict],
        stamped: Mapping[str, Sequence[int]],
    ) -> None:
        """`page`'s elements: `nodes` (read from its background, drawn from `form`) with the
        stamps marked `stamped` (mark -> MCIDs of the page's own content) in their places."""
        own: dict[int, pikepdf.Object] = {}
        inner: dict[int, pikepdf.Object] = {}
        for node in nodes:
            elem = self._element(node, self.document, page, form, stamped, own, inner)
            if elem is not None:
                self.top.append(elem)
        if own:
            page.StructParents = self._parents(own)
        if inner:
            form.StructParents = self._parents(inner)

    def _parents(self, found: dict[int, pikepdf.Object]) -> int:
        key = self.key()
        self.parents.append(key)
        self.parents.append(Array([found.get(m) for m in range(max(found) + 1)]))
        return key

    def _element(self, node, parent, page, form, stamped, own, inner) -> pikepdf.Object | None:
        """The element `node` (None when it holds nothing: a room with no words stamped)."""
        elem = Dictionary(Type=Name.StructElem, S=Name("/" + node["S"]), P=parent, Pg=page)
        elem = self.pdf.make_indirect(elem)
        kids = Array()
        for kid in node["K"]:
            if isinstance(kid, int):  # drawn in the background's form
                kids.append(Dictionary(Type=Name.MCR, MCID=kid, Stm=form))
                inner[kid] = elem
            elif "W" in kid:  # stamped on the page
                for mcid in stamped.get(kid["W"], ()):
                    kids.append(mcid)
                    own[mcid] = elem
            elif (child := self._element(kid, elem, page, form, stamped, own, inner)) is not None:
                kids.append(child)
        if not len(kids):
            return None
        elem.K = kids
        if "Alt" in node:
            elem.Alt = String(node["Alt"])
        if "BBox" in node:
            elem.A = Dictionary(O=Name.Layout, BBox=Array(node["BBox"]))
        return elem

    def finish(self) -> None:
        """The tree into the file: its root, the parent tree, the file marked as tagged."""
        if not len(self.top):
            return
        self.document.K = self.top
        self.root.K = Array([self.document])
        self.root.ParentTree = self.pdf.make_indirect(Dictionary(Nums=self.parents))
        self.root.ParentTreeNextKey = self.keys
        self.pdf.Root.StructTreeRoot = self.root
        self.pdf.Root.MarkInfo = Dictionary(Marked=True)
