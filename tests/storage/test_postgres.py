"""What only the PostgreSQL store has: migrations under an advisory lock, several processes (here:
several pools) on one database, and a server that can be missing or go away."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import asyncpg
import pytest

import storage.postgres.migrations as pg_migrations
from storage import SqliteStore, StaleTable, StorageError, TableKey, UserRecord, open_store
from storage.interface.errors import StorageFault
from storage.interface.scores import MatchFacts, Player, Rating
from storage.postgres.store import PostgresStore, open_postgres
from tests.storage.conftest import OpenPg
from tests.storage.fake_game import moves
from tests.storage.test_contract import table
from tests.storage.test_scores import FACTS, match, plus_one


async def _version(url: str) -> int:
    conn = await asyncpg.connect(url)
    try:
        return int(await conn.fetchval("SELECT version FROM seghan_schema"))
    finally:
        await conn.close()


# -- migrations ------------------------------------------------------------------------------


async def test_migrations_run_once_and_reopen_keeps_everything(
    open_pg: OpenPg, postgres_db: str
) -> None:
    store = await open_pg()
    record = await store.tables.create(table(log=moves(0, 2)))
    await store.users.put(UserRecord(id=10, name="Ani", can_dm=True))
    await store.close()
    assert await _version(postgres_db) == len(pg_migrations.MIGRATIONS)
    again = await open_pg()
    assert await again.tables.by_id(record.id or 0) == record
    assert await again.users.get(10) == UserRecord(id=10, name="Ani", can_dm=True)
    assert await _version(postgres_db) == len(pg_migrations.MIGRATIONS)


async def test_stores_starting_at_once_migrate_once(open_pg: OpenPg, postgres_db: str) -> None:
    stores = await asyncio.gather(*(open_pg() for _ in range(5)))
    assert await _version(postgres_db) == len(pg_migrations.MIGRATIONS)
    made = await asyncio.gather(
        *(s.tables.create(table(TableKey(chat_id=n))) for n, s in enumerate(stores))
    )
    assert len({t.id for t in made}) == 5
    assert await stores[0].tables.active() == sorted(made, key=lambda t: t.id or 0)


async def test_migration_6_takes_the_tables_ended_before_as_drawn(
    open_pg: OpenPg, postgres_db: str
) -> None:
    """As SQLite's migration 12: the first start after the upgrade draws no old table again."""
    conn = await asyncpg.connect(postgres_db)
    try:
        async with conn.transaction():
            await conn.execute(pg_migrations._VERSION_TABLE)
            for script in pg_migrations.MIGRATIONS[:5]:
                await conn.execute(script)
            await conn.execute("INSERT INTO seghan_schema (version) VALUES (5)")
            for chat, status in ((-1, "finished"), (-2, "stopped"), (-3, "playing")):
                await conn.execute(
                    "INSERT INTO tables (chat_id, game, players, seed, version, status,"
                    " created_at, updated_at) VALUES ($1, 'counting', 2, 1, 1, $2, 0, 0)",
                    chat, status)
    finally:
        await conn.close()
    store = await open_pg()
    assert await store.tables.unsent() == []
    assert [t.end_drawn for t in await store.tables.active()] == [False]


