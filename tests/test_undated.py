"""`pack --date none --buy-in none`: a pack a host prints for any night, the date and every
amount written in by hand (and, with --editable, typed into fields); a shop's packs by default."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pikepdf
import pytest

from bunco_print.catalogue import make_plan
from bunco_print.errors import InputError

from .pdftools import page_texts, reader
from .test_cli_pack import bunco

MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
DAYS = "Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"
# a date as any page would print it: a weekday, a year, a month and its day either way round
A_DATE = re.compile(rf"\b({DAYS})\b|\b20\d\d\b|\b({MONTHS}) \d|\d ({MONTHS})\b")
# an amount: a symbol and digits ("$5", "€ 20"), or digits and a code ("60 EUR")
AN_AMOUNT = re.compile(r"[$€£]\s?\d|\d\s?(EUR|USD|GBP)\b")
UNDATED = ("--date", "none", "--buy-in", "none", "--extras", "all", "--seed", "3")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("undated")
    result = bunco("pack", "--players", "13", *UNDATED, "--out", "pack", cwd=where)
    assert result.returncode == 0, result.stderr
    return where / "pack"


@pytest.fixture(scope="module")
def editable(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("undated-editable")
    args = ("--players", "13", *UNDATED, "--editable", "--paper", "a4", "--currency", "EUR")
    result = bunco("pack", *args, "--out", "pack", cwd=where)
    assert result.returncode == 0, result.stderr
    return where / "pack"


def texts(folder: Path) -> dict[str, str]:
    return {
        pdf.name: " ".join(page_texts(pdf.read_bytes()))
        for pdf in sorted(folder.glob("*.pdf"))
        if pdf.name != "pack.pdf"  # every page of it is one of the documents'
    }


def test_no_document_prints_a_date_or_an_amount(folder):
    found = texts(folder)
    assert len(found) == 11  # the six documents and the five party extras
    for name, text in found.items():
        assert not A_DATE.search(text), (name, A_DATE.search(text))
        assert not AN_AMOUNT.search(text), (name, AN_AMOUNT.search(text))


def test_the_date_and_the_amounts_have_places_to_write_them_in(folder):
    found = texts(folder)
    assert "Classic Bunco · date" in found["score-sheets.pdf"]
    invitation = found["invitation.pdf"].replace(" ", "")  # its labels are letter-spaced
    assert "WHENTIME" in invitation and "RSVPBRING" in invitation
    prizes = found["prize-sheet.pdf"]
    # the pot's sum, its boxes by the currency's symbol (the tiles' words letter-spaced)
    assert "PLAYERS×$BUY-IN=$INTHEPOT" in prizes.replace(" ", "") and "13" in prizes
    for share in ("A third of the pot.", "A quarter of the pot.", "A sixth of the pot."):
        assert share in prizes  # classic's shares, said in words
    assert prizes.count("$") == 2 + 6  # the buy-in, the pot and each of the six prizes
    assert found["prize-tags.pdf"].replace(" ", "").count("AMOUNTORGIFT") == 6
    assert "write what each paid" in found["sign-in-sheet.pdf"]
    assert "Most Buncos (a third of the pot)" in found["rules-handout.pdf"]


def test_event_json_records_what_was_left_to_fill_in(folder):
    event = json.loads((folder / "event.json").read_text())
    assert event["date"] == "" and event["event_id"].startswith("undated-")
    assert event["extra"]["write_in"] == "date,buy_in"
    assert event["buy_in"] == event["pot"] == 0  # nothing to split: the host's own amounts


def test_an_editable_pack_has_fields_for_the_date_and_each_amount(editable):
    fields = set(reader((editable / "pack.pdf").read_bytes()).get_fields())
    prizes = len(json.loads((editable / "event.json").read_text())["prizes"])
    amounts = {f"prize-sheet-1-prize-{i}-amount" for i in range(prizes)}
    amounts |= {f"prize-tags-1-t{i}-amount" for i in range(prizes)}
    amounts |= {"prize-sheet-1-pot-buy-in", "prize-sheet-1-pot-pot", "invitation-1-invite-buy-in"}
    dates = {"invitation-1-invite-date"} | {f"sheet-{n}-date" for n in range(1, 14)}
    details = {f"invitation-1-invite-{key}" for key in ("time", "place")}
    assert amounts | dates | details <= fields, sorted((amounts | dates | details) - fields)
    found = texts(editable)
    assert "EURBUY-IN=EURINTHEPOT" in found["prize-sheet.pdf"].replace(" ", "")
    assert not any(AN_AMOUNT.search(text) for text in found.values())


def test_an_editable_pots_field_sums_the_players_times_the_buy_in(editable):
    with pikepdf.open(editable / "pack.pdf") as pdf:
        (pot,) = pdf.Root.AcroForm.CO  # the one field a viewer calculates
        script = str(pot.AA.C.JS)
    assert str(pot.T) == "prize-sheet-1-pot-pot"
    assert 'getField("prize-sheet-1-pot-buy-in")' in script and "13 * b" in script


def test_the_engine_settles_a_night_whose_amounts_were_written_in(folder, tmp_path):
    played = bunco("simulate", "--players", "13", "--seed", "4", "--out", "sim", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    totals = str(tmp_path / "sim" / "totals.csv")
    args = ("--event", str(folder), "--totals", totals, "--roll")
    result = bunco("prizes", *args, "--pdf", "results.pdf", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "amounts as written on the prize sheet" in " ".join(result.stdout.split())
    assert "$0" not in result.stdout
    sheet = " ".join(page_texts((tmp_path / "results.pdf").read_bytes()))
    assert "a third of the pot" in sheet and not AN_AMOUNT.search(sheet)
    # the host may tell the engine the buy-in she wrote in: the amounts are then worked out
    told = bunco("prizes", *args, "--buy-in", "5", cwd=tmp_path)
    assert told.returncode == 0, told.stderr
    assert "pot $65 = $5 x 13 players" in " ".join(told.stdout.split())


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--date", "nonsense"), '--date must be YYYY-MM-DD or none, not "nonsense"'),
        (("--buy-in", "lots"), "--buy-in must be a whole number from 0 to 1,000,000, or none"),
        (("--buy-in", "1.5"), 'or none, not "1.5"'),
    ],
)
def test_a_bad_date_or_buy_in_is_one_line_and_exit_2(tmp_path, args, message):
    result = bunco("pack", "--players", "8", *args, "--out", "night", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and message in result.stderr, result.stderr
    assert not (tmp_path / "night").exists()


def test_a_shops_packs_are_undated_and_unpriced_unless_the_seller_fixes_them():
    from bunco_print.catalogue import make

    for settings, date, buy_in in (
        ({}, "", None),
        ({"date": "2026-12-04", "buy_in": 5}, "2026-12-04", 5),
        ({"buy_in": "10", "currency": "EUR"}, "", 10),
    ):
        plan = make_plan({"themes": ["classic"], "players": [8], **settings}, {})
        request = make._request(plan, plan.listings[0].packs[0])
        assert (request.date, request.buy_in) == (date, buy_in)
        assert request.currency == settings.get("currency", "$")
    with pytest.raises(InputError, match=r"^--buy-in must be a whole number"):
        make_plan({"themes": ["classic"], "buy_in": "lots"}, {"buy_in": "--buy-in"})


def test_none_is_the_word_for_no_date_no_buy_in_and_no_symbol():
    from bunco_print.printing.orders import pack_request

    request = pack_request({"players": 8, "date": "none", "buy_in": "none", "currency": "none"})
    assert (request.date, request.buy_in, request.currency) == ("", None, "")
    assert request.write_in == ("date", "buy_in")
    given = pack_request({"players": 8, "date": "2026-12-04", "buy_in": "10"})
    assert (given.date, given.buy_in, given.currency, given.write_in) == (
        "2026-12-04",
        10,
        "$",
        (),
    )
