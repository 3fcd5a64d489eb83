"""Several processes on one listening socket: `serve --database postgresql://... --workers N`.

The parent binds the socket, opens and migrates the database, opens the nights and builds the
app, then forks N workers that each run uvicorn on that same socket (the kernel hands each new
connection to one of them). Nothing a worker acknowledged lives only in it: every entry, lock
and version is in the database, so any worker answers any phone. A worker that dies (killed,
out of memory) is replaced and the others go on serving; Ctrl-C or SIGTERM stop them all, even
where a shell started the server with Ctrl-C ignored.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable

from bunco_print.web import server

# seconds the workers get to finish their answers before they are killed: uvicorn gives open
# connections 3 (server.run), so a worker still there after STOP_WAIT is stuck, and Ctrl-C
# must not wait on it
STOP_WAIT = 5.0
RESTART_GAP = 1.0  # a worker that keeps dying is started again at most once a second


def serve(
    app,
    sock: socket.socket,
    workers: int,
    after_fork: Callable[[], None],
    log=print,
    proxied: bool = False,
) -> None:
    """Run `app` in `workers` forked processes until Ctrl-C or SIGTERM; a worker that ends
    meanwhile is started again (one line says so)."""
    running: dict[int, tuple[int, float]] = {}  # pid -> (worker number, started at)

    def start(number: int) -> None:
        sys.stdout.flush()
        pid = os.fork()
        if pid == 0:
            _worker(app, sock, after_fork, proxied)
        running[pid] = (number, time.monotonic())

    def stop(signum, frame):
        raise KeyboardInterrupt

    # Ctrl-C too, as uvicorn stops one worker on it: a shell starts a background job (`serve
    # ... &`) with SIGINT ignored, and Python then leaves it ignored
    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        for number in range(1, workers + 1):
            start(number)
        while True:
            pid, status = os.wait()
            if pid not in running:
                continue
            number, started = running.pop(pid)
            log(f"worker {number} (pid {pid}) {_ended(status)}; starting another")
            time.sleep(max(0.0, RESTART_GAP - (time.monotonic() - started)))
            start(number)
    except KeyboardInterrupt:
        pass
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        _stop_all(running, log)


def _worker(app, sock: socket.socket, after_fork: Callable[[], None], proxied: bool) -> None:
    """A forked worker's whole life: it never returns into the parent's code."""
    status = 0
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        after_fork()
        server.run(app, sock, proxied)
    except KeyboardInterrupt:
        pass
    except BaseException as exc:  # one line, as anywhere: the parent starts another
        print(f"error: worker stopped by {type(exc).__name__}", file=sys.stderr)
        status = 70
    finally:
        with contextlib.suppress(Exception):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)


def _stop_all(running: dict[int, tuple[int, float]], log=print) -> None:
    """SIGTERM to every worker (each finishes its answers), SIGKILL to any still there after
    STOP_WAIT (a line says which)."""
    for pid in running:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + STOP_WAIT
    while running and time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:  # none left
            running.clear()
            break
        if pid:
            running.pop(pid, None)
        else:
            time.sleep(0.05)
    for pid, (number, _started) in list(running.items()):
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            log(f"worker {number} (pid {pid}) did not stop within {STOP_WAIT:g} s: killed")


def _ended(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"was stopped by {signal.Signals(os.WTERMSIG(status)).name}"
    return f"ended with code {os.waitstatus_to_exitcode(status)}"
