"""event.json: written as format 1 always was, and read back as hostile input."""

import copy
import dataclasses
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.errors import InputError
from bunco_print.game import manifest, night, rulesets
from bunco_print.game.manifest import dumps, from_manifest, loads, to_manifest
from bunco_print.game.plan import plan_event

DATA = Path(__file__).parent / "data"
FIXTURES = ["event-v1.json", "event-v1-tournament.json", "event-v1-bonko.json"]
# How tests/data was written, with the format-1 code (bunco_print/event.py before the one model).
WRITTEN_WITH = {
    "event-v1.json": dict(
        players=13,
        ruleset="classic",
        seed=7,
        date="2026-12-04",
        title="Winter Bunco",
        names=["Zoë", "Ann"],
        buy_in=5,
        extra={"theme": "classic", "paper": "letter", "per_page": 1},
    ),
    "event-v1-tournament.json": dict(
        players=24,
        ruleset="tournament",
        seed=3,
        date="2026-12-05",
        title="Charity Bunco",
        buy_in=10,
        currency="EUR",
        engine_url="https://bunco.example.org/night",
        extra={"theme": "december", "paper": "a4", "per_page": 2},
    ),
    "event-v1-bonko.json": dict(
        players=13, ruleset="bonko", seed=1, date="2026-01-01", sets=2, buy_in=0
    ),
}


def v1(name="event-v1.json") -> dict:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def plan(players, ruleset, **kw):
    return plan_event(players, rulesets.load(ruleset), **kw)


@pytest.mark.parametrize("name", FIXTURES)
def test_a_manifest_written_by_format_1_code_loads_and_writes_back_byte_for_byte(name):
    text = (DATA / name).read_text(encoding="utf-8")
    loaded = loads(text.encode(), name)
    assert dumps(loaded) == text
    planned = plan(**WRITTEN_WITH[name])
    # ids are shorter now (they go into every QR code): the old id stays the night's own
    assert planned.event_id == loaded.event_id[:9] + loaded.event_id[-6:]
    planned = dataclasses.replace(planned, event_id=loaded.event_id)
    assert loaded == planned, "planning the same night gives the same model"


def test_the_old_manifest_reads_as_the_night_it_describes():
    event = loads((DATA / "event-v1.json").read_bytes())
    assert (event.players, len(event.tables), event.ghosts, event.rounds, event.pot) == (
        13,
        4,
        3,
        24,
        65,
    )
    assert event.names == {"1": "Zoë", "2": "Ann"}
    assert [r.sheets for r in event.rooms] == [event.sheet_ids]
    assert event.start_tables == {str(c.number): c.table for c in event.seat_cards}


# a 4-player $5 pack printed before a prize could no longer be left at $0 (its lucky draw)
BEFORE_NO_ZERO = DATA / "event-v1-four-at-five.json"


def test_a_pack_printed_before_the_no_zero_split_settles_with_the_amounts_it_printed(tmp_path):
    event = loads(BEFORE_NO_ZERO.read_bytes())
    assert [p.amount for p in event.prizes] == [7, 5, 3, 3, 2, 0]  # as its prize sheet says
    assert event.earlier_split and loads(dumps(event).encode()) == event
    # a pack of the same night printed now pays every prize
    now = plan(4, "classic", seed=3, date="2026-11-26", buy_in=5)
    assert [p.amount for p in now.prizes] == [7, 5, 3, 3, 1, 1] and not now.earlier_split
    assert "split" not in to_manifest(now)["extra"]
    runner = CliRunner()
    simulated = runner.invoke(app, ["simulate", "--players", "4", "--out", str(tmp_path / "sim")])
    assert simulated.exit_code == 0, simulated.output
    totals = tmp_path / "sim" / "totals.csv"
    args = ["prizes", "--event", str(BEFORE_NO_ZERO), "--totals", str(totals), "--json"]
    settled = runner.invoke(app, args)
    assert settled.exit_code == 0, settled.output
    paid = {p["id"]: p["amount"] for p in json.loads(settled.stdout)["prizes"]}
    assert (paid["most_losses"], paid["draw"]) == (2, 0)


def test_amounts_neither_split_gives_are_refused():
    data = json.loads(BEFORE_NO_ZERO.read_text(encoding="utf-8"))
    data["prizes"][4]["amount"], data["prizes"][5]["amount"] = 0, 2
    with pytest.raises(InputError, match=re.escape("prizes[4].amount must be 1, not 0")):
        from_manifest(data)


