"""A table for the page's tests: Hearts of PLAYER and three computers, on a Harness bot, with a
client of its page's server; WATCHER is a member of the group who holds no seat."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from aiohttp.test_utils import TestClient

from storage.memory.store import MemoryStore
from tests.bot.fake import Harness
from tests.bot.test_web import next_scene
from tests.bot.web import Page, client_of, page

WATCHER, PLAYER = 301, 101


@asynccontextmanager
async def hearts_table() -> AsyncIterator[tuple[Harness, int, TestClient[Any, Any]]]:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.open_table("hearts", [PLAYER], 3)
        table = await h.runtime.store.tables.seat_of(PLAYER)
        assert table is not None and table.id is not None
        client = await client_of(h)
        try:
            yield h, table.id, client
        finally:
            await client.close()


async def watching(client: TestClient[Any, Any], table: int, user: int = WATCHER
                   ) -> tuple[Page, Any]:
    """``user``'s page and its open stream of the table, its first scene read."""
    viewer = await page(client, user)
    events = await viewer.events(table)
    await next_scene(events)
    return viewer, events
