"""A pack's event.json: the night written for the scoring engine, and read back with suspicion.

Reading checks the whole file against the format before building anything: every field's type
and bounds, no field missing or unknown. Then the night is built from what the host chose
(players, ruleset, sets, names, seat cards...) by the same `night.build` as any other night, and
what the file repeats (tables, ghosts, rounds, pot, prizes) must agree with it. Each error is one
line naming the field: `event.json: tables[2].ghosts must be 0, 1 or 2, not 7`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import asdict, replace

from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.limits import (
    MAX_BUY_IN,
    MAX_CURRENCY,
    MAX_EVENT_ID,
    MAX_NAME,
    MAX_NOTE,
    MAX_PLAYERS,
    MAX_PRIZES,
    MAX_ROUNDS_PER_SET,
    MAX_SETS,
    MAX_SHEET_ID,
    MAX_SHEETS,
    MAX_SPARE_PADS,
    MAX_TABLES,
    MAX_TITLE,
    check_buy_in,
    check_extra,
    check_players,
    check_sets,
    code_name,
    flag,
    ident,
    one_of,
    text,
    url,
    whole,
)
from bunco_print.game.money import EARLIER_SPLIT, split_pot
from bunco_print.game.night import Night, SeatCard, Sheet, TallyPad, build
from bunco_print.game.values import check_date, counted, shown

FORMAT = 1
MAX_BYTES = 2_000_000  # a 400-player, 12-set manifest is about 300 kB

Check = Callable[[object, str], object]


def to_manifest(night: Night) -> dict:
    """The night as event.json holds it (format 1: the same keys, in the same order)."""
    return {
        "format": FORMAT,
        "event_id": night.event_id,
        "title": night.title,
        "date": night.date,
        "ruleset": night.ruleset.id,
        "players": night.players,
        "sets": night.sets,
        "rounds_per_set": night.rounds_per_set,
        "tables": [asdict(t) for t in night.tables],
        "sheets": [asdict(s) for s in night.sheets],
        "seat_cards": [asdict(c) for c in night.seat_cards],
        "tally_pads": [asdict(p) for p in night.tally_pads],
        "buy_in": night.buy_in,
        "currency": night.currency,
        "prizes": [asdict(p) for p in night.prizes],
        "engine_url": night.engine_url,
        "star_on_back": night.star_on_back,
        "extra": dict(night.extra),
        "ghosts": night.ghosts,
        "rounds": night.rounds,
        "pot": night.pot,
    }


def dumps(night: Night) -> str:
    return json.dumps(to_manifest(night), indent=2, ensure_ascii=False) + "\n"


def loads(raw: bytes | str, source: str = "event.json") -> Night:
    """The night an event.json's text describes; InputError naming `source` when it is not one."""
    if len(raw) > MAX_BYTES:
        raise InputError(
            f"{source}: {len(raw):,} bytes is more than an event manifest holds ({MAX_BYTES:,})"
        )
    try:
        data = json.loads(raw, object_pairs_hook=_no_repeats, parse_constant=_no_constant)
    except RecursionError:
        raise InputError(f"{source}: not an event manifest (nested too deeply)") from None
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise InputError(f"{source}: not a JSON event manifest ({exc.msg}, {where})") from None
    except ValueError as exc:  # bad encoding, a repeated key, NaN, a number of 4,300+ digits
        why = "a number of thousands of digits" if "int" in str(exc) else str(exc)
        raise InputError(f"{source}: not a JSON event manifest ({why})") from None
    return from_manifest(data, source)


def _no_repeats(pairs: list[tuple[str, object]]) -> dict:
    data = dict(pairs)
    if len(data) != len(pairs):
        seen: set[str] = set()
        twice = next(key for key, _ in pairs if key in seen or seen.add(key))
        raise ValueError(f"{shown(twice)} is given twice")
    return data


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number")


class _NotOurs(InputError):
    """A missing or unknown field: the file is not an event manifest at all."""


def from_manifest(data: object, source: str = "event.json") -> Night:
    """The night a parsed event.json describes, checked field by field before it is built."""
    try:
        fields = _record(data, "", TOP, optional=OPTIONAL)
        return _build(fields)
    except _NotOurs as exc:
        raise InputError(f"{source} is not one bunco-print wrote: {exc}", exc.field) from None
    except InputError as exc:
        raise InputError(f"{source}: {exc}", exc.field) from None


# --- the format, field by field ---------------------------------------------------------------


def _record(value: object, path: str, spec: Mapping[str, Check], optional=()) -> dict:
    where = path or "the manifest"
    if not isinstance(value, dict):
        raise InputError(f"{where} must be an object, not {shown(value)}", field=path or None)
    for key in value:
        if key not in spec:
            name = key if isinstance(key, str) and key.isidentifier() and len(key) <= 40 else None
            field = _join(path, name or shown(key))
            raise _NotOurs(f"{field} is not a field it writes", field)
    for key in spec:
        if key not in value and key not in optional:
            raise _NotOurs(f"{_join(path, key)} is missing", _join(path, key))
    return {key: check(value[key], _join(path, key)) for key, check in spec.items() if key in value}


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _list(item: Check, longest: int) -> Check:
    def check(value: object, path: str) -> list:
        if not isinstance(value, list):
            raise InputError(f"{path} must be a list, not {shown(value)}", field=path)
        if len(value) > longest:
            raise InputError(f"{path} must hold at most {longest:,}, not {len(value):,}", path)
        return [item(v, f"{path}[{i}]") for i, v in enumerate(value)]

    return check


def _of(spec: Mapping[str, Check]) -> Check:
    return lambda value, path: _record(value, path, spec)


