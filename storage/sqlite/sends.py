"""The SQLite side of ``storage.interface.sends``: a row a send, the last two minutes kept."""

from __future__ import annotations

from .db import Db


class SqliteSends:
    KEEP = 120.0  # seconds of sends kept: twice Telegram's window

    def __init__(self, db: Db) -> None:
        self.db = db
        self._noted = 0

    async def note(self, chat_id: int, at: float) -> None:
        await self.db.change("INSERT INTO sends (chat_id, at) VALUES (?, ?)", (chat_id, at))
        self._noted += 1
        if self._noted % 256 == 0:
            await self.db.change("DELETE FROM sends WHERE at < ?", (at - self.KEEP,))

    async def since(self, at: float) -> list[tuple[int, float]]:
        rows = await self.db.fetch("SELECT chat_id, at FROM sends WHERE at > ? ORDER BY at", (at,))
        return [(row[0], row[1]) for row in rows]

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        async with self.db.transaction() as conn:
            rows = list(await conn.execute_fetchall(
                "SELECT COUNT(*), MIN(at) FROM sends WHERE chat_id = ? AND at > ?",
                (chat_id, now - seconds)))
            count, oldest = rows[0]
            if count >= limit:
                return float(oldest) + seconds - now
            await conn.execute("INSERT INTO sends (chat_id, at) VALUES (?, ?)", (chat_id, now))
        return 0.0

