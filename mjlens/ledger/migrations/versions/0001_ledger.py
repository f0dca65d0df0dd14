"""The ledger's first schema: tables and their hands (2026-12-01).

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_table",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False, unique=True),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("rules", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("first_dealer", sa.Integer, nullable=False),
        sa.Column("first_round_wind", sa.String(1), nullable=False),
        sa.Column("revision", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "hand_record",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("game_table.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("source", sa.String(10), nullable=False),
        sa.Column("entry", sa.JSON, nullable=False),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("round_wind", sa.String(1), nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("result", sa.JSON, nullable=False),
        sa.Column("payments", sa.JSON, nullable=False),
        sa.Column("winners", sa.JSON, nullable=False),
        sa.Column("reading", sa.JSON, nullable=True),
        sa.Column("note", sa.Text, nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_hand_seq"),
    )


def downgrade() -> None:
    op.drop_table("hand_record")
    op.drop_table("game_table")
