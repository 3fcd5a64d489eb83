"""The store's tables, as SQLAlchemy Core declares them: the same on SQLite and PostgreSQL.

Every row is its night's (`event`): a night's file holds one night, a hosted engine's database
many. `nights.version` goes up in every write's transaction; it is what pages' caches and the
dashboard's live updates are keyed by, so a change made by any process is seen by all. The
migrations (`migrations/versions/`) make these tables; this module is what the code reads and
writes them by.
"""

from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Float,
    Index,
    Integer,
    MetaData,
    Table,
    Text,
)

metadata = MetaData()

nights = Table(
    "nights",
    metadata,
    Column("event", Text, primary_key=True),
    Column("version", BigInteger, nullable=False),
    Column("locked", Boolean, nullable=False),
    Column("seed", Integer),
    Column("draw_seed", Integer),
)

entries = Table(
    "entries",
    metadata,
    Column("event", Text, primary_key=True),
    Column("sheet", Text, primary_key=True),
    Column("wins", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("buncos", Integer, nullable=False),
    Column("mini_buncos", Integer, nullable=False),
    Column("traveler", Integer, nullable=False),
    Column("name", Text, nullable=False),
    Column("via", Text, nullable=False),
    Column("at", Text, nullable=False),
    Column("changes", Integer, nullable=False),
)

history = Table(
    "history",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event", Text, nullable=False),
    Column("sheet", Text, nullable=False),
    Column("via", Text, nullable=False),
    Column("at", Text, nullable=False),
    Column("old", Text),
    Column("new", Text, nullable=False),
    Index("history_sheet", "event", "sheet", "id"),
)

rolloffs = Table(
    "rolloffs",
    metadata,
    Column("event", Text, primary_key=True),
    Column("prize", Text, primary_key=True),
    Column("sheet", Text, nullable=False),
    Column("via", Text, nullable=False),
    Column("at", Text, nullable=False),
)

semi = Table(
    "semi",
    metadata,
    Column("event", Text, primary_key=True),
    Column("sheet", Text, primary_key=True),
    Column("wins", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("buncos", Integer, nullable=False),
    Column("via", Text, nullable=False),
    Column("at", Text, nullable=False),
)

actions = Table(
    "actions",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("event", Text, nullable=False),
    Column("what", Text, nullable=False),
    Column("via", Text, nullable=False),
    Column("at", Text, nullable=False),
    Column("old", Text),
    Column("new", Text),
    Index("actions_event", "event", "id"),
)

registered = Table(
    "registered",
    metadata,
    Column("event", Text, primary_key=True),
    Column("manifest", Text, nullable=False),  # event.json as `publish` sent it
    Column("secret", Text, nullable=False),  # what its links are signed with
    Column("via", Text, nullable=False),  # the admin token that registered it: "token 3"
    Column("at", Text, nullable=False),
)

tokens = Table(
    "tokens",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("digest", Text, nullable=False, unique=True),  # SHA-256 of the token, never itself
    Column("made", Text, nullable=False),
    Column("revoked", Text),
)

joins = Table(
    "joins",
    metadata,
    Column("code", Text, primary_key=True),  # six letters the players type once
    Column("event", Text, nullable=False, unique=True),
    Column("pack", Text, nullable=False),  # the printed pack it was started from
    Column("expires", Float, nullable=False),  # Unix time
)

limits = Table(
    "limits",
    metadata,
    Column("key", Text, primary_key=True),  # what is counted: "join:ADDRESS"
    Column("span", BigInteger, primary_key=True),  # which stretch of time
    Column("hits", Integer, nullable=False),
)
