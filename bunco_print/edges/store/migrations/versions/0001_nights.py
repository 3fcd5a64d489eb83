"""Nights keyed by their event: a night's file holds one, a hosted database many.

A night's file written before migrations (its tables keyed by sheet alone, the event, lock and
seeds in `settings`) is carried over as it is: entries, history, roll-offs, semi-final and the
host's actions, with its version where the counts left it.
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

OLD = ("settings", "entries", "history", "rolloffs", "semi", "actions")


def upgrade() -> None:
    bind = op.get_bind()
    legacy = "settings" in sa.inspect(bind).get_table_names()
    if legacy:
        op.drop_index("history_sheet", table_name="history")  # an index's name is the file's
        for table in OLD:
            op.rename_table(table, f"old_{table}")
    _create()
    if legacy:
        _carry_over(bind)
        for table in OLD:
            op.drop_table(f"old_{table}")


def _create() -> None:
    text, integer = sa.Text(), sa.Integer()
    op.create_table(
        "nights",
        sa.Column("event", text, primary_key=True),
        sa.Column("version", sa.BigInteger(), nullable=False),
        sa.Column("locked", sa.Boolean(), nullable=False),
        sa.Column("seed", integer),
        sa.Column("draw_seed", integer),
    )
    counts = ("wins", "losses", "buncos", "mini_buncos", "traveler")
    op.create_table(
        "entries",
        sa.Column("event", text, primary_key=True),
        sa.Column("sheet", text, primary_key=True),
        *(sa.Column(name, integer, nullable=False) for name in counts),
        *(sa.Column(name, text, nullable=False) for name in ("name", "via", "at")),
        sa.Column("changes", integer, nullable=False),
    )
    op.create_table(
        "history",
        sa.Column("id", integer, primary_key=True, autoincrement=True),
        *(sa.Column(name, text, nullable=False) for name in ("event", "sheet", "via", "at")),
        sa.Column("old", text),
        sa.Column("new", text, nullable=False),
    )
    op.create_index("history_sheet", "history", ["event", "sheet", "id"])
    op.create_table(
        "rolloffs",
        sa.Column("event", text, primary_key=True),
        sa.Column("prize", text, primary_key=True),
        *(sa.Column(name, text, nullable=False) for name in ("sheet", "via", "at")),
    )
    op.create_table(
        "semi",
        sa.Column("event", text, primary_key=True),
        sa.Column("sheet", text, primary_key=True),
        *(sa.Column(name, integer, nullable=False) for name in ("wins", "losses", "buncos")),
        *(sa.Column(name, text, nullable=False) for name in ("via", "at")),
    )
    op.create_table(
        "actions",
        sa.Column("id", integer, primary_key=True, autoincrement=True),
        *(sa.Column(name, text, nullable=False) for name in ("event", "what", "via", "at")),
        sa.Column("old", text),
        sa.Column("new", text),
    )
    op.create_index("actions_event", "actions", ["event", "id"])


def _carry_over(bind) -> None:
    settings = dict(bind.execute(sa.text("SELECT key, value FROM old_settings")).all())
    event = settings.get("event_id")
    if event is None:  # a file made but never written to: nothing to carry
        return
    count = sum(
        bind.execute(sa.text(f"SELECT count(*) FROM old_{table}")).scalar_one()
        for table in ("history", "rolloffs", "actions", "semi")
    )
    seeds = {key: int(settings[key]) if key in settings else None for key in ("seed", "draw_seed")}
    bind.execute(
        sa.text(
            "INSERT INTO nights (event, version, locked, seed, draw_seed) "
            "VALUES (:event, :version, :locked, :seed, :draw_seed)"
        ),
        {"event": event, "version": count + 1, "locked": settings.get("locked") == "1", **seeds},
    )
    copies = {
        "entries": "sheet, wins, losses, buncos, mini_buncos, traveler, name, via, at, changes",
        "history": "id, sheet, via, at, old, new",
        "rolloffs": "prize, sheet, via, at",
        "semi": "sheet, wins, losses, buncos, via, at",
        "actions": "id, what, via, at, old, new",
    }
    for table, columns in copies.items():
        bind.execute(
            sa.text(
                f"INSERT INTO {table} (event, {columns}) SELECT :event, {columns} FROM old_{table}"
            ),
            {"event": event},
        )


def downgrade() -> None:
    for table in ("actions", "semi", "rolloffs", "history", "entries", "nights"):
        op.drop_table(table)
