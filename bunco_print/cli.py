"""The `bunco-print` command line: parse options, call the core, print, exit."""

from __future__ import annotations

import functools
import secrets
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from . import __version__, config
from .errors import BuncoError, InputError
from .limits import check_buy_in, check_players
from .output import write_folder
from .pack import PackRequest, build_pack, pack_files

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
            err.print(f"[bold red]error:[/] {escape(as_flags(exc))}", markup=True)
            raise typer.Exit(exc.exit_code) from None
        except KeyboardInterrupt:
            err.print("interrupted; nothing was left half-written")
            raise typer.Exit(130) from None

    return wrapper


def as_flags(exc: BuncoError) -> str:
    """The core names a value by its field (`buy_in must be...`); here it is the flag."""
    message, name = str(exc), getattr(exc, "field", None)
    if name and name.isidentifier() and message.startswith(f"{name} "):
        return f"--{name.replace('_', '-')}{message[len(name) :]}"
    return message


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
        bool,
        typer.Option(
            "--version",
            callback=version_callback,
            is_eager=True,
            help="Print the version and exit.",
        ),
    ] = False,
) -> None:
    """Print-ready Bunco packs, and a scoring engine that settles the night."""


# --- pack -------------------------------------------------------------------------------------


def read_names(path: Path) -> list[str]:
    """One name a line; blank lines skipped; a spreadsheet's byte-order mark tolerated."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(
            f"cannot read names from {path}: {getattr(exc, 'strerror', exc)}"
        ) from None
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if not names:
        raise InputError(f"{path} holds no names")
    return names


@app.command()
@friendly
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
) -> None:
    """Print everything tonight needs: score sheets, tally pads, seat cards, prize sheet,
    rules handout and table markers, as one pack.pdf plus one PDF per document."""
    name_list = read_names(names) if names else []
    if players is None:
        if not name_list:
            raise InputError("say how many play: --players N (or --names FILE)")
        players = len(name_list)
    if per_page not in (1, 2, 4):
        raise InputError(f"--per-page must be 1, 2 or 4, not {per_page}")
    request = PackRequest(
        players=check_players(players),
        ruleset=ruleset,
        theme=theme,
        paper=paper.value,
        per_page=per_page,
        seed=secrets.randbelow(10**9) if seed is None else seed,
        date=config.event_date(date),
        title=title,
        names=name_list,
        sets=sets,
        buy_in=buy_in,
        currency=currency,
        engine_url=config.engine_url(engine_url),
        star_on_back=star_on_back,
        creation_date=config.source_date(),
    )
    result = build_pack(request)
    folder = out or Path("output") / result.event.event_id
    write_folder(folder, pack_files(result))
    for warning in result.warnings:
        err.print(f"[yellow]warning:[/] {escape(warning)}", markup=True)
    _pack_summary(result, folder, request.seed)


def _pack_summary(result, folder: Path, seed: int) -> None:
    event = result.event
    table = Table(title=f"{event.title} — {event.date}", show_header=False, box=None)
    table.add_row(
        "players",
        f"{event.players} at {len(event.tables)} tables"
        + (f", {event.ghosts} ghost seat(s)" if event.ghosts else ""),
    )
    table.add_row("pages", str(result.pages))
    table.add_row("pot", f"{event.currency}{event.pot}")
    table.add_row("seed", f"{seed} (repeat with --seed {seed})")
    table.add_row("written", str(folder / "pack.pdf"))
    Console(highlight=False).print(table)


# --- scoring engine: validate, prizes, simulate -----------------------------------------------
# The engine's core lives in night, totals, validate, awards, tournament and simulate; these
# commands only read files, call it, and print (report.py builds the tables and the JSON).

EventOption = Annotated[
    Path | None,
    typer.Option("--event", help="The pack's folder (or its event.json) that describes the night."),
]
TotalsOption = Annotated[
    Path | None, typer.Option("--totals", help="The players' totals: CSV or JSON, one row a sheet.")
]
PlayersOption = Annotated[
    int | None, typer.Option("--players", help="Without --event: how many played.")
]
RulesetOption = Annotated[
    str | None, typer.Option("--ruleset", help="Without --event: the ruleset (default classic).")
]
SetsOption = Annotated[
    int | None, typer.Option("--sets", help="Without --event: sets played, if not the usual.")
]
JsonOption = Annotated[
    bool, typer.Option("--json", help="Print a machine-readable result instead (see README).")
]


def _read_file(path: Path, what: str) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise InputError(f"{what} {path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{what} {path} is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"{what} {path}: {exc.strerror}") from None


def _engine_night(event, players, ruleset, sets, buy_in=None):
    """The night from a pack's manifest, or from --players/--ruleset/--sets."""
    from dataclasses import replace

    from .manifest import loads
    from .night import night_for

    if event is not None:
        if players is not None or ruleset is not None or sets is not None:
            raise InputError("give either --event or --players/--ruleset/--sets, not both")
        manifest = event / "event.json" if event.is_dir() else event
        night = loads(_read_file(manifest, "event manifest"), str(manifest))
    elif players is None:
        raise InputError("say which night: --event FOLDER, or --players N with --ruleset NAME")
    else:
        night = night_for(ruleset or "classic", check_players(players), sets=sets)
    if buy_in is not None:
        night = replace(night, buy_in=check_buy_in(buy_in))
    return night


