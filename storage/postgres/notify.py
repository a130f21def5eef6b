"""Tables that moved, told to every process on one PostgreSQL database (LISTEN/NOTIFY on one
channel, payload ``<table id>:<version>``): a page open on one worker sees a move made through
another; and members who left a chat (``gone:<chat id>:<user id>``): their pages close at every
worker. One connection of its own (a pooled one would drop the LISTEN); NOTIFYs go out in order
from one task. The one-process stores (SQLite, memory) need none: ``listen`` gives None."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)
CHANNEL = "seghan_tables"


class Notifier:
    def __init__(self, connection: Any, on_change: Callable[[int, int], None]) -> None:
        self.connection = connection
        self.on_change = on_change
        self.on_gone: Callable[[int, int], None] = lambda chat_id, user_id: None
        self._queue: asyncio.Queue[str] = asyncio.Queue()
        self._task = asyncio.create_task(self._send())

    def notify(self, table_id: int, version: int) -> None:
        """Tell the other processes (and this one: it ignores what it knows) that a table moved."""
        self._queue.put_nowait(f"{table_id}:{version}")

    def gone(self, chat_id: int, user_id: int) -> None:
        """Tell every process that a member left or was removed from a chat."""
        self._queue.put_nowait(f"gone:{chat_id}:{user_id}")

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        if payload.startswith("gone:"):
            chat, _, user = payload.removeprefix("gone:").partition(":")
            with contextlib.suppress(ValueError):
                self.on_gone(int(chat), int(user))
            return
        table, _, version = payload.partition(":")
        if table.isdigit() and version.isdigit():
            self.on_change(int(table), int(version))

    async def _send(self) -> None:
        while True:
            payload = await self._queue.get()
            try:
                await self.connection.execute("SELECT pg_notify($1, $2)", CHANNEL, payload)
            except Exception:  # a page elsewhere misses a move until the next one: logged
                log.warning("NOTIFY %s failed", payload, exc_info=True)

    async def close(self) -> None:
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        await self.connection.close()


async def listen(url: str, on_change: Callable[[int, int], None]) -> Notifier | None:
    """A notifier on the PostgreSQL database at ``url``; None for any other store."""
    if not url.lower().startswith(("postgresql://", "postgres://")):
        return None
    import asyncpg

    connection = await asyncpg.connect(url)
    notifier = Notifier(connection, on_change)
    await connection.add_listener(CHANNEL, notifier._heard)
    return notifier
