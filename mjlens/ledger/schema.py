"""The ledger's tables. Changing them means a new Alembic revision in migrations/versions."""

from __future__ import annotations

from sqlalchemy import (
                        JSON,
                        Column,
                        DateTime,
                        ForeignKey,
                        Integer,
                        MetaData,
                        String,
                        Table,
                        Text,
                        UniqueConstraint,
)

metadata = MetaData()

game_table = Table(
    "game_table", metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(80), nullable=False, unique=True),
    Column("code", String(12), nullable=False, unique=True),  # short code to join from a phone
    Column("rules", String(40), nullable=False),
    Column("options", JSON, nullable=False),
    Column("players", JSON, nullable=False),  # four names in turn order (E S W N at the start)
    Column("first_dealer", Integer, nullable=False, default=0),
    Column("first_round_wind", String(1), nullable=False, default="E"),
    Column("revision", Integer, nullable=False, default=0),  # bumped by every write
    Column("created", DateTime(timezone=True), nullable=False),
)

hand_record = Table(
    "hand_record", metadata,
    Column("id", Integer, primary_key=True),
    Column("table_id", Integer, ForeignKey("game_table.id", ondelete="CASCADE"), nullable=False),
    Column("seq", Integer, nullable=False),  # 1, 2, ... in the order the hands were played
    Column("kind", String(10), nullable=False),  # hand | round | draw
    Column("source", String(10), nullable=False),  # notation | json | photo | round | draw
    Column("entry", JSON, nullable=False),  # what was given: hand or round, winner, discarder
    Column("dealer", Integer, nullable=False),  # the dealer (player index) of this hand
    Column("round_wind", String(1), nullable=False),
    Column("streak", Integer, nullable=False),  # the dealer's 连庄 count before this hand
    Column("honba", Integer, nullable=False, server_default="0"),  # 本场 counters (riichi)
    Column("result", JSON, nullable=False),  # the score or round result, as `--json` prints it
    Column("payments", JSON, nullable=False),  # [{payer, payee (player indexes), amount, ...}]
    Column("winners", JSON, nullable=False),  # player indexes
    Column("reading", JSON, nullable=True),  # a photo's detections and links, when read from one
    Column("note", Text, nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    UniqueConstraint("table_id", "seq", name="uq_hand_seq"),
)
