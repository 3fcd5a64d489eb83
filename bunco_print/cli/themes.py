"""`bunco-print themes`: list the themes, check one, picture one, start a new one."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from bunco_print.cli import files
from bunco_print.cli.main import app, error, out, say
from bunco_print.game.values import shown_path

themes_app = typer.Typer(
    help="The printed looks: list them, check one, picture one, or start your own.",
    short_help="The printed looks: list, check, picture or start one.",
    no_args_is_help=True,
)
app.add_typer(themes_app, name="themes")

MONTHS = (
    *("january", "february", "march", "april", "may", "june"),
    *("july", "august", "september", "october", "november", "december"),
)
PNG_HEAD = 4096  # bytes of an existing --out read to tell a preview from a file of the user's
CHECK_FAILED = 1  # like `validate`: the command ran, and what it looked at does not hold up


@themes_app.command("list", short_help="Every shipped theme, its title and fonts.")
def list_command() -> None:
    """Every shipped theme: its name, title, what it extends and its fonts."""
    from bunco_print.theming import themes

    table = Table(box=None, pad_edge=False, header_style="bold")
    for column in ("theme", "title", "extends", "fonts (display / body / hand)"):
        table.add_column(column)
    for name in sorted(themes.available(), key=_calendar):
        theme = themes.load(name)
        parent = theme.folders[1].name if len(theme.folders) > 1 else ""
        fonts = " / ".join(theme.family(role) for role in ("display", "body", "hand"))
        table.add_row(name, theme.title, parent, fonts)
    out.print(table)


def _calendar(name: str) -> tuple[int, str]:
    """classic first, then the months in their order, then any others by name."""
    return (MONTHS.index(name) + 1 if name in MONTHS else 0 if name == "classic" else 13, name)


@themes_app.command("check", short_help="Check a theme before printing with it.")
def check_command(
    theme: Annotated[
        str, typer.Argument(metavar="THEME", help="A shipped theme's name, or a theme folder.")
    ],
) -> None:
    """Check a theme before printing with it; exit 1 on any problem.

    Text contrast, lines that survive grayscale, fonts covering Latin-1 and Latin Extended-A,
    its art files, dark QR codes: one line per problem."""
    from bunco_print.theming import themes
    from bunco_print.workshop import checks as theme_checks

    report = theme_checks.check(themes.load(theme), printed=True)
    for warning in report.warnings:
        say(f"warning: {warning}")
    for failure in report.failures:
        error(failure)
    if not report.ok:
        raise typer.Exit(CHECK_FAILED)
    lines = min(c.ratio for c in report.contrasts if not c.what.startswith(("text", "QR")))
    faintest = min(seen.darkness for seen in report.printed)
    out.print(
        f"{report.theme}: ok (text {report.min_text_contrast():.2f}:1 or more, "
        f"lines {lines:.2f}:1, printed in grayscale at least {faintest:.0%} darker than the "
        "paper, fonts cover Latin Extended-A)"
    )


@themes_app.command("preview", short_help="One PNG picturing every document a theme prints.")
def preview_command(
    theme: Annotated[
        str, typer.Argument(metavar="THEME", help="A shipped theme's name, or a theme folder.")
    ],
    out_path: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="The PNG to write.  [default: THEME-preview.png in this folder]",
        ),
    ] = None,
    dpi: Annotated[
        int, typer.Option(metavar="N", help="The pages' resolution, 20 to 150 dots an inch.")
    ] = 40,
) -> None:
    """One PNG contact sheet of every document the theme prints (a 13-player pack)."""
    from bunco_print.edges import output
    from bunco_print.errors import InputError
    from bunco_print.theming import themes
    from bunco_print.workshop import preview as theme_preview

    if not 20 <= dpi <= 150:
        raise InputError(f"--dpi must be 20 to 150, not {dpi}")
    chosen = themes.load(theme)
    path = files.check_path(out_path or Path(f"{chosen.name}-preview.png"), "--out", "file")
    if files.is_folder(path):
        raise InputError(f"--out {shown_path(path)} is a folder; name a file such as a.png")
    _check_replaceable(path)
    written = output.write_file(path, theme_preview.preview(chosen.ref, dpi), what="out")
    out.print(f"written  {written}")


def _check_replaceable(path: Path) -> None:
    """A file already at --out is replaced only when it is a preview this command drew."""
    from bunco_print.errors import InputError
    from bunco_print.workshop import preview as theme_preview

    if not (path.exists() or path.is_symlink()):
        return
    try:
        if path.is_file():
            with path.open("rb") as handle:
                if theme_preview.is_preview(handle.read(PNG_HEAD)):
                    return
    except OSError as exc:
        raise InputError(f"cannot write --out {shown_path(path)}: {exc.strerror}") from None
    raise InputError(
        f"--out {shown_path(path)} exists and is not a theme preview; choose another file"
    )


@themes_app.command("new", short_help="Start a theme of your own, in a new folder.")
def new_command(
    name: Annotated[
        Path,
        typer.Argument(metavar="FOLDER", help="The folder to make; its name is the theme's name."),
    ],
    extends: Annotated[
        str,
        typer.Option(
            metavar="THEME", help="The theme it starts from: a shipped name or a theme folder."
        ),
    ] = "classic",
) -> None:
    """Start a theme of your own, in a new folder.

    The folder holds theme.toml, theme.css and copies of the art, to edit and print with
    `bunco-print pack --theme FOLDER`."""
    from bunco_print.workshop import new as theme_new

    files.check_path(name, "NAME")
    folder = theme_new.new_theme(name, extends)
    out.print(f"written  {folder}")
    say(f"edit it, then: bunco-print themes check {folder} && bunco-print pack --theme {folder}")
