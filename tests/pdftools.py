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
    return found
