"""A pack's files written from its pages: each document's file and pack.pdf.

Every page is drawn once (pdf.Drawer: its content and the codes of its letters are the same
in its document's file and in pack.pdf), and pack.pdf holds every page once more: about half
the writing. Where it is safe, the pages are drawn half in this process and half in a child
at once (the passes' child, going on: forks.paired; else one forked now), each side then
holds every drawing (forks.halves), and pack.pdf is written there with the documents' files
that even the two halves out, the others here.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable
from functools import partial

from bunco_print.printing import forks
from bunco_print.printing.backgrounds import Backgrounds
from bunco_print.printing.pdf import QR, Drawer, Drawing, Meta, PageSpec, assemble

# a document's file: its name, pages, what it is, its flip and its first page in pack.pdf
File = tuple[str, list[PageSpec], str, str | None, int]


def _drawing_work(pages: list[PageSpec]) -> list[int]:
    """What drawing each page takes, about, in hundredths of a ms (fitted to 12- and 200-player
    packs' pages): 5 a page, 12 a QR code (its modules found and drawn), 3 a text stamp the
    first time it is drawn in its place; drawn again there, next to nothing."""
    seen: set[tuple] = set()
    work = []
    for page in pages:
        cost = 5
        for rect, stamp in page.stamps:
            if isinstance(stamp, QR):
                cost += 12
            elif (rect, stamp) not in seen:
                seen.add((rect, stamp))
                cost += 3
        work.append(cost)
    return work


# What writing a file takes beyond its pages (its fonts cut, its objects saved), in pages: a
# one-page prize sheet took 4.9 ms to write, a 200-player pack's 50 pages of table markers 7.5.
FILE_COST = 6


def _halves(files: list[File], pages: int) -> tuple[list[File], list[File]]:
    """The documents' files as two shares: those written beside pack.pdf (of `pages` pages)
    and the rest, the smallest moved beside it while that evens the writing out."""
    cost = {file: len(specs) + FILE_COST for file, specs, *_ in files}
    here, there = list(files), []
    beside = pages + FILE_COST  # pack.pdf's
    for entry in sorted(files, key=lambda entry: cost[entry[0]]):
        if beside + cost[entry[0]] >= sum(cost[file] for file, *_ in here):
            break
        here.remove(entry)
        there.append(entry)
        beside += cost[entry[0]]
    return here, there


def written(
    backgrounds: Backgrounds,
    files: list[File],
    whole: tuple[list[PageSpec], list[tuple[str, int]], str | None],
    described: Callable[..., Meta],
    forked: bool,
) -> tuple[dict[str, bytes], bytes]:
    """Each document's file (`files`), in the pack's order, and pack.pdf (`whole`: its pages,
    bookmarks and flip); `described(what)`: a file's Meta. Every page is drawn once (Drawer),
    for its document's file and pack.pdf alike; pack.pdf holds every page once more, about
    half the writing. Where `forked`: the pages are drawn half here and half in a forked child,
    then pack.pdf is written there with the files that even the halves out, the rest here."""
    pages, bookmarks, pack_flip = whole
    drawer = Drawer(backgrounds.pdf, backgrounds.pdf, backgrounds.tags, backgrounds.simple)
    drawer.prepare(pages)  # every letter its code, as one process would give them

    def drawn(part: range) -> dict[int, Drawing]:
        return {index: drawer.draw(pages[index]) for index in part}

    def documents(chosen: list[File], drawings: dict[int, Drawing]) -> dict[str, bytes]:
        return {
            file: assemble(
                backgrounds.pdf,
                specs,
                backgrounds.pdf,
                about=described(what),
                duplex=flip,
                trees=backgrounds.tags,
                drawer=drawer,
                drawings=[drawings[start + k] for k in range(len(specs))],
            )
            for file, specs, what, flip, start in chosen
        }

    def pack_pdf(drawings: dict[int, Drawing]) -> bytes:
        return assemble(
            backgrounds.pdf,
            pages,
            backgrounds.pdf,
            about=described(),
            duplex=pack_flip,
            bookmarks=bookmarks,
            trees=backgrounds.tags,
            drawer=drawer,
            drawings=[drawings[index] for index in range(len(pages))],
        )

    here, there = _halves(files, len(pages))
    if forked:  # the first half of the drawing done here, the rest there
        work = list(itertools.accumulate(_drawing_work(pages)))
        middle = bisect.bisect(work, work[-1] / 2) if work else 0
        mine, (theirs, pdf) = forks.halves(
            partial(drawn, range(middle)),
            partial(drawn, range(middle, len(pages))),
            lambda a, b: documents(here, a | b),
            lambda a, b: (documents(there, a | b), pack_pdf(a | b)),
        )
    else:
        drawings = drawn(range(len(pages)))
        mine, theirs = documents(here, drawings), documents(there, drawings)
        pdf = pack_pdf(drawings)
    return {file: (mine | theirs)[file] for file, *_ in files}, pdf
