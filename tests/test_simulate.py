"""The simulator plays by the rules: read back from its round log like a scorekeeper would."""

from collections import Counter, defaultdict

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bunco_print.engine.simulate import BUNCO, MINI, PLAIN, score, simulate
from bunco_print.engine.validate import validate
from bunco_print.game import rulesets
from bunco_print.game.night import night_for
from bunco_print.game.plan import plan_event

ALL = rulesets.available()


@pytest.mark.parametrize(
    "dice, mark, per_match, expected",
    [
        ((3, 3, 1), 3, 1, (2, PLAIN)),  # one point a matching die
        ((3, 3, 1), 3, "round", (6, PLAIN)),  # mybunco: each matching die is worth the round
        ((3, 3, 3), 3, 1, (21, BUNCO)),
        ((5, 5, 5), 3, 1, (5, MINI)),  # three of a kind of another number
        ((1, 2, 4), 3, 1, (0, PLAIN)),  # nothing: the turn passes
        ((6, 6, 2), 6, "round", (12, PLAIN)),
    ],
)
def test_one_roll_scores_as_rules_md_says(dice, mark, per_match, expected):
    assert score(dice, mark, per_match) == expected


def test_same_seed_same_night_other_seed_other_night():
    night = night_for("classic", 13)
    first, again, other = simulate(night, 4), simulate(night, 4), simulate(night, 5)
    assert first.totals == again.totals and first.log == again.log
    assert first.totals != other.totals


def _recount(night, log):
    """Wins, losses, Buncos and mini Buncos per sheet, from the round log alone."""
    count = defaultdict(Counter)
    for rec in log:
        if night.team_cards:
            sides = [[card] for card in rec["cards"]]
        else:
            sides = [[p for p in team if not p.startswith("G")] for team in rec["teams"]]
        for side, sheets in enumerate(sides):
            for sheet in sheets:
                count[sheet]["wins" if side == rec["winner"] else "losses"] += 1
        for sheet in rec["buncos"]:
            count[sheet]["buncos"] += 1
        for sheet in rec["mini_buncos"]:
            count[sheet]["mini_buncos"] += 1
    return count


@pytest.mark.parametrize("ruleset", ALL)
@pytest.mark.parametrize("players", [5, 10, 12, 27])
def test_round_log_adds_up_to_the_totals_file(ruleset, players):
    night = night_for(ruleset, players)
    played = simulate(night, players)
    count = _recount(night, played.log)
    for row in played.totals.sheets:
        assert (row.wins, row.losses, row.buncos, row.mini_buncos) == (
            count[row.sheet]["wins"],
            count[row.sheet]["losses"],
            count[row.sheet]["buncos"],
            count[row.sheet]["mini_buncos"],
        )
    assert len(played.log) == night.rounds * len(night.tables)


@pytest.mark.parametrize("ruleset", ALL)
def test_ghosts_always_partner_a_real_player_and_have_no_sheet(ruleset):
    night = night_for(ruleset, 5)  # 2 tables, 3 ghosts: the tightest seating there is
    played = simulate(night, 11)
    for rec in played.log:
        for team in rec["teams"]:
            assert not all(p.startswith("G") for p in team)
        assert sum(p.startswith("G") for team in rec["teams"] for p in team) <= 2
    seen_ghosts = {
        p for rec in played.log for team in rec["teams"] for p in team if p.startswith("G")
    }
    assert seen_ghosts == {"G1", "G2", "G3"}
    assert not any(s.sheet.startswith("G") for s in played.totals.sheets)


def _seats(log):
    """round -> {player: (table, team, won)}"""
    seats = defaultdict(dict)
    for rec in log:
        for side, team in enumerate(rec["teams"]):
            for p in team:
                seats[rec["round"]][p] = (rec["table"], side, side == rec["winner"])
    return seats


