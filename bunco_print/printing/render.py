"""HTML from the Jinja templates, and PDF from HTML through WeasyPrint.

There is one Jinja environment. Its loader looks in the `templates/` folders of the theme being
rendered (and of the themes it extends) first, then in the shipped templates/. Which theme is
being rendered is a context variable that `render_html` sets from its `theme` argument, so the
same environment, filters and template cache serve every theme; a cached template is loaded
again only when the theme now being rendered finds another file under its name.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import sys
import threading
from collections.abc import Callable, Collection
from contextvars import ContextVar
from functools import cache, lru_cache
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import unquote, urlparse

import jinja2
from jinja2.loaders import split_template_path

from bunco_print.edges.resources import data_dir
from bunco_print.errors import RenderError
from bunco_print.game.money import format_money, share_words
from bunco_print.game.values import counted
from bunco_print.printing import user_agent
from bunco_print.theming.ink_saver import ART_OPACITY
from bunco_print.theming.themes import Theme

# `{% extends "default:docs/rules.html.j2" %}` in a theme's override reaches the shipped one.
SHIPPED_PREFIX = "default:"

_theme_dirs: ContextVar[tuple[Path, ...]] = ContextVar("theme_template_dirs", default=())


class ThemeFirstLoader(jinja2.BaseLoader):
    """The rendered theme's templates/ folders, nearest first, then the shipped templates/."""

    def __init__(self, shipped: Path):
        self.shipped = shipped

    def locate(self, template: str) -> str | None:
        """The file `template` names for the theme being rendered, or None."""
        if template.startswith(SHIPPED_PREFIX):  # a theme's override reaching the original
            folders, template = (self.shipped,), template.removeprefix(SHIPPED_PREFIX)
        else:
            folders = (*_theme_dirs.get(), self.shipped)
        pieces = split_template_path(template)  # refuses `..`
        for folder in folders:
            path = os.path.normpath(os.path.join(folder, *pieces))
            if os.path.isfile(path):
                return path
        return None

    def get_source(self, environment: jinja2.Environment, template: str):
        filename = self.locate(template)
        if filename is None:
            raise jinja2.TemplateNotFound(template)
        mtime = os.path.getmtime(filename)
        source = Path(filename).read_text(encoding="utf-8")

        def uptodate() -> bool:
            # The cache asks this before reusing a template: it is stale when the theme now
            # being rendered finds another file under this name, or when the file changed.
            try:
                return self.locate(template) == filename and os.path.getmtime(filename) == mtime
            except OSError:
                return False

        return source, filename, uptodate

    def list_templates(self) -> list[str]:
        return jinja2.FileSystemLoader(str(self.shipped)).list_templates()


def _pt(value: float) -> str:
    """A length in pt for CSS (the layout measures in pt)."""
    return f"{value:.2f}pt"


def art_uri(theme: Theme, name: str) -> str:
    """Where WeasyPrint finds a theme's art file, its opacities baked into solid colours (faint
    for the ink saver): pdf/opacity.py."""
    from bunco_print.printing.pdf import opacity  # (the pdf package loads pikepdf: only to print)

    return opacity.art_uri(theme.art(name), ART_OPACITY if theme.ink_saver else 1.0)


_ART_URL = re.compile(r'url\("(file://[^"]+\.svg)"\)')


def baked_css(css: str) -> str:
    """A theme's stylesheet with the art its url()s name baked as art_uri bakes it."""
    from bunco_print.printing.pdf import opacity

    def bake(found: re.Match) -> str:
        return f'url("{opacity.art_uri(Path(unquote(urlparse(found[1]).path)))}")'

    return _ART_URL.sub(bake, css)


# Every filter and global the templates may use, in one place.
FILTERS: dict[str, Callable] = {
    "money": format_money,
    "share": share_words,  # a prize's share of the pot in words, for amounts written in
    "pt": _pt,
    "count": counted,  # `wins|count("win")`: "1 win", "10 wins"; "2 losses"
    "art_uri": art_uri,  # `theme|art_uri("dice.svg")`
}
# an empty picture: where pdf/layers.py draws a figure, WeasyPrint only makes its room
GLOBALS: dict[str, object] = {
    "BLANK_SVG": "data:image/svg+xml;charset=utf-8,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org"
    "%2F2000%2Fsvg%22%20width%3D%221%22%20height%3D%221%22%2F%3E"
}


