"""Backgrounds shared between packs that differ only in their player count.

pack.build_pack lays one HTML out holding every document. Most documents (score sheets, tally
pads, seat cards, table markers, pieces) come out the same for 8 and for 24 players; only the
prize sheet, the seat cards' last page and the rules handout name the pot, the players or the
tables. So the HTML is cut into its `<section class="doc-...">`s and each is remembered by the
digest of its HTML: a pack lays out only the documents no earlier pack of the task had (in one
WeasyPrint pass), and its backgrounds are its documents' pages, copied into one PDF.

A handout whose words are the same and whose figures differ (the night's facts, the movement
of 8 or 24 players: drawn into the pages after WeasyPrint, pdf/layers.py) is not laid out
again: the earlier pack's pages, as WeasyPrint left them, get this pack's figures and their
alt texts. Each pass is kept in the background cache as WeasyPrint left it, so a re-run that
only changes the words or the seed lays nothing out.

Each pass's text is converted to simple fonts once (pdf/simple.py), as it is drawn: its glyphs
take codes from the task's codes, which only grow (a glyph an earlier pass coded keeps its
code), so pages of every pass share one set of codes and a pack's backgrounds need no
converting of their own. Joined, their fonts are made one a part (simple_halves.merged).
"""

from __future__ import annotations

import hashlib
import re
from io import BytesIO
from pathlib import Path

import pikepdf

from bunco_print.edges import background_cache
from bunco_print.printing.backgrounds import (
    ANCHORS,
    TAGGED_PAGES,
    Backgrounds,
    drawn,
    lay_out_backgrounds,
    lay_out_raw,
)
from bunco_print.printing.passes import WORDS, split_documents
from bunco_print.printing.pdf import simple, simple_halves
from bunco_print.printing.pdf.codes import Codes
from bunco_print.printing.pdf.layers import blank_figures, figure_alts

# digest -> (document, its section of the HTML, its layout: the digest without its figures)
Sections = dict[str, tuple[str, str, str]]


