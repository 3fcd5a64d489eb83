"""A pack's two passes converted to simple fonts (pdf/simple.py) each on its own core, then
joined: converting the joined pages was a fifth of a new pack's time, on one core.

Each half walks its own pages; the two trade what each face shows (`keys`); both give every
glyph the same code (`shared`: simple.faces_codes of what they show together) and rewrite their
own streams, each part of a face a simple font of their own, marked with its face and part
(simple.PART). Joined, the halves' fonts are made one a part (`merged`), and the template is as
converting it whole would have left it: the same codes, the fonts its cache entry lists.
"""

from __future__ import annotations

from pathlib import Path

import pikepdf
from pikepdf import Dictionary, Name

from bunco_print.printing.pdf import simple
from bunco_print.printing.pdf.codes import Codes

Glyphs = tuple[simple.Seen, set[Path]]  # what a walked half shows, and the faces left composite


def shared(mine: Glyphs, theirs: Glyphs) -> dict[Path, Codes]:
    """Each face's codes, the same for both halves (whichever calls it)."""
    (keys, unsure), (other, also) = mine, theirs
    together = {path: keys.get(path, set()) | other.get(path, set()) for path in {*keys, *other}}
    return simple.faces_codes(together, unsure | also)


def merged(pdf: pikepdf.Pdf, codes: dict[Path, Codes], pages: list[simple.Shown]) -> str:
    """The joined halves' fonts (or a catalogue pack's passes', catalogue/backgrounds.py) made
    one a face's part, every resource naming one of theirs pointing at it; and what
    `simple.kept` keeps of the conversion (`pages`: each page's codes)."""
    fonts = {
        (path, part): pdf.make_indirect(Dictionary(Type=Name.Font, Subtype=Name.TrueType))
        for path, face in codes.items()
        for part in range(len(face.parts))
    }
    done: set[tuple[int, int]] = set()

    def repoint(resources) -> None:
        if not isinstance(resources, Dictionary):
            return
        named = resources.get("/Font")
        for name, font in named.items() if isinstance(named, Dictionary) else ():
            if isinstance(font, Dictionary) and simple.PART in font:
                path, part = font[simple.PART]
                named[name] = fonts[Path(str(path)), int(part)]
        for stream in simple.drawn(resources):
            if stream.objgen not in done:
                done.add(stream.objgen)
                repoint(stream.get("/Resources"))

    for page in pdf.pages:
        repoint(page.obj.get("/Resources"))
    return simple.kept(pdf, simple.Converted(codes, fonts, pages))
