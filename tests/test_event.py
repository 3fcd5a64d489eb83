"""The night's plan: tables, ghosts, sheets, seat cards, pot and manifest."""

import json

import pytest

from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.manifest import from_manifest, to_manifest
from bunco_print.game.plan import plan_event
from bunco_print.game.seating import ghosts_by_table, table_count

CLASSIC = rulesets.load("classic")


def plan(players, ruleset=CLASSIC, **kw):
    return plan_event(players, ruleset, seed=kw.pop("seed", 1), date="2026-12-04", **kw)


@pytest.mark.parametrize("players", [*range(4, 41), 99, 150, 399, 400])
def test_every_seat_is_filled_and_no_team_is_two_ghosts(players):
    ghosts = ghosts_by_table(players)
    assert len(ghosts) == table_count(players) == -(-players // 4)
    assert 4 * len(ghosts) - sum(ghosts) == players
    assert all(g <= 2 for g in ghosts), "two ghosts at most, so each can sit across a player"
    if players != 5:
        assert ghosts[0] == 0, "the head table is all real players"


def test_five_players_is_the_one_case_with_a_ghost_at_the_head_table():
    assert ghosts_by_table(5) == [1, 2]
    event = plan(5)
    assert sum(card.star for card in event.seat_cards) == 3


@pytest.mark.parametrize("players", [4, 8, 12, 13, 16, 31, 200, 400])
def test_exactly_four_star_cards_and_one_card_per_player(players):
    event = plan(players)
    assert len(event.seat_cards) == players
    assert sum(card.star for card in event.seat_cards) == 4
    assert all(card.table == 1 for card in event.seat_cards if card.star)
    per_table = {t.number: 0 for t in event.tables}
    for card in event.seat_cards:
        per_table[card.table] += 1
    assert per_table == {t.number: t.players for t in event.tables}


def test_cards_name_tables_beyond_three_tables_or_with_ghosts():
    assert not any(c.named for c in plan(12).seat_cards if not c.star)
    assert all(c.named for c in plan(13).seat_cards)
    assert all(c.named for c in plan(16).seat_cards)


def test_shuffle_is_repeatable_with_a_seed_and_differs_between_seeds():
    assert plan(40, seed=3).seat_cards == plan(40, seed=3).seat_cards
    assert plan(40, seed=3).seat_cards != plan(40, seed=4).seat_cards


def test_names_go_on_sheets_in_order_and_too_many_names_is_an_error():
    event = plan(6, names=["Ann", "Bea"])
    assert [s.name for s in event.sheets] == ["Ann", "Bea", "", "", "", ""]
    with pytest.raises(InputError, match="5 names were given for 4 players"):
        plan(4, names=["a"] * 5)


@pytest.mark.parametrize("players", [0, 3, -1, 401, 10_000])
def test_player_count_out_of_range_is_refused(players):
    with pytest.raises(InputError, match="from 4 to 400"):
        plan(players)


def test_prizes_sum_to_the_pot_in_whole_units():
    event = plan(13, buy_in=5)
    assert event.pot == 65
    assert sum(p.amount for p in event.prizes) == 65
    assert [p.id for p in event.prizes] == [c.id for c in CLASSIC.prizes]


def test_classic_twelve_player_amounts_match_the_reference_split():
    amounts = {p.id: p.amount for p in plan(12, buy_in=5).prizes}
    assert amounts == {
        "most_buncos": 20,
        "most_wins": 15,
        "traveler": 10,
        "fifty_fifty": 8,
        "most_losses": 5,
        "draw": 2,
    }


def test_bonko_has_one_team_card_per_team():
    event = plan(13, rulesets.load("bonko"))
    assert len(event.tables) == 4
    assert [s.kind for s in event.sheets] == ["team"] * 8


def test_progressive_seats_by_dice_so_it_has_no_seat_cards():
    assert plan(12, rulesets.load("progressive")).seat_cards == ()


def test_tally_pads_one_per_table_and_set_plus_spares():
    event = plan(13)
    real = [p for p in event.tally_pads if p.table is not None]
    assert len(real) == 4 * 4
    assert sum(p.table is None for p in event.tally_pads) >= 2


def test_manifest_round_trips_through_json():
    event = plan(13, names=["Zoë"])
    data = json.loads(json.dumps(to_manifest(event)))
    assert data["ghosts"] == 3 and data["rounds"] == 24 and data["pot"] == 65
    assert from_manifest(data) == event


def test_a_manifest_from_elsewhere_is_refused_in_one_line():
    with pytest.raises(InputError, match="not one bunco-print wrote"):
        from_manifest({"format": 1, "title": "x"})
