"""The SQLite side of ``storage.interface.tables``: a table's row, and its log in ``actions``
(appended by a trigger within the save's one statement: migration 4)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import time
from collections.abc import Sequence
from typing import Any

import aiosqlite

from ..history import Logs, check_history, remember_log
from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableKey, TableRecord, copy_table
from ..rows import TABLE_COLUMNS, read_log, split_rows, table_record, table_values
from .db import Db

_LIVE = "status IN ('lobby', 'playing')"
_UNDRAWN = "(end_drawn = 0 AND status IN ('finished', 'stopped'))"  # TableRecord.undrawn

_INSERT_TABLE = (
    f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)})"
    f" VALUES ({', '.join('?' * len(TABLE_COLUMNS))})"
)
_UPDATE_TABLE = (  # with the new actions in ``pending`` (see migration 4)
    f"UPDATE tables SET {', '.join(c + ' = ?' for c in TABLE_COLUMNS)}, pending = ?"
    " WHERE id = ? AND version = ?"
)


# A table's log as one JSON column, so a row and its log come in one statement: one snapshot.
_LOG_OF = """(SELECT json_group_array(json_array(idx, seat, code)) FROM actions
              WHERE table_id = tables.id)"""
_LOG = f"{_LOG_OF} AS log"
_SELECT_TABLES = f"SELECT *, {_LOG} FROM tables WHERE {{where}} ORDER BY id"
# The bot loads a table by id for every press: when the store remembers the log of the stored
# version, the log is not read again (SQLite skips the subquery, and no JSON is parsed).
_SELECT_BY_ID = (
    f"SELECT *, CASE WHEN version = ? THEN NULL ELSE {_LOG_OF} END AS log FROM tables WHERE id = ?"
)


def _key_taken(error: sqlite3.IntegrityError, t: TableRecord) -> StorageError:
    if "tables.chat_id" in str(error):  # the tables_live_key unique index
        return StorageError(f"chat {t.key.chat_id} topic {t.key.thread_id} has a table")
    return StorageError(f"table {t.id}: {error}")


class SqliteTables:
    def __init__(self, db: Db) -> None:
        self.db = db
        # Table id -> (version, log) as last read or written here. Every save bumps the version,
        # so a version names one stored log for good, and ``save`` can check history without
        # reading the log again (measured: a third of a save's time).
        self._logs: Logs = {}

    async def create(self, table: TableRecord) -> TableRecord:
        now = time.time()
        stored = copy_table(table, version=1, created_at=now, updated_at=now)
        try:
            async with self.db.transaction() as conn:
                cursor = await conn.execute(_INSERT_TABLE, table_values(stored))
                stored.id = cursor.lastrowid
                await _append(conn, stored.id or 0, stored.log, 0)
        except sqlite3.IntegrityError as error:
            raise _key_taken(error, stored) from error
        return self._remember(stored)

    async def get(self, key: TableKey) -> TableRecord | None:
        where = f"chat_id = ? AND thread_id = ? AND slot = ? AND {_LIVE}"
        found = await self._load(where, (key.chat_id, key.thread_id, key.slot))
        return found[0] if found else None

    async def by_id(self, table_id: int) -> TableRecord | None:
        version, log = self._logs.get(table_id, (None, ()))
        rows = await self.db.fetch(_SELECT_BY_ID, (version, table_id))
        return self._remember(table_record(rows[0], self.db.path, log)) if rows else None

    async def seat_of(self, user_id: int) -> TableRecord | None:
        where = (
            f"{_LIVE} AND id = (SELECT t.id FROM tables t, json_each(t.seats) s WHERE "
            f"t.{_LIVE} AND json_extract(s.value, '$.user_id') = ? ORDER BY t.id LIMIT 1)"
        )
        found = await self._load(where, (user_id,))
        return found[0] if found else None

    async def active(self) -> list[TableRecord]:
        return (await self._check_live())[0]

    def hold(self, table_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return contextlib.nullcontext()  # one process a file (bot/__main__.py's lock file)

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        rows = await self.db.fetch(_DUE, {"now": now, "late": now - late, "until": now + lease})
        return [row[0] for row in rows]

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        changed = await self.db.change(
            "UPDATE tables SET outbox_worker = ?, outbox_until = ? WHERE id = ?"
            " AND (outbox_worker IN ('', ?) OR outbox_until <= ?)",
            (worker, now + seconds, table_id, worker, now))
        return changed == 1

    async def release_outbox(self, table_id: int, worker: str) -> None:
        await self.db.change("UPDATE tables SET outbox_worker = '', outbox_until = 0"
                             " WHERE id = ? AND outbox_worker = ?", (table_id, worker))

    async def moves_of(self, table_id: int) -> int | None:
        rows = await self.db.fetch(
            "SELECT (SELECT COUNT(*) FROM actions WHERE table_id = id) FROM tables WHERE id = ?",
            (table_id,))
        return rows[0][0] if rows else None

    async def unsent(self) -> list[TableRecord]:
        return await self._load(f"outbox != '[]' OR {_UNDRAWN}")

    async def broken(self) -> list[tuple[int, str]]:
        return (await self._check_live())[1]

    async def save(self, table: TableRecord) -> TableRecord:
        stored = copy_table(table, version=table.version + 1, updated_at=time.time())
        version, have = self._logs.get(table.id or 0, (None, ()))
        if version != table.version:
            have = await self._stored_log(table)
        check_history(table, have)
        new = table.log[len(have) :]
        pending = json.dumps([[len(have) + i, seat, code] for i, (seat, code) in enumerate(new)])
        values = (*table_values(stored), pending if new else None, table.id, table.version)
        try:
            changed = await self.db.change(_UPDATE_TABLE, values)
        except sqlite3.IntegrityError as error:
            raise _key_taken(error, table) from error
        if changed != 1:  # another save got in since the record was read: nothing was written
            raise StaleTable(f"table {table.id}: version {table.version} moved on")
        return self._remember(stored)

    def _remember(self, table: TableRecord) -> TableRecord:
        return remember_log(self._logs, table)

    async def _stored_log(self, table: TableRecord) -> tuple[tuple[int, str], ...]:
        """The stored log of a table at ``table.version``, read before the write transaction:
        if the versioned UPDATE then succeeds, it was still the stored one."""
        rows = await self.db.fetch(f"SELECT version, {_LOG} FROM tables WHERE id = ?", (table.id,))
        if not rows:
            raise StorageError(f"table {table.id} does not exist")
        if rows[0]["version"] != table.version:
            raise StaleTable(f"table {table.id}: version {table.version}, stored {rows[0][0]}")
        try:
            return tuple(read_log(rows[0]["log"]))
        except ValueError as error:
            raise StorageError(f"table {table.id} in {self.db.path}: {error}") from error

    async def of_tournament(self, tournament_id: int) -> list[TableRecord]:
        """Every table of a tournament, any status (``Tournaments.tables``)."""
        return await self._load("tournament_id = ?", (tournament_id,))

    async def _load(self, where: str, params: Sequence[Any] = ()) -> list[TableRecord]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=where), params)
        return [self._remember(table_record(row, self.db.path)) for row in rows]

    async def _check_live(self) -> tuple[list[TableRecord], list[tuple[int, str]]]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=_LIVE))
        return split_rows(rows, self.db.path, self._remember)


# ``Tables.due`` (RETURNING: one statement, so the lease is taken by whoever reads the row)
_DUE = f"""
UPDATE tables SET swept_until = :until
WHERE swept_until <= :now AND (
    (status = 'playing' AND (deadline <= :late OR (deadline IS NULL AND updated_at <= :late)))
    OR ((outbox != '[]' OR {_UNDRAWN}) AND updated_at <= :late AND outbox_until <= :now))
RETURNING id
"""


async def _append(
    conn: aiosqlite.Connection, table_id: int, new: Sequence[tuple[int, str]], start: int
) -> None:
    if new:
        await conn.executemany(
            "INSERT INTO actions (table_id, idx, seat, code) VALUES (?, ?, ?, ?)",
            [(table_id, start + i, seat, code) for i, (seat, code) in enumerate(new)],
        )

