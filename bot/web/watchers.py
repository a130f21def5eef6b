"""Who watches which chat's tables on an open page: when someone is found out of a chat, their
streams there wake and end (a seated player's own seat stays theirs)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass


@dataclass(eq=False, slots=True)
class Watch:
    chat_id: int
    user_id: int
    page: asyncio.Event  # the stream's wake-up (bot.publishing.live)
    gone: bool = False


class Watchers:
    def __init__(self) -> None:
        self._open: dict[tuple[int, int], set[Watch]] = {}

    def add(self, chat_id: int, user_id: int, page: asyncio.Event) -> Watch:
        watch = Watch(chat_id, user_id, page)
        self._open.setdefault((chat_id, user_id), set()).add(watch)
        return watch

    def discard(self, watch: Watch) -> None:
        key = (watch.chat_id, watch.user_id)
        found = self._open.get(key, set())
        found.discard(watch)
        if not found:
            self._open.pop(key, None)

    def gone(self, chat_id: int, user_id: int) -> None:
        """``Membership.gone``: the user is out of the chat; their streams there end now."""
        for watch in self._open.get((chat_id, user_id), ()):
            watch.gone = True
            watch.page.set()
