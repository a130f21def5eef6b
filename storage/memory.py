"""An in-memory store for fast tests: the same contract as SQLite, nothing on disk."""

from __future__ import annotations

import contextlib
import time
from collections import defaultdict
from contextlib import AbstractAsyncContextManager

from .base import (
    ChatRecord,
    Chats,
    Matches,
    MatchRecord,
    Sends,
    StaleTable,
    Standing,
    StorageError,
    TableKey,
    TableRecord,
    Tables,
    UserRecord,
    Users,
    copy_table,
)
from .check import split_broken
from .scores import Scores

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
        return [copy_table(r) for r in self._rows.values() if r.outbox]

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
    return bool(row.outbox) and stale and outbox_until <= now


def _extends(log: list[tuple[int, str]], stored: list[tuple[int, str]]) -> bool:
    """The log only grows: the stored actions must be the start of the new log."""
    return len(log) >= len(stored) and [tuple(e) for e in log[: len(stored)]] == stored


class MemoryUsers:
    def __init__(self) -> None:
        self._rows: dict[int, UserRecord] = {}

    async def get(self, user_id: int) -> UserRecord | None:
        row = self._rows.get(user_id)
        return row.model_copy() if row else None

    async def put(self, user: UserRecord) -> None:
        self._rows[user.id] = user.model_copy()


class MemoryChats:
    def __init__(self) -> None:
        self._rows: dict[int, ChatRecord] = {}

    async def get(self, chat_id: int) -> ChatRecord | None:
        row = self._rows.get(chat_id)
        return row.model_copy(deep=True) if row else None

    async def put(self, chat: ChatRecord) -> None:
        self._rows[chat.id] = chat.model_copy(deep=True)


class MemoryMatches:
    def __init__(self) -> None:
        self._rows: list[MatchRecord] = []

    async def add(self, match: MatchRecord) -> MatchRecord:
        stored = match.model_copy(deep=True, update={"id": len(self._rows) + 1})
        self._rows.append(stored)
        return stored.model_copy(deep=True)

    async def recent_all(self) -> list[MatchRecord]:
        return list(self._rows)

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]:
        rows = [m for m in reversed(self._rows) if m.chat_id == chat_id]
        return [m.model_copy(deep=True) for m in rows[: max(limit, 0)]]

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        played: dict[int, int] = defaultdict(int)
        places: dict[int, int] = defaultdict(int)
        won: dict[int, int] = defaultdict(int)
        points: dict[int, int] = defaultdict(int)
        names: dict[int, str] = {}
        for match in self._rows:
            if match.chat_id != chat_id or (game and match.game != game):
                continue
            for r in match.results:
                if r.user_id is None:
                    continue
                played[r.user_id] += 1
                won[r.user_id] += r.place == 1
                points[r.user_id] += r.score
                places[r.user_id] += r.place
                names[r.user_id] = r.name
        rows = [Standing(user_id=u, name=names[u], played=played[u], won=won[u], points=points[u])
                for u in played]
        return sorted(rows, key=lambda s: (-s.won, places[s.user_id] / s.played, -s.played, s.user_id))


class MemorySends:
    KEEP = 120.0  # seconds of sends kept: twice Telegram's window

    def __init__(self) -> None:
        self._sends: list[tuple[int, float]] = []

    async def note(self, chat_id: int, at: float) -> None:
        self._sends.append((chat_id, at))
        if len(self._sends) % 256 == 0:
            self._sends = [s for s in self._sends if s[1] > at - self.KEEP]

    async def since(self, at: float) -> list[tuple[int, float]]:
        return [s for s in self._sends if s[1] > at]

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        window = [at for chat, at in self._sends if chat == chat_id and at > now - seconds]
        if len(window) >= limit:
            return min(window) + seconds - now
        await self.note(chat_id, now)
        return 0.0


class MemoryStore:
    shared = False

    def __init__(self) -> None:
        self.sends: Sends = MemorySends()
        self.users: Users = MemoryUsers()
        self.chats: Chats = MemoryChats()
        matches, tables = MemoryMatches(), MemoryTables()
        self.tables: Tables = tables
        self.matches: Matches = matches
        from .memory_scores import MemoryScores  # it imports this module

        self.scores: Scores = MemoryScores(matches, tables)

    async def close(self) -> None:
        return None
