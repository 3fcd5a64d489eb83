"""Prizes: worked examples for each ruleset, checked by hand from RULES.md, and properties."""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bunco_print.engine.awards import settle
from bunco_print.engine.simulate import simulate
from bunco_print.engine.ties import Resolver, parse_rolloffs
from bunco_print.engine.totals import parse_totals
from bunco_print.engine.validate import validate
from bunco_print.errors import InputError
from bunco_print.game import rulesets
from bunco_print.game.night import night_for


def totals(rows, extra=()):
    header = ["sheet", "wins", "losses", "buncos", *extra]
    lines = [",".join(header)] + [",".join(str(v) for v in row) for row in rows]
    return parse_totals("\n".join(lines) + "\n", "totals.csv")


def by_id(settlement):
    return {a.id: a for a in settlement.prizes}


def night_with(ruleset, players, **options):
    night = night_for(ruleset, players)
    return replace(night, ruleset=replace(night.ruleset, **options))


# Classic, 12 players at $5: RULES.md's $60 pot is $20 / $15 / $10 / $8 / $5 / $2.
# Sheet 1 has the most wins, 7 the most Buncos and the fuzzy die, 5 alone is 12-12,
# 12 has the most losses.
WINS = [16, 14, 13, 13, 12, 11, 11, 11, 11, 11, 11, 10]
BUNCOS = [3, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1]


def classic(wins=WINS, buncos=BUNCOS, holder="7", ruleset="classic", **options):
    rows = [
        (str(n), w, 24 - w, b, int(str(n) == holder))
        for n, (w, b) in enumerate(zip(wins, buncos, strict=True), start=1)
    ]
    result = validate(totals(rows, ["traveler"]), night_with(ruleset, 12, **options))
    assert result.valid, result.errors
    return result


def test_classic_worked_example():
    prizes = by_id(settle(classic(), Resolver(seed=3)))
    assert {k: (a.amount, a.winners, a.status) for k, a in prizes.items() if k != "draw"} == {
        "most_buncos": (20, ("7",), "awarded"),
        "most_wins": (15, ("1",), "awarded"),
        "traveler": (10, ("7",), "awarded"),
        "fifty_fifty": (8, ("5",), "awarded"),
        "most_losses": (5, ("12",), "awarded"),
    }
    draw = prizes["draw"]
    assert draw.amount == 2 and draw.status == "awarded"
    assert draw.pool == ("2", "3", "4", "6", "8", "9", "10", "11")  # everyone who won nothing
    assert draw.winners[0] in draw.pool
    again = by_id(settle(classic(), Resolver(seed=3)))["draw"]
    assert again.winners == draw.winners  # seeded
    others = {by_id(settle(classic(), Resolver(seed=s)))["draw"].winners[0] for s in range(40)}
    assert len(others) > 1  # and the seed matters


def test_standings_rank_by_wins_then_buncos_and_show_money_won():
    settlement = settle(classic(), Resolver(seed=3))
    top = settlement.standings[:3]
    assert [(s.rank, s.sheet.sheet, s.won) for s in top] == [(1, "1", 15), (2, "2", 0), (3, "4", 0)]
    seventh = next(s for s in settlement.standings if s.sheet.sheet == "7")
    assert seventh.prizes == ("most_buncos", "traveler") and seventh.won == 30
    # Six sheets have 11 wins: 7 (4 Buncos), 10 (2), 8 and 11 (1 each), 6 and 9 (none).
    ranks = {s.sheet.sheet: s.rank for s in settlement.standings}
    assert [ranks[s] for s in ("5", "7", "10", "8", "11", "6", "9", "12")] == [
        5,
        6,
        7,
        8,
        8,
        10,
        10,
        12,
    ]


def test_a_tie_is_named_and_waits_for_the_host():
    tied = classic(buncos=[4, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1])
    prizes = by_id(settle(tied))
    assert prizes["most_buncos"].status == "rolloff"
    assert prizes["most_buncos"].tied == ("1", "7") and prizes["most_buncos"].winners == ()
    assert prizes["draw"].status == "unawarded"
    assert prizes["draw"].waiting_for == ("most_buncos",)
    assert prizes["most_wins"].winners == ("1",)  # other prizes do not wait


