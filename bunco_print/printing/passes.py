"""A pack's HTML laid out in two WeasyPrint passes, side by side on two cores.

WeasyPrint lays a document out in one thread, and that is most of a pack's time (a 12-player
pack: about 190 ms of its 340 ms of CPU). A pack's documents do not depend on each other, so
its HTML is cut into its `<section class="doc-...">`s and they are shared between two passes
of about equal work (the rules handout's two pages, each nearly as costly as the rest of the
pack together, apart). Where it is safe, the second pass is laid out in a forked child while
this process lays out the first (printing/forks.py); otherwise this process lays out both,
one after the other. The passes are the same either way, and `joined` makes them one PDF, so
the pack is the same byte for byte.
"""

from __future__ import annotations

import itertools
import re
from io import BytesIO

_SECTION = re.compile(r'<section class="doc-([a-z_]+)"')
# What laying out each document takes in a 12-player pack (ms, on a 2-core machine, warm: its
# layout, layers and conversion to simple fonts; others: 15). The rules handout is flowing text.
WEIGHT = {
    "rules": 118,
    "host_checklist": 54,
    "prize_sheet": 30,
    "prize_tags": 29,
    "tally_pad": 21,
    "invitation": 18,
    "score_sheet": 14,
    "team_card": 14,
    "sign_in_sheet": 10,
    "table_marker": 8,
    "name_tags": 7,
    "seat_cards": 5,
    "pieces": 3,
}
# Documents whose sections (the rules handout's pages) may be laid out apart, to even the
# passes out: each about as costly as the rest of a 12-player pack together.
APART = frozenset({"rules"})
WORDS = "@words"  # a pass's pages: where its flowing text left room for the night's words
TAGS = "@tags"  # a pass's pages: its tagged pages' structure trees (pdf/tags.py), by page
SIMPLE = "@simple"  # the backgrounds' pages: what converting their text made (pdf/simple.py)


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


def passes(html: str) -> list[str]:
    """The HTML as one pass, or two of about equal weight (each document in its own order)."""
    parts = split_documents(html)
    if parts is None:
        return [html]
    head, found, tail = parts
    units = _units(found, APART)
    if len(units) < 2:
        return [html]
    share = _shared(units)
    if share is None:  # a document's sections apart, but not its first ones in the first pass
        units = _units(found, frozenset())
        share = _shared(units)
    return [head + "".join(units[i][1] for i in sorted(s)) + tail for s in share]


def _units(found: list[tuple[str, str]], apart: frozenset[str]) -> list[tuple[str, str, float]]:
    """What the passes share out: (document, its HTML, weight). A document's sections (its full
    pages, its last page) stay together, in their order; those of a document `apart`, each
    alone, its weight shared between them."""
    units = []
    for doc, group in itertools.groupby(found, key=lambda part: part[0]):
        sections = [section for _doc, section in group]
        weight = WEIGHT.get(doc, 15)
        if doc in apart:
            units += [(doc, section, weight / len(sections)) for section in sections]
        else:
            units.append((doc, "".join(sections), weight))
    return units


def _shared(units: list[tuple[str, str, float]]) -> list[list[int]] | None:
    """The units' indexes in two passes of about equal weight, the heaviest placed first; or
    None when a document split between them would not have its pages in order (joined puts
    the first pass's pages before the second's)."""
    load, share = [0.0, 0.0], [[], []]
    for index in sorted(range(len(units)), key=lambda i: -units[i][2]):
        side = load.index(min(load))
        load[side] += units[index][2]
        share[side].append(index)
    docs = {doc for doc, *_ in units}
    for order in (share, share[::-1]):
        side = {index: n for n, part in enumerate(order) for index in part}
        sides = [[side[i] for i, unit in enumerate(units) if unit[0] == doc] for doc in docs]
        if all(found == sorted(found) for found in sides):
            return order
    return None


def joined(pdfs: list[bytes], pages: list[dict], finish=None) -> tuple[bytes, dict]:
    """The passes' PDFs as one, and where each document's pages (and each pass's room for
    the night's words, under WORDS: id -> [page, x1, y1, x2, y2]; its structure trees, under
    TAGS: page -> elements) are in it. `finish(pdf)`, before it is saved: under SIMPLE."""
    import pikepdf

    opened = [pikepdf.open(BytesIO(pdf)) for pdf in pdfs]
    first, where, words, trees = opened[0], {}, {}, {}
    try:
        for other, found in zip(opened, pages, strict=True):
            offset = len(first.pages) if other is not first else 0
            if other is not first:
                first.pages.extend(other.pages)  # copied from `other` when saved: kept open
            for key, (index, *rect) in found.get(WORDS, {}).items():
                words[key] = [index + offset, *rect]
            for index, nodes in found.get(TAGS, {}).items():
                trees[int(index) + offset] = nodes
            for doc, idx in found.items():
                if doc not in (WORDS, TAGS):
                    where.setdefault(doc, []).extend(i + offset for i in idx)
        where[WORDS], where[TAGS] = words, trees
        if finish is not None:
            where[SIMPLE] = finish(first)
        out = BytesIO()
        first.save(out, deterministic_id=True)
    finally:
        for pdf in opened:
            pdf.close()
    return out.getvalue(), where