def _whole(low: int, high: int) -> Check:
    return lambda value, path: whole(value, path, low, high)


def _text(longest: int) -> Check:
    return lambda value, path: text(value, path, longest)


def _ident(longest: int) -> Check:
    return lambda value, path: ident(value, path, longest)


def _flag(value: object, path: str) -> bool:
    return flag(value, path)


def _table_or_set(high: int) -> Check:
    return lambda value, path: None if value is None else whole(value, path, 1, high)


def _format(value: object, path: str) -> int:
    if type(value) is not int or value != FORMAT:
        raise _NotOurs(f"format must be {FORMAT}, not {shown(value)}", path)
    return value


TOP: dict[str, Check] = {
    "format": _format,
    "event_id": _ident(MAX_EVENT_ID),
    "title": _text(MAX_TITLE),
    "date": lambda value, path: value if value == "" else check_date(value),  # "": undated
    "ruleset": code_name,
    "players": lambda value, path: check_players(value),
    "sets": lambda value, path: check_sets(value),
    "rounds_per_set": _whole(1, MAX_ROUNDS_PER_SET),
    "tables": _list(
        _of(
            {
                "number": _whole(1, MAX_TABLES),
                "name": _text(MAX_NAME),
                "ghosts": lambda value, path: one_of(value, path, (0, 1, 2)),
            }
        ),
        MAX_TABLES,
    ),
    "sheets": _list(
        _of(
            {
                "id": _ident(MAX_SHEET_ID),
                "number": _whole(1, MAX_SHEETS),
                "kind": lambda value, path: one_of(value, path, ("player", "team")),
                "name": _text(MAX_NAME),
            }
        ),
        MAX_SHEETS,
    ),
    "seat_cards": _list(
        _of(
            {
                "number": _whole(1, MAX_PLAYERS),
                "table": _whole(1, MAX_TABLES),
                "star": _flag,
                "named": _flag,
            }
        ),
        MAX_PLAYERS,
    ),
    "tally_pads": _list(
        _of({"table": _table_or_set(MAX_TABLES), "set": _table_or_set(MAX_SETS)}),
        MAX_TABLES * MAX_SETS + MAX_SPARE_PADS,
    ),
    "buy_in": lambda value, path: check_buy_in(value),
    "currency": _text(MAX_CURRENCY),
    "prizes": _list(
        _of(
            {
                "id": code_name,
                "name": _text(MAX_NAME),
                "amount": _whole(0, MAX_BUY_IN * MAX_PLAYERS),
                "note": _text(MAX_NOTE),
            }
        ),
        MAX_PRIZES,
    ),
    "engine_url": url,
    "star_on_back": _flag,
    "extra": check_extra,
    "ghosts": _whole(0, 2 * MAX_TABLES),
    "rounds": _whole(1, MAX_SETS * MAX_ROUNDS_PER_SET),
    "pot": _whole(0, MAX_BUY_IN * MAX_PLAYERS),
}
OPTIONAL = ("star_on_back", "extra", "ghosts", "rounds", "pot")  # format 1 has always had them,
# but the first reader did not require them


# --- from checked fields to a night -----------------------------------------------------------


def _build(f: dict) -> Night:
    night = build(
        rulesets.load(f["ruleset"]),
        f["players"],
        sets=f["sets"],
        buy_in=f["buy_in"],
        currency=f["currency"],
        title=f["title"],
        event_id=f["event_id"],
        date=f["date"],
        sheets=[Sheet(**s) for s in f["sheets"]],
        seat_cards=[SeatCard(**c) for c in f["seat_cards"]],
        tally_pads=[TallyPad(**p) for p in f["tally_pads"]],
        engine_url=f["engine_url"],
        star_on_back=f.get("star_on_back", False),
        extra=f.get("extra", {}),
    )
    if _split_earlier(f, night):
        night = replace(night, extra={**night.extra, "split": EARLIER_SPLIT})
    _agrees(f, night)
    return night


def _split_earlier(f: dict, night: Night) -> bool:
    """Whether the file's prizes carry amounts as packs before the no-$0 step split the pot
    (a 4-player $5 pack's $0 lucky draw): the night then settles with what its sheets print."""
    given = [p.get("amount") for p in f["prizes"]]
    shares = [c.share for c in night.ruleset.prizes]
    now = [p.amount for p in night.prizes]
    return given != now and given == split_pot(night.pot, shares, earlier=True)


def _agrees(f: dict, night: Night) -> None:
    """What the file repeats must be what its night works out to."""
    rules = night.ruleset
    one_of(f["rounds_per_set"], "rounds_per_set", (rules.rounds_per_set,))
    tables = f["tables"]
    if len(tables) != len(night.tables):
        raise InputError(
            f"tables: {night.players} players sit at {counted(len(night.tables), 'table')}, "
            f"not {len(tables)}",
            field="tables",
        )
    for i, (given, table) in enumerate(zip(tables, night.tables, strict=True)):
        for key, value in asdict(table).items():
            one_of(given[key], f"tables[{i}].{key}", (value,))
    for key in ("ghosts", "rounds", "pot"):
        if key in f:
            one_of(f[key], key, (getattr(night, key),))
    prizes = f["prizes"]
    if [p["id"] for p in prizes] != [p.id for p in night.prizes]:
        ids = ", ".join(p.id for p in night.prizes)
        raise InputError(f"prizes must be {rules.id}'s: {ids}", field="prizes")
    for i, (given, prize) in enumerate(zip(prizes, night.prizes, strict=True)):
        one_of(given["amount"], f"prizes[{i}].amount", (prize.amount,))
