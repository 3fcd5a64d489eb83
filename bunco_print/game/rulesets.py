"""Rulesets: how a variant of Bunco is played, loaded from the TOML files beside this module.

One ruleset drives both faces of the product: what the printed documents show and what the
scoring engine accepts and awards. Each file is plain data; this module reads it and checks
every key, so a typo or a value out of range is one line naming the file and the key.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from functools import cache
from importlib.resources import files

from bunco_print.errors import UnknownNameError
from bunco_print.game import reader
from bunco_print.game.limits import MAX_SETS, code_name, one_of
from bunco_print.game.reader import MISSING, Table
from bunco_print.game.values import shorten, shown

RULESET_DIR = files(__package__) / "rulesets"


class Word(StrEnum):
    BUNCO = "Bunco"
    BUNKO = "Bunko"
    BONKO = "Bonko"


class Naming(StrEnum):
    NUMBERED = "numbered"
    HIGH_LOW = "high_low"
    KINGS = "kings"
    GROUPS = "groups"


class Movement(StrEnum):
    LADDER = "ladder"  # winners up a table, losers down
    KING = "king"  # winners up; head-table losers to the lowest table


class Partners(StrEnum):
    ROTATE = "rotate"
    FIXED = "fixed"
    BESIDE = "beside"


class Seating(StrEnum):
    STAR = "star"
    ROLL = "roll"
    GROUPS = "groups"


class SheetKind(StrEnum):
    PLAYER = "player"
    TEAM = "team"


class RoundTie(StrEnum):
    EXTRA_TURNS = "extra_turns"
    ONE_DIE = "one_die"
    SESSION = "session"


class PrizeTie(StrEnum):
    ROLLOFF = "rolloff"
    SPLIT = "split"


class AwardKind(StrEnum):
    MOST = "most"
    FEWEST = "fewest"
    EVEN = "even"
    TRAVELER = "traveler"
    DRAW = "draw"
    FINAL = "final"


class Stat(StrEnum):
    WINS = "wins"
    LOSSES = "losses"
    BUNCOS = "buncos"
    MINI_BUNCOS = "mini_buncos"


class RoundEnd(StrEnum):
    FINISH_TURN = "finish_turn"
    ALL_TURNS = "all_turns"
    EVERYONE_ROLLS = "everyone_rolls"


class TravelerStart(StrEnum):
    HEAD_TABLE = "head_table"
    HOSTESS = "hostess"


@dataclass(frozen=True)
class PrizeCategory:
    id: str
    name: str
    share: Fraction  # of the pot
    award: AwardKind
    stat: Stat | None = None  # for most/fewest; None counts wins
    note: str = ""  # one line printed under the prize name


@dataclass(frozen=True)
class Ruleset:
    id: str
    name: str
    word: Word  # what its players call a Bunco
    tagline: str
    sets: int
    rounds_per_set: int
    break_after_sets: tuple[int, ...]
    naming: Naming
    group_tables: int  # tables per group (tournament) or 0 for one room
    points_per_match: int | str  # 1 or "round"
    target: int
    bunco_points: int
    mini_bunco_points: int
    track_mini_buncos: bool
    bunco_ends_round: bool  # a Bunco at the head table ends the round
    bunco_any_number_in_final: bool
    movement: Movement
    partners: Partners
    seating: Seating
    star_cards: int
    name_tables_from: int  # seat cards name a table from this many tables up (or when ghosts sit)
    sheet_kind: SheetKind
    round_tie: RoundTie
    prize_tie: PrizeTie
    traveler: bool
    traveler_token: str
    one_prize_per_player: bool
    closest_fifty_fifty: bool
    prizes: tuple[PrizeCategory, ...] = field(default_factory=tuple)
    options: dict = field(default_factory=dict)  # engine-only settings (see OPTIONS)

    @property
    def rounds(self) -> int:
        return self.sets * self.rounds_per_set

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

    def table_called(self, number: int, tables: int) -> str:
        """What a sentence calls table `number` after "the": its name, and "table" after a
        High-Middle-Low name ("at the High table", never "at the High")."""
        name = self.table_name(number, tables)
        return f"{name} table" if self.naming == "high_low" else name


def available() -> list[str]:
    return sorted(
        p.name.removesuffix(".toml") for p in RULESET_DIR.iterdir() if p.name.endswith(".toml")
    )


@cache
def load(ruleset_id: str) -> Ruleset:
    """The shipped ruleset with this id; an unknown id names the ones that exist."""
    if ruleset_id not in available():
        raise UnknownNameError("ruleset", shorten(ruleset_id, 60), available())
    text = (RULESET_DIR / f"{ruleset_id}.toml").read_text(encoding="utf-8")
    return parse(text, ruleset_id, f"{ruleset_id}.toml")


def parse(text: str, ruleset_id: str, where: str) -> Ruleset:
    """Check every key of a ruleset file's text; `where` names the file in errors."""
    return _ruleset(reader.parse(text, f"ruleset {where}", "ruleset"), ruleset_id)


