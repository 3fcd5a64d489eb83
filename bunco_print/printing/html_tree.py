"""Our pages' HTML read into the element tree WeasyPrint's HTML parser would build, faster.

WeasyPrint reads HTML with tinyhtml5, a pure-Python parser of the whole HTML standard: a
pass's 7 kB took 4 to 5 ms of its layout. The templates write a small, regular HTML (every
element closed where it opened, `html`, `head` and `body` spelled out), and for that the
standard's tree is plain nesting: so it is built here from the standard library's tokenizer
(html.parser), in under a millisecond, with the standard's few rules for where the document's
whitespace goes. Whatever lies outside that (a tag the standard closes or moves by itself,
a table, inline SVG, a comment, an attribute given twice, ...) gives None, and WeasyPrint
parses that page itself. A test holds the two trees equal for every document of every theme.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta"})
VOID |= {"source", "track", "wbr"}
# Elements whose start tag the standard lets close or move other elements, or whose content it
# reads its own way: with any of them the page is left to tinyhtml5 (paragraphs, lists and
# their items, headings: followed in _in_body).
_OWN_RULES = frozenset(
    {"a", "address", "applet", "article", "aside", "blockquote", "button", "caption", "center"}
    | {"col", "colgroup", "dd", "details", "dialog", "dir", "dl", "dt", "fieldset", "figcaption"}
    | {"figure", "font", "footer", "form", "frame", "frameset", "hgroup", "iframe", "image"}
    | {"isindex", "keygen", "listing", "main", "marquee", "math", "menu", "nav", "nobr"}
    | {"noembed", "noframes", "noscript", "object", "optgroup", "option", "plaintext", "pre"}
    | {"rb", "rp", "rt", "rtc", "ruby", "script", "search", "select", "style", "summary", "svg"}
    | {"table", "tbody", "td", "template", "textarea", "tfoot", "th", "thead", "title", "tr"}
    | {"xmp", "html", "head", "body", "hr"}
)
_BLOCKS = frozenset({"div", "section", "header", "h1", "h2", "h3", "h4", "h5", "h6"})
_HEADINGS = frozenset({"h1", "h2", "h3", "h4", "h5", "h6"})
_SPACE = " \t\n\f"
_REFERENCE = re.compile(r"&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);")


class _NotPlain(Exception):
    """HTML whose tree the standard builds otherwise than by plain nesting."""


def parsed(html: str) -> ET.Element | None:
    """The root (`html`) of the tree tinyhtml5.parse(html, namespace_html_elements=False)
    gives, for HTML as our templates write it; None for any other."""
    if "\r" in html or "\0" in html:
        return None
    reader = _Reader()
    try:
        reader.feed(html)
        reader.close()
        return reader.root()
    except _NotPlain:
        return None


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tree = ET.TreeBuilder()
        self.open: list[str] = []  # the elements open, outermost first
        self.part = "before"  # of the document: before, html, head, between, body, after
        self.body: ET.Element | None = None
        self.paragraph = False  # a <p> is open (the standard closes it at a block's start)
        self.items: list[bool] = []  # each list open: whether an item of it is (a <li> closes it)

    def root(self) -> ET.Element:
        if self.part != "after" or self.open:
            raise _NotPlain
        return self.tree.close()

    def _attributes(self, attrs: list[tuple[str, str | None]]) -> dict[str, str]:
        found = {name: value or "" for name, value in attrs}
        raw = self.get_starttag_text() or ""
        if len(found) != len(attrs) or ("&" in raw and "&" in _REFERENCE.sub("", raw)):
            raise _NotPlain  # an attribute twice, or a character reference the standard may
        return found  # leave as it is in an attribute

    def handle_starttag(self, tag: str, attrs) -> None:
        found = self._attributes(attrs)
        if tag == "html" and self.part == "before":
            self.part = "html"
        elif tag == "head" and self.part == "html":
            self.part = "head"
        elif tag == "body" and self.part == "between":
            self.part = "body"
        elif self.part == "head" and self.open[-1] == "head" and tag in ("meta", "link", "title"):
            pass
        elif self.part == "body" and tag not in _OWN_RULES:
            self._in_body(tag)
        else:
            raise _NotPlain
        element = self.tree.start(tag, found)
        if tag == "body":
            self.body = element
        if tag in VOID:
            self.tree.end(tag)
        else:
            self.open.append(tag)

    def _in_body(self, tag: str) -> None:
        if self.paragraph and (tag in _BLOCKS or tag in ("p", "ul", "ol", "li")):
            raise _NotPlain  # the standard would close the paragraph here
        if tag == "li" and (not self.items or self.items[-1]):
            raise _NotPlain  # (an item outside a list, or in an open item of its list)
        if tag in _HEADINGS and self.open and self.open[-1] in _HEADINGS:
            raise _NotPlain
        if tag == "p":
            self.paragraph = True
        elif tag == "li":
            self.items[-1] = True
        elif tag in ("ul", "ol"):
            self.items.append(False)

    def handle_startendtag(self, tag: str, attrs) -> None:
        if tag not in VOID:
            raise _NotPlain  # the standard reads `<div/>` as `<div>`
        self.handle_starttag(tag, attrs)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open[-1] != tag:
            raise _NotPlain  # closed out of order, or never opened
        self.open.pop()
        self.tree.end(tag)
        if tag == "head":
            self.part = "between"
        elif tag == "body":
            self.part = "after"
            self.open.append("html")  # (the standard keeps both open: text after goes in body)
        elif tag == "html":
            self.open = []
        elif tag == "p":
            self.paragraph = False
        elif tag in ("ul", "ol"):
            self.items.pop()
        elif tag == "li":
            self.items[-1] = False

    def handle_data(self, data: str) -> None:
        if self.part in ("before", "html"):
            if data.strip(_SPACE):
                raise _NotPlain
        elif self.part == "head" and self.open[-1] == "title":
            self.tree.data(data)
        elif self.part in ("head", "between"):
            if data.strip(_SPACE):
                raise _NotPlain
            self.tree.data(data)  # the head's, or after it (the head's tail)
        elif self.part == "body":
            self.tree.data(data)
        elif data.strip(_SPACE):
            raise _NotPlain
        else:  # after the body: the standard puts it at the end of the body
            self._after_body(data)

    def _after_body(self, data: str) -> None:
        body = self.body
        if len(body):
            body[-1].tail = (body[-1].tail or "") + data
        else:
            body.text = (body.text or "") + data

    def handle_comment(self, data: str) -> None:
        raise _NotPlain

    def handle_decl(self, decl: str) -> None:
        if self.part != "before" or decl.lower() != "doctype html":
            raise _NotPlain

    def handle_pi(self, data: str) -> None:
        raise _NotPlain

    def unknown_decl(self, data: str) -> None:
        raise _NotPlain
