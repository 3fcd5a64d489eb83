"""A hosted engine's admin tokens, and the nights `publish` registered with it.

A token is 32 random bytes (URL-safe text); the database keeps only its SHA-256, so a copy of
the database lets no one publish. A token presented is hashed and compared with every live
one in constant time; a revoked token is kept (when, by id) but opens nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass

import sqlalchemy as sa

from bunco_print.edges.store import schema
from bunco_print.edges.store.database import LOCK_KEY, Database
from bunco_print.edges.store.night import now
from bunco_print.errors import InputError

TOKEN_BYTES = 32
TOKEN_MOST = 200  # characters of a presented token read at all
FIRST_TOKEN_LOCK = LOCK_KEY + 1


@dataclass(frozen=True)
class Registered:
    event: str
    manifest: bytes
    secret: str
    at: str


class Conflict(InputError):
    """The event is registered here already, with another secret or manifest."""


# --- tokens -----------------------------------------------------------------------------------


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_token(db: Database, keep: Callable[[int, str], None]) -> int:
    """A new admin token, handed to `keep` with its number (to revoke it by) inside the
    transaction that stores its hash: a token `keep` could not write down is never made."""
    with db.write() as conn:
        return _make(conn, keep)


def first_token(db: Database, keep: Callable[[int, str], None]) -> int | None:
    """The first admin token (as `new_token`), made when the database never had one; else
    None. Several processes starting at once make one between them."""
    with db.serialized(FIRST_TOKEN_LOCK) as conn:
        if conn.execute(sa.select(sa.func.count()).select_from(schema.tokens)).scalar_one():
            return None
        return _make(conn, keep)


def _make(conn, keep: Callable[[int, str], None]) -> int:
    token = secrets.token_urlsafe(TOKEN_BYTES)
    made = sa.insert(schema.tokens).values(digest=digest(token), made=now())
    number = int(conn.execute(made.returning(schema.tokens.c.id)).scalar_one())
    keep(number, token)
    return number


def token_id(db: Database, token: str) -> int | None:
    """The id of the live token `token` is, else None; every live token compared in constant
    time (no early exit), so the answer's timing says nothing of how close a guess came."""
    if not token or len(token) > TOKEN_MOST:
        return None
    given = digest(token).encode()
    t = schema.tokens
    with db.read() as conn:
        rows = conn.execute(sa.select(t.c.id, t.c.digest).where(t.c.revoked.is_(None))).all()
    found = None
    for row_id, kept in rows:
        if hmac.compare_digest(given, kept.encode()):
            found = row_id
    return found


def revoke(db: Database, token: int) -> bool:
    """Revoke token number `token`; False when there is no such live token."""
    t = schema.tokens
    with db.write() as conn:
        done = conn.execute(
            sa.update(t).where(t.c.id == token, t.c.revoked.is_(None)).values(revoked=now())
        )
        return done.rowcount == 1


def live_tokens(db: Database) -> list[tuple[int, str]]:
    """Each live token's id and when it was made."""
    t = schema.tokens
    with db.read() as conn:
        query = sa.select(t.c.id, t.c.made).where(t.c.revoked.is_(None)).order_by(t.c.id)
        return [tuple(row) for row in conn.execute(query).all()]


# --- registered nights --------------------------------------------------------------------------


def register(db: Database, event: str, manifest: bytes, secret: str, via: str) -> bool:
    """Keep a published night; True when it is new here, False when the same night (manifest
    and secret) was registered before. `Conflict` for another night under its id."""
    t = schema.registered
    text = manifest.decode("utf-8")
    with db.write() as conn:
        made = conn.execute(
            db.insert(t)
            .values(event=event, manifest=text, secret=secret, via=via, at=now())
            .on_conflict_do_nothing(index_elements=["event"])
            .returning(t.c.event)
        ).first()
        if made is not None:
            return True
        kept = conn.execute(sa.select(t.c.manifest, t.c.secret).where(t.c.event == event)).one()
    if not hmac.compare_digest(kept.secret, secret) or kept.manifest != text:
        raise Conflict(f"event {event} is registered here already, with another secret or plan")
    return False


def registered(db: Database, event: str) -> Registered | None:
    t = schema.registered
    with db.read() as conn:
        row = conn.execute(
            sa.select(t.c.manifest, t.c.secret, t.c.at).where(t.c.event == event)
        ).first()
    return None if row is None else Registered(event, row.manifest.encode(), row.secret, row.at)


def registered_count(db: Database) -> int:
    with db.read() as conn:
        return conn.execute(sa.select(sa.func.count()).select_from(schema.registered)).scalar_one()
