"""The in-memory side of ``storage.interface.people``: users and chats in dicts, copied in and
out so that no caller shares a record with the store."""

from __future__ import annotations

from ..interface.records import ChatRecord, UserRecord


class MemoryUsers:
    def __init__(self) -> None:
        self._rows: dict[int, UserRecord] = {}

    async def get(self, user_id: int) -> UserRecord | None:
        row = self._rows.get(user_id)
        return row.model_copy() if row else None

    async def put(self, user: UserRecord) -> None:
        self._rows[user.id] = user.model_copy()


class MemorySessions:
    def __init__(self) -> None:
        self._rows: dict[int, int] = {}

    async def generation(self, user_id: int) -> int:
        return self._rows.get(user_id, 0)

    async def revoke(self, user_id: int) -> int:
        self._rows[user_id] = self._rows.get(user_id, 0) + 1
        return self._rows[user_id]


class MemoryChats:
    def __init__(self) -> None:
        self._rows: dict[int, ChatRecord] = {}

    async def get(self, chat_id: int) -> ChatRecord | None:
        row = self._rows.get(chat_id)
        return row.model_copy(deep=True) if row else None

    async def put(self, chat: ChatRecord) -> None:
        self._rows[chat.id] = chat.model_copy(deep=True)
