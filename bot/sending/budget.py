"""The bot's overall budget of messages and edits a second, found rather than assumed, and shared
fairly.

Telegram documents one message a second per chat and twenty a minute per group (pacing.py keeps
those), but for the bot as a whole only "about 30 a second" for bulk notifications and, from its
developers, "no global limit". So the rate is found: it starts where it is safe (the setting, 30
by default), grows while Telegram accepts what the budget holds back (a twentieth of itself a
second, slowly near the rate a 429 last cut), and is cut by 30% on a 429 that speaks for the
whole bot, never below the floor nor above the ceiling (the settings; no ceiling by default).
Such a 429's ``retry_after`` stops every send until it has passed (``refused``).

When more screens are due than the budget allows, each waits its turn by a deadline: the moment
it was asked for plus its kind's slack. A player's own hand has none, results owed to a group a
little, group table edits most: a busy bot serves hands first, and a group table that waits is
superseded by its newer screen while it waits (the Sender keeps only the newest), so group
tables coalesce harder (a trick at a time rather than a card) as more tables play. Every wait
ends: a table edit asked for at t goes before a hand asked for after t + its slack, so no chat
starves.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
from collections.abc import Callable

HAND, POST, TABLE = 0.0, 1.0, 30.0  # seconds of slack: how long a kind may be overtaken
GROWTH = 0.1  # of the rate, added a second while Telegram accepts a budget that holds back
NEAR = 0.5  # a second added instead within a tenth below the rate a 429 last cut
CUT = 0.7  # what a 429 for the whole bot leaves of the rate
BUSY = 1.0  # seconds after a send waited here during which the budget counts as holding back


class Budget:
    """A token bucket of ``rate`` a second whose waiters are served by deadline."""

    def __init__(self, per_second: float, scale: float = 1.0, floor: float | None = None,
                 ceiling: float | None = None, clock: Callable[[], float] | None = None) -> None:
        self.scale = scale  # seconds in a second: benches compress time, slack with it
        # the event loop's time; a test's clock moves only when told (the dispatcher then sleeps
        # the loop's seconds the clock says are left, and looks again)
        self._clock = clock
        # 10% below a known figure, as the Pacer: clocks jitter
        self.ceiling = math.inf if ceiling is None else ceiling / 1.1
        self.rate = min(per_second / 1.1, self.ceiling)
        self.floor = min(self.rate, floor if floor is not None else self.rate / 3)
        self.cut_from = math.inf  # the rate the last 429 cut: approached slowly
        self._ready = 0.0  # loop time from which the bucket holds one more
        self._blocked = 0.0  # loop time before which nothing goes (a 429 for the whole bot)
        self._held = -math.inf  # loop time a send last waited here
        self._queue: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None

    def _now(self) -> float:
        return asyncio.get_running_loop().time() if self._clock is None else self._clock()

    @property
    def interval(self) -> float:
        return 1.0 / self.rate

    @property
    def burst(self) -> int:
        # a tenth of a second's worth (30: three): a busy event loop that wakes the dispatcher
        # late loses no more than that
        return max(3, round(self.rate / 10))

    def accepted(self) -> None:
        """Telegram took a send: while the budget holds sends back, the rate grows."""
        now = self._now()
        if now - self._held > BUSY:
            return  # nothing waited: there is no sign that more is needed, nor that it is allowed
        step = NEAR if self.rate >= 0.9 * self.cut_from else max(1.0, GROWTH * self.rate)
        self.rate = min(self.ceiling, self.rate + step / self.rate)  # ``step`` a second at full use

    def refused(self, seconds: float) -> None:
        """A 429 for the whole bot: nothing goes for ``seconds``, and the rate is cut (once for
        the 429s of one block: the calls already on their way when it came get theirs too)."""
        now = self._now()
        if now >= self._blocked:
            self.cut_from = self.rate
            self.rate = max(self.floor, self.rate * CUT)
        self._blocked = max(self._blocked, now + seconds)

    @property
    def blocked(self) -> float:
        """The loop time until which a 429 for the whole bot stops every send."""
        return self._blocked

    def _take(self, now: float, since: float | None = None) -> float:
        """Take a token if one is there (0.0), else the seconds until one is. ``since``: when
        the dispatcher was to wake: the tokens from then on are owed to the waiters even if a
        busy event loop woke it late (else a loop late by L would serve only a burst every L,
        whatever the rate)."""
        if self._blocked > now:
            return self._blocked - now
        ready = max(self._ready, min(now, since or now) - (self.burst - 1) * self.interval)
        if ready > now:
            return ready - now
        self._ready = ready + self.interval
        return 0.0

    async def wait(self, slack: float) -> None:
        loop = asyncio.get_running_loop()
        now = self._now()
        if not self._queue and self._take(now) == 0.0:
            return
        self._held = now
        turn: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._queue, (now + slack * self.scale, next(self._order), turn))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = loop.create_task(self._dispatch())
        await turn  # a cancelled waiter's future is cancelled too: the dispatcher skips it

    async def _dispatch(self) -> None:
        since: float | None = None
        while self._queue:
            if (wait := self._take(now := self._now(), since)) > 0:
                self._held, since = now, now + wait
                await asyncio.sleep(wait)
                continue
            while self._queue:
                _, _, turn = heapq.heappop(self._queue)
                if not turn.done():
                    turn.set_result(None)
                    break
            else:
                self._ready -= self.interval  # nobody took it: the token stays in the bucket
