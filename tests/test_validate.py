"""Validation: worked examples checked by hand from RULES.md, and property tests."""

import statistics
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bunco_print.engine import bounds
from bunco_print.engine.simulate import simulate
from bunco_print.engine.totals import Totals, parse_totals
from bunco_print.engine.validate import validate, win_range
from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.night import night_for


def totals(rows, extra=(), source="totals.csv"):
    """A totals file from (sheet, wins, losses, buncos, *extra) tuples, read like a user's."""
    header = ["sheet", "wins", "losses", "buncos", *extra]
    lines = [",".join(header)] + [",".join(str(v) for v in row) for row in rows]
    return parse_totals("\n".join(lines) + "\n", source)


def codes(result):
    return sorted(p.code for p in result.errors)


# Classic, 12 players: 3 tables x 24 rounds, so the sheets hold exactly 2*3*24 = 144 wins.
CLASSIC_WINS = [16, 14, 13, 13, 12, 12, 12, 12, 11, 11, 10, 8]
CLASSIC_BUNCOS = [3, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1]


def classic_rows(wins=CLASSIC_WINS, buncos=CLASSIC_BUNCOS, holder="7"):
    return [
        (str(n), w, 24 - w, b, int(str(n) == holder))
        for n, (w, b) in enumerate(zip(wins, buncos, strict=True), start=1)
    ]


def test_classic_night_that_adds_up_is_valid_with_no_warnings():
    assert sum(CLASSIC_WINS) == 144
    result = validate(totals(classic_rows(), ["traveler"]), night_for("classic", 12))
    assert result.valid and result.errors == () and result.warnings == ()


def test_every_problem_is_reported_not_just_the_first():
    rows = classic_rows()
    rows[1] = ("2", 15, 10, 1, 0)  # 25 rounds
    rows[4] = ("5", 12, 12, -1, 0)  # negative Buncos
    rows[8] = ("9", 11.5, 12.5, 0, 0)  # half a win
    del rows[11]  # sheet 12 never handed in
    result = validate(totals(rows, ["traveler"]), night_for("classic", 12))
    assert not result.valid
    found = {(p.code, p.sheet) for p in result.errors}
    assert {
        ("rounds_mismatch", "2"),
        ("negative", "5"),
        ("not_whole", "9"),
        ("missing_sheet", "12"),
    } <= found
    # With sheet 12 missing, its wins could still make the night's total right: no
    # night-wide error is claimed on top of the sheets' own.
    assert "wins_total" not in codes(result)


def test_a_sheet_off_by_one_win_breaks_the_nights_total():
    rows = classic_rows()
    rows[0] = ("1", 17, 7, 3, 0)
    result = validate(totals(rows, ["traveler"]), night_for("classic", 12))
    assert codes(result) == ["losses_total", "wins_total"]  # 145 wins, 143 losses
    wins, losses = result.errors
    assert "145 wins" in wins.message and "exactly 144" in wins.message
    assert "143 losses" in losses.message


def test_ghosts_widen_the_range_by_their_possible_wins():
    # 10 players: 3 tables, ghosts at tables 2 and 3. Real wins: 144 - 2*24 .. 144.
    assert win_range(3, 2, 24, team_cards=False) == (96, 144)
    night = night_for("classic", 10)
    ok = [(str(n), 13, 11, 1, int(n == 1)) for n in range(1, 11)]  # 130 wins, 110 losses
    assert validate(totals(ok, ["traveler"]), night).valid
    low = [(str(n), 9, 15, 1, int(n == 1)) for n in range(1, 11)]  # 90 wins, 150 losses
    result = validate(totals(low, ["traveler"]), night)
    assert codes(result) == ["losses_total", "wins_total"]
    assert "from 96 to 144" in result.errors[0].message


def test_five_players_three_ghosts_a_ghost_always_partners_a_real_player():
    # 2 tables, 3 ghosts: each round one or two ghosts win, so real wins are 48..72, not the
    # looser 24..96 that ignores that no team is two ghosts.
    assert win_range(2, 3, 24, team_cards=False) == (48, 72)
    night = night_for("classic", 5)
    even = [(str(n), 12, 12, 1, int(n == 1)) for n in range(1, 6)]
    assert validate(totals(even, ["traveler"]), night).valid
    lopsided = [(str(n), 8, 16, 1, int(n == 1)) for n in range(1, 6)]  # 40 wins, 80 losses
    assert codes(validate(totals(lopsided, ["traveler"]), night)) == ["losses_total", "wins_total"]


def test_bonko_team_cards_hold_exactly_one_win_per_table_and_round():
    night = night_for("bonko", 12)
    assert night.sheet_ids == ("1", "2", "3", "4", "5", "6")
    assert {s.kind for s in night.sheets} == {"team"}
    cards = [(str(n), w, 24 - w, 2) for n, w in enumerate([15, 9, 14, 10, 12, 12], start=1)]
    assert validate(totals(cards), night).valid
    cards[0] = ("1", 16, 8, 2)
    assert "exactly 72" in validate(totals(cards), night).errors[0].message
    with pytest.raises(InputError, match="row 2, column sheet: this night has no team card '7'"):
        validate(totals([("7", 12, 12, 0)]), night)