def _engine_totals(path: Path | None, night, option: str = "--totals"):
    from .totals import parse_totals
    from .validate import required_columns

    if path is None:
        raise InputError(f"give the players' totals with {option} FILE (CSV or JSON)")
    data = _read_file(path, "totals file")
    return parse_totals(data, path.name, require=required_columns(night.ruleset))


def _print_json(data: dict) -> None:
    import json

    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def _print_check(result, settlement=None, limit: int | None = 30) -> None:
    from . import report

    console = Console(highlight=False)
    console.print(report.headline(result.night))
    console.print(report.verdict(result))
    if (problems := report.problems_table(result)) is not None:
        console.print(problems)
    if settlement is not None:
        console.print(report.settlement_view(settlement, limit))
    else:
        from .awards import standings

        rows = standings(result, ())
        console.print(report.standings_table(rows, result.night, limit, prizes=False))


@app.command("validate")
@friendly
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
    from . import report
    from .validate import validate

    night = _engine_night(event, players, ruleset, sets)
    result = validate(_engine_totals(totals, night), night)
    if json_out:
        _print_json(report.to_json(result))
    else:
        _print_check(result)
    raise typer.Exit(0 if result.valid else 1)


@app.command("prizes")
@friendly
def prizes_command(
    event: EventOption = None,
    totals: TotalsOption = None,
    players: PlayersOption = None,
    ruleset: RulesetOption = None,
    sets: SetsOption = None,
    buy_in: Annotated[
        int | None, typer.Option(help="Each paying player's stake (default: the pack's, or 5).")
    ] = None,
    rolloffs: Annotated[
        Path | None, typer.Option(help="The host's roll-off winners: `prize,sheet` lines.")
    ] = None,
    roll: Annotated[bool, typer.Option("--roll", help="Roll open ties with virtual dice.")] = False,
    seed: Annotated[int, typer.Option(help="Seed for virtual dice and the draws.")] = 0,
    semi: Annotated[
        Path | None, typer.Option("--semi", help="tournament: the semi-final's totals.")
    ] = None,
    one_prize_per_player: Annotated[
        bool | None,
        typer.Option(
            "--one-prize-per-player/--any-number-of-prizes",
            help="Override the ruleset: may a player take more than one prize?",
        ),
    ] = None,
    split_ties: Annotated[
        bool | None,
        typer.Option(
            "--split-ties/--rolloff-ties",
            help="Override the ruleset: split tied prizes instead of rolling them off.",
        ),
    ] = None,
    closest_fifty_fifty: Annotated[
        bool | None,
        typer.Option(
            "--closest-fifty-fifty/--exact-fifty-fifty",
            help="Override the ruleset: the 50/50 goes to the closest when nobody is exactly even.",
        ),
    ] = None,
    pdf: Annotated[
        Path | None, typer.Option("--pdf", help="Also print a results sheet to this PDF file.")
    ] = None,
    theme: Annotated[
        str | None, typer.Option(help="Theme of the results sheet (default: the pack's).")
    ] = None,
    paper: Annotated[
        Paper | None, typer.Option(help="Paper of the results sheet (default: the pack's).")
    ] = None,
    json_out: JsonOption = False,
) -> None:
    """Validate the totals, then award the ruleset's prizes (and tournament seats).

    Ties are named and wait for the host's roll-off unless --rolloffs FILE or --roll settles
    them. Exit 0 when the totals hold together, 1 when they do not, 2 for unusable input.
    """
    from dataclasses import replace

    from . import report
    from .awards import settle
    from .ties import Resolver, parse_rolloffs
    from .validate import validate

    night = _engine_night(event, players, ruleset, sets, buy_in)
    rules = night.ruleset
    overrides = {
        "one_prize_per_player": one_prize_per_player,
        "closest_fifty_fifty": closest_fifty_fifty,
        "prize_tie": None if split_ties is None else ("split" if split_ties else "rolloff"),
    }
    night = replace(
        night, ruleset=replace(rules, **{k: v for k, v in overrides.items() if v is not None})
    )
    result = validate(_engine_totals(totals, night), night)
    entries = {}
    if rolloffs is not None:
        entries = parse_rolloffs(_read_file(rolloffs, "roll-offs file"), rolloffs.name)
    if semi is not None and not rules.group_tables:
        raise InputError(f"--semi is for the tournament ruleset, not {rules.id}")
    semi_totals = _engine_totals(semi, night, "--semi") if semi is not None else None
    resolver = Resolver(
        entries, roll=roll, seed=seed, source=rolloffs.name if rolloffs else "rolloffs"
    )
    settlement = settle(result, resolver, semi=semi_totals)
    if pdf is not None and settlement.valid:
        _write_results_pdf(settlement, pdf, theme, paper)
    if json_out:
        _print_json(report.to_json(result, settlement))
    else:
        _print_check(result, settlement)
        if pdf is not None and settlement.valid:
            Console(highlight=False).print(f"Results sheet written to {pdf}")
    raise typer.Exit(0 if settlement.valid else 1)


