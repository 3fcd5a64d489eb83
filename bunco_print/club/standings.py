"""The season as it stands: each player's sums over the recorded nights, ranked by the club's
points, and the kitty's ledger night by night. Plain values out; the faces word them."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, fields

from bunco_print.club.config import Club
from bunco_print.club.season import Result, Season
from bunco_print.engine.totals import COUNTS


@dataclass(frozen=True)
class Row:
    name: str
    role: str  # member | alternate | guest
    nights: int
    wins: int
    losses: int
    buncos: int
    mini_buncos: int
    points: int
    prizes: int  # prizes won over the season
    winnings: int  # money won
    rank: int


def standings(club: Club, season: Season) -> list[Row]:
    """The season as recorded: `ranked` over every recorded sheet."""
    return ranked(club, season.results())


def ranked(club: Club, results: Iterable[Result]) -> list[Row]:
    """One row per person who played these sheets; a sub's sheets are hers unless the club says
    a sub plays for the member she replaces. Ranked by points (equal points, equal rank)."""
    sums: dict[str, dict[str, int]] = {}
    nights: dict[str, set[str]] = {}
    for r in results:
        person = r.seat.person
        if club.subs_play_for_member and r.seat.for_member:
            person = r.seat.for_member
        mine = sums.setdefault(person, dict.fromkeys((*COUNTS, "prizes", "won"), 0))
        for key in COUNTS:
            mine[key] += getattr(r, key)
        mine["prizes"] += r.prizes
        mine["won"] += r.won
        nights.setdefault(person, set()).add(r.date)
    weights = club.points
    rows = []
    for person, s in sums.items():
        played = len(nights[person])
        points = (
            weights["win"] * s["wins"] + weights["loss"] * s["losses"]
            + weights["bunco"] * s["buncos"] + weights["mini_bunco"] * s["mini_buncos"]
            + weights["night"] * played + weights["prize"] * s["prizes"]
        )  # fmt: skip
        rows.append((person, club.role(person), played, s, points))
    rows.sort(key=lambda t: (-t[4], -t[3]["wins"], -t[3]["buncos"], t[0].casefold()))
    ranked: list[Row] = []
    for place, (person, role, played, s, points) in enumerate(rows, start=1):
        rank = ranked[-1].rank if ranked and ranked[-1].points == points else place
        counts = {key: s[key] for key in COUNTS}
        ranked.append(Row(person, role, played, **counts, points=points, prizes=s["prizes"],
                          winnings=s["won"], rank=rank))  # fmt: skip
    return ranked


def standings_json(club: Club, rows: Sequence[Row], nights: int, minis: bool) -> dict:
    def row(r: Row) -> dict:
        data = asdict(r)
        if not minis:
            del data["mini_buncos"]
        return data

    return {
        "club": club.name,
        "season": club.year,
        "nights": nights,
        "standings": [row(r) for r in rows],
    }


def to_csv(records: Sequence[dict], fields: Sequence[str]) -> str:
    """The rows under a header (the header alone before any night is recorded)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(fields), lineterminator="\n")
    writer.writeheader()
    writer.writerows(records)
    return out.getvalue()


def standings_fields(minis: bool) -> list[str]:
    return [f.name for f in fields(Row) if minis or f.name != "mini_buncos"]


# --- the ledger ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LedgerLine:
    date: str
    host: str
    players: int
    buy_ins: int
    dues: int
    prizes_out: int
    host_costs: int
    to_kitty: int
    kitty: int  # the running kitty after this night


LEDGER_FIELDS = tuple(f.name for f in fields(LedgerLine))


def ledger(season: Season) -> list[LedgerLine]:
    """Per recorded night: the money in (buy-ins, dues), out (prizes, the host's allowance), what
    went to the kitty and the kitty after it."""
    hosts = {n.date: n.host for n in season.nights()}
    players: dict[str, int] = {}
    for r in season.results():
        players[r.date] = players.get(r.date, 0) + 1
    kitty, lines = 0, []
    for m in season.money():
        to_kitty = m.buy_ins + m.dues - m.prizes_out - m.host_costs
        kitty += to_kitty
        lines.append(
            LedgerLine(m.date, hosts.get(m.date, ""), players.get(m.date, 0), m.buy_ins, m.dues,
                       m.prizes_out, m.host_costs, to_kitty, kitty)
        )  # fmt: skip
    return lines


def ledger_json(club: Club, lines: Sequence[LedgerLine]) -> dict:
    kitty = lines[-1].kitty if lines else 0
    return {
        "club": club.name,
        "season": club.year,
        "currency": club.currency,
        "nights": [asdict(line) for line in lines],
        "kitty": kitty,
        "year_end_pot": max(kitty, 0),
    }
