"""Alembic's entry: the migrations run on the connection the store hands over (already in the
transaction that holds the start-up lock; see store/database.py), never on one of their own."""

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
