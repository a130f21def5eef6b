"""The PostgreSQL side of ``storage.interface.tables``: a table's row, and its log in ``actions``
(appended in the save's one statement)."""

from __future__ import annotations

import contextlib
import time
from typing import Any

import asyncpg

from ..history import Logs, check_history, remember_log
from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableKey, TableRecord, copy_table
from ..rows import TABLE_COLUMNS, read_log, split_rows, table_record, table_values
from .db import PgDb
from .holds import Holds

_LIVE = "status IN ('lobby', 'playing')"
_INSERT_TABLE = (
    f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)}) VALUES "
    f"({', '.join(f'${i}' for i in range(1, len(TABLE_COLUMNS) + 1))}) RETURNING id"
)
_N = len(TABLE_COLUMNS)
# One statement: the versioned UPDATE and the new actions (arrays of idx, seat, code), inserted
# only if the UPDATE found the row at its version. Atomic, and one round trip.
_SAVE = f"""
    WITH saved AS (
        UPDATE tables SET {', '.join(f'{c} = ${i}' for i, c in enumerate(TABLE_COLUMNS, start=1))}
        WHERE id = ${_N + 1} AND version = ${_N + 2} RETURNING id
    ), appended AS (
        INSERT INTO actions (table_id, idx, seat, code)
        SELECT saved.id, a.idx, a.seat, a.code
        FROM saved, unnest(${_N + 3}::int[], ${_N + 4}::int[], ${_N + 5}::text[]) AS a(idx, seat, code)
    )
    SELECT count(*) FROM saved
"""
# A table's log as one JSON column ([[idx, seat, code], ...]), so a row and its log come in one
# statement: one snapshot.
_LOG_OF = """(SELECT COALESCE(json_agg(json_build_array(idx, seat, code) ORDER BY idx), '[]')
              FROM actions WHERE table_id = t.id)"""
_SELECT_TABLES = f"SELECT t.*, {_LOG_OF} AS log FROM tables t WHERE {{where}} ORDER BY t.id"
# The bot loads a table by id for every press: when the store remembers the log of the stored
# version, the log is not read again (the CASE skips the subquery).
_SELECT_BY_ID = (
    f"SELECT t.*, CASE WHEN t.version = $1 THEN NULL ELSE {_LOG_OF} END AS log"
    " FROM tables t WHERE t.id = $2"
)


def _key_taken(error: asyncpg.UniqueViolationError, t: TableRecord) -> StorageError:
    if getattr(error, "constraint_name", None) == "tables_live_key":
        return StorageError(f"chat {t.key.chat_id} topic {t.key.thread_id} has a table")
    return StorageError(f"table {t.id}: {error}")


_UNDRAWN = "(NOT end_drawn AND status IN ('finished', 'stopped'))"  # TableRecord.undrawn
_DUE = f"""
UPDATE tables SET swept_until = $3 WHERE id IN (
    SELECT id FROM tables WHERE swept_until <= $1 AND (
        (status = 'playing' AND (deadline <= $2 OR (deadline IS NULL AND updated_at <= $2)))
        OR ((outbox <> '[]'::jsonb OR {_UNDRAWN}) AND updated_at <= $2 AND outbox_until <= $1))
    FOR UPDATE SKIP LOCKED)
RETURNING id
"""


