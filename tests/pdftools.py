"""Reading PDFs the way a person would: pages, words, sizes, and the QR codes on them."""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass

import pypdfium2 as pdfium
import zxingcpp
from pypdf import PdfReader


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def page_texts(pdf: bytes) -> list[str]:
    """Each page's text, with runs of white space folded to one space (pdfium: fast)."""
    document = pdfium.PdfDocument(pdf)
    return [" ".join(page.get_textpage().get_text_bounded().split()) for page in document]


def page_sizes_in(pdf: bytes) -> set[tuple[int, int]]:
    """Page sizes in whole points, e.g. {(612, 792)} for Letter."""
    return {tuple(round(x) for x in page.get_size()) for page in pdfium.PdfDocument(pdf)}


def qr_codes(pdf: bytes, dpi: int = 150, pages: range | None = None) -> list[list[str]]:
    """The text of every QR code on each page, read from a `dpi` rendering."""
    document = pdfium.PdfDocument(pdf)
    found = []
    for index in pages if pages is not None else range(len(document)):
        image = document[index].render(scale=dpi / 72, grayscale=True).to_pil()
        found.append(
            sorted(
                code.text
                for code in zxingcpp.read_barcodes(image)
                if code.format == zxingcpp.BarcodeFormat.QRCode
            )
        )
    return found


LETTER, A4 = (612, 792), (595, 842)


def smallest_text(pdf: bytes) -> tuple[float, int, str]:
    """The smallest letter on any page: its size in pt (as pdfium reads it, the page's scale
    included), its page and the words around it."""
    import pypdfium2.raw as pdfium_c

    smallest = (1e9, -1, "")
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        textpage = page.get_textpage()
        for k in range(textpage.count_chars()):
            size = pdfium_c.FPDFText_GetFontSize(textpage.raw, k)
            if size < smallest[0] and textpage.get_text_range(k, 1).strip():
                smallest = (size, index, textpage.get_text_range(max(k - 12, 0), 24))
    return smallest


