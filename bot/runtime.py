"""What the handlers share while the bot runs: the rooms below wired together, and the one path
a table takes to the screen after a move (drawn, its timer armed, its computers woken)."""

from __future__ import annotations

from typing import Any

from telegram import User
from telegram.ext import Application

from storage import Store

from . import i18n
from .computers import Computers, merged
from .people import People
from .publishing import Publishing
from .season_service import SeasonService
from .sender import Sender, Shared
from .settings import Settings
from .tables import Outcome, TableService
from .timers import Timers
from .tournament_desk import TournamentDesk
from .tournaments import TournamentService
from .views import Screen
from .web.live import Live

DRAIN_SECONDS = 3.0  # at shutdown, for the screens and posts queued (a SIGTERM: 5 s to exit)
# A press that sets computers off: its hands wait this long for the computers' moves, so a hand is
# edited once with both (they mostly take milliseconds), not once for the press and again after.
# Scaled like the flood minute (benches compress time).
HOLD = 0.15


class Runtime:
    """What the handlers share while the bot runs: the table use cases (``service``), the part
    that sends to Telegram (``sender``), and the rooms: ``people`` (users, chats, languages),
    ``publishing`` (tables drawn, posts owed), ``computers``, ``timers`` (and the sweep)."""

    def __init__(self, settings: Settings, store: Store, application: Application[Any, Any, Any, Any, Any, Any]) -> None:
        self.settings = settings
        self.store = store
        self.application = application
        self.service = TableService(store, settings.turn_seconds, seed=settings.table_seed,
                                    computer_seed=settings.computer_seed)
        self.sender = Sender(application.bot, self._remember,
                             settings.chat_messages_per_second,
                             settings.group_messages_per_minute, settings.flood_minute_seconds,
                             note=store.sends.note, shared=Shared(
                                 store.sends.reserve, store.tables.moves_of,
                                 settings.messages_per_second) if store.shared else None,
                             overall=settings.messages_per_second)
        self.people = People(settings, store)
        self.publishing = Publishing(store, self.service, self.sender, self.people, application.bot)
        self.seasons = SeasonService(store, self.sender, self.people, self.publishing.worker)
        self.tournaments = TournamentService(store, self.service)
        self.desk = TournamentDesk(self.tournaments, self.sender, self.people, self.seasons,
                                   self.publish, lambda _: f"https://t.me/{application.bot.username}",
                                   shared=store.shared)
        self.computers = Computers(settings, self.service, self._draw_computers)
        self.timers = Timers(application, store, self.service, self.publishing, self.computers,
                             self.publish)
        self.hold = HOLD * settings.flood_minute_seconds / 60.0
        self.live = Live()  # the pages open on tables (bot/web): told of every publish
        self.publishing.on_page = self.live.watching
        # what the handlers call, where it lives now
        people, publishing = self.people, self.publishing
        self.touch, self.user_lang, self.chat_lang = people.touch, people.user_lang, people.chat_lang
        self.set_user_lang, self.set_chat_lang = people.set_user_lang, people.set_chat_lang
        self.set_turn_seconds, self.alert = people.set_turn_seconds, people.alert
        self.person = people.person
        self.context, self.say, self.bot_link = publishing.context, publishing.say, publishing.bot_link
        self.hand_alert, self.post_sheet = publishing.hand_alert, publishing.post_sheet
        self.score_text, self.redraw_hand = publishing.score_text, publishing.redraw_hand
        self.worker = publishing.worker
        self.wake_computers, self.think = self.computers.wake, self.computers.think
        self.arm, self.disarm = self.timers.arm, self.timers.disarm
        self.rearm_all, self.revive = self.timers.rearm_all, self.timers.revive

    async def _remember(self, table_id: int, seat: int | None, message_id: int) -> None:
        """The id of a message the sender had to send anew: a table's, or (a negative id) a
        tournament's."""
        if table_id < 0:
            await self.tournaments.remember_message(-table_id, message_id)
        else:
            await self.service.remember_message(table_id, seat, message_id)

    async def publish(self, outcome: Outcome, menu: bool = False) -> None:
        """Bring the group's table message, the hands and the timer up to date with a table."""
        table = outcome.table
        await self._publish(outcome, menu)
        if table.tournament_id is not None and table.status in ("finished", "stopped"):
            await self.desk.carry_on(table.tournament_id)  # its round may be over

    async def _publish(self, outcome: Outcome, menu: bool) -> None:
        table = outcome.table
        table_id = table.id or 0
        self.live.changed(outcome)
        if table.status == "lobby":
            await self.publishing.lobby(table, menu)
            return
        if table.status == "stopped":
            await self.publishing.stopped(table)
            self.timers.disarm(table_id)
            self.sender.retire(table_id)
            return
        if outcome.computers:  # the group is drawn once the computers have moved too
            await self.publishing.held(outcome, self.hold)
            self.timers.arm(table)  # a human may be choosing too (Hearts' passes)
            self.computers.wake(table_id)
            return
        await self.publishing.play(outcome)
        self.timers.arm(table)
        if table.status == "finished":
            self.sender.retire(table_id)

    async def _draw_computers(self, table_id: int, batch: list[Outcome]) -> None:
        """The computers' moves in a row, drawn as one; none moved: the table as it is, if its
        group waits to be drawn."""
        if not batch and self.publishing.deferred(table_id):
            batch = [await self.service.outcome(table_id)]
        if (outcome := merged(batch)) is not None:
            await self.publish(outcome)

    async def private_chat_changed(self, user: User, blocked: bool) -> None:
        """The user blocked the bot, or started it again: whether we may write to them, and
        their seat at a table in play (a computer plays it while they cannot see their hand)."""
        await self.people.set_can_dm(user, not blocked)
        if not blocked:
            await self.bring_hand(user)
            return
        outcome = await self.service.set_away(user.id)
        if outcome is not None:
            await self.publish(outcome)

    async def bring_hand(self, user: User) -> bool:
        """The user unblocked the bot or sent /start: their seat at a table in play is theirs
        again, and their hand comes as a new message at the bottom of their chat (the old one,
        far up or gone, or showing just what it did before, is closed). The two updates of a
        Restart (unblocked, /start), at one worker or two, bring one new message (claimed in the
        store: TableService.come_back). False: no seat at a table in play."""
        back = await self.service.come_back(user.id)
        if back is None:
            return False
        outcome, seat = back.outcome, back.seat
        if back.fresh or outcome.table.seats[seat].hand_message_id is not None:
            await self.publishing.hand(outcome, seat, again=True, fresh=back.fresh)
        # else the update that claimed it is sending it anew, here or at another worker
        if back.fresh or back.returned:  # the group: "back", and the seat's name without 💤
            await self.publish(outcome)
        if back.old is not None:
            moved = i18n.t(await self.user_lang(user), "hand-moved")
            self.sender.close_message(user.id, back.old, Screen(moved))
        return True

    async def idle(self) -> None:
        """Wait until the computers have moved and every screen is out (tests)."""
        while self.computers.busy() or self.sender.busy():
            await self.computers.settle()
            await self.sender.idle()

    async def close(self, seconds: float = DRAIN_SECONDS) -> None:
        """Shutdown: computers stop thinking (their tables go on after a restart), and the
        screens and posts already queued go out for at most ``seconds``; what is still owed
        then stays in the outbox for the next start."""
        self.timers.stop()
        await self.computers.close()
        await self.sender.close(seconds)
