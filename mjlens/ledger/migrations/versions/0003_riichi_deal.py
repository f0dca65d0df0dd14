"""Riichi tables' hands keep the deal they were played at.

Before this revision the ledger did not move the deal at a riichi table: the dealer stayed
until the table named another, and the prevailing wind never moved. Now the deal passes as the
riichi rules say (renchan on the dealer's win or tenpai at a drawn hand). A correction scores
the later hands again at their deals, so each riichi hand recorded before now gets its dealer
and prevailing wind written into its entry, as a table naming the dealer writes them: a
correction then scores it where it was played and paid. A drawn hand of then says nothing of
who was tenpai: it keeps the dealer (game.dealer_keeps), as the ledger did.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

_tables = sa.table("game_table", sa.column("id", sa.Integer), sa.column("rules", sa.String))
_hands = sa.table("hand_record", sa.column("id", sa.Integer), sa.column("table_id", sa.Integer),
                  sa.column("entry", sa.JSON), sa.column("dealer", sa.Integer),
                  sa.column("round_wind", sa.String))


def pinned(entry: dict, dealer: int, round_wind: str) -> dict:
    """The entry with the dealer and prevailing wind it was played at (a dealer the table named
    stays)."""
    out = dict(entry)
    if out.get("dealer") is None:
        out["dealer"] = dealer
    out.setdefault("round_wind", round_wind)
    return out


def upgrade() -> None:
    conn = op.get_bind()
    riichi = sa.select(_tables.c.id).where(_tables.c.rules == "riichi")
    rows = conn.execute(sa.select(_hands.c.id, _hands.c.entry, _hands.c.dealer,
                                  _hands.c.round_wind)
                        .where(_hands.c.table_id.in_(riichi))).mappings().all()
    for row in rows:
        conn.execute(sa.update(_hands).where(_hands.c.id == row["id"]).values(
            entry=pinned(row["entry"], row["dealer"], row["round_wind"])))


def downgrade() -> None:
    """The pinned fields are what the older ledger would have computed again: nothing to undo
    (an older ledger ignores `round_wind` and reads `dealer` as the table's choice)."""
