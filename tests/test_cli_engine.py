"""validate, prizes and simulate from the command line: what a host sees, and exit codes."""

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.edges.output import MARKER

runner = CliRunner()

TOTALS = "sheet,name,wins,losses,buncos,traveler\n" + "".join(
    f"{n},P{n},{w},{24 - w},{b},{int(n == 7)}\n"
    for n, (w, b) in enumerate(
        zip(
            [16, 14, 13, 13, 12, 11, 11, 11, 11, 11, 11, 10],
            [3, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1],
            strict=True,
        ),
        start=1,
    )
)
JSON_KEYS = {"valid", "errors", "warnings", "prizes", "standings", "night", "tournament", "seed"}
PRIZE_KEYS = {
    "id",
    "name",
    "amount",
    "winners",
    "tied",
    "status",
    "paid",
    "note",
    "rolls",
    "waiting_for",
    "pool",
}


@pytest.fixture
def totals_file(tmp_path):
    path = tmp_path / "totals.csv"
    path.write_text(TOTALS)
    return path


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_validate_valid_totals_exit_0_with_a_readable_report(totals_file):
    result = run("validate", "--players", 12, "--ruleset", "classic", "--totals", totals_file)
    assert result.exit_code == 0, result.output
    assert "The totals hold together: 12 sheets, 144 wins, 16 Buncos." in result.stdout
    assert "Standings" in result.stdout and "P7" in result.stdout


def test_validate_invalid_totals_exit_1_and_lists_every_error(tmp_path):
    bad = TOTALS.replace("2,P2,14,10,1,0", "2,P2,15,10,1,0").replace(
        "5,P5,12,12,1,0", "5,P5,12,12,-1,0"
    )
    path = tmp_path / "bad.csv"
    path.write_text(bad)
    result = run("validate", "--players", 12, "--totals", path, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["valid"] is False and set(data) == JSON_KEYS
    assert {(e["code"], e["sheet"]) for e in data["errors"]} == {
        ("rounds_mismatch", "2"),
        ("negative", "5"),
        ("wins_total", None),
    }
    assert all(set(e) == {"code", "sheet", "field", "message"} for e in data["errors"])
    text = run("validate", "--players", 12, "--totals", path)
    assert text.exit_code == 1 and "rounds_mismatch" in text.stdout


@pytest.mark.parametrize(
    "content, expected",
    [
        ("sheet,wins,losses\n1,12,12\n", "bad.csv row 1: the header has no 'buncos' or"),
        (
            "sheet,wins,losses,buncos,traveler\n1,12,12,0,0\n2,x,12,0,0\n",
            "bad.csv row 3, column wins: 'x' is not a number",
        ),
        (
            "sheet,wins,losses,buncos,traveler\n1,12,12,0,0\n1,12,12,0,0\n",
            "bad.csv row 3, column sheet: sheet 1 appears again",
        ),
        (
            "sheet,wins,losses,buncos,traveler\n14,12,12,0,0\n",
            "bad.csv row 2, column sheet: this night has no sheet '14'",
        ),
    ],
)
def test_unusable_totals_exit_2_with_one_line(tmp_path, content, expected):
    path = tmp_path / "bad.csv"
    path.write_text(content)
    result = run("validate", "--players", 12, "--totals", path)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and expected in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args, expected",
    [
        (["validate", "--players", "12"], "give the players' totals with --totals FILE"),
        (["validate", "--totals", "t.csv"], "say which night"),
        (["validate", "--players", "12", "--totals", "missing.csv"], "no such file"),
        (["validate", "--players", "3", "--totals", "t.csv"], "--players must be"),
        (
            ["validate", "--players", "12", "--ruleset", "yahtzee", "--totals", "t.csv"],
            "unknown ruleset 'yahtzee'",
        ),
        (
            ["validate", "--event", "nowhere", "--players", "12", "--totals", "t.csv"],
            "either --event or --players",
        ),
        (["validate", "--event", "nowhere", "--totals", "t.csv"], "no such file"),
        (
            ["prizes", "--players", "12", "--totals", "t.csv", "--semi", "t.csv"],
            "--semi is for the tournament ruleset",
        ),
        (
            ["prizes", "--players", "12", "--totals", "t.csv", "--buy-in", "-1"],
            "--buy-in cannot be negative",
        ),
    ],
)
def test_unusable_options_exit_2_with_one_line(tmp_path, monkeypatch, args, expected):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "t.csv").write_text(TOTALS)
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and expected in result.stderr


