from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import cast

import pytest

from storage import Store, open_store
from storage.memory.store import MemoryStore


@pytest.fixture
def store() -> Store:
    return cast(Store, MemoryStore())


@pytest.fixture(params=["memory", "sqlite"])
async def both_stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Each backend in turn: SQLite is what a real restart reads back."""
    opened = await open_store(":memory:" if request.param == "memory" else str(tmp_path / "db"))
    yield opened
    await opened.close()


@pytest.fixture(params=["memory", "postgres"])
async def two_stores(request: pytest.FixtureRequest) -> AsyncIterator[tuple[Store, Store]]:
    """Two workers' stores on one database: the coroutine model (one object), or two
    PostgreSQL pools, two processes in effect (a session's advisory locks are re-entrant: two
    workers on one pool would not keep each other off a table)."""
    if request.param == "memory":
        from .test_workers import SharedMemory

        store = SharedMemory()
        yield store, store
        return
    from storage.postgres.store import open_postgres

    url = request.getfixturevalue("postgres_db")
    first, second = await open_postgres(url), await open_postgres(url)
    yield first, second
    await first.close()
    await second.close()
