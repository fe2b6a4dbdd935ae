"""Persistence: the only package that touches the database.

* :mod:`bot.store.models` — tables (SQLAlchemy 2.0 typed models).
* :mod:`bot.store.db` — engines, sessions, ``upgrade()`` (Alembic migrations).
* :mod:`bot.store.repository` — the match log API (create, start, load, append,
  revert, resign) and queries; the caller owns each transaction.
* :mod:`bot.store.requests` — undo/rollback requests and disputes.
* :mod:`bot.store.players` — players' settings and their matches (vacation, standings).
* :mod:`bot.store.jobs` — deadlines and reminders.
* :mod:`bot.store.packs` — content packs servers uploaded (versioned, per server).
* :mod:`bot.store.errors` — :class:`StoreError` and its subclasses, notably
  :class:`MatchChangedError` ("the match changed, here is the new state").
"""
