"""The table's ledger: a whole game's hands and running totals, kept in a database so every
phone at the table (and the CLI) reads and writes the same game.

`game.py` holds the pure rules of a game (seats, dealer rotation, who pays whom by name);
`store.py` keeps tables and hands in SQL (SQLite by default, any SQLAlchemy URL), each add,
undo and correction one transaction; `migrations/` is the schema's Alembic history.
"""
