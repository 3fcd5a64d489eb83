"""Backgrounds shared between packs that differ only in their player count.

pack.build_pack lays one HTML out holding every document. Most documents (score sheets, tally
pads, seat cards, table markers) come out the same for 8 and for 24 players; only the prize
sheet and the rules handout name the pot and the tables. So the HTML is cut into one document
per `<section class="doc-...">`, each laid out on its own (one WeasyPrint pass per document,
so its bytes never depend on which other documents were laid out with it) and remembered by
its HTML's digest; a pack's backgrounds are then its documents' pages, concatenated.
"""

from __future__ import annotations

import hashlib
import itertools
import re

from ..pack import Backgrounds, lay_out_backgrounds
from ..pdf import concatenate

_SECTION = re.compile(r'<section class="doc-([a-z_]+)"')


def split_documents(html: str) -> tuple[str, list[tuple[str, str]], str] | None:
    """(head up to the sections, [(document, its section)], tail), or None when the HTML is not
    cut the way base.html.j2 draws it (then it is laid out whole)."""
    starts = [m.start() for m in _SECTION.finditer(html)]
    end = html.rfind("</body>")
    if not starts or end < starts[-1]:
        return None
    bounds = [*starts, end]
    sections = [
        (_SECTION.match(html, start).group(1), html[start:stop])
        for start, stop in itertools.pairwise(bounds)
    ]
    return html[: starts[0]], sections, html[end:]


class SharedBackgrounds:
    """A `lay_out` for pack.build_pack that lays each distinct document out once per process."""

    def __init__(self) -> None:
        self._documents: dict[str, tuple[bytes, dict[str, list[int]], int]] = {}
        self.laid_out = 0  # documents laid out (the rest were shared)
        self.shared = 0

    def __call__(self, html: str) -> Backgrounds:
        parts = split_documents(html)
        if parts is None:
            return lay_out_backgrounds(html)
        head, sections, tail = parts
        pdfs: list[bytes] = []
        pages: dict[str, list[int]] = {}
        offset = 0
        for _doc, section in sections:
            pdf, doc_pages, count = self._document(head + section + tail)
            for name, indexes in doc_pages.items():
                pages.setdefault(name, []).extend(i + offset for i in indexes)
            offset += count
            pdfs.append(pdf)
        return Backgrounds(pdf=concatenate(pdfs), pages=pages)

    def _document(self, html: str) -> tuple[bytes, dict[str, list[int]], int]:
        key = hashlib.sha256(html.encode()).hexdigest()
        if key in self._documents:
            self.shared += 1
        else:
            laid = lay_out_backgrounds(html)
            self._documents[key] = (laid.pdf, laid.pages, len(laid.anchors))
            self.laid_out += 1
        return self._documents[key]
