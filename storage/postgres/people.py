"""The PostgreSQL side of ``storage.interface.people``: users and chats, a row each."""

from __future__ import annotations

import json

from ..interface.errors import StorageError
from ..interface.records import ChatRecord, UserRecord
from .db import PgDb


class PgUsers:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, user_id: int) -> UserRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, name, lang, can_dm, client_lang FROM users WHERE id = $1", user_id
        )
        return UserRecord(**dict(row)) if row else None

    async def put(self, user: UserRecord) -> None:
        await self.db.execute(
            "INSERT INTO users (id, name, lang, can_dm, client_lang) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, lang = EXCLUDED.lang,"
            " can_dm = EXCLUDED.can_dm, client_lang = EXCLUDED.client_lang",
            user.id, user.name, user.lang, user.can_dm, user.client_lang,
        )  # fmt: skip


class PgChats:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def get(self, chat_id: int) -> ChatRecord | None:
        row = await self.db.fetchrow(
            "SELECT id, lang, turn_seconds, settings FROM chats WHERE id = $1", chat_id
        )
        if row is None:
            return None
        try:
            return ChatRecord(**{**dict(row), "settings": json.loads(row["settings"])})
        except ValueError as error:
            raise StorageError(
                f"chat {chat_id} in {self.db.name}: unreadable row: {error}"
            ) from error

    async def put(self, chat: ChatRecord) -> None:
        await self.db.execute(
            "INSERT INTO chats (id, lang, turn_seconds, settings) VALUES ($1, $2, $3, $4)"
            " ON CONFLICT (id) DO UPDATE SET lang = EXCLUDED.lang,"
            " turn_seconds = EXCLUDED.turn_seconds, settings = EXCLUDED.settings",
            chat.id, chat.lang, chat.turn_seconds, json.dumps(chat.settings),
        )  # fmt: skip

