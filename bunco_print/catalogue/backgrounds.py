"""Backgrounds shared between packs that differ only in their player count.

pack.build_pack lays one HTML out holding every document. Most documents (score sheets, tally
pads, seat cards, table markers, pieces) come out the same for 8 and for 24 players; only the
prize sheet and the rules handout name the pot and the tables. So the HTML is cut into its
`<section class="doc-...">`s and each is remembered by the digest of its HTML: a pack lays out
only the documents no earlier pack of the task had (in one WeasyPrint pass), and its
backgrounds are its documents' pages, copied into one PDF. Each pass is kept in the background
cache too, so a re-run that only changes the words or the seed lays nothing out.
"""

from __future__ import annotations

import hashlib
import re
from io import BytesIO

import pikepdf

from bunco_print.edges import background_cache
from bunco_print.printing.backgrounds import Backgrounds, lay_out_backgrounds, lay_out_pass
from bunco_print.printing.passes import split_documents


class SharedBackgrounds:
    """A `lay_out` for pack.build_pack that lays each distinct document out once. Close it (or
    use it in a `with`) to let go of the laid-out PDFs."""

    def __init__(self) -> None:
        self._passes: list[pikepdf.Pdf] = []  # each WeasyPrint pass's PDF, open
        self._documents: dict[str, tuple[int, list[int]]] = {}  # digest -> (pass, its pages)
        self._words: dict[str, dict[str, list]] = {}  # digest -> its room for words, by its page
        self._tags: dict[str, dict[int, list]] = {}  # digest -> its structure trees, by its page
        self.laid_out = 0  # documents laid out
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

    def __call__(self, html: str) -> Backgrounds:
        parts = split_documents(html)
        if parts is None:
            return lay_out_backgrounds(html)
        head, sections, tail = parts
        keys = [_digest(head, section, tail) for _doc, section in sections]
        missing = {k: s for k, s in zip(keys, sections, strict=True) if k not in self._documents}
        self.shared += len(keys) - len(missing)
        if missing and not self._lay_out(head, missing, tail):
            return lay_out_backgrounds(html)  # pages not named by their document: no sharing
        pages: dict[str, list[int]] = {}
        words: dict[str, list] = {}
        trees: dict[int, list] = {}
        merged = pikepdf.new()
        for (doc, _section), key in zip(sections, keys, strict=True):
            source, indexes = self._documents[key]
            offset = len(merged.pages)
            pages.setdefault(doc, []).extend(range(offset, offset + len(indexes)))
            for name, (page, *rect) in self._words.get(key, {}).items():
                words[name] = [offset + page, *rect]
            for page, nodes in self._tags.get(key, {}).items():
                trees[offset + page] = nodes
            # pages of one pass share its fonts: pikepdf copies each object of a pass once
            merged.pages.extend(self._passes[source].pages[i] for i in indexes)
        buffer = BytesIO()
        merged.save(buffer, deterministic_id=True)
        return Backgrounds(pdf=buffer.getvalue(), pages=pages, words=words, tags=trees)

    def _lay_out(self, head: str, missing: dict[str, tuple[str, str]], tail: str) -> bool:
        """Lay the missing documents out in one pass and remember where each one's pages are."""
        html = head + "".join(s for _d, s in missing.values()) + tail
        found = Backgrounds.kept(*background_cache.cached(html, lay_out_pass, kind="pass"))
        pages, words, trees = found.pages, found.words, found.tags
        laid = pikepdf.open(BytesIO(found.pdf))
        # a document may come in several sections (its full pages, then its last page's): each
        # takes as many of its document's pages, in order, as it names
        taken = {doc: iter(pages.get(doc, ())) for doc, _s in missing.values()}
        owned = [
            [next(taken[doc], None) for _ in re.findall(rf'id="{doc}-page-\d+"', section)]
            for doc, section in missing.values()
        ]
        left = [index for found in taken.values() for index in found]
        if set(pages) != set(taken) or left or any(None in own or not own for own in owned):
            laid.close()
            return False
        self._passes.append(laid)
        for key, own in zip(missing, owned, strict=True):
            self._documents[key] = (len(self._passes) - 1, own)
            self._words[key] = {
                name: [own.index(page), *rect]
                for name, (page, *rect) in words.items()
                if page in own
            }
            self._tags[key] = {own.index(page): n for page, n in trees.items() if page in own}
            self.laid_out += 1
        return True


def _digest(head: str, section: str, tail: str) -> str:
    digest = hashlib.sha256(head.encode())
    digest.update(section.encode())
    digest.update(tail.encode())
    return digest.hexdigest()