async def test_a_failed_migration_changes_nothing(
    open_pg: OpenPg, postgres_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    await (await open_pg()).close()
    released = len(pg_migrations.MIGRATIONS)
    bad = "CREATE TABLE half_done (id INTEGER); SELECT no_such_function();"
    monkeypatch.setattr(pg_migrations, "MIGRATIONS", [*pg_migrations.MIGRATIONS, bad])
    with pytest.raises(StorageError, match=f"migration {len(pg_migrations.MIGRATIONS)} failed"):
        await open_pg()
    conn = await asyncpg.connect(postgres_db)
    try:
        assert await conn.fetchval("SELECT to_regclass('half_done')") is None
    finally:
        await conn.close()
    assert await _version(postgres_db) == released


async def test_a_newer_database_is_refused_by_name(open_pg: OpenPg, postgres_db: str) -> None:
    await (await open_pg()).close()
    conn = await asyncpg.connect(postgres_db)
    await conn.execute("UPDATE seghan_schema SET version = 99")
    await conn.close()
    with pytest.raises(StorageError, match=r"schema version 99 is newer.*upgrade Seghan"):
        await open_pg()


# -- several stores on one database ----------------------------------------------------------


async def test_racing_saves_from_two_connections_one_wins(
    open_pg: OpenPg, postgres_db: str
) -> None:
    """Two stores save the same version while a third connection holds the row: both UPDATEs
    wait on the row lock, then one bumps the version and the other finds it moved."""
    first, second = await open_pg(), await open_pg()
    record = await first.tables.create(table(log=moves(0, 2)))
    theirs = await second.tables.by_id(record.id or 0)
    assert theirs is not None
    blocker = await asyncpg.connect(postgres_db)
    try:
        tx = blocker.transaction()
        await tx.start()
        await blocker.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", record.id)
        saves = [
            asyncio.create_task(first.tables.save(record.model_copy(update={"log": moves(0, 3)}))),
            asyncio.create_task(second.tables.save(
                theirs.model_copy(update={"log": [*moves(0, 2), (1, "add:2")]}))),
        ]  # fmt: skip
        await asyncio.sleep(0.2)
        assert not any(s.done() for s in saves), "both wait on the row lock"
        await tx.commit()
        outcomes = await asyncio.gather(*saves, return_exceptions=True)
    finally:
        await blocker.close()
    assert sorted(type(o).__name__ for o in outcomes) == ["StaleTable", "TableRecord"]
    winner = next(o for o in outcomes if not isinstance(o, BaseException))
    for store in (first, second):
        loaded = await store.tables.by_id(record.id or 0)
        assert loaded == winner and loaded.version == 2 and len(loaded.log) == 3


async def test_many_rounds_of_racing_saves(open_pg: OpenPg) -> None:
    stores = [await open_pg() for _ in range(3)]
    record = await stores[0].tables.create(table())
    for n in range(20):
        copies = [await s.tables.by_id(record.id or 0) for s in stores]
        outcomes = await asyncio.gather(
            *(s.tables.save(c.model_copy(update={"log": [*c.log, (0, f"add:{i + 1}")]}))
              for i, (s, c) in enumerate(zip(stores, copies, strict=True)) if c is not None),
            return_exceptions=True,
        )  # fmt: skip
        kinds = sorted(type(o).__name__ for o in outcomes)
        assert kinds == ["StaleTable", "StaleTable", "TableRecord"], (n, outcomes)
    loaded = await stores[1].tables.by_id(record.id or 0)
    assert loaded is not None and loaded.version == 21 and len(loaded.log) == 20


async def test_two_stores_catch_stale_saves_and_history(open_pg: OpenPg) -> None:
    first, second = await open_pg(), await open_pg()
    record = await first.tables.create(table(log=moves(0, 2)))
    theirs = await second.tables.by_id(record.id or 0)
    assert theirs is not None
    await second.tables.save(theirs.model_copy(update={"log": moves(0, 3)}))
    with pytest.raises(StaleTable):
        await first.tables.save(record.model_copy(update={"log": moves(0, 4)}))
    mine = await first.tables.by_id(record.id or 0)  # its remembered log is stale: read again
    assert mine is not None and mine.log == moves(0, 3) and mine.version == 2
    fresh = await open_pg()  # has seen nothing
    with pytest.raises(StorageError, match="rewrite stored history"):
        await fresh.tables.save(mine.model_copy(update={"log": [(1, "add:1"), *moves(0, 4)[1:]]}))
    saved = await fresh.tables.save(mine.model_copy(update={"log": moves(0, 4)}))
    assert await first.tables.by_id(record.id or 0) == saved


async def test_a_tables_match_is_recorded_once_from_two_stores(open_pg: OpenPg) -> None:
    first, second = await open_pg(), await open_pg()
    calls: list[dict[Player, Rating | None]] = []

    def rate(current: dict[Player, Rating | None]) -> dict[Player, Rating]:
        calls.append(current)
        return plus_one(current)

    same = match(1, -1, "hearts", [(10, 1), (None, 2)])
    stories = await asyncio.gather(first.scores.record(same, FACTS, rate),
                                   second.scores.record(same, FACTS, rate))
    assert stories[0] == stories[1] and len(calls) == 1
    assert len(await first.matches.recent(-1)) == 1
    other = match(2, -1, "hearts", [(10, 1), (None, 2)])
    await asyncio.gather(first.scores.record(other.model_copy(update={"table_id": 2}), FACTS,
                                             plus_one),
                         second.scores.record(other.model_copy(update={"table_id": 3}),
                                              MatchFacts(), plus_one))
    rating = await first.scores.rating("hearts", "user:10")
    assert rating is not None and rating.mu == 28.0, "no rating change was lost"


# -- values and faults -----------------------------------------------------------------------


async def test_64_bit_ids_and_seeds(open_pg: OpenPg) -> None:
    store = await open_pg()
    key = TableKey(chat_id=-1_002_345_678_901, thread_id=2**40)
    made = await store.tables.create(table(key, seed=-(2**63), creator_id=2**62,
                                           table_message_id=2**40))  # fmt: skip
    assert await store.tables.get(key) == made
    await store.users.put(UserRecord(id=2**62, name="big"))
    assert (await store.users.get(2**62)) == UserRecord(id=2**62, name="big")
    with pytest.raises(StorageError, match="64 bits"):
        await store.tables.create(table(TableKey(chat_id=1), seed=2**64))
    assert await store.tables.by_id(2**70) is None
    with pytest.raises(StorageError):  # and not StorageFault: trying again will not help
        await store.tables.create(table(TableKey(chat_id=2**64)))
    with pytest.raises(StorageError) as caught:
        await store.users.put(UserRecord(id=2**64))
    assert not isinstance(caught.value, StorageFault)
    assert await store.tables.active() == [made]


async def test_a_lost_connection_is_a_fault_then_heals(open_pg: OpenPg, postgres_db: str) -> None:
    """The server ends the session of a save waiting on a row lock: StorageFault (the bot says
    "try again"), nothing written; the next save works on a new connection."""
    store = await open_pg()
    record = await store.tables.create(table())
    blocker = await asyncpg.connect(postgres_db)
    try:
        tx = blocker.transaction()
        await tx.start()
        await blocker.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", record.id)
        saving = asyncio.create_task(store.tables.save(record.model_copy(update={"log": moves(0, 1)})))
        for _ in range(100):  # until the save waits on the lock
            waiting = await blocker.fetchval(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'seghan'"
                " AND wait_event_type = 'Lock'")
            if waiting:
                break
            await asyncio.sleep(0.02)
        assert waiting, "the save never waited on the row lock"
        await blocker.execute("SELECT pg_terminate_backend($1)", waiting)
        with pytest.raises(StorageFault):
            await saving
        await tx.rollback()
    finally:
        await blocker.close()
    assert await store.tables.by_id(record.id or 0) == record
    saved = await store.tables.save(record.model_copy(update={"log": moves(0, 1)}))
    assert saved.version == 2 and await store.tables.by_id(record.id or 0) == saved


async def test_an_unreachable_server_is_a_clear_fault() -> None:
    port = closed_port()
    with pytest.raises(StorageFault, match=rf"postgresql://seghan:\*\*\*@127.0.0.1:{port}/x"
                                           ".*cannot connect") as caught:
        await open_postgres(f"postgresql://seghan:secret@127.0.0.1:{port}/x")
    assert "secret" not in str(caught.value)


@pytest.mark.parametrize("url", ["postgresql://h:notaport/db", "postgresql://[::1/db"])
async def test_a_bad_url_is_a_storage_error(url: str) -> None:
    with pytest.raises(StorageError, match="cannot"):
        await open_postgres(url)


async def test_a_missing_database_is_named(postgres_url: str) -> None:
    url = postgres_url.rsplit("/", 1)[0] + "/no_such_db"
    with pytest.raises(StorageError, match="no_such_db.*does not exist"):
        await open_postgres(url)


async def test_open_store_takes_urls(
    postgres_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for url in (postgres_db, postgres_db.replace("postgresql://", "postgres://", 1)):
        store = await open_store(url)
        assert isinstance(store, PostgresStore)
        await store.close()
    monkeypatch.chdir(tmp_path)
    for url, path in (("sqlite:///rel/a.db", tmp_path / "rel/a.db"),
                      (f"sqlite:///{tmp_path}/abs.db", tmp_path / "abs.db")):
        store = await open_store(url)
        assert isinstance(store, SqliteStore) and path.exists()
        await store.close()
    for bad in ("mysql://u@h/db", "sqlite://host/a.db"):
        with pytest.raises(StorageError, match="sqlite:///"):  # names the forms it takes
            await open_store(bad)


def closed_port() -> int:
    """A local port nothing listens on (bound, then closed)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