def test_the_hosts_rolloff_file_settles_it():
    tied = classic(buncos=[4, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1])
    entries = parse_rolloffs("prize,sheet\nmost_buncos,07\n", "rolloffs.csv")
    prizes = by_id(settle(tied, Resolver(entries)))
    assert prizes["most_buncos"].winners == ("7",) and prizes["most_buncos"].paid == {"7": 20}
    assert prizes["draw"].status == "awarded"
    with pytest.raises(InputError, match=r"rolloffs\.csv line 2: sheet 2 is not in the tie"):
        settle(
            tied,
            Resolver(
                parse_rolloffs("prize,sheet\nmost_buncos,2\n", "rolloffs.csv"),
                source="rolloffs.csv",
            ),
        )
    stale = parse_rolloffs('{"most_buncos": "1", "most_wins": "2"}')
    with pytest.raises(InputError, match="line 2: nothing to roll off for most_wins"):
        settle(tied, Resolver(stale))


def test_virtual_dice_roll_off_and_show_the_rolls():
    tied = classic(buncos=[4, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1])
    prize = by_id(settle(tied, Resolver(roll=True, seed=11)))["most_buncos"]
    assert prize.status == "awarded" and prize.tied == ("1", "7")
    last = prize.rolls[-1]
    assert max(last.values()) == last[prize.winners[0]]
    assert list(last.values()).count(max(last.values())) == 1  # the last throw was decisive
    assert all(1 <= d <= 6 for throw in prize.rolls for d in throw.values())
    assert by_id(settle(tied, Resolver(roll=True, seed=11)))["most_buncos"] == prize


def test_split_ties_share_the_money_in_whole_units():
    tied = classic(wins=[15, 15, 13, 13, 12, 11, 11, 11, 11, 11, 11, 10], prize_tie="split")
    prize = by_id(settle(tied))["most_wins"]
    assert prize.status == "awarded" and prize.winners == ("1", "2")
    assert prize.paid == {"1": 8, "2": 7}  # $15 split two ways


def test_one_prize_per_player_takes_the_larger_and_passes_the_other_on():
    # Sheet 1 tops both Buncos and wins; sheet 7 holds the fuzzy die.
    result = classic(buncos=[5, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1], one_prize_per_player=True)
    prizes = by_id(settle(result, Resolver(seed=1)))
    assert prizes["most_buncos"].winners == ("1",)  # $20, the larger
    assert prizes["most_wins"].winners == ("2",)  # next in line, with 14 wins
    assert prizes["traveler"].winners == ("7",)
    # and where the die's holder already took a larger prize, the Traveling prize has no one
    result = classic(one_prize_per_player=True)
    traveler = by_id(settle(result, Resolver(seed=1)))["traveler"]
    assert traveler.status == "unawarded" and "already has a larger prize" in traveler.note


def test_one_prize_per_player_waits_only_where_a_tie_decides():
    result = classic(buncos=[4, 1, 0, 2, 1, 0, 4, 1, 0, 2, 1, 1], one_prize_per_player=True)
    prizes = by_id(settle(result))
    assert prizes["most_buncos"].status == "rolloff"  # 1 and 7
    assert prizes["most_wins"].waiting_for == ("most_buncos",)  # 1 tops it too
    assert prizes["traveler"].waiting_for == ("most_buncos",)  # 7 holds the die
    assert prizes["fifty_fifty"].winners == ("5",)  # no tie can change this one
    settled = by_id(settle(result, Resolver(parse_rolloffs("most_buncos,7"))))
    assert settled["most_wins"].winners == ("1",) and settled["traveler"].status == "unawarded"


# Progressive: nobody is 12-12; sheet 6 is closest (13-11).
NOBODY_EVEN = [17, 15, 14, 14, 14, 13, 10, 10, 10, 10, 9, 8]


def test_closest_to_fifty_fifty_when_nobody_is_even():
    assert sum(NOBODY_EVEN) == 144
    progressive = by_id(settle(classic(wins=NOBODY_EVEN, ruleset="progressive")))
    assert progressive["fifty_fifty"].winners == ("6",)
    exact = by_id(settle(classic(wins=NOBODY_EVEN)))["fifty_fifty"]
    assert exact.status == "unawarded" and "nobody has as many wins as losses" in exact.note


