"""`bunco-print validate`, `prizes` and `simulate`: files in, the nights.settle use cases, a
report out (cli/report.py builds the tables, nights/results.py the JSON)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from bunco_print.cli import files
from bunco_print.cli.main import Paper, app, out

EventOption = Annotated[
    Path | None,
    typer.Option(
        "--event",
        metavar="FOLDER",
        help="The pack's folder (or its event.json) that describes the night.",
    ),
]
TotalsOption = Annotated[
    Path | None,
    typer.Option(
        "--totals", metavar="FILE", help="The players' totals: CSV or JSON, one row a sheet."
    ),
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", metavar="N", help="Without --event: how many played.")
]
RulesetOption = Annotated[
    str | None,
    typer.Option(
        "--ruleset", metavar="NAME", help="Without --event: the ruleset.  [default: classic]"
    ),
]
SetsOption = Annotated[
    int | None,
    typer.Option("--sets", metavar="N", help="Without --event: the sets played, if not the usual."),
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print a machine-readable result instead (see README).")
]

# prizes: what the host settles with, and the ruleset's choices a night may override
BuyInOption = Annotated[
    int | None,
    typer.Option(metavar="AMOUNT", help="Each paying player's stake.  [default: the pack's, or 5]"),
]
RolloffsOption = Annotated[
    Path | None,
    typer.Option(metavar="FILE", help="The host's roll-off winners: prize,sheet lines."),
]
SemiOption = Annotated[
    Path | None,
    typer.Option("--semi", metavar="FILE", help="For a tournament: the semi-final's totals."),
]
OnePrizeOption = Annotated[
    bool | None,
    typer.Option(
        "--one-prize-per-player/--any-number-of-prizes",
        show_default=False,
        help="Overrides the ruleset: may a player take more than one prize?",
    ),
]
SplitTiesOption = Annotated[
    bool | None,
    typer.Option(
        "--split-ties/--rolloff-ties",
        show_default=False,
        help="Overrides the ruleset: split tied prizes instead of rolling them off.",
    ),
]
ClosestOption = Annotated[
    bool | None,
    typer.Option(
        "--closest-fifty-fifty/--exact-fifty-fifty",
        show_default=False,
        help="Overrides the ruleset: the 50/50 goes to the closest when nobody is exactly even.",
    ),
]
PdfOption = Annotated[
    Path | None,
    typer.Option("--pdf", metavar="FILE", help="Also print a results sheet to this PDF file."),
]


def _manifest(event: Path | None) -> Path | None:
    """--event names a pack's folder or its event.json; the reader says what is wrong with it."""
    return event / "event.json" if event is not None and files.is_folder(event) else event


def _night(event: Path | None, players, ruleset, sets, buy_in=None):
    from bunco_print.nights import settle

    manifest, data = _manifest(event), None
    if manifest is not None:
        # with --players/--ruleset/--sets too, load_night refuses the pair before any reading
        both = players is not None or ruleset is not None or sets is not None
        data = {} if both else files.read(manifest, "event manifest", "event")
    source = str(manifest) if manifest is not None else "event.json"
    return settle.load_night(data, players, ruleset, sets, buy_in, source=source)


def _read(path: Path | None, what: str, field: str) -> bytes | None:
    return files.read(path, what, field) if path is not None else None


def _print_json(data: dict) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _print_check(result, settlement=None, limit: int | None = 30) -> None:
    from bunco_print.cli import report

    out.print(report.headline(result.night))
    out.print(report.verdict(result))
    if (problems := report.problems_table(result)) is not None:
        out.print(problems)
    if settlement is not None:
        out.print(report.settlement_view(settlement, limit))
    else:
        from bunco_print.nights.settle import standings

        rows = standings(result)
        out.print(report.standings_table(rows, result.night, limit, prizes=False))


@app.command("validate", short_help="Check the players' totals against the night.")
def validate_command(
    event: EventOption = None,
    totals: TotalsOption = None,
    players: PlayersOption = None,
    ruleset: RulesetOption = None,
    sets: SetsOption = None,
    json_out: JsonOption = False,
) -> None:
    """Check the players' totals against the night: every error and warning, not the first.

    Exit 0 when the totals hold together, 1 when they do not, 2 for unusable input.
    """
    from bunco_print.nights import results, settle

    data = _read(totals, "totals file", "totals")
    night = _night(event, players, ruleset, sets)
    result = settle.validate_night(night, data, totals.name if totals else "totals")
    if json_out:
        _print_json(results.to_json(result))
    else:
        _print_check(result)
    raise typer.Exit(0 if result.valid else 1)


