"""Text in simple fonts: each glyph a face shows in a file given a 1-byte code.

Ghostscript's ps2write, how CUPS feeds a PostScript printer, turns each glyph of a composite
(CID) font into a small picture (a Type 3 font: the PostScript 17-19 times its PDF), but keeps
a simple TrueType font's glyphs as outlines (a Type 42 font). So a pack's faces show their text
in simple fonts: a file's glyphs of a face get codes 1 to 255 (never 32, to which a simple
font's word spacing applies), one `Codes`, and each 254 of them make a simple font of the face
(a part: a face that shows more glyphs in a file, a night's Chinese names say, has several,
and its text switches between them). A CFF face's too: ps2write (Ghostscript 10) draws a CFF
font's glyphs from a PDF as pictures whatever the font, even the Type 1C fonts of
Ghostscript's own pdfwrite, so its programs are given TrueType outlines as they are cut
(pdf/outlines.py), the same glyph ids and advances, and it goes the TrueType faces' way.

A code stands for a glyph as a font showed it: its id, its width (as that font's /W said it:
WeasyPrint's whole units, ours to the thousandth) and its text (for ToUnicode), so that a page
prints and reads exactly as it did in the composite font. The template's codes (pdf/simple.py)
come first, from the codes no letter is (1-31, 127-255); a stamp's letter then gets its own
code where it is free (`A` 65), so that its text is the same in a document's file and in
pack.pdf. A part's program finds each code's glyph through its own character map (a symbolic
font: (3,0) at 0xF000 + code, and (1,0)).
"""

from __future__ import annotations

import re

import pikepdf
from pikepdf import Array, Name

from bunco_print.printing.pdf import sfnt
from bunco_print.printing.pdf.fonts import _real

Key = tuple[int, float, str]  # a glyph's id, its width per 1000 em, its text
ORDER = (*range(1, 32), *range(127, 256), *range(33, 127))  # the codes, in the order given
FREE = frozenset(ORDER)
PART = len(ORDER)  # codes a simple font holds


class Codes:
    """One face's codes in a file: each glyph shown (a Key) -> its part and code."""

    def __init__(self) -> None:
        self.of: dict[Key, tuple[int, int]] = {}
        self.parts: list[dict[int, Key]] = []  # each part's codes -> their glyphs
        self.first = 0  # the first part with a free code
        self.unseen: list[int] = []  # each part's first place in ORDER not known to be taken

    def copy(self) -> Codes:
        other = Codes()
        other.of = dict(self.of)
        other.parts = [dict(part) for part in self.parts]
        other.first, other.unseen = self.first, list(self.unseen)
        return other

    def plain(self) -> list:
        """The codes as JSON keeps them (`from_plain` gives them back)."""
        parts = [[[code, *key] for code, key in part.items()] for part in self.parts]
        return [parts, self.first, self.unseen]

    @classmethod
    def from_plain(cls, plain: list) -> Codes:
        codes = cls()
        parts, codes.first, codes.unseen = plain
        codes.parts = [{code: (gid, width, text) for code, gid, width, text in p} for p in parts]
        codes.of = {k: (n, code) for n, part in enumerate(codes.parts) for code, k in part.items()}
        return codes

    def code(self, key: Key, natural: int = 0) -> tuple[int, int]:
        """The key's part and code: the one it has, else `natural` (a letter's own) if it is
        free, else the first free code in ORDER (a new part when all are taken)."""
        found = self.of.get(key)
        if found is None:
            while self.first < len(self.parts) and len(self.parts[self.first]) == PART:
                self.first += 1
            if self.first == len(self.parts):
                self.parts.append({})
                self.unseen.append(0)
            part, taken = self.first, self.parts[self.first]
            code = natural if natural in FREE and natural not in taken else 0
            while not code:
                if ORDER[self.unseen[part]] not in taken:
                    code = ORDER[self.unseen[part]]
                self.unseen[part] += 1
            found = self.of[key] = part, code
            taken[code] = key
        return found


def program(data: bytes, shown: dict[int, Key], letters: dict[int, int]) -> bytes:
    """A TrueType program `data` (cut with its glyph ids kept: fonts.subset_font) with the
    character map a simple font of the codes `shown` needs, and (for a form field's font
    sharing it) the Unicode one of `letters` (code point -> glyph id)."""
    codes = {code: key[0] for code, key in shown.items()}
    tables = {(1, 0): sfnt.byte_map(codes)}
    tables[3, 0] = sfnt.segment_map({0xF000 + code: gid for code, gid in codes.items()})
    if letters:
        tables[3, 1] = sfnt.segment_map(letters)
    return sfnt.with_table(data, b"cmap", sfnt.cmap_table(tables))


