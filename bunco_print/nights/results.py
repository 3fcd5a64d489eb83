"""A night's results as a stable JSON document, and the prizes' details in words.

The JSON shape is documented in README.md ("Settling the night") and kept stable: keys are
only ever added.
"""

from __future__ import annotations

from typing import Any

from bunco_print.engine.awards import Settlement, Standing, standings
from bunco_print.engine.ties import Award
from bunco_print.engine.tournament import Advancement
from bunco_print.engine.validate import Problem, Validation
from bunco_print.game.night import Night

STATUS = {"awarded": "awarded", "rolloff": "roll-off needed", "unawarded": "not awarded"}


def to_json(validation: Validation, settlement: Settlement | None = None, **extra: Any) -> dict:
    """The machine-readable result of validate, prizes or simulate."""
    rows = settlement.standings if settlement else standings(validation, ())
    data = {
        "valid": settlement.valid if settlement else validation.valid,
        "errors": [_problem(p) for p in validation.errors],
        "warnings": [_problem(p) for p in validation.warnings],
        "prizes": [_award(a) for a in settlement.prizes] if settlement else [],
        "standings": [_standing(s, validation.night) for s in rows],
        "night": _night(validation.night),
        "tournament": _tournament(settlement.advancement) if settlement else None,
        "seed": settlement.seed if settlement else None,
    }
    data.update(extra)
    return data


def _problem(p: Problem) -> dict:
    return {"code": p.code, "sheet": p.sheet, "field": p.field, "message": p.message}


def _award(a: Award) -> dict:
    return {
        "id": a.id,
        "name": a.name,
        "amount": a.amount,
        "winners": list(a.winners),
        "tied": list(a.tied),
        "status": a.status,
        "paid": dict(a.paid),
        "note": a.note,
        "rolls": [dict(r) for r in a.rolls],
        "waiting_for": list(a.waiting_for),
        "pool": list(a.pool),
    }


def _standing(s: Standing, night: Night) -> dict:
    row = s.sheet
    data = {
        "rank": s.rank,
        "sheet": row.sheet,
        "name": row.name or night.names.get(row.sheet, ""),
        "wins": row.wins,
        "losses": row.losses,
        "buncos": row.buncos,
    }
    if night.ruleset.track_mini_buncos:
        data["mini_buncos"] = row.mini_buncos
    data.update(traveler=row.traveler == 1, prizes=list(s.prizes), won=s.won)
    return data


def _night(night: Night) -> dict:
    return {
        "ruleset": night.ruleset.id,
        "event_id": night.event_id or None,
        "players": night.players,
        "sheets": len(night.sheets),
        "sets": night.sets,
        "rounds": night.rounds,
        "tables": len(night.tables),
        "ghosts": night.ghosts,
        "buy_in": night.buy_in,
        "pot": night.pot,
        "currency": night.currency,
    }


def _tournament(adv: Advancement | None) -> dict | None:
    if adv is None:
        return None
    semi = adv.semi
    return {
        "semi_final_seats": [_award(a) for a in adv.semi_seats],
        "semi_finalists": list(adv.semi_finalists) if adv.semi_finalists else None,
        "semi_final": None
        if semi is None
        else {
            "valid": semi.valid,
            "errors": [_problem(p) for p in semi.errors],
            "warnings": [_problem(p) for p in semi.warnings],
        },
        "final_seats": [_award(a) for a in adv.final_seats],
        "final_table": list(adv.final_table) if adv.final_table else None,
        "note": adv.note,
    }


def _throw(throw: dict) -> str:
    if "throws" in throw:  # the final table's winning throw
        ((sheet, dice),) = ((k, v) for k, v in throw.items() if k != "throws")
        return f"sheet {sheet} rolled {'-'.join(map(str, dice))} on throw {throw['throws']}"
    return " ".join(f"{sheet}={die}" for sheet, die in throw.items())


def details(a: Award) -> str:
    parts = [a.note] if a.note else []
    if a.rolls:
        parts.append("dice: " + "; ".join(_throw(t) for t in a.rolls))
    if a.pool and len(a.pool) <= 20:
        parts.append(f"from {', '.join(a.pool)}")
    return "; ".join(parts)
