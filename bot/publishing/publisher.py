"""Drawing tables to their messages: the group's table message, each human's hand, the group
posts a table owes (its outbox, leased to one worker at a time), and what is drawn on request."""

from __future__ import annotations

import asyncio
import html
import os
import secrets
import socket
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from telegram import Bot, Message

from engine import find_game
from storage import Store, TableRecord

from .. import i18n
from ..coach.replay import open_data
from ..coach.words import coach_rows
from ..play.lobby import lobby_info
from ..play.records import Outcome, TableError
from ..play.tables import Tables
from ..sending.calls import Done
from ..sending.ephemeral import pressed_on
from ..sending.outbox import Outbox
from ..sending.queue import Sender, Target
from ..social import chart, scores
from ..social.people import ALERT_LIMIT, People
from ..views import Button, Context, Screen, deal_post, view_for
from ..views import fair as fair_views
from ..views import lobby as lobby_views
from ..views import tournament as tournament_views
from ..views.base import standings_line
from ..views.screen import title
from .places import Places, hand_target, place_row

OUTBOX_LEASE = 15.0  # renewed every sweep while posts wait: a dead worker's runs out soon
# seconds (of Telegram's minute of 60) a group's table waits for newer moves while every human
# plays it on the page: they see each card there, the group's message (for the rest of the
# group) is edited about once a trick, and at once at a deal's end
ON_PAGE_HOLD = 10.0


