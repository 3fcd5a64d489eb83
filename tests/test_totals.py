"""Reading the totals file: forgiving about form, strict about content, exact about where."""

import json

import pytest

from bunco_print.engine.ties import parse_rolloffs, sheet_key
from bunco_print.engine.totals import SheetTotals, parse_totals, to_csv
from bunco_print.errors import InputError

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


# --- hostile files: one line naming the place, or a correct parse; never a traceback ---------

HEADER = "sheet,wins,losses,buncos\n"
DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (DEEP, "nested too deeply"),
        ('[{"sheet": 1, "wins": ' + "9" * 5000 + "}]", "not usable JSON"),
        ('[{"sheet": 1, "wins": 1, "losses": 2, "buncos": 0, "wins": 3}]', "'wins' appears twice"),
        ('[{"sheet": 1, "wins": 1, "Wins": 2, "losses": 2, "buncos": 0}]', "same column 'wins'"),
        ('[{"sheet": 1, "wins": NaN, "losses": 2, "buncos": 0}]', "field wins: 'nan' is not a"),
        ('[{"sheet": 1, "wins": Infinity, "losses": 2, "buncos": 0}]', "'inf' is not a number"),
        ('[{"sheet": 1, "wins": 1e308, "losses": 2, "buncos": 0}]', "too large to be a count"),
        ('[{"sheet": 1, "wins": ' + "9" * 400 + ', "losses": 2, "buncos": 0}]', "too large"),
        ('[{"sheet": 1, "wins": false, "losses": 2, "buncos": 0}]', "False; expected a whole"),
        ('[{"sheet": true, "wins": 1, "losses": 2, "buncos": 0}]', "not true/false"),
        ('[{"sheet": [1], "wins": 1, "losses": 2, "buncos": 0}]', "not a list"),
        ('[{"sheet": 1, "wins": [], "losses": 2, "buncos": 0}]', r"'\[\]' is not a number"),
        (HEADER + "1," + "9" * 400 + ",2,0\n", "row 2, column wins: '9999.*too large"),
        (HEADER + "1," + "9" * 5000 + ",2,0\n", "row 2, column wins: .* too large"),
        (HEADER + "1,1e400,2,0\n", "'1e400' is not a number"),
        (HEADER + "1,1_000,2,0\n", "'1_000' is not a number"),
        (HEADER + "1,²,2,0\n", "'²' is not a number"),
        (HEADER + "9" * 5000 + ",1,2,0\n", "row 2, column sheet: '9999.* is not a sheet number"),
        (HEADER + "1," + "x" * 140_000 + ",2,0\n", "row 2: a cell longer than 131,072"),
        (",,,,,,\n,,,\n", "no header row"),
        (",,,,,,", "no header row"),
        (";;;\n\t\t\n", "no header row"),
        ("", "the file is empty"),
        ("\r\r\r", "the file is empty"),
    ],
)
def test_hostile_files_get_one_line(data, message):
    with pytest.raises(InputError, match=message) as caught:
        parse_totals(data, "t")
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (b"sheet,wins,losses,buncos\r1,12,12,0\r2,3.0,21,1\r", [("1", 12), ("2", 3)]),
        (b"sheet,wins,losses,buncos\r\n1,12,12,0\r\n", [("1", 12)]),
        (b"sheet,wins,losses,buncos\n1,3.5,12,0\n", [("1", 3.5)]),
        (b"sheet,wins,losses,buncos\n\xb2,3,12,0\n", [("\u00b2", 3)]),  # cp1252 superscript two
        (b'[{"sheet": 7.0, "wins": 3.0, "losses": 1, "buncos": 0}]', [("7", 3)]),
        (b'[{"sheet": "07", "wins": -0.0, "losses": 1, "buncos": 0}]', [("7", 0)]),
    ],
)
def test_odd_but_readable_files_parse(data, expected):
    assert [(s.sheet, s.wins) for s in parse_totals(data, "t").sheets] == expected


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("{" * 100_000, "not valid JSON|nested too deeply"),
        ('{"a": ' * 50_000 + "1" + "}" * 50_000, "nested too deeply"),
        ('{"most_buncos": "1", "most_buncos": "2"}', "appears twice"),
        ('{"most_buncos": true}', "is not a number"),
        ('{"most_buncos": [7]}', "is not a number"),
        ('{"most_buncos": ' + "9" * 5000 + "}", "not usable JSON"),
        ("most_buncos," + "9" * 5000 + "\n", "is not a sheet number"),
        ("x" * 5000 + ",7\n", "is not a prize id"),
        ("most_buncos," + "7" * 140_000 + "\n", "far too long"),
        ("most_buncos\n", "expected `prize,sheet`"),
        ("most_buncos,7\rmost_buncos,8\r", "line 2: most_buncos is given twice"),
    ],
)
def test_hostile_rolloffs_get_one_line(data, message):
    with pytest.raises(InputError, match=message) as caught:
        parse_rolloffs(data, "r")
    assert "\n" not in str(caught.value) and len(str(caught.value)) < 300


def test_rolloffs_with_old_mac_line_endings_and_odd_sheets_parse():
    assert parse_rolloffs(b"prize,sheet\rmost_buncos,07\rfifty_fifty,\xc2\xb2\r") == {
        "most_buncos": ("7", 2),
        "fifty_fifty": ("\u00b2", 3),
    }
    assert sheet_key("\u00b2") == (1, 0, "\u00b2")
