"""The `bunco-print` command line: thin faces over the core, and a front door that never crashes.

Importing this package costs nothing: `run` loads Typer, Rich and the commands (`main.py`,
`pack.py`, `engine.py`) itself, so Ctrl-C while they load still ends cleanly. Exit codes:
0 fine, 1 the totals do not hold together, 2 unusable input (one line on stderr), 70 a bug
(one line; the traceback with --debug or BUNCO_DEBUG=1), 130 interrupted.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading

from bunco_print.cli.exits import BUG, INTERRUPTED


def __getattr__(name: str):
    if name == "app":  # `from bunco_print.cli import app`: the Typer app, built on first use
        from bunco_print.cli.main import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def run(argv: list[str] | None = None) -> None:
    """The console entry point (`bunco-print`): always ends with a known code. A process of
    its own, it ends without taking its modules apart once its output is flushed (that took
    about 50 ms of a 0.45 s pack: every file is written and closed by then), unless another
    thread still runs (sys.exit waits for it) or a profiler or tracer (cProfile, coverage)
    has yet to write what it saw."""
    status = code(sys.argv[1:] if argv is None else argv, early=True)
    if threading.active_count() > 1 or sys.getprofile() or sys.gettrace():
        sys.exit(status)
    os._exit(_flushed(status))


def _flushed(status: int) -> int:
    """The exit code once the output is flushed: output that cannot be written ends a command
    that had done well as a write during it does (main.ending: its reader gone, or one line
    saying what the system refused)."""
    try:
        sys.stdout.flush()
    except OSError as exc:
        if status == 0:
            from bunco_print.cli.main import ending

            status = ending(exc)
    except ValueError:  # closed
        pass
    with contextlib.suppress(OSError, ValueError):
        sys.stderr.flush()
    return status


def code(args: list[str], early: bool = False) -> int:
    """Run the command line on `args`; the exit code. `early` (a process of its own): a
    `pack` starts loading WeasyPrint in a worker while Typer and the commands load here."""
    forks = None
    try:
        if early and args[:1] == ["pack"] and not {"--help", "-h"} & set(args):
            from bunco_print.printing import forks

            forks.start_early(_warm)
        if (bad := _not_utf8(args)) is not None:
            _line(f"error: the argument '{bad}' is not valid UTF-8; give it in UTF-8")
            return 2
        try:
            from bunco_print.cli.main import (
                invoke,  # Typer, Rich and the commands: the slow part of starting
            )
        except Exception as exc:  # a broken install or a broken module: still one line
            if "--debug" in args or os.environ.get("BUNCO_DEBUG", "") not in ("", "0"):
                import traceback

                traceback.print_exc()
            _line(BUG.format(type(exc).__name__))
            return 70
        return invoke(args)
    except KeyboardInterrupt:
        _line(INTERRUPTED)
        return 130
    finally:
        if forks is not None:  # its worker stopped, if it was not needed
            forks.dismiss_early()


def _warm() -> None:
    """What laying out a pack needs loaded: WeasyPrint with its fonts, and the code that lays
    its backgrounds out (not the rest of the pack)."""
    from bunco_print.printing import backgrounds, render  # noqa: F401

    render.font_config()


def _not_utf8(args: list[str]) -> str | None:
    """The first argument holding bytes that are not UTF-8 (argv keeps them as surrogates)."""
    for arg in args:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return arg.encode("utf-8", "backslashreplace").decode("utf-8")
    return None


def _line(text: str) -> None:
    try:
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