class _QuietBytecodeCache(jinja2.FileSystemBytecodeCache):
    """Compiled templates kept beside the background cache: a cache that cannot be written is
    skipped, never an error."""

    def dump_bytecode(self, bucket) -> None:
        with contextlib.suppress(OSError):
            super().dump_bytecode(bucket)


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    # Compiling the templates costs about 0.3 s of every fresh process; the checksum of each
    # template's source is part of the key, so an edited template is compiled again.
    from bunco_print.edges.config import cache_dir

    if (folder := cache_dir()) is None:
        return None
    try:
        (folder / "jinja").mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return None
    return _QuietBytecodeCache(str(folder / "jinja"))


@cache
def environment() -> jinja2.Environment:
    """The one Jinja environment: theme templates first, autoescaped, with our filters."""
    env = jinja2.Environment(
        loader=ThemeFirstLoader(data_dir("templates")),
        bytecode_cache=_bytecode_cache(),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=True,  # the loader's up-to-date check is what keeps themes apart
    )
    env.filters.update(FILTERS)
    env.globals.update(GLOBALS)
    return env


@cache
def weasyprint():
    """WeasyPrint, loaded (only to lay out). It opens each library it needs by several names,
    other systems' first (`libpango-1.0-0`, `pango-1.0`, ... `libpango-1.0.so.0`), and cffi
    looks up every name that does not open with ctypes.util.find_library, which runs ldconfig,
    gcc and ld: about 0.15 s of a 0.4 s load, on Linux, where the soname opens by itself. So
    there, while it loads, those lookups find nothing; should that leave a library unopened
    (one that only find_library finds), it is loaded again the way it loads itself."""
    import ctypes.util

    if "weasyprint" not in sys.modules and _quick_load_safe():
        found = ctypes.util.find_library
        ctypes.util.find_library = lambda name: None
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # its hint when a library fails
                import weasyprint
        except OSError:
            for name in [m for m in sys.modules if m.partition(".")[0] == "weasyprint"]:
                del sys.modules[name]
        finally:
            ctypes.util.find_library = found
    import weasyprint
    from weasyprint.text.ffi import ffi

    _typed_once(ffi)
    _tags_where_asked()
    return weasyprint


# The C types WeasyPrint always asks cffi for as it lays out and writes (`_typed_once`).
_C_TYPES = ("char[]", "char[4]", "unsigned int *", "FcChar8 **", "PangoLogAttr[]")
_C_TYPES += ("PangoRectangle *", "hb_tag_t[100]", "hb_codepoint_t[]")
_SIZED_GLYPHS = re.compile(r"hb_codepoint_t\[(\d+)\]")


def _typed_once(ffi) -> None:
    """cffi parses each spelling of a C type the first time a process asks for it: about 3 ms
    each, with WeasyPrint's declarations. WeasyPrint spells its glyph arrays with their length
    (`hb_codepoint_t[52]`), a new type for nearly every font it cuts (about 40 ms of a pass in a
    new process); it fills each with as many glyphs as that length, so they are made as
    `hb_codepoint_t[]` from those glyphs: the same array, one type. The types it always asks
    for are parsed as it loads, in the pack's early worker while the command line starts."""
    new = ffi.new

    def new_array(cdecl, init=None):
        sized = _SIZED_GLYPHS.fullmatch(cdecl) if isinstance(cdecl, str) else None
        if sized and isinstance(init, list | tuple) and len(init) == int(sized[1]):
            return new("hb_codepoint_t[]", init)
        return new(cdecl, init)

    ffi.new = new_array
    for name in _C_TYPES:
        with contextlib.suppress(Exception):  # a type another WeasyPrint no longer declares
            ffi.typeof(name)


def _quick_load_safe() -> bool:
    # the lookup is swapped for the whole process: only where no other thread may call it
    return sys.platform.startswith("linux") and threading.active_count() == 1


@cache
def font_config():
    # Building a FontConfiguration is costly; one per process serves every document.
    weasyprint()
    from weasyprint.text.fonts import FontConfiguration

    return FontConfiguration()


def render_html(template: str, **context) -> str:
    """Render a template; a `theme` in the context decides whose templates/ come first."""
    token = _theme_dirs.set(getattr(context.get("theme"), "template_dirs", ()))
    try:
        return environment().get_template(template).render(**context)
    except jinja2.TemplateError as exc:
        raise RenderError(f"template {template}: {exc}") from exc
    finally:
        _theme_dirs.reset(token)


_STYLE = re.compile(r"<style>(.*?)</style>", re.S)


def prepare(html: str, base: Path | None = None) -> None:
    """Parse the page's stylesheet now, so its @font-face fonts are registered in this process
    before a pass is laid out in a forked child: WeasyPrint writes each font into the one
    temporary folder of the font configuration and skips registering a font whose file is
    already there, so a child could miss a font its parent had just written (and lay its pass
    out in another, now and then)."""
    found = _STYLE.search(html)
    if found is not None:
        _stylesheet(found[1], _base_url(base))


