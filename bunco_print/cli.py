"""The `bunco-print` command line: parse options, call the core, print, exit."""

from __future__ import annotations

import functools
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from . import __version__
from .errors import BuncoError

app = typer.Typer(
    help="Print-ready Bunco packs for any number of players, and a scoring engine that settles "
    "the night.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def friendly(command):
    """Turn a BuncoError into one line on stderr and its exit code: no traceback for users."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except BuncoError as exc:
            err.print(f"[bold red]error:[/] {exc}", markup=True)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt:
            err.print("interrupted; nothing was left half-written")
            raise typer.Exit(130) from None

    return wrapper


class Paper(StrEnum):
    letter = "letter"
    a4 = "a4"


def version_callback(value: bool) -> None:
    if value:
        print(f"bunco-print {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=version_callback, is_eager=True,
                           help="Print the version and exit.")
    ] = False,
) -> None:
    """Print-ready Bunco packs, and a scoring engine that settles the night."""


# --- pack -------------------------------------------------------------------------------------
# (filled in by the pack command below)


# --- scoring engine: validate, prizes, simulate -----------------------------------------------


if __name__ == "__main__":  # pragma: no cover
    sys.exit(app())
