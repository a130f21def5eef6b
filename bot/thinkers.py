"""Computer players that think in worker processes (issue 28): a search in a thread holds the
interpreter lock, and every table's press waits for it; a process thinks on another core.

A worker is sent what a player may see, pickled: the level, the game, the observation, the legal
actions and the seed of its generator (never the state), and sends back the action. Workers start
with ``spawn``, a fresh interpreter: a fork of the bot would copy its event loop, its database
connections and the locks its other threads hold at that instant (a lock held by a thread that
the child does not have is held forever); ``spawn`` costs ~0.2 s of CPU once per worker, and
workers live as long as the bot. They run ``nice``: on two cores with two workers searching, the
event loop still gets a core the moment a press arrives.

One decision at a time per worker, each on its own pipe, read by the event loop itself (no thread
of ours in between): a worker that dies takes only its own decision with it (``WorkerLost``, the
caller falls back), and one that runs past the budget is killed, so the budget is a real limit on
CPU too. Either way a fresh worker takes its place.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import traceback
from collections.abc import Sequence
from multiprocessing.connection import Connection
from typing import Any

from engine.players import player_for

NICE = 10  # added to a worker's niceness: the event loop's process comes first
log = logging.getLogger(__name__)

Request = tuple[str, str, Any, Sequence[Any], str]  # level, game, observation, legal, seed


class WorkerLost(Exception):
    """The worker deciding died (killed, out of memory) before it answered."""


def decide(level: str, game: str, observation: Any, legal: Sequence[Any], seed: str) -> Any:
    """One decision: what a worker does with a request, and what a thread does in its place."""
    return player_for(level, game)(observation, legal, random.Random(seed))


def _serve(conn: Connection) -> None:
    """A worker's life: requests in, (ok, action or error text) out, until the pipe closes (the
    bot stopped or died). Ctrl-C in a terminal reaches the workers too: the bot stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(NICE)
    while True:
        try:
            request: Request = conn.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, decide(*request))
        except Exception:  # a player's bug: the bot logs it as it would from a thread
            answer = (False, traceback.format_exc())
        conn.send(answer)


class _Worker:
    def __init__(self, context: Any) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child,), name="seghan-thinker",
                                       daemon=True)
        self.process.start()
        child.close()  # the worker's end lives in the worker only: its death reads as EOF here

    async def ask(self, request: Request) -> tuple[bool, Any]:
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[bool, Any]] = loop.create_future()
        fd = self.conn.fileno()

        def readable() -> None:
            loop.remove_reader(fd)
            try:
                answer.set_result(self.conn.recv())
            except (EOFError, OSError) as error:
                answer.set_exception(WorkerLost(f"worker {self.process.pid}: {error!r}"))

        try:
            self.conn.send(request)  # the worker is idle: its pipe is empty, this does not block
        except OSError as error:
            raise WorkerLost(f"worker {self.process.pid}: {error!r}") from error
        loop.add_reader(fd, readable)
        try:
            return await answer
        finally:
            loop.remove_reader(fd)

    def stop(self) -> None:
        self.process.kill()
        self.process.join()
        self.conn.close()


class Thinkers:
    """``size`` worker processes, started when first needed."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._context = multiprocessing.get_context("spawn")
        self._idle: asyncio.Queue[_Worker] | None = None
        self._workers: set[_Worker] = set()
        self._starting: set[asyncio.Task[None]] = set()
        self._closed = False

    async def decide(self, request: Request) -> Any:
        """The action of a worker; WorkerLost if it died meanwhile. Cancelled (over budget, or
        shutdown) while a worker thinks: that worker is killed and replaced."""
        worker = await self._acquire()
        try:
            ok, answer = await worker.ask(request)
        except BaseException:
            self._replace(worker)
            raise
        assert self._idle is not None
        self._idle.put_nowait(worker)
        if not ok:
            raise RuntimeError(f"a worker's player failed:\n{answer}")
        return answer

    def pids(self) -> list[int]:
        """The workers' process ids (tests)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    async def _acquire(self) -> _Worker:
        if self._idle is None:
            self._idle = asyncio.Queue()
            for _ in range(self.size):
                self._start()
        return await self._idle.get()

    def _start(self) -> None:
        """A worker started off the event loop (an interpreter starting and importing the
        engine), then free to take a decision."""
        async def start() -> None:
            worker = await asyncio.to_thread(_Worker, self._context)
            if self._closed:
                worker.stop()
                return
            self._workers.add(worker)
            assert self._idle is not None
            self._idle.put_nowait(worker)

        task = asyncio.get_running_loop().create_task(start())
        self._starting.add(task)
        task.add_done_callback(self._started)

    def _started(self, task: asyncio.Task[None]) -> None:
        self._starting.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a computer player's worker did not start", exc_info=task.exception())

    def _replace(self, worker: _Worker) -> None:
        self._workers.discard(worker)
        worker.stop()
        if not self._closed:
            self._start()

    async def close(self) -> None:
        """Every worker stopped and waited for: no process is left behind."""
        self._closed = True
        await asyncio.gather(*self._starting, return_exceptions=True)
        for worker in list(self._workers):
            worker.stop()
        self._workers.clear()
