"""The pages' static layers drawn into the laid-out backgrounds, after WeasyPrint.

The templates keep each page's layer in the HTML (so the background cache and the catalogue's
shared backgrounds key on it) but hidden (`bp-native`), and lay out each art file the layers
show on a page of its own (`bp-art-N`, exactly the art's size). `draw_layers` then draws every
layer under its page's content with pdf/vector.py, its text in the fonts the HTML's
@font-face rules name, its art as those pages made into forms.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Collection, Mapping, Sequence
from functools import lru_cache
from html import unescape
from io import BytesIO
from pathlib import Path
from urllib.parse import unquote, urlparse

import pikepdf
from pikepdf import Dictionary, Name

from bunco_print.errors import InputError
from bunco_print.printing.pdf import tags
from bunco_print.printing.pdf.faces import name_faces
from bunco_print.printing.pdf.fonts import embed, fallback_fonts, font_info
from bunco_print.printing.pdf.groups import drop_needless_groups
from bunco_print.printing.pdf.model import Rect, num
from bunco_print.printing.pdf.opacity import PAPER, bake
from bunco_print.printing.pdf.vector import LayerError, Resources, convert, markup_of, view_box
from bunco_print.printing.units import PT_PER_PX

_LAYER = re.compile(
    r'<img class="svg-img bp-layer bp-native" data-page="([^"]+)"[^>]*? '
    r'src="data:image/svg\+xml;base64,([^"]*)"'
)
_FIGURE = re.compile(
    r'<img class="(?:[^"]* )?bp-fig" id="([^"]+)"[^>]*? '
    r'data-svg="data:image/svg\+xml;base64,([^"]*)"'
)
_ART = re.compile(r'<link class="bp-art" href="([^"]+)">')
# a figure's alt text and drawing: what `blank_figures` takes out of its element
_FIGURE_PARTS = re.compile(
    r'(<img class="(?:[^"]* )?bp-fig" id="[^"]+" alt=")([^"]*)("[^>]*? data-svg=")([^"]*)"'
)
_FIGURE_ALT = re.compile(r'<img class="(?:[^"]* )?bp-fig" id="([^"]+)" alt="([^"]*)"')
_FACE = re.compile(
    r'@font-face \{ font-family: "([^"]+)"; src: url\("([^"]+)"\); '
    r"font-weight: (\d+); font-style: (\w+); \}"
)


# what WeasyPrint never reads of a page, though it parses it all the same: each hidden layer's
# drawing and each figure's (draw_layers draws them)
_UNREAD = re.compile(
    r'(<img class="svg-img bp-layer bp-native" data-page="[^"]+"[^>]*? src=)"[^"]*"'
    r'|(<img class="(?:[^"]* )?bp-fig" id="[^"]+"[^>]*? data-svg=)"[^"]*"'
)


def unread_dropped(html: str) -> str:
    """The HTML as WeasyPrint lays it out: without the drawings it would parse and never read
    (each hidden layer's, each figure's), so laid out alike and a fourteenth faster."""
    return _UNREAD.sub(lambda m: f'{m[1] or m[2]}""', html)


def blank_figures(html: str) -> str:
    """The HTML without its figures' alt texts and drawings: what WeasyPrint lays out of it
    (it only leaves each figure its room, and draw_layers draws it), so two HTMLs that differ
    only there are laid out alike."""
    return _FIGURE_PARTS.sub(lambda m: f'{m[1]}{m[3]}"', html)


def figure_alts(html: str) -> dict[str, str]:
    """Each figure's alt text, by its id."""
    return {fig_id: unescape(alt) for fig_id, alt in _FIGURE_ALT.findall(html)}


def _faces(html: str) -> dict[str, dict[tuple[int, bool], Path]]:
    faces: dict[str, dict[tuple[int, bool], Path]] = {}
    for family, src, weight, style in _FACE.findall(html):
        path = Path(unquote(urlparse(src).path))
        faces.setdefault(family, {})[(int(weight), style == "italic")] = path
    return faces


def _font_finder(html: str):
    faces = _faces(html)

    def font(family: str, weight: str, italic: bool) -> Path:
        """The face of `family` nearest the weight asked for (the same style first)."""
        found = faces.get(family)
        if not found:
            raise LayerError(f"font family {family!r} has no @font-face")
        want = int(weight)
        return min(found.items(), key=lambda f: (f[0][1] != italic, abs(f[0][0] - want)))[1]

    return font