def _base_url(base: Path | None) -> str:
    return str(base or data_dir("templates")) + "/"


def layout(html: str, base: Path | None = None):
    """Lay the HTML out into pages (the slow part: do it once per document kind). The page's
    stylesheet (its one <style>, the same for every night of a theme and paper) is parsed once
    per process and handed to WeasyPrint parsed."""
    base_url, agent = _base_url(base), _agent(html)
    found, sheets = _STYLE.search(html), []
    if found is not None:
        html = html[: found.start()] + html[found.end() :]
        sheets.append(_stylesheet(found[1], base_url))
    page = _page_class()(string=html, base_url=base_url)
    page.agent = agent
    return page.render(font_config=font_config(), stylesheets=sheets)


@cache
def _page_class():
    """WeasyPrint's HTML, given the user-agent stylesheet the page has a use for
    (user_agent.py) where this WeasyPrint says which it is; else as it is."""
    html = weasyprint().HTML
    from weasyprint import html as parsing

    if not hasattr(html, "_ua_stylesheets") or not hasattr(parsing, "UA_STYLESHEET"):
        return html

    class Page(html):
        agent = None  # the page's own user-agent stylesheet (None: WeasyPrint's)

        def _ua_stylesheets(self, *args, **kwargs):
            sheets = super()._ua_stylesheets(*args, **kwargs)
            if self.agent is None:
                return sheets
            return [self.agent if sheet is parsing.UA_STYLESHEET else sheet for sheet in sheets]

    return Page


def _agent(html: str):
    """The user-agent stylesheet a page of `html` has a use for (None: WeasyPrint's)."""
    from weasyprint import html as parsing

    shipped = getattr(parsing, "UA", None)
    uses = user_agent.uses(html)
    return None if not isinstance(shipped, str) or uses is None else _agent_sheet(shipped, uses)


@lru_cache(maxsize=8)
def _agent_sheet(shipped: str, uses: user_agent.Uses):
    return weasyprint().CSS(string=user_agent.trimmed(shipped, uses), counter_style={})


@lru_cache(maxsize=16)
def _stylesheet(css: str, base_url: str):
    return weasyprint().CSS(string=css, base_url=base_url, font_config=font_config())


def write_pdf(document, tagged: Collection[int] = ()) -> bytes:
    """The laid-out document as PDF; the pages `tagged` (indexes) in its structure tree
    (pdf/tags.py reads it), where this WeasyPrint lets a tree leave pages out; else every page
    is, when one is asked for."""
    if not tagged:
        return document.write_pdf()
    token = _tagged.set(frozenset(tagged))
    try:
        return document.write_pdf(pdf_tags=True)
    finally:
        _tagged.reset(token)


# the pages the document being written tags (None: every page, as WeasyPrint does)
_tagged: ContextVar[frozenset[int] | None] = ContextVar("tagged_pages", default=None)


class _Untagged:
    """A page, or its content stream, as WeasyPrint's tree builder meets one it leaves out:
    no boxes, no marked content left to place."""

    def __init__(self, page=None) -> None:
        self._page_box = page._page_box.copy_with_children([]) if page is not None else None
        self._tags: dict = {}


def _tags_where_asked() -> None:
    """WeasyPrint tags a whole document or none: a structure element for every box of every
    page, about a third of writing a pack's pass, whose one tagged page is a handout's. Its
    tree builder (`add_tags`) is handed the other pages without their boxes, so the tree holds
    the pages `write_pdf` asks for (their marked content and structure parents are WeasyPrint's
    still; the rest's marked content is left unclaimed, as no reader looks for it there)."""
    import weasyprint.pdf as writing

    add_tags = getattr(writing, "add_tags", None)
    if add_tags is None or getattr(add_tags, "bp_some", False):
        return

    def some_tags(pdf, document, version, streams, *args, **kwargs):
        tagged = _tagged.get()
        if tagged is not None and len(streams) == len(document.pages):
            pages = [
                (page, stream) if index in tagged else (_Untagged(page), _Untagged())
                for index, (page, stream) in enumerate(zip(document.pages, streams, strict=True))
            ]
            document = SimpleNamespace(pages=[page for page, _ in pages])
            streams = [stream for _, stream in pages]
        return add_tags(pdf, document, version, streams, *args, **kwargs)

    some_tags.bp_some = True
    writing.add_tags = some_tags
