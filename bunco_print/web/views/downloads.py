"""What is fetched rather than read: the host's results (results.json, totals.csv,
rolloffs.csv, the results sheet's PDF) and the pages' own files (the script and stylesheet, a
night's theme as CSS, its fonts and art)."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path

import fontTools
from starlette.requests import Request
from starlette.responses import Response

from bunco_print.edges import background_cache
from bunco_print.edges.resources import data_dir
from bunco_print.errors import BuncoError
from bunco_print.nights import live
from bunco_print.printing.results import results_pdf as results_sheet
from bunco_print.web.views.base import download, error_page, event_of, host_of

STATIC = {"app.css": "text/css; charset=utf-8", "app.js": "text/javascript; charset=utf-8"}
FONT_TYPES = {".ttf": "font/ttf", ".otf": "font/otf", ".woff2": "font/woff2", ".woff": "font/woff"}
ART = ("star.svg", "dice.svg", "corner.svg", "ghost.svg", "seat.svg", "rule.svg")
CSV = "text/csv; charset=utf-8"


# --- the host's results -------------------------------------------------------------------------


def results_json(request: Request) -> Response:
    """The same document as `bunco-print prizes --json` for the totals entered so far."""
    event = host_of(request)
    body = json.dumps(event.so_far().json(), indent=2, ensure_ascii=False) + "\n"
    return Response(body, media_type="application/json")


def totals_csv(request: Request) -> Response:
    event = host_of(request)
    return download(event.so_far().totals_csv(), CSV, event, live.TOTALS_NAME)


def rolloffs_csv(request: Request) -> Response:
    event = host_of(request)
    return download(event.so_far().rolloffs_csv(), CSV, event, live.ROLLOFFS_NAME)


def results_pdf(request: Request) -> Response:
    event = host_of(request)
    now = event.so_far()
    if not now.settlement.valid:
        return error_page(
            request, 409, "The totals do not hold together yet: fix the sheets the dashboard "
            "flags, then print the results.",
        )  # fmt: skip
    return download(results_sheet(now.settlement), "application/pdf", event, "results.pdf")


# --- the pages' own files -----------------------------------------------------------------------


def static(request: Request) -> Response:
    name = request.path_params["name"]
    if name not in STATIC:
        return error_page(request, 404)
    body = (data_dir("templates") / "web" / name).read_bytes()
    return Response(body, media_type=STATIC[name], headers={"Cache-Control": "public, max-age=300"})


def theme_css(request: Request) -> Response:
    event = event_of(request)
    prefix = f"/e/{event.id}/font"
    css = event.theme.base_css(lambda role, face, path: f"{prefix}/{role}/{face}")
    return Response(css, media_type="text/css", headers={"Cache-Control": "public, max-age=300"})


def font(request: Request) -> Response:
    event = event_of(request)
    role, face = request.path_params["role"], request.path_params["face"]
    fonts = event.theme.fonts
    if role not in fonts or face not in fonts[role].faces:
        return error_page(request, 404)
    body, kind = web_font(fonts[role].faces[face])
    headers = {"Cache-Control": "public, max-age=86400"}
    return Response(body, media_type=kind, headers=headers)


# What the pages write: Latin letters and their accents, punctuation, the symbols the pages use.
# A name in another script falls back, glyph by glyph, to the phone's own fonts.
PAGE_TEXT = [*range(0x20, 0x7F), *range(0xA0, 0x250), *range(0x2010, 0x2070), 0x20AC, 0x2212,
             0x2605, 0x2713, 0x2190, 0x2192, 0x2026]  # fmt: skip


# The faces the pages' words are in (headings; words; bold words): made before the first phone
# arrives (half a second each), the theme's other faces when first asked for.
PAGE_FACES = (("display", "400"), ("body", "400"), ("body", "700"))


@functools.cache
def web_font(path: Path) -> tuple[bytes, str]:
    """The theme's font for a page: subset to what the pages write and compressed as WOFF2
    (a full TTF is hundreds of kB a face: a phone's first visit paid for two of them). Made
    once per font and kept in the cache between servers (half a second a face; a server whose
    cuts are kept does not even load fontTools' subsetter); a font fontTools cannot read is
    sent as it is."""
    try:
        import brotli  # noqa: F401 - WOFF2's compression, there with WeasyPrint's fontTools[woff]

        flavor, kind = "woff2", "font/woff2"
    except ImportError:
        flavor, kind = "woff", "font/woff"
    recipe = f"{flavor} {PAGE_TEXT} {LAYOUT_FEATURES} {fontTools.version}"
    try:
        cut = background_cache.kept_file(
            f"{path.stem}.{flavor}", path, recipe, lambda: _cut(path, flavor)
        )
    except _Unreadable:
        return path.read_bytes(), FONT_TYPES.get(path.suffix.lower(), "application/octet-stream")
    return cut, kind


class _Unreadable(Exception):
    """A font fontTools cannot read: sent as it is, never kept."""


LAYOUT_FEATURES = ["kern", "liga", "calt", "ccmp", "locl", "mark", "mkmk"]


def _cut(path: Path, flavor: str) -> bytes:
    from fontTools import subset
    from fontTools.ttLib import TTLibError

    try:
        font = subset.load_font(str(path), subset.Options())
    except (TTLibError, OSError, ValueError):
        raise _Unreadable from None
    options = subset.Options()
    options.layout_features = LAYOUT_FEATURES
    options.name_IDs, options.hinting = ["*"], False  # a phone's screen does not use hints
    options.flavor = flavor
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=PAGE_TEXT)
    subsetter.subset(font)
    out = io.BytesIO()
    subset.save_font(font, out, options)
    return out.getvalue()


def art(request: Request) -> Response:
    event = event_of(request)
    name = request.path_params["name"]
    if name not in ART:
        return error_page(request, 404)
    try:
        body = event.theme.art(name).read_bytes()
    except BuncoError:
        return error_page(request, 404)
    headers = {
        "Cache-Control": "public, max-age=86400",
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
    }
    return Response(body, media_type="image/svg+xml", headers=headers)
