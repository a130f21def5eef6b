"""Tables held by this process on PostgreSQL (``Tables.hold``): session advisory locks, so that
one worker at a time moves a table, and a worker that dies lets go of its tables."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from ..interface.errors import StorageError
from .db import PgDb

# A table's advisory lock key in the two-int form, apart from the migrations' one-bigint key
# and the other two-int keys (a chat's flood window in ``sends``, a game's ratings in ``scores``).
_HOLD = 0x5EA7


def _key(table_id: int) -> tuple[int, int]:
    """A 64-bit id as the two int4 keys of an advisory lock."""
    return _HOLD + (table_id >> 31), table_id & 0x7FFFFFFF


class Holds:
    """Tables held by this process, as session advisory locks on one connection of their own:
    a lock another process holds is tried again shortly (never waited for on the connection,
    so one contended table does not stall the others), and a process that dies lets go of
    every lock with its connection."""

    def __init__(self, db: PgDb) -> None:
        self.db = db
        self._conn: asyncpg.Connection | None = None
        self._statement = asyncio.Lock()  # one statement at a time on the connection

    async def _run(self, sql: str, *args: Any) -> Any:
        async with self._statement, self.db.faults():
            if self._conn is None:
                self._conn = await self.db.pool.acquire()  # kept: the locks live on it
            try:
                return await self._conn.fetchval(sql, *args)
            except (asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError, OSError):
                broken, self._conn = self._conn, None  # its locks went with it
                await self.db.pool.release(broken)
                raise

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        pause = 0.005
        while not await self._run("SELECT pg_try_advisory_lock($1, $2)", *_key(table_id)):
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            with contextlib.suppress(StorageError):  # the connection went, the lock with it
                await self._run("SELECT pg_advisory_unlock($1, $2)", *_key(table_id))

    async def close(self) -> None:
        if self._conn is not None:
            await self.db.pool.release(self._conn)
            self._conn = None

