"""What the chat sees of its tournament (issue 27): its one message, edited as the sign-up and
the rounds go; the tables each round starts, published like any table; its owed posts (the end:
winners, final table, then the race picture; or that too few signed up), each sent once and
then taken off its outbox. The JobQueue's look every ``CHECK`` seconds (and at start-up) carries
every live tournament on, so a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import html
import logging
import time
from collections.abc import Awaitable, Callable
from datetime import datetime
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from storage.interface.tournaments import TournamentRecord

from .. import i18n
from ..play.records import Outcome
from ..sending.calls import Done
from ..sending.outbox import Outbox
from ..sending.queue import Sender, Target
from ..views import tournament as views
from . import chart
from .people import People
from .season_service import SeasonService
from .tournament_service import Step, TournamentService

log = logging.getLogger(__name__)

CHECK = 3.0  # seconds between looks at the live tournaments
OWED_LATE = 15.0


class TournamentDesk:
    def __init__(self, service: TournamentService, sender: Sender, people: People,
                 seasons: SeasonService, publish: Callable[[Outcome], Awaitable[None]],
                 bot_link: Callable[[int], str], shared: bool = False) -> None:
        self.service = service
        self.sender = sender
        self.people = people
        self.seasons = seasons  # the chat's time zone
        self.publish = publish
        self.bot_link = bot_link
        self.shared = shared  # several workers: each look leaves a fresh post to its maker
        # its posts owed (a group: a tournament id; an event: "final", "too-few")
        self.outbox: Outbox[int, str] = Outbox(service.posted)

    async def draw(self, t: TournamentRecord) -> None:
        """The tournament's message as it stands."""
        lang = await self.people.chat_lang(t.chat_id)
        zone = await self.seasons.zone(t.chat_id)
        start = datetime.fromtimestamp(t.start_at, ZoneInfo(zone)).strftime("%H:%M")
        screen = views.message(t, lang, start, zone, await self.service.standings_of(t),
                               self.bot_link(0))
        target = Target(-(t.id or 0), None, t.chat_id, t.thread_id)
        self.sender.show(target, screen, t.version, t.message_id)

    async def apply(self, step: Step) -> None:
        await self.draw(step.tournament)
        for outcome in (*step.started, *step.closed):
            await self.publish(outcome)
        since = self.outbox.reading()  # the step's record may be older than a mark since: read
        t = await self.service.store.tournaments.get(step.tournament.id or 0)
        if t is not None:
            await self.post_owed(t, since)

    async def carry_on(self, tournament_id: int) -> None:
        step = await self.service.advance(tournament_id)
        if step is not None:
            await self.apply(step)

    async def job(self, context: Any) -> None:
        """The JobQueue's look: every live tournament carried on, its owed posts sent."""
        try:
            since = self.outbox.reading()  # before the read: a post marked since is not sent
            for t in await self.service.live():
                await self.carry_on(t.id or 0)
                # a post owed is sent by the worker whose step owed it (``apply``); a look
                # takes it over when that worker has not sent it in OWED_LATE seconds
                if t.outbox and (not self.shared or time.time() - t.updated_at > OWED_LATE):
                    await self.post_owed(t, since)
        except Exception:
            log.warning("tournaments: cannot carry them on", exc_info=True)

    async def post_owed(self, t: TournamentRecord, since: int) -> None:
        """``t`` as read after ``since`` (Outbox.reading)."""
        lang = await self.people.chat_lang(t.chat_id)
        await self.outbox.post(t.id or 0, t.outbox, partial(self._send, t, lang), since)

    async def _send(self, t: TournamentRecord, lang: str, event: str, done: Done) -> None:
        if event == "final":
            standings = await self.service.standings_of(t)
            self.sender.post(t.chat_id, t.thread_id, views.final_text(t, lang, standings),
                             done=done)
            race = views.race(t, lang, standings)
            caption = html.escape(race.title)
            self.sender.post_photo(t.chat_id, t.thread_id,
                                   partial(asyncio.to_thread, chart.render, race), caption)
        elif event.startswith("round:"):
            counted, tables = await self.service.round_of(t, int(event.partition(":")[2]))
            self.sender.post(t.chat_id, t.thread_id, views.round_text(
                t, lang, int(event.partition(":")[2]), counted, tables), done=done)
        elif event == "too-few":
            self.sender.post(t.chat_id, t.thread_id, html.escape(
                i18n.t(lang, "tournament-too-few")), done=done)
