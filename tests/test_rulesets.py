"""Ruleset files: every key is checked at load, and a mistake is one line naming file and key."""

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from bunco_print.errors import BuncoError
from bunco_print.game import rulesets

CLASSIC = (rulesets.RULESET_DIR / "classic.toml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "house.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_house(tmp_path: Path, text: str) -> rulesets.Ruleset:
    """`text` loaded as the ruleset `house`, from a rulesets folder holding it alone."""
    write(tmp_path, text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(rulesets, "RULESET_DIR", tmp_path)
        rulesets.load.cache_clear()
        try:
            return rulesets.load("house")
        finally:
            rulesets.load.cache_clear()


def error_for(tmp_path: Path, text: str) -> str:
    with pytest.raises(BuncoError) as caught:
        load_house(tmp_path, text)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith("ruleset house.toml: "), message
    return message


def changed(old: str, new: str) -> str:
    assert old in CLASSIC, old
    return CLASSIC.replace(old, new, 1)


@pytest.mark.parametrize("ruleset_id", rulesets.available())
def test_every_shipped_ruleset_loads_and_its_shares_make_the_whole_pot(ruleset_id):
    rules = rulesets.load(ruleset_id)
    assert rules.id == ruleset_id
    assert sum(c.share for c in rules.prizes) == 1
    assert rules.word in ("Bunco", "Bunko", "Bonko")


def test_a_copy_of_classic_loads_with_its_file_name_as_id(tmp_path):
    classic = rulesets.load("classic")
    rules = load_house(tmp_path, CLASSIC)
    assert rules.id == "house"
    assert rules == replace(classic, id="house")


def test_fixed_choices_compare_equal_to_their_words():
    rules = rulesets.load("classic")
    assert rules.seating == "star" and rules.prizes[0].award == "most"
    assert rules.prizes[0].stat == "buncos" and rules.points_per_match == 1
    assert rulesets.load("mybunco").points_per_match == "round"


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'seating = "star"',
            'seating = "stars"',
            '[play] seating must be "star", "roll" or "groups", not "stars"',
        ),
        ('word = "Bunco"', 'word = "Yahtzee"', 'word must be "Bunco", "Bunko" or "Bonko"'),
        (
            'naming = "numbered"',
            'naming = "lettered"',
            '[tables] naming must be "numbered", "high_low"',
        ),
        (
            'movement = "ladder"',
            'movement = "up"',
            '[play] movement must be "ladder" or "king", not "up"',
        ),
        ('partners = "rotate"', 'partners = "swap"', '[play] partners must be "rotate"'),
        (
            'sheet_kind = "player"',
            'sheet_kind = "card"',
            '[play] sheet_kind must be "player" or "team"',
        ),
        ('round = "extra_turns"', 'round = "coin"', '[ties] round must be "extra_turns"'),
        ('prize = "rolloff"', 'prize = "share"', '[ties] prize must be "rolloff" or "split"'),
        (
            'award = "most"\nstat = "buncos"',
            'award = "mostest"\nstat = "buncos"',
            '[[prizes.categories]] most_buncos award must be "most", "fewest", "even"',
        ),
        (
            'stat = "buncos"',
            'stat = "bunco"',
            '[[prizes.categories]] most_buncos stat must be "wins"',
        ),
        (
            'award = "traveler"',
            'award = "traveler"\nstat = "wins"',
            "[[prizes.categories]] traveler stat is only for award = most or fewest",
        ),
        ("points_per_match = 1", "points_per_match = 2", 'points_per_match must be 1 or "round"'),
        ("points_per_match = 1", "points_per_match = true", "not true"),
        ("sets = 4", "sets = 0", "[night] sets must be a whole number from 1 to 12, not 0"),
        ("sets = 4", "sets = 13", "[night] sets must be a whole number from 1 to 12, not 13"),
        ("sets = 4", "sets = true", "[night] sets must be a whole number from 1 to 12, not true"),
        ("sets = 4", 'sets = "4"', '[night] sets must be a whole number from 1 to 12, not "4"'),
        ("rounds_per_set = 6", "rounds_per_set = 0", "[night] rounds_per_set must be"),
        ("break_after_sets = [2]", "break_after_sets = [5]", "[night] break_after_sets must"),
        ("track_mini_buncos = false", "track_mini_buncos = 0", "must be true or false, not 0"),
        ("enabled = true", "enabled = 1", "[traveler] enabled must be true or false, not 1"),
        ('token = "fuzzy die"', 'token = ""', "[traveler] token must name the traveling token"),
        ('name = "Classic Bunco"', "name = 7", "name must be text, not 7"),
        ('share = "1/3"', 'share = "1/2"', "[prizes] categories shares add up to 7/6, not"),
        (
            'share = "1/3"',
            'share = "-1/3"',
            'most_buncos share must be a fraction of the pot like "1/3"',
        ),
        (
            'share = "1/3"',
            'share = "a third"',
            "[[prizes.categories]] most_buncos share must be a fraction",
        ),
        (
            'share = "1/3"',
            "share = 0.33",
            "[[prizes.categories]] most_buncos share must be a fraction",
        ),
        ('id = "most_wins"', 'id = "most_buncos"', "name the prize id 'most_buncos' twice"),
        (
            'id = "most_wins"',
            'id = "Most Wins"',
            "[[prizes.categories]] #2 id must be 1 to 40 lowercase letters",
        ),
        (
            "star_cards = 4",
            "star_cards = 5",
            "[play] star_cards must be a whole number from 0 to 4",
        ),
        ('round_end = "finish_turn"', 'round_end = "finsh_turn"', "[options] round_end must be"),
        ("[ties]", "[tie]", "[ties] is missing"),
        ("seating = ", "seeting = ", "[play] seating is missing"),
        ('seating = "star"', 'seating = "star"\nseats = 4', "[play] seats is not a key"),
        ("[prizes]\n", "[prizes]\nsplit = true\n", "[prizes] split is not a key a ruleset knows"),
        ("[options]\n", "[options]\nround_ends = 1\n", "[options] round_ends is not a key"),
        ('tagline = "', 'taglines = "', "tagline is missing"),
        (
            "# Classic",
            "colour = 'red'\n# Classic",
            "colour is not a key a ruleset knows; known: name, word, tagline, night, tables,",
        ),
    ],
)
def test_a_mistake_is_one_line_naming_file_and_key(tmp_path, old, new, expected):
    assert expected in error_for(tmp_path, changed(old, new))


def test_groups_need_their_table_count(tmp_path):
    text = changed('naming = "numbered"', 'naming = "groups"')
    assert "[tables] group_tables must be a whole number 1 or more, not 0" in error_for(
        tmp_path, text.replace("[tables]\n", "[tables]\ngroup_tables = 0\n")
    )
    assert "[tables] group_tables is missing" in error_for(tmp_path, text)


def test_broken_toml_names_the_file(tmp_path):
    assert "not valid TOML" in error_for(tmp_path, CLASSIC + "\n[night\n")


def test_shares_are_exact_fractions():
    rules = rulesets.load("classic")
    assert [c.share for c in rules.prizes][:2] == [Fraction(1, 3), Fraction(1, 4)]


def test_an_unknown_ruleset_is_one_short_line_listing_the_known_ones():
    with pytest.raises(BuncoError) as caught:
        rulesets.load("yahtzee" * 100)
    message = str(caught.value)
    assert message.startswith("unknown ruleset 'yahtzeeyahtzee")
    assert "...'; choose one of: " in message
    assert len(message) < 200 and message.endswith(", ".join(rulesets.available()))
