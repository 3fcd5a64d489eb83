"""Two pieces of work side by side on two cores: the second in a forked child.

Where it is safe (Linux, two cores or more, this process running no other thread), `halves`
runs the second piece in a forked child while this process runs the first, in two steps, the
two sides trading their first results before the second: a pack's passes laid out, then
converted to simple fonts in the codes both agree on (backgrounds.lay_out_html); its pages
drawn half on each core, then its files written from all of them (printing/writing.py).
Otherwise this process does both, one after the other, and makes the same.
BUNCO_PRINT_JOBS=1 keeps to one process.

A pack made here forks once (`paired`): the passes' child goes on to draw and write its half
of the files, where a second fork would have copied anew every page of memory either side
wrote to.

Loading WeasyPrint takes about as long as starting the command line, so `bunco-print pack`
forks a worker as it starts (`start_early`) that loads it meanwhile, on the other core. A pack
whose backgrounds are not cached is laid out there (`early`); a cached one dismisses it.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import BinaryIO, TypeVar

from bunco_print.edges import config

T = TypeVar("T")
U = TypeVar("U")
A = TypeVar("A")
B = TypeVar("B")
_early: tuple[int, int, int] | None = None  # the worker: (pid, its job's pipe, its result's)


def halves(
    first: Callable[[], A],
    second: Callable[[], B],
    then_first: Callable[[A, B], T],
    then_second: Callable[[A, B], U],
    go_on: bool = False,
) -> tuple[T, U]:
    """first() here and second() in a forked child at the same time, where that is safe; then,
    each side holding both results, then_first(a, b) here and then_second(a, b) in the child
    at the same time: (then_first's, then_second's). Else one after the other. A child that
    fails is not trusted: what it had yet to give is done here. No result may be None.
    `go_on`: inside `paired`, the child goes on with this process's work to the next halves,
    and does its second half too."""
    global _partner
    if _partnered is not None:  # the paired child: this second half, and gone
        _second_half(second, then_second, *_partnered)
    child, _partner = _partner, None
    if child is None and _may_fork():
        child = _talking(second, then_second, go_on=go_on and _pairing)
        if isinstance(child, tuple):  # the paired child: both results, going on
            return child
    b = mine = None
    kept = False
    try:
        a = first()
        if child and (b := child.take()) is not None and child.give(a):
            mine = then_first(a, b)
            if (theirs := child.take()) is not None:
                kept = child.going_on and child.give(mine)
                return mine, theirs
    finally:
        if kept:
            child.going_on, _partner = False, child
        elif child:
            child.stop()
    b = second() if b is None else b
    return then_first(a, b) if mine is None else mine, then_second(a, b)


_pairing = False  # inside `paired`: a child forked with go_on goes on with this process's work
_partner: _Talking | None = None  # that child, its first half done, till the next halves
_partnered: tuple[int, BinaryIO] | None = None  # in that child: its pipes to this process


@contextlib.contextmanager
def paired(wanted: bool = True) -> Iterator[None]:
    """Work in two `halves` steps whose second halves one child does: where `wanted` (and
    safe), the first `halves` inside (given go_on) forks a child that, its half done, is sent
    this side's result too and goes on with the same work as this process (each side making the same
    from the same: a pack's backgrounds joined and stamped) to the next `halves`, whose second
    half it does as well, and is gone. One fork, not two, and the second half done in memory
    the child has made its own (a fork's child copies every page it writes to). The child
    never leaves the block: reaching its end, or an error on its way, it is gone."""
    global _pairing, _partner
    if not wanted or _pairing:
        yield
        return
    _pairing = True
    try:
        yield
    finally:
        _pairing = False
        if _partnered is not None:
            os._exit(1)  # the child, cut short on its way
        if _partner is not None:
            _partner.stop()
            _partner = None


def partnered() -> bool:
    """Whether this process is `paired`'s child, going on with its parent's work (which keeps
    what they make: the background cache, say)."""
    return _partnered is not None


class _Talking:
    """A forked child and the two pipes to it: messages are pickled values, each after its
    length in 8 bytes. `going_on`: a `paired` child, to be kept for the next halves."""

    def __init__(self, pid: int, up: int, down: int, going_on: bool = False) -> None:
        self.pid, self.up, self.down = pid, os.fdopen(up, "rb"), down
        self.going_on = going_on

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


def _talking(second: Callable[[], B], then_second: Callable, go_on: bool = False):
    """A child that sends second(), reads what this process sends back, sends then_second(a,
    b) and is gone; `go_on` (`paired`): that then reads this side's then_first result, and
    returns both results where halves was called (the child's only return)."""
    if (forked := _forked_with_pipes()) is None:
        return None
    pid, up_read, up_write, down_read, down_write = forked
    if pid == 0:  # the child: gone without any cleanup once it has said its last
        gc.disable()  # (collecting would write to, and so copy, every page of the parent's)
        try:
            os.close(up_read)
            os.close(down_write)
            pipe = os.fdopen(down_read, "rb")
        except BaseException:
            os._exit(1)
        return _second_half(second, then_second, up_write, pipe, go_on)
    os.close(up_write)
    os.close(down_read)
    return _Talking(pid, up_read, down_write, go_on)


def _second_half(second, then_second, up: int, pipe: BinaryIO, go_on: bool = False):
    """In a child: second() sent up, the other side's result read, then_second(a, b) sent up;
    then gone, or (`go_on`) the other side's then_first result read, and both returned."""
    global _partnered
    status = 1
    try:
        b = second()
        _write(up, b)
        a = pickle.loads(_read(pipe))
        theirs = then_second(a, b)
        _write(up, theirs)
        if go_on:
            mine = pickle.loads(_read(pipe))
            _partnered, status = (up, pipe), None
            return mine, theirs
        status = 0
    finally:
        if status is not None:
            os._exit(status)


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
