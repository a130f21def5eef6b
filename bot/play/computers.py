"""The computer players: a task per table moving its computers, and where they think: Hard in
worker processes (bot/thinkers.py), the others in threads."""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from engine.coach import Advice, Regret
from engine.players import player_for, random_player

from ..settings import Settings
from .lighter import HARD, level_of, part_for, patience
from .records import Outcome, Turn
from .thinkers import COACH, REVIEW, Overloaded, Request, Thinkers, WorkerLost, decide
from .turns import Turns

BATCH = 12  # computer moves drawn together at most
# The levels that think in processes. Easy and Normal take 0.02-0.1 ms of CPU a decision (p99,
# 1 ms at most; bench/ai_latency.py): in a thread they hold the interpreter lock for less than
# a request to a process would cost. Hard takes 4-40 ms (p50) and up to ~100 ms.
IN_PROCESSES = frozenset({"hard", COACH, REVIEW})  # the coach runs Hard's search
# Who decides instead of a level that could not (over budget, worker lost, workers busy): Normal
# for Hard, cheap enough to run on the event loop; a level that cheap already, itself again.
FALLBACK = {"hard": "normal"}
OVERLOAD_NOTICE = 60.0  # seconds between warnings that Hard decisions were made by Normal
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

    def __init__(self, settings: Settings, turns: Turns, draw: Draw) -> None:
        self.settings = settings
        self.turns = turns
        self._draw = draw
        self._threads = ThreadPoolExecutor(settings.computer_threads, "computer")
        self.processes: Thinkers | None = None
        if settings.computer_processes:
            self.processes = Thinkers(settings.computer_processes, settings.computer_budget_seconds,
                                      settings.computer_nice, settings.computer_wait_seconds)
        self._tasks: dict[int, asyncio.Task[None]] = {}  # table id -> its computers' task
        self._wanted: set[int] = set()  # tables whose computers were asked for while running
        # (level, how) -> decisions: "own" (the level decided), or why and who decided instead
        # ("workers busy: normal"); read by bench/bot_load.py
        self.decisions: Counter[tuple[str, str]] = Counter()
        self._told, self._overloaded = -OVERLOAD_NOTICE, 0  # the last overload notice, since

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
                while (turn := await self.turns.computer_turn(table_id)) is not None:
                    outcome = await self.turns.computer_move(turn, await self.think(turn))
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
        """The player's decision; under load, Hard's on a part of its worlds (lighter.py); the
        fallback's (``fallback``) if it takes longer than the budget, its worker process dies,
        or no worker is free in time."""
        part = 1
        if self.processes is not None and turn.level == HARD:
            part = part_for(self.processes.load())
        level = turn.level if part == 1 else level_of(part)
        request: Request = (level, turn.game, turn.observation, turn.legal, turn.seed)
        budget = self.settings.computer_budget_seconds
        try:
            action = await asyncio.wait_for(self._decide(request, patience(part)), budget)
        except Overloaded as error:  # expected under load: counted, and told once a minute
            log.debug("table %s: %s", turn.table_id, error)
            return self.fallback(turn, "waited out" if error.waited else "workers busy")
        except TimeoutError:
            log.warning("table %s: the %s %s player had no answer within %.1f s; %s instead",
                        turn.table_id, turn.level, turn.game, budget, self._instead(turn))
            return self.fallback(turn, "over budget")
        except WorkerLost as error:
            log.warning("table %s: the %s %s player's process died (%s); %s instead",
                        turn.table_id, turn.level, turn.game, error, self._instead(turn))
            return self.fallback(turn, "worker lost")
        self.decisions[(turn.level, "own" if part == 1 else f"own, 1/{part} of its worlds")] += 1
        return action

    def fallback(self, turn: Turn, why: str) -> object:
        """A decision the player could not make in time, made at once in-process by the level
        below Hard (Hard's own rules, without the search; well under a millisecond), or by a
        random legal move if even that fails."""
        level = self._instead(turn)
        rng = random.Random(turn.seed)
        try:
            action = player_for(level, turn.game)(turn.observation, turn.legal, rng)
        except Exception:
            log.exception("table %s: the %s %s player failed", turn.table_id, level, turn.game)
            level, action = "random", random_player(turn.observation, turn.legal, rng)
        self.decisions[(turn.level, f"{why}: {level}")] += 1
        if why in ("waited out", "workers busy"):
            self._tell_overload(turn.level)
        return action

    @staticmethod
    def _instead(turn: Turn) -> str:
        return FALLBACK.get(turn.level, turn.level)

    def _tell_overload(self, level: str) -> None:
        """One warning a minute at most for the decisions refused by busy workers."""
        now = asyncio.get_running_loop().time()
        self._overloaded += 1
        if now - self._told >= OVERLOAD_NOTICE:
            log.warning("%d %s decisions made by %s at once since the last notice: every worker "
                        "was busy for longer than %.1f s", self._overloaded, level,
                        FALLBACK.get(level, level), self.settings.computer_wait_seconds)
            self._told, self._overloaded = now, 0

    async def _decide(self, request: Request, patience: float = 1.0) -> object:
        if self.processes is not None and request[0].split("/")[0] in IN_PROCESSES:
            return await self.processes.decide(request, patience)
        return await asyncio.get_running_loop().run_in_executor(self._threads, decide, *request)

    async def advise(self, turn: Turn) -> Advice | None:
        """The coach's hint for a human's ``turn``, thought where Hard thinks (a process) and
        within its budget, so a hint never blocks a table; None over the budget."""
        advice: Advice | None = await self._coach(
            (COACH, turn.game, turn.observation, turn.legal, turn.seed), 1.0)
        return advice

    async def review(self, game: str, decisions: Sequence[Any], seed: str,
                     budgets: float) -> list[Regret] | None:
        """The coach's review of a seat's deal (``engine.coach.review``), within ``budgets``
        decision budgets; None over them."""
        regrets: list[Regret] | None = await self._coach((REVIEW, game, decisions, (), seed),
                                                         budgets)
        return regrets

    async def _coach(self, request: Request, budgets: float) -> Any:
        try:
            return await asyncio.wait_for(self._decide(request),
                                          budgets * self.settings.computer_budget_seconds)
        except (TimeoutError, WorkerLost, Overloaded) as error:
            log.warning("the coach's %s of a %s position had no answer (%r)", request[0],
                        request[1], error)
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
        self._threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            await self.processes.close()
