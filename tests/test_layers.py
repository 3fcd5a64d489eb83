"""The pages' static layers drawn into the PDF by pdf/vector.py look as WeasyPrint draws them."""

from __future__ import annotations

import base64
import io
import itertools
import re
from dataclasses import replace

import pikepdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import ImageChops

from bunco_print.edges.resources import data_dir
from bunco_print.printing import render
from bunco_print.printing.backgrounds import lay_out_backgrounds
from bunco_print.printing.layout.base import Inputs
from bunco_print.printing.layout.pads import pad_grid, reminder_words
from bunco_print.printing.layout.svg import data_uri
from bunco_print.printing.pack import PackRequest, build_pack, plan, template_context
from bunco_print.printing.pdf.layers import art_drawing, opacity_states, unread_dropped
from bunco_print.printing.pdf.vector import LayerError, Resources, convert, markup_of

from .pdftools import lines_of

DOCS = ["score_sheet", "tally_pad", "seat_cards", "prize_sheet", "rules", "table_marker"]


def pack_html(native: bool, **options) -> str:
    request = PackRequest(players=13, seed=3, date="2026-12-04", **options)
    event, _secret, theme, ruleset = plan(request)
    return render.render_html(
        "base.html.j2", **template_context(event, ruleset, theme, request, DOCS, native=native)
    )


def backgrounds(native: bool, **options):
    return lay_out_backgrounds(pack_html(native, **options))


# With --ink-saver, WeasyPrint leaves out the mirrored corner ornaments a marker's layer draws at
# 30% opacity (three of each four); they are drawn here, so markers are compared without it.
@pytest.mark.parametrize(
    ("options", "unlike"),
    [({"theme": "october"}, ()), ({"theme": "july", "ink_saver": True, "per_page": 2}, DOCS[-1:])],
)
def test_every_document_looks_as_when_weasyprint_draws_its_layer(options, unlike):
    ours, theirs = backgrounds(True, **options), backgrounds(False, **options)
    assert {doc: len(p) for doc, p in ours.pages.items()} == {
        doc: len(p) for doc, p in theirs.pages.items()
    }
    a, b = pdfium.PdfDocument(ours.pdf), pdfium.PdfDocument(theirs.pdf)
    for doc, pages in theirs.pages.items():
        for index in pages if doc not in unlike else ():
            mine = a[ours.pages[doc][pages.index(index)]].render(scale=60 / 72).to_pil()
            weasy = b[index].render(scale=60 / 72).to_pil()
            differ = ImageChops.difference(mine.convert("L"), weasy.convert("L"))
            changed = sum(differ.histogram()[41:])  # pixels 40 levels apart or more
            ink = sum(weasy.convert("L").histogram()[:235])
            # the same drawing, give or take antialiasing: under 3% of the inked pixels
            assert ink > 2000 and changed < 0.03 * ink, f"{doc} page {index}: {changed} of {ink}"


def resources() -> Resources:
    def no_font(family, weight, italic):
        raise LayerError("no fonts here")

    def no_art(href, under, faint):
        raise LayerError("no art here")

    return Resources(font=no_font, art=no_art, info=lambda path: None)


def test_paths_and_frames_become_pdf_operators():
    markup = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        '<path d="M1 1h4v4H1z" fill="#ff0000"/>'
        '<rect x="2" y="2" width="4" height="3" fill="none" stroke="#000" stroke-dasharray="2 1"/>'
        '<g transform="translate(5 5) scale(2)"><path d="M0 0L1 1" stroke="#00f" fill="none"/></g>'
        "</svg>"
    )
    ops = convert(markup, resources())
    assert b"1 0 0 rg" in ops and b"1 1 m\n5 1 l\n5 5 l\n1 5 l\nh\nf Q" in ops
    assert b"2 2 4 3 re\nS Q" in ops and b"[2 1] 0 d" in ops
    assert b"q 2 0 0 2 5 5 cm" in ops


def test_each_subpath_of_a_repeated_shape_is_drawn_from_its_own_corner():
    d = "M1 1h2v2h-2z M5 5h2v2h-2z m1 1 2 0 0 2z M0 9 1 9 L2 9"
    markup = f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><path d="{d}"/></svg>'
    ops = convert(markup, resources())
    assert b"1 1 m\n3 1 l\n3 3 l\n1 3 l\nh\n5 5 m\n7 5 l\n7 7 l\n5 7 l\nh\n" in ops
    assert b"h\n6 6 m\n8 6 l\n8 8 l\nh\n0 9 m\n1 9 l\n2 9 l\nf Q" in ops


@pytest.mark.parametrize(
    "element",
    [
        '<line x2="3" y2="2"/>',
        '<path d="M1 1 B 2 2"/>',
        '<path d="M1 1" fill="red"/>',
        '<path d="M1 1h2v2z3"/>',  # numbers after a closepath (once, a layer that never ended)
        '<path d="M1 1C2 2 3L4 4"/>',  # a letter where a number is
        '<path d="M39"/>',  # one number, never read as two
    ],
)
def test_svg_it_does_not_draw_is_an_error_never_a_wrong_page(element):
    markup = f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{element}</svg>'
    with pytest.raises(LayerError):
        convert(markup, resources())


