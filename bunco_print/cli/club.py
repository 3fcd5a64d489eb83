"""`bunco-print club ...`: a club's year (init, night, record, standings, ledger, year-end,
schedule): options in, the bunco_print.club use cases called, tables, JSON, CSV or PDFs out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bunco_print.cli import files
from bunco_print.cli.main import app, error, out
from bunco_print.cli.options import declared, plain
from bunco_print.cli.pack import pack_options

club_app = typer.Typer(
    help="A club's year: members and alternates, each month's pack, the season's standings, "
    "the kitty and the year-end prizes.",
    short_help="A club's year: its nights, standings, kitty and year-end prizes.",
    no_args_is_help=True,
)
app.add_typer(club_app, name="club")

ClubDir = Annotated[
    Path, typer.Argument(metavar="DIR", help="The club's folder (it holds club.toml).")
]
JsonOut = Annotated[bool, typer.Option("--json", help="Print JSON instead (see README).")]
CsvOut = Annotated[bool, typer.Option("--csv", help="Print CSV instead.")]
PdfOut = Annotated[
    Path | None, typer.Option("--pdf", metavar="FILE", help="Also print this page to a PDF file.")
]


def _echo_json(data: dict) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _one_output(*given: bool) -> None:
    if sum(given) > 1:
        from bunco_print.errors import InputError

        raise InputError("choose one of --json, --csv and --pdf")


@club_app.command("init")
def init_command(
    folder: Annotated[Path, typer.Argument(metavar="DIR", help="The club's new folder.")],
    name: Annotated[str, typer.Option("--name", metavar="TEXT", help="The club's name.")],
    members: Annotated[
        Path, typer.Option("--members", metavar="FILE", help="Members: one name a line.")
    ],
    alternates: Annotated[
        Path | None,
        typer.Option("--alternates", metavar="FILE", help="Alternates who sub: one name a line."),
    ] = None,
    year: Annotated[
        int | None, typer.Option(metavar="YEAR", help="The season's year.  [default: this year]")
    ] = None,
) -> None:
    """Make a club's folder: club.toml (every setting, with defaults to edit) and the season."""
    from bunco_print.club import setup
    from bunco_print.edges import config, inputs

    files.check_path(folder, "the club's folder")
    club = setup.init(
        folder,
        name,
        inputs.read_bytes(members, "members file"),
        inputs.read_bytes(alternates, "alternates file") if alternates else None,
        year=year if year is not None else int(config.event_date(None)[:4]),
        members_source=str(members),
        alternates_source=str(alternates),
    )
    out.print(
        f"Made {club.name}'s {club.year} season in {folder}: {len(club.members)} members, "
        f"{len(club.alternates)} alternates. Edit {folder / 'club.toml'} to suit the club."
    )


# The club decides who plays, its rules and money, the date and where the pack goes.
CLUB_DECIDES = ("names", "players", "ruleset", "sets", "buy_in", "currency", "date", "host_name")


@club_app.command("night")
@declared(
    *pack_options(
        leave=CLUB_DECIDES,
        unset={"theme": "the month's theme", "title": "the club's name and the month"},
    )
)
def night_command(
    folder: ClubDir,
    date: Annotated[
        str, typer.Option("--date", metavar="DATE", help="The night's date, YYYY-MM-DD.")
    ],
    absent: Annotated[
        list[str] | None,
        typer.Option("--absent", metavar="NAME", help="A member who stays home (once for each)."),
    ] = None,
    sub: Annotated[
        list[str] | None,
        typer.Option("--sub", metavar='"ALTERNATE for MEMBER"', help="Who subs for whom."),
    ] = None,
    guest: Annotated[
        list[str] | None, typer.Option("--guest", metavar="NAME", help="A guest (once for each).")
    ] = None,
    **given,
) -> None:
    """Print the night's pack into DIR/nights/<date>/ with who comes on the sheets, the month's
    host and theme, the club's rules and money; and register the night in the season."""
    from bunco_print.cli.main import say
    from bunco_print.club import month

    planned = month.plan(folder, date, absent or (), sub or (), guest or (), plain(given))
    pack = month.print_night(folder, planned)
    for warning in pack.warnings:
        say(f"warning: {warning}", "yellow")
    came = ", ".join(s.person for s in planned.seats)
    out.print(
        f"{planned.day:%A %d %B %Y}: {len(planned.seats)} players ({came}); host "
        f"{planned.host or 'not set'}, theme {planned.theme}. Pack written to "
        f"{month.night_folder(folder, planned.day)}/pack.pdf (seed {planned.request.seed})."
    )