class PgTables:
    def __init__(self, db: PgDb) -> None:
        self.db = db
        self.holds = Holds(db)
        # Table id -> (version, log) as last read or written here. Every save bumps the version,
        # so a version names one stored log for good, even with other processes writing.
        self._logs: Logs = {}

    async def create(self, table: TableRecord) -> TableRecord:
        now = time.time()
        stored = copy_table(table, version=1, created_at=now, updated_at=now)
        values = table_values(stored)
        try:
            async with self.db.transaction() as conn:
                stored.id = await conn.fetchval(_INSERT_TABLE, *values)
                if stored.log:
                    await conn.executemany(
                        "INSERT INTO actions (table_id, idx, seat, code) VALUES ($1, $2, $3, $4)",
                        [(stored.id, i, seat, code) for i, (seat, code) in enumerate(stored.log)],
                    )
        except asyncpg.UniqueViolationError as error:
            raise _key_taken(error, stored) from error
        return self._remember(stored)

    async def get(self, key: TableKey) -> TableRecord | None:
        where = f"t.chat_id = $1 AND t.thread_id = $2 AND t.slot = $3 AND t.{_LIVE}"
        found = await self._load(where, key.chat_id, key.thread_id, key.slot)
        return found[0] if found else None

    async def by_id(self, table_id: int) -> TableRecord | None:
        if not -(2**63) <= table_id < 2**63:
            return None
        version, log = self._logs.get(table_id, (None, ()))
        row = await self.db.fetchrow(_SELECT_BY_ID, version, table_id)
        return self._remember(table_record(row, self.db.name, log)) if row else None

    async def seat_of(self, user_id: int) -> TableRecord | None:
        where = (
            f"t.id = (SELECT u.id FROM tables u, jsonb_array_elements(u.seats) s WHERE "
            f"u.{_LIVE} AND (s.value ->> 'user_id')::bigint = $1 ORDER BY u.id LIMIT 1)"
        )
        found = await self._load(where, user_id)
        return found[0] if found else None

    async def active(self) -> list[TableRecord]:
        return (await self._check_live())[0]

    def hold(self, table_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self.holds.hold(table_id)

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        rows = await self.db.fetch(_DUE, now, now - late, now + lease)
        return sorted(row[0] for row in rows)

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        status = await self.db.execute(
            "UPDATE tables SET outbox_worker = $1, outbox_until = $2 WHERE id = $3"
            " AND (outbox_worker IN ('', $1) OR outbox_until <= $4)",
            worker, now + seconds, table_id, now)
        return status.endswith(" 1")

    async def release_outbox(self, table_id: int, worker: str) -> None:
        await self.db.execute("UPDATE tables SET outbox_worker = '', outbox_until = 0"
                              " WHERE id = $1 AND outbox_worker = $2", table_id, worker)

    async def moves_of(self, table_id: int) -> int | None:
        row = await self.db.fetchrow(
            "SELECT (SELECT COUNT(*) FROM actions WHERE table_id = t.id) FROM tables t"
            " WHERE id = $1", table_id)
        return int(row[0]) if row else None

    async def unsent(self) -> list[TableRecord]:
        return await self._load(f"t.outbox <> '[]'::jsonb OR {_UNDRAWN}")

    async def broken(self) -> list[tuple[int, str]]:
        return (await self._check_live())[1]

    async def save(self, table: TableRecord) -> TableRecord:
        if table.id is None:
            raise StorageError("a table never created has no id to save")
        stored = copy_table(table, version=table.version + 1, updated_at=time.time())
        version, have = self._logs.get(table.id, (None, ()))
        if version != table.version:
            have = await self._stored_log(table)
        check_history(table, have)
        new = table.log[len(have) :]
        start = len(have)
        values = (
            *table_values(stored), table.id, table.version,
            [start + i for i in range(len(new))], [seat for seat, _ in new],
            [code for _, code in new],
        )  # fmt: skip
        try:
            changed = await self.db.fetchrow(_SAVE, *values)
        except asyncpg.UniqueViolationError as error:
            raise _key_taken(error, table) from error
        if changed is None or changed[0] != 1:  # another save got in: nothing was written
            raise StaleTable(f"table {table.id}: version {table.version} moved on")
        return self._remember(stored)

    def _remember(self, table: TableRecord) -> TableRecord:
        return remember_log(self._logs, table)

    async def _stored_log(self, table: TableRecord) -> tuple[tuple[int, str], ...]:
        """The stored log of a table at ``table.version``, read before the write: if the
        versioned UPDATE then succeeds, it was still the stored one."""
        row = await self.db.fetchrow(
            f"SELECT t.version, {_LOG_OF} AS log FROM tables t WHERE t.id = $1", table.id
        )
        if row is None:
            raise StorageError(f"table {table.id} does not exist")
        if row["version"] != table.version:
            raise StaleTable(f"table {table.id}: version {table.version}, stored {row[0]}")
        try:
            return tuple(read_log(row["log"]))
        except ValueError as error:
            raise StorageError(f"table {table.id} in {self.db.name}: {error}") from error

    async def of_tournament(self, tournament_id: int) -> list[TableRecord]:
        """Every table of a tournament, any status (``Tournaments.tables``)."""
        return await self._load("t.tournament_id = $1", tournament_id)

    async def _load(self, where: str, *args: Any) -> list[TableRecord]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=where), *args)
        return [self._remember(table_record(row, self.db.name)) for row in rows]

    async def _check_live(self) -> tuple[list[TableRecord], list[tuple[int, str]]]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=f"t.{_LIVE}"))
        return split_rows(rows, self.db.name, self._remember)