def test_prizes_json_shape_and_amounts(totals_file):
    result = run("prizes", "--players", 12, "--totals", totals_file, "--seed", 3, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == JSON_KEYS and data["valid"] is True and data["seed"] == 3
    assert all(set(p) == PRIZE_KEYS for p in data["prizes"])
    assert [(p["id"], p["amount"], p["winners"], p["status"]) for p in data["prizes"][:5]] == [
        ("most_buncos", 20, ["7"], "awarded"),
        ("most_wins", 15, ["1"], "awarded"),
        ("traveler", 10, ["7"], "awarded"),
        ("fifty_fifty", 8, ["5"], "awarded"),
        ("most_losses", 5, ["12"], "awarded"),
    ]
    assert sum(p["amount"] for p in data["prizes"]) == data["night"]["pot"] == 60
    assert data["standings"][0] == {
        "rank": 1,
        "sheet": "1",
        "name": "P1",
        "wins": 16,
        "losses": 8,
        "buncos": 3,
        "traveler": False,
        "prizes": ["most_wins"],
        "won": 15,
    }


def test_prizes_ties_rolloffs_and_virtual_dice(tmp_path):
    tied = TOTALS.replace("1,P1,16,8,3,0", "1,P1,16,8,4,0")
    path = tmp_path / "tied.csv"
    path.write_text(tied)
    waiting = json.loads(run("prizes", "--players", 12, "--totals", path, "--json").stdout)
    first = waiting["prizes"][0]
    assert (first["status"], first["tied"], first["winners"]) == ("rolloff", ["1", "7"], [])
    text = run("prizes", "--players", 12, "--totals", path)
    assert text.exit_code == 0 and "roll-off needed" in text.stdout and "tied: 1, 7" in text.stdout
    (tmp_path / "r.csv").write_text("prize,sheet\nmost_buncos,1\n")
    settled = json.loads(
        run(
            "prizes", "--players", 12, "--totals", path, "--rolloffs", tmp_path / "r.csv", "--json"
        ).stdout
    )
    assert settled["prizes"][0]["winners"] == ["1"]
    rolled = run("prizes", "--players", 12, "--totals", path, "--roll", "--seed", 4, "--json")
    again = run("prizes", "--players", 12, "--totals", path, "--roll", "--seed", 4, "--json")
    assert rolled.stdout == again.stdout
    assert json.loads(rolled.stdout)["prizes"][0]["rolls"]


def test_prizes_buy_in_and_split_option(totals_file):
    data = json.loads(
        run("prizes", "--players", 12, "--totals", totals_file, "--buy-in", 10, "--json").stdout
    )
    assert [p["amount"] for p in data["prizes"]] == [40, 30, 20, 16, 10, 4]


def test_simulate_writes_a_night_that_validates(tmp_path):
    out = tmp_path / "night"
    result = run("simulate", "--players", 13, "--ruleset", "mybunco", "--seed", 9, "--out", out)
    assert result.exit_code == 0, result.output
    assert {p.name for p in out.iterdir()} == {"event.json", "totals.csv", "rounds.jsonl", MARKER}
    log = [json.loads(line) for line in (out / "rounds.jsonl").read_text().splitlines()]
    assert len(log) == 24 * 4 and log[0]["round"] == 1
    check = run("validate", "--event", out, "--totals", out / "totals.csv", "--json")
    assert check.exit_code == 0 and json.loads(check.stdout)["valid"] is True
    again = tmp_path / "again"
    run("simulate", "--players", 13, "--ruleset", "mybunco", "--seed", 9, "--out", again)
    for name in ("event.json", "totals.csv", "rounds.jsonl"):
        assert (out / name).read_bytes() == (again / name).read_bytes()


def test_a_nights_headline_counts_as_people_do(tmp_path):
    one = run("simulate", "--players", 4, "--seed", 1, "--out", tmp_path / "one").output
    assert "Classic Bunco: 4 players, 1 table, 24 rounds" in " ".join(one.split())
    ghosts = run("simulate", "--players", 7, "--seed", 1, "--out", tmp_path / "seven").output
    assert "7 players, 2 tables, 1 ghost, 24 rounds" in " ".join(ghosts.split())


def test_simulate_tournament_plays_the_semi_final_too(tmp_path):
    out = tmp_path / "t"
    result = run(
        "simulate", "--players", 24, "--ruleset", "tournament", "--seed", 1, "--out", out, "--json"
    )
    data = json.loads(result.stdout)
    assert result.exit_code == 0 and data["tournament"]["final_table"]
    assert (out / "semi-final-totals.csv").exists()
    prizes = run(
        "prizes",
        "--event",
        out,
        "--totals",
        out / "totals.csv",
        "--semi",
        out / "semi-final-totals.csv",
        "--roll",
        "--seed",
        1,
        "--json",
    )
    assert json.loads(prizes.stdout)["prizes"] == data["prizes"]


def test_end_to_end_as_a_subprocess(tmp_path):
    """The installed command, as a host would run it: simulate, then settle the night."""
    out = tmp_path / "night"
    cli = [sys.executable, "-c", "from bunco_print.cli import app; app()"]
    made = subprocess.run(
        [*cli, "simulate", "--players", "12", "--seed", "3", "--out", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    settled = subprocess.run(
        [
            *cli,
            "prizes",
            "--event",
            str(out),
            "--totals",
            str(out / "totals.csv"),
            "--roll",
            "--seed",
            "3",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert settled.returncode == 0, settled.stderr
    data = json.loads(settled.stdout)
    assert data["valid"] and sum(p["amount"] for p in data["prizes"]) == 60
    assert all(p["status"] == "awarded" for p in data["prizes"])
    (out / "totals.csv").write_text("sheet,wins\n1,2\n")
    broken = subprocess.run(
        [*cli, "validate", "--event", str(out), "--totals", str(out / "totals.csv")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert broken.returncode == 2 and broken.stdout == ""
    assert broken.stderr.strip().startswith(
        "error: totals.csv row 1: the header has no 'losses', 'buncos' or 'traveler' column"
    )
    assert len(broken.stderr.strip().splitlines()) == 1


def test_results_sheet_html_names_winners_and_amounts(totals_file):
    from html.parser import HTMLParser

    from bunco_print.engine.awards import settle
    from bunco_print.engine.ties import Resolver
    from bunco_print.engine.totals import parse_totals
    from bunco_print.engine.validate import validate
    from bunco_print.game.night import night_for
    from bunco_print.printing import results
    from bunco_print.theming import themes

    night = night_for("classic", 12)
    result = validate(parse_totals(TOTALS, "totals.csv"), night)
    html = results.results_html(settle(result, Resolver(seed=3)), themes.load("classic"))

    class Cells(HTMLParser):
        def __init__(self):
            super().__init__()
            self.rows: list[list[str]] = []

        def handle_starttag(self, tag, attrs):
            if tag == "tr":
                self.rows.append([])

        def handle_data(self, data):
            if self.rows and data.strip():
                self.rows[-1].append(data.strip())

    parser = Cells()
    parser.feed(html)
    assert ["Most Buncos", "$20", "7 · P7"] in parser.rows
    assert ["Most wins", "$15", "1 · P1"] in parser.rows
    assert ["1", "1 · P1", "16", "8", "3", "$15"] in parser.rows  # the standings' first row


def test_prizes_pdf_results_sheet(tmp_path, totals_file):
    import pypdf

    pdf = tmp_path / "results.pdf"
    result = run("prizes", "--players", 12, "--totals", totals_file, "--seed", 3, "--pdf", pdf)
    assert result.exit_code == 0, result.output
    assert pdf.read_bytes().startswith(b"%PDF")
    reader = pypdf.PdfReader(pdf)
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Bunco Night: the results" in text
    for expected in ("Most Buncos $20 7 · P7", "Most wins $15 1 · P1", "$60 in the pot"):
        assert expected in " ".join(text.split())
