"""The PostgreSQL side of ``storage.interface.seasons`` (schema: ``migrations``, 4)."""

from __future__ import annotations

from ..interface.scores import Story
from .db import PgDb
from .scores import RATED, read_stories

# One statement, atomic across workers: a row is taken if new, ours, or its claim ran out.
_CLAIM = """
    INSERT INTO season_posts (chat_id, season, game, worker, until) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (chat_id, season, game) DO UPDATE SET worker = EXCLUDED.worker,
        until = EXCLUDED.until
    WHERE season_posts.posted_at IS NULL
          AND (season_posts.worker = EXCLUDED.worker OR season_posts.until <= $6)
    RETURNING 1
"""


class PgSeasons:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def stories(self, chat_id: int, since: float, until: float) -> list[Story]:
        where = f"m.chat_id = $1 AND m.finished_at >= $2 AND m.finished_at < $3 AND {RATED}"
        return await read_stories(self.db, where, chat_id, since, until,
                                  then=" ORDER BY m.finished_at, m.id")

    async def chats(self, since: float, until: float) -> list[int]:
        rows = await self.db.fetch(
            "SELECT DISTINCT m.chat_id FROM matches m JOIN match_facts f ON f.match_id = m.id"
            f" WHERE m.finished_at >= $1 AND m.finished_at < $2 AND {RATED} ORDER BY m.chat_id",
            since, until)
        return [r["chat_id"] for r in rows]

    async def posted(self, chat_id: int, season: str) -> list[str]:
        rows = await self.db.fetch(
            "SELECT game FROM season_posts WHERE chat_id = $1 AND season = $2"
            " AND posted_at IS NOT NULL ORDER BY game COLLATE \"C\"", chat_id, season)
        return [r["game"] for r in rows]

    async def claim(self, chat_id: int, season: str, game: str, worker: str, now: float,
                    seconds: float) -> bool:
        row = await self.db.fetchrow(_CLAIM, chat_id, season, game, worker, now + seconds, now)
        return row is not None

    async def mark_posted(self, chat_id: int, season: str, game: str, now: float) -> None:
        await self.db.execute(
            "INSERT INTO season_posts (chat_id, season, game, worker, until, posted_at)"
            " VALUES ($1, $2, $3, '', 0, $4) ON CONFLICT (chat_id, season, game)"
            " DO UPDATE SET posted_at = EXCLUDED.posted_at", chat_id, season, game, now)
