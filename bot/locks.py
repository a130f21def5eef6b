"""Locks by key (a table's id, a tournament's), each kept only while someone holds or waits for
it: nothing grows with the tables ever played, and no lock is dropped from under a waiter."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class _Entry:
    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.users = 0  # holding it or waiting for it


class Locks:
    def __init__(self) -> None:
        self.held: dict[int, _Entry] = {}

    @asynccontextmanager
    async def __call__(self, key: int) -> AsyncIterator[None]:
        entry = self.held.setdefault(key, _Entry())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if not entry.users:  # the last one out: nobody holds it or waits for it
                del self.held[key]
