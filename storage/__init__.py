"""Seghan's storage: the only package that speaks SQL, behind the protocols in ``base``.

``await open_store(path)`` gives a SQLite store (the file is created on first use);
``":memory:"`` or ``"memory"`` gives the in-memory store for tests.
"""

from __future__ import annotations

from .base import (
    ChatRecord,
    Chats,
    Matches,
    MatchRecord,
    SeatRecord,
    SeatResult,
    StaleTable,
    Standing,
    StorageError,
    Store,
    TableKey,
    TableRecord,
    Tables,
    UserRecord,
    Users,
)
from .check import check_table, replay_table
from .memory import MemoryStore
from .sqlite import SqliteStore, open_sqlite

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
    """A memory store for ``":memory:"``/``"memory"``, else the SQLite file at that path."""
    if url_or_path in (":memory:", "memory"):
        return MemoryStore()
    return await open_sqlite(url_or_path)
