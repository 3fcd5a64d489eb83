"""The scoring engine's use cases: which night it was, are its totals sound, who wins what,
and a whole night played with virtual dice.

Data in, results out: bytes and plain values in, `Night`, `Validation` and `Settlement` out.
Nothing here prints, reads a path or exits; the command line and the web server both call it.
Errors are `InputError`s naming their field (see fields.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import check_buy_in
from bunco_print.game.manifest import MAX_BYTES as MANIFEST_BYTES
from bunco_print.game.values import check_date, check_name

if TYPE_CHECKING:
    from bunco_print.engine.awards import Settlement, Standing
    from bunco_print.engine.simulate import Simulation
    from bunco_print.engine.totals import Totals
    from bunco_print.engine.validate import Validation
    from bunco_print.game.night import Night

# The most each input may hold, in bytes: far above any real night, far below harm.
LIMITS = {
    "event": MANIFEST_BYTES,
    "totals": 5_000_000,
    "rolloffs": 1_000_000,
    "semi": 5_000_000,
}


def load_night(
    manifest: bytes | dict | None,
    players: int | None = None,
    ruleset: str | None = None,
    sets: int | None = None,
    buy_in: int | None = None,
    *,
    source: str = "event.json",
) -> Night:
    """The night from a pack's manifest (its bytes or its data), or from players/ruleset/sets.

    `buy_in` overrides the pack's stake; `source` names the manifest in messages."""
    from bunco_print.game.limits import check_players
    from bunco_print.game.manifest import from_manifest, loads
    from bunco_print.game.night import night_for

    if manifest is not None:
        if players is not None or ruleset is not None or sets is not None:
            raise InputError(
                "give either `event` or `players`/`ruleset`/`sets`, not both", field="event"
            )
        try:
            if isinstance(manifest, bytes | bytearray):
                night = loads(bytes(manifest), source)
            else:
                night = from_manifest(manifest, source)
        except InputError as exc:
            exc.field = exc.field or "event"
            raise
    elif players is None:
        raise InputError(
            "say which night: `event FOLDER`, or `players N` with `ruleset NAME`", field="players"
        )
    else:
        if ruleset is not None:
            check_name(ruleset, "ruleset", rulesets.available)
        night = night_for(ruleset or "classic", check_players(players), sets=sets)
    if buy_in is not None:
        night = with_buy_in(night, buy_in)
    return night


def with_buy_in(night: Night, buy_in: int) -> Night:
    """The night with this buy-in: its pot and prizes worked out from it, known now even for a
    pack printed with `--buy-in none` (whose extra.write_in then no longer names the buy-in)."""
    check_buy_in(buy_in)
    extra = dict(night.extra)
    left = [key for key in str(extra.pop("write_in", "")).split(",") if key and key != "buy_in"]
    extra |= {"write_in": ",".join(left)} if left else {}
    return replace(night, buy_in=buy_in, extra=extra)


def read_totals(night: Night, data: bytes | None, filename: str, field: str = "totals") -> Totals:
    """The totals in `data` (CSV or JSON), with the columns the night's ruleset needs."""
    from bunco_print.engine.totals import parse_totals
    from bunco_print.engine.validate import required_columns

    if data is None:
        raise InputError(f"give the players' totals with `{field} FILE` (CSV or JSON)", field=field)
    try:
        return parse_totals(data, filename, require=required_columns(night.ruleset))
    except InputError as exc:
        exc.field = exc.field or field
        raise


def validate_night(night: Night, totals: bytes | None, filename: str = "totals") -> Validation:
    """Every error and warning in the totals, not the first."""
    from bunco_print.engine.validate import validate

    try:
        return validate(read_totals(night, totals, filename), night)
    except InputError as exc:
        exc.field = exc.field or "totals"
        raise


def settle_night(
    night: Night,
    totals: bytes | None,
    filename: str = "totals",
    *,
    rolloffs: bytes | None = None,
    rolloffs_name: str = "rolloffs",
    roll: bool = False,
    seed: int = 0,
    semi: bytes | None = None,
    semi_name: str = "semi-final totals",
    one_prize_per_player: bool | None = None,
    split_ties: bool | None = None,
    closest_fifty_fifty: bool | None = None,
) -> tuple[Validation, Settlement]:
    """Validate the totals, then award the prizes (and a tournament's seats).

    Ties wait for the host's roll-off unless `rolloffs` (`prize,sheet` lines) names the winners
    or `roll` rolls virtual dice seeded by `seed`. The three overrides replace the ruleset's
    choice when not None. The settlement is not valid when the totals are not."""
    from bunco_print.engine.awards import settle
    from bunco_print.engine.ties import Resolver, parse_rolloffs

    rules = night.ruleset
    overrides = {
        "one_prize_per_player": one_prize_per_player,
        "closest_fifty_fifty": closest_fifty_fifty,
        "prize_tie": None if split_ties is None else ("split" if split_ties else "rolloff"),
    }
    night = replace(
        night, ruleset=replace(rules, **{k: v for k, v in overrides.items() if v is not None})
    )
    result = validate_night(night, totals, filename)
    entries = {}
    if rolloffs is not None:
        try:
            entries = parse_rolloffs(rolloffs, rolloffs_name)
        except InputError as exc:
            exc.field = exc.field or "rolloffs"
            raise
    if semi is not None and not rules.group_tables:
        raise InputError(f"`semi` is for the tournament ruleset, not {rules.id}", field="semi")
    semi_totals = read_totals(night, semi, semi_name, "semi") if semi is not None else None
    resolver = Resolver(entries, roll=roll, seed=seed, source=rolloffs_name)
    return result, settle(result, resolver, semi=semi_totals)


