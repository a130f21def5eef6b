"""Seghan's storage: the only package that speaks SQL, behind the interface in ``interface``, with
one folder a backend (``memory``, ``sqlite``, ``postgres``), each with the same module names.

``await open_store(url_or_path)``: a SQLite store for a path or ``sqlite:///path`` (the file is
created on first use), a PostgreSQL store for ``postgresql://...`` (asyncpg; migrated on open),
and the in-memory store for tests for ``":memory:"`` or ``"memory"``.
"""

from __future__ import annotations

from .check import check_table, replay_table
from .interface.errors import StaleTable, StorageError
from .interface.matches import Matches
from .interface.people import Chats, Users
from .interface.records import (
    ChatRecord,
    MatchRecord,
    SeatRecord,
    SeatResult,
    Standing,
    TableKey,
    TableRecord,
    UserRecord,
)
from .interface.store import Store
from .interface.tables import Tables
from .memory.store import MemoryStore
from .sqlite.store import SqliteStore, open_sqlite

__all__ = [
    "ChatRecord",
    "Chats",
    "MatchRecord",
    "Matches",
    "MemoryStore",
    "SeatRecord",
    "SeatResult",
    "SqliteStore",
    "StaleTable",
    "Standing",
    "StorageError",
    "Store",
    "TableKey",
    "TableRecord",
    "Tables",
    "UserRecord",
    "Users",
    "check_table",
    "open_sqlite",
    "open_store",
    "replay_table",
]


async def open_store(url_or_path: str) -> Store:
    """A memory store for ``":memory:"``/``"memory"``; PostgreSQL for ``postgresql://`` or
    ``postgres://`` URLs; SQLite for ``sqlite:///relative/path``, ``sqlite:////absolute/path``
    or a plain path. StorageError for any other URL (rather than a file named after it)."""
    if url_or_path in (":memory:", "memory"):
        return MemoryStore()
    scheme, sep, rest = url_or_path.partition("://")
    if not sep or len(scheme) < 2 or not scheme.replace("+", "").isalnum():  # a plain path
        return await open_sqlite(url_or_path)
    if scheme.lower() in ("postgresql", "postgres"):
        from .postgres.store import open_postgres  # asyncpg only when it is used

        return await open_postgres(url_or_path)
    if scheme.lower() == "sqlite":
        if not rest.startswith("/") or rest == "/":
            raise StorageError("a sqlite URL is sqlite:///relative/path or "
                               "sqlite:////absolute/path")
        return await open_sqlite(rest[1:])
    raise StorageError(f"unknown database URL scheme {scheme!r} (use a path, "
                       "sqlite:///path or postgresql://user:pass@host/db)")
