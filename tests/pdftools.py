"""Reading PDFs the way a person would: pages, words, sizes, and the QR codes on them."""

from __future__ import annotations

import ctypes
import functools
import io
import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
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


def _printed_size(textpage, k: int, matrix=None) -> float:
    """Letter k's size in pt as it lands on the paper: its font size times the scale every
    matrix around it draws it at (a picture's included)."""
    matrix = pdfium_c.FS_MATRIX() if matrix is None else matrix
    pdfium_c.FPDFText_GetMatrix(textpage.raw, k, matrix)
    scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
    return round(pdfium_c.FPDFText_GetFontSize(textpage.raw, k) * scale, 2)


class Letter(NamedTuple):
    """A character of a page as pdfium reads it: the character (`get_text_range(k, 1)`), and,
    unless it is blank, its size as printed (`_printed_size`), its origin on its baseline
    (x, y: pt up from the page's foot) and its box (left, bottom, right, top)."""

    char: str
    size: float = 0.0
    x: float = 0.0
    y: float = 0.0
    box: tuple[float, float, float, float] | None = None


class TextPage(NamedTuple):
    """A page's size (pt) and its letters, by pdfium's character index."""

    width: float
    height: float
    letters: tuple[Letter, ...]


@functools.lru_cache(maxsize=16)
def _letters(pdf: bytes) -> tuple[TextPage, ...]:
    """Each page's size and letters, read once a PDF for word_sizes, lines_of and outside (a
    test often calls them all on the same PDF): tuples, so a cached answer cannot be changed.

    A page's characters are cut from its whole text (one call, not one a character) when it
    is as long as the page has characters and holds no letter past U+FFFF: then its k-th
    character is what get_text_range(k, 1) reads. (Otherwise pdfium has left a character out
    of it, or counts the two halves of a letter past U+FFFF as two characters.)"""
    pages = []
    x, y = ctypes.c_double(), ctypes.c_double()
    left, bottom, right, top = (ctypes.c_double() for _ in range(4))
    matrix = pdfium_c.FS_MATRIX()
    for page in pdfium.PdfDocument(pdf):
        (width, height), textpage = page.get_size(), page.get_textpage()
        count, raw = textpage.count_chars(), textpage.raw
        chars = textpage.get_text_range()
        if len(chars) != count or max(chars, default="") > "\uffff":
            chars = [textpage.get_text_range(k, 1) for k in range(count)]
        letters = []
        for k, char in enumerate(chars):
            if not char.strip():
                letters.append(Letter(char))
                continue
            pdfium_c.FPDFText_GetCharOrigin(raw, k, x, y)
            if not pdfium_c.FPDFText_GetCharBox(raw, k, left, right, bottom, top):
                raise pdfium.PdfiumError("Failed to get charbox.")
            box = (left.value, bottom.value, right.value, top.value)
            size = _printed_size(textpage, k, matrix)
            letters.append(Letter(char, size, x.value, y.value, box))
        pages.append(TextPage(width, height, tuple(letters)))
    return tuple(pages)


def word_sizes(pdf: bytes) -> list[tuple[float, str, int]]:
    """Every word printed on any page: its size in pt as it lands on the paper, the word and
    its page. A word is a run of letters without white space at one size."""
    found = []
    for index, page in enumerate(_letters(pdf)):
        word, size, count = "", 0.0, len(page.letters)
        for k in range(count + 1):
            char = page.letters[k].char if k < count else " "
            char = "-" if char == "\ufffe" else char  # pdfium reads a hyphen ending a line so
            letter = bool(char.strip()) and char != "\x02"
            now = page.letters[k].size if letter else size
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
    for index, page in enumerate(_letters(pdf)):
        found: dict[tuple[float, float], list] = {}
        for letter in page.letters:
            if not letter.char.strip() or letter.char == "\x02":
                continue
            key = (round(page.height - letter.y, 1), round(letter.size, 1))
            left, _bottom, right, _top = letter.box
            found.setdefault(key, []).append((left, right, letter.char))
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
    off = []  # (page, letter)
    for index, page in enumerate(_letters(pdf)):
        for k, letter in enumerate(page.letters):
            if not letter.char.strip():
                continue
            left, bottom, right, top = letter.box
            if left < -0.5 or bottom < -0.5 or right > page.width + 0.5 or top > page.height + 0.5:
                off.append((index, k))
    if not off:
        return []
    document = pdfium.PdfDocument(pdf)  # the words around: read again, as seldom needed
    textpages = {index: document[index].get_textpage() for index in {i for i, _ in off}}
    return [(index, textpages[index].get_text_range(max(k - 12, 0), 24)) for index, k in off]


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
