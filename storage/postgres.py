"""The PostgreSQL backend (asyncpg), for a database server. The same contract as SQLite
(``tests/storage``); the schema is in ``pg_migrations.py``. Stores in several processes may share
one database: every save checks and bumps the table's version, and migrations take turns.

Every call is one statement on a pooled connection, so it is its own transaction and snapshot,
except where a transaction is opened explicitly (a new table with its log, a match with its
results and ratings). A save is one statement too: the versioned UPDATE and the INSERT of the
new actions in one CTE, one round trip.

Errors that mean "not now" (connection lost or refused, too many connections, lock timeout, disk
full, serialization failure, deadlock) become ``StorageFault``, like SQLite's busy database; the
bot answers "try again". The pool that tells them apart is in ``postgres_db.py``, the finished
matches in ``postgres_matches.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from .base import Chats, Matches, Sends, Tables, Users
from .check import report, split_broken
from .errors import StaleTable, StorageError, StorageFault
from .history import Logs, check_history, remember_log
from .pg_migrations import migrate
from .postgres_db import PgDb, is_fault
from .postgres_matches import PgMatches
from .postgres_scores import PgScores
from .postgres_seasons import PgSeasons
from .postgres_tournaments import PgTournaments
from .records import ChatRecord, TableKey, TableRecord, UserRecord, copy_table
from .rows import TABLE_COLUMNS, read_log, table_record, table_values
from .scores import Scores
from .seasons import Seasons
from .tournaments import Tournaments

_LIVE = "status IN ('lobby', 'playing')"


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
        self.chats: Chats = PgChats(db)
        self.matches: Matches = PgMatches(db)
        self.sends: Sends = PgSends(db)
        self.scores: Scores = PgScores(db)
        self.seasons: Seasons = PgSeasons(db)
        self.tournaments: Tournaments = PgTournaments(db, tables)

    async def close(self) -> None:
        await self.tables.holds.close()  # type: ignore[attr-defined]
        await self.db.pool.close()


# -- tables ----------------------------------------------------------------------------------

_JSON = {"rules", "seats", "outbox"}
_INSERT_TABLE = (
    f"INSERT INTO tables ({', '.join(TABLE_COLUMNS)}) VALUES "
    f"({', '.join(f'${i}' for i in range(1, len(TABLE_COLUMNS) + 1))}) RETURNING id"
)
_N = len(TABLE_COLUMNS)
# One statement: the versioned UPDATE and the new actions (arrays of idx, seat, code), inserted
# only if the UPDATE found the row at its version. Atomic, and one round trip.
_SAVE = f"""
    WITH saved AS (
        UPDATE tables SET {', '.join(f'{c} = ${i}' for i, c in enumerate(TABLE_COLUMNS, start=1))}
        WHERE id = ${_N + 1} AND version = ${_N + 2} RETURNING id
    ), appended AS (
        INSERT INTO actions (table_id, idx, seat, code)
        SELECT saved.id, a.idx, a.seat, a.code
        FROM saved, unnest(${_N + 3}::int[], ${_N + 4}::int[], ${_N + 5}::text[]) AS a(idx, seat, code)
    )
    SELECT count(*) FROM saved
