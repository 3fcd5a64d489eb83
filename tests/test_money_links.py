"""Splitting the pot, and signing the links the QR codes hold."""

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bunco_print.cli import report
from bunco_print.game.money import format_money, split_pot
from bunco_print.game.night import build
from bunco_print.game.rulesets import load
from bunco_print.printing import render
from bunco_print.signing import links

from .signed import opens

CLASSIC_SHARES = [
    Fraction(1, 3),
    Fraction(1, 4),
    Fraction(1, 6),
    Fraction(2, 15),
    Fraction(1, 12),
    Fraction(1, 30),
]


@given(st.integers(min_value=0, max_value=100_000))
def test_amounts_are_whole_and_add_up_to_the_pot(pot):
    amounts = split_pot(pot, CLASSIC_SHARES)
    assert sum(amounts) == pot
    assert all(a >= 0 for a in amounts)
    assert all(abs(a - s * pot) < 1 for a, s in zip(amounts, CLASSIC_SHARES, strict=True))


def test_leftover_units_go_to_the_largest_fractions():
    # 65 * shares = 21.67, 16.25, 10.83, 8.67, 5.42, 2.17: floors sum to 62, 3 units left
    assert split_pot(65, CLASSIC_SHARES) == [22, 16, 11, 9, 5, 2]


def test_no_prize_is_left_at_nothing_where_the_pot_pays_each_one_a_unit():
    # $20 (4 players at $5): 6.67, 5, 3.33, 2.67, 1.67, 0.67 would round to a $0 lucky draw;
    # it takes a unit from the latest of the amounts most over their share (most losses)
    assert split_pot(20, CLASSIC_SHARES) == [7, 5, 3, 3, 1, 1]
    # the classic split leaves a prize at nothing only in pots too small to pay the others
    assert [pot for pot in range(200) if 0 in split_pot(pot, CLASSIC_SHARES)] == list(range(7))


def test_a_four_player_five_dollar_nights_prizes_are_all_paid():
    for ruleset in ("classic", "mybunco", "progressive", "tournament", "bonko"):
        night = build(load(ruleset), 4, buy_in=5)
        assert sum(p.amount for p in night.prizes) == 20
        assert all(p.amount > 0 for p in night.prizes), (ruleset, night.prizes)


def test_a_signed_link_verifies_and_a_changed_one_does_not():
    url = links.sheet_url("https://bunco.example/", "s3cret", "EV1", "7")
    assert url.startswith("https://bunco.example/e/EV1/s/7?k=")
    assert opens(url, "s3cret") == ("EV1", "7")
    assert opens(url.replace("/s/7", "/s/8"), "s3cret") is None
    assert opens(url, "other") is None


def test_signatures_carry_at_least_64_bits():
    sig = links.signature("s", "EV", "1")
    assert len(sig) * 6 >= 64


@pytest.mark.parametrize(
    ("amount", "currency", "written"),
    [
        (5, "$", "$5"),
        (1000, "$", "$1,000"),
        (1234567, "€", "€1,234,567"),
        (0, "£", "£0"),
        (-25, "$", "-$25"),
        (1000, "EUR", "1,000 EUR"),
        (2500000, "CHF", "2,500,000 CHF"),
        (999, "kr", "999 kr"),
    ],
)
def test_money_is_written_one_way_everywhere(amount, currency, written):
    assert format_money(amount, currency) == written
    assert report.money(amount, currency) == written
    template = render.environment().from_string("{{ amount|money(currency) }}")
    assert template.render(amount=amount, currency=currency) == written


def test_seeded_packs_sign_with_the_machine_key_not_the_seed(tmp_path):
    from bunco_print.signing import keys

    key = keys.load_key()
    assert keys.event_secret("EV", key) == keys.event_secret("EV", key)
    assert keys.event_secret("EV", key) != keys.event_secret("EV", b"o" * 32)
    assert not hasattr(links, "new_secret"), "no secret is ever derived from a seed"
