"""The Typer app, its global options, and the one place a command's ending reaches the user.

Each command lives in a face module (pack.py, engine.py, serve.py, themes.py, catalogue.py) that
parses options, calls the core, and prints. Whatever a command or the parsing raises goes
through `ending`: a BuncoError is one line and its exit code, Ctrl-C exit 130, a bug exit 70
and one line.
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text
from typer.core import TyperGroup

from bunco_print import __version__
from bunco_print.cli.exits import BUG, INTERRUPTED
from bunco_print.cli.fields import flag, worded
from bunco_print.errors import BuncoError, InputError

DEBUG = {"on": False}
PIPE = 141  # stdout closed early (`... | head`): 128 + SIGPIPE, as a shell would say


class _Console(Console):
    def on_broken_pipe(self) -> None:  # Rich's own exits 1, which reads as "totals invalid"
        _silence_stdout()
        raise typer.Exit(PIPE)


# Nothing a user wrote is ever read as Rich markup or emoji codes (see report.plain).
out = _Console(highlight=False, markup=False, emoji=False)
err = _Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


def debugging() -> bool:
    return DEBUG["on"] or os.environ.get("BUNCO_DEBUG", "") not in ("", "0")


def say(text: str, style: str = "") -> None:
    """One line on stderr, exactly as written."""
    from bunco_print.cli.report import plain

    err.print(plain(" ".join(str(text).splitlines()), style))


def error(message: str) -> None:
    from bunco_print.cli.report import plain

    err.print(Text("error: ", style="bold red") + plain(" ".join(message.splitlines())))


def ending(exc: BaseException) -> int:
    """The one line a command ends with when it does not end as planned; its exit code."""
    if isinstance(exc, typer.Exit):
        return exc.exit_code
    if isinstance(exc, typer.TyperException):  # usage errors: bad or missing options
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        if message.strip():  # bare `bunco-print` has printed its help
            error(message)
        return getattr(exc, "exit_code", 2)
    if isinstance(exc, BuncoError):
        field = exc.field if isinstance(exc, InputError) else None
        error(worded(str(exc), field, flag))
        return exc.exit_code
    if isinstance(exc, KeyboardInterrupt | typer.Abort):
        say(INTERRUPTED)
        return 130
    if isinstance(exc, BrokenPipeError):  # `bunco-print validate ... | head`: the reader left
        _silence_stdout()
        return PIPE
    if debugging():
        traceback.print_exception(exc, file=sys.stderr)
    if isinstance(exc, OSError):  # a path the system refused (too long, no room, no access)
        error(_system_refused(exc))
        return 2
    say(BUG.format(type(exc).__name__))
    return 70


class _Faces(TyperGroup):
    """The app's commands, each ending through `ending` (also under typer.testing.CliRunner)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.TyperException):
            raise  # Typer says these itself when it runs standalone; `invoke` below when not
        except (Exception, KeyboardInterrupt) as exc:
            raise typer.Exit(ending(exc)) from None


app = typer.Typer(
    cls=_Faces,
    help="Print-ready Bunco packs for any number of players, and a scoring engine that settles "
    "the night.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _system_refused(exc: OSError) -> str:
    from bunco_print.game.values import shown_path

    reason = (exc.strerror or type(exc).__name__).lower()
    if exc.filename is None:
        return f"the system refused: {reason}"
    return f"cannot use {shown_path(exc.filename, 60)}: {reason}"


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def version_callback(value: bool) -> None:
    if value:
        print(f"bunco-print {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=version_callback,
            is_eager=True,
            metavar="",
            help="Print the version and exit.",
        ),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug",
            metavar="",
            help="On a bug, show the whole traceback (or set BUNCO_DEBUG=1).",
        ),
    ] = False,
) -> None:
    """Print-ready Bunco packs, and a scoring engine that settles the night."""
    DEBUG["on"] = debug


def invoke(args: list[str]) -> int:
    """Run the app on `args` as the installed command does; the exit code."""
    DEBUG["on"] = "--debug" in args[: args.index("--")] if "--" in args else "--debug" in args
    try:
        result = app(args, prog_name="bunco-print", standalone_mode=False)
    except (Exception, KeyboardInterrupt) as exc:  # parsing, a callback, Typer itself
        return ending(exc)
    return result if isinstance(result, int) else 0


# The face modules, in the order `--help` lists their commands; each registers on `app`.
FACES = ("pack", "engine", "serve", "publish", "themes", "catalogue", "club")
for _face in FACES:
    importlib.import_module(f"{__package__}.{_face}")
