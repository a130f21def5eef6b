"""A season's end posts (issue 27): when a chat's month ends, it is owed one post per game played
in it, the board's text under the season's race picture, sent once.

Each is claimed in the store by this worker, sent, then marked posted (the outbox,
bot/sending/outbox.py: a restart or a dead worker leaves the claim to run out, and the post is
sent by whoever comes next; a post marked is never sent again). ``close_ended`` runs at start-up
and then every ``CHECK`` seconds, on the seasons' clock (tests move it across a month's end).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from functools import partial
from typing import Any

from ..sending.calls import Done
from ..sending.outbox import Outbox
from ..sending.queue import Sender
from . import chart, seasons
from .people import People
from .season_service import SeasonService
from .seasons import Board, Season, season_at

log = logging.getLogger(__name__)

CHECK = 60.0  # seconds between looks for ended seasons
CLAIM = 300.0  # a claimed end post is this worker's while it waits its turn in the flood limits
RETRY = 3600.0  # a post Telegram refused (the bot was removed, say) is tried again after this
LOOKBACK = 70 * 86400.0  # chats that played this recently may have a season owing posts

Group = tuple[int, str]  # (chat, season key '2026-11'); its posts are games


class SeasonPosts:
    def __init__(self, seasons: SeasonService, sender: Sender, people: People,
                 worker: str) -> None:
        self.seasons = seasons  # the store, the chats' time zones and the clock
        self.sender = sender
        self.people = people
        self.worker = worker
        self.outbox: Outbox[Group, str] = Outbox(self._mark, claim=self._claim, rest=RETRY,
                                                 clock=lambda: self.seasons.clock())
        # (chat, season in the zone it was read in) with every post sent: a new zone moves
        # the months' edges, so the chat is looked at again
        self._closed: set[tuple[int, Season]] = set()

    async def job(self, context: Any) -> None:
        """The JobQueue's call: one look, never raising (the next comes all the same)."""
        try:
            await self.close_ended()
        except Exception:
            log.warning("seasons: cannot look for ended seasons", exc_info=True)

    async def close_ended(self) -> int:
        """Queue the end posts owed by every chat's last season; how many were queued."""
        now = self.seasons.clock()
        queued = 0
        for chat_id in await self.seasons.store.seasons.chats(now - LOOKBACK, now):
            season = season_at(now, await self.seasons.zone(chat_id, cached=True)).previous()
            if (chat_id, season) not in self._closed:
                queued += await self._close(chat_id, season)
        return queued

    async def _close(self, chat_id: int, season: Season) -> int:
        store = self.seasons.store.seasons
        since = self.outbox.reading()
        posted = set(await store.posted(chat_id, season.key))
        owed = {b.game: b for b in seasons.boards(await store.stories(
            chat_id, season.start(), season.end())) if b.game not in posted}
        if not owed:
            self._closed.add((chat_id, season))
            return 0
        lang = await self.people.chat_lang(chat_id)
        return await self.outbox.post((chat_id, season.key), list(owed),
                                      partial(self._send, chat_id, season, owed, lang), since)

    async def _claim(self, group: Group, games: Sequence[str], now: float) -> list[str]:
        chat_id, key = group
        return [game for game in games if await self.seasons.store.seasons.claim(
            chat_id, key, game, self.worker, now, CLAIM)]  # else another worker sends it

    async def _send(self, chat_id: int, season: Season, boards: dict[str, Board], lang: str,
                    game: str, done: Done) -> None:
        board = boards[game]
        picture = seasons.race(season, board, lang)
        self.sender.post_photo(chat_id, 0, partial(asyncio.to_thread, chart.render, picture),
                               seasons.end_text(season, board, lang), done=done)

    async def _mark(self, group: Group, game: str) -> None:
        await self.seasons.store.seasons.mark_posted(*group, game, self.seasons.clock())