def font_programs(pdf) -> dict[str, set[str]]:
    """Each font's name (`ABCDEF+Lato-Bold`) -> digests of the font programs it names (a
    pikepdf.Pdf; "not embedded" for a font with none): the fonts under composite fonts and the
    simple fonts alike."""
    import hashlib

    import pikepdf

    found: dict[str, set[str]] = {}
    for obj in pdf.objects:
        if not (isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font"):
            continue
        described = obj.get("/FontDescriptor")
        if not isinstance(described, pikepdf.Dictionary):
            continue
        programs = [
            described[k] for k in ("/FontFile", "/FontFile2", "/FontFile3") if k in described
        ]
        digests = {hashlib.sha256(p.read_bytes()).hexdigest() for p in programs}
        found.setdefault(str(obj.BaseFont)[1:], set()).update(digests or {"not embedded"})
    return found


def transparency(pdf) -> list[str]:
    """What a page of the pikepdf.Pdf paints transparently, where: a transparency group, a
    graphics state's alpha under 1, a soft mask or a blend mode, an image's soft mask."""
    import pikepdf

    found: list[str] = []
    seen: set[tuple[int, int]] = set()

    def walk(holder, where: str) -> None:
        if holder.is_indirect:
            if holder.objgen in seen:
                return
            seen.add(holder.objgen)
        if "/Group" in holder:
            found.append(f"{where}: a transparency group")
        resources = holder.get("/Resources")
        if not isinstance(resources, pikepdf.Dictionary):
            return
        for name, state in resources.get("/ExtGState", {}).items():
            alpha = [k for k in ("/CA", "/ca") if k in state and float(state[k]) < 1]
            if alpha or state.get("/SMask", "/None") != "/None":
                found.append(f"{where} {name}: alpha or soft mask")
            if state.get("/BM", "/Normal") not in ("/Normal", "/Compatible"):
                found.append(f"{where} {name}: blend mode")
        for name, xobject in resources.get("/XObject", {}).items():
            if xobject.get("/Subtype") == "/Image":
                if "/SMask" in xobject or int(xobject.get("/SMaskInData", 0)):
                    found.append(f"{where} {name}: an image's soft mask")
            else:
                walk(xobject, f"{where}{name}")
        for name, pattern in resources.get("/Pattern", {}).items():
            walk(pattern, f"{where}{name}")

    for number, page in enumerate(pdf.pages, 1):
        walk(page.obj, f"page {number} ")
        for annotation in page.obj.get("/Annots", ()):
            appearance = annotation.get("/AP", {}).get("/N")
            if isinstance(appearance, pikepdf.Stream):
                walk(appearance, f"page {number} field ")


def _printed_size(textpage, k: int) -> float:
    """Letter k's size in pt as it lands on the paper: its font size times the scale every
    matrix around it draws it at (a picture's included)."""
    import math

    import pypdfium2.raw as pdfium_c

    matrix = pdfium_c.FS_MATRIX()
    pdfium_c.FPDFText_GetMatrix(textpage.raw, k, matrix)
    scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
    return round(pdfium_c.FPDFText_GetFontSize(textpage.raw, k) * scale, 2)


def word_sizes(pdf: bytes) -> list[tuple[float, str, int]]:
    """Every word printed on any page: its size in pt as it lands on the paper, the word and
    its page. A word is a run of letters without white space at one size."""
    found = []
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        textpage = page.get_textpage()
        word, size, count = "", 0.0, textpage.count_chars()
        for k in range(count + 1):
            char = textpage.get_text_range(k, 1) if k < count else " "
            char = "-" if char == "\ufffe" else char  # pdfium reads a hyphen ending a line so
            letter = bool(char.strip()) and char != "\x02"
            now = _printed_size(textpage, k) if letter else size
            if word and (not letter or abs(now - size) > 0.05):
                found.append((size, word, index))
                word = ""
            if letter:
                word, size = word + char, now
    return found


@dataclass(frozen=True)
class Line:
    """A line of text on a page: its baseline (pt down the page), size, words and left and
    right (pt)."""

    page: int
    y: float
    size: float
    text: str
    left: float
    right: float


def lines_of(pdf: bytes, pairs: bool = True) -> Iterator[tuple[Line, Line | None]]:
    """Every line of text (letters on one baseline at one size), with (`pairs`) the next line
    under it that shares some of its width, or (not `pairs`) alone."""
    import ctypes

    import pypdfium2.raw as pdfium_c

    x, y = ctypes.c_double(), ctypes.c_double()  # a letter's origin, on its baseline
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        height, textpage = page.get_size()[1], page.get_textpage()
        found: dict[tuple[float, float], list] = {}
        for k in range(textpage.count_chars()):
            char = textpage.get_text_range(k, 1)
            if not char.strip() or char == "\x02":
                continue
            pdfium_c.FPDFText_GetCharOrigin(textpage.raw, k, ctypes.byref(x), ctypes.byref(y))
            key = (round(height - y.value, 1), round(_printed_size(textpage, k), 1))
            left, _bottom, right, _top = textpage.get_charbox(k)
            found.setdefault(key, []).append((left, right, char))
        lines = list(
            Line(
                index,
                top,
                size,
                "".join(c for *_, c in chars),
                min(c[0] for c in chars),
                max(c[1] for c in chars),
            )
            for (top, size), chars in sorted(found.items())
        )
        for n, line in enumerate(lines):
            if not pairs:
                yield line, None
                continue
            below = next(
                (
                    o
                    for o in lines[n + 1 :]
                    if o.y > line.y and o.left < line.right and o.right > line.left
                ),
                None,
            )
            if below is not None:
                yield line, below


def font_faces(pdf: bytes) -> set[str]:
    """The names of the fonts a PDF's text is set in (its subsets' prefixes left out)."""
    import pikepdf

    faces = set()
    with pikepdf.open(io.BytesIO(pdf)) as opened:
        for obj in opened.objects:
            if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == "/Font":
                name = str(obj.get("/BaseFont", ""))
                faces.add(name.lstrip("/").partition("+")[2] or name.lstrip("/"))
    return faces


def outside(pdf: bytes) -> list[tuple[int, str]]:
    """The letters printed (wholly or partly) off their page: (page, the words around)."""
    found = []
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        (width, height), textpage = page.get_size(), page.get_textpage()
        for k in range(textpage.count_chars()):
            if not textpage.get_text_range(k, 1).strip():
                continue
            left, bottom, right, top = textpage.get_charbox(k)
            if left < -0.5 or bottom < -0.5 or right > width + 0.5 or top > height + 0.5:
                found.append((index, textpage.get_text_range(max(k - 12, 0), 24)))
    return found


def fonts_listed(pdf: bytes) -> list[tuple[str, str]]:
    """Each font as pdffonts lists it: its name and its type ("TrueType", "CID TrueType",
    "CID Type 0C (OT)", ...), cut from the columns its header's dashes mark."""
    import subprocess

    listed = subprocess.run(["pdffonts", "-"], input=pdf, capture_output=True, check=True)
    _, dashes, *rows = listed.stdout.decode().splitlines()
    columns, at = [], 0
    for dash in dashes.split(" "):
        columns.append((at, at + len(dash)))
        at += len(dash) + 1
    return [tuple(row[a:b].strip() for a, b in columns[:2]) for row in rows]
