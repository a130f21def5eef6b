from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

import engine
from storage import MemoryStore, SqliteStore, Store, open_sqlite
from storage.postgres.store import PostgresStore, open_postgres

OpenFile = Callable[[Path], Awaitable[SqliteStore]]
OpenPg = Callable[[], Awaitable[PostgresStore]]


@pytest.fixture(autouse=True)
def counting_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake game the tables in these tests play."""
    monkeypatch.setitem(engine._MODULES, "counting", "tests.storage.fake_game")


@pytest.fixture
async def open_file() -> AsyncIterator[OpenFile]:
    """open_sqlite, closing whatever a test left open: aiosqlite's thread would keep pytest
    from exiting after a failed assertion."""
    opened: list[SqliteStore] = []

    async def open_(path: Path) -> SqliteStore:
        opened.append(await open_sqlite(path))
        return opened[-1]

    yield open_
    for store in opened:
        await store.close()


@pytest.fixture
async def open_pg(postgres_db: str) -> AsyncIterator[OpenPg]:
    """open_postgres on this test's empty database (tests/conftest.py), closing what is left
    open. Each store is its own pool: another process, in effect."""
    opened: list[PostgresStore] = []

    async def open_() -> PostgresStore:
        opened.append(await open_postgres(postgres_db))
        return opened[-1]

    yield open_
    for store in opened:
        await store.close()


@pytest.fixture(params=["memory", "sqlite", "postgres"])
async def store(
    request: pytest.FixtureRequest, tmp_path: Path, open_file: OpenFile
) -> AsyncIterator[Store]:
    """Every backend, for the contract suite. PostgreSQL gets an empty database per test
    (tests/conftest.py), asked for only here, so memory and SQLite run without a server."""
    if request.param == "postgres":
        pg = await open_postgres(request.getfixturevalue("postgres_db"))
        yield pg
        await pg.close()
        return
    yield MemoryStore() if request.param == "memory" else await open_file(tmp_path / "t.db")
