"""A club's year as a club lives it: twelve monthly nights with absences, subs and guests,
each settled from a simulated totals file, and the season's standings, ledger and year-end
prizes checked against sums this test makes from those files itself.

One pack is laid out for real (the first night); the others stop at the planned night, so the
year costs seconds, not a minute."""

from __future__ import annotations

import csv
import itertools
import json
import shutil
import sqlite3
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bunco_print.cli import app
from bunco_print.club import config
from bunco_print.engine.simulate import simulate
from bunco_print.engine.totals import to_csv
from bunco_print.errors import InputError
from bunco_print.nights import settle

from .pdftools import page_texts

runner = CliRunner()
MEMBERS = ["Ann", "Bea", "Cat", "Dee", "Eve", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lu"]
ALTERNATES = ["Max", "Ned", "Ola"]
# month -> (absent, subs, guests)
WHO = {
    1: ([], [], []),
    2: (["Bea"], [], []),
    3: ([], ["Max for Cat"], []),
    4: (["Dee", "Eve"], ["Ned for Dee"], ["Zoe"]),
    5: ([], [], ["Zoe", "Yan"]),
    6: (["Fay"], ["Max for Gus"], []),
    7: ([], [], []),
    8: (["Hal", "Ida", "Jo", "Kim"], [], []),
    9: ([], ["Ola for Lu"], ["Zoe"]),
    10: (["Ann"], [], []),
    11: ([], ["Max for Cat", "Ned for Bea"], []),
    12: ([], [], ["Yan"]),
}
ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def day(month: int) -> str:
    return f"2026-{month:02d}-{10 + month % 5:02d}"


def fake_pack(request):
    """The planned night and its secret, without the seconds of layout."""
    from bunco_print.printing import pack

    event, secret, _, _ = pack.plan(request)
    return pack.Pack(event=event, secret=secret, pack_pdf=b"%PDF-1.7 planned only\n")


def simulated_totals(folder: Path, seed: int, out: Path) -> Path:
    """The night in `folder` played with virtual dice: its totals file, names written in."""
    night = settle.load_night((folder / "event.json").read_bytes())
    played = simulate(night, seed)
    rows = [replace(s, name=night.names[s.sheet]) for s in played.totals.sheets]
    out.write_text(to_csv(rows, mini_buncos=False, traveler=True))
    return out


def make_club(where: Path, name: str = "Tuesday Dicers") -> Path:
    (where / "members.txt").write_text("\n".join(MEMBERS) + "\n")
    (where / "alternates.txt").write_text("\n".join(ALTERNATES) + "\n")
    club = where / "club"
    made = run("club", "init", club, "--name", name, "--members", where / "members.txt",
               "--alternates", where / "alternates.txt", "--year", 2026)  # fmt: skip
    assert made.exit_code == 0, made.output
    return club


def print_night(club: Path, month: int, *extra) -> Path:
    absent, subs, guests = WHO[month]
    args = [f"--absent={a}" for a in absent] + [f"--sub={s}" for s in subs]
    args += [f"--guest={g}" for g in guests]
    done = run("club", "night", club, "--date", day(month), "--seed", month, *args, *extra)
    assert done.exit_code == 0, done.output
    return club / "nights" / day(month)


@pytest.fixture(scope="module")
def year(tmp_path_factory, _session_config):
    """The whole season: printed, played and recorded, with every totals file kept."""
    where = tmp_path_factory.mktemp("year")
    club = make_club(where)
    totals = {}
    with pytest.MonkeyPatch.context() as patch:
        for month in WHO:
            if month == 2:  # the first night's pack is the real thing; the others are planned
                patch.setattr("bunco_print.printing.orders.make_pack", fake_pack)
            night = print_night(club, month)
            totals[month] = simulated_totals(night, month, where / f"totals-{month:02d}.csv")
            done = run("club", "record", club, night, "--totals", totals[month], "--roll",
                       "--seed", month)  # fmt: skip
            assert done.exit_code == 0, done.output
    return club, totals


def rows_of(path: Path) -> list[dict]:
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


def season_dump(club: Path) -> list[str]:
    with sqlite3.connect(club / "season.sqlite") as db:
        return list(db.iterdump())


def files_of(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_size for p in folder.rglob("*") if p.is_file()}


def standings(club: Path) -> dict:
    done = run("club", "standings", club, "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


# --- the year -----------------------------------------------------------------------------------


def test_the_first_nights_pack_carries_who_comes_and_the_months_theme(year):
    club, _ = year
    folder = club / "nights" / day(1)
    sheets = page_texts((folder / "score-sheets.pdf").read_bytes())
    assert len(sheets) == 12
    for name in MEMBERS:
        assert sum(name in text for text in sheets) >= 1, name
    event = json.loads((folder / "event.json").read_text())
    assert event["date"] == day(1) and event["buy_in"] == 5
    assert "Tuesday Dicers" in event["title"] and event["extra"]["theme"] == "january"


def test_standings_are_the_sums_of_each_persons_sheets(year):
    club, totals = year
    sums: dict[str, dict[str, int]] = {}
    for path in totals.values():
        for row in rows_of(path):
            mine = sums.setdefault(row["name"], {"wins": 0, "losses": 0, "buncos": 0, "nights": 0})
            for key in ("wins", "losses", "buncos"):
                mine[key] += int(row[key])
            mine["nights"] += 1
    data = standings(club)
    assert data["club"] == "Tuesday Dicers" and data["season"] == 2026 and data["nights"] == 12
    got = {r["name"]: r for r in data["standings"]}
    assert set(got) == set(sums)
    for name, mine in sums.items():
        row = got[name]
        assert {k: row[k] for k in mine} == mine, name
        assert row["points"] == row["wins"]  # the default rule: a point a win
    assert got["Max"]["role"] == "alternate" and got["Zoe"]["role"] == "guest"
    assert got["Cat"]["nights"] == 10  # Max came for her twice: those sheets are Max's
    assert got["Max"]["nights"] == 3  # March, June, November
    keys = ["name", "role", "nights", "wins", "losses", "buncos", "points", "prizes",
            "winnings", "rank"]  # fmt: skip
    assert all(list(r) == keys for r in data["standings"])
    as_csv = run("club", "standings", club, "--csv").stdout.splitlines()
    assert as_csv[0] == ",".join(keys) and len(as_csv) == len(got) + 1
    ranks = [(r["rank"], r["points"]) for r in data["standings"]]
    assert ranks[0][0] == 1 and all(a[1] >= b[1] for a, b in itertools.pairwise(ranks))


def test_the_ledger_is_the_nights_money_and_the_kitty_runs(year):
    club, totals = year
    done = run("club", "ledger", club, "--json")
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    kitty = 0
    for line, (month, path) in zip(data["nights"], sorted(totals.items()), strict=True):
        players = len(rows_of(path))
        night = settle.load_night((club / "nights" / day(month) / "event.json").read_bytes())
        _, settled = settle.settle_night(night, path.read_bytes(), roll=True, seed=month)
        paid = sum(sum(a.paid.values()) for a in settled.prizes)
        to_kitty = 5 * players + 2 * players - paid - 20
        kitty += to_kitty
        assert line == {
            "date": day(month), "host": MEMBERS[month - 1], "players": players,
            "buy_ins": 5 * players, "dues": 2 * players, "prizes_out": paid, "host_costs": 20,
            "to_kitty": to_kitty, "kitty": kitty,
        }  # fmt: skip
    assert data["kitty"] == kitty and data["year_end_pot"] == kitty > 0
    won = sum(r["winnings"] for r in standings(club)["standings"])
    assert won == sum(line["prizes_out"] for line in data["nights"])
    as_csv = run("club", "ledger", club, "--csv").stdout.splitlines()
    assert as_csv[0].startswith("date,host,players,buy_ins") and len(as_csv) == 13


def test_a_tie_for_a_year_end_prize_waits_then_is_rolled_off_or_split(year, tmp_path):
    club, _ = year
    rows = standings(club)["standings"]
    pot = json.loads(run("club", "ledger", club, "--json").stdout)["year_end_pot"]
    best = max(r["nights"] for r in rows if r["role"] == "member")
    tied = sorted(r["name"] for r in rows if r["role"] == "member" and r["nights"] == best)
    assert len(tied) > 1  # every night's regulars: the attendance prize is a tie
    waiting = json.loads(run("club", "year-end", club, "--json").stdout)
    attendance = next(p for p in waiting["prizes"] if p["id"] == "best_attendance")
    assert attendance["status"] == "rolloff" and sorted(attendance["tied"]) == tied
    assert waiting["pot"] == pot and sum(p["amount"] for p in waiting["prizes"]) == pot
    (tmp_path / "rolloffs.csv").write_text(f"best_attendance,{tied[-1]}\n")
    named = run("club", "year-end", club, "--rolloffs", tmp_path / "rolloffs.csv", "--json")
    attendance = next(p for p in json.loads(named.stdout)["prizes"] if p["id"] == "best_attendance")
    assert attendance["winners"] == [tied[-1]] and attendance["paid"] == {
        tied[-1]: attendance["amount"]
    }
    rolled = json.loads(run("club", "year-end", club, "--roll", "--seed", 4, "--json").stdout)
    attendance = next(p for p in rolled["prizes"] if p["id"] == "best_attendance")
    assert attendance["status"] == "awarded" and attendance["rolls"]
    assert attendance["winners"][0] in tied
    copy = shutil.copytree(club, tmp_path / "split")
    toml = copy / "club.toml"
    toml.write_text(toml.read_text().replace('ties = "rolloff"', 'ties = "split"'))
    split = json.loads(run("club", "year-end", copy, "--json").stdout)
    attendance = next(p for p in split["prizes"] if p["id"] == "best_attendance")
    assert sorted(attendance["paid"]) == tied
    assert sum(attendance["paid"].values()) == attendance["amount"]
    assert max(attendance["paid"].values()) - min(attendance["paid"].values()) <= 1


def test_recording_a_night_again_replaces_it(year):
    club, totals = year
    before = standings(club)
    done = run("club", "record", club, club / "nights" / day(5), "--totals", totals[5], "--roll",
               "--seed", 5)  # fmt: skip
    assert done.exit_code == 0 and "replacing" in done.stdout
    assert standings(club) == before


def test_a_sub_plays_for_her_member_when_the_club_says_so(year, tmp_path):
    club, totals = year
    copy = shutil.copytree(club, tmp_path / "club")
    toml = copy / "club.toml"
    toml.write_text(
        toml.read_text().replace("subs_play_for_member = false", "subs_play_for_member = true")
    )
    got = {r["name"]: r for r in standings(copy)["standings"]}
    assert "Max" not in got and "Ned" not in got and "Ola" not in got
    assert got["Cat"]["nights"] == 12
    wins = 0
    for month, path in totals.items():
        came = {s.split(" for ")[0] for s in WHO[month][1] if s.endswith(" for Cat")} | {"Cat"}
        wins += sum(int(r["wins"]) for r in rows_of(path) if r["name"] in came)
    assert got["Cat"]["wins"] == wins


def test_the_schedule_knows_each_months_host_and_theme(year):
    club, _ = year
    done = run("club", "schedule", club)
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    for month in (1, 4, 12):  # printed nights: their own date, host and theme
        when = date.fromisoformat(day(month))
        line = next(line for line in lines if f"{when:%a %d %b %Y}" in line)
        assert MEMBERS[month - 1] in line and when.strftime("%B").lower() in line


# --- bad input: one line, exit 2, nothing written -------------------------------------------------


def refused(club: Path, *args, code: int = 2) -> str:
    before, files = season_dump(club), files_of(club)
    done = run(*args)
    assert done.exit_code == code, done.output
    assert season_dump(club) == before and files_of(club) == files
    assert "Traceback" not in done.output
    return done.stderr


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        (["--absent", "Zed"], "--absent 'Zed' is not a member of Tuesday Dicers"),
        (["--sub", "Zoe for Ann"], "--sub 'Zoe' is not an alternate"),
        (["--sub", "Bea for Ann"], "--sub 'Bea' is a member, not an alternate"),
        (["--guest", "Max"], "--guest 'Max' is an alternate"),
        (["--date", "2027-01-08"], "--date 2027-01-08 is outside Tuesday Dicers's season"),
        (["--date", day(3)], "the night of 2026-03-13 is already recorded"),
    ],
)
def test_a_night_with_a_name_or_date_the_club_does_not_know_is_refused(year, option, expected):
    club, _ = year
    args = ["club", "night", club, *option]
    if "--date" not in option:
        args += ["--date", "2026-12-30"]
    line = refused(club, *args)
    assert line.count("\n") == 1 and line.startswith("error: ") and expected in line, line