def test_tournament_groups_are_checked_one_by_one():
    night = night_for("tournament", 24)  # 6 tables: groups of tables 1-3 and 4-6, 18 rounds
    wins = [11, 10, 10, 9, 9, 9, 9, 9, 9, 8, 8, 7] * 2  # 108 in each group
    rows = [(str(n), w, 18 - w, 1) for n, w in enumerate(wins, start=1)]
    assert validate(totals(rows), night).valid
    rows[0] = ("1", 12, 6, 1)
    rows[12] = ("13", 10, 8, 1)  # the room total is right, each group is off by one
    result = validate(totals(rows), night)
    assert {p.message.split(":")[0] for p in result.errors} == {"group 1", "group 2"}
    assert "exactly 108" in result.errors[0].message
    # Now group 1 shows 109 wins and group 2 107. If sheet 2 (10 wins) really sat in group 2
    # and sheet 16 (9 wins) in group 1, both groups hold 108: a group column says so.
    groups = {"2": 2, "16": 1}
    regrouped = [(*row, groups.get(row[0], 1 + (int(row[0]) > 12))) for row in rows]
    assert validate(totals(regrouped, ["group"]), night).valid


def test_group_column_with_a_group_too_many():
    night = night_for("tournament", 24)
    rows = [(str(n), 9, 9, 1, 3 if n == 5 else 1 + (n > 12)) for n in range(1, 25)]
    with pytest.raises(InputError, match="row 6, column group: no group 3"):
        validate(totals(rows, ["group"]), night)


def test_mybunco_needs_mini_buncos():
    with pytest.raises(InputError, match="no 'mini_buncos' column"):
        validate(totals([("1", 12, 12, 0)]), night_for("mybunco", 4, sets=2))


@pytest.mark.parametrize(
    "holders, buncos, expected",
    [
        ((), (1, 0, 0, 0), ["traveler_missing"]),
        (("1", "2"), (1, 1, 0, 0), ["traveler_many"]),
        (("2",), (1, 0, 0, 0), ["traveler_without_bunco"]),
        ((), (0, 0, 0, 0), []),
        (("1",), (0, 0, 0, 0), ["traveler_without_bunco"]),  # the fuzzy die waits for a Bunco
    ],
)
def test_classic_fuzzy_die(holders, buncos, expected):
    rows = [(str(n), 3, 3, b, int(str(n) in holders)) for n, b in enumerate(buncos, start=1)]
    result = validate(totals(rows, ["traveler"]), night_for("classic", 4, sets=1))
    assert codes(result) == expected


def test_progressive_hostess_keeps_the_traveler_when_nobody_rolls_a_bunko():
    night = night_for("progressive", 4, sets=1)
    rows = [(str(n), 3, 3, 0, int(n == 1)) for n in range(1, 5)]
    assert validate(totals(rows, ["traveler"]), night).valid
    rows[1] = ("2", 3, 3, 1, 0)  # once a Bunko is rolled the Traveler goes to its roller
    assert codes(validate(totals(rows, ["traveler"]), night)) == ["traveler_without_bunco"]


def test_traveler_flag_must_be_one_or_zero():
    rows = [(str(n), 3, 3, 1, 2 if n == 1 else 0) for n in range(1, 5)]
    result = validate(totals(rows, ["traveler"]), night_for("classic", 4, sets=1))
    assert "traveler_value" in codes(result)


def test_unknown_sheet_is_unusable_input_naming_row_and_column():
    rows = [*classic_rows()[:11], ("13", 8, 16, 1, 0)]
    with pytest.raises(InputError) as caught:
        validate(totals(rows, ["traveler"]), night_for("classic", 12))
    assert str(caught.value).startswith(
        "totals.csv row 13, column sheet: this night has no sheet '13' (sheets are 1-12)"
    )


# --- warnings: bounds from the simulator ---------------------------------------------------


def test_a_sheet_with_implausibly_many_buncos_is_a_warning_not_an_error():
    high = bounds.sheet_high("classic", "buncos", 24, 12)
    assert 5 <= high <= 15
    night = night_for("classic", 12)
    at_bound = classic_rows(buncos=[high, *CLASSIC_BUNCOS[1:]], holder="1")
    assert validate(totals(at_bound, ["traveler"]), night).warnings == ()
    over = classic_rows(buncos=[high + 1, *CLASSIC_BUNCOS[1:]], holder="1")
    result = validate(totals(over, ["traveler"]), night)
    assert result.valid
    assert [(w.code, w.sheet) for w in result.warnings] == [("buncos_unlikely", "1")]