def _write_results_pdf(settlement, path: Path, theme: str | None, paper) -> None:
    from . import render, report, themes

    extra = settlement.validation.night.extra
    chosen = themes.load(theme or str(extra.get("theme", "classic")))
    sheet = str(paper.value if paper else extra.get("paper", "letter"))
    html = report.results_html(settlement, chosen, sheet)
    data = render.write_pdf(render.layout(html))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    except OSError as exc:
        raise InputError(f"cannot write {path}: {exc.strerror}") from None


@app.command("simulate")
@friendly
def simulate_command(
    players: Annotated[int, typer.Option(help="How many play.")] = 12,
    ruleset: Annotated[str, typer.Option(help="The ruleset to play.")] = "classic",
    seed: Annotated[int, typer.Option(help="Seed for every die: same seed, same night.")] = 0,
    sets: Annotated[int | None, typer.Option(help="Sets to play (default: the ruleset's).")] = None,
    out: Annotated[
        Path | None, typer.Option(help="Folder to write to (default output/<event-id>).")
    ] = None,
    buy_in: Annotated[int, typer.Option(help="Each player's stake, for the prizes.")] = 5,
    date: Annotated[str, typer.Option(help="The night's date, for its event id.")] = "2026-01-01",
    json_out: JsonOption = False,
) -> None:
    """Play a whole night with virtual dice; write its totals, round log and event manifest."""
    from . import report, rulesets
    from .awards import settle
    from .manifest import to_manifest
    from .plan import plan_event
    from .simulate import play_semi_final, simulate
    from .ties import Resolver
    from .totals import to_csv
    from .validate import has_traveler, validate

    rules = rulesets.load(ruleset)
    event = plan_event(
        check_players(players),
        rules,
        seed=seed,
        date=date,
        sets=sets,
        buy_in=buy_in,
        title=f"Simulated {rules.name}",
    )
    night = event
    played = simulate(night, seed)
    result = validate(played.totals, night)
    settlement = settle(result, Resolver(roll=True, seed=seed))
    folder = out or Path("output") / event.event_id
    files = {
        "event": folder / "event.json",
        "totals": folder / "totals.csv",
        "log": folder / "rounds.jsonl",
    }
    columns = {"mini_buncos": rules.track_mini_buncos, "traveler": has_traveler(rules)}
    texts = {
        "event": _json_text(to_manifest(event)),
        "totals": to_csv(played.totals.sheets, **columns),
        "log": "".join(_json_text(r, indent=None) for r in played.log),
    }
    adv = settlement.advancement
    if adv is not None and adv.semi_finalists:
        semi = play_semi_final(night, adv.semi_finalists, seed)
        settlement = settle(result, Resolver(roll=True, seed=seed), semi=semi.totals)
        files |= {
            "semi_totals": folder / "semi-final-totals.csv",
            "semi_log": folder / "semi-final-rounds.jsonl",
        }
        texts |= {
            "semi_totals": to_csv(semi.totals.sheets, **columns),
            "semi_log": "".join(_json_text(r, indent=None) for r in semi.log),
        }
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for key, path in files.items():
            path.write_text(texts[key], encoding="utf-8")
    except OSError as exc:
        raise InputError(f"cannot write to {folder}: {exc.strerror}") from None
    if json_out:
        _print_json(report.to_json(result, settlement, files={k: str(v) for k, v in files.items()}))
    else:
        names = ", ".join(p.name for p in files.values())
        Console(highlight=False).print(
            f"Played {night.rounds} rounds with seed {seed}. Wrote to {folder}: {names}"
        )
        _print_check(result, settlement)
    raise typer.Exit(0 if settlement.valid else 1)


def _json_text(data, indent: int | None = 2) -> str:
    import json

    return json.dumps(data, indent=indent, ensure_ascii=False) + "\n"


def run() -> None:
    """The console entry point: usage errors, too, come out as one line."""
    try:
        code = app(standalone_mode=False)
    except typer.Abort:
        err.print("interrupted; nothing was left half-written")
        sys.exit(130)
    except typer.TyperException as exc:  # Typer's usage errors: bad or missing options
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        err.print(f"[bold red]error:[/] {escape(message)}", markup=True)
        sys.exit(getattr(exc, "exit_code", 2))
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":  # pragma: no cover
    run()
