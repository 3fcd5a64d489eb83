"""A pack's backgrounds: its HTML laid out by WeasyPrint, once for every night that shares it.

What the pack's worker (forks.start_early) runs, so it imports no more than laying out needs:
not the layout, the stampers nor the writer's callers. `lay_out_html` lays the HTML out in two
passes (passes.py), each `lay_out_backgrounds`: WeasyPrint's pages, the layers drawn into them
(pdf/layers.py), which page is whose, where the flowing text left room for the night's words,
and the tagged documents' structure trees (pdf/tags.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from io import BytesIO

import pikepdf

from bunco_print.printing import forks, passes, render
from bunco_print.printing.pdf import simple, simple_halves
from bunco_print.printing.pdf.layers import draw_layers, layers_drawn, unread_dropped
from bunco_print.printing.pdf.model import Rect

# The documents read rather than written on: their files carry a structure tree (pdf/tags.py)
# that a screen reader reads, headings and paragraphs in order.
TAGGED = ("rules", "invitation")
ANCHORS, TAGGED_PAGES = "@anchors", "@tagged"  # lay_out_raw's: each page's elements, by id


@dataclass
class Backgrounds:
    """The laid-out template: which pages belong to which document."""

    pdf: bytes
    pages: dict[str, list[int]]  # document -> page indexes in `pdf`, in order
    anchors: list[dict[str, Rect]] = field(default_factory=list)  # per page: id -> rectangle
    # room flowing text left for the night's words: id ("words-...") -> [page, x1, y1, x2, y2]
    words: dict[str, list] = field(default_factory=dict)
    # the tagged pages' structure trees (pdf/tags.py): page index -> its elements
    tags: dict[int, list] = field(default_factory=dict)
    # what converting its text to simple fonts made (pdf/simple.kept): "" when not converted
    simple: str = ""

    @classmethod
    def kept(cls, pdf: bytes, pages: dict) -> Backgrounds:
        """The backgrounds as the cache keeps them: `pages` as lay_out_html or lay_out_pass
        give them (the documents' pages, and under passes' keys the rest)."""
        pages = dict(pages)
        words, simple = pages.pop(passes.WORDS, {}), pages.pop(passes.SIMPLE, "")
        trees = {int(index): nodes for index, nodes in pages.pop(passes.TAGS, {}).items()}
        return cls(pdf, pages, words=words, tags=trees, simple=simple)


def lay_out_html(html: str) -> tuple[bytes, dict]:
    """The backgrounds of a pack's HTML as the cache keeps them: laid out in two passes, on
    two cores where it is safe, and their text converted to simple fonts (pdf/simple.py; what
    that made under passes.SIMPLE), so that no later night's pack converts it again: each
    pass's own pages on its own core, in the codes both agree on (pdf/simple_halves.py)."""
    htmls = passes.passes(html)
    if len(htmls) == 1:
        pdf, pages = lay_out_pass(html)
        pdf, pages[passes.SIMPLE] = _converted(pdf)
        return pdf, pages
    render.prepare(html)  # its fonts registered before the second pass is forked
    one, other = htmls
    (a, a_pages, a_shown, codes), (b, b_pages, b_shown) = forks.halves(
        partial(_walked_pass, one),
        partial(_walked_pass, other),
        lambda mine, theirs: _coded_pass(one, mine, theirs),
        lambda theirs, mine: _coded_pass(other, mine, theirs)[:3],  # the codes are the same
        go_on=True,  # inside forks.paired (a pack made here), to draw and write its half
    )
    merged = partial(simple_halves.merged, codes=codes, pages=a_shown + b_shown)
    return passes.joined([a, b], [a_pages, b_pages], finish=merged)


_WALKED: dict[str, tuple] = {}  # a pass laid out and walked on this side, till it is coded


def _walked_pass(html: str) -> simple_halves.Glyphs:
    """The pass laid out and its pages walked (kept here for `_coded_pass`): what its faces
    show, for the other pass. (Its PDF is saved once, coded: not between its layers and its
    walk, as lay_out_pass would.)"""
    pdf, raw = lay_out_raw(html)
    anchors = _anchors(raw)
    template, trees = layers_drawn(pdf, html, anchors, raw[TAGGED_PAGES])
    pages = {**_pages(raw), passes.WORDS: raw[passes.WORDS], passes.TAGS: trees}
    walk = simple.walked(template)
    _WALKED[html] = template, walk, pages
    return walk.keys, walk.unsure


