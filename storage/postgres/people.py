"""The PostgreSQL side of ``storage.interface.people``: users and chats, a row each."""

from __future__ import annotations

from ..interface.records import ChatRecord, UserRecord
from ..rows import chat_record, chat_values, user_values
from .db import PgDb


class PgUsers:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, name, lang, can_dm, client_lang, hand_place FROM users WHERE id = $1",
            user_id
        )
        return UserRecord(**dict(row)) if row else None

    async def put(self, user: UserRecord) -> None:
        await self.db.execute(
            "INSERT INTO users (id, name, lang, can_dm, client_lang, hand_place)"
            " VALUES ($1, $2, $3, $4, $5, $6)"
            " ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, lang = EXCLUDED.lang,"
            " can_dm = EXCLUDED.can_dm, client_lang = EXCLUDED.client_lang,"
            " hand_place = EXCLUDED.hand_place",
            *user_values(user),
        )  # fmt: skip


class PgSessions:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def generation(self, user_id: int) -> int:
        row = await self.db.fetchrow("SELECT generation FROM sessions WHERE user_id = $1", user_id)
        return int(row[0]) if row else 0

    async def revoke(self, user_id: int) -> int:
        row = await self.db.fetchrow(
            "INSERT INTO sessions (user_id, generation) VALUES ($1, 1) ON CONFLICT (user_id)"
            " DO UPDATE SET generation = sessions.generation + 1 RETURNING generation", user_id)
        assert row is not None
        return int(row[0])


class PgChats:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, chat_id: int) -> ChatRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, lang, turn_seconds, settings FROM chats WHERE id = $1", chat_id
        )
        return chat_record(row, self.db.name) if row else None

    async def put(self, chat: ChatRecord) -> None:
        await self.db.execute(
            "INSERT INTO chats (id, lang, turn_seconds, settings) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (id) DO UPDATE SET lang = EXCLUDED.lang,"
            " turn_seconds = EXCLUDED.turn_seconds, settings = EXCLUDED.settings",
            *chat_values(chat),
        )  # fmt: skip

