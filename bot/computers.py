"""The computer players: a task per table moving its computers, and the threads they think in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from functools import partial
from typing import TypeVar

from engine.coach import Advice, advise
from engine.players import player_for, random_player

from .settings import Settings
from .tables import Outcome, TableService, Turn

BATCH = 12  # computer moves drawn together at most
log = logging.getLogger(__name__)
T = TypeVar("T")

Draw = Callable[[int, list[Outcome]], Awaitable[None]]


def merged(batch: list[Outcome]) -> Outcome | None:
    """Moves in a row as one outcome to draw: the state before the first, after the last."""
    if not batch:
        return None
    return replace(batch[-1], before=batch[0].before, computers=False)


class Computers:
    """The tables' computer players; ``draw``: how their moves in a row are shown (the table id,
    the outcomes, maybe none)."""

    def __init__(self, settings: Settings, service: TableService, draw: Draw) -> None:
        self.settings = settings
        self.service = service
        self._draw = draw
        self._thinkers = ThreadPoolExecutor(settings.computer_threads, "computer")
        self._tasks: dict[int, asyncio.Task[None]] = {}  # table id -> its computers' task
        self._wanted: set[int] = set()  # tables whose computers were asked for while running

    def moving(self, table_id: int) -> bool:
        return table_id in self._tasks

    def wake(self, table_id: int) -> None:
        """Let the computers of a table move, in a task of their own: the press that woke them is
        answered and drawn first, and no table waits for another table's computers."""
        if table_id in self._tasks:
            self._wanted.add(table_id)
            return
        task = asyncio.get_running_loop().create_task(self._run(table_id))
        self._tasks[table_id] = task

    async def _run(self, table_id: int) -> None:
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
                        await self._draw(table_id, batch)
                        batch = []
                await self._draw(table_id, batch)
                if table_id not in self._wanted:
                    return
        except Exception:
            log.exception("computer players of table %s", table_id)
        finally:
            self._tasks.pop(table_id, None)

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

    async def advise(self, turn: Turn) -> Advice | None:
        """The coach's hint for a human's ``turn``, thought where the computers think and within
        their budget, so a hint never blocks a table; None when over the budget."""
        return await self.coach(partial(advise, turn.game, turn.observation, turn.legal,
                                        turn.rng), self.settings.computer_budget_seconds)

    async def coach(self, work: Callable[[], T], seconds: float) -> T | None:
        """The coach's ``work`` (a hint, a review) in the computers' threads; None after
        ``seconds``."""
        try:
            return await asyncio.wait_for(
                asyncio.get_running_loop().run_in_executor(self._thinkers, work), seconds)
        except TimeoutError:
            log.warning("the coach took over %.1f s", seconds)
            return None

    def busy(self) -> bool:
        return bool(self._tasks)

    async def settle(self) -> None:
        """Wait for the tasks running now (tests)."""
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)

    async def close(self) -> None:
        """Shutdown: computers stop thinking (their tables go on after a restart)."""
        for task in list(self._tasks.values()):
            task.cancel()
        await asyncio.gather(*self._tasks.values(), return_exceptions=True)
        self._thinkers.shutdown(wait=False, cancel_futures=True)
