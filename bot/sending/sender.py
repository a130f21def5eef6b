"""Sending screens to Telegram, coalesced.

Each message the bot keeps edited (a group's table, a player's hand) has one worker and one pending
screen. ``show`` replaces the pending screen, so while a send waits for the rate limiter or a 429,
newer renders supersede older ones and only the newest is sent: computer moves in a row become one
edit. A screen equal to the last one sent costs nothing. Group posts (deal and match results) are
never dropped and go out in order. Per message, a screen drawn from an older table version never
follows a newer one, and an edit whose fate is unknown (timed out) is made again with the newest.
A new message is never sent again after a failure that may have reached Telegram (``once``).
The bot's overall budget is shared by kind (bot/budget.py): hands first, then posts, then tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any, TypeVar

import httpx
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, InputFile, WebAppInfo
from telegram.constants import ParseMode
from telegram.error import (
    BadRequest,
    Forbidden,
    NetworkError,
    RetryAfter,
    TelegramError,
    TimedOut,
)

from ..views import Screen
from .budget import HAND, POST, TABLE, Budget

log = logging.getLogger(__name__)
ATTEMPTS = 5

Remember = Callable[[int, int | None, int], Awaitable[None]]
Done = Callable[[bool], Awaitable[None]]
Note = Callable[[int, float], Awaitable[None]]
Reserve = Callable[[int, float, int, float], Awaitable[float]]  # storage's Sends.reserve
MovesOf = Callable[[int], Awaitable[int | None]]  # storage's Tables.moves_of
PER_SECOND_KEY = 1 << 62  # a chat's per-second window in the shared store (see _reserve)
SEND_TIMEOUT = 20.0  # seconds to wait for a new message's reply: a slow reply is no failure
AGAIN_AFTER = 2.0  # seconds before an edit that timed out is made again, with the newest screen
# httpx's failures before a byte of the request left: the call provably did not happen
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Post:
    screen: Screen
    done: Done | None = None  # told whether the post reached Telegram


@dataclass(frozen=True, slots=True)
class Target:
    """A message kept edited: the group table (seat None) or one seat's private hand."""

    table_id: int
    seat: int | None
    chat_id: int
    thread_id: int = 0


def keyboard(screen: Screen) -> InlineKeyboardMarkup | None:
    if not screen.rows:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        b.text, callback_data=b.data, url=b.url,
        web_app=WebAppInfo(b.web_app) if b.web_app else None) for b in row] for row in screen.rows])


def retry_seconds(error: RetryAfter) -> float:
    # the private timedelta: reading ``retry_after`` warns of its type change in PTB 22.2+
    value: int | float | timedelta = getattr(error, "_retry_after", None) or error.retry_after
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def never_sent(error: NetworkError) -> bool:
    """Whether a failed call provably never happened: the request never left (no connection,
    the pool full), or Telegram answered that it failed (PTB raises from the HTTP status, with
    no transport error as the cause). Else (a dropped connection, a read time-out) it may have
    been done and only its answer lost."""
    cause = error.__cause__
    if isinstance(error, TimedOut):  # PTB's time-outs: only these two are before sending
        return isinstance(cause, (httpx.ConnectTimeout, httpx.PoolTimeout))
    return cause is None or isinstance(cause, (TelegramError, *NEVER_SENT))


async def once(call: Awaitable[T]) -> T:
    """A call that makes a new message (sendMessage, sendPhoto): repeating it after it may
    have got there could post it twice, so such a failure is its time-out (not repeated). A
    post is then rarely missing rather than doubled: what it says is also on the table message
    (kept edited to the newest) and behind 📋 and /history, while a second copy in the group
    reads as a second deal or match."""
    try:
        return await call
    except NetworkError as error:
        if isinstance(error, TimedOut) or never_sent(error):
            raise
        raise TimedOut(f"may have been sent: {error}") from error


class Pacer:
    """Telegram's one message a second per chat, as a token bucket with small bursts. Waiting
    here, before a pending screen is taken, is what lets newer screens supersede older ones."""

    def __init__(self, per_second: float, burst: int) -> None:
        self.interval = 1.1 / per_second  # 10% below the limit: clocks and networks jitter
        self.burst = burst
        self._ready: dict[int, float] = {}  # chat -> when its bucket is full enough for one

    async def wait(self, chat_id: int) -> None:
        now = asyncio.get_running_loop().time()
        ready = max(self._ready.get(chat_id, 0.0), now - (self.burst - 1) * self.interval)
        self._ready[chat_id] = ready + self.interval
        if ready > now:
            await asyncio.sleep(ready - now)


