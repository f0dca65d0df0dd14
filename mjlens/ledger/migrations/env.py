"""Alembic environment: the ledger runs it in-process (store.open_ledger) on its own connection."""

from alembic import context

from mjlens.ledger.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
