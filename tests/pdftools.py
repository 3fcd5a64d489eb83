"""Reading PDFs the way a person would: pages, words, sizes, and the QR codes on them."""

from __future__ import annotations

import io

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


def word_sizes(pdf: bytes) -> list[tuple[float, str, int]]:
    """Every word printed on any page: its size in pt as it lands on the paper (the letters'
    font size times the scale every matrix around them draws them at, a picture's included),
    the word and its page. A word is a run of letters without white space at one size."""
    import math

    import pypdfium2.raw as pdfium_c

    found = []
    matrix = pdfium_c.FS_MATRIX()
    for index, page in enumerate(pdfium.PdfDocument(pdf)):
        textpage = page.get_textpage()
        word, size = "", 0.0
        for k in range(textpage.count_chars() + 1):
            char = textpage.get_text_range(k, 1) if k < textpage.count_chars() else " "
            if char.strip() and char != "\x02":
                pdfium_c.FPDFText_GetMatrix(textpage.raw, k, matrix)
                scale = math.sqrt(abs(matrix.a * matrix.d - matrix.b * matrix.c))
                now = round(pdfium_c.FPDFText_GetFontSize(textpage.raw, k) * scale, 2)
            if word and (not char.strip() or char == "\x02" or abs(now - size) > 0.05):
                found.append((size, word, index))
                word = ""
            if char.strip() and char != "\x02":
                word, size = word + char, now
    return found
