"""Rulesets: how a variant of Bunco is played, loaded from the TOML files beside this module.

One ruleset drives both faces of the product: what the printed documents show and what the
scoring engine accepts and awards. Each file is plain data; this module only reads and checks it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from importlib.resources import files

from .errors import InputError, UnknownNameError

RULESET_DIR = files("bunco_print") / "rulesets"


@dataclass(frozen=True)
class PrizeCategory:
    id: str
    name: str
    share: Fraction  # of the pot
    award: str  # most | fewest | even | traveler | draw | final
    stat: str | None = None  # wins | losses | buncos | mini_buncos, for most/fewest
    note: str = ""  # one line printed under the prize name


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    word: str  # what its players call a Bunco: Bunco, Bunko or Bonko
    tagline: str
    sets: int
    rounds_per_set: int
    break_after_sets: tuple[int, ...]
    naming: str  # numbered | high_low | kings | groups
    group_tables: int  # tables per group (tournament) or 0 for one room
    points_per_match: int | str  # 1 or "round"
    target: int
    bunco_points: int
    mini_bunco_points: int
    track_mini_buncos: bool
    bunco_ends_round: bool  # a Bunco at the head table ends the round
    bunco_any_number_in_final: bool
    movement: str  # ladder | king
    partners: str  # rotate | fixed
    seating: str  # star | roll | groups
    star_cards: int
    name_tables_from: int  # seat cards name a table from this many tables up (or when ghosts sit)
    sheet_kind: str  # player | team
    round_tie: str  # extra_turns | one_die | session
    prize_tie: str  # rolloff | split
    traveler: bool
    traveler_token: str
    one_prize_per_player: bool
    closest_fifty_fifty: bool
    prizes: tuple[PrizeCategory, ...] = field(default_factory=tuple)
    options: dict = field(default_factory=dict)  # engine-only settings, free-form

    @property
    def rounds(self) -> int:
        return self.sets * self.rounds_per_set

    def rounds_for(self, sets: int | None) -> int:
        return (sets or self.sets) * self.rounds_per_set

    def table_name(self, number: int, tables: int) -> str:
        """What the players call table `number` (1 = head) when `tables` are in play."""
        if self.naming == "high_low":
            if number == 1:
                return "High"
            if number == tables:
                return "Low"
            return "Middle" if tables == 3 else f"Middle {number - 1}"
        if self.naming == "kings":
            return "King's table" if number == 1 else f"Table {number}"
        if self.naming == "groups" and self.group_tables:
            group, seat = divmod(number - 1, self.group_tables)
            if number == 1:
                return "Head table"
            return f"Group {group + 1} · Table {seat + 1}"
        return "Head table" if number == 1 else f"Table {number}"


def available() -> list[str]:
    return sorted(
        p.name.removesuffix(".toml") for p in RULESET_DIR.iterdir() if p.name.endswith(".toml")
    )


@cache
def load(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; an unknown id names the ones that exist."""
    if ruleset_id not in available():
        raise UnknownNameError("ruleset", ruleset_id, available())
    data = tomllib.loads((RULESET_DIR / f"{ruleset_id}.toml").read_text(encoding="utf-8"))
    return _from_data(ruleset_id, data)


def _from_data(ruleset_id: str, data: dict) -> Ruleset:
    try:
        night, tables, scoring = data["night"], data["tables"], data["scoring"]
        play, ties, prizes = data["play"], data["ties"], data["prizes"]
        categories = tuple(
            PrizeCategory(
                id=c["id"],
                name=c["name"],
                share=Fraction(c["share"]),
                award=c["award"],
                stat=c.get("stat"),
                note=c.get("note", ""),
            )
            for c in prizes["categories"]
        )
        ruleset = Ruleset(
            id=ruleset_id,
            name=data["name"],
            word=data["word"],
            tagline=data["tagline"],
            sets=night["sets"],
            rounds_per_set=night["rounds_per_set"],
            break_after_sets=tuple(night.get("break_after_sets", ())),
            naming=tables["naming"],
            group_tables=tables.get("group_tables", 0),
            points_per_match=scoring["points_per_match"],
            target=scoring["target"],
            bunco_points=scoring["bunco_points"],
            mini_bunco_points=scoring["mini_bunco_points"],
            track_mini_buncos=scoring["track_mini_buncos"],
            bunco_ends_round=scoring["bunco_ends_round"],
            bunco_any_number_in_final=scoring.get("bunco_any_number_in_final", False),
            movement=play["movement"],
            partners=play["partners"],
            seating=play["seating"],
            star_cards=play.get("star_cards", 4),
            name_tables_from=play.get("name_tables_from", 4),
            sheet_kind=play["sheet_kind"],
            round_tie=ties["round"],
            prize_tie=ties["prize"],
            traveler=data["traveler"]["enabled"],
            traveler_token=data["traveler"].get("token", ""),
            one_prize_per_player=prizes.get("one_prize_per_player", False),
            closest_fifty_fifty=prizes.get("closest_fifty_fifty", False),
            prizes=categories,
            options=data.get("options", {}),
        )
    except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
        raise InputError(f"ruleset {ruleset_id!r} is malformed: {exc!r}") from None
    if sum(c.share for c in ruleset.prizes) != 1:
        raise InputError(f"ruleset {ruleset_id!r}: prize shares do not add up to the whole pot")
    return ruleset
