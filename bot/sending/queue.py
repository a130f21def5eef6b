"""Sending screens to Telegram, coalesced.

Each message the bot keeps edited (a group's table, a player's hand) has one record: one worker
and one pending screen. ``show`` replaces the pending screen, so while a send waits for the flood
limits (pacing.py) or a 429, newer renders supersede older ones and only the newest is sent:
computer moves in a row become one edit. A screen equal to the last one sent costs nothing. Group
posts (deal and match results) are never dropped and go out in order. Per message, a screen drawn
from an older table version never follows a newer one, and an edit whose fate is unknown (timed
out) is made again with the newest. A new message is never sent again after a failure that may
have reached Telegram (calls.py). The bot's overall budget is shared by kind (budget.py): hands
first, then posts, then tables.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from telegram import Bot, InlineKeyboardMarkup, InputFile
from telegram.constants import ParseMode
from telegram.error import BadRequest, RetryAfter

from ..views import Screen
from . import lanes
from .budget import HAND, POST, TABLE, Budget
from .calls import SEND_TIMEOUT, Done, keyboard, once, retrying, told
from .kept import Kept, Remember, Target

__all__ = ["Remember", "Sender", "Target"]  # Target and Remember: kept.py, named here too
from .lanes import lane, renew_for_turn, send_ephemeral
from .pacing import GroupWindow, Note, Pacing, Shared

log = logging.getLogger(__name__)
AGAIN_AFTER = 2.0  # seconds before an edit that timed out is made again, with the newest screen
Task = asyncio.Task[None]


@dataclass(frozen=True, slots=True)
class Post:
    screen: Screen
    done: Done | None = None  # told whether the post reached Telegram


@dataclass(slots=True)
class Posts:
    """A chat's (and topic's) group posts, in order, and their worker."""

    queue: list[Post] = field(default_factory=list)
    task: Task | None = None


class Sender:
    def __init__(self, bot: Bot, remember: Remember, per_second: float = 1.0,
                 group_limit: int = 20, group_seconds: float = 60.0,
                 note: Note | None = None, shared: Shared | None = None,
                 overall: float | Budget = 30.0) -> None:
        self.bot = bot
        self.remember = remember
        self.shared = shared
        self.pacing = Pacing(per_second, group_limit, group_seconds, note, shared, overall)
        self._kept: dict[Target, Kept] = {}
        self._posts: dict[tuple[int, int], Posts] = {}
        # one-off workers (a photo, a done told, a message closed, a table retired), keyed by
        # what they do: the same errand never runs twice at once
        self._errands: dict[object, Task] = {}
        self._count = itertools.count()  # the keys of errands that may run side by side
        # an ephemeral hand Telegram refused (the receiver left the group, the bot may not
        # write there): told, so the hand can go to the private chat (Publishing)
        self.refused: Callable[[Target], None] = lambda target: None
        self.flooded: Callable[[int], None] = lambda chat_id: None  # a group's 429

    @property
    def window(self) -> GroupWindow:
        """The groups' flood window, restored at start-up."""
        return self.pacing.window

    def show(self, target: Target, screen: Screen, version: int, message_id: int | None,
             moves: int = -1, hold: float = 0.0, done: Done | None = None,
             acting: bool = False, query: str | None = None) -> None:
        """Make ``target`` show ``screen`` soon; a screen drawn from an older table version than
        one already shown is dropped. ``moves``: the log's length it was drawn at. ``hold``:
        seconds to wait for a newer screen first (computers about to move: one edit, not two);
        a screen shown without one ends the wait. ``done`` hears (True) once the message surely
        shows it or a newer one, or once the chat no longer lets the bot write there (kicked from
        the group: nothing will ever be drawn, so nothing is owed); never if that send failed or
        timed out. ``acting``, ``query``: an ephemeral hand's (lanes.renew_for_turn)."""
        kept = self._kept.get(target)
        if version < (kept.version if kept is not None else -1):
            return
        if kept is None:
            kept = self._kept[target] = Kept()
        if target.receiver:
            renew_for_turn(kept, screen, moves, acting, query)
        if done is not None:
            kept.done = done
        if hold > 0:
            if kept.held is None:
                kept.held = asyncio.Event()
        elif kept.held is not None:
            kept.held.set()
            kept.held = None
        kept.version, kept.moves = version, moves
        if message_id is not None and kept.message_id is None:
            kept.message_id = message_id
        if kept.sent == screen:
            kept.pending = None
            if kept.task is None and not kept.unsure:  # surely there before
                self._tell(kept)
            return
        kept.pending = screen
        self._drain_soon(target, kept, hold)

    def forget(self, target: Target) -> None:
        """The message may not show what was last sent to it: the next ``show`` sends."""
        if (kept := self._kept.get(target)) is not None:
            kept.sent = None

    def detach(self, target: Target) -> int | None:
        """Stop editing a target's message (its next screen is a new message); its id."""
        kept = self._kept.get(target)
        if kept is None:
            return None
        if target.receiver:  # an ephemeral one is deleted once its successor is there
            kept.renew, kept.sent = True, None
            return None
        kept.sent, message_id, kept.message_id = None, kept.message_id, None
        return message_id

    def post(self, chat_id: int, thread_id: int, text: str | Screen, done: Done | None = None) -> None:
        """A new group message (a deal or match result), kept in order and never dropped while
        the bot runs; ``done`` hears whether it got there. The chat's table message waits for
        the posts queued before it, so a deal's result comes before the next deal's table.
        A group that kicked the bot is owed nothing: ``done`` hears True."""
        key = (chat_id, thread_id)
        screen = text if isinstance(text, Screen) else Screen.html(text)  # a text in HTML
        posts = self._posts.setdefault(key, Posts())
        posts.queue.append(Post(screen, done))
        if posts.task is None:
            posts.task = asyncio.get_running_loop().create_task(self._drain_posts(key, posts))

    # ----- issue 18: the score-race photo, and moving a table message down (/table)

    def post_photo(self, chat_id: int, thread_id: int, photo: Callable[[], Awaitable[bytes]],
                   caption: str, done: Done | None = None) -> None:
        """A photo after the group posts queued so far (``photo`` makes the PNG, off the
        loop); within the flood limits, never retried into a flood; a failed render is logged
        and nothing is sent, or, when ``done`` waits to hear (a post owed), the caption alone."""
        self.errand(next(self._count), self._send_photo(chat_id, thread_id, photo, caption, done))

    async def _send_photo(self, chat_id: int, thread_id: int,
                          photo: Callable[[], Awaitable[bytes]], caption: str,
                          done: Done | None) -> None:
        try:
            png = await photo()
        except Exception:
            log.exception("the score-race picture of chat %s", chat_id)
            if done is not None:
                self.post(chat_id, thread_id, caption, done)
            return
        await self._posts_out(chat_id, thread_id)  # the summary goes first
        await self.pacing.slot(chat_id, POST)
        sent = await retrying(lambda: once(self.bot.send_photo(
            chat_id, InputFile(png, filename="score-race.png"), caption=caption,
            parse_mode=ParseMode.HTML, message_thread_id=thread_id or None)),
            turn=self.pacing.turn(chat_id, POST))
        if done is not None:
            await told(done, sent)

    def close_message(self, chat_id: int, message_id: int, screen: Screen) -> None:
        """Edit a message once, keyboard removed, within the flood limits (a table message
        that moved down); a failure is logged and nothing else is tried."""
        async def edit() -> None:
            await self.pacing.slot(chat_id, TABLE)
            await retrying(lambda: self.bot.edit_message_text(
                screen.text, chat_id=chat_id, message_id=message_id,
                parse_mode=ParseMode.HTML, reply_markup=keyboard(screen)),
                turn=self.pacing.turn(chat_id, TABLE))
        self.errand(("close", chat_id, message_id), edit())

    def leave(self, target: Target, message_id: int, screen: Screen) -> None:
        """A hand that moved elsewhere: its private message closed with ``screen``, its
        ephemeral one deleted; either is forgotten."""
        if (kept := self._kept.pop(target, None)) is not None:
            kept.pending = None  # a screen still waiting its turn (a 429's block) goes nowhere
        if target.receiver:
            self.errand(("unsee", target.chat_id, target.receiver, message_id),
                        lanes.delete(self, target, message_id))
        else:
            self.close_message(target.chat_id, message_id, screen)

    def receivers(self, chat_id: int) -> list[Target]:
        """The ephemeral hands kept in a group."""
        return [t for t in self._kept if t.chat_id == chat_id and t.receiver]

    def message_ids(self, chat_id: int) -> list[int]:
        """The table messages this renderer keeps in a chat, oldest table first."""
        return [kept.message_id for t, kept in sorted(self._kept.items(), key=lambda i: i[0].table_id)
                if t.chat_id == chat_id and t.seat is None and kept.message_id is not None]

    def retire(self, table_id: int) -> None:
        """A table has ended: forget its messages once their last screens are out."""
        self.errand(("retire", table_id), self._retire(table_id))

    async def _retire(self, table_id: int) -> None:
        ended = {t: kept for t, kept in self._kept.items() if t.table_id == table_id}
        while busy := [kept.task for kept in ended.values() if kept.task is not None]:
            await asyncio.gather(*busy, return_exceptions=True)
        for target in ended:
            self._kept.pop(target, None)

    def busy(self) -> bool:
        return any(self._workers())

    async def idle(self) -> None:
        """Wait until everything scheduled has been sent (tests, shutdown)."""
        while workers := list(self._workers()):
            await asyncio.gather(*workers, return_exceptions=True)

    async def close(self, seconds: float) -> None:
        """Shutdown: what is queued goes out for at most ``seconds``, then the rest is dropped
        (the outbox keeps what the groups are owed)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + seconds
        while (workers := list(self._workers())) and (left := end - loop.time()) > 0:
            await asyncio.wait(workers, timeout=left)
        workers = list(self._workers())
        for task in workers:
            task.cancel()
        await asyncio.gather(*workers, return_exceptions=True)

    def _workers(self) -> Iterator[Task]:
        yield from (kept.task for kept in self._kept.values() if kept.task is not None)
        yield from (posts.task for posts in self._posts.values() if posts.task is not None)
        yield from self._errands.values()

    def errand(self, key: object, work: Coroutine[Any, Any, None]) -> None:
        """A one-off worker, unless the same is running; it removes itself when done."""
        if key in self._errands:
            work.close()
            return
        task = self._errands[key] = asyncio.get_running_loop().create_task(work)
        task.add_done_callback(lambda _: self._errands.pop(key, None))

    def _drain_soon(self, target: Target, kept: Kept, hold: float = 0.0) -> None:
        """One worker per message; a worker stops when it finds nothing left to do (in the same
        step as the check, so no screen is stranded between the two)."""
        if kept.task is None:
            kept.task = asyncio.get_running_loop().create_task(self._drain(target, kept, hold))

    async def _drain(self, target: Target, kept: Kept, hold: float) -> None:
        sure = False  # the last screen sent is known to be there (not failed, not timed out)
        timed_out = shut_out = False

        def forbidden() -> None:
            nonlocal shut_out
            shut_out = True

        def unknown() -> None:
            nonlocal timed_out
            timed_out = True
            self._again(target, kept)
        try:
            if (held := kept.held) is not None:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(held.wait(), hold)
                kept.held = None
            while kept.pending is not None:
                if target.seat is None:
                    await self._posts_out(target.chat_id, target.thread_id)
                turn = self.pacing.turn(lane(target), HAND if target.seat is not None else TABLE)
                await turn.wait()
                screen, kept.pending = kept.pending, None
                # None: a show meanwhile found the message showing its screen already
                if screen is None or await self._outrun(target, kept):
                    continue
                kept.sent = screen  # sent or on its way: an equal show() is not needed
                timed_out = False
                sent = await retrying(partial(self._send, target, kept, screen),
                                      superseded=lambda: kept.pending is not None,
                                      unknown=unknown, forbidden=forbidden, turn=turn)
                if not sent and kept.sent is screen:
                    kept.sent = None
                if target.receiver and self._kept.get(target) is not kept \
                        and kept.message_id is not None:  # left while on its way: not kept there
                    await lanes.delete(self, target, kept.message_id)
                sure = sent and not timed_out
        finally:
            kept.task = None
            if sure or shut_out:
                kept.unsure = False
                self._tell(kept)
            else:  # failed, timed out or cancelled: a later show may be luckier
                kept.done = None

    def _tell(self, kept: Kept) -> None:
        """``show``'s ``done``, from a worker of its own (a store write: this one is through)."""
        if (done := kept.done) is not None:
            kept.done = None
            self.errand(next(self._count), told(done, True))

    def _again(self, target: Target, kept: Kept) -> None:
        """An edit timed out: it may never get there, or get there late, after a newer one. It
        is made again (edits are idempotent) a moment later with the newest screen, so the
        message ends showing the newest state whatever became of the lost one."""
        if kept.message_id is not None:  # a new message is never sent twice: it could make two
            kept.unsure = True  # an equal screen shown meantime is not yet surely there
            asyncio.get_running_loop().call_later(AGAIN_AFTER, self._resend, target)

    def _resend(self, target: Target) -> None:
        if (kept := self._kept.get(target)) is None:  # retired meanwhile
            return
        screen, kept.sent = kept.sent, None
        if screen is not None and kept.message_id is not None:
            if kept.pending is None:
                kept.pending = screen
            self._drain_soon(target, kept)
        else:
            kept.unsure = False

    async def _posts_out(self, chat_id: int, thread_id: int) -> None:
        """Wait until the posts queued for a chat (and topic) have gone."""
        while (posts := self._posts.get((chat_id, thread_id))) is not None \
                and posts.task is not None:
            await asyncio.wait({posts.task})

    async def _drain_posts(self, key: tuple[int, int], posts: Posts) -> None:
        try:
            while posts.queue:
                post = posts.queue[0]
                await self.pacing.slot(key[0], POST)
                shut_out: list[bool] = []  # the bot was kicked: no longer owed, never to go
                sent = await retrying(lambda s=post.screen: once(self.bot.send_message(  # type: ignore[misc]
                    key[0], s.text, parse_mode=ParseMode.HTML, reply_markup=keyboard(s),
                    message_thread_id=key[1] or None, read_timeout=SEND_TIMEOUT)),
                    forbidden=partial(shut_out.append, True), turn=self.pacing.turn(key[0], POST))
                posts.queue.pop(0)
                if post.done is not None:
                    await told(post.done, sent or bool(shut_out))
            del self._posts[key]
        finally:
            posts.task = None

    async def _outrun(self, target: Target, kept: Kept) -> bool:
        """Shared: whether another worker has saved a move since this screen was drawn."""
        if self.shared is None or kept.moves < 0:
            return False
        try:
            stored = await self.shared.moves_of(target.table_id)
        except Exception:  # the database: better an old screen than none
            return False
        return stored is not None and stored > kept.moves

    async def _send(self, target: Target, kept: Kept, screen: Screen) -> None:
        markup = keyboard(screen)
        try:
            if target.receiver:
                await send_ephemeral(self, target, kept, screen, markup)
            else:
                await self._send_message(target, kept, screen, markup)
        except RetryAfter:
            if target.chat_id < 0:  # a group's limit: its load lightened (Publishing)
                self.flooded(target.chat_id)
            raise

    async def _send_message(self, target: Target, kept: Kept, screen: Screen,
                            markup: InlineKeyboardMarkup | None) -> None:
        if kept.message_id is not None:
            try:
                await self.bot.edit_message_text(
                    screen.text, chat_id=target.chat_id, message_id=kept.message_id,
                    reply_markup=markup, parse_mode=ParseMode.HTML)
                return
            except BadRequest as error:
                if "not modified" in error.message.lower():
                    return
                log.info("message %s lost (%s): sending a new one", kept.message_id, error.message)
        message = await once(self.bot.send_message(
            target.chat_id, screen.text, reply_markup=markup, parse_mode=ParseMode.HTML,
            message_thread_id=target.thread_id or None, read_timeout=SEND_TIMEOUT))
        kept.message_id = message.message_id
        await self.remember(target.table_id, target.seat, message.message_id)
