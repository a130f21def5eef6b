"""When the next message or edit in a chat may go: Telegram's one a second per chat and twenty a
minute per group, then the bot's overall budget (budget.py), and never before a 429's
``retry_after`` has passed. Alone on its store a worker counts in memory; several workers on one
store (issue 19) take their places in windows kept there.

What Telegram answered is told back (``accepted``, ``refused``): a 429 blocks its chat; one for
a chat that was well within its own pace, or that asks to wait 2 s or less, is taken to say the
bot as a whole is over, and blocks every chat (the overall rate is cut too)."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .budget import Budget

log = logging.getLogger(__name__)

Note = Callable[[int, float], Awaitable[None]]
Reserve = Callable[[int, float, int, float], Awaitable[float]]  # storage's Sends.reserve
MovesOf = Callable[[int], Awaitable[int | None]]  # storage's Tables.moves_of
SHORT = 2.0  # seconds: a 429 told to wait no longer stops the whole bot
PER_SECOND_KEY = 1 << 62  # a chat's per-second window in the shared store (see _reserve)


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

    def spare(self, chat_id: int, now: float) -> bool:
        """Whether the chat's bucket still held a token after its last send."""
        return self._ready.get(chat_id, 0.0) <= now


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

    def spare(self, chat_id: int, now: float) -> bool:
        """Whether the group's window has room for two more."""
        sends = self._sends.get(chat_id, ())
        return sum(at > now - self.seconds for at in sends) <= self.limit - 2


@dataclass(frozen=True)
class Shared:
    """Several workers on one store (issue 19): every send takes its place in the windows kept
    in the store (the chat's, and the bot's overall one, chat 0), and a screen drawn before a
    move another worker saved is not sent (that worker draws the newer one)."""

    reserve: Reserve
    moves_of: MovesOf


class Pacing:
    """Every limit a send waits for, in the order it waits: ``slot``."""

    def __init__(self, per_second: float, group_limit: int, group_seconds: float,
                 note: Note | None, shared: Shared | None, overall: float | Budget) -> None:
        self.note = note  # told of every group send before it goes (the window's memory)
        self.shared = shared
        self.pacer = Pacer(per_second, burst=3)
        # a group's 20 a minute, spread evenly after a short burst: while a table is busy its
        # message is edited every few seconds with the newest state, and the window's quota is
        # kept for the result posts
        self.group_pacer = Pacer(group_limit / group_seconds, burst=3)
        self.window = GroupWindow(group_limit, group_seconds)
        self.budget = overall if isinstance(overall, Budget) \
            else Budget(overall, scale=group_seconds / 60.0)
        self._blocked: dict[int, float] = {}  # chat -> loop time its 429's retry_after ends

    def turn(self, chat_id: int, slack: float) -> Turn:
        """One send's place in the limits, to wait for again after a 429 and to tell Telegram's
        answer to (calls.retrying)."""
        return Turn(self, chat_id, slack)

    def accepted(self, chat_id: int) -> None:
        """Telegram took a send or edit in ``chat_id``."""
        self.budget.accepted()

    def refused(self, chat_id: int, seconds: float, whole_bot: bool | None = None) -> None:
        """Telegram answered a send in ``chat_id`` with a 429 of ``seconds``: nothing goes to
        that chat before then, and nothing at all when ``whole_bot`` (None: judged here, see
        ``_for_the_bot``)."""
        loop_now = asyncio.get_running_loop().time()
        self._blocked[chat_id] = max(self._blocked.get(chat_id, 0.0), loop_now + seconds)
        if whole_bot is None:
            whole_bot = self._for_the_bot(chat_id, seconds, loop_now)
        if whole_bot:
            self.budget.refused(seconds)

    def _for_the_bot(self, chat_id: int, seconds: float, now: float) -> bool:
        """Whether a 429 in ``chat_id`` speaks for the whole bot: the chat was well within its
        own pace, or the wait is a second or two (better a short pause of every chat than calls
        made before a global retry_after; a chat's own pace is kept 10% below Telegram's). A
        group told to wait longer at its minute's edge is refused alone."""
        if seconds <= SHORT:
            return True
        return self.pacer.spare(chat_id, now) and (chat_id > 0 or (
            self.group_pacer.spare(chat_id, now) and self.window.spare(chat_id, now)))

    async def _unblocked(self, chat_id: int) -> bool:
        """Wait out the chat's last 429 and the whole bot's, if a retry_after still runs;
        whether one did."""
        loop = asyncio.get_running_loop()
        waited = False
        while (until := max(self._blocked.get(chat_id, 0.0), self.budget.blocked)) > loop.time():
            await asyncio.sleep(until - loop.time())
            waited = True
        self._blocked.pop(chat_id, None)
        return waited

    async def slot(self, chat_id: int, slack: float) -> None:
        """Wait until one more message or edit in this chat keeps within the flood limits: the
        chat's own first, then the bot's overall budget, where ``slack`` is this kind's place."""
        await self._unblocked(chat_id)
        await self._slot(chat_id, slack)
        while await self._unblocked(chat_id):  # a 429 came meanwhile: a new turn after it
            await self.budget.wait(slack)

    async def _slot(self, chat_id: int, slack: float) -> None:
        if chat_id < 0:
            await self.group_pacer.wait(chat_id)
        if self.shared is not None:
            await self.budget.wait(slack)  # this worker's order; the store's windows cap them all
            await self._reserve(chat_id, self.shared)
            return
        await self.window.wait(chat_id)
        if chat_id < 0 and self.note is not None:
            try:
                await self.note(chat_id, time.time())
            except Exception:  # a full disk must not stop the group's screens
                log.warning("could not note a group send", exc_info=True)
        await self.pacer.wait(chat_id)
        await self.budget.wait(slack)

    async def _reserve(self, chat_id: int, shared: Shared) -> None:
        """Shared windows: a group's minute; every chat's second (a burst of three), kept under
        a key no real chat has (bit 62 flipped: Telegram's ids are below 2**53); then the bot's
        overall second."""
        windows = [(chat_id ^ PER_SECOND_KEY, self.pacer.burst,
                    self.pacer.burst * self.pacer.interval), (0, max(1, round(self.budget.rate)), 1.05)]
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


@dataclass(frozen=True)
class Turn:
    """A send's place in a chat's limits (``Pacing.turn``)."""

    pacing: Pacing
    chat_id: int
    slack: float

    async def wait(self) -> None:
        await self.pacing.slot(self.chat_id, self.slack)

    def accepted(self) -> None:
        self.pacing.accepted(self.chat_id)

    def refused(self, seconds: float) -> None:
        self.pacing.refused(self.chat_id, seconds)
