"""`bunco-print catalogue`: options or catalogue.toml in, catalogue.make_plan and build, a
summary out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bunco_print.cli import files
from bunco_print.cli.main import app, err, say
from bunco_print.cli.main import out as stdout
from bunco_print.errors import InputError

OPTIONS = {  # catalogue.toml key -> the option that overrides it
    "themes": "--themes",
    "players": "--players",
    "papers": "--paper",
    "per_page": "--per-page",
    "rulesets": "--rulesets",
    "shop": "--shop",
    "seed": "--seed",
    "date": "--date",
    "editable": "--editable",
    "qr": "--qr",
    "extras": "--extras",
}


@app.command()
def catalogue(
    themes: Annotated[
        str | None,
        typer.Option(help="Theme names or theme folders, comma-separated, or all (default: all)."),
    ] = None,
    players: Annotated[
        str | None, typer.Option(help="Player counts, comma-separated (default: 8,12,16,24).")
    ] = None,
    paper: Annotated[
        str | None, typer.Option(help="Paper sizes, comma-separated (default: letter,a4).")
    ] = None,
    per_page: Annotated[
        str | None, typer.Option(help="Score sheets per page, comma-separated (default: 1).")
    ] = None,
    rulesets: Annotated[
        str | None, typer.Option(help="Rule systems, comma-separated (default: classic).")
    ] = None,
    shop: Annotated[str | None, typer.Option(help="The shop's name, for the words.")] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of every pack (default: 1).")] = None,
    date: Annotated[
        str | None, typer.Option(help="Date on the packs, YYYY-MM-DD (default: today).")
    ] = None,
    editable: Annotated[
        bool | None,
        typer.Option(
            "--editable/--not-editable",
            help="Packs with fillable form fields on the write-in lines (default: not).",
        ),
    ] = None,
    qr: Annotated[
        bool | None,
        typer.Option(
            "--qr/--no-qr",
            help="QR codes that open the scoring engine at the engine URL (default: none, as "
            "a buyer has no engine).",
        ),
    ] = None,
    extras: Annotated[
        str | None,
        typer.Option(
            help="Party extras in every pack: all (the default), none, or some of "
            "invitation,name-tags,prize-tags,host-checklist,sign-in-sheet."
        ),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(help="A catalogue.toml: the same settings as keys, plus title, intro, tags."),
    ] = None,
    out: Annotated[Path, typer.Option(help="Folder to write the shop into.")] = Path(
        "output/catalogue"
    ),
    jobs: Annotated[int, typer.Option(help="Processes to use; 0 (the default) is all cores.")] = 0,
) -> None:
    """A seller's whole shop: one listing folder per theme with its packs zipped (each file
    under 20 MB), five 2000 x 2000 px gallery images and listing.json, plus listings.csv.
    A re-run remakes only the listings whose inputs changed."""
    from bunco_print import catalogue as shop_catalogue

    if jobs < 0:
        raise InputError(f"--jobs must be 0 (all cores) or more, not {jobs}")
    settings: dict = {}
    names: dict[str, str] = {}
    if config is not None:
        settings, where = shop_catalogue.read_config(config)
        names = {key: f"{where}: {key}" for key in settings}
    given = {
        "themes": shop_catalogue.split_list(themes),
        "players": shop_catalogue.split_list(players),
        "papers": shop_catalogue.split_list(paper),
        "per_page": shop_catalogue.split_list(per_page),
        "rulesets": shop_catalogue.split_list(rulesets),
        "shop": shop,
        "seed": seed,
        "date": date,
        "editable": editable,
        "qr": qr,
        "extras": extras,
    }
    for key, value in given.items():
        if value is not None:
            settings[key] = value
            names[key] = OPTIONS[key]
    if settings.get("themes") == ["all"]:
        settings["themes"] = "all"
    plan = shop_catalogue.make_plan(settings, names)
    files.check_path(out, "--out")
    shop_catalogue.check_out(plan, out)
    total = sum(len(listing.packs) for listing in plan.listings)
    outcome = _build(shop_catalogue, plan, out, jobs, total)
    made = f"{len(outcome.written)} listing(s) made ({outcome.packs} packs)"
    kept = f", {len(outcome.skipped)} unchanged" if outcome.skipped else ""
    stdout.print(f"{made}{kept}: {files.shown(out / 'listings.csv')}")


def _build(shop_catalogue, plan, folder: Path, jobs: int, total: int):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task("packs", total=total)

        def progress(packs: int, what: str) -> None:
            bar.update(task, advance=packs, description=what)

        outcome = shop_catalogue.build(plan, folder, jobs, progress)
        skipped = sum(len(item.packs) for item in plan.listings if item.name in outcome.skipped)
        bar.update(task, advance=skipped)
    if outcome.skipped:
        say(f"unchanged, skipped: {', '.join(outcome.skipped)}")
    return outcome