def test_mybunco_pays_the_most_mini_buncos():
    rows = [
        (str(n), w, 24 - w, 1, minis)
        for n, (w, minis) in enumerate(
            zip(WINS, [5, 9, 3, 4, 6, 2, 7, 8, 3, 2, 1, 4], strict=True), start=1
        )
    ]
    result = validate(totals(rows, ["mini_buncos"]), night_for("mybunco", 12))
    prizes = by_id(settle(result, Resolver(roll=True)))
    assert (prizes["most_mini_buncos"].winners, prizes["most_mini_buncos"].amount) == (("2",), 10)
    assert prizes["most_buncos"].status == "awarded"  # all tied at 1: rolled off virtually
    assert len(prizes["most_buncos"].tied) == 12


def test_bonko_team_card_prizes():
    # 12 players, 6 team cards; $60: most wins 1/2, most Bonkos 1/3, fewest wins 1/6.
    cards = [
        (str(n), w, 24 - w, b)
        for n, (w, b) in enumerate(
            zip([15, 9, 14, 10, 12, 12], [2, 3, 1, 0, 5, 1], strict=True), start=1
        )
    ]
    result = validate(totals(cards), night_for("bonko", 12))
    prizes = by_id(settle(result))
    assert {k: (a.winners, a.amount) for k, a in prizes.items()} == {
        "most_wins": (("1",), 30),
        "most_buncos": (("5",), 20),
        "fewest_wins": (("2",), 10),
    }


# Tournament, 24 players in two groups of twelve (sheets 1-12 and 13-24), 18 rounds, $120.
GROUP_1 = [11, 10, 10, 9, 9, 9, 9, 9, 9, 8, 8, 7]
GROUP_2 = [12, 10, 9, 9, 9, 9, 9, 9, 9, 8, 8, 7]
BUNKOS_1 = [3, 0, 1, 2, 0, 1, 1, 0, 1, 0, 1, 0]  # sheet 1 tops both: 4 is next in Bunkos
BUNKOS_2 = [1, 0, 1, 0, 2, 1, 0, 4, 0, 1, 0, 1]  # sheet 20 has the most


def tournament_night():
    rows = [
        (str(n), w, 18 - w, b)
        for n, (w, b) in enumerate(
            zip(GROUP_1 + GROUP_2, BUNKOS_1 + BUNKOS_2, strict=True), start=1
        )
    ]
    result = validate(totals(rows), night_for("tournament", 24))
    assert result.valid, result.errors
    return result


def test_tournament_qualifying_seats_and_prizes():
    settlement = settle(tournament_night())
    seats = {a.id: a.winners for a in settlement.advancement.semi_seats}
    assert seats == {
        "group1_most_wins": ("1",),
        "group1_most_buncos": ("4",),
        "group2_most_wins": ("13",),
        "group2_most_buncos": ("20",),
    }
    assert settlement.advancement.semi_finalists == ("1", "4", "13", "20")
    prizes = by_id(settlement)
    assert (prizes["most_wins"].winners, prizes["most_wins"].amount) == (("13",), 30)
    assert (prizes["most_buncos"].winners, prizes["most_buncos"].amount) == (("20",), 30)
    assert prizes["grand_prize"].amount == 60 and prizes["grand_prize"].status == "unawarded"


SEMI = "sheet,wins,losses,buncos\n1,4,2,1\n4,2,4,2\n13,3,3,0\n20,3,3,1\n"


