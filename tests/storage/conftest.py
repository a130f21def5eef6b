from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

import engine
from storage import MemoryStore, Store, open_sqlite


@pytest.fixture(autouse=True)
def counting_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the fake game the tables in these tests play."""
    monkeypatch.setitem(engine._MODULES, "counting", "tests.storage.fake_game")


@pytest.fixture(params=["memory", "sqlite"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Every backend, for the contract suite."""
    opened: Store = MemoryStore() if request.param == "memory" else await open_sqlite(tmp_path / "t.db")
    yield opened
    await opened.close()
