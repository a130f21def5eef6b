"""The PostgreSQL side of ``storage.interface.sends``: a row a send, the last two minutes kept;
one window a chat for all the workers on the database."""

from __future__ import annotations

from .db import PgDb

# A chat's flood window's advisory lock key in the two-int form (see ``holds``).
_WINDOW = 0x5E4D


class PgSends:
    KEEP = 120.0  # seconds of sends kept: twice Telegram's window

    def __init__(self, db: PgDb) -> None:
        self.db = db
        self._noted = 0

    async def note(self, chat_id: int, at: float) -> None:
        await self.db.execute("INSERT INTO sends (chat_id, at) VALUES ($1, $2)", chat_id, at)
        await self._noted_one(at)

    async def since(self, at: float) -> list[tuple[int, float]]:
        rows = await self.db.fetch("SELECT chat_id, at FROM sends WHERE at > $1 ORDER BY at", at)
        return [(row[0], row[1]) for row in rows]

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        """Every worker's sends to a chat in one window: they take turns on the chat's
        advisory lock (released at COMMIT) to count and note."""
        async with self.db.transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", _WINDOW,
                               chat_id % 0x7FFFFFFF)
            count, oldest = await conn.fetchrow(
                "SELECT COUNT(*), MIN(at) FROM sends WHERE chat_id = $1 AND at > $2",
                chat_id, now - seconds)
            if count >= limit:
                return float(oldest) + seconds - now
            await conn.execute("INSERT INTO sends (chat_id, at) VALUES ($1, $2)", chat_id, now)
        await self._noted_one(now)
        return 0.0

    async def _noted_one(self, at: float) -> None:
        """Every 256th send noted here drops the ones older than ``KEEP``."""
        self._noted += 1
        if self._noted % 256 == 0:
            await self.db.execute("DELETE FROM sends WHERE at < $1", at - self.KEEP)
