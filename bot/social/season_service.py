"""The seasons' use cases (issue 27): /season's table and the chat's time zone (a season is
the chat's calendar month in it). What an ended season sends its chat is season_posts.py's.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

from storage import ChatRecord, Store

from . import seasons
from .people import People
from .seasons import DEFAULT_ZONE, Season, season_at

ZONE = "timezone"  # the chat setting's name
ZONE_KEPT = 600.0  # seconds the minutely look trusts a chat's time zone as it read it
TOP_ONE, TOP_ALL = 10, 5  # /season's lines for one game, and a game each for every game


class SeasonService:
    def __init__(self, store: Store, people: People) -> None:
        self.store = store
        self.people = people
        self.clock: Callable[[], float] = time.time  # tests move it across a month's end
        self._zones: dict[int, tuple[str, float]] = {}  # chat -> (zone, when read)

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
