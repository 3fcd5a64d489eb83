"""Seating a night's players four to a table: how many tables, and where the ghosts sit.

Ghosts fill the empty seats, lowest tables first, at most two to a table and on opposite teams,
and never at the head table unless there is no other way (only with five players).
"""

from __future__ import annotations

from bunco_print.game.limits import MAX_ENGINE_PLAYERS, SEATS_PER_TABLE, whole


def table_count(players: int) -> int:
    return -(-players // SEATS_PER_TABLE)


def ghosts_by_table(players: int) -> list[int]:
    """Ghost seats per table (index 0 = head): lowest tables first, two at most, head last."""
    tables = table_count(players)
    ghosts = SEATS_PER_TABLE * tables - players
    counts = [0] * tables
    order = [*range(tables - 1, 0, -1)] * 2 + [0]
    for index in order[:ghosts]:
        counts[index] += 1
    return counts


def seat_ghosts(players: int) -> list[int]:
    """Ghost seats per table; below four players (a small semi-final) one table takes them."""
    whole(players, "players", 2, MAX_ENGINE_PLAYERS)
    if players < SEATS_PER_TABLE:
        return [SEATS_PER_TABLE - players]
    return ghosts_by_table(players)