@club_app.command("record")
def record_command(
    folder: ClubDir,
    night_folder: Annotated[
        Path, typer.Argument(metavar="NIGHT_FOLDER", help="The night's folder (DIR/nights/<date>).")
    ],
    totals: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="The totals file.  [default: what serve kept in the night's folder]",
        ),
    ] = None,
    rolloffs: Annotated[
        Path | None,
        typer.Option(metavar="FILE", help="The host's roll-off winners: prize,sheet lines."),
    ] = None,
    roll: Annotated[bool, typer.Option("--roll", help="Roll open ties with virtual dice.")] = False,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed for the virtual dice.")] = 0,
) -> None:
    """Settle the night with the engine and record it in the season (again: replaced)."""
    from bunco_print.club import record
    from bunco_print.game.money import format_money

    try:
        done = record.record(folder, night_folder, totals, rolloffs, roll=roll, seed=seed)
    except record.NotValid as exc:
        error(str(exc))
        for problem in exc.validation.errors:
            error(problem.message)
        raise typer.Exit(exc.exit_code) from None
    m, cur = done.money, done.settlement.validation.night.currency
    again = " (replacing what was recorded before)" if done.replaced else ""
    out.print(
        f"Recorded the night of {done.day}{again}: {len(done.settlement.standings)} players, "
        f"{format_money(m.buy_ins, cur)} in buy-ins and {format_money(m.dues, cur)} in dues, "
        f"{format_money(m.prizes_out, cur)} in prizes."
    )


def _open(folder: Path):
    from bunco_print.club import config
    from bunco_print.club.season import Season

    club = config.load(folder)
    return club, Season.open(folder)


@club_app.command("standings")
def standings_command(
    folder: ClubDir, json_out: JsonOut = False, csv_out: CsvOut = False, pdf: PdfOut = None
) -> None:
    """The season's standings: one row a player, ranked by the club's points."""
    from bunco_print.club import standings

    _one_output(json_out, csv_out, pdf is not None)
    if pdf is not None:
        files.check_pdf(pdf, {})
    club, season = _open(folder)
    try:
        rows = standings.standings(club, season)
        recorded = sum(n.recorded for n in season.nights())
    finally:
        season.close()
    minis = club.minis
    data = standings.standings_json(club, rows, recorded, minis)
    if json_out:
        _echo_json(data)
    elif csv_out:
        fields = standings.standings_fields(minis)
        typer.echo(standings.to_csv(data["standings"], fields), nl=False)
    elif pdf is not None:
        from bunco_print.club import pages

        _write_pdf(pdf, pages.standings_pdf(club, rows, recorded, minis))
    else:
        from bunco_print.cli.club_tables import standings_table

        out.print(standings_table(club, rows, recorded))


@club_app.command("ledger")
def ledger_command(folder: ClubDir, json_out: JsonOut = False, csv_out: CsvOut = False) -> None:
    """The kitty night by night: dues in, prizes out, host costs; the year-end pot."""
    from bunco_print.club import standings

    _one_output(json_out, csv_out)
    club, season = _open(folder)
    try:
        lines = standings.ledger(season)
    finally:
        season.close()
    data = standings.ledger_json(club, lines)
    if json_out:
        _echo_json(data)
    elif csv_out:
        typer.echo(standings.to_csv(data["nights"], standings.LEDGER_FIELDS), nl=False)
    else:
        from bunco_print.cli.club_tables import ledger_table

        out.print(ledger_table(club, lines))


@club_app.command("year-end")
def year_end_command(
    folder: ClubDir,
    pdf: PdfOut = None,
    rolloffs: Annotated[
        Path | None, typer.Option(metavar="FILE", help="The roll-off winners: prize,NAME lines.")
    ] = None,
    roll: Annotated[bool, typer.Option("--roll", help="Roll open ties with virtual dice.")] = False,
    seed: Annotated[int, typer.Option(metavar="N", help="Seed for the virtual dice.")] = 0,
    json_out: JsonOut = False,
) -> None:
    """The year-end prizes from the kitty; ties as the engine settles them."""
    from bunco_print.club import standings, year_end
    from bunco_print.edges import inputs
    from bunco_print.engine.ties import parse_rolloffs

    if pdf is not None:
        files.check_pdf(pdf, {"--rolloffs": rolloffs})
    club, season = _open(folder)
    try:
        rows = standings.standings(club, season)
        lines = standings.ledger(season)
    finally:
        season.close()
    offs = None
    if rolloffs is not None:
        offs = parse_rolloffs(inputs.read_bytes(rolloffs, "roll-offs file"), rolloffs.name)
    pot = standings.ledger_json(club, lines)["year_end_pot"]
    result = year_end.year_end(club, rows, pot, offs, roll=roll, seed=seed,
                               source=rolloffs.name if rolloffs else "rolloffs")  # fmt: skip
    if pdf is not None:
        from bunco_print.club import pages

        _write_pdf(pdf, pages.year_end_pdf(club, result))
    if json_out:
        _echo_json(year_end.to_json(club, result))
    else:
        from bunco_print.cli.club_tables import year_end_table

        out.print(year_end_table(club, result))


@club_app.command("schedule")
def schedule_command(folder: ClubDir, pdf: PdfOut = None) -> None:
    """The year's nights, each month's host and theme: a page to hand out at the first night."""
    from bunco_print.club import schedule

    if pdf is not None:
        files.check_pdf(pdf, {})
    club, season = _open(folder)
    try:
        months = schedule.schedule(club, season)
    finally:
        season.close()
    if pdf is not None:
        from bunco_print.club import pages

        _write_pdf(pdf, pages.schedule_pdf(club, months))
    from bunco_print.cli.club_tables import schedule_table

    out.print(schedule_table(club, months))


def _write_pdf(pdf: Path, data: bytes) -> None:
    from bunco_print.edges import output

    output.write_file(pdf, data)
    out.print(f"Written to {pdf}")
