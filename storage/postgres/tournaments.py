"""The PostgreSQL side of ``storage.interface.tournaments`` (schema: ``migrations``, 5)."""

from __future__ import annotations

import time
from typing import Any

import asyncpg

from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableRecord
from ..interface.tournaments import TournamentRecord
from ..rows import TOURNAMENT_LIVE, tournament_record, tournament_values
from .db import PgDb
from .tables import PgTables


class PgTournaments:
    def __init__(self, db: PgDb, tables: PgTables) -> None:
        self.db = db
        self._tables = tables

    async def create(self, tournament: TournamentRecord) -> TournamentRecord:
        now = time.time()
        stored = tournament.model_copy(update={"version": 1, "created_at": now, "updated_at": now})
        try:
            async with self.db.transaction() as conn:
                stored.id = await conn.fetchval(
                    "INSERT INTO tournaments (chat_id, status, version, owes, record)"
                    " VALUES ($1, $2, 1, $3, '{}') RETURNING id",
                    stored.chat_id, stored.status, bool(stored.outbox))
                await conn.execute("UPDATE tournaments SET record = $1 WHERE id = $2",
                                   stored.model_dump_json(), stored.id)
        except asyncpg.UniqueViolationError as error:
            raise StorageError(f"chat {tournament.chat_id} has a tournament") from error
        return stored

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        found = await self._load("id = $1", tournament_id)
        return found[0] if found else None

    async def live(self, chat_id: int) -> TournamentRecord | None:
        found = await self._load(f"chat_id = $1 AND {TOURNAMENT_LIVE}", chat_id)
        return found[0] if found else None

    async def every_live(self) -> list[TournamentRecord]:
        return await self._load(f"{TOURNAMENT_LIVE} OR owes")

    async def _load(self, where: str, *args: Any) -> list[TournamentRecord]:
        rows = await self.db.fetch(f"SELECT * FROM tournaments WHERE {where} ORDER BY id", *args)
        return [tournament_record(row, self.db.name) for row in rows]

    async def save(self, tournament: TournamentRecord) -> TournamentRecord:
        stored = tournament.model_copy(update={"version": tournament.version + 1,
                                               "updated_at": time.time()})
        try:
            status = await self.db.execute(
                "UPDATE tournaments SET status = $1, version = $2, owes = $3, record = $4"
                " WHERE id = $5 AND version = $6",
                *tournament_values(stored), tournament.id, tournament.version)
        except asyncpg.UniqueViolationError as error:
            raise StorageError(f"chat {tournament.chat_id} has a tournament") from error
        if status != "UPDATE 1":
            raise StaleTable(f"tournament {tournament.id}: version {tournament.version} is old")
        return stored

    async def tables(self, tournament_id: int) -> list[TableRecord]:
        return await self._tables.of_tournament(tournament_id)
