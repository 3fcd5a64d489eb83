"""The club's printed season pages, read like a person: one page each, in the club's theme,
with every name, number and month where it belongs."""

from __future__ import annotations

import pytest

from bunco_print.club import config, pages
from bunco_print.club.schedule import schedule
from bunco_print.club.season import NightRow, Season, Seat
from bunco_print.club.standings import Row
from bunco_print.club.year_end import year_end

from .pdftools import page_sizes_in, page_texts

MEMBERS = ["Ann", "Bea", "Cat", "Dee"]


@pytest.fixture
def club():
    text = config.new_toml("Tuesday Dicers", MEMBERS, ["Max"], 2026, "classic")
    return config.read(text.replace('theme = "classic"', 'theme = "december"'), "club.toml")


def rows() -> list[Row]:
    def row(name, role, wins, buncos, rank):
        return Row(name, role, 3, wins, 72 - wins, buncos, 0, wins, 1, 10 * rank, rank)

    return [row("Ann", "member", 40, 5, 1), row("Max", "alternate", 38, 7, 2),
            row("Zoë Ångström", "guest", 30, 2, 3), row("Bea", "member", 30, 2, 3)]  # fmt: skip


def test_the_standings_page_lists_every_player_with_her_numbers(club):
    pdf = pages.standings_pdf(club, rows(), 3)
    (text,) = page_texts(pdf)
    flat = " ".join(text.split())
    assert page_sizes_in(pdf) == {(612, 792)}
    assert "Tuesday Dicers Season standings 2026 SEASON · AFTER 3 NIGHTS" in flat
    assert "Points: 1 point a win." in flat
    lines = ("1 Ann 3 40 32 5 40 1 $10", "2 Max ALTERNATE 3 38 34 7 38 1 $20",
             "3 Zoë Ångström GUEST 3 30 42 2 30 1 $30", "3 Bea 3 30 42 2 30 1 $30")  # fmt: skip
    for line in lines:
        assert line in flat, line


def test_the_year_end_page_names_winners_and_ties(club):
    result = year_end(club, rows(), 101)
    pdf = pages.year_end_pdf(club, result, "a4")
    (text,) = page_texts(pdf)
    flat = " ".join(text.split())
    assert page_sizes_in(pdf) == {(842, 595)}  # A4 landscape
    assert "Year-end awards" in flat and "From the kitty: $101" in flat
    assert "MOST BUNCOS OF THE YEAR" in flat.upper() and "Ann" in flat  # members only
    assert "Roll-off: Ann, Bea" in flat  # best attendance: every member played 3 nights
    assert "$34" in flat and "$33" in flat


def test_the_schedule_page_holds_twelve_months_with_host_and_theme(club, tmp_path):
    season = Season.create(tmp_path)
    season.register(NightRow("2026-03-20", "20260320-abc", "Cat", "march", False),
                    [Seat("1", "Cat", "member")])  # fmt: skip
    months = schedule(club, season)
    season.close()
    (text,) = page_texts(pages.schedule_pdf(club, months))
    flat = " ".join(text.split())
    assert "The 2026 schedule" in flat and "second Friday" in flat
    assert "Friday 20 March" in flat and "Friday 13 February" in flat
    for month, host in zip(("January", "May", "December"), ("Ann", "Ann", "Dee"), strict=True):
        assert month in flat and host in flat
    assert "Lucky Bunco" in flat  # March's theme, by its title
