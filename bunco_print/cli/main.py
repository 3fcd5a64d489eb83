"""The Typer app, its global options, and how every command's errors reach the user.

Each command lives in a face module (pack.py, engine.py; later serve, catalogue, themes) that
parses options, calls the core, and prints. `face` wraps each one: a BuncoError becomes one
line and its exit code, Ctrl-C exit 130, anything else (a bug) exit 70 and one line.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
import traceback
from enum import StrEnum
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from bunco_print import __version__
from bunco_print.cli.exits import BUG, INTERRUPTED
from bunco_print.cli.fields import flag, worded
from bunco_print.errors import BuncoError, InputError

app = typer.Typer(
    help="Print-ready Bunco packs for any number of players, and a scoring engine that settles "
    "the night.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
DEBUG = {"on": False}
PIPE = 141  # stdout closed early (`... | head`): 128 + SIGPIPE, as a shell would say


class _Console(Console):
    def on_broken_pipe(self) -> None:  # Rich's own exits 1, which reads as "totals invalid"
        _silence_stdout()
        raise typer.Exit(PIPE)


# Nothing a user wrote is ever read as Rich markup or emoji codes (see report.plain).
out = _Console(highlight=False, markup=False, emoji=False)
err = _Console(stderr=True, highlight=False, markup=False, emoji=False, soft_wrap=True)
FLAGS: dict[str, str] = {}  # field -> flag, where it is not "--" + the field with dashes


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


def say_error(exc: BuncoError) -> None:
    field = exc.field if isinstance(exc, InputError) else None
    error(worded(str(exc), field, lambda name: flag(name, FLAGS)))


def say_bug(exc: BaseException) -> None:
    if debugging():
        traceback.print_exception(exc, file=sys.stderr)
    say(BUG.format(type(exc).__name__))


def face(command):
    """A command that never crashes: one line and a known exit code for whatever happens."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except BuncoError as exc:
            say_error(exc)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt:
            say(INTERRUPTED)
            raise typer.Exit(130) from None
        except BrokenPipeError:  # `bunco-print validate ... | head`: the reader left
            _silence_stdout()
            raise typer.Exit(PIPE) from None
        except OSError as exc:  # a path the system refused (too long, no room, no access)
            if debugging():
                traceback.print_exception(exc, file=sys.stderr)
            error(_system_refused(exc))
            raise typer.Exit(2) from None
        except Exception as exc:
            say_bug(exc)
            raise typer.Exit(70) from None

    return wrapper


def _system_refused(exc: OSError) -> str:
    from bunco_print.game.values import printable, shorten

    reason = (exc.strerror or type(exc).__name__).lower()
    if exc.filename is None:
        return f"the system refused: {reason}"
    return f"cannot use {printable(shorten(os.fsdecode(exc.filename), 60))}: {reason}"


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
            help="Print the version and exit.",
        ),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option("--debug", help="On a bug, show the whole traceback (or set BUNCO_DEBUG=1)."),
    ] = False,
) -> None:
    """Print-ready Bunco packs, and a scoring engine that settles the night."""
    DEBUG["on"] = debug


def invoke(args: list[str]) -> int:
    """Run the app on `args` as the installed command does; the exit code."""
    DEBUG["on"] = "--debug" in args[: args.index("--")] if "--" in args else "--debug" in args
    try:
        result = app(args, standalone_mode=False)
    except typer.Abort:
        say(INTERRUPTED)
        return 130
    except typer.TyperException as exc:  # usage errors: bad or missing options
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        if message.strip():  # bare `bunco-print` has printed its help
            error(message)
        return getattr(exc, "exit_code", 2)
    except BuncoError as exc:
        say_error(exc)
        return exc.exit_code
    except KeyboardInterrupt:
        say(INTERRUPTED)
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return PIPE
    except Exception as exc:  # a bug outside any command (an option's callback, Typer itself)
        say_bug(exc)
        return 70
    return result if isinstance(result, int) else 0


# The face modules, in the order `--help` lists their commands; each registers on `app`.
FACES = ("pack", "engine", "serve", "themes", "catalogue", "club")
for _face in FACES:
    importlib.import_module(f"{__package__}.{_face}")
