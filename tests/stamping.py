"""Shared by the printing.pdf tests: a laid-out template with named slots, art pieces, and
ways to look at the result (render, find ink, extract text)."""

import subprocess
from importlib.resources import files
from pathlib import Path

import pypdfium2
import pytest
import weasyprint
from PIL import Image

from bunco_print.printing.pdf import PageSpec, Rect, assemble

LATO = Path(str(files("font_lato") / "files/Lato-Bold.ttf"))
FREDOKA = Path(str(files("font_fredoka_one") / "files/FredokaOne-Regular.ttf"))
DPI = 150
NAME = "Zoë Łucja O'Brien"

# Slots sit on whole inches so that they fall on whole pixels at 150 dpi; nothing else is drawn
# near them, so any ink around a slot comes from the stamps.
TEMPLATE_HTML = """<style>
  @page { size: letter; margin: 0 }  @page handout { size: A4; margin: 1in }
  body { margin: 0; font-family: sans-serif }
  .slot { position: absolute; width: 3in; height: 0.5in }
  #box { position: absolute; left: 5in; top: 6in; width: 2in; height: 1in; background: #ff0 }
  h1 { position: absolute; left: 1in; top: 9.5in; margin: 0; font-size: 20px }
  .page { position: relative; height: 10in }  .qrpage { page-break-before: always }
  .qr { position: absolute; width: 1in; height: 1in }
  .handout { page: handout; page-break-before: always }
</style>
<div class=page><h1>Bunco Night Rules</h1>
<div class=slot id=name style="left: 1in; top: 1in; width: 4in"></div>
<div class=slot id=upright style="left: 1in; top: 2in"></div>
<div class=slot id=upside style="left: 1in; top: 3in"></div>
<div class=slot id=narrow style="left: 5.5in; top: 2in; width: 1.5in"></div>
<div class=slot id=left style="left: 1in; top: 6in"></div>
<div class=slot id=right style="left: 1in; top: 7in"></div>
<div class=slot id=art style="left: 1in; top: 4in; height: 1.5in"></div>
<div class=slot id=art2 style="left: 5in; top: 3in; width: 2in; height: 2in"></div>
<div id=box></div></div>
<div class="page qrpage"><h1 style="top: 0.2in">QR page</h1>
  {qr_slots}
</div>
<div class=handout><p>Rules handout: roll three dice.</p></div>
"""
QR_SLOTS = [(col, row) for row in (1, 3, 5, 7, 9) for col in (1, 5)]

PIECES_HTML = """<style>@page { size: 200px 100px; margin: 0 } body { margin: 0 }
  div { height: 100px } .half { float: left; width: 100px }</style>
<div style="background: #f00"></div>
<div style="page-break-before: always"><div class=half style="background: #f00"></div>
  <div class=half style="background: #00f"></div></div>"""


@pytest.fixture(scope="module")
def layout():
    slots = "".join(
        f'<div class=qr id=qr{i} style="left: {c}in; top: {r}in"></div>'
        for i, (c, r) in enumerate(QR_SLOTS)
    )
    document = weasyprint.HTML(string=TEMPLATE_HTML.replace("{qr_slots}", slots)).render()
    anchors = [{k: Rect.from_anchor(v) for k, v in page.anchors.items()} for page in document.pages]
    return document.write_pdf(), anchors


@pytest.fixture(scope="module")
def pieces():
    return weasyprint.HTML(string=PIECES_HTML).write_pdf()


def render(pdf: bytes, index: int) -> Image.Image:
    return pypdfium2.PdfDocument(pdf)[index].render(scale=DPI / 72).to_pil().convert("RGB")


def px(rect: Rect) -> tuple[int, int, int, int]:
    """A CSS-px rect as image pixels at DPI."""
    k = DPI / 96
    return round(rect.x1 * k), round(rect.y1 * k), round(rect.x2 * k), round(rect.y2 * k)


def grow(box: tuple[int, int, int, int], by: int) -> tuple[int, int, int, int]:
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def ink(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
    """Bounding box, in page pixels, of the non-white pixels inside `box`."""
    found = image.crop(box).convert("L").point(lambda v: 255 if v < 200 else 0).getbbox()
    return found and (found[0] + box[0], found[1] + box[1], found[2] + box[0], found[3] + box[1])


def pdftotext(pdf: bytes, page: int) -> str:
    result = subprocess.run(
        ["pdftotext", "-f", str(page + 1), "-l", str(page + 1), "-", "-"],
        input=pdf,
        capture_output=True,
        check=True,
    )
    return result.stdout.decode()


def text_page(layout, stamps, background=0) -> bytes:
    template, anchors = layout
    return assemble(
        template,
        [PageSpec(background, tuple((anchors[background][slot], s) for slot, s in stamps))],
    )