def test_tournament_semi_final_to_the_final_table():
    settlement = settle(tournament_night(), Resolver(seed=5), semi=parse_totals(SEMI, "semi"))
    adv = settlement.advancement
    assert adv.semi.valid
    seats = {a.id: a for a in adv.final_seats}
    assert seats["semi_most_wins"].winners == ("1",)
    assert seats["semi_most_buncos"].winners == ("4",)  # 1 took the wins seat
    assert seats["final_draw"].pool == ("13", "20")
    wild = seats["wild_card"]
    assert len(wild.pool) == 21 and set(wild.pool).isdisjoint(adv.final_table[:3])
    assert len(set(adv.final_table)) == 4
    grand = by_id(settlement)["grand_prize"]
    assert grand.status == "rolloff" and grand.tied == adv.final_table
    host = Resolver(parse_rolloffs(f"grand_prize,{adv.final_table[3]}"), seed=5)
    won = by_id(settle(tournament_night(), host, semi=parse_totals(SEMI, "semi")))
    assert won["grand_prize"].paid == {adv.final_table[3]: 60}


def test_tournament_final_played_with_virtual_dice():
    settlement = settle(
        tournament_night(), Resolver(roll=True, seed=2), semi=parse_totals(SEMI, "semi")
    )
    grand = by_id(settlement)["grand_prize"]
    *order, winning = grand.rolls
    assert set(order[0]) == set(settlement.advancement.final_table)
    ((sheet, dice),) = ((k, v) for k, v in winning.items() if k != "throws")
    assert sheet == grand.winners[0] and len(set(dice)) == 1  # three of a kind


def test_semi_final_totals_must_be_the_semi_finalists():
    bad = SEMI.replace("20,3,3,1", "21,3,3,1")
    with pytest.raises(InputError, match="this night has no sheet '21'"):
        settle(tournament_night(), semi=parse_totals(bad, "semi"))
    uneven = SEMI.replace("20,3,3,1", "20,4,2,1")
    settlement = settle(tournament_night(), semi=parse_totals(uneven, "semi"))
    assert not settlement.valid and settlement.advancement.final_table is None


def test_invalid_totals_award_nothing():
    rows = [(str(n), 3, 4, 0, 0) for n in range(1, 5)]
    result = validate(totals(rows, ["traveler"]), night_for("classic", 4, sets=1))
    settlement = settle(result)
    assert not settlement.valid and settlement.prizes == ()


# --- properties ----------------------------------------------------------------------------

PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(
    ruleset=st.sampled_from(rulesets.available()),
    players=st.integers(4, 400),
    buy_in=st.integers(0, 100),
)
def test_prize_amounts_always_sum_to_the_pot(ruleset, players, buy_in):
    night = replace(night_for(ruleset, players, sets=1), buy_in=buy_in)
    played = simulate(night, players, log=False)
    settlement = settle(validate(played.totals, night), Resolver(roll=True, seed=1))
    assert sum(a.amount for a in settlement.prizes) == buy_in * players
    for prize in settlement.prizes:
        assert all(v >= 0 for v in prize.paid.values())
        if prize.status == "awarded":
            assert sum(prize.paid.values()) == prize.amount


@PROPERTY
@given(
    ruleset=st.sampled_from(rulesets.available()),
    players=st.integers(4, 60).filter(lambda n: n % 4),
    seed=st.integers(0, 10**6),
)
def test_ghosts_never_win(ruleset, players, seed):
    night = night_for(ruleset, players, sets=1)
    played = simulate(night, seed)
    assert any(p.startswith("G") for rec in played.log for t in rec["teams"] for p in t)
    settlement = settle(validate(played.totals, night), Resolver(roll=True, seed=seed))
    real = set(night.sheet_ids)
    for prize in settlement.prizes:
        assert set(prize.winners) <= real and set(prize.paid) <= real and set(prize.pool) <= real
    assert {s.sheet.sheet for s in settlement.standings} <= real


@PROPERTY
@given(
    ruleset=st.sampled_from(rulesets.available()),
    players=st.integers(4, 40),
    seed=st.integers(0, 10**6),
    split=st.booleans(),
)
def test_one_prize_per_player_nobody_gets_two(ruleset, players, seed, split):
    night = night_with(
        ruleset, players, one_prize_per_player=True, prize_tie="split" if split else "rolloff"
    )
    played = simulate(night, seed, log=False)
    settlement = settle(validate(played.totals, night), Resolver(roll=True, seed=seed))
    counted = [a for a in settlement.prizes if a.id != "grand_prize"]  # see _order's docstring
    winners = [s for a in counted for s in a.paid]
    assert len(winners) == len(set(winners))
