"""Each hand's honba counters (本场), which a riichi table pays and carries to the next hand.

A hand recorded before this revision was scored without honba, so it reads 0: the ledger shows
it as it was paid, and counts the next hands' honba on from there.

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("hand_record") as batch:
        batch.add_column(sa.Column("honba", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("hand_record") as batch:
        batch.drop_column("honba")
