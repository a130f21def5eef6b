"""The seasons' use cases (issue 27): /season's table, the chat's time zone, and each ended
season's end posts, sent once.

A season's end owes its chat one post per game played in it: the board's text under the
season's race picture. Each is claimed in the store by this worker, sent, then marked posted
(the outbox's pattern: a restart or a dead worker leaves the claim to run out, and the post is
sent by whoever comes next; a post marked is never sent again). ``close_ended`` runs at start-up
and then every ``CHECK`` seconds; its clock is injected (tests move it across a month's end).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from storage import ChatRecord, Store

from ..sending.sender import Sender
from . import chart, seasons
from .people import People
from .seasons import DEFAULT_ZONE, Season, season_at

log = logging.getLogger(__name__)

CHECK = 60.0  # seconds between looks for ended seasons
CLAIM = 300.0  # a claimed end post is this worker's while it waits its turn in the flood limits
RETRY = 3600.0  # a post Telegram refused (the bot was removed, say) is tried again after this
LOOKBACK = 70 * 86400.0  # chats that played this recently may have a season owing posts
ZONE = "timezone"  # the chat setting's name
ZONE_KEPT = 600.0  # seconds the minutely look trusts a chat's time zone as it read it
TOP_ONE, TOP_ALL = 10, 5  # /season's lines for one game, and a game each for every game


class SeasonService:
    def __init__(self, store: Store, sender: Sender, people: People, worker: str,
                 clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.sender = sender
        self.people = people
        self.worker = worker
        self.clock = clock
        self._zones: dict[int, tuple[str, float]] = {}  # chat -> (zone, when read)
        self._closed: set[tuple[int, str]] = set()  # (chat, season) with every post sent
        self._sending: set[tuple[int, str, str]] = set()  # (chat, season, game) queued
        self._refused: dict[tuple[int, str, str], float] = {}  # -> when to try again

    # ----- the chat's time zone

    async def zone(self, chat_id: int, cached: bool = False) -> str:
        """The chat's time zone; ``cached``: as read within ZONE_KEPT seconds (the minutely
        look at every chat), else as stored now (another worker may have set it)."""
        now = time.monotonic()
        if not cached or now - self._zones.get(chat_id, ("", -ZONE_KEPT))[1] >= ZONE_KEPT:
            record = await self.store.chats.get(chat_id)
            found = record.settings.get(ZONE) if record else None
            self._zones[chat_id] = (str(found) if found else DEFAULT_ZONE, now)
        return self._zones[chat_id][0]

    async def set_zone(self, chat_id: int, zone: str) -> None:
        record = await self.store.chats.get(chat_id) or ChatRecord(
            id=chat_id, turn_seconds=self.people.settings.turn_seconds)
        await self.store.chats.put(record.model_copy(
            update={"settings": {**record.settings, ZONE: zone}}))
        self._zones[chat_id] = (zone, time.monotonic())
        self._closed = {c for c in self._closed if c[0] != chat_id}  # its months moved

    async def local_time(self, chat_id: int) -> str:
        return datetime.fromtimestamp(self.clock(), ZoneInfo(await self.zone(chat_id))).strftime(
            "%Y-%m-%d %H:%M")

    # ----- /season

    async def season_of(self, chat_id: int, last: bool) -> Season:
        season = season_at(self.clock(), await self.zone(chat_id))
        return season.previous() if last else season

    async def table(self, chat_id: int, game: str | None, last: bool, lang: str) -> str:
        season = await self.season_of(chat_id, last)
        found = seasons.boards(await self.store.seasons.stories(chat_id, season.start(),
                                                                season.end()))
        found = [b for b in found if game is None or b.game == game]
        return seasons.table_text(season, found, lang, TOP_ONE if game else TOP_ALL)

    # ----- the end posts

    async def job(self, context: Any) -> None:
        """The JobQueue's call: one look, never raising (the next comes all the same)."""
        try:
            await self.close_ended()
        except Exception:
            log.warning("seasons: cannot look for ended seasons", exc_info=True)

    async def close_ended(self) -> int:
        """Queue the end posts owed by every chat's last season; how many were queued."""
        now = self.clock()
        queued = 0
        for chat_id in await self.store.seasons.chats(now - LOOKBACK, now):
            season = season_at(now, await self.zone(chat_id, cached=True)).previous()
            if (chat_id, season.key) not in self._closed:
                queued += await self._close(chat_id, season, now)
        return queued

    async def _close(self, chat_id: int, season: Season, now: float) -> int:
        posted = set(await self.store.seasons.posted(chat_id, season.key))
        owed = [b for b in seasons.boards(await self.store.seasons.stories(
            chat_id, season.start(), season.end())) if b.game not in posted]
        if not owed:
            self._closed.add((chat_id, season.key))
            return 0
        lang = await self.people.chat_lang(chat_id)
        queued = 0
        for board in owed:
            key = (chat_id, season.key, board.game)
            if key in self._sending or self._refused.get(key, 0.0) > now:
                continue
            if not await self.store.seasons.claim(chat_id, season.key, board.game, self.worker,
                                                  now, CLAIM):
                continue  # another worker sends it
            self._sending.add(key)
            picture = seasons.race(season, board, lang)
            self.sender.post_photo(chat_id, 0, partial(asyncio.to_thread, chart.render, picture),
                                   seasons.end_text(season, board, lang),
                                   done=partial(self._posted, key))
            queued += 1
        return queued

    async def _posted(self, key: tuple[int, str, str], sent: bool) -> None:
        self._sending.discard(key)
        if sent:
            await self.store.seasons.mark_posted(*key, self.clock())
        else:
            self._refused[key] = self.clock() + RETRY
