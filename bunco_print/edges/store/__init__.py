"""Where live nights are kept: a night's own SQLite file, or one database (SQLite or
PostgreSQL) for a hosted engine's many nights. `database.py` opens and migrates it, `schema.py`
declares its tables, `night.py` is one night's store."""

from bunco_print.edges.store.database import Database, open_file, open_url
from bunco_print.edges.store.night import (
    FIELDS,
    Action,
    Change,
    HostKept,
    Locked,
    Stale,
    Store,
    Stored,
    now,
)

__all__ = [
    "FIELDS",
    "Action",
    "Change",
    "Database",
    "HostKept",
    "Locked",
    "Stale",
    "Store",
    "Stored",
    "now",
    "open_file",
    "open_url",
]