class SharedBackgrounds:
    """A `lay_out` for pack.build_pack that lays each distinct document out once. Close it (or
    use it in a `with`) to let go of the laid-out PDFs."""

    def __init__(self) -> None:
        self._passes: list[pikepdf.Pdf] = []  # each pass's PDF, drawn, open
        self._documents: dict[str, tuple[int, list[int]]] = {}  # digest -> (pass, its pages)
        self._words: dict[str, dict[str, list]] = {}  # digest -> its room for words, by its page
        self._tags: dict[str, dict[int, list]] = {}  # digest -> its structure trees, by its page
        self._shown: dict[str, list[simple.Shown]] = {}  # digest -> what its pages show, coded
        self._codes: dict[Path, Codes] = {}  # each face's codes, for every pass of the task
        self._composite: set[Path] = set()  # faces a pass's streams could not be read for
        self._raw: list[tuple[bytes, dict]] = []  # each WeasyPrint pass as it left it
        self._slices: dict[tuple[int, ...], tuple[bytes, dict]] = {}  # (pass, *its pages) -> pass
        # a section's layout (its HTML without its figures) -> (raw pass, the section laid out,
        # its pages in that pass)
        self._layouts: dict[str, tuple[int, str, list[int]]] = {}
        self.laid_out = 0  # documents laid out
        self.drawn_again = 0  # documents whose layout an earlier pack had, with other figures
        self.shared = 0  # documents taken from an earlier pack

    def __enter__(self) -> SharedBackgrounds:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        for pdf in self._passes:
            pdf.close()
        self._passes.clear()
        self._documents.clear()
        self._words.clear()
        self._tags.clear()
        self._shown.clear()
        self._codes.clear()
        self._raw.clear()
        self._slices.clear()
        self._layouts.clear()

    def __call__(self, html: str) -> Backgrounds:
        parts = split_documents(html)
        if parts is None:
            return lay_out_backgrounds(html)
        head, sections, tail = parts
        keys = [_digest(head, section, tail) for _doc, section in sections]
        missing = {
            key: (doc, section, _digest(head, blank_figures(section), tail))
            for key, (doc, section) in zip(keys, sections, strict=True)
            if key not in self._documents
        }
        self.shared += len(keys) - len(missing)
        again = {k: s for k, s in missing.items() if s[2] in self._layouts}
        new = {k: s for k, s in missing.items() if k not in again}
        if new and not self._lay_out(head, new, tail):
            return lay_out_backgrounds(html)  # pages not named by their document: no sharing
        if again and not self._draw_again(head, again, tail):
            return lay_out_backgrounds(html)
        if self._composite:  # a face left composite after others converted it: no sharing
            return lay_out_backgrounds(html)
        pages: dict[str, list[int]] = {}
        words: dict[str, list] = {}
        trees: dict[int, list] = {}
        shown: list[simple.Shown] = []
        merged = pikepdf.new()
        for (doc, _section), key in zip(sections, keys, strict=True):
            source, indexes = self._documents[key]
            offset = len(merged.pages)
            pages.setdefault(doc, []).extend(range(offset, offset + len(indexes)))
            for name, (page, *rect) in self._words.get(key, {}).items():
                words[name] = [offset + page, *rect]
            for page, nodes in self._tags.get(key, {}).items():
                trees[offset + page] = nodes
            shown += self._shown[key]
            # pages of one pass share its fonts: pikepdf copies each object of a pass once
            merged.pages.extend(self._passes[source].pages[i] for i in indexes)
        faces = {path for page in shown for path, _part, _code in page}
        codes = {path: self._codes[path] for path in sorted(faces)}
        made = simple_halves.merged(merged, codes, shown)
        buffer = BytesIO()
        merged.save(buffer, deterministic_id=True)
        return Backgrounds(buffer.getvalue(), pages, words=words, tags=trees, simple=made)

    def _lay_out(self, head: str, missing: Sections, tail: str) -> bool:
        """Lay the missing documents out in one pass and remember where each one's pages are."""
        html = head + "".join(s for _d, s, _layout in missing.values()) + tail
        raw = background_cache.cached(html, lay_out_raw, kind="raw pass")
        found = drawn(*raw, html)
        # a document may come in several sections (its full pages, then its last page's): each
        # takes as many of its document's pages, in order, as it names
        taken = {doc: iter(found.pages.get(doc, ())) for doc, _s, _layout in missing.values()}
        owned = [
            [next(taken[doc], None) for _ in re.findall(rf'id="{doc}-page-\d+"', section)]
            for doc, section, _layout in missing.values()
        ]
        left = [index for found in taken.values() for index in found]
        if set(found.pages) != set(taken) or left or any(None in own or not own for own in owned):
            return False
        self._raw.append(raw)
        done = self._converted(found.pdf)
        for key, (_doc, section, layout), own in zip(missing, missing.values(), owned, strict=True):
            self._layouts[layout] = (len(self._raw) - 1, section, own)
            self._keep(key, found, own, done)
            self.laid_out += 1
        return True

    def _draw_again(self, head: str, again: Sections, tail: str) -> bool:
        """Draw these documents' figures into the pages an earlier pack's pass laid out with
        other figures (its words the same), and give their pictures these alt texts."""
        by_pass: dict[int, list[tuple[str, str, str, list[int]]]] = {}  # raw pass -> sections
        for key, (_doc, section, layout) in again.items():
            index, earlier, own = self._layouts[layout]
            by_pass.setdefault(index, []).append((key, section, earlier, own))
        for index, items in by_pass.items():
            alts = [_alts(figure_alts(earlier), figure_alts(now)) for _k, now, earlier, _o in items]
            if None in alts:
                return False
            html = head + "".join(section for _key, section, _earlier, _own in items) + tail
            pages = sorted({page for *_rest, own in items for page in own})
            found = drawn(*self._sliced(index, pages), html)
            done = self._converted(found.pdf)
            for (key, _section, _earlier, own), changed in zip(items, alts, strict=True):
                own = [pages.index(page) for page in own]
                for page in own:
                    found.tags[page] = [_with_alts(n, changed) for n in found.tags.get(page, [])]
                self._keep(key, found, own, done)
                self.drawn_again += 1
        return True

    def _sliced(self, index: int, pages: list[int]) -> tuple[bytes, dict]:
        """Raw pass `index` with only `pages` (and what `drawn` needs of them, numbered anew):
        what is drawn again draws and converts its own pages, not the whole pass's."""
        if (index, *pages) not in self._slices:
            pdf, raw = self._raw[index]
            new = {page: n for n, page in enumerate(pages)}
            with pikepdf.open(BytesIO(pdf)) as doc:
                for page in reversed(range(len(doc.pages))):
                    if page not in new:
                        del doc.pages[page]
                out = BytesIO()
                doc.save(out, deterministic_id=True)
            kept = {
                doc: [new[page] for page in found if page in new]
                for doc, found in raw.items()
                if not doc.startswith("@")
            }
            kept = {doc: found for doc, found in kept.items() if found}
            kept[WORDS] = {
                name: [new[page], *rect]
                for name, (page, *rect) in raw[WORDS].items()
                if page in new
            }
            kept[ANCHORS] = [raw[ANCHORS][page] for page in pages]
            kept[TAGGED_PAGES] = [new[page] for page in raw[TAGGED_PAGES] if page in new]
            self._slices[index, *pages] = out.getvalue(), kept
        return self._slices[index, *pages]

    def _converted(self, pdf: bytes) -> simple.Converted:
        """A pass drawn, opened and its text converted in the task's codes (grown by the
        glyphs no earlier pass showed): kept open for the packs that take its pages."""
        template = pikepdf.open(BytesIO(pdf))
        self._passes.append(template)
        walk = simple.walked(template)
        self._composite |= walk.unsure
        simple.faces_codes(walk.keys, walk.unsure, self._codes)
        return simple.finish(template, walk, dict(self._codes), mark=True)

    def _keep(self, key: str, found: Backgrounds, own: list[int], done: simple.Converted) -> None:
        """A document's pages in `found`, the last pass drawn (and converted: `done`), where
        this pack and later ones take them from."""
        self._documents[key] = (len(self._passes) - 1, own)
        self._shown[key] = [done.shown[page] for page in own]
        self._words[key] = {
            name: [own.index(page), *rect]
            for name, (page, *rect) in found.words.items()
            if page in own
        }
        self._tags[key] = {own.index(page): n for page, n in found.tags.items() if page in own}


def _digest(head: str, section: str, tail: str) -> str:
    digest = hashlib.sha256(head.encode())
    digest.update(section.encode())
    digest.update(tail.encode())
    return digest.hexdigest()


def _alts(earlier: dict[str, str], now: dict[str, str]) -> dict[str, str] | None:
    """Each earlier alt text -> this pack's, for the figures whose alt text changed; None
    when two figures had one alt text and now have two (a picture is known by its words), or
    when a picture gains or loses its words (the tree holds only pictures with words)."""
    changed: dict[str, str] = {}
    for fig, alt in now.items():
        old = earlier.get(fig, alt)
        if changed.setdefault(old, alt) != alt or bool(old) != bool(alt):
            return None
    return {old: alt for old, alt in changed.items() if old != alt}


def _with_alts(node, alts: dict[str, str]):
    """A structure tree's element (pdf/tags.py) with its pictures' alt texts replaced."""
    if not isinstance(node, dict):
        return node  # a marked content's number
    node = dict(node)
    if "K" in node:
        node["K"] = [_with_alts(kid, alts) for kid in node["K"]]
    if node.get("Alt") in alts:
        node["Alt"] = alts[node["Alt"]]
    return node