class Publishing:
    """What the group and each player see of a table, and the posts it owes."""

    def __init__(self, store: Store, tables: Tables, sender: Sender, people: People,
                 bot: Bot) -> None:
        self.store = store
        self.tables = tables
        self.sender = sender
        self.people = people
        self.bot = bot
        self._deferred: dict[int, Any] = {}  # table id -> state the group last saw, computers due
        self._sheets: dict[int, int] = {}  # user -> hash of the last sheet sent them
        # the table's outbox (a group: a table id; an event: "deal:3", "match", "away:1"...)
        self.outbox: Outbox[int, str] = Outbox(tables.admin.posted, claim=self._lease,
                                               release=self._release, again=self.post_owed)
        # (table, user): their hand is on a page open now (bot/web), so the private one waits
        self.on_page: Callable[[int, int], bool] = lambda table_id, user_id: False
        # this process among the workers on one store: its outbox leases carry the name. Alone
        # on its store (SQLite), a process is the same worker as the one before it, which died.
        self.worker = (f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
                       if store.shared else "local")
        self.places = Places(self)  # where each hand is: the group or the private chat
        sender.refused, sender.flooded = self.places.refused, self.places.flooded

    def context(self, table: TableRecord, lang: str, seat: int | None = None) -> Context:
        """The reader's context; ``seat``: the reader's own seat, whose draft (toggled cards,
        picker step) their hand shows."""
        away = table.status == "playing"  # after the end, nobody is away from anything
        names = tuple(i18n.isolate(s.name) + (" 💤" if s.away and away else "")
                      if s.user_id is not None
                      else f"🤖{i + 1} " + i18n.t(lang, f"level-{s.level}")
                      for i, s in enumerate(table.seats))
        draft = table.seats[seat] if seat is not None else None
        return Context(lang, table.id or 0, len(table.log), names, table.game,
                       tuple(draft.selection) if draft else (), draft.pick if draft else "")

    def bot_link(self, table_id: int) -> str:
        return self.start_link(f"join_{table_id}")

    def say(self, message: Message, text: str, markup: bool = False) -> None:
        """Answer a command in its chat (and topic), within the flood limits; ``markup``: the
        text is HTML already."""
        thread = message.message_thread_id if message.is_topic_message else 0
        text = text if markup else html.escape(text)
        if pressed_on(message) is not None and message.from_user is not None:
            # an ephemeral command (/hand, /score): the answer is seen by its sender only
            self.places.whisper(message.chat_id, thread or 0, message.from_user.id,
                                Screen.html(text), None)
            return
        self.sender.post(message.chat_id, thread or 0, text)

    async def _group(self, table: TableRecord) -> tuple[Context, Target]:
        chat, thread = table.key.chat_id, table.key.thread_id
        ctx = self.context(table, await self.people.chat_lang(chat))
        return ctx, Target(table.id or 0, None, chat, thread)

    # ----- a table drawn after a use case (see Runtime.publish)

    async def lobby(self, table: TableRecord, menu: bool) -> None:
        ctx, group = await self._group(table)
        screen = fair_views.with_commitment(
            lobby_views.lobby(ctx, lobby_info(table), self.bot_link(table.id or 0), menu),
            ctx, table.secret)
        self.sender.show(group, screen, table.version, table.table_message_id)

    async def stopped(self, table: TableRecord) -> None:
        """The table message and every hand say the table was closed."""
        ctx, group = await self._group(table)
        if table.outbox:
            await self._post_outbox(table, self.tables.kernel.state_of(table), ctx)
        screen = fair_views.with_commitment(lobby_views.stopped(ctx), ctx, table.secret)
        self.sender.show(group, screen, table.version, table.table_message_id,
                         done=self._drawn_end(table))
        for seat, record in enumerate(table.seats):
            if record.user_id is not None and record.hand_message_id is not None:
                closed = lobby_views.stopped(
                    self.context(table, await self.people.user_lang(record.user_id)))
                self.sender.show(hand_target(table, seat), closed, table.version,
                                 record.hand_message_id)

    async def held(self, outcome: Outcome, hold: float) -> None:
        """Computers are due: only the hands now (waiting ``hold`` for the computers' moves);
        the group is drawn once they have moved too."""
        self._deferred.setdefault(outcome.table.id or 0, outcome.before)
        await self._publish_hands(outcome, hold=hold)

    def deferred(self, table_id: int) -> bool:
        """The group's drawing waits for this table's computers."""
        return table_id in self._deferred

    async def play(self, outcome: Outcome) -> None:
        """Results of ended deals (and the match), the table message, each human's hand."""
        table = outcome.table
        ctx, group = await self._group(table)
        before = self._deferred.pop(table.id or 0, outcome.before)
        outcome = replace(outcome, before=before)
        public = await self._post_outbox(table, outcome.state, ctx)
        view = view_for(table.game)
        # an ended match's table says so: no last deal's screen left looking as if it ran on
        screen = view.finished_table(public, ctx) if table.status == "finished" \
            else self._page_button(view.table(public, ctx), ctx, group=True)
        if table.tournament_id is not None:  # which of the tournament's tables, which round
            head = tournament_views.table_heading(ctx.lang, table.tour_round, table.key.slot)
            screen = Screen((title(head), *screen.lines), screen.rows)
        screen = fair_views.with_commitment(fair_views.unseen(screen, table), ctx, table.secret)
        self.sender.show(group, screen, table.version, table.table_message_id, len(table.log),
                         done=self._drawn_end(table), hold=self._group_hold(table))
        await self._publish_hands(outcome)

    def _group_hold(self, table: TableRecord) -> float:
        """While every human plays on the page mid-deal, the group's table waits for newer moves
        (the page costs no messages); else it goes at once."""
        humans = [s.user_id for s in table.seats if s.user_id is not None]
        if table.status != "playing" or table.outbox or not humans or not all(
                self.on_page(table.id or 0, user) for user in humans):
            return 0.0
        return ON_PAGE_HOLD * self.people.settings.flood_minute_seconds / 60.0

    def _drawn_end(self, table: TableRecord) -> Done | None:
        """An ended table's end screen, once it is surely on the group's message, is stored as
        drawn: else (the bot killed before that edit) the next start or sweep draws it."""
        if not table.undrawn:
            return None

        async def drawn(sure: bool) -> None:
            if sure:
                await self.tables.admin.drawn(table.id or 0)
        return drawn

    async def _publish_hands(self, outcome: Outcome, hold: float = 0.0) -> None:
        for seat, record in enumerate(outcome.table.seats):
            if record.user_id is not None:
                await self.hand(outcome, seat, hold=hold)

    async def hand(self, outcome: Outcome, seat: int, again: bool = False,
                   fresh: bool = False, hold: float = 0.0, query: str | None = None) -> None:
        """One human's hand; ``again``: even if the bot believes it shows this already (a press
        on an old keyboard says the message is not what the bot last sent; an ephemeral one is
        sent anew); ``fresh``: as a new message; ``hold``: see Sender.show; ``query``: the press
        an ephemeral hand answers (sent anew with it)."""
        table = outcome.table
        record = table.seats[seat]
        assert record.user_id is not None
        if not (again or fresh) and self.on_page(table.id or 0, record.user_id):
            return  # drawn on the page; the private hand is redrawn when the page closes
        game, view = find_game(table.game), view_for(table.game)
        hand_ctx = self.context(table, await self.people.user_lang(record.user_id), seat)
        obs, legal = game.observation(outcome.state, seat), game.legal_actions(outcome.state, seat)
        hand = view.hand(obs, legal, hand_ctx)
        target = hand_target(table, seat)
        screen = self._page_button(hand.plus(rows=(
            *coach_rows(table, legal, len(obs.history), hand_ctx),
            *place_row(hand_ctx, table, bool(target.receiver)))), hand_ctx,
            group=bool(target.receiver))  # a web_app button works in private chats only
        if fresh or (again and target.receiver):
            self.sender.detach(target)
        elif again:
            self.sender.forget(target)
        self.sender.show(target, screen, table.version, record.hand_message_id, len(table.log),
                         hold=hold, acting=bool(legal), query=query)

    def _page_button(self, screen: Screen, ctx: Context, group: bool) -> Screen:
        """A way into the page (WEBAPP_URL): the group's message opens it by a t.me link (a
        web_app button works in private chats only), the hand as a web_app button."""
        settings = self.people.settings
        if not settings.webapp_url or not settings.webapp_short_name:
            return screen
        if group:
            link = (f"https://t.me/{self.bot.username}/{settings.webapp_short_name}"
                    f"?startapp={ctx.table_id}")
            button = Button(ctx.t("web-open"), url=link)
        else:
            button = Button(ctx.t("web-open"), web_app=f"{settings.webapp_url}/?table={ctx.table_id}")
        return replace(screen, rows=(*screen.rows, (button,)))

    async def redraw_hand(self, table_id: int, user_id: int) -> None:
        """A refused press on a hand: the presser's hand drawn again from the stored table, so an
        old keyboard (after a restart, say) never stays on screen."""
        outcome = await self.tables.kernel.outcome(table_id)
        seats = [i for i, s in enumerate(outcome.table.seats) if s.user_id == user_id]
        if outcome.table.status == "playing" and seats:
            await self.hand(outcome, seats[0], again=True)

    # ----- the outbox: group posts a table owes

    async def _post_outbox(self, table: TableRecord, state: Any, ctx: Context) -> Any:
        """Queue the group posts the table owes, each once and in order; each leaves the outbox
        when Telegram has it, and stays owed (for the next publish or start-up) if it never got
        there. Returns the public view it drew them from."""
        public = find_game(table.game).public_observation(state)  # the group sees this only
        await self.outbox.post(table.id or 0, table.outbox,
                               partial(self._post_event, table, public, ctx))
        return public

    async def _lease(self, table_id: int, events: Sequence[str], now: float) -> list[str] | None:
        """The table's outbox leased to this worker, and what the store says it still owes:
        ``table`` may be older than a post that went out and left the outbox since (an outcome
        drawn late): not sent twice."""
        if not await self.store.tables.lease_outbox(table_id, self.worker, now, OUTBOX_LEASE):
            return None  # another worker is sending them; if it dies, a sweep takes over
        stored = await self.store.tables.by_id(table_id)
        return stored.outbox if stored is not None else []

    async def _release(self, table_id: int) -> None:
        await self.store.tables.release_outbox(table_id, self.worker)

    async def _post_event(self, table: TableRecord, public: Any, ctx: Context, event: str,
                          done: Done) -> None:
        if event == "match":
            await self._post_match_end(table, public, ctx, done)
        else:
            self.sender.post(table.key.chat_id, table.key.thread_id,
                             self._event_text(event, table, public, ctx), done=done)

    async def _post_match_end(self, table: TableRecord, public: Any, ctx: Context,
                              done: Done) -> None:
        """The summary (places, standings, rating changes, rematch; the outbox's "match"), then
        the score race as a photo, both from the match as stored (issue 18). The photo is not
        owed: after a crash between the two it is not sent again."""
        chat, thread = table.key.chat_id, table.key.thread_id
        story = await self.store.scores.story_of_table(table.id or 0)
        summary = scores.summary(public, ctx, story).plus(
            fair_views.reveal(table, ctx.lang, len(public.history)))
        self.sender.post(chat, thread, summary, done=done)
        if story is not None and story.facts.deals:
            race = scores.race(story, ctx.lang)
            self.sender.post_photo(chat, thread, lambda: asyncio.to_thread(chart.render, race),
                                   scores.photo_caption(story, ctx.lang))

    def _event_text(self, event: str, table: TableRecord, public: Any, ctx: Context) -> Screen:
        kind, _, number = event.partition(":")
        view = view_for(table.game)
        if kind == "deal":  # with its ⏯: the deal replayed in the presser's private chat
            post = fair_views.unseen(deal_post(view, public.history[int(number) - 1], public, ctx),
                                     table)
            return post.plus(rows=((
                Button(ctx.t("coach-replay-button", deal=number),
                       open_data("t", table.id or 0, int(number))),),))
        if kind == "abandoned":
            return Screen.of(i18n.t(ctx.lang, "table-abandoned"))
        name = i18n.isolate(table.seats[int(number)].name)
        return Screen.of(i18n.t(ctx.lang, f"seat-{kind}", name=name))

    async def post_owed(self, table_id: int) -> None:
        """What the table owes as stored, sent (after a post: what came meanwhile, while this
        worker held the lease)."""
        table = await self.store.tables.by_id(table_id)
        if table is not None and table.outbox and table.status != "lobby":
            ctx = self.context(table, await self.people.chat_lang(table.key.chat_id))
            await self._post_outbox(table, self.tables.kernel.state_of(table), ctx)

    async def renew_leases(self, now: float) -> None:
        """Every sweep: the outboxes this worker is still sending stay its own."""
        for table_id in self.outbox.groups():
            await self.store.tables.lease_outbox(table_id, self.worker, now, OUTBOX_LEASE)

    async def restore_window(self) -> None:
        """Start-up: the groups' flood windows as they were (Telegram's kept counting while
        the bot was down)."""
        now = time.time()
        self.sender.window.restore(await self.store.sends.since(now - self.sender.window.seconds), now)

    # ----- drawn on request

    async def hand_alert(self, table_id: int, user_id: int, lang: str) -> str:
        """The presser's hand as a short alert (the group's "my hand" button)."""
        table, seat, state = await self.tables.moves.hand(table_id, user_id)
        obs = find_game(table.game).observation(state, seat)
        return view_for(table.game).hand_alert(obs, self.context(table, lang))[:ALERT_LIMIT]

    async def sheet(self, table: TableRecord, lang: str) -> Screen:
        """The table's 📋 during the match or after it: the sheet of every finished deal, in the
        reader's language (like 👀, it is for whoever asked)."""
        if table.status not in ("playing", "finished"):  # a finished table keeps its 📋
            raise TableError("error-table-over")
        public = find_game(table.game).public_observation(self.tables.kernel.state_of(table))
        return view_for(table.game).score_sheet(public, self.context(table, lang))

    def send_private(self, user_id: int, screen: Screen) -> None:
        """A screen for one person (a sheet, a hint, a replay) sent to their private chat, so no
        flood of presses costs a group a message; the same screen they got last is not sent
        again (a double tap)."""
        sent = hash(screen)
        if self._sheets.get(user_id) == sent:
            return
        self._sheets[user_id] = sent

        async def failed(delivered: bool) -> None:  # blocked meanwhile: may be asked again
            if not delivered and self._sheets.get(user_id) == sent:
                del self._sheets[user_id]
        self.sender.post(user_id, 0, screen, done=failed)

    def say_screen(self, message: Message, screen: Screen) -> None:
        """Answer a command in its chat with a screen (text and buttons)."""
        thread = message.message_thread_id if message.is_topic_message else 0
        self.sender.post(message.chat_id, thread or 0, screen)

    def start_link(self, payload: str) -> str:
        """The link that opens the bot's private chat and sends ``/start <payload>``."""
        return f"https://t.me/{self.bot.username}?start={payload}"

    async def score_text(self, table: TableRecord, lang: str) -> str:
        """/score: the standings of the table in play, best first, as the engine orders them."""
        public = find_game(table.game).public_observation(self.tables.kernel.state_of(table))
        return i18n.t(lang, "score-line", scores=standings_line(public, public.standings,
                                                                 self.context(table, lang)))