class GroupWindow:
    """At most ``limit`` messages and edits in any window of ``seconds`` per group (Telegram:
    20 a minute), counted as Telegram counts them: a sliding window, not a leaky bucket."""

    def __init__(self, limit: int, seconds: float) -> None:
        self.limit = limit
        self.seconds = seconds * 1.05  # a little slack for clocks and networks
        self._sends: dict[int, deque[float]] = {}

    def restore(self, sends: list[tuple[int, float]], now: float) -> None:
        """Start-up: the group sends of the last window, as stored (unix times), so the window
        goes on counting across a restart as Telegram's does."""
        loop_now = asyncio.get_running_loop().time()
        for chat_id, at in sends:
            self._sends.setdefault(chat_id, deque()).append(loop_now - (now - at))

    async def wait(self, chat_id: int) -> None:
        if chat_id > 0:
            return
        sends = self._sends.setdefault(chat_id, deque())
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            while sends and sends[0] <= now - self.seconds:
                sends.popleft()
            if len(sends) < self.limit:
                sends.append(now)
                return
            await asyncio.sleep(sends[0] + self.seconds - now)


@dataclass(frozen=True)
class Shared:
    """Several workers on one store (issue 19): every send takes its place in the windows kept
    in the store (the chat's, and the bot's overall one, chat 0), and a screen drawn before a
    move another worker saved is not sent (that worker draws the newer one)."""

    reserve: Reserve
    moves_of: MovesOf
    overall: int  # messages a second for the bot as a whole (Telegram: 30)


