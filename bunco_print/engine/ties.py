"""Ties for a prize or a seat: the host's roll-off winners, virtual dice, and seeded draws.

Every tie has an id (a prize id like `most_buncos`, or a tournament seat like
`group2_most_wins`). A tie is settled by the host's entry for that id (`--rolloffs FILE`), or,
when asked, by virtual dice: each tied player rolls one die, the highest takes it, the tied
highest roll again. Dice and draws are seeded per tie, so the same seed gives the same night.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

from bunco_print.engine.totals import MAX_SHEET_CHARS, normalize_sheet
from bunco_print.errors import InputError
from bunco_print.game.values import load_json, shorten

MAX_TIE_CHARS = 64  # prize and seat ids are short words

Rolls = tuple[dict[str, object], ...]  # each throw: sheet -> die (or dice)


@dataclass(frozen=True)
class Award:
    """One prize, or one tournament seat (amount 0), and who takes it."""

    id: str
    name: str
    amount: int = 0
    status: str = "unawarded"  # awarded | rolloff | unawarded
    winners: tuple[str, ...] = ()
    tied: tuple[str, ...] = ()
    paid: Mapping[str, int] = field(default_factory=dict)  # sheet -> whole units
    note: str = ""
    rolls: Rolls = ()
    waiting_for: tuple[str, ...] = ()  # unsettled ties this one depends on
    pool: tuple[str, ...] = ()  # the sheets a draw was made from


@cache
def sheet_key(sheet: str) -> tuple[int, int, str]:
    """Sheets in number order: 2 before 10."""
    return (0, int(sheet), "") if sheet.isascii() and sheet.isdigit() else (1, 0, sheet)


def parse_rolloffs(data: bytes | str, source: str = "rolloffs") -> dict[str, tuple[str, int]]:
    """{tie id: (winning sheet, line)} from `id,sheet` lines (CSV) or a JSON object."""
    text = data.decode("utf-8-sig", errors="replace") if isinstance(data, bytes) else data
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    if text.lstrip().startswith("{"):
        items = load_json(text, source)
        if not isinstance(items, dict):
            raise InputError(f'{source}: expected one JSON object like {{"most_buncos": "7"}}')
        pairs = []
        for n, (key, value) in enumerate(items.items(), start=1):
            if isinstance(value, bool) or not isinstance(value, str | int):
                raise InputError(
                    f"{source} entry {n}: the sheet for {shorten(key)!r} is not a number"
                )
            pairs.append((key, str(value), n))
    else:
        reader = csv.reader(io.StringIO(text))
        pairs = []
        while True:
            try:
                cells = next(reader)
            except StopIteration:
                break
            except csv.Error as exc:
                why = "a cell is far too long" if "larger" in str(exc) else str(exc)
                raise InputError(f"{source} line {reader.line_num}: {why}") from None
            cells = [c.strip() for c in cells]
            if not any(cells) or cells[0].startswith("#"):
                continue
            if [c.lower() for c in cells[:2]] in (["prize", "sheet"], ["tie", "sheet"]):
                continue
            if len(cells) < 2 or not cells[1]:
                raise InputError(
                    f"{source} line {reader.line_num}: expected `prize,sheet` "
                    "(for example `most_buncos,7`)"
                )
            pairs.append((cells[0], cells[1], reader.line_num))
    result: dict[str, tuple[str, int]] = {}
    for tie, sheet, line in pairs:
        if len(tie) > MAX_TIE_CHARS or not tie.isprintable():
            raise InputError(f"{source} line {line}: {shorten(tie)!r} is not a prize id")
        winner = normalize_sheet(sheet)
        if len(winner) > MAX_SHEET_CHARS or not winner.isprintable():
            raise InputError(f"{source} line {line}: {shorten(winner)!r} is not a sheet number")
        if tie in result:
            raise InputError(f"{source} line {line}: {tie} is given twice")
        result[tie] = (winner, line)
    return result


class Resolver:
    """Settles ties and makes draws, the same way for prizes and tournament seats."""

    def __init__(
        self,
        rolloffs: Mapping[str, tuple[str, int]] | None = None,
        *,
        roll: bool = False,
        seed: int = 0,
        source: str = "rolloffs",
    ):
        self.rolloffs = dict(rolloffs or {})
        self.roll, self.seed, self.source = roll, seed, source
        self.used: set[str] = set()

    def settle(self, tie: str, tied: Sequence[str]) -> tuple[str | None, Rolls]:
        """The winner among `tied` (None while the host has not rolled it off), and the dice."""
        if len(tied) == 1:
            return tied[0], ()
        if tie in self.rolloffs:
            sheet, line = self.rolloffs[tie]
            self.used.add(tie)
            if sheet not in tied:
                raise InputError(
                    f"{self.source} line {line}: sheet {sheet} is not in the tie "
                    f"for {tie} (tied: {', '.join(tied)})"
                )
            return sheet, ()
        if not self.roll:
            return None, ()
        rng = random.Random(f"rolloff:{self.seed}:{tie}")
        rolls = []
        while len(tied) > 1:
            throw = {s: rng.randint(1, 6) for s in tied}
            rolls.append(throw)
            top = max(throw.values())
            tied = [s for s in tied if throw[s] == top]
        return tied[0], tuple(rolls)

    def draw(self, name: str, pool: Sequence[str]) -> str:
        return random.Random(f"draw:{self.seed}:{name}").choice(sorted(pool, key=sheet_key))

    def final_game(self, tie: str, players: Sequence[str]) -> tuple[str | None, Rolls]:
        """The tournament final: one die each for order (lowest first), then turns of three
        dice until someone rolls three of a kind. The host's entry wins over virtual dice."""
        if tie in self.rolloffs or not self.roll:
            return self.settle(tie, players)
        rng = random.Random(f"final:{self.seed}:{tie}")
        order_dice = {s: rng.randint(1, 6) for s in players}
        rolls: list[dict[str, object]] = [dict(order_dice)]
        order = sorted(players, key=lambda s: (order_dice[s], rng.random()))
        throws = 0
        while True:
            for sheet in order:
                throws += 1
                dice = [rng.randint(1, 6) for _ in range(3)]
                if dice[0] == dice[1] == dice[2]:
                    rolls.append({sheet: dice, "throws": throws})
                    return sheet, tuple(rolls)

    def check_all_used(self, ties: Iterable[str]) -> None:
        """A roll-off entry for a tie that is not open is a typo or a stale file: say so."""
        seen = set(ties)
        for tie, (_, line) in self.rolloffs.items():
            if tie not in self.used:
                why = "no such prize or seat" if tie not in seen else "it is not tied"
                raise InputError(
                    f"{self.source} line {line}: nothing to roll off for {tie} ({why})"
                )
