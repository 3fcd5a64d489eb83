"""Opacity baked into solid colours where what lies beneath is known (pdf/opacity.py), and
transparency groups dropped where nothing needs them (pdf/groups.py): the art looks as it did."""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pikepdf
import pypdfium2 as pdfium
import pytest
from PIL import ImageChops

from bunco_print.edges.resources import data_dir
from bunco_print.printing import render
from bunco_print.printing.pdf.groups import drop_needless_groups
from bunco_print.printing.pdf.opacity import art_uri, bake
from bunco_print.theming.ink_saver import ART_OPACITY

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">{}</svg>'


def baked(body: str, under: str | None = "#ffffff", faint: float = 1.0):
    root = ET.fromstring(SVG.format(body))
    return bake(root, under, faint), list(root)


def test_a_translucent_painting_inside_one_flat_fill_takes_the_colour_it_shows():
    whole, (_, spot) = baked(
        '<rect width="100" height="100" fill="#000080"/>'
        '<circle cx="50" cy="50" r="10" fill="#ffffff" fill-opacity="0.5"/>'
    )
    assert whole and spot.get("fill") == "#8080c0"
    assert not {"opacity", "fill-opacity", "stroke-opacity"} & set(spot.attrib)


def test_a_painting_over_nothing_takes_the_colour_of_what_lies_under_the_drawing():
    whole, (spot,) = baked('<circle cx="50" cy="50" r="10" fill="#ff0000" opacity="0.5"/>')
    assert whole and spot.get("fill") == "#ff8080"
    whole, (spot,) = baked('<circle cx="50" cy="50" r="10" fill="#ff0000" opacity="0.5"/>', None)
    assert not whole and spot.get("fill-opacity") == "0.500"


def test_a_painting_across_two_colours_stays_translucent():
    whole, (*_, spot) = baked(
        '<rect width="50" height="100" fill="#000000"/>'
        '<rect x="50" width="50" height="100" fill="#00ff00"/>'
        '<circle cx="50" cy="50" r="10" fill="#ffffff" opacity="0.5"/>'
    )
    assert not whole and spot.get("fill") == "#ffffff" and spot.get("fill-opacity") == "0.500"


def test_a_faint_drawing_is_lightened_as_if_painted_whole_at_that_opacity():
    body = '<rect width="60" height="60" fill="#000000"/>'
    body += '<rect x="30" width="60" height="60" fill="#0000ff"/>'
    whole, (under, over) = baked(body, "#ffffff", 0.25)
    # where they overlap the top one shows, lightened: no darker mix of the two
    assert whole and (under.get("fill"), over.get("fill")) == ("#bfbfbf", "#bfbfff")
    body += '<circle cx="90" cy="30" r="20" fill="#ff0000" opacity="0.5"/>'  # half on paper
    whole, (under, *_) = baked(body, "#ffffff", 0.25)
    assert not whole and under.get("fill") == "#000000"  # the caller draws it faint instead


def test_a_layers_picture_notes_the_flat_colour_it_lies_on():
    _, (_, on_panel, across) = baked(
        '<rect x="10" y="10" width="50" height="50" fill="#eeeeff"/>'
        '<image href="a.svg" x="20" y="20" width="20" height="20" opacity="0.25"/>'
        '<image href="a.svg" x="50" y="50" width="20" height="20"/>'
    )
    assert on_panel.get("data-under") == "#eeeeff" and on_panel.get("opacity") == "0.250"
    assert "data-under" not in across  # half on the panel, half on paper


def _art_with_opacity():
    return sorted(
        path
        for path in data_dir("themes").glob("*/*.svg")
        if "opacity" in path.read_text(encoding="utf-8")
    )


def _pictures(sources: list[tuple[str, str]]) -> pdfium.PdfDocument:
    """Each (image URI, CSS) on a 100 x 100 pt page of its own, drawn by WeasyPrint."""
    css = "@page { size: 100pt 100pt; margin: 0 } body { margin: 0 }"
    css += "img { display: block; width: 100pt; height: 100pt; break-after: page }"
    body = "".join(f'<img src="{uri}" style="{style}">' for uri, style in sources)
    return pdfium.PdfDocument(render.write_pdf(render.layout(f"<style>{css}</style>{body}")))


@pytest.mark.parametrize("faint", [1.0, ART_OPACITY], ids=["as-it-is", "ink-saver"])
def test_every_themes_art_looks_as_it_did_with_its_opacities(faint):
    files = _art_with_opacity()
    assert len(files) >= 25
    before = _pictures([(p.as_uri(), f"opacity: {faint}") for p in files])
    after = _pictures([(art_uri(p, faint), "") for p in files])
    unlike = []
    for k, path in enumerate(files):
        old = before[k].render(scale=2).to_pil().convert("RGB")
        new = after[k].render(scale=2).to_pil().convert("RGB")
        assert "data:" in art_uri(path, faint) and "opacity" not in art_uri(path, faint)
        differ = sum(ImageChops.difference(old, new).convert("L").histogram()[24:])
        if differ > 0.002 * old.width * old.height:  # a few edge pixels of antialiasing
            unlike.append(f"{path.parent.name}/{path.name}: {differ}")
    assert not unlike


def _page_drawing_a_form(state: dict | None, inside: bytes = b"0 0 1 rg 0 0 10 10 re f") -> bytes:
    pdf = pikepdf.new()
    form = pdf.make_stream(inside)
    form.Type, form.Subtype, form.BBox = pikepdf.Name.XObject, pikepdf.Name.Form, [0, 0, 10, 10]
    form.Group = pikepdf.Dictionary(S=pikepdf.Name.Transparency)
    if b"gs" in inside:
        form.Resources = pikepdf.Dictionary(
            ExtGState=pikepdf.Dictionary(G=pikepdf.Dictionary(ca=0.5))
        )
    page = pdf.add_blank_page(page_size=(20, 20))
    page.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(F=form))
    content = b"/F Do"
    if state:
        page.Resources.ExtGState = pikepdf.Dictionary(A=pikepdf.Dictionary(state))
        content = b"/A gs /F Do"
    page.Contents = pdf.make_stream(content)
    drop_needless_groups(pdf)
    out = io.BytesIO()
    pdf.save(out)
    return out.getvalue()


@pytest.mark.parametrize(
    ("state", "inside", "kept"),
    [
        (None, b"0 0 1 rg 0 0 10 10 re f", False),  # nothing transparent: the group goes
        ({"/ca": 0.5}, b"0 0 1 rg 0 0 10 10 re f", True),  # drawn at half: it is one picture
        (None, b"/G gs 0 0 1 rg 0 0 10 10 re f", True),  # transparent inside
    ],
)
def test_a_transparency_group_stays_only_where_something_needs_it(state, inside, kept):
    data = _page_drawing_a_form(state, inside)
    assert bool(re.search(rb"/Group", data)) == kept
