"""What the handlers share while the bot runs: the table use cases, languages, publishing a table
to its messages, and the turn timers."""

from __future__ import annotations

import asyncio
import html
import logging
import os
import secrets
import socket
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import Any

from telegram import Message, User
from telegram.ext import Application, ContextTypes, Job

from engine import find_game
from engine.players import player_for, random_player
from storage.base import ChatRecord, Store, TableRecord, UserRecord

from . import chart, i18n, scores
from .sender import Sender, Shared, Target
from .settings import Settings
from .tables import Outcome, Person, TableError, TableService, Turn
from .views import Context, Screen, view_for
from .views import lobby as lobby_views
from .views.base import standings_line

ALERT_LIMIT = 200
BATCH = 12  # computer moves drawn together at most
DRAIN_SECONDS = 3.0  # at shutdown, for the screens and posts queued (a SIGTERM: 5 s to exit)
# Every SWEEP seconds a worker looks for tables nobody carries on: a deadline LATE seconds past,
# computers to move and no save for LATE seconds (the worker moving them died, or their task
# failed), posts owed and nobody sending them. Each is leased to one worker for LEASE seconds.
SWEEP, LATE, LEASE = 2.0, 10.0, 30.0
RENEW_SECONDS = 10.0  # a hand brought down again within this is edited, not sent anew
OUTBOX_LEASE = 15.0  # renewed every sweep while posts wait: a dead worker's runs out soon
# A press that sets computers off: its hands wait this long for the computers' moves, so a hand is
# edited once with both (they mostly take milliseconds), not once for the press and again after.
# Scaled like the flood minute (benches compress time).
HOLD = 0.15
log = logging.getLogger(__name__)


