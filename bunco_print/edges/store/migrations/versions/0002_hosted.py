"""A hosted engine's own tables: nights registered by `publish` (their manifest and secret)
and the admin tokens that may register them (kept as hashes, revocable)."""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    text = sa.Text()
    op.create_table(
        "registered",
        sa.Column("event", text, primary_key=True),
        *(sa.Column(name, text, nullable=False) for name in ("manifest", "secret", "via", "at")),
    )
    op.create_table(
        "tokens",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("digest", text, nullable=False, unique=True),
        sa.Column("made", text, nullable=False),
        sa.Column("revoked", text),
    )


def downgrade() -> None:
    op.drop_table("tokens")
    op.drop_table("registered")
