"""Reading the totals file: forgiving about form, strict about content, exact about where."""

import json

import pytest

from bunco_print.errors import InputError
from bunco_print.totals import SheetTotals, parse_totals, to_csv

PLAIN = "sheet,name,wins,losses,buncos,traveler\n1,Ann,13,11,2,1\n2,Bea,11,13,0,\n"


def test_plain_csv_reads_every_column():
    totals = parse_totals(PLAIN, "totals.csv")
    assert [s.sheet for s in totals.sheets] == ["1", "2"]
    ann, bea = totals.sheets
    assert (ann.name, ann.wins, ann.losses, ann.buncos, ann.traveler) == ("Ann", 13, 11, 2, 1)
    assert bea.traveler == 0  # a blank traveler cell means "not the holder"
    assert (ann.row, bea.row) == (2, 3)  # file lines, the header being line 1
    assert totals.columns == {"name", "traveler"}


def test_spreadsheet_export_with_bom_blank_lines_extra_columns_and_semicolons():
    text = (
        "\ufeffSheet;Player;Wins;Losses;Bunkos;Mini Buncos;Notes\r\n"
        "\r\n"
        ";;;;;;\r\n"
        "01;Ann;13.0;11;2;4;brought cake\r\n"
        "\r\n"
        "2;Bea;11;13;0;3;\r\n"
    )
    totals = parse_totals(text.encode("utf-8"), "export.csv")
    first, second = totals.sheets
    assert first.sheet == "1" and first.wins == 13 and isinstance(first.wins, int)
    assert first.mini_buncos == 4 and second.mini_buncos == 3
    assert first.name == "Ann"  # "Player" is read as the name column
    assert first.row == 4 and second.row == 6


def test_windows_1252_export_is_read():
    text = "sheet,name,wins,losses,buncos\n1,Zoë,12,12,1\n"
    assert parse_totals(text.encode("cp1252"), "t.csv").sheets[0].name == "Zoë"


def test_fractions_and_negatives_are_kept_for_the_validator_to_judge():
    row = parse_totals("sheet,wins,losses,buncos\n1,12.5,-1,0\n").sheets[0]
    assert row.wins == 12.5 and row.losses == -1


@pytest.mark.parametrize(
    "text, expected",
    [
        ("sheet,name,wins,buncos\n1,Ann,12,0\n", "t.csv row 1: the header has no 'losses' column"),
        (
            "sheet,wins,losses,buncos\n1,12,12,0\n2,abc,12,0\n",
            "t.csv row 3, column wins: 'abc' is not a number",
        ),
        (
            "sheet,wins,losses,buncos\n1,12,12,0\n\n2,12,,0\n",
            "t.csv row 4, column losses: empty; expected a whole number",
        ),
        ("sheet,wins,losses,buncos\n1,12,12,0\n,12,12,0\n", "t.csv row 3, column sheet: empty"),
        (
            "sheet,wins,losses,buncos\n4,12,12,0\n5,12,12,0\n04,12,12,1\n",
            "t.csv row 4, column sheet: sheet 4 appears again (first in row 2)",
        ),
        (
            "sheet,wins,losses,buncos,traveler\n1,12,12,0,maybe\n",
            "t.csv row 2, column traveler: 'maybe' is not a number",
        ),
        ("sheet,wins,wins,losses,buncos\n1,1,1,1,1\n", "names column 'wins' twice"),
        ("sheet,wins,losses,buncos\n1,nan,12,0\n", "row 2, column wins: 'nan' is not a number"),
        ("  \n\n", "the file is empty"),
        ("sheet,wins,losses,buncos\n", "no sheets"),
    ],
)
def test_unusable_csv_names_the_row_and_column(text, expected):
    with pytest.raises(InputError) as caught:
        parse_totals(text, "t.csv")
    message = str(caught.value)
    assert expected in message
    assert "\n" not in message


def test_required_extra_columns_are_named():
    with pytest.raises(InputError, match="no 'mini_buncos' column"):
        parse_totals("sheet,wins,losses,buncos\n1,12,12,0\n", require=["mini_buncos"])


def test_json_list_and_object_forms():
    rows = [
        {"sheet": 1, "name": "Ann", "wins": 13, "losses": 11, "buncos": 2, "traveler": True},
        {"Sheet": "2", "Wins": "11", "Losses": 13.0, "Buncos": 0, "traveler": False},
    ]
    for text in (json.dumps(rows), json.dumps({"sheets": rows})):
        totals = parse_totals(text, "t.json")
        assert [(s.sheet, s.wins, s.losses, s.traveler) for s in totals.sheets] == [
            ("1", 13, 11, 1),
            ("2", 11, 13, 0),
        ]


@pytest.mark.parametrize(
    "data, expected",
    [
        (
            [{"sheet": 1, "wins": 12, "losses": 12, "buncos": "two"}],
            "t.json entry 1, field buncos: 'two' is not a number",
        ),
        (
            [
                {"sheet": 1, "wins": 12, "losses": 12, "buncos": 0},
                {"sheet": 2, "wins": True, "losses": 12, "buncos": 0},
            ],
            "t.json entry 2, field wins: True; expected a whole number",
        ),
        ([{"sheet": 1, "wins": 12, "losses": 12, "buncos": None}], "entry 1, field buncos: empty"),
        ([7], "t.json entry 1: expected an object"),
        ({"rows": []}, "JSON totals are a list"),
    ],
)
def test_unusable_json_names_the_entry_and_field(data, expected):
    with pytest.raises(InputError, match=expected.replace("(", r"\(")):
        parse_totals(json.dumps(data), "t.json")


def test_broken_json_says_where():
    with pytest.raises(InputError, match=r"not valid JSON \(line 2"):
        parse_totals('[{"sheet": 1,\n "wins": }]', "t.json")


def test_written_csv_reads_back_the_same():
    sheets = [
        SheetTotals("1", 13, 11, 2, mini_buncos=5, traveler=1, name="Ann"),
        SheetTotals("2", 11, 13, 0, mini_buncos=3, name="Bea, Jr."),
    ]
    text = to_csv(sheets, mini_buncos=True, traveler=True)
    again = parse_totals(text, "t.csv").sheets
    assert [
        (s.sheet, s.name, s.wins, s.losses, s.buncos, s.mini_buncos, s.traveler) for s in again
    ] == [("1", "Ann", 13, 11, 2, 5, 1), ("2", "Bea, Jr.", 11, 13, 0, 3, 0)]