class Runtime:
    """What the handlers share while the bot runs: the table use cases (``service``), the part
    that sends to Telegram (``sender``), languages, publishing, computer players and timers."""

    def __init__(self, settings: Settings, store: Store, application: Application[Any, Any, Any, Any, Any, Any]) -> None:
        self.settings = settings
        self.store = store
        self.application = application
        self.service = TableService(store, settings.turn_seconds, seed=settings.table_seed)
        self._thinkers = ThreadPoolExecutor(settings.computer_threads, "computer")
        self._computers: dict[int, asyncio.Task[None]] = {}  # table id -> its computers' task
        self._wanted: set[int] = set()  # tables whose computers were asked for while running
        self._deferred: dict[int, Any] = {}  # table id -> state the group last saw, computers due
        self.sender = Sender(application.bot, self.service.remember_message,
                                 settings.chat_messages_per_second,
                                 settings.group_messages_per_minute, settings.flood_minute_seconds,
                                 note=store.sends.note, shared=Shared(
                                     store.sends.reserve, store.tables.moves_of,
                                     settings.messages_per_second) if store.shared else None,
                                 overall=settings.messages_per_second)
        self._user_langs: dict[int, str | None] = {}
        self._client_langs: dict[int, str | None] = {}
        self._chat_langs: dict[int, str | None] = {}
        self._sheets: dict[int, tuple[int, int]] = {}  # user -> (table, hash) of the last sheet sent
        self._jobs: dict[int, Job[Any]] = {}
        self._posting: set[tuple[int, str]] = set()  # (table id, outbox event) queued to send
        self._delivered: set[tuple[int, str]] = set()  # sent, still in a stored outbox
        # this process among the workers on one store: its outbox leases carry the name. Alone
        # on its store (SQLite), a process is the same worker as the one before it, which died.
        self.worker = (f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
                       if store.shared else "local")
        self._sweeper: asyncio.Task[None] | None = None
        self.hold = HOLD * settings.flood_minute_seconds / 60.0
        self._brought: dict[int, float] = {}  # user id -> when their hand was last sent anew

    # ----- people and languages

    async def touch(self, user: User, private: bool = False) -> UserRecord:
        """The user's record, created or refreshed; ``private``: they wrote to the bot directly."""
        record = await self.store.users.get(user.id)
        name = user.full_name[:32]
        client = user.language_code or (record.client_lang if record else None)
        if (record is None or record.name != name or (private and not record.can_dm)
                or record.client_lang != client):
            record = (record or UserRecord(id=user.id)).model_copy(update={
                "name": name, "can_dm": bool(private or (record and record.can_dm)),
                "client_lang": client})
            await self.store.users.put(record)
        self._user_langs[user.id] = record.lang
        self._client_langs[user.id] = client
        return record

    async def private_chat_changed(self, user: User, blocked: bool) -> None:
        """The user blocked the bot, or started it again: whether we may write to them, and
        their seat at a table in play (a computer plays it while they cannot see their hand)."""
        record = await self.touch(user)
        await self.store.users.put(record.model_copy(update={"can_dm": not blocked}))
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
        Restart (unblocked, /start) bring one new message. False: no seat at a table in play."""
        now = time.monotonic()
        self._brought = {u: t for u, t in self._brought.items() if now - t < RENEW_SECONDS}
        fresh = user.id not in self._brought
        if fresh:  # before the wait: the other update of the pair may be handled meanwhile
            self._brought[user.id] = now
        back = await self.service.come_back(user.id, fresh)
        if back is None:
            self._brought.pop(user.id, None)
            return False
        outcome, seat, old = back
        await self._publish_hand(outcome, seat, again=True, fresh=fresh)
        await self.publish(outcome)  # the group: "back", and the seat's name without 💤
        if old is not None:
            moved = i18n.t(await self.user_lang(user), "hand-moved")
            self.sender.close_message(user.id, old, Screen(moved))
        return True

    async def user_lang(self, user: User | int) -> str:
        """/lang's choice, else the language of the user's Telegram app (as last seen: a hand
        is often drawn because of someone else's move), else the default."""
        user_id = user if isinstance(user, int) else user.id
        if isinstance(user, User) and user.language_code:
            self._client_langs[user_id] = user.language_code
        if user_id not in self._user_langs:
            record = await self.store.users.get(user_id)
            self._user_langs[user_id] = record.lang if record else None
            self._client_langs.setdefault(user_id, record.client_lang if record else None)
        return i18n.pick(self._user_langs[user_id], self._client_langs.get(user_id),
                         default=self.settings.default_language)

    async def chat_lang(self, chat_id: int) -> str:
        if chat_id not in self._chat_langs:
            record = await self.store.chats.get(chat_id)
            self._chat_langs[chat_id] = record.lang if record else None
        return i18n.pick(self._chat_langs[chat_id], default=self.settings.default_language)

    async def set_user_lang(self, user: User, lang: str) -> None:
        record = await self.touch(user)
        await self.store.users.put(record.model_copy(update={"lang": lang}))
        self._user_langs[user.id] = lang

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        record = await self.store.chats.get(chat_id) or ChatRecord(
            id=chat_id, turn_seconds=self.settings.turn_seconds)
        await self.store.chats.put(record.model_copy(update={"lang": lang}))
        self._chat_langs[chat_id] = lang

    async def set_turn_seconds(self, chat_id: int, seconds: int) -> None:
        record = await self.store.chats.get(chat_id) or ChatRecord(id=chat_id)
        await self.store.chats.put(record.model_copy(update={"turn_seconds": seconds}))

    async def alert(self, user: User, key: str, **args: Any) -> str:
        lang = await self.user_lang(user)
        if key.startswith("illegal-"):  # a reason the engine gave: the game's own text first
            key = i18n.illegal_key(args.pop("game", ""), key.removeprefix("illegal-"))
        return i18n.t(lang, key, **args)[:ALERT_LIMIT]

    def say(self, message: Message, text: str, markup: bool = False) -> None:
        """Answer a command in its chat (and topic), within the flood limits; ``markup``: the
        text is HTML already."""
        thread = message.message_thread_id if message.is_topic_message else 0
        self.sender.post(message.chat_id, thread or 0, text if markup else html.escape(text))

    @staticmethod
    def person(user: User) -> Person:
        return Person(user.id, user.full_name[:32], user.username or "")

    def bot_link(self, table_id: int) -> str:
        return f"https://t.me/{self.application.bot.username}?start=join_{table_id}"

    async def hand_alert(self, table_id: int, user: User) -> str:
        """The presser's hand as a short alert (the group's "my hand" button)."""
        table, seat, state = await self.service.hand(table_id, user.id)
        ctx = self.context(table, await self.user_lang(user))
        obs = find_game(table.game).observation(state, seat)
        return view_for(table.game).hand_alert(obs, ctx)[:ALERT_LIMIT]

    async def post_sheet(self, table_id: int, user: User, chat_id: int) -> str | None:
        """The table message's 📋, pressed by anyone in its group ``chat_id`` during the match or
        after it: the sheet of every finished deal, sent to the presser privately in their
        language (like 👀, it is for whoever asked), so no flood of presses costs the group a message. A sheet the presser
        got already, unchanged, is not sent again (a double tap). Returns None when it is in
        their private chat, else the link that opens it for someone the bot may not write to
        yet: their Start there sends it (``/start sheet_<id>``)."""
        outcome = await self.service.outcome(table_id)
        table = outcome.table
        if table.key.chat_id != chat_id:  # a button forged under another chat's message
            raise TableError("error-bad-button")
        if table.status not in ("playing", "finished"):  # a finished table keeps its 📋
            raise TableError("error-table-over")
        if not (await self.touch(user)).can_dm:
            return f"https://t.me/{self.application.bot.username}?start=sheet_{table_id}"
        ctx = self.context(table, await self.user_lang(user))
        public = find_game(table.game).public_observation(outcome.state)
        text = view_for(table.game).score_sheet(public, ctx)
        sent = (table_id, hash(text))
        if self._sheets.get(user.id) != sent:
            self._sheets[user.id] = sent

            async def failed(delivered: bool) -> None:  # blocked meanwhile: may be asked again
                if not delivered and self._sheets.get(user.id) == sent:
                    del self._sheets[user.id]
            self.sender.post(user.id, 0, text, done=failed)
        return None

    async def score_text(self, table: TableRecord, lang: str) -> str:
        """/score: the standings of the table in play, best first, as the engine orders them."""
        public = find_game(table.game).public_observation(self.service.state_of(table))
        return i18n.t(lang, "score-line", scores=standings_line(public, public.standings,
                                                                 self.context(table, lang)))

    # ----- publishing

    def context(self, table: TableRecord, lang: str, seat: int | None = None) -> Context:
        """The reader's context; ``seat``: the reader's own seat, whose draft (toggled cards,
        picker step) their hand shows."""
        away = table.status == "playing"  # after the end, nobody is away from anything
        names = tuple(i18n.isolate(html.escape(s.name)) + (" 💤" if s.away and away else "")
                      if s.user_id is not None
                      else f"🤖{i + 1} " + i18n.t(lang, f"level-{s.level}")
                      for i, s in enumerate(table.seats))
        draft = table.seats[seat] if seat is not None else None
        return Context(lang, table.id or 0, len(table.log), names, table.game,
                       tuple(draft.selection) if draft else (), draft.pick if draft else "")

    async def publish(self, outcome: Outcome, menu: bool = False) -> None:
        """Bring the group's table message, the hands and the timer up to date with a table."""
        table = outcome.table
        chat, thread = table.key.chat_id, table.key.thread_id
        ctx = self.context(table, await self.chat_lang(chat))
        group = Target(table.id or 0, None, chat, thread)
        if table.status == "lobby":
            screen = lobby_views.lobby(ctx, self.service.lobby_info(table),
                                       self.bot_link(table.id or 0), menu)
            self.sender.show(group, screen, table.version, table.table_message_id)
            return
        if table.status == "stopped":
            await self._publish_stopped(table, ctx, group)
            return
        if outcome.computers:  # the group is drawn once the computers have moved too
            self._deferred.setdefault(table.id or 0, outcome.before)
            await self._publish_hands(outcome, hold=self.hold)
            self.arm(table)  # a human may be choosing too (Hearts' passes)
            self.wake_computers(table.id or 0)
            return
        before = self._deferred.pop(table.id or 0, outcome.before)
        await self._publish_play(replace(outcome, before=before), ctx, group)
        self.arm(table)
        if table.status == "finished":
            self.sender.retire(table.id or 0)

    async def _publish_stopped(self, table: TableRecord, ctx: Context, group: Target) -> None:
        """The table message and every hand say the table was closed."""
        if table.outbox:
            await self._post_outbox(table, self.service.state_of(table), ctx)
        self.sender.show(group, lobby_views.stopped(ctx), table.version, table.table_message_id)
        for seat, record in enumerate(table.seats):
            if record.user_id is not None and record.hand_message_id is not None:
                closed = lobby_views.stopped(self.context(table, await self.user_lang(record.user_id)))
                self.sender.show(Target(table.id or 0, seat, record.user_id), closed,
                                   table.version, record.hand_message_id)
        self.disarm(table.id or 0)
        self.sender.retire(table.id or 0)

    async def _publish_play(self, outcome: Outcome, ctx: Context, group: Target) -> None:
        """Results of ended deals (and the match), the table message, each human's hand."""
        table = outcome.table
        public = await self._post_outbox(table, outcome.state, ctx)
        view = view_for(table.game)
        # an ended match's table says so: no last deal's screen left looking as if it ran on
        screen = view.finished_table(public, ctx) if table.status == "finished" \
            else view.table(public, ctx)
        self.sender.show(group, screen, table.version, table.table_message_id, len(table.log))
        await self._publish_hands(outcome)

    async def _post_outbox(self, table: TableRecord, state: Any, ctx: Context) -> Any:
        """Queue the group posts the table owes, each once and in order; each leaves the outbox
        when Telegram has it, and stays owed (for the next publish or start-up) if it never got
        there. Returns the public view it drew them from."""
        public = find_game(table.game).public_observation(state)  # the group sees this only
        owed = {(table.id or 0, event) for event in table.outbox}
        self._delivered -= {k for k in self._delivered if k[0] == table.id and k not in owed}
        if not owed - self._posting - self._delivered:
            return public
        if not await self.store.tables.lease_outbox(table.id or 0, self.worker, time.time(),
                                                    OUTBOX_LEASE):
            return public  # another worker is sending them; if it dies, a sweep takes over
        for event in table.outbox:
            key = (table.id or 0, event)
            if key in self._posting or key in self._delivered:
                continue  # queued, or sent and its removal from the outbox on its way
            self._posting.add(key)
            if event == "match":
                await self._post_match_end(table, public, ctx, partial(self._posted, key))
                continue
            self.sender.post(table.key.chat_id, table.key.thread_id,
                             self._event_text(event, table, public, ctx),
                             done=partial(self._posted, key))
        return public

    async def _post_match_end(self, table: TableRecord, public: Any, ctx: Context,
                              done: Any) -> None:
        """The summary (places, standings, rating changes, rematch; the outbox's "match"), then
        the score race as a photo, both from the match as stored (issue 18). The photo is not
        owed: after a crash between the two it is not sent again."""
        chat, thread = table.key.chat_id, table.key.thread_id
        story = await self.store.scores.story_of_table(table.id or 0)
        self.sender.post(chat, thread, scores.summary(public, ctx, story), done=done)
        if story is not None and story.facts.deals:
            race = scores.race(story, ctx.lang)
            self.sender.post_photo(chat, thread, lambda: asyncio.to_thread(chart.render, race),
                                   scores.photo_caption(story, ctx.lang))

    def _event_text(self, event: str, table: TableRecord, public: Any, ctx: Context) -> str | Screen:
        kind, _, number = event.partition(":")
        view = view_for(table.game)
        if kind == "deal":
            return view.deal_result(public.history[int(number) - 1], public, ctx)
        if kind == "abandoned":
            return i18n.t(ctx.lang, "table-abandoned")
        name = i18n.isolate(html.escape(table.seats[int(number)].name))
        return i18n.t(ctx.lang, f"seat-{kind}", name=name)

    async def _posted(self, key: tuple[int, str], sent: bool) -> None:
        if sent:
            self._delivered.add(key)  # before the save: a publish meanwhile must not send it again
        self._posting.discard(key)
        if sent:
            await self.service.posted(*key)
        if not any(k[0] == key[0] for k in self._posting):  # this worker has sent its share
            await self.store.tables.release_outbox(key[0], self.worker)
            if sent:  # owed meanwhile, while this worker held the lease: sent now
                await self._post_owed(key[0])

    async def _post_owed(self, table_id: int) -> None:
        table = await self.store.tables.by_id(table_id)
        if table is not None and table.outbox and table.status != "lobby":
            ctx = self.context(table, await self.chat_lang(table.key.chat_id))
            await self._post_outbox(table, self.service.state_of(table), ctx)

    async def send_unsent(self) -> None:
        """Start-up: the posts a crash left owed by tables that have ended since."""
        for table in await self.service.unsent():
            if table.status in ("finished", "stopped"):
                await self._post_owed(table.id or 0)

    async def _publish_hands(self, outcome: Outcome, hold: float = 0.0) -> None:
        for seat, record in enumerate(outcome.table.seats):
            if record.user_id is not None:
                await self._publish_hand(outcome, seat, hold=hold)

    async def _publish_hand(self, outcome: Outcome, seat: int, again: bool = False,
                            fresh: bool = False, hold: float = 0.0) -> None:
        """One human's hand; ``again``: even if the bot believes it shows this already (a press
        on an old keyboard says the message is not what the bot last sent); ``fresh``: as a
        new message; ``hold``: see Sender.show."""
        table = outcome.table
        record = table.seats[seat]
        assert record.user_id is not None
        game, view = find_game(table.game), view_for(table.game)
        hand_ctx = self.context(table, await self.user_lang(record.user_id), seat)
        screen = view.hand(game.observation(outcome.state, seat),
                           game.legal_actions(outcome.state, seat), hand_ctx)
        target = Target(table.id or 0, seat, record.user_id)
        if fresh:
            self.sender.detach(target)
        elif again:
            self.sender.forget(target)
        self.sender.show(target, screen, table.version, record.hand_message_id, len(table.log),
                         hold=hold)

    async def redraw_hand(self, table_id: int, user_id: int) -> None:
        """A refused press on a hand: the presser's hand drawn again from the stored table, so an
        old keyboard (after a restart, say) never stays on screen."""
        outcome = await self.service.outcome(table_id)
        seats = [i for i, s in enumerate(outcome.table.seats) if s.user_id == user_id]
        if outcome.table.status == "playing" and seats:
            await self._publish_hand(outcome, seats[0], again=True)

    # ----- computer players

    def wake_computers(self, table_id: int) -> None:
        """Let the computers of a table move, in a task of their own: the press that woke them is
        answered and drawn first, and no table waits for another table's computers."""
        if table_id in self._computers:
            self._wanted.add(table_id)
            return
        task = asyncio.get_running_loop().create_task(self._run_computers(table_id))
        self._computers[table_id] = task

    async def _run_computers(self, table_id: int) -> None:
        """Computer moves in a row are drawn together (one table edit for the lot, every deal
        that ended among them still posted), at least every ``BATCH`` moves."""
        try:
            while True:
                self._wanted.discard(table_id)
                batch: list[Outcome] = []
                while (turn := await self.service.computer_turn(table_id)) is not None:
                    outcome = await self.service.computer_move(turn, await self.think(turn))
                    if outcome is not None:
                        batch.append(outcome)
                    if len(batch) >= BATCH:
                        await self._publish_batch(batch)
                        batch = []
                if not batch and table_id in self._deferred:  # nothing moved: draw what is
                    batch = [await self.service.outcome(table_id)]
                await self._publish_batch(batch)
                if table_id not in self._wanted:
                    return
        except Exception:
            log.exception("computer players of table %s", table_id)
        finally:
            self._computers.pop(table_id, None)

    async def _publish_batch(self, batch: list[Outcome]) -> None:
        if batch:
            await self.publish(replace(batch[-1], before=batch[0].before, computers=False))

    async def think(self, turn: Turn) -> object:
        player = player_for(turn.level, turn.game)
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(self._thinkers, player, turn.observation, turn.legal, turn.rng)
        try:
            return await asyncio.wait_for(work, self.settings.computer_budget_seconds)
        except TimeoutError:
            log.warning("table %s: the %s %s player took over %.1f s; a random legal move instead",
                        turn.table_id, turn.level, turn.game, self.settings.computer_budget_seconds)
            return random_player(turn.observation, turn.legal, turn.rng)

    async def idle(self) -> None:
        """Wait until the computers have moved and every screen is out (tests)."""
        while self._computers or self.sender.busy():
            await asyncio.gather(*self._computers.values(), return_exceptions=True)
            await self.sender.idle()

    async def close(self, seconds: float = DRAIN_SECONDS) -> None:
        """Shutdown: computers stop thinking (their tables go on after a restart), and the
        screens and posts already queued go out for at most ``seconds``; what is still owed
        then stays in the outbox for the next start."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        for task in list(self._computers.values()):
            task.cancel()
        await asyncio.gather(*self._computers.values(), return_exceptions=True)
        self._thinkers.shutdown(wait=False, cancel_futures=True)
        await self.sender.close(seconds)

    # ----- turn timers

    def arm(self, table: TableRecord) -> None:
        """One job per table, at its stored deadline (re-armed from storage at start-up)."""
        self.disarm(table.id or 0)
        queue = self.application.job_queue
        if table.deadline is None or table.status != "playing" or queue is None:
            return
        delay = max(0.0, table.deadline - time.time())
        self._jobs[table.id or 0] = queue.run_once(
            self._on_deadline, delay, data=(table.id, len(table.log)), name=f"turn:{table.id}")

    def disarm(self, table_id: int) -> None:
        job = self._jobs.pop(table_id, None)
        if job is not None:
            job.schedule_removal()

    async def _on_deadline(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert context.job is not None
        data: tuple[int, int] = context.job.data  # type: ignore[assignment]
        table_id, move = data
        self._jobs.pop(table_id, None)
        closed = await self.service.pace(table_id, move)
        if closed is not None:  # everyone away for too long
            await self.publish(closed)
            return
        batch: list[Outcome] = []
        seats = await self.service.timeout(table_id, move)
        for seat in seats:  # one at a time: each turn is read after the move before it
            await self._timer_move(await self.service.timer_turn(table_id, seat), batch)
        if not seats:  # a paced table: one move a turn
            await self._timer_move(await self.service.computer_turn(table_id, paced=True), batch)
        await self._publish_batch(batch)
        self.wake_computers(table_id)

    async def _timer_move(self, turn: Turn | None, batch: list[Outcome]) -> None:
        outcome = turn and await self.service.computer_move(turn, await self.think(turn))
        if outcome:
            batch.append(outcome)

    async def rearm_all(self) -> None:
        """Start-up: every active table drawn again from its stored state (the bot may have
        stopped between saving a move and drawing it), its timer armed, and its computers woken
        if they are to act. First the groups' flood windows as they were: Telegram's kept
        counting while the bot was down."""
        now = time.time()
        self.sender.window.restore(await self.store.sends.since(now - self.sender.window.seconds), now)
        if not self.store.shared:  # alone on the store: every table is this process's
            for table in await self.store.tables.active():
                await self.revive(table.id or 0)
            await self.send_unsent()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def revive(self, table_id: int) -> None:
        """Carry a table on from its stored state: drawn again (what it owes posted), its
        timer armed (at once if its deadline passed), its computers woken if they are to act."""
        try:
            outcome = await self.service.outcome(table_id)
            if outcome.table.status in ("lobby", "playing"):
                await self.publish(outcome)
            elif outcome.table.outbox:
                await self._post_owed(table_id)
            if outcome.table.status == "playing":
                self.wake_computers(table_id)
        except Exception:  # one broken table must not keep the others going
            log.exception("table %s: cannot carry it on", table_id)

    async def _sweep(self) -> None:
        """Tables nobody carries on (see SWEEP), found and carried on by whichever worker's
        sweep leases them first: a worker that dies leaves nothing stuck."""
        while True:
            await asyncio.sleep(SWEEP)
            try:
                now = time.time()
                for table_id in {key[0] for key in self._posting}:  # still sending: keep them
                    await self.store.tables.lease_outbox(table_id, self.worker, now, OUTBOX_LEASE)
                due = await self.store.tables.due(now, LATE, LEASE)
            except Exception:
                log.warning("sweep: cannot read the tables due", exc_info=True)
                continue
            for table_id in due:
                if table_id not in self._computers:  # moving here already
                    await self.revive(table_id)
