"""The in-memory side of ``storage.interface.tables``: records in a dict, one process."""

from __future__ import annotations

import contextlib
import time
from contextlib import AbstractAsyncContextManager

from ..check import split_broken
from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableKey, TableRecord, copy_table

ACTIVE = ("lobby", "playing")


class MemoryTables:
    def __init__(self) -> None:
        self._rows: dict[int, TableRecord] = {}
        self._next_id = 1
        self._swept: dict[int, float] = {}  # table id -> until when ``due`` leased it
        self._outbox_leases: dict[int, tuple[str, float]] = {}  # table id -> (worker, until)

    def hold(self, table_id: int) -> AbstractAsyncContextManager[None]:
        return contextlib.nullcontext()  # one process: the caller's own lock is enough

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        found = [row.id or 0 for row in self._rows.values()
                 if self._swept.get(row.id or 0, 0.0) <= now and _wants_care(
                     row, now, late, self._outbox_leases.get(row.id or 0, ("", 0.0))[1])]
        self._swept.update((table_id, now + lease) for table_id in found)
        return found

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        holder, until = self._outbox_leases.get(table_id, ("", 0.0))
        if holder not in ("", worker) and until > now:
            return False
        self._outbox_leases[table_id] = (worker, now + seconds)
        return True

    async def release_outbox(self, table_id: int, worker: str) -> None:
        if self._outbox_leases.get(table_id, ("", 0.0))[0] == worker:
            del self._outbox_leases[table_id]

    async def moves_of(self, table_id: int) -> int | None:
        row = self._rows.get(table_id)
        return len(row.log) if row else None

    async def create(self, table: TableRecord) -> TableRecord:
        self._check_key(table, 0)
        now = time.time()
        stored = copy_table(table, id=self._next_id, version=1, created_at=now, updated_at=now)
        self._next_id += 1
        self._rows[stored.id or 0] = stored
        return copy_table(stored)

    async def get(self, key: TableKey) -> TableRecord | None:
        for row in self._rows.values():
            if row.key == key and row.status in ACTIVE:
                return copy_table(row)
        return None

    async def by_id(self, table_id: int) -> TableRecord | None:
        row = self._rows.get(table_id)
        return copy_table(row) if row else None

    async def save(self, table: TableRecord) -> TableRecord:
        row = self._rows.get(table.id or 0)
        if row is None:
            raise StorageError(f"table {table.id} does not exist")
        if row.version != table.version:
            raise StaleTable(f"table {table.id}: version {table.version}, stored {row.version}")
        if not _extends(table.log, row.log):
            raise StorageError(
                f"table {table.id}: the log would rewrite stored history "
                f"({len(table.log)} actions, {len(row.log)} stored)"
            )
        self._check_key(table, row.id or 0)
        stored = copy_table(table, version=table.version + 1, updated_at=time.time())
        self._rows[stored.id or 0] = stored
        return copy_table(stored)

    async def active(self) -> list[TableRecord]:
        return split_broken(self._live())[0]

    async def broken(self) -> list[tuple[int, str]]:
        return split_broken(self._live())[1]

    async def unsent(self) -> list[TableRecord]:
        return [copy_table(r) for r in self._rows.values() if r.outbox or r.undrawn]

    def _live(self) -> list[TableRecord]:
        return [copy_table(r) for r in self._rows.values() if r.status in ACTIVE]

    def _check_key(self, table: TableRecord, table_id: int) -> None:
        """One lobby/playing table per chat and topic (SQLite: a partial unique index)."""
        if table.status not in ACTIVE:
            return
        for row in self._rows.values():
            if row.id != table_id and row.key == table.key and row.status in ACTIVE:
                raise StorageError(
                    f"chat {table.key.chat_id} topic {table.key.thread_id} has a table"
                )

    def every(self) -> list[TableRecord]:
        """Every table, by id (shared, not copies)."""
        return [self._rows[i] for i in sorted(self._rows)]

    def finished(self) -> list[TableRecord]:
        return [copy_table(r) for r in self._rows.values() if r.status == "finished"]

    async def seat_of(self, user_id: int) -> TableRecord | None:
        for row in self._rows.values():
            if row.status in ACTIVE and any(s.user_id == user_id for s in row.seats):
                return copy_table(row)
        return None


def _wants_care(row: TableRecord, now: float, late: float, outbox_until: float) -> bool:
    """``Tables.due``'s test, as the SQL stores write it."""
    stale = row.updated_at <= now - late
    if row.status == "playing" and (row.deadline <= now - late if row.deadline is not None
                                    else stale):
        return True
    return (bool(row.outbox) or row.undrawn) and stale and outbox_until <= now


def _extends(log: list[tuple[int, str]], stored: list[tuple[int, str]]) -> bool:
    """The log only grows: the stored actions must be the start of the new log."""
    return len(log) >= len(stored) and list(map(tuple, log[: len(stored)])) == stored