"""
# A table's log as one JSON column ([[idx, seat, code], ...]), so a row and its log come in one
# statement: one snapshot.
_LOG_OF = """(SELECT COALESCE(json_agg(json_build_array(idx, seat, code) ORDER BY idx), '[]')
              FROM actions WHERE table_id = t.id)"""
_SELECT_TABLES = f"SELECT t.*, {_LOG_OF} AS log FROM tables t WHERE {{where}} ORDER BY t.id"
# The bot loads a table by id for every press: when the store remembers the log of the stored
# version, the log is not read again (the CASE skips the subquery).
_SELECT_BY_ID = (
    f"SELECT t.*, CASE WHEN t.version = $1 THEN NULL ELSE {_LOG_OF} END AS log"
    " FROM tables t WHERE t.id = $2"
)


def _key_taken(error: asyncpg.UniqueViolationError, t: TableRecord) -> StorageError:
    if getattr(error, "constraint_name", None) == "tables_live_key":
        return StorageError(f"chat {t.key.chat_id} topic {t.key.thread_id} has a table")
    return StorageError(f"table {t.id}: {error}")


# Advisory lock keys in the two-int form (apart from the one-bigint keys of migrations and
# matches): a table's hold, and a chat's flood window.
_HOLD, _WINDOW = 0x5EA7, 0x5E4D
_UNDRAWN = "(NOT end_drawn AND status IN ('finished', 'stopped'))"  # TableRecord.undrawn
_DUE = f"""
UPDATE tables SET swept_until = $3 WHERE id IN (
    SELECT id FROM tables WHERE swept_until <= $1 AND (
        (status = 'playing' AND (deadline <= $2 OR (deadline IS NULL AND updated_at <= $2)))
        OR ((outbox <> '[]'::jsonb OR {_UNDRAWN}) AND updated_at <= $2 AND outbox_until <= $1))
    FOR UPDATE SKIP LOCKED)
