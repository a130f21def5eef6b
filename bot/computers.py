"""The computer players: a task per table moving its computers, and where they think: Hard in
worker processes (bot/thinkers.py), the others in threads."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

from engine.players import random_player

from .settings import Settings
from .tables import Outcome, TableService, Turn
from .thinkers import Request, Thinkers, WorkerLost, decide

BATCH = 12  # computer moves drawn together at most
# The levels that think in processes. Easy and Normal take 0.02-0.1 ms of CPU a decision (p99,
# 1 ms at most; bench/ai_latency.py): in a thread they hold the interpreter lock for less than
# a request to a process would cost. Hard takes 4-40 ms (p50) and up to ~100 ms.
IN_PROCESSES = frozenset({"hard"})
log = logging.getLogger(__name__)

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
        self._threads = ThreadPoolExecutor(settings.computer_threads, "computer")
        self.processes: Thinkers | None = None
        if settings.computer_processes:
            self.processes = Thinkers(settings.computer_processes, settings.computer_budget_seconds,
                                      settings.computer_nice)
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
        """The player's decision; a random legal move instead (logged) if it takes longer than
        the budget or its worker process dies."""
        request: Request = (turn.level, turn.game, turn.observation, turn.legal, turn.seed)
        budget = self.settings.computer_budget_seconds
        try:
            return await asyncio.wait_for(self._decide(request), budget)
        except TimeoutError:
            log.warning("table %s: the %s %s player had no answer within %.1f s (thinking, or "
                        "waiting for a free worker); a random legal move instead",
                        turn.table_id, turn.level, turn.game, budget)
        except WorkerLost as error:
            log.warning("table %s: the %s %s player's process died (%s); a random legal move "
                        "instead", turn.table_id, turn.level, turn.game, error)
        return random_player(turn.observation, turn.legal, random.Random(turn.seed))

    async def _decide(self, request: Request) -> object:
        if self.processes is not None and request[0] in IN_PROCESSES:
            return await self.processes.decide(request)
        return await asyncio.get_running_loop().run_in_executor(self._threads, decide, *request)

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
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            await self.processes.close()
