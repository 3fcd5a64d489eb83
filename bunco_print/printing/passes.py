"""A pack's HTML laid out in two WeasyPrint passes, side by side on two cores.

WeasyPrint lays a document out in one thread, and that is most of a pack's time (a 12-player
pack: about 190 ms of its 340 ms of CPU). A pack's documents do not depend on each other, so
its HTML is cut into its `<section class="doc-...">`s and they are shared between two passes
of about equal work (the rules handout's two pages, each nearly as costly as the rest of the
pack together, apart). Where it is safe (Linux, two cores or more, this process running no
other thread), the second pass is laid out in a forked child while this process lays out the
first; otherwise this process lays out both, one after the other. The passes are the same
either way, so the pack is the same byte for byte. BUNCO_PRINT_JOBS=1 keeps to one process.

Loading WeasyPrint takes about as long as starting the command line, so `bunco-print pack`
forks a worker as it starts (`start_early`) that loads it meanwhile, on the other core. A pack
whose backgrounds are not cached is laid out there (`early`); a cached one dismisses it.

`halves` runs two pieces of work side by side this way, in two steps, the two sides trading
their first results before the second: a pack's passes laid out, then converted to simple fonts
in the codes both agree on (backgrounds.lay_out_html); its pages drawn half on each core, then
its files written from all of them (printing/writing.py).
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import pickle
import re
import signal
import sys
import threading
from collections.abc import Callable
from io import BytesIO
from typing import TypeVar

from bunco_print.edges import config

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
T = TypeVar("T")
U = TypeVar("U")
A = TypeVar("A")
B = TypeVar("B")
_early: tuple[int, int, int] | None = None  # the worker: (pid, its job's pipe, its result's)
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


def halves(
    first: Callable[[], A],
    second: Callable[[], B],
    then_first: Callable[[A, B], T],
    then_second: Callable[[A, B], U],
) -> tuple[T, U]:
    """first() here and second() in a forked child at the same time, where that is safe; then,
    each side holding both results, then_first(a, b) here and then_second(a, b) in the child
    at the same time: (then_first's, then_second's). Else one after the other. A child that
    fails is not trusted: what it had yet to give is done here. No result may be None."""
    child = _talking(second, then_second) if _may_fork() else None
    b = mine = None
    try:
        a = first()
        if child and (b := child.take()) is not None and child.give(a):
            mine = then_first(a, b)
            if (theirs := child.take()) is not None:
                return mine, theirs
    finally:
        if child:
            child.stop()
    b = second() if b is None else b
    return then_first(a, b) if mine is None else mine, then_second(a, b)


class _Talking:
    """A forked child and the two pipes to it: messages are pickled values, each after its
    length in 8 bytes."""

    def __init__(self, pid: int, up: int, down: int) -> None:
        self.pid, self.up, self.down = pid, os.fdopen(up, "rb"), down

    def take(self):
        """The child's next message, or None when it failed."""
        try:
            return pickle.loads(_read(self.up))
        except Exception:  # a child cut short
            return None

    def give(self, value: object) -> bool:
        try:
            _write(self.down, value)
        except OSError:  # it is gone
            return False
        return True

    def stop(self) -> None:
        self.up.close()
        os.close(self.down)
        _let_go(self.pid)


def _talking(second: Callable[[], B], then_second: Callable) -> _Talking | None:
    """A child that sends second(), reads what this process sends back, sends then_second(a,
    b) and is gone."""
    if (forked := _forked_with_pipes()) is None:
        return None
    pid, up_read, up_write, down_read, down_write = forked
    if pid == 0:  # the child: gone without any cleanup once it has said its last
        gc.disable()  # (collecting would write to, and so copy, every page of the parent's)
        status = 1
        try:
            os.close(up_read)
            os.close(down_write)
            b = second()
            _write(up_write, b)
            with os.fdopen(down_read, "rb") as pipe:
                a = pickle.loads(_read(pipe))
            _write(up_write, then_second(a, b))
            status = 0
        finally:
            os._exit(status)
    os.close(up_write)
    os.close(down_read)
    return _Talking(pid, up_read, down_write)