def test_a_night_without_buncos_warns_that_they_may_not_be_written_down():
    night = night_for("classic", 12)
    result = validate(totals(classic_rows(buncos=[0] * 12, holder=""), ["traveler"]), night)
    assert result.valid and [w.code for w in result.warnings] == ["buncos_low"]
    small = night_for("classic", 4, sets=1)  # six rounds at one table: no Bunco is ordinary
    rows = [(str(n), 3, 3, 0, 0) for n in range(1, 5)]
    assert validate(totals(rows, ["traveler"]), small).warnings == ()


def test_all_wins_is_a_warning():
    wins = [24, 14, 13, 13, 12, 12, 12, 12, 11, 11, 10, 0]
    result = validate(totals(classic_rows(wins=wins), ["traveler"]), night_for("classic", 12))
    assert result.valid
    assert [(w.code, w.sheet) for w in result.warnings] == [
        ("wins_unlikely", "1"),
        ("wins_unlikely", "12"),
    ]


@pytest.mark.parametrize("ruleset", rulesets.available())
def test_stored_bunco_rate_matches_a_fresh_run_of_the_simulator(ruleset):
    """warning_bounds.toml came from the simulator; if the simulator changes, rerun the script."""
    night = night_for(ruleset, 12)
    per_round = [
        statistics.fmean(s.buncos for s in simulate(night, 5000 + i, log=False).totals.sheets)
        / night.rounds
        for i in range(150)
    ]
    stored = bounds.data()[ruleset]["buncos"]["per_round"]
    assert statistics.fmean(per_round) == pytest.approx(stored, rel=0.15)


# --- properties ----------------------------------------------------------------------------

nights = st.builds(
    lambda ruleset, players, sets: night_for(ruleset, players, sets=sets),
    st.sampled_from(rulesets.available()),
    st.integers(4, 40),
    st.integers(1, 4),
)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _with(sim_totals: Totals, sheet: str, **changes) -> Totals:
    rows = tuple(replace(s, **changes) if s.sheet == sheet else s for s in sim_totals.sheets)
    return replace(sim_totals, sheets=rows)


@PROPERTY
@given(night=nights, seed=st.integers(0, 10**6), data=st.data())
def test_changing_any_win_or_loss_of_a_valid_night_is_an_error(night, seed, data):
    played = simulate(night, seed, log=False).totals
    assert validate(played, night).valid
    row = data.draw(st.sampled_from(played.sheets))
    stat = data.draw(st.sampled_from(["wins", "losses"]))
    delta = data.draw(st.integers(-30, 30).filter(lambda d: d != 0))
    result = validate(_with(played, row.sheet, **{stat: getattr(row, stat) + delta}), night)
    assert not result.valid
    assert any(p.sheet == row.sheet for p in result.errors)


@PROPERTY
@given(night=nights, seed=st.integers(0, 10**6), data=st.data())
def test_moving_or_dropping_the_traveler_is_an_error(night, seed, data):
    assume(night.ruleset.traveler)
    played = simulate(night, seed, log=False).totals
    assume(sum(s.buncos for s in played.sheets) > 0)  # with none, the hostess may keep it
    row = data.draw(st.sampled_from(played.sheets))
    result = validate(_with(played, row.sheet, traveler=1 - row.traveler), night)
    assert not result.valid


@PROPERTY
@given(night=nights, seed=st.integers(0, 10**6), data=st.data())
def test_impossible_or_implausible_bunco_counts_are_caught(night, seed, data):
    played = simulate(night, seed, log=False).totals
    stat = data.draw(
        st.sampled_from(
            ["buncos", "mini_buncos"] if night.ruleset.track_mini_buncos else ["buncos"]
        )
    )
    row = data.draw(st.sampled_from(played.sheets))
    negative = validate(_with(played, row.sheet, **{stat: -data.draw(st.integers(1, 5))}), night)
    assert not negative.valid
    fraction = validate(_with(played, row.sheet, **{stat: getattr(row, stat) + 0.5}), night)
    assert not fraction.valid
    high = bounds.sheet_high(night.ruleset.id, stat, night.rounds, len(night.sheets))
    extra = data.draw(st.integers(1, 50))
    flagged = validate(_with(played, row.sheet, **{stat: high + extra}), night)
    assert any(w.code == f"{stat}_unlikely" and w.sheet == row.sheet for w in flagged.warnings)


def test_what_no_validator_can_see_a_plausible_bunco_count_changed():
    """Buncos obey no conservation law: one more, within reason, is indistinguishable."""
    night = night_for("classic", 12)
    played = simulate(night, 1, log=False).totals
    row = next(s for s in played.sheets if s.traveler == 0)
    assert validate(_with(played, row.sheet, buncos=row.buncos + 1), night).valid


def test_holder_without_buncos_is_caught_on_a_simulated_night():
    night = night_for("classic", 12)
    played = simulate(night, 2, log=False).totals
    holder = next(s for s in played.sheets if s.traveler == 1)
    result = validate(_with(played, holder.sheet, buncos=0), night)
    assert [p.code for p in result.errors] == ["traveler_without_bunco"]
