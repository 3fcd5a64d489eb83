"""Our pages' HTML is read into the very tree WeasyPrint's own parser (tinyhtml5) builds, or
left to that parser: for every document of every theme, and for any HTML at all."""

from __future__ import annotations

import contextlib

import tinyhtml5
from hypothesis import given, settings
from hypothesis import strategies as st

from bunco_print.printing import html_tree, orders, passes, render
from bunco_print.printing.pack import build_pack
from bunco_print.printing.pdf.layers import unread_dropped
from bunco_print.theming.themes import available


def shape(element) -> tuple:
    """An element and all it holds, as plain values to compare."""
    kids = tuple(shape(kid) for kid in element)
    return element.tag, tuple(element.attrib.items()), element.text, element.tail, kids


def weasyprints(html: str) -> tuple:
    return shape(tinyhtml5.parse(html, namespace_html_elements=False))


class _Got(Exception):
    pass


def pack_html(**order) -> str:
    """The HTML a pack's backgrounds are laid out from."""
    found = []

    def keep(html):
        found.append(html)
        raise _Got

    with contextlib.suppress(_Got):
        build_pack(orders.pack_request({"seed": 3, "date": "2026-12-04", **order}), keep)
    return found[0]


def without_style(html: str) -> str:
    found = render._STYLE.search(html)
    return html[: found.start()] + html[found.end() :] if found else html


RULESETS = ["classic", "tournament", "bonko", "progressive", "mybunco"]


def test_every_document_of_every_theme_is_read_as_weasyprint_reads_it():
    for n, theme in enumerate(available()):
        order = {"theme": theme, "ruleset": RULESETS[n % 5], "extras": "all", "players": 9 + n}
        order |= {"large_print": n % 3 == 0, "paper": "a4" if n % 2 else "letter"}
        order |= {"place": "O’Neil & Sons <Hall>", "time": "7 & 8 pm"}
        html = pack_html(**order)
        for page in [html, *map(unread_dropped, passes.passes(html))]:
            page = without_style(page)
            tree = html_tree.parsed(page)
            assert tree is not None, theme  # (else WeasyPrint parses it, slower)
            assert shape(tree) == weasyprints(page), theme


def test_html_the_standard_reads_otherwise_is_left_to_weasyprint():
    body = [
        "<p>a<div>b</div></p>",  # a block closes the paragraph
        "<ul><li>a<li>b</ul>",  # an item closes the one before
        "<table><tr><td>a</td></tr></table>",  # a body made for the rows
        "<svg><path d='M0 0'/></svg>",  # elements in another namespace
        "<!-- a comment -->",
        '<img alt="a" alt="b">',  # an attribute twice: the first one counts
        '<img alt="&copy=2">',  # a character reference left as it is in an attribute
        "<div/>",  # read as an open <div>
        "<b><i>a</b></i>",  # closed out of order
        "<h1><h2>a</h2></h1>",  # a heading closes the heading open
        "<pre>\na</pre>",  # its first newline dropped
    ]
    for html in body:
        page = f"<!doctype html><html><head></head><body>{html}</body></html>"
        assert html_tree.parsed(page) is None, html
    for html in ["a<html><body></body></html>", "<html><body>x</body>y</html>", "<p>a</p>"]:
        assert html_tree.parsed(html) is None
    assert html_tree.parsed("<html><head></head><body>a\r\nb</body></html>") is None


_TAGS = ["div", "p", "span", "b", "i", "ul", "li", "h1", "h2", "section", "table", "td", "svg"]
_TAGS += ["title", "pre", "a", "em", "header", "br", "img", "hr", "small", "ol"]
_TEXTS = ["a", " ", "\n", "&amp;", "&lt;b", "é", "&copy", "x&y"]
_LONE = ["<br>", "<img src=x>", "<hr>", "</p>", "<!-- c -->"]  # (an end tag never opened)


@st.composite
def markup(draw, depth: int = 0) -> str:
    """A piece of HTML: text (with character references), and elements, mostly well nested."""
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.integers(0, 5 if depth < 3 else 1))
        if kind == 0:
            parts.append(draw(st.sampled_from(_TEXTS)))
        elif kind == 1:
            parts.append(draw(st.sampled_from(_LONE)))
        else:
            tag = draw(st.sampled_from(_TAGS))
            attrs = draw(st.sampled_from(["", ' class="c"', ' id="i" title="a&amp;b"', " hidden"]))
            inner = draw(markup(depth + 1))
            close = draw(st.sampled_from([f"</{tag}>"] * 6 + ["", "</div>"]))
            parts.append(f"<{tag}{attrs}>{inner}{close}")
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(
    head=st.sampled_from(["", "<meta charset=utf-8>", "<title>T &amp; U</title>\n<link href=x>"]),
    body=markup(),
    before=st.sampled_from(["", "<!doctype html>\n", " \n"]),
    after=st.sampled_from(["", "\n", " \n", "x"]),
)
def test_any_html_is_read_as_weasyprint_reads_it_or_left_to_it(head, body, before, after):
    html = f"{before}<html lang=en>\n<head>{head}</head>\n<body class=b>{body}</body>"
    html += f"{after}</html>\n"
    tree = html_tree.parsed(html)
    if tree is not None:
        assert shape(tree) == weasyprints(html)
