"""`bunco-print catalogue`: options or catalogue.toml in, catalogue.make_plan and build, a
summary out."""

from __future__ import annotations

from pathlib import Path

from bunco_print.catalogue.settings import SETTINGS, gallery_words
from bunco_print.cli import files
from bunco_print.cli.fields import flag
from bunco_print.cli.main import app, err, say
from bunco_print.cli.main import out as stdout
from bunco_print.cli.options import Declared, declared
from bunco_print.errors import InputError
from bunco_print.game.values import counted, shown_path


def _declared() -> list[Declared]:
    """The catalogue's options: one per setting catalogue.toml may hold (catalogue/settings.py),
    each overriding its key, then the command's own."""
    listed = [
        Declared(item.key, item.kind, None, item.help, item.metavar, item.flags)
        for item in SETTINGS
        if item.option
    ]
    config = (
        "A catalogue.toml: the same settings as keys, plus title, intro and tags, and a "
        "[listings.THEME] table of one listing's own tags and intro."
    )
    return [
        *listed,
        Declared("config", Path, None, config, "FILE"),
        Declared(
            "out", Path, Path("output/catalogue"), "The folder to write the shop into.", "FOLDER"
        ),
        Declared("jobs", int, 0, "Processes to use.  [default: 0, all cores]", "N"),
    ]


HELP = (
    "A seller's whole shop: one listing folder per theme with its packs zipped (each file under "
    f"20 MB), {gallery_words()} and listing.json, plus listings.csv.\n\n"
    "A re-run remakes only the listings whose inputs changed."
)


@app.command(short_help="A seller's whole shop: listings, zips and gallery images.", help=HELP)
@declared(*_declared())
def catalogue(*, config: Path | None, out: Path, jobs: int, **given) -> None:
    """A seller's whole shop (the help, HELP, counts the gallery from catalogue/settings.py)."""
    from bunco_print import catalogue as shop_catalogue

    if jobs < 0:
        raise InputError(f"--jobs must be 0 (all cores) or more, not {jobs}")
    settings: dict = {}
    names: dict[str, str] = {}
    if config is not None:
        settings, where = shop_catalogue.read_config(config)
        names = {key: f"{where}: {key}" for key in settings}
    for item in SETTINGS:
        if (value := given.get(item.key)) is not None:
            settings[item.key] = shop_catalogue.split_list(value) if item.listed else value
            names[item.key] = (item.flags or (flag(item.key),))[0].split("/")[0]
    if settings.get("themes") == ["all"]:
        settings["themes"] = "all"
    plan = shop_catalogue.make_plan(settings, names)
    files.check_path(out, "--out")
    shop_catalogue.check_out(plan, out)
    total = sum(len(listing.packs) for listing in plan.listings)
    outcome = _build(shop_catalogue, plan, out, jobs, total)
    made = f"{counted(len(outcome.written), 'listing')} made"
    if outcome.packs:
        made += f" ({counted(outcome.packs, 'pack')})"
    kept = f", {len(outcome.skipped)} unchanged" if outcome.skipped else ""
    stdout.print(f"{made}{kept}: {shown_path(out / 'listings.csv')}")


def _build(shop_catalogue, plan, folder: Path, jobs: int, total: int):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    # on a pipe or a file, no bar: a transient one still leaves an empty line there
    with Progress(*columns, console=err, transient=True, disable=not err.is_terminal) as bar:
        task = bar.add_task("packs", total=total)

        def progress(packs: int, what: str) -> None:
            bar.update(task, advance=packs, description=what)

        outcome = shop_catalogue.build(plan, folder, jobs, progress)
        skipped = sum(len(item.packs) for item in plan.listings if item.name in outcome.skipped)
        bar.update(task, advance=skipped)
    if outcome.skipped:
        say(f"unchanged, skipped: {', '.join(outcome.skipped)}")
    return outcome
