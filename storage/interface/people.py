"""The people a store remembers: users (name, language, whether the bot may write to them) and
group chats (language, turn timer, settings)."""

from __future__ import annotations

from typing import Protocol

from .records import ChatRecord, UserRecord


class Users(Protocol):
    async def get(self, user_id: int) -> UserRecord | None: ...

    async def put(self, user: UserRecord) -> None: ...


class Chats(Protocol):
    async def get(self, chat_id: int) -> ChatRecord | None: ...

    async def put(self, chat: ChatRecord) -> None: ...
