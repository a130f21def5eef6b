"""Computer players that think in worker processes (issue 28): a search in a thread holds the
interpreter lock, and every table's press waits for it; a process thinks on another core.

A worker is sent what a player may see, pickled: the level, the game, the observation, the legal
actions and the seed of its generator (never the state), and sends back the action. Workers start
with ``spawn``, a fresh interpreter: a fork of the bot would copy its event loop, its database
connections and the locks its other threads hold at that instant (a lock held by a thread that
the child does not have is held forever). ``spawn`` costs a fraction of a second of CPU once per
worker, as workers live as long as the bot; ``forkserver`` would start them faster from a clean
server, but keeps that server beside the bot for no gain worth it. Workers run niced
(COMPUTER_NICE, +10): on two cores with two workers searching, the event loop still gets a core
the moment a press arrives.

Each worker on its own pipe, read by the event loop itself (no thread of ours in between); up to
DEPTH decisions down a pipe, so that a worker finds its next one as it answers (on a busy event
loop the answer is read a turn of the loop later, and the worker would idle that long), and
more sent from the callback that reads an answer. A worker that dies takes only the decision it
was at with it (``WorkerLost``, the caller falls back; the one behind it waits for the next
worker) and a fresh worker takes its place. A decision past its budget is given up by the
caller; its worker finishes it for nobody and takes the next one (Hard's work is bounded, and
under a load that overruns the budget, killing and starting interpreters would only cut the
capacity further), unless it is still at it after ``grace`` more seconds: then it is replaced.

Admission: a decision waits for a free worker ``wait`` seconds at most, in the order asked. One
that the work already queued and running would keep waiting longer (as estimated from how long
each game's decisions took the workers lately) is refused at once (``Overloaded``): it never
occupies a worker, and its caller decides otherwise (Normal, in-process) without waiting for
nothing. Under a load beyond the workers (more Hard computers than cores can serve) the workers
think only for decisions that can still be in time, and the rest are answered at once.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import traceback
from collections import deque
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from functools import partial
from multiprocessing.connection import Connection
from typing import Any

from engine.coach import advise, review

from .lighter import player

log = logging.getLogger(__name__)

Request = tuple[str, str, Any, Sequence[Any], str]  # level, game, observation, legal, seed


class WorkerLost(Exception):
    """The worker deciding died (killed, out of memory) before it answered."""


class Overloaded(Exception):
    """No worker could take the decision in time: refused at once (``waited`` False: the work
    queued and running would keep it waiting too long), or after waiting its limit."""

    def __init__(self, message: str, waited: bool) -> None:
        super().__init__(message)
        self.waited = waited


Answered = Callable[["_Worker", "_Job", bool], None]  # a worker's answer read (lost: it died)
DEPTH = 2  # decisions in a worker's pipe: the next is there as it answers the one before
FIRST_GUESS = 0.05  # seconds of a worker for a kind of decision not timed yet
SMOOTHING = 0.2  # weight of the latest time in a kind's running estimate


COACH, REVIEW = "coach", "review"  # not levels: the coach's hint and review (issue 26)


def decide(level: str, game: str, observation: Any, legal: Sequence[Any], seed: str) -> Any:
    """One decision: what a worker does with a request, and what a thread does in its place.
    The coach asks here too: a hint (``COACH``: the advice for the observation) and a review
    (``REVIEW``: ``observation`` holds the seat's decisions of a deal)."""
    if level == COACH:
        return advise(game, observation, legal, random.Random(seed))
    if level == REVIEW:
        return review(game, observation, partial(seeded, seed))
    return player(level, game)(observation, legal, random.Random(seed))


def seeded(seed: str, index: int) -> random.Random:
    """The generator of a reviewed decision: the review's seed and the decision's place."""
    return random.Random(f"{seed}:{index}")


def _serve(conn: Connection, nice: int) -> None:
    """A worker's life: requests in, (ok, action or error text) out, until the pipe closes (the
    bot stopped or died). Ctrl-C in a terminal reaches the workers too: the bot stops them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.nice(nice)
    while True:
        try:
            request: Request = conn.recv()
        except EOFError:
            return
        try:
            answer: tuple[bool, Any] = (True, decide(*request))
        except Exception:  # a player's bug: the bot logs it as it would from a thread
            answer = (False, traceback.format_exc())
        try:
            conn.send(answer)
        except OSError:  # the bot is gone
            return


@dataclass(eq=False)  # jobs are told apart by identity
class _Job:
    """A decision asked for: its answer to come, the work it brings (estimated seconds of a
    worker), and once sent, its worker and when."""

    request: Request
    answer: asyncio.Future[tuple[bool, Any]]
    work: float
    worker: _Worker | None = None
    sent: float = 0.0
    expiry: asyncio.TimerHandle | None = None


class _Worker:
    def __init__(self, context: Any, nice: int) -> None:
        self.conn, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, nice), name="seghan-thinker",
                                       daemon=True)
        self.process.start()
        child.close()  # the worker's end lives in the worker only: its death reads as EOF here
        self.jobs: deque[_Job] = deque()  # sent, oldest (the one it thinks about) first

    def send(self, job: _Job, answered: Answered) -> None:
        """The job down the worker's pipe (DEPTH jobs at most: this does not block); answers
        are read by the event loop as they come, and ``answered`` told (lost: it died)."""
        loop = asyncio.get_running_loop()
        try:
            self.conn.send(job.request)
        except OSError as error:
            raise WorkerLost(f"worker {self.process.pid}: {error!r}") from error
        job.worker = self
        if not self.jobs:
            job.sent = loop.time()
            loop.add_reader(self.conn.fileno(), self._readable, answered)
        self.jobs.append(job)

    def remaining(self, now: float) -> float:
        """Estimated seconds of work it has left."""
        if not self.jobs:
            return 0.0
        head = self.jobs[0]
        return max(0.0, head.sent + head.work - now) + sum(j.work for j in list(self.jobs)[1:])

    def _readable(self, answered: Answered) -> None:
        loop = asyncio.get_running_loop()
        job = self.jobs[0]
        try:
            result = self.conn.recv()
        except (EOFError, OSError) as error:
            if not job.answer.done():
                job.answer.set_exception(WorkerLost(f"worker {self.process.pid}: {error!r}"))
            answered(self, job, True)
            return
        self.jobs.popleft()
        if self.jobs:
            self.jobs[0].sent = loop.time()  # it has been at the next one since about now
        else:
            loop.remove_reader(self.conn.fileno())
        if not job.answer.done():  # else given up: finished for nobody
            job.answer.set_result(result)
        answered(self, job, False)

    def forget(self, error: Exception) -> list[_Job]:
        """No more reading (the loop's side of ``stop``): the job it was at fails with
        ``error``; those behind it in the pipe, not begun, are returned."""
        if self.jobs:
            asyncio.get_running_loop().remove_reader(self.conn.fileno())
        jobs, self.jobs = list(self.jobs), deque()
        if jobs and not jobs[0].answer.done():
            jobs[0].answer.set_exception(error)
        return [job for job in jobs[1:] if not job.answer.done()]

    def stop(self) -> None:
        """Killed and waited for (in a thread: a process at low priority on a busy machine may
        take a while to be scheduled to exit)."""
        self.process.kill()
        self.process.join()
        self.conn.close()


class Thinkers:
    """``size`` worker processes, started when first needed, ``nice`` added to their niceness;
    a decision waits ``wait`` seconds at most for one of them."""

    def __init__(self, size: int, grace: float, nice: int = 10, wait: float = 1.0) -> None:
        self.size = size
        self.grace = grace
        self.nice = nice
        self.wait = wait
        self._context = multiprocessing.get_context("spawn")
        self._idle: list[_Worker] | None = None  # None: not started yet
        self._waiting: deque[_Job] = deque()  # oldest first
        self._queued = 0.0  # the estimated work of the decisions waiting
        self._took: dict[tuple[str, str], float] = {}  # (level, game) -> recent seconds
        self._workers: set[_Worker] = set()
        self._tasks: set[asyncio.Task[Any]] = set()  # workers starting, stopping
        self._closed = False

    async def decide(self, request: Request, patience: float = 1.0) -> Any:
        """The action of a worker; WorkerLost if it died meanwhile, Overloaded if no worker
        could take it within ``wait`` (times ``patience``: Hard's lightest part waits longer,
        being the last before Normal)."""
        longest = self.wait * patience
        loop = asyncio.get_running_loop()
        job = _Job(request, loop.create_future(), self._took.get(request[:2], FIRST_GUESS))
        self._start_workers()
        if self._idle:
            self._send(self._idle.pop(), job)
        elif not self._workers:  # the first ones starting: the caller's budget is the limit
            self._queue(job)
        elif (wait := self.expected_wait()) > longest:
            raise Overloaded(f"{len(self._waiting)} decisions waiting, about {wait:.2f} s", False)
        elif wait < self.wait and not self._waiting and (spare := self._spare()) is not None:
            self._send(spare, job)  # next in a busy worker's pipe: no turn of the loop lost
        else:
            self._queue(job)
            job.expiry = loop.call_later(longest, self._expire, job)
        try:
            ok, answer = await job.answer
        except asyncio.CancelledError:  # over budget (or shutting down)
            self._give_up(job)
            raise
        if not ok:
            raise RuntimeError(f"a worker's player failed:\n{answer}")
        return answer

    def _queue(self, job: _Job) -> None:
        self._waiting.append(job)
        self._queued += job.work

    def pids(self) -> list[int]:
        """The workers' process ids (tests)."""
        return [w.process.pid for w in self._workers if w.process.pid is not None]

    def load(self) -> float:
        """The expected wait of a decision asked now, over the longest it may wait."""
        return self.expected_wait() / self.wait if self.wait else 0.0

    def expected_wait(self) -> float:
        """Seconds a decision asked now would wait for a worker: the work waiting and the rest
        of the work running, shared by the workers (none while one is idle)."""
        if self._idle:
            return 0.0
        now = asyncio.get_running_loop().time()
        running = sum(worker.remaining(now) for worker in self._workers)
        return (self._queued + running) / self.size

    def _spare(self) -> _Worker | None:
        """The worker with the least work left that has room in its pipe, if any."""
        now = asyncio.get_running_loop().time()
        spare = [w for w in self._workers if 0 < len(w.jobs) < DEPTH]
        return min(spare, key=lambda w: w.remaining(now), default=None)

    def _start_workers(self) -> None:
        if self._idle is None:
            self._idle = []
            for _ in range(self.size):
                self._background(self._start())

    def _send(self, worker: _Worker, job: _Job) -> None:
        if job.expiry is not None:
            job.expiry.cancel()
        try:
            worker.send(job, self._answered)
        except WorkerLost as error:
            job.answer.set_exception(error)
            self._replace(worker)

    def _answered(self, worker: _Worker, job: _Job, lost: bool) -> None:
        if lost:
            self._replace(worker)
            return
        took, kind = asyncio.get_running_loop().time() - job.sent, job.request[:2]
        self._took[kind] = self._took.get(kind, took) * (1 - SMOOTHING) + took * SMOOTHING
        self._release(worker)

    def _release(self, worker: _Worker) -> None:
        """Room in a worker's pipe to the oldest decisions waiting, from whatever callback
        made it (its answer read): no turn of a busy event loop in between; a worker with
        nothing to do to the idle ones."""
        if self._closed:
            return  # ``close`` stops it
        while self._waiting and len(worker.jobs) < DEPTH and worker in self._workers:
            job = self._waiting.popleft()
            self._queued -= job.work
            if not job.answer.done():
                self._send(worker, job)
        if not self._waiting:
            self._queued = 0.0  # no drift from adding and taking floats
        if not worker.jobs and worker in self._workers:
            assert self._idle is not None
            self._idle.append(worker)

    def _expire(self, job: _Job) -> None:
        """A decision still waiting at its limit: refused."""
        if job in self._waiting:
            self._waiting.remove(job)
            self._queued -= job.work
        if not job.answer.done():
            job.answer.set_exception(Overloaded("no worker free in time", True))

    def _give_up(self, job: _Job) -> None:
        """A decision its caller gave up: out of the queue if it waits; if a worker has it,
        the worker finishes it for nobody, unless still at it ``grace`` seconds on."""
        if job.expiry is not None:
            job.expiry.cancel()
        if job in self._waiting:
            self._waiting.remove(job)
            self._queued -= job.work
        elif (worker := job.worker) is not None and not self._closed:
            asyncio.get_running_loop().call_later(self.grace, self._overdue, worker, job)

    def _overdue(self, worker: _Worker, job: _Job) -> None:
        if job in worker.jobs and worker in self._workers:
            self._replace(worker)

    async def _start(self) -> None:
        """A worker started off the event loop (an interpreter starting and importing the
        engine), then free to take a decision."""
        worker = await asyncio.to_thread(_Worker, self._context, self.nice)
        self._workers.add(worker)
        self._release(worker)

    def _replace(self, worker: _Worker) -> None:
        """A worker stopped and another started; the decisions behind the one it was at wait
        for the next free worker, first."""
        for job in reversed(worker.forget(WorkerLost(f"worker {worker.process.pid} replaced"))):
            job.worker = None
            self._waiting.appendleft(job)
            self._queued += job.work
        self._workers.discard(worker)
        if self._idle is not None and worker in self._idle:
            self._idle.remove(worker)
        self._background(asyncio.to_thread(worker.stop))
        if not self._closed:
            self._background(self._start())

    def _background(self, work: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a computer player's worker", exc_info=task.exception())

    async def close(self) -> None:
        """Every worker stopped and waited for: no process is left behind. Workers starting
        are waited for (a thread cannot be cancelled); decisions waiting are cancelled."""
        self._closed = True
        while self._waiting:
            self._give_up(job := self._waiting[0])
            job.answer.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for worker in self._workers:
            for job in worker.jobs:
                job.answer.cancel()
            worker.forget(WorkerLost("stopped"))
        for job in self._waiting:  # behind a worker replaced as the bot stopped
            job.answer.cancel()
        await asyncio.gather(*(asyncio.to_thread(w.stop) for w in self._workers))
        self._workers.clear()
