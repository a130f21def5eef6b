"""The in-memory store: its repositories, wired to one another (its scores read its tables and
matches)."""

from __future__ import annotations

from ..interface.matches import Matches
from ..interface.people import Chats, Sessions, Users
from ..interface.scores import Scores
from ..interface.seasons import Seasons
from ..interface.sends import Sends
from ..interface.tables import Tables
from ..interface.tournaments import Tournaments
from .matches import MemoryMatches
from .people import MemoryChats, MemorySessions, MemoryUsers
from .scores import MemoryScores
from .seasons import MemorySeasons
from .sends import MemorySends
from .tables import MemoryTables
from .tournaments import MemoryTournaments


class MemoryStore:
    shared = False

    def __init__(self) -> None:
        self.sends: Sends = MemorySends()
        self.users: Users = MemoryUsers()
        self.sessions: Sessions = MemorySessions()
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
