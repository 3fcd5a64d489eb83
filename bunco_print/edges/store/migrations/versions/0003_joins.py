"""Shop packs with live scoring: the join codes of nights started from a pack's host card,
and the counters that rate-limit guessing them (and starting nights)."""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    text = sa.Text()
    op.create_table(
        "joins",
        sa.Column("code", text, primary_key=True),
        sa.Column("event", text, nullable=False, unique=True),
        sa.Column("pack", text, nullable=False),
        sa.Column("expires", sa.Float(), nullable=False),
    )
    op.create_table(
        "limits",
        sa.Column("key", text, primary_key=True),
        sa.Column("span", sa.BigInteger(), primary_key=True),
        sa.Column("hits", sa.Integer(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("limits")
    op.drop_table("joins")