def _coded_pass(html: str, mine, theirs) -> tuple[bytes, dict, list, dict]:
    """The pass in the codes both passes agree on: its PDF, pages, what each page shows in
    codes, and the codes."""
    if html not in _WALKED:  # the child that laid it out failed after giving what it shows
        _walked_pass(html)
    template, walk, pages = _WALKED.pop(html)
    codes = simple_halves.shared(mine, theirs)
    with template:
        done = simple.finish(template, walk, codes, mark=True)
        out = BytesIO()
        template.save(out, deterministic_id=True)
    return out.getvalue(), pages, done.shown, codes


def _converted(pdf: bytes) -> tuple[bytes, str]:
    """The laid-out PDF with its text in simple fonts, and what converting it made."""
    with pikepdf.open(BytesIO(pdf)) as template:
        made = simple.kept(template, simple.convert(template))
        out = BytesIO()
        template.save(out, deterministic_id=True)
    return out.getvalue(), made


def lay_out_backgrounds(html: str) -> Backgrounds:
    """The HTML laid out by WeasyPrint, its layers and figures drawn in."""
    return drawn(*lay_out_raw(html), html)


def lay_out_raw(html: str) -> tuple[bytes, dict]:
    """WeasyPrint's pages of the HTML, before any layer or figure is drawn into them (the
    tagged documents' pages with their structure tree), and what `drawn` needs of the layout:
    its documents' pages, and under passes' keys where its flowing text left room for the
    night's words, where each page's elements are and which pages are tagged. As plain data:
    the background cache keeps it (a catalogue draws one layout with other figures)."""
    document = render.layout(unread_dropped(html))
    pages: dict[str, list[int]] = {}
    anchors, words = [], {}
    for index, page in enumerate(document.pages):
        anchors.append({key: list(value) for key, value in page.anchors.items()})
        for key, value in page.anchors.items():
            doc, sep, number = key.rpartition("-page-")
            if sep and number.isdigit():  # the page ids the layout gives (layout.Page.id)
                pages.setdefault(doc, []).append(index)
            elif key.startswith("words-"):  # room in flowing text for the night's words
                words[key] = [index, *value]
    tagged = [index for doc in TAGGED for index in pages.get(doc, ())]
    pdf = render.write_pdf(document, tagged)
    return pdf, {**pages, passes.WORDS: words, ANCHORS: anchors, TAGGED_PAGES: tagged}


def drawn(pdf: bytes, raw: dict, html: str) -> Backgrounds:
    """The pages `lay_out_raw` made, with the layers and figures `html` holds drawn into them
    (pdf/layers.py): the HTML they were laid out from, or one that differs only in its
    figures' drawings and alt texts (layers.blank_figures)."""
    anchors = _anchors(raw)
    pdf, trees = draw_layers(pdf, html, anchors, raw[TAGGED_PAGES])
    return Backgrounds(pdf, _pages(raw), anchors=anchors, words=raw[passes.WORDS], tags=trees)


def _pages(raw: dict) -> dict[str, list[int]]:
    """The documents' pages `lay_out_raw` found."""
    return {doc: found for doc, found in raw.items() if not doc.startswith("@")}


def _anchors(raw: dict) -> list[dict[str, Rect]]:
    """Each page's elements, by id, where `lay_out_raw` found them."""
    return [{key: Rect.from_anchor(box) for key, box in page.items()} for page in raw[ANCHORS]]


def lay_out_pass(html: str) -> tuple[bytes, dict]:
    """One WeasyPrint pass as the background cache keeps it: its PDF, its documents' pages,
    (under passes.WORDS) where its flowing text left room for the night's words and (under
    passes.TAGS) its tagged pages' structure trees."""
    laid = lay_out_backgrounds(html)
    return laid.pdf, {**laid.pages, passes.WORDS: laid.words, passes.TAGS: laid.tags}
