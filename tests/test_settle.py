"""The use cases every face calls: data in, results out, errors that name their field."""

from __future__ import annotations

import json

import pytest

from bunco_print.cli.fields import flag, worded
from bunco_print.errors import InputError
from bunco_print.nights import settle
from bunco_print.printing.orders import pack_request

from .test_cli_engine import TOTALS


def cli(exc: InputError) -> str:
    return worded(str(exc), exc.field, flag)


def test_a_simulated_night_settles_the_same_from_its_own_files():
    night = settle.simulate_night(13, "mybunco", seed=9)
    assert set(night.files) == {"event.json", "totals.csv", "rounds.jsonl"}
    assert night.names["totals"] == "totals.csv"
    again = settle.load_night(night.files["event.json"])
    result, settlement = settle.settle_night(
        again, night.files["totals.csv"], "totals.csv", roll=True, seed=9
    )
    assert result.valid and settlement.prizes == night.settlement.prizes


def test_a_tournament_simulation_carries_its_semi_final():
    night = settle.simulate_night(24, "tournament", seed=1)
    assert "semi-final-totals.csv" in night.files
    assert night.settlement.advancement.final_table


def test_load_night_takes_a_manifest_as_bytes_or_data():
    manifest = settle.simulate_night(12).files["event.json"]
    from_bytes = settle.load_night(manifest, buy_in=10)
    from_data = settle.load_night(json.loads(manifest), buy_in=10)
    assert from_bytes == from_data and from_bytes.pot == 120


@pytest.mark.parametrize(
    ("call", "field", "said"),
    [
        (lambda: settle.load_night(None), "players", "say which night: --event FOLDER, or"),
        (lambda: settle.load_night({}, players=12), "event", "give either --event or --players"),
        (lambda: settle.load_night(b"[1", source="e.json"), "event", "e.json: not a JSON"),
        (lambda: settle.load_night(None, 12, buy_in=-1), "buy_in", "--buy-in cannot be negative"),
        (lambda: settle.load_night(None, 12, ruleset=""), "ruleset", "--ruleset needs a name"),
        (
            lambda: settle.validate_night(settle.load_night(None, 12), None),
            "totals",
            "give the players' totals with --totals FILE (CSV or JSON)",
        ),
        (
            lambda: settle.validate_night(settle.load_night(None, 12), b"sheet,wins\n", "t.csv"),
            "totals",
            "t.csv row 1: the header has no",
        ),
        (
            lambda: settle.settle_night(settle.load_night(None, 12), TOTALS.encode(), semi=b""),
            "semi",
            "--semi is for the tournament ruleset, not classic",
        ),
        (lambda: settle.simulate_night(date="../../x"), "date", "--date must be YYYY-MM-DD"),
        (lambda: settle.simulate_night(date="20260101"), "date", "--date must be YYYY-MM-DD"),
        (lambda: pack_request({}), "players", "say how many play: --players N"),
        (
            lambda: pack_request({"players": 12, "per_page": 3}),
            "per_page",
            "--per-page must be 1, 2",
        ),
        (lambda: pack_request({"players": 12, "theme": " "}), "theme", "--theme needs a name"),
        (lambda: pack_request({"names": b"\n\n"}, "n.txt"), "names", "n.txt"),
    ],
)
def test_errors_name_their_field_and_read_as_flags_on_the_command_line(call, field, said):
    with pytest.raises(InputError) as caught:
        call()
    assert caught.value.field == field
    assert cli(caught.value).startswith(said) or said in cli(caught.value)


def test_a_web_face_words_the_same_errors_its_own_way():
    with pytest.raises(InputError) as caught:
        settle.load_night(None)
    labels = {"event": "the pack", "players": "Players", "ruleset": "Ruleset"}
    assert worded(str(caught.value), caught.value.field, labels.__getitem__) == (
        "say which night: the pack FOLDER, or Players N with Ruleset NAME"
    )
    assert worded("buy_in cannot be negative", "buy_in", flag) == "--buy-in cannot be negative"


def test_pack_request_completes_the_order():
    names = "\ufeffAnn\n\nBea\nCai\nDot\n".encode()
    request = pack_request({"names": names, "seed": 3, "date": "2026-02-03"})
    assert (request.players, request.names, request.seed) == (4, ["Ann", "Bea", "Cai", "Dot"], 3)
    assert request.date == "2026-02-03" and request.engine_url.startswith("http")


def test_only_field_marks_are_worded_not_backticks_in_a_file_name():
    assert worded("`notes`.csv row 1: empty", None, flag) == "`notes`.csv row 1: empty"
    assert worded("`semi` is for `x`", "semi", flag) == "--semi is for `x`"