RETURNING id
"""


def _key(table_id: int) -> tuple[int, int]:
    """A 64-bit id as the two int4 keys of an advisory lock."""
    return _HOLD + (table_id >> 31), table_id & 0x7FFFFFFF


class Holds:
    """Tables held by this process, as session advisory locks on one connection of their own:
    a lock another process holds is tried again shortly (never waited for on the connection,
    so one contended table does not stall the others), and a process that dies lets go of
    every lock with its connection."""

    def __init__(self, db: PgDb) -> None:
        self.db = db
        self._conn: asyncpg.Connection | None = None
        self._statement = asyncio.Lock()  # one statement at a time on the connection

    async def _run(self, sql: str, *args: Any) -> Any:
        async with self._statement, self.db.faults():
            if self._conn is None:
                self._conn = await self.db.pool.acquire()  # kept: the locks live on it
            try:
                return await self._conn.fetchval(sql, *args)
            except (asyncpg.ConnectionDoesNotExistError, asyncpg.InterfaceError, OSError):
                broken, self._conn = self._conn, None  # its locks went with it
                await self.db.pool.release(broken)
                raise

    @asynccontextmanager
    async def hold(self, table_id: int) -> AsyncIterator[None]:
        pause = 0.005
        while not await self._run("SELECT pg_try_advisory_lock($1, $2)", *_key(table_id)):
            await asyncio.sleep(pause)
            pause = min(pause * 2, 0.05)
        try:
            yield
        finally:
            with contextlib.suppress(StorageError):  # the connection went, the lock with it
                await self._run("SELECT pg_advisory_unlock($1, $2)", *_key(table_id))

    async def close(self) -> None:
        if self._conn is not None:
            await self.db.pool.release(self._conn)
            self._conn = None


class PgTables:
    def __init__(self, db: PgDb) -> None:
        self.db = db
        self.holds = Holds(db)
        # Table id -> (version, log) as last read or written here. Every save bumps the version,
        # so a version names one stored log for good, even with other processes writing.
        self._logs: Logs = {}

    async def create(self, table: TableRecord) -> TableRecord:
        now = time.time()
        stored = copy_table(table, version=1, created_at=now, updated_at=now)
        values = table_values(stored)
        try:
            async with self.db.transaction() as conn:
                stored.id = await conn.fetchval(_INSERT_TABLE, *values)
                if stored.log:
                    await conn.executemany(
                        "INSERT INTO actions (table_id, idx, seat, code) VALUES ($1, $2, $3, $4)",
                        [(stored.id, i, seat, code) for i, (seat, code) in enumerate(stored.log)],
                    )
        except asyncpg.UniqueViolationError as error:
            raise _key_taken(error, stored) from error
        return self._remember(stored)

    async def get(self, key: TableKey) -> TableRecord | None:
        where = f"t.chat_id = $1 AND t.thread_id = $2 AND t.slot = $3 AND t.{_LIVE}"
        found = await self._load(where, key.chat_id, key.thread_id, key.slot)
        return found[0] if found else None

    async def by_id(self, table_id: int) -> TableRecord | None:
        if not -(2**63) <= table_id < 2**63:
            return None
        version, log = self._logs.get(table_id, (None, ()))
        row = await self.db.fetchrow(_SELECT_BY_ID, version, table_id)
        return self._remember(table_record(row, self.db.name, log)) if row else None

    async def seat_of(self, user_id: int) -> TableRecord | None:
        where = (
            f"t.id = (SELECT u.id FROM tables u, jsonb_array_elements(u.seats) s WHERE "
            f"u.{_LIVE} AND (s.value ->> 'user_id')::bigint = $1 ORDER BY u.id LIMIT 1)"
        )
        found = await self._load(where, user_id)
        return found[0] if found else None

    async def active(self) -> list[TableRecord]:
        return (await self._check_live())[0]

    def hold(self, table_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        return self.holds.hold(table_id)

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        rows = await self.db.fetch(_DUE, now, now - late, now + lease)
        return sorted(row[0] for row in rows)

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        status = await self.db.execute(
            "UPDATE tables SET outbox_worker = $1, outbox_until = $2 WHERE id = $3"
            " AND (outbox_worker IN ('', $1) OR outbox_until <= $4)",
            worker, now + seconds, table_id, now)
        return status.endswith(" 1")

    async def release_outbox(self, table_id: int, worker: str) -> None:
        await self.db.execute("UPDATE tables SET outbox_worker = '', outbox_until = 0"
                              " WHERE id = $1 AND outbox_worker = $2", table_id, worker)

    async def moves_of(self, table_id: int) -> int | None:
        row = await self.db.fetchrow(
            "SELECT (SELECT COUNT(*) FROM actions WHERE table_id = t.id) FROM tables t"
            " WHERE id = $1", table_id)
        return int(row[0]) if row else None

    async def unsent(self) -> list[TableRecord]:
        return await self._load(f"t.outbox <> '[]'::jsonb OR {_UNDRAWN}")

    async def broken(self) -> list[tuple[int, str]]:
        return (await self._check_live())[1]

    async def save(self, table: TableRecord) -> TableRecord:
        if table.id is None:
            raise StorageError("a table never created has no id to save")
        stored = copy_table(table, version=table.version + 1, updated_at=time.time())
        version, have = self._logs.get(table.id, (None, ()))
        if version != table.version:
            have = await self._stored_log(table)
        check_history(table, have)
        new = table.log[len(have) :]
        start = len(have)
        values = (
            *table_values(stored), table.id, table.version,
            [start + i for i in range(len(new))], [seat for seat, _ in new],
            [code for _, code in new],
        )  # fmt: skip
        try:
            changed = await self.db.fetchrow(_SAVE, *values)
        except asyncpg.UniqueViolationError as error:
            raise _key_taken(error, table) from error
        if changed is None or changed[0] != 1:  # another save got in: nothing was written
            raise StaleTable(f"table {table.id}: version {table.version} moved on")
        return self._remember(stored)

    def _remember(self, table: TableRecord) -> TableRecord:
        return remember_log(self._logs, table)

    async def _stored_log(self, table: TableRecord) -> tuple[tuple[int, str], ...]:
        """The stored log of a table at ``table.version``, read before the write: if the
        versioned UPDATE then succeeds, it was still the stored one."""
        row = await self.db.fetchrow(
            f"SELECT t.version, {_LOG_OF} AS log FROM tables t WHERE t.id = $1", table.id
        )
        if row is None:
            raise StorageError(f"table {table.id} does not exist")
        if row["version"] != table.version:
            raise StaleTable(f"table {table.id}: version {table.version}, stored {row[0]}")
        try:
            return tuple(read_log(row["log"]))
        except ValueError as error:
            raise StorageError(f"table {table.id} in {self.db.name}: {error}") from error

    async def of_tournament(self, tournament_id: int) -> list[TableRecord]:
        """Every table of a tournament, any status (``Tournaments.tables``)."""
        return await self._load("t.tournament_id = $1", tournament_id)

    async def _load(self, where: str, *args: Any) -> list[TableRecord]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=where), *args)
        return [self._remember(table_record(row, self.db.name)) for row in rows]

    async def _check_live(self) -> tuple[list[TableRecord], list[tuple[int, str]]]:
        rows = await self.db.fetch(_SELECT_TABLES.format(where=f"t.{_LIVE}"))
        records, unreadable = [], []
        for row in rows:
            try:
                records.append(self._remember(table_record(row, self.db.name)))
            except StorageError as error:
                unreadable.append(report(row["id"], str(error)))
        good, broken = split_broken(records)
        return good, sorted(unreadable + broken)


# -- users and chats -------------------------------------------------------------------------


class PgUsers:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, name, lang, can_dm, client_lang FROM users WHERE id = $1", user_id
        )
        return UserRecord(**dict(row)) if row else None

    async def put(self, user: UserRecord) -> None:
        await self.db.execute(
            "INSERT INTO users (id, name, lang, can_dm, client_lang) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, lang = EXCLUDED.lang,"
            " can_dm = EXCLUDED.can_dm, client_lang = EXCLUDED.client_lang",
            user.id, user.name, user.lang, user.can_dm, user.client_lang,
        )  # fmt: skip


class PgChats:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, chat_id: int) -> ChatRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, lang, turn_seconds, settings FROM chats WHERE id = $1", chat_id
        )
        if row is None:
            return None
        try:
            return ChatRecord(**{**dict(row), "settings": json.loads(row["settings"])})
        except ValueError as error:
            raise StorageError(
                f"chat {chat_id} in {self.db.name}: unreadable row: {error}"
            ) from error

    async def put(self, chat: ChatRecord) -> None:
        await self.db.execute(
            "INSERT INTO chats (id, lang, turn_seconds, settings) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (id) DO UPDATE SET lang = EXCLUDED.lang,"
            " turn_seconds = EXCLUDED.turn_seconds, settings = EXCLUDED.settings",
            chat.id, chat.lang, chat.turn_seconds, json.dumps(chat.settings),
        )  # fmt: skip


class PgSends:
    KEEP = 120.0  # seconds of sends kept: twice Telegram's window

    def __init__(self, db: PgDb) -> None:
        self.db = db
        self._noted = 0

    async def note(self, chat_id: int, at: float) -> None:
        await self.db.execute("INSERT INTO sends (chat_id, at) VALUES ($1, $2)", chat_id, at)
        self._noted += 1
        if self._noted % 256 == 0:
            await self.db.execute("DELETE FROM sends WHERE at < $1", at - self.KEEP)

    async def since(self, at: float) -> list[tuple[int, float]]:
        rows = await self.db.fetch("SELECT chat_id, at FROM sends WHERE at > $1 ORDER BY at", at)
        return [(row[0], row[1]) for row in rows]

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        """Every worker's sends to a chat in one window: they take turns on the chat's
        advisory lock (released at COMMIT) to count and note."""
        async with self.db.transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", _WINDOW,
                               chat_id % 0x7FFFFFFF)
            count, oldest = await conn.fetchrow(
                "SELECT COUNT(*), MIN(at) FROM sends WHERE chat_id = $1 AND at > $2",
                chat_id, now - seconds)
            if count >= limit:
                return float(oldest) + seconds - now
            await conn.execute("INSERT INTO sends (chat_id, at) VALUES ($1, $2)", chat_id, now)
        self._noted += 1
        if self._noted % 256 == 0:
            await self.db.execute("DELETE FROM sends WHERE at < $1", now - self.KEEP)
        return 0.0