_TO_UNICODE = (
    b"/CIDInit/ProcSet findresource begin 12 dict begin begincmap\n"
    b"/CIDSystemInfo<</Registry(Adobe)/Ordering(UCS)/Supplement 0>>def\n"
    b"/CMapName/Adobe-Identity-UCS def/CMapType 2 def\n"
    b"1 begincodespacerange\n<00><FF>\nendcodespacerange\n%s"
    b"endcmap CMapName currentdict/CMap defineresource pop end end"
)


def fill(
    pdf: pikepdf.Pdf,
    font: pikepdf.Object,
    described: pikepdf.Object,
    shown: dict[int, Key],
) -> None:
    """Make `font` the simple font of the codes `shown` (code -> glyph), its program the one
    `described`."""
    first, last = min(shown), max(shown)
    for key in list(font.keys()):
        del font[key]
    font.Type, font.BaseFont, font.FontDescriptor = Name.Font, described.FontName, described
    font.Subtype = Name.TrueType
    font.FirstChar, font.LastChar = first, last
    font.Widths = Array([_real(shown[c][1]) if c in shown else 0 for c in range(first, last + 1)])
    pairs = [
        b"<%02X><%s>" % (code, text.encode("utf-16-be").hex().encode())
        for code, (_, _, text) in sorted(shown.items())
        if text
    ]
    chunks = (pairs[i : i + 100] for i in range(0, len(pairs), 100))  # at most 100 a block
    font.ToUnicode = pdf.make_stream(
        _TO_UNICODE
        % b"".join(b"%d beginbfchar\n%s\nendbfchar\n" % (len(c), b"\n".join(c)) for c in chunks)
    )


_W_TOKEN = re.compile(rb"\[|\]|[-+]?(?:\d+\.?\d*|\.\d+)")


def cid_widths(w: pikepdf.Object) -> dict[int, float]:
    """A CID font's /W array as CID -> width (`c [w1 w2 ...]` and `c_first c_last w` runs),
    read from its text: walking a long array object by object is slow."""
    out: dict[int, float] = {}
    tokens = _W_TOKEN.findall(w.unparse())[1:-1]  # inside the outer brackets
    i = 0
    while i + 1 < len(tokens):
        first = int(float(tokens[i]))
        if tokens[i + 1] == b"[":
            end = tokens.index(b"]", i + 2)
            out.update((first + k, float(v)) for k, v in enumerate(tokens[i + 2 : end]))
            i = end + 1
        else:
            last, width = (
                int(float(tokens[i + 1])),
                float(tokens[i + 2]) if i + 2 < len(tokens) else 0.0,
            )
            out.update((c, width) for c in range(first, last + 1))
            i += 3
    return out


_BFCHAR = re.compile(rb"beginbfchar(.*?)endbfchar", re.S)
_BFRANGE = re.compile(rb"beginbfrange(.*?)endbfrange", re.S)
_TOKEN = re.compile(rb"<([0-9A-Fa-f\s]*)>|\[|\]")


def cid_texts(font: pikepdf.Object) -> dict[int, str]:
    """A composite font's ToUnicode map: glyph id -> text (bfchar and bfrange entries)."""
    stream = font.get("/ToUnicode")
    if not isinstance(stream, pikepdf.Stream):
        return {}
    data, texts = stream.read_bytes(), {}
    for block in _BFCHAR.findall(data):
        tokens = [t[1] for t in _TOKEN.finditer(block)]
        for src, dst in zip(tokens[::2], tokens[1::2], strict=False):
            if src is not None and dst is not None:
                texts[_number(src)] = _text(dst)
    for block in _BFRANGE.findall(data):
        tokens = [t[0] if t[1] is None else t[1] for t in _TOKEN.finditer(block)]
        i = 0
        while i + 2 < len(tokens):
            first, last, dst = _number(tokens[i]), _number(tokens[i + 1]), tokens[i + 2]
            if dst == b"[":  # each id its own text
                end = tokens.index(b"]", i + 3) if b"]" in tokens[i + 3 :] else len(tokens)
                items = map(_text, tokens[i + 3 : end])
                texts.update(zip(range(first, last + 1), items, strict=False))
                i = end + 1
            else:  # the ids' texts count up from the first's last letter
                start = _text(dst)
                for k in range(last - first + 1) if start else ():
                    texts[first + k] = start[:-1] + chr(min(ord(start[-1]) + k, 0x10FFFF))
                i += 3
    return texts


def _number(hex_: bytes) -> int:
    return int(re.sub(rb"\s", b"", hex_) or b"0", 16)


def _text(hex_: bytes) -> str:
    digits = re.sub(rb"\s", b"", hex_)
    return bytes.fromhex(digits.decode() + "0" * (len(digits) % 2)).decode("utf-16-be", "replace")
