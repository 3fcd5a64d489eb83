"""The one reader of TOML data files: each mistake one line naming the file, table and key."""

from fractions import Fraction

import pytest

from bunco_print.errors import InputError
from bunco_print.game import reader

CLUB = b"""
name = "Maple Street"
[night]
sets = 4
paper = "a4"
[fonts.display]
family = "Lato"
"""


def error(data: bytes, read) -> str:
    with pytest.raises(InputError) as caught:
        read(reader.parse(data, "club club.toml", "club"))
    message = str(caught.value)
    assert "\n" not in message and message.startswith("club club.toml: ")
    return message


def read_club(top: reader.Table) -> dict:
    night = top.sub("night")
    found = {
        "name": top.text("name"),
        "sets": night.number("sets", 1, 12),
        "paper": night.choice("paper", ("letter", "a4")),
        "spares": night.number("spares", 0, default=0),
        "family": top.sub("fonts").sub("display").text("family"),
    }
    for table in (top, night):
        table.done()
    return found


def test_a_file_read_key_by_key_gives_its_values_and_defaults():
    assert read_club(reader.parse(CLUB, "club club.toml", "club")) == {
        "name": "Maple Street",
        "sets": 4,
        "paper": "a4",
        "spares": 0,
        "family": "Lato",
    }


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (b"sets = 4", b"sets = 40", "[night] sets must be a whole number from 1 to 12, not 40"),
        (b"sets = 4", b"sets = true", "[night] sets must be a whole number from 1 to 12, not true"),
        (b"sets = 4", b"sets = 4\nspares = -1", "[night] spares must be a whole number 0 or more"),
        (
            b'paper = "a4"',
            b'paper = "legal"',
            '[night] paper must be "letter" or "a4", not "legal"',
        ),
        (b'name = "Maple Street"', b'name = " "', "name must not be empty"),
        (b'name = "Maple Street"', b'name = "a\\u0007"', "name must not hold control characters"),
        (b'name = "Maple Street"', b"", "name is missing"),
        (b"[night]", b"[nite]", "[night] is missing"),
        (
            b'family = "Lato"',
            b'family = ["Lato"]',
            '[fonts.display] family must be text, not ["Lato"]',
        ),
        (
            b'name = "Maple',
            b'colour = 1\nname = "Maple',
            "colour is not a key a club knows; known:",
        ),
        (b"sets = 4", b"sets = 4\nset = 5", "[night] set is not a key a club knows; known: sets,"),
        (b"[night]", b"[night", "not valid TOML"),
        (b"Maple", b"Maple \xff", "not UTF-8 text"),
    ],
)
def test_each_mistake_is_one_line_naming_file_table_and_key(old, new, said):
    assert old in CLUB
    assert said in error(CLUB.replace(old, new, 1), read_club)


YEAR = b"""
members = ["Ann", "Bea"]
[[prizes]]
id = "most_wins"
share = "1/3"
[[prizes]]
id = "most_buncos"
share = 0
"""


def read_year(top: reader.Table) -> dict:
    members = top.texts("members", longest=10, most=3)
    prizes = []
    for entry in top.tables("prizes"):
        prizes.append((entry.text("id"), entry.fraction("share")))
        entry.done()
    found = {
        "members": members,
        "hosts": top.texts("hosts", members),
        "prizes": prizes,
        "awards": top.tables("awards"),
        "kitty": top.fraction("kitty", Fraction(1)),
    }
    top.done()
    return found


def test_lists_of_texts_fractions_and_arrays_of_tables_are_read_with_their_defaults():
    assert read_year(reader.parse(YEAR, "club club.toml", "club")) == {
        "members": ["Ann", "Bea"],
        "hosts": ["Ann", "Bea"],
        "prizes": [("most_wins", Fraction(1, 3)), ("most_buncos", Fraction(0))],
        "awards": [],
        "kitty": Fraction(1),
    }


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        (b'["Ann", "Bea"]', b'"Ann"', 'members must be a list, not "Ann"'),
        (b'["Ann", "Bea"]', b'["Ann", 7]', "members item 2 must be text, not 7"),
        (b'["Ann", "Bea"]', b'["Ann", " "]', "members item 2 must not be empty"),
        (b'["Ann", "Bea"]', b'["Annabel Lee-Smith"]', "members item 1 must be at most 10 char"),
        (b'["Ann", "Bea"]', b'["A", "B", "C", "D"]', "members must list at most 3, not 4"),
        (
            b'share = "1/3"',
            b'share = "4/3"',
            '[[prizes]] #1 share must be a fraction from 0 to 1 like "1/3", not "4/3"',
        ),
        (b'share = "1/3"', b'share = "1/0"', '#1 share must be a fraction from 0 to 1 like "1/3"'),
        (b'share = "1/3"', b"share = 0.5", "#1 share must be a fraction from 0 to 1 like"),
        (b"share = 0", b"shares = 0", "[[prizes]] #2 share is missing"),
        (b"share = 0", b"share = 0\nstat = 1", "[[prizes]] #2 stat is not a key a club knows"),
        (b"members", b"awards = 3\nmembers", "awards must be a list, not 3"),
        (b"members", b"awards = [1]\nmembers", "[[awards]] #1 must be a table, not 1"),
    ],
)
def test_each_mistake_in_a_list_a_fraction_or_an_array_of_tables_is_one_line(old, new, said):
    assert old in YEAR
    assert said in error(YEAR.replace(old, new, 1), read_year)


def test_a_table_of_values_not_yet_in_a_file_words_its_mistakes_bare():
    with pytest.raises(InputError, match=r"^members item 2 must not be empty$"):
        read_year(reader.parse(b'members = ["Ann", ""]', "", "club"))
