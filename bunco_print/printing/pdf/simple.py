"""A template's text in simple fonts (pdf/codes.py says why): its composite fonts' glyphs
given 1-byte codes, and every content stream that shows them rewritten.

WeasyPrint and pdf/layers.py show text in composite fonts (Type0, Identity-H: each glyph by its
2-byte id), a few of each face. `convert` gives each glyph a face shows anywhere in the
template (with its width and text) a code of the face (`Codes`, in the order of the keys, so
the same template always gets the same codes), points every resource name of those fonts at
the face's simple fonts (one a part, left for the writer to fill as a file is finished: which
codes a file shows is known only then), and rewrites the strings of the text operators (Tj,
TJ, ', ") that show them, switching parts where a string runs over two. It is done once a
template (writer.py keeps it), before its pages become forms.

The streams are read by a scan of their bytes (pdf/operators.py); a stream it cannot read
keeps its faces composite, as does a face no file of its own names (pdf/faces.py). A CFF
face's fonts (CIDFontType0) are converted as a TrueType face's are: its programs are cut with
TrueType outlines (pdf/outlines.py).
"""

from __future__ import annotations

import json
import re
import sys
import zlib
from array import array
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from pathlib import Path

import pikepdf
from pikepdf import Array, Dictionary, Name

from bunco_print.printing.pdf.codes import Codes, Key, cid_texts, cid_widths
from bunco_print.printing.pdf.fonts import FACE
from bunco_print.printing.pdf.operators import STATE, Op, Unsure, scan, selected

Shown = set[tuple[Path, int, int]]  # (face, part, code; 0: the part is named, maybe unused)
Seen = dict[Path, set[Key]]  # each face's glyphs a stream (and the forms it draws) shows


