"""The storage interface: the repository protocols the bot talks to.

The records they hand out are in ``records``, the errors they raise in ``errors``; both are
named here too, where the bot imports them from. Every backend (``memory``, ``sqlite``,
``postgres``) passes the same contract tests in ``tests/storage``.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Protocol

from .errors import StaleTable, StorageError
from .records import (
    ChatRecord,
    ComputerLevel,
    MatchRecord,
    SeatRecord,
    SeatResult,
    Standing,
    TableKey,
    TableRecord,
    TableStatus,
    UserRecord,
    copy_table,
)
from .scores import Scores
from .seasons import Seasons
from .tournaments import Tournaments

__all__ = [
    "ChatRecord",
    "Chats",
    "ComputerLevel",
    "MatchRecord",
    "Matches",
    "SeatRecord",
    "SeatResult",
    "Seasons",
    "Sends",
    "StaleTable",
    "Standing",
    "StorageError",
    "Store",
    "TableKey",
    "TableRecord",
    "TableStatus",
    "Tables",
    "Tournaments",
    "UserRecord",
    "Users",
    "copy_table",
]


class Tables(Protocol):
    async def create(self, table: TableRecord) -> TableRecord:
        """Store a new table; returns it with ``id`` set and version 1. StorageError if a table
        in status lobby/playing already holds the key."""
        ...

    async def get(self, key: TableKey) -> TableRecord | None:
        """The table in status lobby or playing at ``key``."""
        ...

    async def by_id(self, table_id: int) -> TableRecord | None: ...

    async def save(self, table: TableRecord) -> TableRecord:
        """Write the record in one transaction if the stored version equals ``table.version``;
        returns it with the version bumped. Raises StaleTable (writing nothing) otherwise.
        The log only grows: a log shorter than the stored one, or differing from it in the
        stored part, raises StorageError (writing nothing); so does a status or key that would
        make a second lobby/playing table at one key."""
        ...

    async def active(self) -> list[TableRecord]:
        """Every table in status lobby or playing (to re-arm timers after a restart). Tables that
        cannot be rebuilt (see ``storage.check``) are left out, logged and listed by ``broken``.
        Replays every running table: meant for start-up, not for every update."""
        ...

    async def broken(self) -> list[tuple[int, str]]:
        """(table id, reason) for each lobby/playing table ``active`` leaves out."""
        ...

    async def unsent(self) -> list[TableRecord]:
        """Tables of any status whose outbox is not empty, and ended tables whose end is not
        drawn (``TableRecord.undrawn``), oldest first (start-up drains and draws them)."""
        ...

    async def seat_of(self, user_id: int) -> TableRecord | None:
        """The active table where this user has a seat, if any."""
        ...

    # -- several processes on one store (issue 19). The embedded stores serve one process (a
    # lock file keeps a second one out), so for them holding is a no-op and leases always go
    # to the one process; PostgreSQL makes them real across processes.

    def hold(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """Keep every other process off a table while a use case reads and saves it (the
        caller's own lock keeps its coroutines apart). ``table_id`` 0 is seating: a join
        checks every table for the user, then writes one."""
        ...

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        """Tables that want someone to carry them on, each leased to the caller for ``lease``
        seconds so that no other process revives it meanwhile: playing with a deadline passed
        more than ``late`` seconds ago; playing with no deadline (computers to move) and no
        save for ``late`` seconds; any status with an outbox owed (or ended and undrawn), not
        leased, and no save for ``late`` seconds."""
        ...

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        """Take (or keep) the right to send a table's owed posts for ``seconds``: False while
        another worker holds it, so no post goes out twice from two processes."""
        ...

    async def release_outbox(self, table_id: int, worker: str) -> None:
        """``worker`` has nothing of the table's outbox left to send."""
        ...

    async def moves_of(self, table_id: int) -> int | None:
        """The length of a table's stored log, read alone (cheap): a screen drawn before a move
        that another worker saved is old, and that worker draws the new one."""
        ...


class Users(Protocol):
    async def get(self, user_id: int) -> UserRecord | None: ...

    async def put(self, user: UserRecord) -> None: ...


class Chats(Protocol):
    async def get(self, chat_id: int) -> ChatRecord | None: ...

    async def put(self, chat: ChatRecord) -> None: ...


class Matches(Protocol):
    async def add(self, match: MatchRecord) -> MatchRecord: ...

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]: ...

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        """Humans only, best first: most matches won, then the better average place (places are
        the game's own ranking, so low-score games count right), then most played."""
        ...


class Sends(Protocol):
    """When the bot sent or edited a message in a group: Telegram's 20-a-minute window per group
    goes on counting across a restart, so the bot's must too."""

    async def note(self, chat_id: int, at: float) -> None:
        """One send to ``chat_id`` at unix time ``at`` (older notes are dropped as it goes)."""
        ...

    async def since(self, at: float) -> list[tuple[int, float]]:
        """(chat, unix time) of every send noted after ``at``, oldest first."""
        ...

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        """One send to ``chat_id`` at ``now`` if fewer than ``limit`` are noted in the
        ``seconds`` before it: then it is noted and 0 returned; else the seconds to wait until
        one more fits (nothing noted). Atomic across processes: one window shared by all the
        workers on the store (chat 0: the bot's overall budget)."""
        ...


class Store(Protocol):
    """One opened store: the repositories and closing."""

    tables: Tables
    users: Users
    chats: Chats
    matches: Matches
    sends: Sends
    scores: Scores  # matches with their facts, and ratings (storage/scores.py)
    seasons: Seasons  # seasons' matches and their end posts (storage/seasons.py)
    tournaments: Tournaments  # chats' tournaments (storage/tournaments.py)
    shared: bool  # several processes may use it at once (PostgreSQL): windows in the store

    async def close(self) -> None: ...
