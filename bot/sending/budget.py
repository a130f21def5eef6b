"""The bot's overall budget of messages and edits a second (Telegram: about 30), shared fairly.

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

HAND, POST, TABLE = 0.0, 1.0, 3.0  # seconds of slack: how long a kind may be overtaken


class Budget:
    """A token bucket of ``per_second`` whose waiters are served by deadline."""

    def __init__(self, per_second: float, scale: float = 1.0) -> None:
        self.scale = scale  # seconds in a second: benches compress time, slack with it
        self.interval = 1.1 / per_second  # 10% below the limit, as the Pacer: clocks jitter
        # a tenth of a second's worth (Telegram's 30: three): a busy event loop that wakes the
        # dispatcher late loses no more than that
        self.burst = max(3, round(per_second / 10))
        self._ready = 0.0  # loop time from which the bucket holds one more
        self._queue: list[tuple[float, int, asyncio.Future[None]]] = []
        self._order = itertools.count()
        self._dispatcher: asyncio.Task[None] | None = None

    def _take(self, now: float) -> float:
        """Take a token if one is there (0.0), else the seconds until one is."""
        ready = max(self._ready, now - (self.burst - 1) * self.interval)
        if ready > now:
            return ready - now
        self._ready = ready + self.interval
        return 0.0

    async def wait(self, slack: float) -> None:
        loop = asyncio.get_running_loop()
        now = loop.time()
        if not self._queue and self._take(now) == 0.0:
            return
        turn: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._queue, (now + slack * self.scale, next(self._order), turn))
        if self._dispatcher is None or self._dispatcher.done():
            self._dispatcher = loop.create_task(self._dispatch())
        await turn  # a cancelled waiter's future is cancelled too: the dispatcher skips it

    async def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self._queue:
            if (wait := self._take(loop.time())) > 0:
                await asyncio.sleep(wait)
                continue
            while self._queue:
                _, _, turn = heapq.heappop(self._queue)
                if not turn.done():
                    turn.set_result(None)
                    break
            else:
                self._ready -= self.interval  # nobody took it: the token stays in the bucket
