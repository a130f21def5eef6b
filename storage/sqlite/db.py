"""The SQLite connection: one aiosqlite connection and its lock, shared by all the store's
repositories."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from ..interface.errors import StorageFault

Row = sqlite3.Row


class Db:
    """One connection (its own aiosqlite thread) and a lock: each coroutine's statements run
    together, so none sees another's half-done transaction. Reads are single statements, each
    a consistent snapshot. (A second connection for reads measured no faster on two CPUs, and
    slower under load: one more thread contending for the GIL.)"""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        self.lock = asyncio.Lock()

    async def fetch(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[Row]:
        async with self.lock, _faults():
            return list(await self.conn.execute_fetchall(sql, params))

    async def change(self, sql: str, params: Sequence[Any] = ()) -> int:
        """One statement in autocommit mode (atomic, triggers included); rows it changed."""
        async with self.lock, _faults():
            cursor = await self.conn.execute(sql, params)
            return cursor.rowcount

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """IMMEDIATE takes SQLite's write lock up front, so a transaction never fails half-way
        for want of it."""
        async with self.lock, _faults():
            try:
                await self.conn.execute("BEGIN IMMEDIATE")
                yield self.conn
                await self.conn.execute("COMMIT")
            except BaseException:
                await _rollback(self.conn)
                raise


@asynccontextmanager
async def _faults() -> AsyncIterator[None]:
    try:
        yield
    except sqlite3.OperationalError as error:
        raise StorageFault(str(error)) from error


async def _rollback(conn: aiosqlite.Connection) -> None:
    with contextlib.suppress(sqlite3.Error):  # none to roll back (BEGIN itself failed)
        await conn.rollback()
