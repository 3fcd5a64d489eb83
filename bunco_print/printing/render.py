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
from urllib.parse import unquote, urlparse

import jinja2
from jinja2.loaders import split_template_path

from bunco_print.edges.resources import data_dir
from bunco_print.errors import RenderError
from bunco_print.game.money import format_money, share_words
from bunco_print.game.values import counted
from bunco_print.printing import hooks, user_agent, variables
from bunco_print.printing.html_tree import parsed
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

    hooks.install(weasyprint, ffi)
    return weasyprint


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
        _page_sheet(found[1], html[found.end() :], _base_url(base))


def _base_url(base: Path | None) -> str:
    return str(base or data_dir("templates")) + "/"


def layout(html: str, base: Path | None = None):
    """Lay the HTML out into pages (the slow part: do it once per document kind). The page's
    stylesheet (its one <style>, the same for every night of a theme and paper) is parsed once
    per process and handed to WeasyPrint parsed; the rest of the page read by html_tree.py
    where it can (as WeasyPrint's own parser would read it, several times faster)."""
    base_url, agent = _base_url(base), _agent(html)
    found, sheets = _STYLE.search(html), []
    if found is not None:
        html = html[: found.start()] + html[found.end() :]
        sheets.append(_page_sheet(found[1], html[found.start() :], base_url))
    page_class = _page_class()
    with hooks.given_tree(parsed(html)):
        page = page_class(string=html, base_url=base_url, url_fetcher=_url_fetcher())
    page.agent = agent
    return page.render(font_config=font_config(), stylesheets=sheets)


@cache
def _url_fetcher():
    """One URL fetcher for every page (its art and drawings are files and data): WeasyPrint
    makes one a page where none is given, its handlers built and the proxies read anew. None
    where this WeasyPrint has no such class (it then makes its own)."""
    from weasyprint import urls

    fetcher = getattr(urls, "URLFetcher", None)
    return fetcher() if isinstance(fetcher, type) else None


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


def _page_sheet(css: str, rest: str, base_url: str):
    """The page's <style> parsed, the theme's variables that cannot vary written in
    (variables.py; `rest`: the rest of the page, whose style attributes may set some)."""
    return _stylesheet(variables.fixed(css, rest), base_url)


@lru_cache(maxsize=16)
def _stylesheet(css: str, base_url: str):
    return weasyprint().CSS(string=css, base_url=base_url, font_config=font_config())


def write_pdf(document, tagged: Collection[int] = ()) -> bytes:
    """The laid-out document as PDF; the pages `tagged` (indexes) in its structure tree
    (pdf/tags.py reads it), where this WeasyPrint lets a tree leave pages out; else every page
    is, when one is asked for."""
    if not tagged:
        return document.write_pdf()
    with hooks.tagging(tagged):
        return document.write_pdf(pdf_tags=True)
