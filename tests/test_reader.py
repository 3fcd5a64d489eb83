"""The one reader of TOML data files: each mistake one line naming the file, table and key."""

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
