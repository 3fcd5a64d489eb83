"""What a PDF says about itself: its language, title, author, subject and keywords, in the
document information dictionary and again as XMP metadata (what a print shop's preflight and a
screen reader read), and the outline a viewer shows beside the pages.

Written by hand, not through pikepdf's open_metadata: that stamps the clock and its own name as
the editor, and the same inputs must give the same bytes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from html import escape as _html_escape

import pikepdf
from pikepdf import Dictionary, Name, String

PRODUCER = "bunco-print"


@dataclass(frozen=True)
class Meta:
    """A file's description. `lang`: its language (BCP 47), as /Lang and dc:language."""

    title: str = ""
    author: str = PRODUCER
    subject: str = ""
    keywords: tuple[str, ...] = ()
    lang: str = "en"
    created: datetime | None = None  # None: no date at all (nothing to vary between runs)


def pdf_date(moment: datetime) -> str:
    """D:YYYYMMDDHHmmSS with its offset from UTC, as the document information dictionary wants."""
    date = moment.strftime("D:%Y%m%d%H%M%S")
    if offset := moment.strftime("%z"):
        date += f"{offset[:3]}'{offset[3:]}'"
    return date


def describe(pdf: pikepdf.Pdf, meta: Meta) -> None:
    """Write `meta` into `pdf`: /Lang, the document information and the XMP stream, which say
    the same things (a preflight compares them)."""
    pdf.Root.Lang = String(meta.lang)
    info = pdf.docinfo
    info.Producer = info.Creator = PRODUCER
    info.Author = meta.author
    for key, value in (("/Title", meta.title), ("/Subject", meta.subject)):
        if value:
            info[key] = value
    if meta.keywords:
        info.Keywords = ", ".join(meta.keywords)
    if meta.created is not None:
        info.CreationDate = info.ModDate = pdf_date(meta.created)
    if meta.title:  # a viewer's window and tab show the title, not the file's name
        preferences = pdf.Root.get("/ViewerPreferences", Dictionary())
        preferences.DisplayDocTitle = True
        pdf.Root.ViewerPreferences = preferences
    pdf.Root.Metadata = pdf.make_stream(xmp(meta), Type=Name.Metadata, Subtype=Name.XML)


def outline(pdf: pikepdf.Pdf, entries: Sequence[tuple[str, int]]) -> None:
    """Bookmarks: each (title, first page index), in order, shown when the file opens."""
    if not entries:
        return
    with pdf.open_outline() as tree:
        tree.root.extend(pikepdf.OutlineItem(title, page) for title, page in entries)
    pdf.Root.PageMode = Name.UseOutlines


_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str) -> str:
    # html.escape, not xml.sax.saxutils (which loads urllib.request and ssl at start-up)
    return _html_escape(_NOT_XML.sub("", value), quote=False)


def _alt(value: str) -> str:
    return f'<rdf:Alt><rdf:li xml:lang="x-default">{_text(value)}</rdf:li></rdf:Alt>'


def _list(kind: str, values: Sequence[str]) -> str:
    items = "".join(f"<rdf:li>{_text(v)}</rdf:li>" for v in values)
    return f"<rdf:{kind}>{items}</rdf:{kind}>"


def xmp(meta: Meta) -> bytes:
    """The XMP packet: Dublin Core (title, creator, description, subject, language), the XMP
    dates and tool, the PDF producer and keywords."""
    props = ["<dc:format>application/pdf</dc:format>"]
    if meta.title:
        props.append(f"<dc:title>{_alt(meta.title)}</dc:title>")
    props.append(f"<dc:creator>{_list('Seq', [meta.author])}</dc:creator>")
    if meta.subject:
        props.append(f"<dc:description>{_alt(meta.subject)}</dc:description>")
    if meta.keywords:
        props.append(f"<dc:subject>{_list('Bag', meta.keywords)}</dc:subject>")
        props.append(f"<pdf:Keywords>{_text(', '.join(meta.keywords))}</pdf:Keywords>")
    props.append(f"<dc:language>{_list('Bag', [meta.lang])}</dc:language>")
    if meta.created is not None:
        when = meta.created.isoformat(timespec="seconds").replace("+00:00", "Z")
        props += [f"<xmp:{key}>{when}</xmp:{key}>" for key in ("CreateDate", "ModifyDate")]
        props.append(f"<xmp:MetadataDate>{when}</xmp:MetadataDate>")
    props.append(f"<xmp:CreatorTool>{PRODUCER}</xmp:CreatorTool>")
    props.append(f"<pdf:Producer>{PRODUCER}</pdf:Producer>")
    body = "\n   ".join(props)
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""'
        ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
        ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"'
        ' xmlns:pdf="http://ns.adobe.com/pdf/1.3/">\n'
        f"   {body}\n"
        "  </rdf:Description>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    ).encode()
