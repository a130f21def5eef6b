"""Open pages of a table told that it moved: each page waits on an event of its own; the table's
latest outcome (state and record, as the publish that drew it had them) is kept while pages
watch it, and each viewer's scene is built once per version (spectators in one language share
one)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from ..play.records import Outcome


class Live:
    def __init__(self) -> None:
        self._pages: dict[int, set[asyncio.Event]] = {}
        self._viewers: dict[tuple[int, int], int] = {}  # (table, user) -> their open pages
        self._latest: dict[int, Outcome] = {}
        self._scenes: dict[int, tuple[int, dict[Any, bytes]]] = {}  # table -> (version, scenes)
        # the other workers on the store (PostgreSQL's NOTIFY, storage/postgres/notify.py), once wired
        self.broadcast: Callable[[int, int], None] | None = None

    def changed(self, outcome: Outcome, here: bool = True) -> None:
        """A table was published (``here``: by this process, so the others are told): its open
        pages wake (nothing happens for a table nobody watches here)."""
        table_id = outcome.table.id or 0
        if here and self.broadcast is not None:
            self.broadcast(table_id, outcome.table.version)
        pages = self._pages.get(table_id)
        if not pages:
            return
        self.keep(outcome)
        for page in pages:
            page.set()

    def keep(self, outcome: Outcome) -> None:
        table_id = outcome.table.id or 0
        known = self._latest.get(table_id)
        if known is None or known.table.version <= outcome.table.version:
            self._latest[table_id] = outcome

    def latest(self, table_id: int) -> Outcome | None:
        return self._latest.get(table_id)

    def behind(self, table_id: int, version: int) -> bool:
        """Whether pages here watch a table and show an older version than ``version``."""
        known = self._latest.get(table_id)
        return table_id in self._pages and (known is None or known.table.version < version)

    def open(self, table_id: int, user_id: int = 0) -> asyncio.Event:
        page = asyncio.Event()
        self._pages.setdefault(table_id, set()).add(page)
        self._viewers[table_id, user_id] = self._viewers.get((table_id, user_id), 0) + 1
        return page

    def watching(self, table_id: int, user_id: int) -> bool:
        """Whether the user has this table open on a page (their hand is drawn there)."""
        return (table_id, user_id) in self._viewers

    def close(self, table_id: int, page: asyncio.Event, user_id: int = 0) -> bool:
        """Forget a page; True if it was the user's last page on this table."""
        left = self._viewers.pop((table_id, user_id), 1) - 1
        if left:
            self._viewers[table_id, user_id] = left
        self._forget_page(table_id, page)
        return not left

    def _forget_page(self, table_id: int, page: asyncio.Event) -> None:
        pages = self._pages.get(table_id, set())
        pages.discard(page)
        if not pages:
            self._pages.pop(table_id, None)
            self._latest.pop(table_id, None)
            self._scenes.pop(table_id, None)

    def pages(self) -> int:
        return sum(len(p) for p in self._pages.values())

    async def scene(self, table_id: int, version: int, key: Any,
                    build: Callable[[], Awaitable[bytes]]) -> bytes:
        """The scene of ``key`` (seat, language) at ``version``, built once."""
        cached_version, scenes = self._scenes.get(table_id, (-1, {}))
        if cached_version != version:
            scenes = {}
            self._scenes[table_id] = (version, scenes)
        if key not in scenes:
            scenes[key] = await build()
        return scenes[key]
