"""A phone's entry as the core reads it: every hostile field refused with its name, every
accepted entry inside the night's bounds, and the night as it stands judged like `prizes`."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bunco_print.engine.totals import SheetTotals
from bunco_print.errors import InputError
from bunco_print.game.night import night_for
from bunco_print.nights import live

NIGHT = night_for("classic", 13)
MINIS = night_for("mybunco", 12)  # tracks mini Buncos

ODD = ["", " 7 ", "07", "7.0", "1e3", "٣", "+5", "-0", "on", "yes", "true", "\x00", "24", "25"]
values = st.one_of(
    st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=True),
    st.text(max_size=80), st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(), st.integers(), max_size=2), st.sampled_from(ODD),
)  # fmt: skip
forms = st.dictionaries(
    st.sampled_from(["wins", "losses", "buncos", "mini_buncos", "traveler", "name", "other"]),
    values,
    max_size=7,
)


@settings(max_examples=300, deadline=None)
@given(form=forms, minis=st.booleans())
def test_any_form_is_an_entry_within_bounds_or_one_error_naming_its_field(form, minis):
    night = MINIS if minis else NIGHT
    try:
        entry = live.read_entry(night, "3", form)
    except InputError as exc:
        assert exc.field in live.fields(night)
        assert "\n" not in str(exc)
        return
    for key in ("wins", "losses", "buncos", "mini_buncos"):
        value = getattr(entry, key)
        assert type(value) is int and 0 <= value <= night.rounds
    assert entry.traveler in (0, 1)
    assert len(entry.name) <= live.MAX_NAME and entry.name == entry.name.strip()


@pytest.mark.parametrize(
    ("form", "field"),
    [
        ({"losses": 1, "buncos": 0}, "wins"),
        ({"wins": "٣", "losses": 1, "buncos": 0}, "wins"),  # digits, but not 0-9
        ({"wins": 3, "losses": "1e1", "buncos": 0}, "losses"),
        ({"wins": 3, "losses": 21, "buncos": 0, "traveler": "maybe"}, "traveler"),
        ({"wins": 3, "losses": 21, "buncos": 0, "name": "tab\there"}, None),
    ],
)
def test_bad_fields_are_named(form, field):
    if field is None:
        assert live.read_entry(NIGHT, "1", form).name == "tab here"  # white space folded
        return
    with pytest.raises(InputError) as caught:
        live.read_entry(NIGHT, "1", form)
    assert caught.value.field == field


def test_the_night_as_it_stands_drops_a_roll_off_winner_whose_tie_is_gone():
    entries = [
        SheetTotals(s, 12, 12, 1 if s in ("1", "2") else 0, traveler=int(s == "1"))
        for s in NIGHT.sheet_ids
    ]
    tied = live.so_far(NIGHT, entries, {}, None)
    most = next(a for a in tied.settlement.prizes if a.id == "most_buncos")
    assert most.status == "rolloff" and set(most.tied) == {"1", "2"}
    chosen = live.so_far(NIGHT, entries, {"most_buncos": "2"}, None)
    assert next(a for a in chosen.settlement.prizes if a.id == "most_buncos").winners == ("2",)
    assert chosen.rolloffs_csv() == b"prize,sheet\nmost_buncos,2\n"
    entries[1] = SheetTotals("2", 12, 12, 0)  # a correction breaks the tie
    after = live.so_far(NIGHT, entries, {"most_buncos": "2"}, None)
    assert next(a for a in after.settlement.prizes if a.id == "most_buncos").winners == ("1",)
    assert after.rolloffs == {} and after.rolloffs_csv() == b"prize,sheet\n"
