"""The SQLite side of ``storage.interface.tournaments`` (schema: migration 11)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableRecord
from ..interface.tournaments import TournamentRecord
from ..rows import TOURNAMENT_LIVE, tournament_record, tournament_values
from .db import Db
from .tables import SqliteTables


class SqliteTournaments:
    def __init__(self, db: Db, tables: SqliteTables) -> None:
        self.db = db
        self._tables = tables

    async def create(self, tournament: TournamentRecord) -> TournamentRecord:
        now = time.time()
        stored = tournament.model_copy(update={"version": 1, "created_at": now, "updated_at": now})
        try:
            async with self.db.transaction() as conn:
                cursor = await conn.execute(
                    "INSERT INTO tournaments (chat_id, status, version, owes, record)"
                    " VALUES (?, ?, 1, ?, '{}')",
                    (stored.chat_id, stored.status, bool(stored.outbox)))
                stored.id = cursor.lastrowid
                await conn.execute("UPDATE tournaments SET record = ? WHERE id = ?",
                                   (stored.model_dump_json(), stored.id))
        except sqlite3.IntegrityError as error:
            raise StorageError(f"chat {tournament.chat_id} has a tournament") from error
        return stored

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._load("id = ?", (tournament_id,))
        return found[0] if found else None

    async def live(self, chat_id: int) -> TournamentRecord | None:
        found = await self._load(f"chat_id = ? AND {TOURNAMENT_LIVE}", (chat_id,))
        return found[0] if found else None

    async def every_live(self) -> list[TournamentRecord]:
        return await self._load(f"{TOURNAMENT_LIVE} OR owes")

    async def _load(self, where: str, params: Sequence[Any] = ()) -> list[TournamentRecord]:
        rows = await self.db.fetch(f"SELECT * FROM tournaments WHERE {where} ORDER BY id", params)
        return [tournament_record(row, self.db.path) for row in rows]

    async def save(self, tournament: TournamentRecord) -> TournamentRecord:
        stored = tournament.model_copy(update={"version": tournament.version + 1,
                                               "updated_at": time.time()})
        try:
            changed = await self.db.change(
                "UPDATE tournaments SET status = ?, version = ?, owes = ?, record = ?"
                " WHERE id = ? AND version = ?",
                (*tournament_values(stored), tournament.id, tournament.version))
        except sqlite3.IntegrityError as error:
            raise StorageError(f"chat {tournament.chat_id} has a tournament") from error
        if changed != 1:
            raise StaleTable(f"tournament {tournament.id}: version {tournament.version} is old")
        return stored

    async def tables(self, tournament_id: int) -> list[TableRecord]:
        return await self._tables.of_tournament(tournament_id)
