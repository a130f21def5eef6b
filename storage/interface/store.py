"""One opened store: what ``storage.open_store`` returns, whichever backend it opened."""

from __future__ import annotations

from typing import Protocol

from .matches import Matches
from .people import Chats, Sessions, Users
from .scores import Scores
from .seasons import Seasons
from .sends import Sends
from .tables import Tables
from .tournaments import Tournaments


class Store(Protocol):
    """One opened store: the repositories and closing."""

    tables: Tables
    users: Users
    sessions: Sessions  # page sessions' generations (storage/interface/people.py)
    chats: Chats
    matches: Matches
    sends: Sends
    scores: Scores  # matches with their facts, and ratings (storage/interface/scores.py)
    seasons: Seasons  # seasons' matches and their end posts (storage/interface/seasons.py)
    tournaments: Tournaments  # chats' tournaments (storage/interface/tournaments.py)
    shared: bool  # several processes may use it at once (PostgreSQL): windows in the store

    async def close(self) -> None: ...
