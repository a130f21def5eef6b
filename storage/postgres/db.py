"""The PostgreSQL connection pool (asyncpg), shared by all the store's repositories, and which of
its errors mean "not now".
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from ..interface.errors import StorageError, StorageFault

# SQLSTATE classes and codes that mean "cannot now, may work later".
_FAULT_CLASSES = ("08", "53", "57", "58")  # connection, resources, operator, system (I/O)
_FAULT_CODES = {"40001", "40P01", "55P03", "55006"}  # serialization, deadlock, lock timeout


def is_fault(error: BaseException) -> bool:
    if isinstance(error, asyncpg.PostgresError):
        code = str(getattr(error, "sqlstate", "") or "")
        return code[:2] in _FAULT_CLASSES or code in _FAULT_CODES
    if isinstance(error, ValueError):  # asyncpg's own DataError, a bad DSN: not "now"
        return False
    return isinstance(
        error, (OSError, TimeoutError, asyncpg.InterfaceError, asyncpg.exceptions.InternalClientError)
    )  # connection closed, refused, timed out; a protocol error


class PgDb:
    """The pool and the name the database goes by in messages (its URL, password hidden)."""

    def __init__(self, pool: asyncpg.Pool, name: str) -> None:
        self.pool = pool
        self.name = name

    async def fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async with self.faults():
            return list(await self.pool.fetch(sql, *args))

    async def fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        async with self.faults():
            row: asyncpg.Record | None = await self.pool.fetchrow(sql, *args)
            return row

    async def execute(self, sql: str, *args: Any) -> str:
        async with self.faults():
            status: str = await self.pool.execute(sql, *args)
            return status

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[asyncpg.Connection]:
        async with self.faults(), self.pool.acquire() as conn, conn.transaction():
            yield conn

    @asynccontextmanager
    async def faults(self) -> AsyncIterator[None]:
        try:
            yield
        except StorageError:
            raise
        except Exception as error:
            if is_fault(error):
                raise StorageFault(f"{self.name}: {error}") from error
            if isinstance(error, (asyncpg.DataError, asyncpg.exceptions._base.DataError)):
                # a value its column cannot hold (a 65-bit id, a NUL in a JSON string)
                raise StorageError(f"{self.name}: {error}") from error
            raise