@app.command("prizes", short_help="Validate the totals, then award the prizes.")
def prizes_command(
    event: EventOption = None,
    totals: TotalsOption = None,
    players: PlayersOption = None,
    ruleset: RulesetOption = None,
    sets: SetsOption = None,
    buy_in: BuyInOption = None,
    rolloffs: RolloffsOption = None,
    roll: Annotated[bool, typer.Option("--roll", help="Roll open ties with virtual dice.")] = False,
    seed: Annotated[
        int, typer.Option(metavar="N", help="The seed of the virtual dice and the draws.")
    ] = 0,
    semi: SemiOption = None,
    one_prize_per_player: OnePrizeOption = None,
    split_ties: SplitTiesOption = None,
    closest_fifty_fifty: ClosestOption = None,
    pdf: PdfOption = None,
    theme: Annotated[
        str | None,
        typer.Option(metavar="NAME", help="The results sheet's theme.  [default: the pack's]"),
    ] = None,
    paper: Annotated[
        Paper | None, typer.Option(help="The results sheet's paper.  [default: the pack's]")
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Validate the totals, then award the ruleset's prizes (and tournament seats).

    Ties are named and wait for the host's roll-off unless --rolloffs FILE or --roll settles
    them. Exit 0 when the totals hold together, 1 when they do not, 2 for unusable input.
    """
    from bunco_print.cli import report
    from bunco_print.edges import output
    from bunco_print.nights import results, settle

    data = _read(totals, "totals file", "totals")
    if pdf is not None:
        given = {"--totals": totals, "--event": _manifest(event), "--rolloffs": rolloffs}
        files.check_pdf(pdf, given | {"--semi": semi})
    night = _night(event, players, ruleset, sets, buy_in)
    result, settlement = settle.settle_night(
        night,
        data,
        totals.name if totals else "totals",
        rolloffs=_read(rolloffs, "roll-offs file", "rolloffs"),
        rolloffs_name=rolloffs.name if rolloffs else "rolloffs",
        roll=roll,
        seed=seed,
        semi=_read(semi, "semi-final totals", "semi"),
        semi_name=semi.name if semi else "semi-final totals",
        one_prize_per_player=one_prize_per_player,
        split_ties=split_ties,
        closest_fifty_fifty=closest_fifty_fifty,
    )
    if pdf is not None and settlement.valid:
        from bunco_print.printing.results import results_pdf  # WeasyPrint loads here

        sheet = results_pdf(settlement, theme, paper.value if paper else None)
        output.write_file(pdf, sheet)
    if json_out:
        _print_json(results.to_json(result, settlement))
    else:
        _print_check(result, settlement)
        if pdf is not None and settlement.valid:
            out.print(report.plain(f"Results sheet written to {pdf}"))
    raise typer.Exit(0 if settlement.valid else 1)


@app.command("simulate", short_help="Play a whole night with virtual dice.")
def simulate_command(
    players: Annotated[int, typer.Option(metavar="N", help="How many play.")] = 12,
    ruleset: Annotated[str, typer.Option(metavar="NAME", help="The ruleset to play.")] = "classic",
    seed: Annotated[
        int, typer.Option(metavar="N", help="The seed of every die: same seed, same night.")
    ] = 0,
    sets: Annotated[
        int | None, typer.Option(metavar="N", help="Sets to play.  [default: the ruleset's]")
    ] = None,
    out_folder: Annotated[
        Path | None,
        typer.Option(
            "--out",
            metavar="FOLDER",
            help="The folder to write.  [default: a folder in output named after the night]",
        ),
    ] = None,
    buy_in: Annotated[
        int, typer.Option(metavar="AMOUNT", help="Each player's stake, for the prizes.")
    ] = 5,
    date: Annotated[
        str,
        typer.Option(metavar="DATE", help="The night's date, YYYY-MM-DD, for its event id."),
    ] = "2026-01-01",
    json_out: JsonOption = False,
) -> None:
    """Play a whole night with virtual dice; write its totals, round log and event manifest."""
    from bunco_print.cli import report
    from bunco_print.edges import output
    from bunco_print.nights import results, settle

    if out_folder is not None:
        files.check_out(out_folder, kind="simulation")
    target = {}

    def before_play(event) -> None:
        target["shown"] = out_folder or files.default_folder(event.event_id)
        target["folder"] = files.check_out(target["shown"], kind="simulation")

    night = settle.simulate_night(
        players, ruleset, seed, sets, buy_in, date, before_play=before_play
    )
    folder = target["folder"]
    output.write_folder(folder, night.files, kind="simulation")
    written = {role: str(target["shown"] / name) for role, name in night.names.items()}
    if json_out:
        _print_json(results.to_json(night.validation, night.settlement, files=written))
    else:
        names = ", ".join(night.names.values())
        out.print(
            report.plain(
                f"Played {night.night.rounds} rounds with seed {seed}. "
                f"Wrote to {target['shown']}: {names}"
            )
        )
        _print_check(night.validation, night.settlement)
    raise typer.Exit(0 if night.settlement.valid else 1)