class Sender:
    def __init__(self, bot: Bot, remember: Remember, per_second: float = 1.0,
                 group_limit: int = 20, group_seconds: float = 60.0,
                 note: Note | None = None, shared: Shared | None = None,
                 overall: float = 30.0) -> None:
        self.bot = bot
        self.remember = remember
        self.note = note  # told of every group send before it goes (the window's memory)
        self.shared = shared
        self.pacer = Pacer(per_second, burst=3)
        # a group's 20 a minute, spread evenly after a short burst: while a table is busy its
        # message is edited every few seconds with the newest state, and the window's quota is
        # kept for the result posts
        self.group_pacer = Pacer(group_limit / group_seconds, burst=3)
        self.window = GroupWindow(group_limit, group_seconds)
        self.budget = Budget(overall, scale=group_seconds / 60.0)
        self._pending: dict[Target, Screen] = {}
        self._sent: dict[Target, Screen] = {}
        self._versions: dict[Target, int] = {}
        self._moves: dict[Target, int] = {}  # the log's length each pending screen was drawn at
        self._message_ids: dict[Target, int] = {}
        self._held: dict[Target, asyncio.Event] = {}  # pending screens waiting for a newer one
        self._done: dict[Target, Done] = {}  # told whether the newest screen got there
        self._unsure: set[Target] = set()  # the last edit timed out: made again soon, not there yet
        self._posts: dict[tuple[int, int], list[Post]] = {}
        self._tasks: dict[object, asyncio.Task[None]] = {}
        self._spawned = 0  # photos posted and dones told (their workers' keys)

    def show(self, target: Target, screen: Screen, version: int, message_id: int | None,
             moves: int = -1, hold: float = 0.0, done: Done | None = None) -> None:
        """Make ``target`` show ``screen`` soon; a screen drawn from an older table version than
        one already shown is dropped. ``moves``: the log's length it was drawn at. ``hold``:
        seconds to wait for a newer screen first (computers about to move: one edit, not two);
        a screen shown without one ends the wait. ``done`` hears (True) once the message surely
        shows it or a newer one, or once the chat no longer lets the bot write there (kicked from
        the group: nothing will ever be drawn, so nothing is owed); never if that send failed or
        timed out."""
        if version < self._versions.get(target, -1):
            return
        if done is not None:
            self._done[target] = done
        if hold > 0:
            self._held.setdefault(target, asyncio.Event())
        elif (held := self._held.pop(target, None)) is not None:
            held.set()
        self._versions[target] = version
        self._moves[target] = moves
        if message_id is not None:
            self._message_ids.setdefault(target, message_id)
        if self._sent.get(target) == screen:
            self._pending.pop(target, None)
            if target not in self._tasks and target not in self._unsure:  # surely there before
                self._tell(target)
            return
        self._pending[target] = screen
        self._start(target, self._drain(target, hold))

    def forget(self, target: Target) -> None:
        """The message may not show what was last sent to it: the next ``show`` sends."""
        self._sent.pop(target, None)

    def post(self, chat_id: int, thread_id: int, text: str | Screen, done: Done | None = None) -> None:
        """A new group message (a deal or match result), kept in order and never dropped while
        the bot runs; ``done`` hears whether it got there. The chat's table message waits for
        the posts queued before it, so a deal's result comes before the next deal's table.
        A group that kicked the bot is owed nothing: ``done`` hears True."""
        key = (chat_id, thread_id)
        screen = text if isinstance(text, Screen) else Screen(text)
        self._posts.setdefault(key, []).append(Post(screen, done))
        self._start(key, self._drain_posts(key))

    # ----- issue 18: the score-race photo, and moving a table message down (/table)

    def post_photo(self, chat_id: int, thread_id: int, photo: Callable[[], Awaitable[bytes]],
                   caption: str, done: Done | None = None) -> None:
        """A photo after the group posts queued so far (``photo`` makes the PNG, off the
        loop); within the flood limits, never retried into a flood; a failed render is logged
        and nothing is sent, or, when ``done`` waits to hear (a post owed), the caption alone."""
        self._spawned += 1
        key = ("photo", self._spawned)
        self._start(key, self._send_photo(key, chat_id, thread_id, photo, caption, done))

    async def _send_photo(self, key: object, chat_id: int, thread_id: int,
                          photo: Callable[[], Awaitable[bytes]], caption: str,
                          done: Done | None) -> None:
        try:
            try:
                png = await photo()
            except Exception:
                log.exception("the score-race picture of chat %s", chat_id)
                if done is not None:
                    self.post(chat_id, thread_id, caption, done)
                return
            while (posts := self._tasks.get((chat_id, thread_id))) is not None:
                await asyncio.gather(posts, return_exceptions=True)  # the summary goes first
            await self._slot(chat_id, POST)
            sent = await self._retrying(lambda: once(self.bot.send_photo(
                chat_id, InputFile(png, filename="score-race.png"), caption=caption, parse_mode=ParseMode.HTML,
                message_thread_id=thread_id or None)))
            if done is not None:
                await _told(done, sent)
        finally:
            self._tasks.pop(key, None)

    def detach(self, target: Target) -> int | None:
        """Stop editing a target's message (its next screen is a new message); its id."""
        self.forget(target)
        return self._message_ids.pop(target, None)

    def close_message(self, chat_id: int, message_id: int, screen: Screen) -> None:
        """Edit a message once, keyboard removed, within the flood limits (a table message
        that moved down); a failure is logged and nothing else is tried."""
        async def edit() -> None:
            try:
                await self._slot(chat_id, TABLE)
                await self._retrying(lambda: self.bot.edit_message_text(
                    screen.text, chat_id=chat_id, message_id=message_id,
                    parse_mode=ParseMode.HTML, reply_markup=keyboard(screen)))
            finally:
                self._tasks.pop(("close", chat_id, message_id), None)
        self._start(("close", chat_id, message_id), edit())

    def message_ids(self, chat_id: int) -> list[int]:
        """The table messages this renderer keeps in a chat, oldest table first."""
        return [self._message_ids[t] for t in sorted(self._message_ids, key=lambda t: t.table_id)
                if t.chat_id == chat_id and t.seat is None]

    def retire(self, table_id: int) -> None:
        """A table has ended: forget its messages once their last screens are out."""
        self._start(("retire", table_id), self._retire(table_id))

    async def _retire(self, table_id: int) -> None:
        try:
            targets = [t for t in self._versions if t.table_id == table_id]
            while busy := [self._tasks[t] for t in targets if t in self._tasks]:
                await asyncio.gather(*busy, return_exceptions=True)
            for target in targets:
                for known in (self._sent, self._versions, self._message_ids, self._moves):
                    known.pop(target, None)
                self._unsure.discard(target)
        finally:
            self._tasks.pop(("retire", table_id), None)

    def busy(self) -> bool:
        return bool(self._tasks)

    async def idle(self) -> None:
        """Wait until everything scheduled has been sent (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self, seconds: float) -> None:
        """Shutdown: what is queued goes out for at most ``seconds``, then the rest is dropped
        (the outbox keeps what the groups are owed)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while self._tasks and (left := end - loop.time()) > 0:
            await asyncio.wait(list(self._tasks.values()), timeout=left)
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    def _start(self, key: object, work: Coroutine[Any, Any, None]) -> None:
        """One worker per key; a worker removes itself when it finds nothing left to do (in the
        same step as the check, so no request is stranded between the two)."""
        if key in self._tasks:
            work.close()
            return
        self._tasks[key] = asyncio.get_running_loop().create_task(work)

    async def _drain(self, target: Target, hold: float = 0.0) -> None:
        sure = False  # the last screen sent is known to be there (not failed, not timed out)
        timed_out = shut_out = False

        def forbidden() -> None:
            nonlocal shut_out
            shut_out = True

        def unknown() -> None:
            nonlocal timed_out
            timed_out = True
            self._again(target)
        try:
            if (held := self._held.get(target)) is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(held.wait(), hold)
                self._held.pop(target, None)
            while target in self._pending:
                if target.seat is None:
                    await self._posts_out(target.chat_id, target.thread_id)
                await self._slot(target.chat_id, HAND if target.seat is not None else TABLE)
                screen = self._pending.pop(target)
                if await self._outrun(target):
                    continue
                self._sent[target] = screen  # sent or on its way: an equal show() is not needed
                timed_out = False
                sent = await self._retrying(lambda s=screen: self._send(target, s),  # type: ignore[misc]
                                            superseded=lambda: target in self._pending,
                                            unknown=unknown, forbidden=forbidden)
                if not sent and self._sent.get(target) is screen:
                    del self._sent[target]
                sure = sent and not timed_out
        finally:
            self._tasks.pop(target, None)
            if sure or shut_out:
                self._unsure.discard(target)
                self._tell(target)
            else:  # failed, timed out or cancelled: a later show may be luckier
                self._done.pop(target, None)

    def _tell(self, target: Target) -> None:
        """``show``'s ``done``, from a worker of its own (a store write: this one is through)."""
        if (done := self._done.pop(target, None)) is not None:
            self._spawned += 1
            key = ("told", self._spawned)
            self._start(key, self._told(key, done))

    async def _told(self, key: object, done: Done) -> None:
        try:
            await _told(done, True)
        finally:
            self._tasks.pop(key, None)

    def _again(self, target: Target) -> None:
        """An edit timed out: it may never get there, or get there late, after a newer one. It
        is made again (edits are idempotent) a moment later with the newest screen, so the
        message ends showing the newest state whatever became of the lost one."""
        if target in self._message_ids:  # a new message is never sent twice: it could make two
            self._unsure.add(target)  # an equal screen shown meantime is not yet surely there
            asyncio.get_running_loop().call_later(AGAIN_AFTER, self._resend, target)

    def _resend(self, target: Target) -> None:
        screen = self._sent.pop(target, None)
        if screen is not None and target in self._message_ids:  # not retired meanwhile
            self._pending.setdefault(target, screen)
            self._start(target, self._drain(target))
        else:
            self._unsure.discard(target)

    async def _posts_out(self, chat_id: int, thread_id: int) -> None:
        """Wait until the posts queued for a chat (and topic) have gone."""
        while (task := self._tasks.get((chat_id, thread_id))) is not None:
            await asyncio.wait({task})

    async def _drain_posts(self, key: tuple[int, int]) -> None:
        try:
            queue = self._posts[key]
            while queue:
                post = queue[0]
                await self._slot(key[0], POST)
                shut_out: list[bool] = []  # the bot was kicked: no longer owed, never to go
                sent = await self._retrying(lambda s=post.screen: once(self.bot.send_message(  # type: ignore[misc]
                    key[0], s.text, parse_mode=ParseMode.HTML, reply_markup=keyboard(s),
                    message_thread_id=key[1] or None, read_timeout=SEND_TIMEOUT)),
                    forbidden=partial(shut_out.append, True))
                queue.pop(0)
                if post.done is not None:
                    await _told(post.done, sent or bool(shut_out))
            self._posts.pop(key, None)
        finally:
            self._tasks.pop(key, None)

    async def _outrun(self, target: Target) -> bool:
        """Shared: whether another worker has saved a move since this screen was drawn."""
        if self.shared is None or self._moves.get(target, -1) < 0:
            return False
        try:
            stored = await self.shared.moves_of(target.table_id)
        except Exception:  # the database: better an old screen than none
            return False
        return stored is not None and stored > self._moves[target]

    async def _slot(self, chat_id: int, slack: float) -> None:
        """Wait until one more message or edit in this chat keeps within the flood limits: the
        chat's own first, then the bot's overall budget, where ``slack`` is this kind's place."""
        if chat_id < 0:
            await self.group_pacer.wait(chat_id)
        if self.shared is not None:
            await self.budget.wait(slack)  # this worker's order; the store's windows cap them all
            await self._reserve(chat_id)
            return
        await self.window.wait(chat_id)
        if chat_id < 0 and self.note is not None:
            try:
                await self.note(chat_id, time.time())
            except Exception:  # a full disk must not stop the group's screens
                log.warning("could not note a group send", exc_info=True)
        await self.pacer.wait(chat_id)
        await self.budget.wait(slack)

    async def _reserve(self, chat_id: int) -> None:
        """Shared windows: a group's minute; every chat's second (a burst of three), kept under
        a key no real chat has (bit 62 flipped: Telegram's ids are below 2**53); then the bot's
        overall second."""
        shared = self.shared
        assert shared is not None
        windows = [(chat_id ^ PER_SECOND_KEY, self.pacer.burst,
                    self.pacer.burst * self.pacer.interval), (0, shared.overall, 1.05)]
        if chat_id < 0:
            windows.insert(0, (chat_id, self.window.limit, self.window.seconds))
        for chat, most, span in windows:
            while True:
                try:
                    wait = await shared.reserve(chat, time.time(), most, span)
                except Exception:  # the database: Telegram's 429 is the last word then
                    log.warning("could not reserve a send", exc_info=True)
                    break
                if wait <= 0:
                    break
                await asyncio.sleep(min(wait, span))

    async def _retrying(self, send: Callable[[], Awaitable[object]],
                        superseded: Callable[[], bool] = lambda: False,
                        unknown: Callable[[], None] | None = None,
                        forbidden: Callable[[], None] | None = None) -> bool:
        """Obey 429's retry_after (unless a newer screen came meanwhile: that one goes instead);
        give up on a chat that blocked the bot (telling ``forbidden``), or after ATTEMPTS
        failures."""
        failures = 0
        while failures < ATTEMPTS:
            try:
                await send()
                return True
            except RetryAfter as error:  # not a failure: wait as told, then go on
                log.info("flood limit: waiting %.0f s", retry_seconds(error))
                await asyncio.sleep(retry_seconds(error))
                if superseded():
                    return False
            except Forbidden as error:
                log.info("cannot write: %s", error)
                if forbidden is not None:
                    forbidden()
                return False
            except TimedOut as error:  # it may have got there: sending again could make two
                if never_sent(error):  # no connection, pool full: it did not leave
                    failures += 1
                    log.warning("send not made (%d/%d): %s", failures, ATTEMPTS, error)
                    await asyncio.sleep(0.2 * failures)
                    continue
                log.warning("send timed out, not repeated now: %s", error)
                if unknown is not None:
                    unknown()
                return True
            except TelegramError as error:
                failures += 1
                log.warning("send failed (%d/%d): %s", failures, ATTEMPTS, error)
                await asyncio.sleep(0.2 * failures)
        return False

    async def _send(self, target: Target, screen: Screen) -> None:
        markup = keyboard(screen)
        message_id = self._message_ids.get(target)
        if message_id is not None:
            try:
                await self.bot.edit_message_text(
                    screen.text, chat_id=target.chat_id, message_id=message_id,
                    reply_markup=markup, parse_mode=ParseMode.HTML)
                return
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return
                log.info("message %s lost (%s): sending a new one", message_id, error.message)
        message = await once(self.bot.send_message(
            target.chat_id, screen.text, reply_markup=markup, parse_mode=ParseMode.HTML,
            message_thread_id=target.thread_id or None, read_timeout=SEND_TIMEOUT))
        self._message_ids[target] = message.message_id
        await self.remember(target.table_id, target.seat, message.message_id)


async def _told(done: Done, sent: bool) -> None:
    try:
        await done(sent)
    except Exception:  # the post is out; noting it failed (the database, say): sent again later
        log.exception("could not note a sent post")