def _forked_with_pipes() -> tuple[int, int, int, int, int] | None:
    """Two pipes made, then fork(): (its pid, the first pipe's read and write ends, the
    second's), or None when it cannot fork (the pipes closed again)."""
    _reap_gone()
    first, second = os.pipe(), os.pipe()
    try:
        return os.fork(), *first, *second
    except OSError:
        for fd in (*first, *second):
            os.close(fd)
        return None


def _write(fd: int, value: object) -> None:
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(len(data).to_bytes(8, "big") + data)
    while view:
        view = view[os.write(fd, view) :]


def _read(pipe) -> bytes:
    size = int.from_bytes(pipe.read(8).rjust(8, b"\0"), "big")
    data = pipe.read(size)
    if not size or len(data) != size:
        raise EOFError("the other side stopped")
    return data


def start_early(warm: Callable[[], object]) -> None:
    """Fork the worker now, where forking is safe: it runs warm() (loads WeasyPrint and the
    modules a layout needs) and then waits for one job from `early`, or for this process to
    end or dismiss it. Its output goes nowhere: what it has to say comes back as its result."""
    global _early
    if _early is not None or not _may_fork():
        return
    if (forked := _forked_with_pipes()) is None:
        return
    pid, job, give, take, result = forked
    if pid == 0:
        _serve(warm, job, give, take, result)
    os.close(job)
    os.close(result)
    _early = (pid, give, take)


def _serve(warm: Callable[[], object], job: int, give: int, take: int, result: int) -> None:
    """The worker: warm(), then work(arg) for the (work, arg) read from `job`, its result
    written to `result`; then gone without any cleanup (exit 1 on any failure or Ctrl-C)."""
    status = 1
    try:
        os.close(give)
        os.close(take)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):  # a caller waiting for this process's output does not wait for it
            os.dup2(null, fd)
        # it may not be needed (the backgrounds cached): on a busy machine it yields to this
        # pack, on a quiet one it has the other core to itself all the same
        os.nice(10)
        warm()
        with os.fdopen(job, "rb") as pipe:
            asked = pipe.read()
        if asked:
            work, arg = pickle.loads(asked)
            data = pickle.dumps(work(arg), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(result, "wb") as pipe:
                pipe.write(data)
        status = 0
    finally:
        os._exit(status)


def early(work: Callable[[str], T], arg: str) -> T | None:
    """work(arg), done by the worker `start_early` forked (WeasyPrint already loaded there),
    or None when there is none or it failed (the caller then does the work itself)."""
    global _early
    if _early is None:
        return None
    (pid, give, take), _early = _early, None
    try:
        with os.fdopen(give, "wb") as pipe:
            pipe.write(pickle.dumps((work, arg), protocol=pickle.HIGHEST_PROTOCOL))
    except OSError:
        _reap(pid, take)
        return None
    return _result(pid, take)


def dismiss_early() -> None:
    """The worker stopped, if it was not needed (the pack's backgrounds were cached)."""
    global _early
    if _early is not None:
        (pid, give, take), _early = _early, None
        with contextlib.suppress(OSError):
            os.close(give)
        _reap(pid, take)


def _may_fork() -> bool:
    if config.one_process():
        return False
    if not sys.platform.startswith("linux") or threading.active_count() > 1:
        return False
    return len(os.sched_getaffinity(0)) > 1


def _result(pid: int, read: int):
    """The child's result, or None when it failed (a result cut short does not unpickle);
    the child let go either way."""
    try:
        with os.fdopen(read, "rb") as pipe:
            data = pipe.read()
    finally:
        _let_go(pid)
    try:
        return pickle.loads(data) if data else None
    except Exception:  # a child cut short
        return None


def _reap(pid: int, read: int) -> None:
    os.close(read)
    _let_go(pid)


_GONE: list[int] = []  # children stopped and not yet reaped


def _let_go(pid: int) -> None:
    """The child stopped (done already, or not), and reaped now or later: a child's exit
    unmaps all it shared with this process, 3-4 ms that this process need not wait for."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)
    _GONE.append(pid)
    _reap_gone()


def _reap_gone() -> None:
    """Every child let go that has exited since, reaped (none left a zombie for long)."""
    for pid in list(_GONE):
        try:
            done, _status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # reaped already (by a caller's own wait)
            done = pid
        if done:
            _GONE.remove(pid)


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
