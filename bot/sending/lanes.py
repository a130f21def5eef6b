"""A hand shown as an ephemeral message in its group (Bot API 10.2, ephemeral.py).

Telegram guarantees nothing of one: it may expire, its edits may be answered True and never
reach its receiver, and its id may be reused once it is gone. So nothing depends on one message:
when the turn comes to its player, the hand goes as a new message (a send arrives; an edit
may not) and the old one is deleted; between turns it is edited, and an edit of a message
that is gone sends a new one. A refused send (the receiver left, the bot may not write) is told
to ``Sender.refused`` (the hand then goes to the private chat).

Each receiver's ephemeral messages are a lane of their own: paced as a private chat at the
receiver's id, never counted in the group's 20 a minute (Telegram has not said they are).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from telegram import Bot, InlineKeyboardMarkup
from telegram.error import BadRequest, Forbidden, RetryAfter, TelegramError

from ..views import Screen
from . import ephemeral
from .budget import POST
from .calls import SEND_TIMEOUT, keyboard, once, retry_seconds
from .kept import Kept, Remember, Target

if TYPE_CHECKING:
    from .pacing import Pacing


class Sender(Protocol):
    """What of the Sender (queue.py) a lane uses."""

    bot: Bot
    remember: Remember
    refused: Callable[[Target], None]
    pacing: Pacing

    def errand(self, key: object, work: Coroutine[Any, Any, None]) -> None: ...

log = logging.getLogger(__name__)


def lane(target: Target) -> int:
    """The key its sends are paced under: the receiver's own lane, else the chat."""
    return target.receiver or target.chat_id


def renew_for_turn(kept: Kept, screen: Screen, moves: int, acting: bool,
                   query: str | None) -> None:
    """Whether the next screen goes as a new message: a press asked for it (``query``, answered
    with it), or the turn has come to the player (``acting`` at a new move) and what they see
    may not be it (it differs, or the last change was an edit, which may have been dropped)."""
    if query is not None or (acting and moves != kept.turn
                             and (kept.edited or kept.sent != screen)):
        kept.renew, kept.sent = True, None
        kept.query = query or kept.query
    if acting:
        kept.turn = moves


async def send_ephemeral(sender: Sender, target: Target, kept: Kept, screen: Screen,
                         markup: InlineKeyboardMarkup | None) -> None:
    """Edit the hand, or send it anew (then delete the one before and store the new id)."""
    try:
        if kept.message_id is not None and not kept.renew:
            if await _edited(sender.bot, target.chat_id, target.receiver, kept.message_id,
                             screen, markup):
                kept.edited = True
                return
            log.info("ephemeral hand %s gone: a new one", kept.message_id)
            kept.message_id = None
        await _send_new(sender, target, kept, screen, markup)
    except (BadRequest, Forbidden) as error:  # refused, not failed: no use trying again
        log.info("ephemeral hand refused for %s: %s", target.receiver, error.message)
        sender.refused(target)


async def _send_new(sender: Sender, target: Target, kept: Kept, screen: Screen,
                    markup: InlineKeyboardMarkup | None) -> None:
    old = kept.message_id if kept.renew else None
    query, kept.query = kept.query, None
    kept.renew = False  # this send is the renewal: one asked for while it goes stays asked for
    try:
        new = await _answering(sender.bot, target.chat_id, target.thread_id, target.receiver,
                               screen, markup, query)
    except BaseException:
        kept.renew = kept.renew or old is not None
        raise
    kept.message_id, kept.edited = new, False
    await sender.remember(target.table_id, target.seat, new)
    if old is not None and old != new:
        sender.errand(("unsee", target.chat_id, target.receiver, old),
                      delete(sender, target, old))


async def delete(sender: Sender, target: Target, ephemeral_id: int) -> None:
    """The hand before, deleted (not counted in any flood limit); gone already is as good."""
    with contextlib.suppress(TelegramError):
        await ephemeral.delete(sender.bot, target.chat_id, target.receiver, ephemeral_id)


async def _edited(bot: Bot, chat_id: int, receiver: int, ephemeral_id: int, screen: Screen,
                  markup: InlineKeyboardMarkup | None) -> bool:
    """An ephemeral message edited (or showing that already); False: it is gone (expired,
    deleted). Any other refusal is raised."""
    try:
        await ephemeral.edit(bot, chat_id, receiver, ephemeral_id, screen.text, markup)
    except BadRequest as error:
        if "not modified" in error.message.lower():
            return True
        if not ephemeral.gone(error.message):
            raise
        return False
    return True


async def _answering(bot: Bot, chat_id: int, thread_id: int, receiver: int, screen: Screen,
                     markup: InlineKeyboardMarkup | None, query: str | None) -> int:
    """A new ephemeral message, naming the press that asked for it while Telegram still takes
    it; a press too old for that (or unknown) leaves it sent on its own."""
    try:
        return await once(ephemeral.send(bot, chat_id, thread_id, receiver, screen.text, markup,
                                         query, SEND_TIMEOUT))
    except BadRequest as error:
        if query is None or "query" not in error.message.lower():
            raise
    return await once(ephemeral.send(bot, chat_id, thread_id, receiver, screen.text, markup,
                                     None, SEND_TIMEOUT))


async def whisper(sender: Sender, chat_id: int, thread_id: int, receiver: int, screen: Screen,
                  query: str | None, in_place: int | None = None) -> None:
    """A screen for one person (a sheet, a hint, a replay's step) as an ephemeral message in
    the group they pressed in; ``in_place``: the ephemeral message pressed, edited instead (a
    replay's ◀ ▶). In the receiver's lane; a failure is logged, as for a private one."""
    turn = sender.pacing.turn(receiver, POST)
    await turn.wait()
    markup = keyboard(screen)
    try:
        if not (in_place is not None and await _edited(sender.bot, chat_id, receiver, in_place,
                                                       screen, markup)):
            await _answering(sender.bot, chat_id, thread_id, receiver, screen, markup, query)
        turn.accepted()
    except RetryAfter as error:  # not sent again (pressed again, it is), but the budget learns
        turn.refused(retry_seconds(error))
        log.info("ephemeral screen for %s not sent: flood limit", receiver)
    except TelegramError as error:
        log.info("ephemeral screen for %s not sent: %s", receiver, error)