@pytest.mark.parametrize(
    "ruleset, players",
    [("classic", 16), ("progressive", 13), ("mybunco", 16), ("bonko", 14), ("tournament", 30)],
)
def test_movement_follows_the_ruleset(ruleset, players):
    night = night_for(ruleset, players)
    room_of = {t: room.tables for room in night.rooms for t in room.tables}
    seats = _seats(simulate(night, 3).log)
    for rnd in range(1, night.rounds):
        for player, (table, _, won) in seats[rnd].items():
            tables = room_of[table]  # tournament players move within their group
            k, last = tables.index(table) + 1, len(tables)
            if night.ruleset.movement == "ladder":  # winners up, losers down
                expected = max(k - 1, 1) if won else min(k + 1, last)
            else:  # king: winners up one; head-table losers to the bottom; other losers stay
                expected = max(k - 1, 1) if won else (last if k == 1 else k)
            assert seats[rnd + 1][player][0] == tables[expected - 1], (rnd, player, table, won)


@pytest.mark.parametrize("ruleset", ["classic", "mybunco", "tournament"])
def test_partners_change_every_round(ruleset):
    night = night_for(ruleset, 12)
    seats = _seats(simulate(night, 8).log)

    def partner(rnd, player):
        table, team, _ = seats[rnd][player]
        return next(
            p for p, (t, s, _) in seats[rnd].items() if t == table and s == team and p != player
        )

    for rnd in range(1, night.rounds):
        for player in seats[rnd]:
            assert partner(rnd, player) != partner(rnd + 1, player)


def test_bonko_teams_stay_together_on_one_card():
    night = night_for("bonko", 12)
    members = defaultdict(set)
    for rec in simulate(night, 2).log:
        for card, team in zip(rec["cards"], rec["teams"], strict=True):
            members[card].add(frozenset(team))
    assert sorted(members) == ["1", "2", "3", "4", "5", "6"]
    assert all(len(teams) == 1 for teams in members.values())


@pytest.mark.parametrize("ruleset", ALL)
def test_the_head_table_ends_every_round(ruleset):
    rules = rulesets.load(ruleset)
    night = night_for(ruleset, 12)
    for rec in simulate(night, 6).log:
        if rec["table"] == 1:
            assert max(rec["score"]) >= rules.target or (rules.bunco_ends_round and rec["buncos"])


def test_traveler_passes_to_each_bunco_roller():
    night = night_for("classic", 12)
    played = simulate(night, 9)
    holder = None
    by_round = defaultdict(list)
    for rec in played.log:
        by_round[rec["round"]].append(rec)
    for rnd in sorted(by_round):
        rolled = [s for rec in by_round[rnd] for s in rec["buncos"]]
        now = by_round[rnd][-1]["traveler"]
        if rolled:
            assert now in rolled
        else:
            assert now == holder
        holder = now
    assert played.traveler == holder
    assert [s.sheet for s in played.totals.sheets if s.traveler] == [holder]


def test_tournament_players_stay_in_their_group_of_twelve():
    event = plan_event(36, rulesets.load("tournament"), seed=1, date="2026-01-01")
    night = event
    group_of = {}
    for rec in simulate(night, 4).log:
        group = (rec["table"] - 1) // 3
        for team in rec["teams"]:
            for p in team:
                assert group_of.setdefault(p, group) == group
    # and they start where their seat cards send them
    first = {
        p: rec["table"]
        for rec in simulate(night, 4).log
        if rec["round"] == 1
        for team in rec["teams"]
        for p in team
    }
    assert all(first[str(card.number)] == card.table for card in event.seat_cards)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    ruleset=st.sampled_from(ALL),
    players=st.integers(4, 60),
    sets=st.integers(1, 4),
    seed=st.integers(0, 2**32),
)
def test_every_simulated_night_validates(ruleset, players, sets, seed):
    night = night_for(ruleset, players, sets=sets)
    result = validate(simulate(night, seed, log=False).totals, night)
    assert result.valid, result.errors
