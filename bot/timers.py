"""Tables carried on in time: each table's turn timer, the sweep that finds tables nobody carries
on (their worker died), and their revival from the stored state."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from apscheduler.jobstores.base import JobLookupError
from telegram.ext import Application, ContextTypes, Job

from storage import Store, TableRecord
from storage.interface.records import ENDED

from .play.computers import Computers, merged
from .play.records import Outcome, Turn
from .play.tables import Tables
from .publishing.publisher import Publishing

# Every SWEEP seconds a worker looks for tables nobody carries on: a deadline LATE seconds past,
# computers to move and no save for LATE seconds (the worker moving them died, or their task
# failed), posts owed and nobody sending them. Each is leased to one worker for LEASE seconds.
SWEEP, LATE, LEASE = 2.0, 10.0, 30.0
log = logging.getLogger(__name__)

Publish = Callable[[Outcome], Awaitable[None]]


class Timers:
    """The turn timers, the sweep and revival; ``publish``: the one way a table is drawn after
    a move (Runtime.publish)."""

    def __init__(self, application: Application[Any, Any, Any, Any, Any, Any], store: Store,
                 tables: Tables, publishing: Publishing, computers: Computers,
                 publish: Publish) -> None:
        self.application = application
        self.store = store
        self.tables = tables
        self.publishing = publishing
        self.computers = computers
        self.publish = publish
        self._jobs: dict[int, Job[Any]] = {}
        self._running: set[asyncio.Future[None]] = set()  # deadlines being carried out now
        self._sweeper: asyncio.Task[None] | None = None

    def arm(self, table: TableRecord) -> None:
        """One job per table, at its stored deadline (re-armed from storage at start-up)."""
        self.disarm(table.id or 0)
        queue = self.application.job_queue
        if table.deadline is None or table.status != "playing" or queue is None:
            return
        delay = max(0.0, table.deadline - time.time())
        self._jobs[table.id or 0] = queue.run_once(
            self._on_deadline, delay, data=(table.id, len(table.log)), name=f"turn:{table.id}")

    def disarm(self, table_id: int) -> None:
        job = self._jobs.pop(table_id, None)
        if job is not None:
            # its moment came: the scheduler took it, and it runs or ran for a stale move
            with contextlib.suppress(JobLookupError):
                job.schedule_removal()

    def busy(self) -> bool:
        return bool(self._running)

    async def settle(self) -> None:
        """Wait for the deadlines being carried out now, their computers' moves too (tests)."""
        await asyncio.gather(*self._running, return_exceptions=True)

    async def _on_deadline(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert context.job is not None
        data: tuple[int, int] = context.job.data  # type: ignore[assignment]
        table_id, move = data
        if self._jobs.get(table_id) is context.job:  # not the timer armed since, if any
            del self._jobs[table_id]
        running = asyncio.get_running_loop().create_future()
        self._running.add(running)
        try:
            await self._deadline(table_id, move)
        finally:
            self._running.discard(running)
            running.set_result(None)

    async def _deadline(self, table_id: int, move: int) -> None:
        closed = await self.tables.turns.pace(table_id, move)
        if closed is not None:  # everyone away for too long
            await self.publish(closed)
            return
        batch: list[Outcome] = []
        seats = await self.tables.turns.timeout(table_id, move)
        for seat in seats:  # one at a time: each turn is read after the move before it
            await self._timer_move(await self.tables.turns.timer_turn(table_id, seat), batch)
        if not seats:  # a paced table: one move a turn
            await self._timer_move(await self.tables.turns.computer_turn(table_id, paced=True), batch)
        if (outcome := merged(batch)) is not None:
            await self.publish(outcome)
        self.computers.wake(table_id)

    async def _timer_move(self, turn: Turn | None, batch: list[Outcome]) -> None:
        outcome = turn and await self.tables.turns.computer_move(turn, await self.computers.think(turn))
        if outcome:
            batch.append(outcome)

    async def rearm_all(self) -> None:
        """Start-up: every active table drawn again from its stored state (the bot may have
        stopped between saving a move and drawing it), its timer armed, and its computers woken
        if they are to act. First the groups' flood windows as they were: Telegram's kept
        counting while the bot was down."""
        await self.publishing.restore_window()
        if not self.store.shared:  # alone on the store: every table is this process's
            for table in await self.store.tables.active():
                await self.revive(table.id or 0)
            for table in await self.tables.admin.unsent():  # ended since, owing posts or their end
                if table.status in ENDED:
                    await self.revive(table.id or 0)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    async def revive(self, table_id: int) -> None:
        """Carry a table on from its stored state: drawn again (what it owes posted), its
        timer armed (at once if its deadline passed), its computers woken if they are to act.
        An ended table still owing posts, or not drawn ended (the bot stopped between saving
        its last move, or its posts, and drawing it), has its end drawn too."""
        try:
            outcome = await self.tables.kernel.outcome(table_id)
            table = outcome.table
            if table.status in ("lobby", "playing") or table.outbox or table.undrawn:
                await self.publish(outcome)
            if table.status == "playing":
                self.computers.wake(table_id)
        except Exception:  # one broken table must not keep the others going
            log.exception("table %s: cannot carry it on", table_id)

    async def _sweep(self) -> None:
        """Tables nobody carries on (see SWEEP), found and carried on by whichever worker's
        sweep leases them first: a worker that dies leaves nothing stuck."""
        while True:
            await asyncio.sleep(SWEEP)
            try:
                now = time.time()
                await self.publishing.renew_leases(now)  # still sending: keep them
                due = await self.store.tables.due(now, LATE, LEASE)
            except Exception:
                log.warning("sweep: cannot read the tables due", exc_info=True)
                continue
            for table_id in due:
                if not self.computers.moving(table_id):  # moving here already
                    await self.revive(table_id)

    def stop(self) -> None:
        """Shutdown: no more sweeps."""
        if self._sweeper is not None:
            self._sweeper.cancel()
