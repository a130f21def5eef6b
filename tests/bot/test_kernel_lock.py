"""A table's lock (bot/play/kernel.py): one use case at a time, also across the end of a match,
and nothing kept for a table nobody is using."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.play.kernel import Kernel
from storage.memory.store import MemoryStore


async def test_a_match_ending_under_the_lock_keeps_it_for_whoever_waits() -> None:
    """The use case that ends a match forgets the table while holding its lock; a press already
    waiting and one arriving later must still take turns (the old kernel dropped the lock there,
    and the later press took a new one while the waiting one ran)."""
    store: Any = MemoryStore()
    kernel, inside, most = Kernel(store), 0, 0
    waiting = asyncio.Event()

    async def use(table_id: int, ends: bool) -> None:
        nonlocal inside, most
        async with kernel.lock(table_id):
            inside += 1
            most = max(most, inside)
            if ends:
                kernel.forget(table_id)
                await waiting.wait()
            await asyncio.sleep(0.01)
            inside -= 1

    ending = asyncio.create_task(use(5, ends=True))
    await asyncio.sleep(0)
    waiter = asyncio.create_task(use(5, ends=False))
    await asyncio.sleep(0)
    waiting.set()
    await asyncio.sleep(0)  # the match has ended; the waiter is next in line
    later = asyncio.create_task(use(5, ends=False))
    await asyncio.gather(ending, waiter, later)
    assert most == 1


async def test_no_lock_is_kept_once_nobody_holds_or_waits() -> None:
    store: Any = MemoryStore()
    kernel = Kernel(store)
    async with kernel.lock(7), kernel.lock(8):
        assert set(kernel._locks.held) == {7, 8}
    assert kernel._locks.held == {}