def test_every_themes_art_is_drawn_as_weasyprint_draws_it():
    """The art files (corners, dice, stars, seats, ghosts, ornaments of every theme) are drawn
    by pdf/vector.py as forms: ellipses, polygons, arcs, smooth curves, transforms on shapes and
    opacities, compared with WeasyPrint's drawing of each file on a page of its own size."""
    files = sorted(path for path in data_dir("themes").glob("*/*.svg") if path.name != "rule.svg")
    assert len(files) >= 70
    pages = []
    drawn = [art_drawing(path) for path in files]  # (operators, width, height, opacities, _)
    for k, (_ops, w, h, _opacities, _faint) in enumerate(drawn):
        pages.append(
            f"@page a{k} {{ size: {w}pt {h}pt; margin: 0 }} #a{k} {{ page: a{k} }}"
            f"#a{k} img {{ display: block; width: {w}pt; height: {h}pt }}",
        )
    css = "body { margin: 0 }" + "".join(pages)
    body = "".join(f'<div id="a{k}"><img src="{p.as_uri()}"></div>' for k, p in enumerate(files))
    weasy = pdfium.PdfDocument(render.write_pdf(render.layout(f"<style>{css}</style>{body}")))
    native = pikepdf.new()
    for content, w, h, opacities, _faint in drawn:
        page = native.add_blank_page(page_size=(w, h))
        page.obj.Contents = native.make_stream(content)
        page.obj.Resources = pikepdf.Dictionary(ExtGState=opacity_states(opacities))
    out = io.BytesIO()
    native.save(out)
    ours = pdfium.PdfDocument(out.getvalue())
    unlike = []
    for k, path in enumerate(files):
        mine = ours[k].render(scale=2).to_pil().convert("L")
        theirs = weasy[k].render(scale=2).to_pil().convert("L")
        changed = sum(ImageChops.difference(mine, theirs).histogram()[41:])
        ink = sum(theirs.histogram()[:235])
        # WeasyPrint draws a circle with control points r/sqrt(pi) from its ends, not 0.5523r:
        # a dashed circle's dashes drift along it, so those files differ a little more
        dashed = re.search(r"<circle[^>]*stroke-dasharray", path.read_text(encoding="utf-8"))
        if not (ink > 500 and changed < (0.08 if dashed else 0.03) * ink):
            unlike.append(f"{path.parent.name}/{path.name}: {changed} of {ink}")
    assert not unlike


@given(st.text())
def test_a_drawing_goes_into_its_data_uri_and_comes_out_as_it_was(markup):
    """data_uri writes any drawing as base64 of its UTF-8, which any reader of data URIs reads
    (WeasyPrint, where it draws the layers), and markup_of reads it back, whole or its data."""
    uri = data_uri(markup)
    assert uri.startswith("data:image/svg+xml;base64,")
    assert base64.b64decode(uri.partition(",")[2]).decode("utf-8") == markup
    assert markup_of(uri) == markup_of(uri.partition(",")[2]) == markup


@pytest.mark.parametrize("data", ["%3Csvg%3E", "PHN2Zz4", "PHN2Zz4=!", "/w==", "PHN2Zz4é"])
def test_data_that_is_not_base64_of_text_is_a_layer_error(data):
    with pytest.raises(LayerError):
        markup_of(data)


def test_weasyprint_is_given_no_drawing_it_would_only_parse():
    html = pack_html(native=True)
    dropped = unread_dropped(html)
    assert len(dropped) < len(html) / 2
    assert "bp-native" in dropped and 'src=""' in dropped and 'data-svg=""' in dropped
    # what WeasyPrint reads stays: every element, id, alt text and blank picture
    assert re.findall(r'<img[^>]*? id="([^"]+)" alt="([^"]*)"', dropped) == re.findall(
        r'<img[^>]*? id="([^"]+)" alt="([^"]*)"', html
    )
    assert re.sub(r'(src|data-svg)="[^"]*"', "", dropped) == re.sub(
        r'(src|data-svg)="[^"]*"', "", html
    )


@pytest.mark.parametrize(
    ("ruleset", "large"), [("classic", False), ("bonko", True), ("tournament", False)]
)
def test_a_tally_pads_reminder_reads_whole_on_every_pad_and_stays_in_it(ruleset, large):
    """The scoring reminder the layer draws: its words in order on each pad, none of its letters
    in the gutter between two pads (where a line too long would run), and in large print its
    lines 1.4 apart."""
    request = PackRequest(players=13, seed=3, date="2026-12-04", ruleset=ruleset)
    request = replace(request, large_print=large)
    pads = build_pack(request, signed=False).documents["tally-pads.pdf"]
    event, _secret, theme, rules = plan(request, signed=False)
    night = Inputs(event, rules, theme, request.paper, large=large)
    cols, rows = pad_grid(night)
    page = pdfium.PdfDocument(pads)[0]
    text = page.get_textpage()
    words = "".join("".join(reminder_words(night)).split())
    assert "".join(text.get_text_range().split()).count(words) == cols * rows
    sizes = {line.size for line, _ in lines_of(pads, pairs=False) if "Keep" in line.text}
    cut = page.get_width() / cols  # between two pads
    for k in range(text.count_chars()):
        if round(pdfium_c.FPDFText_GetFontSize(text.raw, k), 1) in sizes:
            left, _bottom, right, _top = text.get_charbox(k)
            assert right < cut - 16 or left > cut + 16, (k, left, right)
    if large:
        tops = sorted({line.y for line, _ in lines_of(pads, pairs=False) if line.size in sizes})
        assert all(b - a >= 1.4 * max(sizes) - 0.1 for a, b in itertools.pairwise(tops[:3]))


@pytest.mark.parametrize(
    "svg",
    [
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M1 2z3"/></svg>',
        '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><path d="M1 1',
    ],
)
def test_a_themes_art_it_cannot_draw_is_named_in_one_clear_error(svg, tmp_path):
    from bunco_print.errors import InputError

    art = tmp_path / "corner.svg"
    art.write_text(svg, encoding="utf-8")
    with pytest.raises(InputError, match=r"art .*corner\.svg: .+; it cannot be printed"):
        art_drawing(art)
