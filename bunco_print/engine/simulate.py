"""A Bunco night played with virtual dice: the demo, the test data, the plausibility reference.

Every table rolls once per tick, so tables keep pace with each other the way a room does. The
head table's bell ends the round; the other tables then finish as the ruleset says (the turn
in progress, until everyone has had a turn, or until everyone has rolled once). Ties at a table
are rolled off, teams move, partners change, ghosts sit where `seating.ghosts_by_table` puts them
and always partner a real player, who rolls for both and takes the ghost's Bunco mark.

Engine settings read from the ruleset's `[options]` table (see the ruleset TOMLs):
  round_end = "finish_turn" | "all_turns" | "everyone_rolls"   (default "finish_turn")
  head_bunco_finishes_turn = bool     a Bunco rings the bell but its roller finishes her turn
  traveler_start = "head_table" | "hostess"   who holds the Traveler before the first Bunco;
                                      the simulator's hostess is the first sheet
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bunco_print.engine.totals import SheetTotals, Totals
from bunco_print.engine.tournament import semi_night
from bunco_print.game.night import Night

PLAIN, MINI, BUNCO = 0, 1, 2


def _dice(x: int) -> tuple[int, int, int]:
    return x // 36 + 1, x // 6 % 6 + 1, x % 6 + 1


def score(
    dice: tuple[int, int, int],
    mark: int,
    points_per_match: int | str = 1,
    bunco: int = 21,
    mini: int = 5,
) -> tuple[int, int]:
    """(points, kind) of one roll in the round whose mark is `mark` (RULES.md, common core)."""
    matches = dice.count(mark)
    if matches == 3:
        return bunco, BUNCO
    if dice[0] == dice[1] == dice[2]:
        return mini, MINI
    per_die = mark if points_per_match == "round" else int(points_per_match)
    return per_die * matches, PLAIN


def _roll_tables(points_per_match: int | str, bunco: int, mini: int) -> dict:
    """For each mark, the points and the kind of each of the 216 rolls of three dice."""
    tables = {}
    for mark in range(1, 7):
        rolls = [score(_dice(x), mark, points_per_match, bunco, mini) for x in range(216)]
        tables[mark] = ([p for p, _ in rolls], [k for _, k in rolls])
    return tables


@dataclass(frozen=True)
class Simulation:
    night: Night
    seed: int | str
    totals: Totals
    log: tuple[dict, ...]  # one record per table per round (see README: the round log)
    traveler: str | None  # sheet holding the Traveler at the end


def simulate(night: Night, seed: int | str, *, log: bool = True) -> Simulation:
    """Play `night` with dice seeded by `seed`: same seed, same night."""
    return _Game(night, seed, log).play()


def play_semi_final(night: Night, finalists: Sequence[str], seed: int) -> Simulation:
    """The tournament's semi-final among `finalists`, with dice of its own."""
    return simulate(semi_night(night, tuple(finalists)), f"{seed}:semi-final")


