"""The in-memory side of ``storage.interface.tournaments``: records in a dict."""

from __future__ import annotations

import time

from ..interface.errors import StaleTable, StorageError
from ..interface.records import TableRecord, copy_table
from ..interface.tournaments import LIVE_TOURNAMENT, TournamentRecord
from .tables import MemoryTables


class MemoryTournaments:
    def __init__(self, tables: MemoryTables) -> None:
        self._tables = tables
        self._rows: dict[int, TournamentRecord] = {}

    def _check_chat(self, tournament: TournamentRecord) -> None:
        for row in self._rows.values():
            if (row.id != tournament.id and row.chat_id == tournament.chat_id
                    and row.status in LIVE_TOURNAMENT and tournament.status in LIVE_TOURNAMENT):
                raise StorageError(f"chat {tournament.chat_id} has a tournament")

    async def create(self, tournament: TournamentRecord) -> TournamentRecord:
        self._check_chat(tournament)
        stored = tournament.model_copy(deep=True, update={
            "id": len(self._rows) + 1, "version": 1, "created_at": time.time(),
            "updated_at": time.time()})
        self._rows[stored.id or 0] = stored
        return stored.model_copy(deep=True)

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        row = self._rows.get(tournament_id)
        return row.model_copy(deep=True) if row else None

    async def live(self, chat_id: int) -> TournamentRecord | None:
        found = [r for r in self._rows.values()
                 if r.chat_id == chat_id and r.status in LIVE_TOURNAMENT]
        return found[0].model_copy(deep=True) if found else None

    async def every_live(self) -> list[TournamentRecord]:
        return [r.model_copy(deep=True) for _, r in sorted(self._rows.items())
                if r.status in LIVE_TOURNAMENT or r.outbox]

    async def save(self, tournament: TournamentRecord) -> TournamentRecord:
        row = self._rows.get(tournament.id or 0)
        if row is None:
            raise StorageError(f"tournament {tournament.id} does not exist")
        if row.version != tournament.version:
            raise StaleTable(f"tournament {tournament.id}: version {tournament.version}, "
                             f"stored {row.version}")
        self._check_chat(tournament)
        stored = tournament.model_copy(deep=True, update={"version": tournament.version + 1,
                                                          "updated_at": time.time()})
        self._rows[stored.id or 0] = stored
        return stored.model_copy(deep=True)

    async def tables(self, tournament_id: int) -> list[TableRecord]:
        return [copy_table(t) for t in self._tables.every() if t.tournament_id == tournament_id]