def draw_layers(
    pdf: bytes, html: str, anchors: Sequence[Mapping[str, Rect]], tagged: Collection[int] = ()
) -> tuple[bytes, dict[int, list]]:
    """`pdf` (WeasyPrint's pages of `html`; `anchors`: each page's elements by id, where they
    are) with each hidden layer of the HTML drawn under the content of the page that holds
    its id, and each figure in the room WeasyPrint made for it; without the transparency
    groups nothing needs (pdf/groups.py), each font noting the file it was cut from
    (pdf/faces.py). And the structure tree of the pages `tagged` (indexes) as pdf/tags.py
    reads it, by page: their layers drawn as artifacts, their figures' drawings as the
    pictures' content (or artifacts, for a picture with no alt text)."""
    doc, trees = layers_drawn(pdf, html, anchors, tagged)
    with doc:
        out = BytesIO()
        doc.save(out, deterministic_id=True)
    return out.getvalue(), trees


def layers_drawn(
    pdf: bytes, html: str, anchors: Sequence[Mapping[str, Rect]], tagged: Collection[int] = ()
) -> tuple[pikepdf.Pdf, dict[int, list]]:
    """What draw_layers gives, the PDF still open (the caller closes it)."""
    doc = pikepdf.open(BytesIO(pdf))
    reading = tags.read(doc, tagged)
    _draw(doc, html, anchors, reading)
    trees = reading.done(doc)
    drop_needless_groups(doc)
    faces = [path for found in _faces(html).values() for path in found.values()]
    name_faces(doc, [*faces, *fallback_fonts("400"), *fallback_fonts("700")])
    return doc, trees


def _draw(
    doc: pikepdf.Pdf, html: str, anchors: Sequence[Mapping[str, Rect]], reading: tags.Reading
) -> None:
    layers = [(page_id, markup_of(data)) for page_id, data in _LAYER.findall(html)]
    figures = [(fig_id, markup_of(data)) for fig_id, data in _FIGURE.findall(html)]
    if not layers and not figures:
        return
    page_of: dict[str, int] = {}
    for index, ids in enumerate(anchors):
        for anchor in ids:
            page_of.setdefault(anchor, index)
    listed = set(_ART.findall(html))
    forms: dict[tuple, tuple[bytes, float, float, pikepdf.Object, bool]] = {}

    def art(href: str, under: str | None, faint: float) -> tuple[bytes, float, float, bool]:
        """The art as a form, baked over `under` and drawn `faint` where it can be (then the
        layer draws it opaque)."""
        key = href, under, faint
        if key not in forms:
            if href not in listed:
                raise LayerError(f"art {href} is not listed in the HTML")
            path = Path(unquote(urlparse(href).path))
            content, w, h, opacities, faded = art_drawing(path, under, faint)
            form = doc.make_stream(content)
            form.Type, form.Subtype = Name.XObject, Name.Form
            form.BBox = [0, 0, w, h]
            if opacities:
                form.Resources = Dictionary(ExtGState=opacity_states(opacities))
            if faint < 1 and not faded:
                # a group: the opacity the layer gives applies to the art as a whole, whatever
                # opacity its own drawing sets
                form.Group = Dictionary(S=Name.Transparency, CS=Name.DeviceRGB)
            forms[key] = b"BPA%d" % len(forms), w, h, form, faded
        name, w, h, _, faded = forms[key]
        return name, w, h, faded

    resources = Resources(font=_font_finder(html), art=art, info=font_info)
    drawn = []
    placed = [(i, m, False) for i, m in layers] + [(i, m, True) for i, m in figures]
    for element_id, markup, figure in placed:
        if element_id not in page_of:
            continue  # a page of a document this pass did not lay out
        index = page_of[element_id]
        page, box = doc.pages[index], anchors[index][element_id]
        left, _, _, top = (float(v) for v in page.trimbox)
        place = b"q 1 0 0 -1 %s %s cm\n" % (num(left), num(top))
        if figure:  # scaled into its box (a layer fills its page)
            w, h = _size(markup, by_view_box=True)
            x, y = box.x1 * PT_PER_PX, box.y1 * PT_PER_PX
            sx, sy = (box.x2 - box.x1) * PT_PER_PX / w, (box.y2 - box.y1) * PT_PER_PX / h
            place += b"%s 0 0 %s %s %s cm\n" % (num(sx), num(sy), num(x), num(y))
        content = place + convert(markup, resources) + b"Q\n"
        if index in reading.pages:  # a tagged page: what it draws is a picture's, or art
            content = reading.figure(index, box, content) if figure else tags.artifact(content)
        page.contents_add(doc.make_stream(content), prepend=True)
        drawn.append(page)
    fonts = {
        Name("/" + name.decode()): embed(doc, font_info(path), used)
        for path, (name, used) in resources.fonts.items()
    }
    xobjects = {Name("/" + name.decode()): form for name, _, _, form, _ in forms.values()}
    states = opacity_states(resources.opacities)
    for page in drawn:
        own = page.obj.get("/Resources")
        if own is None:
            own = page.obj.Resources = Dictionary()
        for category, entries in (("/Font", fonts), ("/XObject", xobjects), ("/ExtGState", states)):
            if entries:
                if category not in own:
                    own[category] = Dictionary()
                for key, value in entries.items():
                    own[category][key] = value


