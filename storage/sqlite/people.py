"""The SQLite side of ``storage.interface.people``: users and chats, a row each."""

from __future__ import annotations

from ..interface.records import ChatRecord, UserRecord
from ..rows import chat_record, chat_values, user_values
from .db import Db


class SqliteUsers:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserRecord | None:
        rows = await self.db.fetch(
            "SELECT id, name, lang, can_dm, client_lang, hand_place FROM users WHERE id = ?",
            (user_id,)
        )
        return UserRecord(**dict(rows[0])) if rows else None

    async def put(self, user: UserRecord) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO users (id, name, lang, can_dm, client_lang, hand_place)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                user_values(user),
            )


class SqliteSessions:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def generation(self, user_id: int) -> int:
        rows = await self.db.fetch("SELECT generation FROM sessions WHERE user_id = ?", (user_id,))
        return int(rows[0][0]) if rows else 0

    async def revoke(self, user_id: int) -> int:
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO sessions (user_id, generation) VALUES (?, 1) ON CONFLICT (user_id)"
                " DO UPDATE SET generation = generation + 1 RETURNING generation", (user_id,))
            row = await cursor.fetchone()
        assert row is not None
        return int(row[0])


class SqliteChats:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def get(self, chat_id: int) -> ChatRecord | None:
        sql = "SELECT id, lang, turn_seconds, settings FROM chats WHERE id = ?"
        rows = await self.db.fetch(sql, (chat_id,))
        return chat_record(rows[0], self.db.path) if rows else None

    async def put(self, chat: ChatRecord) -> None:
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO chats (id, lang, turn_seconds, settings) VALUES (?, ?, ?, ?)",
                chat_values(chat),
            )

