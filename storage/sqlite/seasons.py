"""The SQLite side of ``storage.interface.seasons`` (schema: migration 10)."""

from __future__ import annotations

from ..interface.scores import Story
from .db import Db
from .scores import RATED, read_stories

_CLAIM = """
    INSERT INTO season_posts (chat_id, season, game, worker, until) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (chat_id, season, game) DO UPDATE SET worker = excluded.worker,
        until = excluded.until
    WHERE season_posts.posted_at IS NULL
          AND (season_posts.worker = excluded.worker OR season_posts.until <= ?)
"""


class SqliteSeasons:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def stories(self, chat_id: int, since: float, until: float) -> list[Story]:
        where = f"m.chat_id = ? AND m.finished_at >= ? AND m.finished_at < ? AND {RATED}"
        return await read_stories(self.db, where, (chat_id, since, until),
                                  then=" ORDER BY m.finished_at, m.id")

    async def chats(self, since: float, until: float) -> list[int]:
        rows = await self.db.fetch(
            "SELECT DISTINCT m.chat_id FROM matches m JOIN match_facts f ON f.match_id = m.id"
            f" WHERE m.finished_at >= ? AND m.finished_at < ? AND {RATED} ORDER BY m.chat_id",
            (since, until))
        return [r["chat_id"] for r in rows]

    async def posted(self, chat_id: int, season: str) -> list[str]:
        rows = await self.db.fetch(
            "SELECT game FROM season_posts WHERE chat_id = ? AND season = ?"
            " AND posted_at IS NOT NULL ORDER BY game", (chat_id, season))
        return [r["game"] for r in rows]

    async def claim(self, chat_id: int, season: str, game: str, worker: str, now: float,
                    seconds: float) -> bool:
        changed = await self.db.change(_CLAIM, (chat_id, season, game, worker, now + seconds, now))
        return changed > 0

    async def mark_posted(self, chat_id: int, season: str, game: str, now: float) -> None:
        await self.db.change(
            "INSERT INTO season_posts (chat_id, season, game, worker, until, posted_at)"
            " VALUES (?, ?, ?, '', 0, ?) ON CONFLICT (chat_id, season, game)"
            " DO UPDATE SET posted_at = excluded.posted_at", (chat_id, season, game, now))
