from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import cast

import pytest

from storage import open_store
from storage.base import Store
from storage.memory import MemoryStore


@pytest.fixture
def store() -> Store:
    return cast(Store, MemoryStore())


@pytest.fixture(params=["memory", "sqlite"])
async def both_stores(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """Each backend in turn: SQLite is what a real restart reads back."""
    opened = await open_store(":memory:" if request.param == "memory" else str(tmp_path / "db"))
    yield opened
    await opened.close()
