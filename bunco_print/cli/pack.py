"""`bunco-print pack`: options in, orders.pack_request and orders.make_pack, a summary out."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from bunco_print.cli import files
from bunco_print.cli.main import Paper, app, out, say


@app.command()
def pack(
    players: Annotated[
        int | None, typer.Option(help="How many people play (4 to 400); ghosts fill the rest.")
    ] = None,
    theme: Annotated[str, typer.Option(help="Theme name, e.g. classic or december.")] = "classic",
    ruleset: Annotated[
        str, typer.Option(help="Rule system: classic, mybunco, tournament, progressive or bonko.")
    ] = "classic",
    paper: Annotated[Paper, typer.Option(help="Paper size.")] = Paper.letter,
    per_page: Annotated[int, typer.Option(help="Score sheets per page: 1, 2 or 4.")] = 1,
    names: Annotated[
        Path | None, typer.Option(help="A text file with one player name a line.")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Makes the shuffle (and the whole pack) repeatable.")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Folder to write [default: output/<event-id>].")
    ] = None,
    title: Annotated[str, typer.Option(help="Event title [default: the theme's].")] = "",
    date: Annotated[
        str | None, typer.Option(help="Event date, YYYY-MM-DD [default: today].")
    ] = None,
    buy_in: Annotated[int, typer.Option(help="What each player puts in the pot.")] = 5,
    currency: Annotated[str, typer.Option(help="Currency symbol or code.")] = "$",
    sets: Annotated[int | None, typer.Option(help="Sets to play [default: the ruleset's].")] = None,
    engine_url: Annotated[
        str | None,
        typer.Option(
            help="Base URL of the scoring engine the QR codes open "
            "[default: $BUNCO_ENGINE_URL or the config file, else localhost]."
        ),
    ] = None,
    star_on_back: Annotated[
        bool,
        typer.Option(
            help="Print the seat stars on the backs of the score sheets (duplex) "
            "instead of on seat cards."
        ),
    ] = False,
    large_print: Annotated[
        bool,
        typer.Option(
            help="For older players: text and write-in boxes 1.3x; 4 sheets a page become 2, "
            "2 become 1."
        ),
    ] = False,
    ink_saver: Annotated[
        bool, typer.Option(help="No large fills: at most half the ink of the theme as it is.")
    ] = False,
    editable: Annotated[
        bool,
        typer.Option(
            help="Fillable PDF form fields on the write-in lines (names not given by --names), "
            "typed in the theme's font."
        ),
    ] = False,
    qr: Annotated[
        bool,
        typer.Option(
            help="QR codes on the sheets and tally pads that open the scoring engine "
            "(--no-qr: none, and no words about them; totals are added up by hand)."
        ),
    ] = True,
    extras: Annotated[
        str | None,
        typer.Option(
            help="Party extras, each its own PDF and added to pack.pdf: all, or some of "
            "invitation,name-tags,prize-tags,host-checklist,sign-in-sheet."
        ),
    ] = None,
    time: Annotated[
        str | None, typer.Option(help='The invitation\'s time, e.g. "7:00 pm" [default: a line].')
    ] = None,
    place: Annotated[
        str | None, typer.Option(help="The invitation's place [default: a write-in line].")
    ] = None,
    host_name: Annotated[
        str | None, typer.Option(help="Who hosts, on the invitation [default: a write-in line].")
    ] = None,
    rsvp: Annotated[
        str | None, typer.Option(help="How to RSVP, on the invitation [default: a write-in line].")
    ] = None,
) -> None:
    """Print everything tonight needs: score sheets, tally pads, seat cards, prize sheet,
    rules handout and table markers, as one pack.pdf plus one PDF per document."""
    from bunco_print.edges import inputs, output
    from bunco_print.printing import orders

    order = orders.PackOrder(
        players=players,
        names=inputs.read_names(names) if names else None,
        names_source=str(names),
        ruleset=ruleset,
        theme=theme,
        paper=paper.value,
        per_page=per_page,
        seed=seed,
        date=date,
        title=title,
        sets=sets,
        buy_in=buy_in,
        currency=currency,
        engine_url=engine_url,
        star_on_back=star_on_back,
        large_print=large_print,
        ink_saver=ink_saver,
        editable=editable,
        qr=qr,
        extras=extras,
        invitation={"time": time, "place": place, "host_name": host_name, "rsvp": rsvp},
    )
    if out is not None:
        files.check_out(out)
    request = orders.pack_request(order)
    if request.per_page != per_page:
        say(f"large print: {request.per_page} score sheet(s) a page instead of {per_page}")
    target = {}

    def before_render(event) -> None:
        target["shown"] = out or files.default_folder(event.event_id)
        target["folder"] = files.check_out(target["shown"])

    from bunco_print.printing.pack import (
        pack_files,  # WeasyPrint: loaded once every option has been checked
    )

    result = orders.make_pack(request, before_render=before_render)
    folder = target["folder"]
    output.write_folder(folder, pack_files(result))
    for note in result.notes:
        say(f"note: {note}")
    for warning in result.warnings:
        say(f"warning: {warning}", "yellow")
    _summary(result, target["shown"], request.seed)


def _summary(result, folder: Path, seed: int) -> None:
    from bunco_print.cli.report import plain
    from bunco_print.game.money import format_money

    event = result.event
    table = Table(title=plain(f"{event.title} — {event.date}"), show_header=False, box=None)
    table.add_column()
    table.add_column(overflow="fold")  # a long path is shown whole, never cut
    ghosts = f", {event.ghosts} ghost seat(s)" if event.ghosts else ""
    rows = {
        "players": f"{event.players} at {len(event.tables)} tables{ghosts}",
        "pages": str(result.pages),
        "pot": format_money(event.pot, event.currency),
        "seed": f"{seed} (repeat with --seed {seed})",
        "written": str(folder / "pack.pdf"),
    }
    for key, value in rows.items():
        table.add_row(plain(key), plain(value))
    out.print(table)
