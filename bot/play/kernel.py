"""The kernel every table use case runs on: a table's lock, loading it and its engine state,
applying a seat's action, and committing the result (the deadline armed, the owed posts noted,
a finished match written). Every use case of one table runs under that table's lock, so its
updates are handled one at a time while different tables run in parallel."""

from __future__ import annotations

import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from engine import Game, IllegalAction, find_game, replay
from engine.core import BadCode, parse
from engine.fair import SECRET_BYTES
from storage import SeatRecord, Store, TableKey, TableRecord
from storage.interface.records import engine_rules

from ..locks import Locks
from ..social import results
from .records import Outcome, Person, TableError

SEATING = 0  # the lock of seating anyone anywhere: no table has id 0


class Kernel:
    def __init__(self, store: Store, turn_seconds: int = 60,
                 clock: Callable[[], float] = time.time, seed: int | None = None,
                 computer_seed: int | None = None) -> None:
        self.store = store
        self.default_seconds = turn_seconds
        self.clock = clock
        self.seed = seed  # every table's seed when fixed (tests, replays); else drawn
        self.computer_seed = computer_seed  # the same for the computers' dice
        self._locks = Locks()
        self._states: dict[int, tuple[int, Any]] = {}  # table id -> (version, engine state)

    @asynccontextmanager
    async def lock(self, table_id: int) -> AsyncIterator[None]:
        """A table to oneself: this process's coroutines queue on an asyncio lock, other
        processes on the store's hold (PostgreSQL; a no-op for the one-process stores)."""
        async with self._locks(table_id), self.store.tables.hold(table_id):
            yield

    def seating(self) -> Any:
        """Seating someone checks every table for them, then writes one: two joins at two
        lobbies at once must not both pass the check (table 0 is no table)."""
        return self.lock(SEATING)

    def new_secret(self) -> bytes:
        """A new lobby's secret (issue 41): 32 random bytes, its deals drawn from them; none
        where the seed is fixed (tests, replays: their deals are known beforehand anyway)."""
        return b"" if self.seed is not None else secrets.token_bytes(SECRET_BYTES)

    # ----- reading

    async def load(self, table_id: int) -> TableRecord:
        table = await self.store.tables.by_id(table_id)
        if table is None:
            raise TableError("error-no-table")
        return table

    async def table_at(self, key: TableKey) -> TableRecord | None:
        """The table of a chat (or forum topic), if it has one."""
        return await self.store.tables.get(key)

    def state_of(self, table: TableRecord) -> Any:
        """The engine state of a playing table: cached by version, else replayed from the log."""
        cached = self._states.get(table.id or 0)
        if cached and cached[0] == table.version:
            return cached[1]
        state = replay(find_game(table.game), table.players, table.seed, table.log,
                       **engine_rules(table.rules))
        self._states[table.id or 0] = (table.version, state)
        return state

    async def outcome(self, table_id: int) -> Outcome:
        table = await self.load(table_id)
        state = self.state_of(table) if table.status != "lobby" else None
        return Outcome(table, state, state)

    async def turn_seconds(self, chat_id: int) -> int:
        chat = await self.store.chats.get(chat_id)
        return chat.turn_seconds if chat else self.default_seconds

    # ----- writing

    async def apply(self, table: TableRecord, seat: int, state: Any, code: str) -> Outcome:
        """A human's action (its code) applied and committed; the engine's refusal as a
        TableError with its reason."""
        game = find_game(table.game)
        try:
            after = game.apply(state, seat, parse(game, code))
        except BadCode as error:
            raise TableError("error-bad-button") from error
        except IllegalAction as error:
            raise TableError(f"illegal-{error.key}", game=table.game, **error.details) from error
        except (ValueError, KeyError, IndexError) as error:  # an action of another game's kind
            raise TableError("error-bad-button") from error
        table.log.append((seat, code))
        record = table.seats[seat]
        record.selection, record.pick = [], ""
        record.missed_turns = 0
        return await self.commit(table, after, state)

    async def commit(self, table: TableRecord, state: Any, before: Any,
                     events: list[str] | None = None) -> Outcome:
        """Save a table that moved to ``state``: the deadline armed while a present human is to
        act, the finished match written; the outcome says whether a computer is to act."""
        game = find_game(table.game)
        events = list(events or [])
        acting = [table.seats[s] for s in game.to_act(state)]
        table.outbox.extend(_results_owed(game, state, before))
        if game.is_over(state):
            table.status = "finished"
            table.deadline = None
            events.append("finished")
            table.outbox.append("match")
        elif any(r.user_id is not None and not r.away for r in acting) or all_away(table):
            table.deadline = self.clock() + await self.turn_seconds(table.key.chat_id)
        else:
            table.deadline = None
        saved = await self.save(table)
        self._states[saved.id or 0] = (saved.version, state)
        if game.is_over(state):
            self.forget(saved.id or 0)
            await results.finish(self.store, game, saved, state, self.clock())  # issue 18
        computers = not game.is_over(state) and any(r.user_id is None or r.away for r in acting)
        return Outcome(saved, state, before, events=events, computers=computers)

    async def end(self, table: TableRecord, state: Any, event: str) -> Outcome:
        """A match ended before its end (stopped, or abandoned): stored as such and kept, but
        not rated (issue 18); ``event`` says how."""
        playing = table.status == "playing"
        table.status, table.deadline = "stopped", None
        self.forget(table.id or 0)
        saved = await self.save(table)
        if playing and state is not None:
            await results.finish(self.store, find_game(table.game), saved, state, self.clock(),
                                status="stopped", rated=False)
        return Outcome(saved, state, state, events=[event])

    async def save_keeping_state(self, table: TableRecord) -> TableRecord:
        """Save a change that is not a move (a draft, a missed turn): the cached state holds."""
        cached = self._states.get(table.id or 0)
        saved = await self.save(table)
        if cached and cached[0] == table.version:
            self._states[table.id or 0] = (saved.version, cached[1])
        return saved

    def forget(self, table_id: int) -> None:
        """An ended table: no cached state. Its lock goes with the last one out of it, as every
        table's does (dropping it here, under it, let a later request take a new lock while a
        waiter on the old one still ran)."""
        self._states.pop(table_id, None)

    async def save(self, table: TableRecord) -> TableRecord:
        return await self.store.tables.save(table)


def _results_owed(game: Game, state: Any, before: Any) -> list[str]:
    """The deal results a move owes the group: one per deal ended by it (a move may end several,
    as when a 56 deal is passed out)."""
    done = len(game.public_observation(before).history) if before is not None else 0
    return [f"deal:{n}" for n in range(done + 1, len(game.public_observation(state).history) + 1)]


def all_away(table: TableRecord) -> bool:
    """Every human at the table is away (and there is one): nobody is watching it."""
    humans = [s for s in table.seats if s.user_id is not None]
    return bool(humans) and all(s.away for s in humans)


def human(person: Person) -> SeatRecord:
    return SeatRecord(user_id=person.id, name=person.name, username=person.username,
                      hand_ephemeral=person.in_group)


def seat_index(table: TableRecord, user_id: int) -> int:
    for index, seat in enumerate(table.seats):
        if seat.user_id == user_id:
            return index
    raise TableError("error-not-seated")
