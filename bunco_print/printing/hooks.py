"""What this project changes in how WeasyPrint runs, each change made only where the
WeasyPrint it finds has the part it changes (else WeasyPrint runs as it comes, slower):

- cffi's C types, spelled once (`_typed_once`);
- a page's element tree handed in when html_tree.py could read its HTML (`given_tree`);
- a document's structure tree made for the pages asked for only (`tagging`).

render.weasyprint() installs them as it loads WeasyPrint.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection, Iterator
from contextvars import ContextVar
from types import SimpleNamespace
from xml.etree.ElementTree import Element

# The C types WeasyPrint always asks cffi for as it lays out and writes (`_typed_once`).
_C_TYPES = ("char[]", "char[4]", "unsigned int *", "FcChar8 **", "PangoLogAttr[]")
_C_TYPES += ("PangoRectangle *", "hb_tag_t[100]", "hb_codepoint_t[]")
_SIZED_GLYPHS = re.compile(r"hb_codepoint_t\[(\d+)\]")

# the element tree of the page being read (None: WeasyPrint's parser reads it)
_tree: ContextVar[Element | None] = ContextVar("given_tree", default=None)
# the pages the document being written tags (None: every page, as WeasyPrint does)
_tagged: ContextVar[frozenset[int] | None] = ContextVar("tagged_pages", default=None)


def install(weasyprint, ffi) -> None:
    """Every change, on the loaded WeasyPrint and its cffi instance (once each)."""
    _typed_once(ffi)
    _trees_given(weasyprint)
    _tags_where_asked()


def _typed_once(ffi) -> None:
    """cffi parses each spelling of a C type the first time a process asks for it: about 3 ms
    each, with WeasyPrint's declarations. WeasyPrint spells its glyph arrays with their length
    (`hb_codepoint_t[52]`), a new type for nearly every font it cuts (about 40 ms of a pass in a
    new process); it fills each with as many glyphs as that length, so they are made as
    `hb_codepoint_t[]` from those glyphs: the same array, one type. The types it always asks
    for are parsed as it loads, in the pack's early worker while the command line starts."""
    if getattr(ffi.new, "bp_typed", False):
        return
    new = ffi.new

    def new_array(cdecl, init=None):
        if not isinstance(init, list | tuple) or not isinstance(cdecl, str):
            return new(cdecl, init)  # (most calls: text as char[], sizes as int *)
        sized = _SIZED_GLYPHS.fullmatch(cdecl)
        if sized and len(init) == int(sized[1]):
            return new("hb_codepoint_t[]", init)
        return new(cdecl, init)

    new_array.bp_typed = True
    ffi.new = new_array
    for name in _C_TYPES:
        with contextlib.suppress(Exception):  # a type another WeasyPrint no longer declares
            ffi.typeof(name)


@contextlib.contextmanager
def _holding(var: ContextVar, value) -> Iterator[None]:
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def given_tree(tree: Element | None) -> contextlib.AbstractContextManager[None]:
    """The page WeasyPrint reads meanwhile (one HTML(...)) is `tree`, not parsed again (None:
    parsed as WeasyPrint parses it)."""
    return _holding(_tree, tree)


def _trees_given(weasyprint) -> None:
    """WeasyPrint's HTML reads its page with tinyhtml5.parse, which it names as a module of its
    own: that name is given a `parse` that hands back a tree `given_tree` holds, once."""
    parser = getattr(weasyprint, "tinyhtml5", None)
    if parser is None or getattr(parser, "bp_given", False) or not hasattr(parser, "parse"):
        return

    def parse(source, *args, **kwargs):
        tree = _tree.get()
        if tree is not None and kwargs.get("namespace_html_elements") is False:
            _tree.set(None)
            return tree
        return parser.parse(source, *args, **kwargs)

    weasyprint.tinyhtml5 = SimpleNamespace(parse=parse, bp_given=True)


def tagging(pages: Collection[int]) -> contextlib.AbstractContextManager[None]:
    """The document written meanwhile has the pages `pages` (indexes) in its structure tree,
    where this WeasyPrint lets a tree leave pages out; else every page."""
    return _holding(_tagged, frozenset(pages))


def _tags_where_asked() -> None:
    """WeasyPrint tags a whole document or none: a structure element for every box of every
    page, about a third of writing a pack's pass, whose one tagged page is a handout's. Its
    tree builder (`add_tags`) is handed the other pages without their boxes, so the tree holds
    the pages `tagging` asks for (their marked content and structure parents are WeasyPrint's
    still; the rest's marked content is left unclaimed, as no reader looks for it there): a
    page left out as one with no boxes, its stream as one with no marked content to place."""
    import weasyprint.pdf as writing

    add_tags = getattr(writing, "add_tags", None)
    if add_tags is None or getattr(add_tags, "bp_some", False):
        return

    def some_tags(pdf, document, version, streams, *args, **kwargs):
        tagged = _tagged.get()
        if tagged is not None and len(streams) == len(document.pages):
            pages = list(zip(document.pages, streams, strict=True))
            for index in set(range(len(pages))) - tagged:
                page = SimpleNamespace(_page_box=pages[index][0]._page_box.copy_with_children([]))
                pages[index] = page, SimpleNamespace(_tags={})
            document = SimpleNamespace(pages=[page for page, _ in pages])
            streams = [stream for _, stream in pages]
        return add_tags(pdf, document, version, streams, *args, **kwargs)

    some_tags.bp_some = True
    writing.add_tags = some_tags
