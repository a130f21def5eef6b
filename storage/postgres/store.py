"""Opening a PostgreSQL database: the pool, the migrations under their lock, then the store's
repositories on the pool."""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

import asyncpg

from ..interface.errors import StorageError, StorageFault
from ..interface.matches import Matches
from ..interface.people import Chats, Sessions, Users
from ..interface.scores import Scores
from ..interface.seasons import Seasons
from ..interface.sends import Sends
from ..interface.tables import Tables
from ..interface.tournaments import Tournaments
from .db import PgDb, is_fault
from .matches import PgMatches
from .migrations import migrate
from .people import PgChats, PgSessions, PgUsers
from .scores import PgScores
from .seasons import PgSeasons
from .sends import PgSends
from .tables import PgTables
from .tournaments import PgTournaments


def redact(url: str) -> str:
    """``url`` without its password, for messages and logs."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.hostname or ""
        netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))
    except ValueError:
        return "the PostgreSQL URL"


async def _keep_session(conn: asyncpg.Connection) -> None:
    """The pool's reset on release, instead of asyncpg's RESET ALL, CLOSE ALL, UNLISTEN and
    advisory unlock: a round trip per call (measured: a third of a by_id). The store keeps no
    session state (its advisory locks end with their transaction), and the pool still rolls back
    a transaction left open before this is called."""


async def open_postgres(url: str, *, min_size: int = 1, max_size: int = 10) -> PostgresStore:
    """Connect to the database at ``url`` (``postgresql://user:pass@host:port/db``) and migrate
    it. StorageError naming the database if the URL is bad or the database refuses us;
    StorageFault (a StorageError) if the server cannot be reached now."""
    name = redact(url)
    try:
        pool = await asyncpg.create_pool(
            url, min_size=min_size, max_size=max_size, timeout=10, command_timeout=60,
            server_settings={"application_name": "seghan", "lock_timeout": "10s"},
            reset=_keep_session,
        )  # fmt: skip
    except Exception as error:
        if is_fault(error):
            raise StorageFault(f"{name}: cannot connect: {error}") from error
        if isinstance(error, ValueError):  # asyncpg's DSN parsing
            raise StorageError(f"{name}: cannot open: not a PostgreSQL URL "
                               f"(postgresql://user:pass@host:port/db): {error}") from error
        raise StorageError(f"{name}: cannot open: {error}") from error
    try:
        async with PgDb(pool, name).faults(), pool.acquire() as conn:
            await migrate(conn, name)
    except BaseException as error:
        await pool.close()
        if isinstance(error, asyncpg.PostgresError):  # say, no right to create tables
            raise StorageError(f"{name}: {error}") from error
        raise
    return PostgresStore(PgDb(pool, name))


class PostgresStore:
    shared = True  # several workers may use one database at once

    def __init__(self, db: PgDb) -> None:
        self.db = db
        tables = PgTables(db)
        self.tables: Tables = tables
        self.users: Users = PgUsers(db)
        self.sessions: Sessions = PgSessions(db)
        self.chats: Chats = PgChats(db)
        self.matches: Matches = PgMatches(db)
        self.sends: Sends = PgSends(db)
        self.scores: Scores = PgScores(db)
        self.seasons: Seasons = PgSeasons(db)
        self.tournaments: Tournaments = PgTournaments(db, tables)

    async def close(self) -> None:
        await self.tables.holds.close()  # type: ignore[attr-defined]
        await self.db.pool.close()

