"""What the handlers share while the bot runs: the rooms below wired together, and the one path
a table takes to the screen after a move (drawn, its timer armed, its computers woken)."""

from __future__ import annotations

from typing import Any

from telegram import User
from telegram.ext import Application

from storage import Store, TableKey

from . import i18n
from .coach.frames import Frames
from .play.computers import Computers, merged
from .play.kernel import Kernel
from .play.records import Outcome
from .play.tables import Tables
from .publishing.live import Live
from .publishing.publisher import Publishing
from .sending.budget import Budget
from .sending.pacing import Shared
from .sending.queue import Sender, Target
from .settings import Settings
from .social.membership import Membership
from .social.people import People
from .social.season_posts import SeasonPosts
from .social.season_service import SeasonService
from .social.tournament_posts import TournamentDesk
from .social.tournament_service import TournamentService
from .timers import Timers
from .views import Screen

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
        self.tables = Tables(Kernel(store, settings.turn_seconds, seed=settings.table_seed,
                                           computer_seed=settings.computer_seed))
        self.sender = Sender(application.bot, self._remember,
                             settings.chat_messages_per_second,
                             settings.group_messages_per_minute, settings.flood_minute_seconds,
                             note=store.sends.note, shared=Shared(
                                 store.sends.reserve, store.tables.moves_of)
                             if store.shared else None, overall=Budget(
                                 settings.messages_per_second, settings.flood_minute_seconds / 60,
                                 settings.messages_per_second_floor,
                                 settings.messages_per_second_ceiling))
        self.people = People(settings, store)
        self.members = Membership(application.bot)
        self.frames = Frames()  # replays' deals, built off the loop and kept (bot/coach)
        self.publishing = Publishing(store, self.tables, self.sender, self.people, application.bot)
        self.seasons = SeasonService(store, self.people)
        self.season_posts = SeasonPosts(self.seasons, self.sender, self.people,
                                        self.publishing.worker)
        self.tournaments = TournamentService(store, self.tables,
                                             in_group=self.people.place_of)
        self.desk = TournamentDesk(self.tournaments, self.sender, self.people, self.seasons,
                                   self.publish, lambda _: f"https://t.me/{application.bot.username}",
                                   shared=store.shared)
        self.computers = Computers(settings, self.tables.turns, self._draw_computers)
        self.timers = Timers(application, store, self.tables, self.publishing, self.computers,
                             self.publish)
        self.hold = HOLD * settings.flood_minute_seconds / 60.0
        self.live = Live()  # the pages open on tables (bot/web): told of every publish
        self.publishing.on_page = self.live.watching

    async def _remember(self, table_id: int, seat: int | None, message_id: int) -> None:
        """The id of a message the sender had to send anew: a table's, or (a negative id) a
        tournament's."""
        if table_id < 0:
            await self.tournaments.remember_message(-table_id, message_id)
        else:
            await self.tables.admin.remember_message(table_id, seat, message_id)

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
            batch = [await self.tables.kernel.outcome(table_id)]
        if (outcome := merged(batch)) is not None:
            await self.publish(outcome)

    async def private_chat_changed(self, user: User, blocked: bool) -> None:
        """The user blocked the bot, or started it again: whether we may write to them, and
        their seat at a table in play (a computer plays it while they cannot see their hand)."""
        await self.people.set_can_dm(user, not blocked)
        if not blocked:
            await self.bring_hand(user)
            return
        outcome = await self.tables.turns.set_away(user.id)
        if outcome is not None:
            await self.publish(outcome)

    async def member_changed(self, chat_id: int, user_id: int, now_inside: bool) -> None:
        """Someone joined, left or was removed from a group: the membership cache and the
        page's streams follow at once."""
        self.members.changed(chat_id, user_id, now_inside)
        if not now_inside:
            await self.end_sessions([user_id])

    async def end_sessions(self, user_ids: list[int]) -> None:
        """End the page sessions of those who are now in no chat the bot knows them in and hold
        no seat (a seated player keeps their own seat's view): removed from their chats, or
        their only table stopped. Their next request is refused; opening the page signs them
        in again where Telegram still lets them in."""
        for user_id in user_ids:
            if not self.members.inside_anywhere(user_id) and \
                    await self.store.tables.seat_of(user_id) is None:
                await self.store.sessions.revoke(user_id)

    async def bring_hand(self, user: User) -> bool:
        """The user unblocked the bot or sent /start: their seat at a table in play is theirs
        again, and their hand comes as a new message at the bottom of their chat (the old one,
        far up or gone, or showing just what it did before, is closed). The two updates of a
        Restart (unblocked, /start), at one worker or two, bring one new message (claimed in the
        store: Tables.come_back). False: no seat at a table in play."""
        back = await self.tables.turns.come_back(user.id)
        if back is None:
            return False
        outcome, seat = back.outcome, back.seat
        if back.fresh or outcome.table.seats[seat].hand_message_id is not None:
            await self.publishing.hand(outcome, seat, again=True, fresh=back.fresh)
        # else the update that claimed it is sending it anew, here or at another worker
        if back.fresh or back.returned:  # the group: "back", and the seat's name without 💤
            await self.publish(outcome)
        if back.old is not None:
            moved = i18n.t(await self.people.user_lang(user), "hand-moved")
            self.sender.close_message(user.id, back.old, Screen.of(moved))
        return True

    async def bring_down(self, key: TableKey, lang: str) -> bool:
        """/table: the group's table message sent again at the bottom of the chat, for long
        matches that scrolled away; the old message is edited to point down, its buttons gone.
        False if the chat (or topic) has no lobby or table in play."""
        def detach(table_id: int) -> int | None:
            return self.sender.detach(Target(table_id, None, key.chat_id, key.thread_id))
        found = await self.tables.admin.detach_message(key, detach)
        if found is None:
            return False
        table_id, old = found
        await self.publish(await self.tables.kernel.outcome(table_id))
        if old is not None:
            self.sender.close_message(key.chat_id, old, Screen.of(i18n.t(lang, "table-moved")))
        return True

    async def idle(self) -> None:
        """Wait until the computers have moved (a turn timer's own move too) and every screen
        is out (tests)."""
        while self.computers.busy() or self.sender.busy() or self.timers.busy():
            await self.timers.settle()
            await self.computers.settle()
            await self.sender.idle()

    async def close(self, seconds: float = DRAIN_SECONDS) -> None:
        """Shutdown: computers stop thinking (their tables go on after a restart), and the
        screens and posts already queued go out for at most ``seconds``; what is still owed
        then stays in the outbox for the next start."""
        self.timers.stop()
        await self.computers.close()
        await self.sender.close(seconds)
