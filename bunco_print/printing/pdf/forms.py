"""Fillable form fields: AcroForm text fields whose widgets lie over the write-in lines.

Each Field stamp becomes one widget annotation that is its own field (/T its name), listed in
the document's /AcroForm. The field's font is a simple font in the form's /DR (fonts.form_font)
that its /DA names, at size 0 on one line: every viewer and filler that draws the value (Acrobat,
pdfium, pdf.js, poppler, MuPDF, pypdf) shrinks it to the field, so a 24-letter name fits a name
line and a short one is as large as the line allows (qpdf, which cannot, draws 11 pt). A field
of several lines keeps the slot's size. Each widget carries the appearance of its value (/AP
/N): empty, it draws nothing, but names the field's font in its resources, so a filler that
writes the value into it (qpdf) writes it in the theme's font; /NeedAppearances asks viewers to
draw a value a filler set without an appearance. No border and no background: on paper an empty
field is just the printed line.
"""

from __future__ import annotations

from collections.abc import Iterable

import pikepdf
from pikepdf import Array, Dictionary, Name, String

from bunco_print.printing.pdf.draw import rgb
from bunco_print.printing.pdf.fonts import _real, font_info, form_font
from bunco_print.printing.pdf.model import Field, num

MULTILINE = 1 << 12  # text field flag: the field wraps onto several lines
PRINT = 4  # annotation flag: printed with the page
ALIGN = {"left": 0, "center": 1, "right": 2}
EMPTY = b"/Tx BMC\nEMC\n"  # an empty text field's appearance, as viewers write it


def resource_name(field: Field) -> str:
    """The field font's name in /DR: its PostScript name, the same in every document of a pack,
    so documents put together share one entry."""
    return font_info(field.font).name


def widget(
    pdf: pikepdf.Pdf, field: Field, x: float, y: float, w: float, h: float
) -> pikepdf.Object:
    """The field and its widget over the rect x, y (bottom-left), w, h in pt."""
    appearance = pdf.make_stream(
        EMPTY,
        Type=Name.XObject,
        Subtype=Name.Form,
        BBox=Array([0, 0, _real(w), _real(h)]),
        Resources=Dictionary(),
    )
    size = num(field.size) if field.multiline else b"0"  # 0: the viewer fits it to the field
    da = b"/%s %s Tf %s rg" % (resource_name(field).encode(), size, rgb(field.color))
    annotation = Dictionary(
        Type=Name.Annot,
        Subtype=Name.Widget,
        FT=Name.Tx,
        T=String(field.name),
        Rect=Array([_real(v) for v in (x, y, x + w, y + h)]),
        F=PRINT,
        DA=String(da),
        Q=ALIGN[field.align],
        MK=Dictionary(),  # no /BC, no /BG: no border, a transparent background
        BS=Dictionary(W=0),
        Border=Array([0, 0, 0]),
        AP=Dictionary(N=appearance),
    )
    if field.multiline:
        annotation.Ff = MULTILINE
    if field.calculate:  # recalculated whenever another field changes (the form's /CO)
        annotation.AA = Dictionary(C=Dictionary(S=Name.JavaScript, JS=String(field.calculate)))
    return pdf.make_indirect(annotation)


def acroform(
    pdf: pikepdf.Pdf, widgets: Iterable[pikepdf.Object], fonts: Iterable[Field]
) -> pikepdf.Object:
    """The document's /AcroForm: its fields, and in /DR the font of each of `fonts`."""
    fields = Array(list(widgets))
    names = [str(f.T) for f in fields]
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise ValueError(f"two form fields are named {twice!r}")
    paths = {}
    for field in fonts:
        paths.setdefault(resource_name(field), field.font)
    dr = Dictionary({"/" + name: form_font(pdf, font_info(path)) for name, path in paths.items()})
    for widget in fields:  # each empty appearance names its field's font (see the module)
        name = str(widget.DA).split()[0]
        widget.AP.N.Resources = Dictionary(Font=Dictionary({name: dr[name]}))
    first = next(iter(paths), "Helv")  # the form's default; each field names its own
    form = _form(pdf, fields, dr, String(f"/{first} 0 Tf 0 g"))
    _calculated(form, fields)
    return form


def merge(out: pikepdf.Pdf, source: pikepdf.Pdf, first_page: int, prefix: str) -> None:
    """After `source`'s pages were appended to `out` (from page `first_page` on), list their
    fields in `out`'s /AcroForm, with `source`'s /DR fonts. A name `out` already has is given
    `prefix`, so every field of the whole file keeps a name of its own."""
    form = source.Root.get("/AcroForm")
    if not isinstance(form, Dictionary):
        return
    if "/AcroForm" not in out.Root:
        out.Root.AcroForm = _form(out, Array(), Dictionary(), form.get("/DA", String("")))
    mine = out.Root.AcroForm
    taken = {str(f.T) for f in mine.Fields}
    for page in out.pages[first_page:]:
        for annotation in page.obj.get("/Annots", ()):
            if annotation.get("/Subtype") == Name.Widget and "/T" in annotation:
                if str(annotation.T) in taken:
                    annotation.T = String(f"{prefix}-{annotation.T}")
                taken.add(str(annotation.T))
                mine.Fields.append(annotation)
                _calculated(mine, [annotation])
    fonts = mine.DR.Font
    for name, font in form.get("/DR", {}).get("/Font", {}).items():
        if name not in fonts:
            fonts[name] = out.copy_foreign(font)


def _form(pdf: pikepdf.Pdf, fields: Array, fonts: Dictionary, da: String) -> pikepdf.Object:
    return pdf.make_indirect(
        Dictionary(Fields=fields, DR=Dictionary(Font=fonts), DA=da, NeedAppearances=True)
    )


def _calculated(form: pikepdf.Object, fields: Iterable[pikepdf.Object]) -> None:
    """The fields a viewer calculates (a /C action) go in the form's /CO, their order; a form
    with none has no /CO (so a pack without one is as it was)."""
    for field in fields:
        if "/AA" in field and "/C" in field.AA:
            if "/CO" not in form:
                form.CO = Array()
            form.CO.append(field)