def test_a_night_folder_of_another_club_is_refused(year, tmp_path, monkeypatch):
    club, totals = year
    monkeypatch.setattr("bunco_print.printing.orders.make_pack", fake_pack)
    other = make_club(tmp_path, "Bunco Belles")
    night = print_night(other, 1)
    line = refused(club, "club", "record", club, night, "--totals", totals[1])
    assert line.count("\n") == 1 and "is a night of the club 'Bunco Belles'" in line


def test_a_totals_file_for_another_night_is_refused(year, tmp_path):
    club, totals = year
    # as many players but other names; the same names in the same order; more players
    for month, other in ((10, 2), (7, 1), (7, 12)):
        line = refused(club, "club", "record", club, club / "nights" / day(month), "--totals",
                       totals[other])  # fmt: skip
        assert line.count("\n") == 1 and f"totals-{other:02d}.csv is for another night" in line
    beside = club / "nights" / day(3) / "totals.csv"  # kept in March's folder, given for July
    shutil.copy(totals[7], beside)
    try:
        line = refused(club, "club", "record", club, club / "nights" / day(7), "--totals", beside)
    finally:
        beside.unlink()
    assert "totals.csv is for another night (event" in line, line


def test_totals_that_do_not_validate_are_refused_with_the_engines_errors(year, tmp_path):
    club, totals = year
    bad = tmp_path / "bad.csv"
    rows = totals[6].read_text().splitlines()
    cells = rows[1].split(",")
    cells[2] = str(int(cells[2]) + 3)  # three wins too many
    bad.write_text("\n".join([rows[0], ",".join(cells), *rows[2:]]) + "\n")
    errors = refused(club, "club", "record", club, club / "nights" / day(6), "--totals", bad,
                     code=1)  # fmt: skip
    assert "does not validate; nothing was recorded" in errors
    assert "wins" in errors and len(errors.splitlines()) >= 2


