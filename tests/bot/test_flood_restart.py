"""The group flood window goes on counting across a restart: the sends of the last window are
stored as they go, and a new process starts from them."""

from __future__ import annotations

import asyncio
import time

from bot.sending.pacing import GroupWindow
from storage import Store


async def test_sends_are_noted_and_read_back(both_stores: Store) -> None:
    now = time.time()
    for i in range(4):
        await both_stores.sends.note(-7, now - 100 + i * 30)  # 100, 70, 40 and 10 s ago
    await both_stores.sends.note(-8, now - 1)
    recent = await both_stores.sends.since(now - 60)
    assert recent == [(-7, now - 40), (-7, now - 10), (-8, now - 1)]


async def test_a_restored_window_makes_the_next_send_wait() -> None:
    window = GroupWindow(limit=3, seconds=1.0)
    now = time.time()
    window.restore([(-5, now - 0.2)] * 3, now)  # three sends just before the restart
    loop = asyncio.get_running_loop()
    start = loop.time()
    other = asyncio.create_task(window.wait(-6))  # another group is not held up: its wait
    await asyncio.sleep(0)  # is over in its first step, however busy the machine
    assert other.done()
    await window.wait(-5)
    assert loop.time() - start >= 0.7, "the fourth send waits for the window to move"
