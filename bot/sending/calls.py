"""What a Telegram call's failure means: never sent (made again), maybe sent (a new message is
never made twice: ``once``), or a wait Telegram asked for (429). The attempts a send gets, and
the one answer a caller hears: whether what it sent got there (``Done``)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Protocol, TypeVar

import httpx
from telegram import InlineKeyboardButton, InlineKeyboardMarkup, WebAppInfo
from telegram.error import Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut

from ..views import Screen
from .ephemeral import button_extras

log = logging.getLogger(__name__)
ATTEMPTS = 5
SEND_TIMEOUT = 20.0  # seconds to wait for a new message's reply: a slow reply is no failure
# httpx's failures before a byte of the request left: the call provably did not happen
NEVER_SENT = (httpx.ConnectError, httpx.ConnectTimeout, httpx.PoolTimeout)
T = TypeVar("T")

Done = Callable[[bool], Awaitable[None]]  # told whether a screen or post got there


class Turn(Protocol):
    """A send's place in the flood limits (pacing.Turn): waited for again after a 429, and told
    what Telegram answered."""

    async def wait(self) -> None: ...
    def accepted(self) -> None: ...
    def refused(self, seconds: float) -> None: ...


def keyboard(screen: Screen) -> InlineKeyboardMarkup | None:
    if not screen.rows:
        return None
    return InlineKeyboardMarkup([[InlineKeyboardButton(
        b.text, callback_data=b.data, url=b.url,
        web_app=WebAppInfo(b.web_app) if b.web_app else None,
        api_kwargs=button_extras(b) or None) for b in row] for row in screen.rows])


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


async def retrying(send: Callable[[], Awaitable[object]],
                   superseded: Callable[[], bool] = lambda: False,
                   unknown: Callable[[], None] | None = None,
                   forbidden: Callable[[], None] | None = None,
                   turn: Turn | None = None) -> bool:
    """Whether ``send`` got there. Obey 429's retry_after (unless a newer screen came meanwhile:
    that one goes instead), telling ``turn`` and taking it again before the next attempt; give
    up on a chat that blocked the bot (telling ``forbidden``), or after ATTEMPTS failures; a
    time-out may have got there (True, telling ``unknown``)."""
    failures = 0
    while failures < ATTEMPTS:
        try:
            await send()
            if turn is not None:
                turn.accepted()
            return True
        except RetryAfter as error:  # not a failure: wait as told, then go on
            seconds = retry_seconds(error)
            log.info("flood limit: waiting %.0f s", seconds)
            if turn is not None:
                turn.refused(seconds)
            await asyncio.sleep(seconds)
            if superseded():
                return False
            if turn is not None:
                await turn.wait()
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


async def told(done: Done, sent: bool) -> None:
    """Tell ``done``; its failure is logged, never raised: the send itself is over."""
    try:
        await done(sent)
    except Exception:  # the post is out; noting it failed (the database, say): sent again later
        log.exception("could not note a sent post")