def test_a_bad_key_in_club_toml_is_one_line_naming_it(year, tmp_path):
    club, _ = year
    copy = shutil.copytree(club, tmp_path / "club")
    toml = copy / "club.toml"
    text = toml.read_text()
    toml.write_text(text.replace("dues = 2", 'dues = 2\ncolour = "red"'))
    line = refused(copy, "club", "standings", copy)
    assert line.count("\n") == 1 and "club.toml: colour is not a key a club knows" in line, line
    toml.write_text(text.replace("buy_in = 5", "buy_in = -5"))
    line = refused(copy, "club", "ledger", copy)
    assert "club.toml: buy_in must be a whole number" in line, line
    toml.write_text(text.replace('march = "march"', 'march = "nope"'))
    assert 'club.toml: [months] march must be "april", "august", "classic"' in refused(
        copy, "club", "schedule", copy
    )


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ('share = "1/3"', 'share = "1/2"', "[year_end] prizes shares add up to more than the"),
        ('id = "most_wins"', 'id = "most_buncos"', 'prizes name the prize id "most_buncos" twice'),
        ('stat = "wins"', 'stat = "win"', '[[year_end.prizes]] most_wins stat must be "buncos"'),
        ('share = "1/3"', 'share = "a third"', "most_buncos share must be a fraction from 0 to 1"),
        ('eligible = ["member"]', 'eligible = ["boss"]', "[year_end] eligible must list some of"),
        ('"Bea", "Cat"]', '"Bea", "max"]', '"Max" is named twice among members and alternates'),
        ('hosts = ["Ann"', 'hosts = ["Zed"', 'hosts "Zed" is neither a member nor an alternate'),
        ('meets = "second friday"', 'meets = "2nd fri"', 'meets must be like "second friday"'),
        ("win = 1", "win = 1\nlose = 2", "[points] lose is not a key a club knows; known: win,"),
        ('name = "Dicers"', 'name = " "', "name must not be empty"),
    ],
)
def test_each_mistake_in_club_toml_names_its_table_and_key(old, new, said):
    text = config.new_toml("Dicers", ["Ann", "Bea", "Cat"], ["Max"], 2026, "classic")
    assert config.read(text, "club.toml").year_end[1].id == "most_wins"
    assert old in text
    with pytest.raises(InputError) as caught:
        config.read(text.replace(old, new, 1), "club.toml")
    message = str(caught.value)
    assert message.startswith("club.toml: ") and "\n" not in message and said in message, message


def test_init_never_writes_over_a_club(year, tmp_path):
    club, _ = year
    line = refused(club, "club", "init", club, "--name", "X", "--members",
                   club.parent / "members.txt")  # fmt: skip
    assert "already holds a club" in line
    (tmp_path / "dup.txt").write_text("Ann\nBea\nann\n")
    done = run("club", "init", tmp_path / "new", "--name", "X", "--members", tmp_path / "dup.txt")
    assert done.exit_code == 2 and "named twice" in done.stderr
    assert not (tmp_path / "new").exists()
