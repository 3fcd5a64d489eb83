"""Nights started from a shop pack's host card, and the join codes their players type.

A join code is six letters from an alphabet without look-alikes (no I, L or O): 23^6, about
148 million codes, of which a few live at a time; guesses are counted per address in
`limits`, so a guesser gets a handful a window, not millions. A code expires (the night does
not: its signed links keep working); an expired code is freed for reuse.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

import sqlalchemy as sa

from bunco_print.edges.store import schema
from bunco_print.edges.store.database import Database
from bunco_print.edges.store.night import now

LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
LENGTH = 6


@dataclass(frozen=True)
class Join:
    code: str
    event: str
    pack: str
    expires: float


def normal(code: str) -> str:
    """A code as typed (any case, spaces or dashes between) as it is kept."""
    return "".join(c for c in code.upper() if c.isalnum())[: LENGTH + 1]


def start(db: Database, pack: str, event: str, manifest: str, secret: str, ttl: float) -> Join:
    """Register a new night started from `pack` and give it a free join code, in one
    transaction: a night without its code (or a code without its night) is never kept."""
    at = time.time()
    with db.write() as conn:
        conn.execute(sa.delete(schema.joins).where(schema.joins.c.expires < at))
        conn.execute(
            sa.insert(schema.registered).values(
                event=event, manifest=manifest, secret=secret, via=f"pack {pack}", at=now()
            )
        )
        while True:
            code = "".join(secrets.choice(LETTERS) for _ in range(LENGTH))
            made = conn.execute(
                db.insert(schema.joins)
                .values(code=code, event=event, pack=pack, expires=at + ttl)
                .on_conflict_do_nothing(index_elements=["code"])
                .returning(schema.joins.c.code)
            ).first()
            if made is not None:
                return Join(code, event, pack, at + ttl)


def find(db: Database, code: str, pack: str) -> Join | None:
    """The live join `code` opens for a sheet of `pack` (another pack's code opens nothing)."""
    t = schema.joins
    with db.read() as conn:
        row = conn.execute(
            sa.select(t).where(
                t.c.code == normal(code), t.c.pack == pack, t.c.expires > time.time()
            )
        ).first()
    return None if row is None else Join(row.code, row.event, row.pack, row.expires)


def of_event(db: Database, event: str) -> Join | None:
    t = schema.joins
    with db.read() as conn:
        row = conn.execute(sa.select(t).where(t.c.event == event)).first()
    return None if row is None else Join(row.code, row.event, row.pack, row.expires)


def count(db: Database, key: str, window: float, add: int = 1) -> int:
    """`key`'s count in the current window of `window` seconds, after adding `add` (0: only
    read); old windows are dropped as new ones start."""
    t, stretch = schema.limits, int(time.time() // window)
    with db.write() as conn:
        if add:
            conn.execute(sa.delete(t).where(t.c.key == key, t.c.span < stretch))
            conn.execute(
                db.insert(t)
                .values(key=key, span=stretch, hits=add)
                .on_conflict_do_update(
                    index_elements=["key", "span"], set_={"hits": t.c.hits + add}
                )
            )
        found = conn.execute(
            sa.select(t.c.hits).where(t.c.key == key, t.c.span == stretch)
        ).scalar()
    return int(found or 0)
