"""The fonts of one output file: the template's faces, as pdf/simple.py converted them, and the
stamps' text, written straight in codes (pdf/codes.py).

A file shows some of the template's pages (`background`), each with the codes it shows, and
stamps (`stamped`). The stamps' letters take codes as they are first drawn (`StampFonts`, one
a pack: the same codes and resource names in every file of it), the template's codes of each
face first. As a file is finished, each part of each face it shows becomes one simple font
(the template's own object, where its pages name it), and pdf/faces.py cuts its program (a CFF
face's with TrueType outlines, pdf/outlines.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import pikepdf
from pikepdf import Dictionary

from bunco_print.printing.pdf.codes import Codes
from bunco_print.printing.pdf.faces import Part, share
from bunco_print.printing.pdf.fonts import FontInfo, font_info
from bunco_print.printing.pdf.model import num
from bunco_print.printing.pdf.simple import Converted, Shown

# codes shown, by (face, part)
Parts = dict[tuple[Path, int], set[int]]
# a run of a stamp's glyphs -> its pieces, each in one font: (resource name, its bytes)
Encode = Callable[[list[int], str], list[tuple[bytes, bytes]]]


class StampFonts:
    """The stamps' letters of a pack's files: each face's codes (the template's first) and the
    resource names of its parts, the same in every file, so that a page is drawn alike in its
    document's file and in pack.pdf, by whichever process draws it (writer.Drawer). The codes
    are given as the letters are first met, so the pack meets them all (`Drawer.prepare`)
    before its pages are drawn in two processes."""

    def __init__(self, template: Converted | None) -> None:
        self.template = template or Converted()
        self.codes: dict[Path, Codes] = {}  # the faces the stamps show (the template's first)
        self.names: dict[tuple[Path, int], bytes] = {}  # each part's resource name
        self.parts: dict[bytes, tuple[Path, int]] = {}  # and back
        self.encoders: dict[Path, tuple[FontInfo, Encode]] = {}

    def encoder(self, path: Path) -> tuple[FontInfo, Encode]:
        """The face at `path` and how the stamps' glyphs of it are shown."""
        if path not in self.encoders:
            self.encoders[path] = font_info(path), self._simple(path)
        return self.encoders[path]

    def shown(self, pieces: list[tuple[bytes, bytes]], into: Parts) -> None:
        """Note in `into` the codes that pieces `encode` gave show, by (face, part)."""
        for name, string in pieces:
            into.setdefault(self.parts[name], set()).update(string)

    def _simple(self, path: Path) -> Encode:
        info, n = font_info(path), len(self.encoders)
        template = self.template.codes.get(path)
        codes = self.codes[path] = template.copy() if template else Codes()

        known: dict[tuple[int, str], tuple[bytes, int]] = {}  # (glyph, text) -> font, code

        def encode(gids: list[int], text: str) -> list[tuple[bytes, bytes]]:
            out: list[tuple[bytes, bytearray]] = []
            for gid, char in zip(gids, text, strict=True):
                if (found := known.get((gid, char))) is None:
                    width = float(num(info.advances[gid] * 1000 / info.upm))
                    key = (gid, width, char if gid else "\ufffd")
                    part, code = codes.code(key, ord(char) if gid else 0)
                    if (path, part) not in self.names:
                        name = b"F%d_%d" % (n, part) if part else b"F%d" % n
                        self.names[path, part], self.parts[name] = name, (path, part)
                    found = known[gid, char] = self.names[path, part], code
                name, code = found
                if not out or out[-1][0] != name:
                    out.append((name, bytearray()))
                out[-1][1].append(code)
            return [(name, bytes(string)) for name, string in out]

        return encode


class FileFonts:
    """One output file's fonts, from its first page to its finish."""

    def __init__(self, pdf: pikepdf.Pdf, stamps: StampFonts) -> None:
        self.pdf = pdf
        self.template = stamps.template  # the template's faces, as pdf/simple.py converted them
        self.stamps = stamps
        self.shown: dict[tuple[Path, int], set[int]] = {}  # codes this file shows, a part
        self.named: set[tuple[Path, int]] = set()  # the parts its stamps name

    def background(self, shown: Shown) -> None:
        """A page of the template is in the file: note the codes it shows."""
        for path, part, code in shown:
            self.shown.setdefault((path, part), set()).add(code)

    def stamped(self, shown: Mapping[tuple[Path, int], Iterable[int]]) -> None:
        """A page's stamps are in the file: note the codes they show (by face and part), and
        the stamps' names of those parts."""
        for part, codes in shown.items():
            self.shown.setdefault(part, set()).update(codes)
        self.named.update(shown)

    def finish(self) -> dict[str, pikepdf.Object]:
        """Every font of the file made and its programs cut (pdf/faces.py); the stamps' fonts,
        by their resource names."""
        fonts: dict[str, pikepdf.Object] = {}
        parts: dict[Path, list[Part]] = {}
        for (path, part), shown in sorted(self.shown.items()):
            codes = self.stamps.codes.get(path) or self.template.codes[path]
            known = self.template.fonts.get((path, part))
            if known is not None:  # the template's, where its pages name it
                font = self.pdf.copy_foreign(known)
            else:
                font = self.pdf.make_indirect(Dictionary())
            # a part a page names but shows no code of: a font all the same, of its first code
            shown = {code for code in shown if code} or {min(codes.parts[part])}
            keys = {code: codes.parts[part][code] for code in shown}
            parts.setdefault(path, []).append((part, font, keys))
            if (path, part) in self.named:
                fonts["/" + self.stamps.names[path, part].decode()] = font
        share(self.pdf, parts)
        return fonts
