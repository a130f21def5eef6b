"""Opening a SQLite file: created with its folder on first use, checked, put in WAL mode and
migrated; then the store's repositories on its one connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import aiosqlite

from ..interface.errors import StorageError
from ..interface.matches import Matches
from ..interface.people import Chats, Sessions, Users
from ..interface.scores import Scores
from ..interface.seasons import Seasons
from ..interface.sends import Sends
from ..interface.tables import Tables
from ..interface.tournaments import Tournaments
from .db import Db
from .matches import SqliteMatches
from .migrations import known_version, migrate
from .people import SqliteChats, SqliteSessions, SqliteUsers
from .scores import SqliteScores
from .seasons import SqliteSeasons
from .sends import SqliteSends
from .tables import SqliteTables
from .tournaments import SqliteTournaments


async def open_sqlite(path: str | Path) -> SqliteStore:
    """Open (creating it and its folder on first use) and migrate the file at ``path``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = await aiosqlite.connect(path, isolation_level=None)  # we issue BEGIN/COMMIT ourselves
    try:
        conn.row_factory = sqlite3.Row
        await known_version(conn, path)  # before anything writes to a file we may not own
        mode = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))[0][0]
        if mode != "wal":
            raise StorageError(f"{path}: cannot use WAL journal (got {mode})")
        for pragma in ("synchronous = NORMAL", "busy_timeout = 2000", "foreign_keys = ON"):
            await conn.execute(f"PRAGMA {pragma}")
        await migrate(conn, path)
    except BaseException as error:
        await conn.close()
        if isinstance(error, sqlite3.DatabaseError):  # "file is not a database", and the like
            raise StorageError(f"{path}: {error}") from error
        raise
    return SqliteStore(Db(conn, path))


class SqliteStore:
    shared = False  # one process a file

    def __init__(self, db: Db) -> None:
        self.db = db
        tables = SqliteTables(db)
        self.tables: Tables = tables
        self.users: Users = SqliteUsers(db)
        self.sessions: Sessions = SqliteSessions(db)
        self.chats: Chats = SqliteChats(db)
        self.matches: Matches = SqliteMatches(db)
        self.sends: Sends = SqliteSends(db)
        self.scores: Scores = SqliteScores(db)
        self.seasons: Seasons = SqliteSeasons(db)
        self.tournaments: Tournaments = SqliteTournaments(db, tables)

    async def close(self) -> None:
        await self.db.conn.close()