class _Game:
    def __init__(self, night: Night, seed: int | str, log: bool):
        rules = night.ruleset
        self.night, self.seed, self.keep_log = night, seed, log
        self.rng = random.Random(seed)
        self.rolls = _roll_tables(
            rules.points_per_match, rules.bunco_points, rules.mini_bunco_points
        )
        self.round_end = rules.options.get("round_end", "finish_turn")
        self.head_finishes = rules.options.get("head_bunco_finishes_turn", False)
        self.n_real = night.players
        total = night.players + night.ghosts
        self.is_ghost = [p >= self.n_real for p in range(total)]
        self.wins = [0] * total
        self.losses = [0] * total
        units = len(night.sheets)
        self.u_wins, self.u_losses = [0] * units, [0] * units
        self.u_buncos, self.u_minis = [0] * units, [0] * units
        self.unit = [0] * total  # the sheet (or team card) index a player's results go to
        self.log: list[dict] = []
        self.tables: list[list[list[int]]] = self._seat()
        self.holder: int | None = None  # unit holding the Traveler
        if rules.traveler and rules.options.get("traveler_start") == "hostess":
            self.holder = 0

    # --- seating -----------------------------------------------------------------------------

    def _seat(self) -> list[list[list[int]]]:
        night, rng = self.night, self.rng
        reals: list[list[int]] = [[] for _ in night.table_ghosts]
        index = {sheet: i for i, sheet in enumerate(night.sheet_ids)}
        next_player = 0
        for room in night.rooms:
            if night.team_cards:
                seats = sum(4 - night.table_ghosts[t - 1] for t in room.tables)
                members = list(range(next_player, next_player + seats))
                next_player += seats
            else:
                members = [index[s] for s in room.sheets]
            if not night.team_cards and all(s in night.start_tables for s in room.sheets):
                for s in room.sheets:
                    reals[night.start_tables[s] - 1].append(index[s])
                continue
            if night.ruleset.seating == "roll":  # highest three-dice roll to the head table
                members.sort(key=lambda _: (-sum(_dice(rng.randrange(216))), rng.random()))
            else:
                rng.shuffle(members)
            for t in room.tables:
                take = 4 - night.table_ghosts[t - 1]
                reals[t - 1], members = members[:take], members[take:]
        ghost = self.n_real
        tables = []
        seated = zip(reals, night.table_ghosts, strict=True)
        for number, (players, ghosts) in enumerate(seated, start=1):
            rng.shuffle(players)
            if ghosts == 0:
                teams = [[players[0], players[1]], [players[2], players[3]]]
            elif ghosts == 1:
                teams = [[players[0], ghost], [players[1], players[2]]]
            else:
                teams = [[players[0], ghost], [players[1], ghost + 1]]
            ghost += ghosts
            tables.append(teams)
            for side, team in enumerate(teams):
                for p in team:
                    self.unit[p] = 2 * (number - 1) + side if night.team_cards else p
        return tables

    # --- one round ---------------------------------------------------------------------------

    def play(self) -> Simulation:
        night = self.night
        for rnd in range(1, night.rounds + 1):
            self._round(rnd)
        sheets = []
        for i, sheet in enumerate(night.sheet_ids):
            if night.team_cards:
                wins, losses = self.u_wins[i], self.u_losses[i]
            else:
                wins, losses = self.wins[i], self.losses[i]
            sheets.append(
                SheetTotals(
                    sheet=sheet,
                    name=night.names.get(sheet, ""),
                    wins=wins,
                    losses=losses,
                    buncos=self.u_buncos[i],
                    mini_buncos=self.u_minis[i],
                    traveler=int(self.holder == i),
                    row=i + 2,
                )
            )
        columns = {"name"}
        if night.ruleset.track_mini_buncos:
            columns.add("mini_buncos")
        if night.ruleset.traveler:
            columns.add("traveler")
        totals = Totals(tuple(sheets), "simulated totals", frozenset(columns))
        holder = night.sheet_ids[self.holder] if self.holder is not None else None
        return Simulation(night, self.seed, totals, tuple(self.log), holder)

    def _round(self, rnd: int) -> None:
        rules, tables = self.night.ruleset, self.tables
        mark = (rnd - 1) % 6 + 1
        points, kinds = self.rolls[mark]
        randrange = self.rng.randrange
        count = len(tables)
        score = [[0, 0] for _ in tables]
        seat = [0] * count
        fresh = [True] * count  # the player whose turn it is has not rolled yet
        turns = [0] * count  # turns begun this round
        marks: list[list[tuple[str, int]]] = [[] for _ in tables]  # (Bunco|mini, unit)
        unit, is_ghost, target = self.unit, self.is_ghost, rules.target
        traveler = rules.traveler

        def roll(t: int) -> int:
            s = seat[t]
            team = s & 1
            if fresh[t]:
                turns[t] += 1
                fresh[t] = False
            x = randrange(216)
            p = points[x]
            if p:
                score[t][team] += p
                kind = kinds[x]
                if kind:
                    roller = tables[t][team][s >> 1]
                    if is_ghost[roller]:  # the partner rolled for the ghost: her mark
                        roller = tables[t][team][1 - (s >> 1)]
                    if kind == BUNCO:
                        self.u_buncos[unit[roller]] += 1
                        if traveler:
                            self.holder = unit[roller]
                        marks[t].append(("bunco", unit[roller]))
                    else:
                        self.u_minis[unit[roller]] += 1
                        marks[t].append(("mini", unit[roller]))
            else:
                seat[t] = (s + 1) & 3
                fresh[t] = True
            return x

        head_done = head_turn = False
        while not head_done:
            x = roll(0)
            if kinds[x] == BUNCO and rules.bunco_ends_round:
                head_done, head_turn = True, self.head_finishes and not fresh[0]
            elif score[0][0] >= target or score[0][1] >= target:
                head_done = True
            for t in range(1, count):
                roll(t)
        if self.round_end == "finish_turn":
            for t in range(count):
                if t or head_turn:
                    while not fresh[t]:
                        roll(t)
        elif self.round_end == "all_turns":
            for t in range(count):
                while turns[t] < 4 or not fresh[t]:
                    roll(t)
        else:  # everyone_rolls: the roll in progress ends the turn; nobody goes without a roll
            for t in range(count):
                while True:
                    if not fresh[t]:
                        seat[t], fresh[t] = (seat[t] + 1) & 3, True
                    if turns[t] >= 4:
                        break
                    roll(t)
        results = [self._settle(t, score[t], seat, fresh, roll) for t in range(count)]
        if self.keep_log:
            self._log(rnd, mark, score, results, marks)
        self._move(results)

    def _settle(self, t: int, score: list[int], seat, fresh, roll) -> tuple[int, list]:
        """The winning side at table `t`, with the roll-off that decided a tie."""
        tiebreak: list = []
        kind = self.night.ruleset.round_tie
        while score[0] == score[1]:
            if kind == "one_die":  # one player of each team rolls one die
                dice = [self.rng.randrange(6) + 1, self.rng.randrange(6) + 1]
                tiebreak.append(dice)
                if dice[0] != dice[1]:
                    break
                continue
            before = list(score)  # extra turns / a session: each player takes one more turn
            for s in range(4):
                seat[t], fresh[t] = s, True
                roll(t)
                while not fresh[t]:
                    roll(t)
            tiebreak.append([score[0] - before[0], score[1] - before[1]])
        winner = int(
            tiebreak[-1][1] > tiebreak[-1][0] if score[0] == score[1] else score[1] > score[0]
        )
        team_w, team_l = self.tables[t][winner], self.tables[t][1 - winner]
        for p in team_w:
            self.wins[p] += 1
        for p in team_l:
            self.losses[p] += 1
        if self.night.team_cards:
            self.u_wins[self.unit[team_w[0]]] += 1
            self.u_losses[self.unit[team_l[0]]] += 1
        return winner, tiebreak

    # --- movement ----------------------------------------------------------------------------

    def _move(self, results: list[tuple[int, list]]) -> None:
        rules, tables = self.night.ruleset, self.tables
        new = list(tables)
        for room in self.night.rooms:
            idx = [t - 1 for t in room.tables]
            won = [tables[i][results[i][0]] for i in idx]
            lost = [tables[i][1 - results[i][0]] for i in idx]
            last = len(idx) - 1
            for k, i in enumerate(idx):
                if last == 0:
                    pairs = [won[0], lost[0]]
                elif rules.movement == "king":  # up one; the head table's losers to the bottom
                    pairs = (
                        [won[0], won[1]]
                        if k == 0
                        else [lost[k], lost[0] if k == last else won[k + 1]]
                    )
                else:  # ladder: winners up, losers down; head winners and bottom losers stay
                    pairs = (
                        [won[0], won[1]]
                        if k == 0
                        else [lost[k], lost[k - 1]]
                        if k == last
                        else [won[k + 1], lost[k - 1]]
                    )
                new[i] = self._partner(pairs) if rules.partners != "fixed" else pairs
        self.tables = new

    def _partner(self, pairs: list[list[int]]) -> list[list[int]]:
        """Split both pairs so everyone has a new partner, never two ghosts together."""
        (a1, a2), (b1, b2) = pairs
        if self.rng.random() < 0.5:
            b1, b2 = b2, b1
        if (self.is_ghost[a1] and self.is_ghost[b1]) or (self.is_ghost[a2] and self.is_ghost[b2]):
            b1, b2 = b2, b1
        return [[a1, b1], [a2, b2]]

    # --- the log -----------------------------------------------------------------------------

    def _label(self, player: int) -> str:
        if self.is_ghost[player]:
            return f"G{player - self.n_real + 1}"
        if self.night.team_cards:
            return f"P{player + 1}"
        return self.night.sheet_ids[player]

    def _log(self, rnd, mark, score, results, marks) -> None:
        per_set = self.night.ruleset.rounds_per_set
        sheets = self.night.sheet_ids
        for t, teams in enumerate(self.tables):
            record = {
                "round": rnd,
                "set": (rnd - 1) // per_set + 1,
                "mark": mark,
                "table": t + 1,
                "table_name": self.night.table_name(t + 1),
                "teams": [[self._label(p) for p in team] for team in teams],
                "score": list(score[t]),
                "winner": results[t][0],
                "buncos": [sheets[u] for kind, u in marks[t] if kind == "bunco"],
                "mini_buncos": [sheets[u] for kind, u in marks[t] if kind == "mini"],
                "tiebreak": results[t][1],
            }
            if self.night.ruleset.traveler:
                record["traveler"] = sheets[self.holder] if self.holder is not None else None
            if self.night.team_cards:
                record["cards"] = [sheets[self.unit[team[0]]] for team in teams]
            self.log.append(record)