class _Font:
    """A composite font of a face the template may show text in."""

    def __init__(self, path: Path, widths: dict[int, float], default: float, texts) -> None:
        self.path, self.widths, self.default, self.texts = path, widths, default, texts
        self.known: dict[bytes, list[Key]] = {}
        self.coded: dict[bytes, list[tuple[int | None, bytes]]] = {}

    def keys(self, string: bytes) -> list[Key]:
        """The glyphs a string (`<...>`, 2-byte glyph ids) shows."""
        if string not in self.known:
            digits = string[1:-1].decode()
            try:
                data = bytes.fromhex(digits)
            except ValueError:  # an odd number of digits: the last one is followed by a 0
                data = bytes.fromhex("".join(digits.split()) + "0")
            gids = array("H", data[: len(data) // 2 * 2])
            if sys.byteorder == "little":
                gids.byteswap()
            self.known[string] = [
                (g, self.widths.get(g, self.default), self.texts.get(g, "")) for g in gids
            ]
        return self.known[string]

    def code(self, string: bytes, codes: Codes) -> list[tuple[int | None, bytes]]:
        """The string in the face's codes: a `<...>` of each run of glyphs of one part (the
        part None: no glyph)."""
        if string not in self.coded:
            coded = [codes.of[key] for key in self.keys(string)]
            self.coded[string] = [
                (k, b"<%s>" % bytes(code for _, code in run).hex().encode())
                for k, run in groupby(coded, key=itemgetter(0))
            ] or [(None, b"<>")]
        return self.coded[string]


@dataclass
class Converted:
    """What `convert` made of a template: each face's codes, each part's simple font (to be
    filled), and the codes each page shows (its own content and the forms it draws)."""

    codes: dict[Path, Codes] = field(default_factory=dict)
    fonts: dict[tuple[Path, int], pikepdf.Object] = field(default_factory=dict)
    shown: list[Shown] = field(default_factory=list)


def convert(pdf: pikepdf.Pdf) -> Converted:
    """Give the composite fonts' glyphs of `pdf` codes, rewrite the text showing them."""
    walk = walked(pdf)
    return finish(pdf, walk, faces_codes(walk.keys, walk.unsure))


def walked(pdf: pikepdf.Pdf) -> _Walk:
    """Every content stream of the pages read: the glyphs each face shows (`keys`), where."""
    walk = _Walk()
    walk.pages = [walk.page(pikepdf.Page(page)) for page in pdf.pages]
    return walk


def faces_codes(
    keys: Seen, unsure: set[Path], grown: dict[Path, Codes] | None = None
) -> dict[Path, Codes]:
    """Each face's codes for the glyphs it shows (the same keys, the same codes: two halves
    agree on them, pdf/simple_halves.py), but the faces left composite (`unsure`); `grown`:
    codes given before, which keep theirs and take the new glyphs' (a catalogue's passes)."""
    found = {} if grown is None else grown
    for path in sorted(p for p, shown in keys.items() if shown and p not in unsure):
        codes = found.setdefault(path, Codes())
        for key in sorted(keys[path]):
            codes.code(key)
    return found


def finish(pdf: pikepdf.Pdf, walk: _Walk, codes: dict[Path, Codes], mark=False) -> Converted:
    """The walked streams written again in `codes`, each part a simple font left to fill (with
    `mark`, each names its face and part under PART, for simple_halves.merged)."""
    done = Converted(codes=codes)
    for path, face in codes.items():
        for part in range(len(face.parts)):
            font = Dictionary(Type=Name.Font, Subtype=Name.TrueType)
            if mark:
                font[PART] = Array([pikepdf.String(str(path)), part])
            done.fonts[path, part] = pdf.make_indirect(font)
    for holder, data, names, matches in walk.found:
        _rewrite(pdf, holder, data, names, matches, done)
    for fonts, name, font in walk.named:  # every name of a converted face: its first part
        if (font.path, 0) in done.fonts:
            fonts[name] = done.fonts[font.path, 0]
    done.shown = [  # code 0: the page names the face's first part (and may show no code of it)
        {(path, 0, 0) for path in page if path in codes}
        | {
            (path, *codes[path].of[key])
            for path, keys in page.items()
            if path in codes
            for key in keys
        }
        for page in walk.pages
    ]
    return done


PART = Name("/BPPart")  # a half's simple font: its face and part (simple_halves.merged)
# Where a kept template lists the simple fonts `convert` made (in the order `kept` gives).
SIMPLE = Name("/BPSimple")


def kept(pdf: pikepdf.Pdf, done: Converted) -> str:
    """What `convert` made of `pdf`, as text to keep beside it (the background cache does), so
    that a later night's pack need not convert it again: its fonts are listed in the PDF's
    catalog (under SIMPLE), which no output file copies."""
    fonts = sorted(done.fonts.items(), key=lambda item: (str(item[0][0]), item[0][1]))
    pdf.Root[SIMPLE] = Array([font for _key, font in fonts])
    return json.dumps(
        {
            "codes": {str(path): codes.plain() for path, codes in done.codes.items()},
            "fonts": [[str(path), part] for (path, part), _font in fonts],
            "shown": [sorted([str(p), part, code] for p, part, code in s) for s in done.shown],
        },
        separators=(",", ":"),
    )


def restored(pdf: pikepdf.Pdf, text: str) -> Converted:
    """What `kept` kept of a converted `pdf` (the PDF as it saved it)."""
    plain = json.loads(text)
    fonts = pdf.Root[SIMPLE]
    # each face's one Path (one made for each code a page shows took half the time)
    paths = {path: Path(path) for path in plain["codes"]}
    return Converted(
        codes={paths[path]: Codes.from_plain(codes) for path, codes in plain["codes"].items()},
        fonts={(paths[path], part): fonts[n] for n, (path, part) in enumerate(plain["fonts"])},
        shown=[{(paths[path], part, code) for path, part, code in s} for s in plain["shown"]],
    )


def drawn(resources: Dictionary) -> list[pikepdf.Stream]:
    """The streams a resource dictionary lets a content draw: its XObjects (forms, images),
    its patterns and its soft masks' groups."""
    inner = [*resources.get("/XObject", {}).values(), *resources.get("/Pattern", {}).values()]
    for state in resources.get("/ExtGState", {}).values():
        mask = state.get("/SMask")
        if isinstance(mask, Dictionary) and "/G" in mask:
            inner.append(mask.G)
    return [obj for obj in inner if isinstance(obj, pikepdf.Stream)]


def _composite(font: pikepdf.Object, paths: dict[str, Path]) -> _Font | None:
    """The font, if it is a composite font that can be simple ones: Identity-H over a CID
    font whose ids are its program's glyph ids (TrueType, or CFF not keyed by CIDs: WeasyPrint
    cuts both keeping the ids), of a face whose file is noted (pdf/faces.py). `paths`: each
    file's one Path."""
    if not (
        isinstance(font, Dictionary)
        and font.get("/Subtype") == Name.Type0
        and font.get("/Encoding") == Name("/Identity-H")
        and isinstance(kids := font.get("/DescendantFonts"), Array)
        and len(kids) == 1
        and kids[0].get("/Subtype") in (Name.CIDFontType0, Name.CIDFontType2)
        and kids[0].get("/CIDToGIDMap", Name.Identity) == Name.Identity
        and isinstance(described := kids[0].get("/FontDescriptor"), Dictionary)
        and FACE in described
    ):
        return None
    path = paths.setdefault(str(described[FACE]), Path(str(described[FACE])))
    cid = kids[0]
    widths = cid_widths(cid.get("/W", Array()))
    return _Font(path, widths, float(cid.get("/DW", 1000)), cid_texts(font))


class _Walk:
    """Every content stream of a template's pages, and of the forms and patterns they draw:
    the glyphs each shows in its composite fonts."""

    def __init__(self) -> None:
        self.fonts: dict[tuple[int, int], _Font | None] = {}  # each font met, if composite
        self.paths: dict[str, Path] = {}
        self.keys: dict[Path, set[Key]] = {}
        self.unsure: set[Path] = set()  # faces a stream the scan cannot read shows
        self.found: list[tuple[pikepdf.Object, bytes, tuple, list[Op]]] = []
        self.named: list[tuple[pikepdf.Object, Name, _Font]] = []  # (font dict, name, font)
        self.inside: dict[tuple[int, int], Seen] = {}
        self.pages: list[Seen] = []  # what each page shows (walked)

    def page(self, page: pikepdf.Page) -> Seen:
        contents = page.obj.get("/Contents")
        streams = contents if isinstance(contents, Array) else [contents] if contents else []
        data = b"\n".join(s.read_bytes() for s in streams)
        resources = page.obj.get("/Resources")
        return _union(self._content(page.obj, data, resources), self._nested(resources))

    def _stream(self, stream: pikepdf.Stream, resources) -> Seen:
        if stream.objgen not in self.inside:
            self.inside[stream.objgen] = {}  # a form that draws itself stops here
            own = stream.get("/Resources", resources)
            shown = _union(self._content(stream, stream.read_bytes(), own), self._nested(own))
            self.inside[stream.objgen] = shown
        return self.inside[stream.objgen]

    def _nested(self, resources) -> Seen:
        shown: Seen = {}
        if not isinstance(resources, Dictionary):
            return shown
        for obj in drawn(resources):
            if obj.get("/Subtype") != Name.Image:
                shown = _union(shown, self._stream(obj, resources))
        return shown

    def _content(self, holder, data: bytes, resources) -> Seen:
        fonts = resources.get("/Font") if isinstance(resources, Dictionary) else None
        names = {}
        for name, font in fonts.items() if isinstance(fonts, Dictionary) else ():
            if font.objgen not in self.fonts:
                self.fonts[font.objgen] = _composite(font, self.paths)
            if (found := self.fonts[font.objgen]) is not None:
                names[name.encode()] = found
                self.named.append((fonts, Name(name), found))
        if not names:
            return {}
        try:
            ops = scan(data)
        except Unsure:
            self.unsure.update(font.path for font in names.values())
            return {}
        strings: dict[_Font, set[bytes]] = {}
        for op, (name, _size) in selected(ops):
            if op.kind not in STATE and (font := names.get(name)) is not None:
                strings.setdefault(font, set()).update(op.items)
        # each face a font selection names (the forms keep only those: writer._trim_resources)
        shown: Seen = {
            names[op.items[0]].path: set()
            for op in ops
            if op.kind == b"Tf" and op.items[0] in names
        }
        for font, items in strings.items():
            keys = shown.setdefault(font.path, set())
            for item in items:
                if item[0] == 60:  # `<`, a string (not a number)
                    keys.update(font.keys(item))
            self.keys.setdefault(font.path, set()).update(keys)
        self.found.append((holder, data, (fonts, names), ops))
        return shown


def _union(one: Seen, other: Seen) -> Seen:
    if not one or not other:
        return one or other
    return {path: one.get(path, set()) | other.get(path, set()) for path in {*one, *other}}


def _rewrite(
    pdf: pikepdf.Pdf, holder, data: bytes, fonts: tuple, ops: list[Op], done: Converted
) -> None:
    """Write the stream (a page's contents, a form) again, its converted text in codes."""
    resources, names = fonts
    out, at, part, saved = [], 0, 0, []
    added: dict[tuple[bytes, int], bytes] = {}

    def name_of(name: bytes, part: int) -> bytes:
        """The resource name of part `part` of the face `name` shows (its own for part 0), as
        the stream spells it."""
        if part and (name, part) not in added:
            new = b"%s_%d" % (name, part)
            while new.decode("latin-1") in resources:
                new += b"_"
            added[name, part] = new
            resources[new.decode("latin-1")] = done.fonts[names[name].path, part]
        spelled = added.get((name, part), name)[1:]
        return b"/" + re.sub(rb"[^!-~]|[#()<>\[\]{}/%]", lambda m: b"#%02X" % m[0][0], spelled)

    for op, (name, size) in selected(ops):
        if op.kind in (b"q", b"Q"):
            part = saved.pop() if op.kind == b"Q" and saved else part
            saved += [part] if op.kind == b"q" else []
        elif op.kind == b"Tf":
            part = 0
        elif (font := names.get(name)) is not None and font.path in done.codes:
            runs = _runs(op, font, done.codes[font.path], part)
            text, part = _shown(op, runs, part, lambda k, n=name: name_of(n, k), size)
            out += [data[at : op.start], text]
            at = op.end
    content = zlib.compress(b"".join(out) + data[at:], 6)
    if isinstance(holder, pikepdf.Stream):
        holder.write(content, filter=Name.FlateDecode)
    else:  # a page: its contents, one stream
        holder.Contents = pdf.make_stream(content, Filter=Name.FlateDecode)


def _runs(op: Op, font: _Font, codes: Codes, part: int) -> list[tuple[int, list]]:
    """The operator's strings (and numbers) in codes, cut where the part changes: (part, its
    strings and numbers), from the part selected (`part`) on."""
    runs: list[tuple[int, list[bytes]]] = [(part, [])]
    pieces = runs[-1][1]
    for item in op.items:
        if item[0] != 60:  # a number (not `<`): it moves the next glyph, whatever its part
            pieces.append(item)
            continue
        for k, piece in font.code(item, codes):
            if k is None or k == runs[-1][0]:  # None: <>, no glyph
                pieces.append(piece)
            else:
                runs.append((k, [piece]))
                pieces = runs[-1][1]
    return runs if runs[0][1] else runs[1:]


def _shown(op: Op, runs: list, part: int, name_of, size: bytes) -> tuple[bytes, int]:
    """The operator again with its strings in codes; where a part other than the selected one
    is needed, that part selected (Tf) first, the operator made TJ arrays (' and " their
    moves and spacings first). The part selected after it, too."""
    if not runs:
        return b"[] TJ", part
    if len(runs) == 1 and runs[0][0] == part:
        items = runs[0][1]
        if op.kind == b"TJ":
            return b"[%s] TJ" % b" ".join(items), part
        return b" ".join([*op.spacing, items[0], op.kind]), part
    out = []  # ' and " move to the next line first; " sets its spacings too
    if op.kind == b'"':
        out += [op.spacing[0] + b" Tw", op.spacing[1] + b" Tc"]
    if op.kind in (b"'", b'"'):
        out.append(b"T*")
    for k, items in runs:
        if k != part:
            out.append(b"%s %s Tf" % (name_of(k), size))
            part = k
        out.append(b"[%s] TJ" % b" ".join(items))
    return b" ".join(out), part