# --- checking ----------------------------------------------------------------------------------

_SECTIONS = ("night", "tables", "scoring", "play", "ties", "traveler", "prizes")


def _ruleset(top: Table, ruleset_id: str) -> Ruleset:
    name, word, tagline = top.text("name"), top.choice("word", Word), top.text("tagline")
    night, tables, scoring, play, ties, traveler, prizes = (top.sub(s) for s in _SECTIONS)
    options = top.sub("options", optional=True)
    top.done()
    sets = night.number("sets", 1, MAX_SETS)
    breaks = night.listed("break_after_sets", [])
    bad = [b for b in breaks if type(b) is not int or not 1 <= b <= sets]
    if bad or len(set(breaks)) < len(breaks):
        night.fail("break_after_sets", f"must list different sets from 1 to {sets}: {breaks}")
    naming = tables.choice("naming", Naming)
    grouped = naming == Naming.GROUPS  # then each group's size is needed
    group_tables = tables.number("group_tables", int(grouped), None, MISSING if grouped else 0)
    ruleset = Ruleset(
        id=ruleset_id,
        name=name,
        word=word,
        tagline=tagline,
        sets=sets,
        rounds_per_set=night.number("rounds_per_set", 1),
        break_after_sets=tuple(breaks),
        naming=naming,
        group_tables=group_tables,
        points_per_match=_points(scoring),
        target=scoring.number("target", 1),
        bunco_points=scoring.number("bunco_points", 1),
        mini_bunco_points=scoring.number("mini_bunco_points", 0),
        track_mini_buncos=scoring.flag("track_mini_buncos"),
        bunco_ends_round=scoring.flag("bunco_ends_round"),
        bunco_any_number_in_final=scoring.flag("bunco_any_number_in_final", False),
        movement=play.choice("movement", Movement),
        partners=play.choice("partners", Partners),
        seating=play.choice("seating", Seating),
        star_cards=play.number("star_cards", 0, 4, 4),
        name_tables_from=play.number("name_tables_from", 1, None, 4),
        sheet_kind=play.choice("sheet_kind", SheetKind),
        round_tie=ties.choice("round", RoundTie),
        prize_tie=ties.choice("prize", PrizeTie),
        traveler=traveler.flag("enabled"),
        traveler_token=traveler.text("token", "", blank=True),
        one_prize_per_player=prizes.flag("one_prize_per_player", False),
        closest_fifty_fifty=prizes.flag("closest_fifty_fifty", False),
        prizes=_categories(prizes),
        options=_options(options),
    )
    if ruleset.traveler and not ruleset.traveler_token.strip():
        traveler.fail("token", "must name the traveling token when enabled = true")
    for table in (night, tables, scoring, play, ties, traveler, prizes):
        table.done()
    return ruleset


def _points(scoring: Table) -> int | str:
    return scoring.checked("points_per_match", one_of, (1, "round"))


def _categories(prizes: Table) -> tuple[PrizeCategory, ...]:
    entries = prizes.listed("categories")
    if not entries:
        prizes.fail("categories", "must list at least one prize")
    found = tuple(
        _category(Table(prizes.where, "ruleset", f"[[prizes.categories]] #{n}", entry))
        for n, entry in enumerate(entries, 1)
    )
    ids = [c.id for c in found]
    if (twice := next((i for i in ids if ids.count(i) > 1), None)) is not None:
        prizes.fail("categories", f"name the prize id {twice!r} twice")
    if sum(c.share for c in found) != 1:
        total = sum(c.share for c in found)
        prizes.fail("categories", f"shares add up to {total}, not the whole pot (1)")
    return found


def _category(entry: Table) -> PrizeCategory:
    prize_id = entry.checked("id", code_name)
    entry.section = f"[[prizes.categories]] {prize_id}"
    award = entry.choice("award", AwardKind)
    stat = entry.choice("stat", Stat, None)
    if stat is not None and award not in (AwardKind.MOST, AwardKind.FEWEST):
        entry.fail("stat", f"is only for award = most or fewest, not {award.value!r}")
    category = PrizeCategory(
        id=prize_id,
        name=entry.text("name"),
        share=_share(entry),
        award=award,
        stat=stat,
        note=entry.text("note", "", blank=True),
    )
    entry.done()
    return category


def _share(entry: Table) -> Fraction:
    raw = entry.raw("share")
    try:
        share = Fraction(raw) if type(raw) in (str, int) else None
    except (ValueError, ZeroDivisionError):
        share = None
    if share is None or not 0 < share <= 1:
        entry.fail("share", f'must be a fraction of the pot like "1/3", not {shown(raw)}')
    return share


def _options(options: Table) -> dict:
    found = {
        key: value
        for key, value in (
            ("round_end", options.choice("round_end", RoundEnd, None)),
            ("traveler_start", options.choice("traveler_start", TravelerStart, None)),
            ("head_bunco_finishes_turn", options.flag("head_bunco_finishes_turn", None)),
        )
        if value is not None
    }
    options.done()
    return found