def settle_totals(
    night: Night,
    totals: Totals,
    winners: Mapping[str, str] | None = None,
    *,
    roll: bool = False,
    seed: int = 0,
    source: str = "rolloffs",
) -> tuple[Validation, Settlement]:
    """Validate and settle totals already built as the engine's own value (a live night's
    entries): nothing to read. `winners` names roll-off winners by prize, as the lines of a
    rolloffs file (`source`, one header line, prizes in order) would."""
    from bunco_print.engine.awards import settle
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.validate import validate

    lines = {p: (s, n) for n, (p, s) in enumerate(sorted((winners or {}).items()), start=2)}
    validation = validate(totals, night)
    return validation, settle(validation, Resolver(lines, roll=roll, seed=seed, source=source))


def standings(validation: Validation) -> tuple[Standing, ...]:
    """The sheets by wins, then Buncos, of totals judged but not settled (no prizes yet)."""
    from bunco_print.engine.awards import standings as ranked

    return ranked(validation, ())


# --- a whole night played with virtual dice, ready to write ------------------------------------


@dataclass(frozen=True)
class SimulatedNight:
    """A night played and settled with virtual dice, and its files' bytes."""

    event: Night
    night: Night
    played: Simulation
    validation: Validation
    settlement: Settlement
    names: dict[str, str]  # role (event, totals, log, semi_totals, semi_log) -> file name
    files: dict[str, bytes]  # file name -> content, written together


SIMULATE_FILES = {
    "event": "event.json",
    "totals": "totals.csv",
    "log": "rounds.jsonl",
    "semi_totals": "semi-final-totals.csv",
    "semi_log": "semi-final-rounds.jsonl",
}


def simulate_night(
    players: int = 12,
    ruleset: str = "classic",
    seed: int = 0,
    sets: int | None = None,
    buy_in: int = 5,
    date: str = "2026-01-01",
    *,
    before_play: Callable[[Night], None] | None = None,
) -> SimulatedNight:
    """Plan the night as a pack would, play it, settle it (ties rolled with `seed`); for a
    tournament, play the semi-final too. `before_play(event)` runs before the dice roll."""
    from bunco_print.engine.awards import settle
    from bunco_print.engine.simulate import play_semi_final, simulate
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.totals import to_csv
    from bunco_print.engine.validate import has_traveler, validate
    from bunco_print.game.limits import check_players
    from bunco_print.game.manifest import to_manifest
    from bunco_print.game.plan import plan_event

    check_players(players)
    check_buy_in(buy_in)
    date = check_date(date)
    rules = rulesets.load(check_name(ruleset, "ruleset", rulesets.available))
    event = plan_event(
        players, rules, seed=seed, date=date, sets=sets, buy_in=buy_in,
        title=f"Simulated {rules.name}",
    )  # fmt: skip
    if before_play is not None:
        before_play(event)
    night = event
    played = simulate(night, seed)
    result = validate(played.totals, night)
    settlement = settle(result, Resolver(roll=True, seed=seed))
    columns = {"mini_buncos": rules.track_mini_buncos, "traveler": has_traveler(rules)}
    texts = {
        "event": _json_line(to_manifest(event), indent=2),
        "totals": to_csv(played.totals.sheets, **columns),
        "log": "".join(_json_line(r) for r in played.log),
    }
    adv = settlement.advancement
    if adv is not None and adv.semi_finalists:
        semi = play_semi_final(night, adv.semi_finalists, seed)
        settlement = settle(result, Resolver(roll=True, seed=seed), semi=semi.totals)
        texts["semi_totals"] = to_csv(semi.totals.sheets, **columns)
        texts["semi_log"] = "".join(_json_line(r) for r in semi.log)
    names = {role: SIMULATE_FILES[role] for role in texts}
    files = {names[role]: text.encode("utf-8") for role, text in texts.items()}
    return SimulatedNight(event, night, played, result, settlement, names, files)


def _json_line(data, indent: int | None = None) -> str:
    return json.dumps(data, indent=indent, ensure_ascii=False) + "\n"
