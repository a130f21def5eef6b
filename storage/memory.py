"""An in-memory store for fast tests: the same contract as SQLite, nothing on disk. Its tables
and matches are in ``memory_tables`` and ``memory_matches``, which its scores
(``memory_scores``) read too."""

from __future__ import annotations

from .base import Chats, Matches, Sends, Tables, Users
from .memory_matches import MemoryMatches
from .memory_scores import MemoryScores
from .memory_seasons import MemorySeasons
from .memory_tables import MemoryTables
from .memory_tournaments import MemoryTournaments
from .records import ChatRecord, UserRecord
from .scores import Scores
from .seasons import Seasons
from .tournaments import Tournaments


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
        scores = MemoryScores(matches, tables)
        self.scores: Scores = scores
        self.seasons: Seasons = MemorySeasons(scores)
        self.tournaments: Tournaments = MemoryTournaments(tables)

    async def close(self) -> None:
        return None
