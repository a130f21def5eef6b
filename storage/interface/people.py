"""The people a store remembers: users (name, language, whether the bot may write to them) and
group chats (language, turn timer, settings), and each person's page sessions' generation."""

from __future__ import annotations

from typing import Protocol

from .records import ChatRecord, UserRecord


class Users(Protocol):
    async def get(self, user_id: int) -> UserRecord | None: ...

    async def put(self, user: UserRecord) -> None: ...


class Sessions(Protocol):
    """A person's page sessions carry the generation they were issued in; ending them all is a
    new generation (removed from the chats, their table stopped)."""

    async def generation(self, user_id: int) -> int: ...

    async def revoke(self, user_id: int) -> int:
        """The next generation, stored: every session issued before is refused."""
        ...


class Chats(Protocol):
    async def get(self, chat_id: int) -> ChatRecord | None: ...

    async def put(self, chat: ChatRecord) -> None: ...