def test_a_tournament_manifest_puts_each_player_in_the_group_its_seat_card_names():
    event = loads((DATA / "event-v1-tournament.json").read_bytes())
    assert len(event.rooms) == 2
    for card in event.seat_cards:
        rooms = [room.number for room in event.rooms if str(card.number) in room.sheets]
        assert rooms == [(card.table - 1) // 3 + 1]


@pytest.mark.parametrize("ruleset", rulesets.available())
@pytest.mark.parametrize("players", [4, 5, 13, 36, 400])
def test_every_planned_night_round_trips_through_event_json(ruleset, players):
    event = plan(players, ruleset, seed=players, date="2026-12-04", names=["Zoë", "O'Brien"])
    again = loads(dumps(event).encode())
    assert again == event
    assert to_manifest(again) == to_manifest(event)
    assert again.rooms == event.rooms and again.start_tables == event.start_tables


def test_an_engine_night_and_a_pack_night_are_one_model():
    pack = plan(13, "classic", seed=1, date="2026-12-04")
    engine = night.night_for("classic", 13)
    same = ("players", "sets", "tables", "rounds", "ghosts", "pot", "prizes", "sheet_ids", "rooms")
    assert {k: getattr(engine, k) for k in same} == {k: getattr(pack, k) for k in same}


def _set(path: str, value):
    """A change to the manifest: set the value at `path` (`tables.2.ghosts`), or delete it."""

    def change(data: dict) -> None:
        *parents, last = path.split(".")
        for part in parents:
            data = data[int(part)] if isinstance(data, list) else data[part]
        key = int(last) if isinstance(data, list) else last
        if value is DELETE:
            del data[key]
        else:
            data[key] = value

    return change


DELETE = object()
HOSTILE = [
    # (change, field, words the one-line error holds)
    (_set("players", "13"), "players", 'players must be a whole number from 4 to 400, not "13"'),
    (_set("players", None), "players", "players must be a whole number from 4 to 400, not null"),
    (_set("players", 13.0), "players", "not 13.0"),
    (_set("players", True), "players", "not true"),
    (_set("players", 3), "players", "from 4 to 400, not 3"),
    (_set("players", -13), "players", "not -13"),
    (_set("players", 1_000_000_000), "players", "not 1000000000"),
    (
        _set("players", 10**300),
        "players",
        "players must be a whole number from 4 to 400, not a number of about 300 digits",
    ),
    (_set("players", 10**5000), "players", "not a number of about 5,000 digits"),
    (_set("players", json.loads("1e400")), "players", "from 4 to 400, not Infinity"),
    (_set("players", 14), "sheets", "13 sheets were given for 14 players"),
    (_set("sets", "4"), "sets", 'sets must be a whole number from 1 to 12, not "4"'),
    (_set("sets", 0), "sets", "not 0"),
    (_set("sets", 10**9), "sets", "sets must be a whole number from 1 to 12"),
    (_set("buy_in", "5"), "buy_in", 'buy_in must be a whole number from 0 to 1,000,000, not "5"'),
    (_set("buy_in", -5), "buy_in", "buy_in cannot be negative, not -5"),
    (_set("buy_in", 10**12), "buy_in", "from 0 to 1,000,000"),
    (_set("buy_in", 5.5), "buy_in", "not 5.5"),
    (
        _set("ruleset", ["classic"]),
        "ruleset",
        'ruleset must be 1 to 40 lowercase letters, digits or underscores, not ["classic"]',
    ),
    (_set("ruleset", "yahtzee"), None, "unknown ruleset 'yahtzee'"),
    (_set("extra", "classic"), "extra", 'extra must be an object, not "classic"'),
    (
        _set("extra", {"paper": "A3"}),
        "extra.paper",
        'extra.paper must be "letter" or "a4", not "A3"',
    ),
    (_set("extra", {"per_page": 3}), "extra.per_page", "extra.per_page must be 1, 2 or 4, not 3"),
    (_set("extra", {"theme": "../../etc"}), "extra.theme", "extra.theme must be 1 to 40 letters"),
    (_set("extra", {"notes": {"deep": []}}), "extra.notes", "extra.notes must be text"),
    (_set("currency", 36), "currency", "currency must be text, not 36"),
    (_set("currency", "$" * 9), "currency", "currency must be at most 8 characters, not 9"),
    (_set("title", "x" * 201), "title", "title must be at most 200 characters, not 201"),
    (_set("title", "Bunco\x00night"), "title", "title must not hold control characters"),
    (_set("date", "04/12/2026"), "date", 'date must be YYYY-MM-DD, not "04/12/2026"'),
    (_set("date", "2026-02-30"), "date", "date must be YYYY-MM-DD"),
    (_set("event_id", "../x"), "event_id", "event_id must be 1 to 64 letters, digits or dashes"),
    (
        _set("engine_url", "javascript:alert(1)"),
        "engine_url",
        "engine_url must be an http(s) address",
    ),
    (_set("star_on_back", "yes"), "star_on_back", 'star_on_back must be true or false, not "yes"'),
    (
        _set("sheets.0.id", "9" * 5000),
        "sheets[0].id",
        'sheets[0].id must be 1 to 16 letters, digits or dashes, not "999',
    ),
    (
        _set("sheets.0.id", "²"),
        "sheets[0].id",
        'sheets[0].id must be 1 to 16 letters, digits or dashes, not "²"',
    ),
    (_set("sheets.1.id", "1"), "sheets", 'sheets: "1" is there twice'),
    (_set("sheets.2.number", 7), "sheets[2].number", "sheets[2].number must be 3, not 7"),
    (
        _set("sheets.0.kind", "team"),
        "sheets[0].kind",
        'sheets[0].kind must be "player", not "team"',
    ),
    (_set("sheets.0.name", "x" * 61), "sheets[0].name", "sheets[0].name must be at most 60"),
    (
        _set("sheets", [{"id": "1", "number": 1, "kind": "player", "name": ""}] * 801),
        "sheets",
        "sheets must hold at most 800, not 801",
    ),
    (_set("sheets", {"1": {}}), "sheets", "sheets must be a list, not {"),
    (_set("sheets.0", ["1", 1, "player", ""]), "sheets[0]", "sheets[0] must be an object, not ["),
    (_set("tables.2.ghosts", 7), "tables[2].ghosts", "tables[2].ghosts must be 0, 1 or 2, not 7"),
    (_set("tables.2.ghosts", 0), "tables[2].ghosts", "tables[2].ghosts must be 1, not 0"),
    (
        _set("tables.0.name", "High"),
        "tables[0].name",
        'tables[0].name must be "Head table", not "High"',
    ),
    (_set("tables.3", DELETE), "tables", "tables: 13 players sit at 4 tables, not 3"),
    (_set("tables", [[1, "Head table", 0]]), "tables[0]", "tables[0] must be an object"),
    (
        _set("seat_cards.0.table", 9),
        "seat_cards[0].table",
        "seat_cards[0].table must be a whole number from 1 to 4, not 9",
    ),
    (_set("seat_cards.0.table", 0), "seat_cards[0].table", "from 1 to 100, not 0"),
    (
        _set("seat_cards.0.number", 5),
        "seat_cards[0].number",
        "seat_cards[0].number must be 1, not 5",
    ),
    (_set("seat_cards.0.star", "no"), "seat_cards[0].star", "must be true or false"),
    (
        _set("seat_cards.12", DELETE),
        "seat_cards",
        "seat_cards: 13 players draw 13 seat cards, not 12",
    ),
    (
        _set("tally_pads.0.table", 99),
        "tally_pads[0].table",
        "tally_pads[0].table must be a whole number from 1 to 4, not 99",
    ),
    (
        _set("tally_pads.0.set", None),
        "tally_pads[0].set",
        "tally_pads[0].set must be a whole number from 1 to 4, not null",
    ),
    (
        _set("tally_pads", [{"table": None, "set": None}] * 2000),
        "tally_pads",
        "must hold at most 1,300, not 2,000",
    ),
    (_set("prizes.0.amount", 10**9), "prizes[0].amount", "prizes[0].amount must be a whole number"),
    (_set("prizes.0.amount", 21), "prizes[0].amount", "prizes[0].amount must be 22, not 21"),
    (_set("prizes.0.id", "grand_prize"), "prizes", "prizes must be classic's"),
    (_set("pot", 650), "pot", "pot must be 65, not 650"),
    (_set("ghosts", 4), "ghosts", "ghosts must be 3, not 4"),
    (_set("rounds", "24"), "rounds", 'rounds must be a whole number from 1 to 288, not "24"'),
    (_set("rounds_per_set", 5), "rounds_per_set", "rounds_per_set must be 6, not 5"),
]


@pytest.mark.parametrize(
    "change, field, words", HOSTILE, ids=[words[:50] for _, _, words in HOSTILE]
)
def test_a_hostile_manifest_is_one_error_naming_its_field(change, field, words):
    data = v1()
    change(data)
    with pytest.raises(InputError) as caught:
        from_manifest(data, "event.json")
    message = str(caught.value)
    assert message.startswith("event.json: ") and words in message
    assert "\n" not in message and len(message) < 200
    assert caught.value.field == field


@pytest.mark.parametrize(
    "change, words",
    [
        (_set("players", DELETE), "players is missing"),
        (_set("colour", "red"), "colour is not a field it writes"),
        (_set("x" * 5000, 1), '"xxxxxxxxxx'),
        (_set("tables.0.colour", "red"), "tables[0].colour is not a field it writes"),
        (_set("seat_cards.0.table", DELETE), "seat_cards[0].table is missing"),
        (_set("format", 2), "format must be 1, not 2"),
        (_set("format", "1"), 'format must be 1, not "1"'),
    ],
)
def test_a_manifest_with_missing_or_unknown_fields_is_not_one_bunco_print_wrote(change, words):
    data = v1()
    change(data)
    with pytest.raises(InputError, match=r"event\.json is not one bunco-print wrote: ") as caught:
        from_manifest(data)
    assert words in str(caught.value) and len(str(caught.value)) < 200


@pytest.mark.parametrize("data", [[], "event", 13, None, [v1()]])
def test_a_manifest_that_is_not_an_object_is_refused(data):
    with pytest.raises(InputError, match="the manifest must be an object"):
        from_manifest(data)


def test_a_billion_players_fails_before_anything_is_built(monkeypatch):
    def nothing_may_be_built(*args, **kwargs):
        raise AssertionError("the manifest was not checked first")

    monkeypatch.setattr(manifest, "build", nothing_may_be_built)
    monkeypatch.setattr(night, "seat_ghosts", nothing_may_be_built)
    data = v1()
    data["players"] = 1_000_000_000
    data["sheets"] = []
    with pytest.raises(InputError, match="players must be a whole number from 4 to 400"):
        loads(json.dumps(data))


@pytest.mark.parametrize(
    "raw, words",
    [
        (b"{", "not a JSON event manifest"),
        (b"\xff\xfe\x00garbage", "not a JSON event manifest"),
        (b'{"players": ' + b"9" * 5000 + b"}", "not a JSON event manifest"),
        (b'{"players": NaN}', "not a JSON event manifest"),
        (b'{"players": 13, "players": 14}', '"players" is given twice'),
        (b"[" * 100_000 + b"]" * 100_000, "not an event manifest"),
        (b" " * (manifest.MAX_BYTES + 1), "more than an event manifest holds"),
    ],
)
def test_text_that_is_not_a_manifest_is_one_line(raw, words):
    with pytest.raises(InputError) as caught:
        loads(raw, "out/event.json")
    assert str(caught.value).startswith("out/event.json") and words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_the_cli_says_what_is_wrong_with_the_manifest_in_one_line(tmp_path):
    data = copy.deepcopy(v1())
    data["tables"][2]["ghosts"] = 7
    (tmp_path / "event.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "t.csv").write_text("sheet,wins,losses,buncos,traveler\n1,12,12,0,1\n")
    result = CliRunner().invoke(
        app, ["validate", "--event", str(tmp_path), "--totals", str(tmp_path / "t.csv")]
    )
    assert result.exit_code == 2
    assert "tables[2].ghosts must be 0, 1 or 2, not 7" in result.output
    assert "Traceback" not in result.output and "--tables" not in result.output


@pytest.mark.parametrize(
    "kw, words",
    [
        (dict(players=3), "players must be a whole number from 4 to 400, not 3"),
        (dict(players="13"), 'players must be a whole number from 4 to 400, not "13"'),
        (dict(buy_in=-1), "buy_in cannot be negative, not -1"),
        (dict(sets=13), "sets must be a whole number from 1 to 12, not 13"),
        (dict(names=["Ann", "x" * 61]), "name 2 must be at most 60 characters, not 61"),
        (dict(title="x" * 201), "title must be at most 200 characters"),
        (dict(currency="dollars!!"), "currency must be at most 8 characters"),
        (dict(spare_pads=1000), "spare_pads must be a whole number from 0 to 100, not 1000"),
    ],
)
def test_a_pack_being_planned_meets_the_same_checks(kw, words):
    args = dict(players=12, ruleset=rulesets.load("classic"), seed=1, date="2026-12-04") | kw
    with pytest.raises(InputError) as caught:
        plan_event(args.pop("players"), args.pop("ruleset"), **args)
    assert str(caught.value).startswith(words)
    assert caught.value.field


def test_the_engine_without_a_pack_meets_the_same_checks():
    with pytest.raises(InputError, match="sets must be a whole number from 1 to 12, not 0"):
        night.night_for("classic", 12, sets=0)
    with pytest.raises(InputError, match="buy_in cannot be negative"):
        night.night_for("classic", 12, buy_in=-5)
    with pytest.raises(InputError, match="3 sheets were given for 4 players"):
        night.night_for("classic", 4, sheets=["1", "2", "3"])
    with pytest.raises(InputError, match=r"sheets\[1\].id must be 1 to 16"):
        night.night_for("classic", 2, sheets=["1", "²"])