def _root(markup: str) -> tuple[tuple[float, ...] | None, tuple[float, float] | None]:
    """An SVG document's viewBox and its own width and height (None where missing)."""
    tag = re.search(r"<svg\b[^>]*>", markup)
    attrs = dict(re.findall(r'([\w:-]+)="([^"]*)"', tag[0])) if tag else {}
    try:
        given = float(attrs["width"]), float(attrs["height"])
    except (KeyError, ValueError):
        given = None
    return view_box(attrs.get("viewBox", "")), given


def _size(markup: str, by_view_box: bool) -> tuple[float, float]:
    """An SVG document's size: its user space (the viewBox's size) for a figure scaled into
    its box, or its own width and height for art drawn at its size; the other when the one
    is missing."""
    box, given = _root(markup)
    if by_view_box:
        return box[2:] if box else given or (1.0, 1.0)
    return given or (box[2:] if box else (100.0, 100.0))


def opacity_states(opacities: Mapping) -> Dictionary:
    """The graphics states a drawing named for its opacities (`Resources.opacities`)."""
    states = Dictionary()
    for key, name in opacities.items():
        fill, stroke = (key, key) if isinstance(key, float) else key
        states[Name("/" + name.decode())] = Dictionary(Type=Name.ExtGState, ca=fill, CA=stroke)
    return states


def art_drawing(
    path: Path, under: str | None = PAPER, faint: float = 1.0
) -> tuple[bytes, float, float, dict, bool]:
    """An art file drawn at its own size, y up (as a form holds it), its opacities baked over
    the colour `under` (None: not known) and drawn `faint` where they can be (pdf/opacity.py):
    its operators, width, height, the opacities they still name (`Resources.opacities`) and
    whether it is drawn faint already. Kept per process: a pack shows the same few files on
    many pages, a catalogue in every pack. A theme's art that draws what vector.py does not
    is an InputError naming the file (a theme is anyone's to edit)."""
    stat = path.stat()
    try:
        return _art_drawing(path, stat.st_mtime_ns, stat.st_size, under, faint)
    except (LayerError, ET.ParseError) as exc:
        raise InputError(f"art {path}: {exc}; it cannot be printed") from None


@lru_cache(maxsize=64)
def _art_drawing(
    path: Path, _mtime: int, _bytes: int, under: str | None, faint: float
) -> tuple[bytes, float, float, dict, bool]:
    markup = path.read_text(encoding="utf-8")
    w, h = _size(markup, by_view_box=False)
    x, y, vw, vh = _root(markup)[0] or (0.0, 0.0, w, h)
    s = min(w / vw, h / vh)  # preserveAspectRatio xMidYMid meet
    ox, oy = (w - s * vw) / 2 - s * x, (h - s * vh) / 2 - s * y
    place = b"1 0 0 -1 0 %s cm %s 0 0 %s %s %s cm\n" % (num(h), num(s), num(s), num(ox), num(oy))
    resources = Resources(font=_no_text, art=_no_art, info=font_info)
    root = ET.fromstring(markup)
    faded = bake(root, under, faint) and faint < 1
    drawing = convert(root, resources)
    return b"q " + place + drawing + b"Q\n", w, h, dict(resources.opacities), faded


def _no_text(*_args) -> Path:
    raise LayerError("art files draw no text")


def _no_art(*_args) -> tuple[bytes, float, float, bool]:
    raise LayerError("art files place no other art")
