from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

import engine
from storage import MemoryStore, SqliteStore, Store, open_sqlite

OpenFile = Callable[[Path], Awaitable[SqliteStore]]


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


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path, open_file: OpenFile) -> Store:
    """Every backend, for the contract suite."""
    return MemoryStore() if request.param == "memory" else await open_file(tmp_path / "t.db")
