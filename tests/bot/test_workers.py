"""Several workers on one store (issue 19), in one process: two bots on a store that keeps
held tables to one worker at a time, as PostgreSQL does, and one Telegram. Any press may reach
either worker; a worker that dies leaves its tables to the other one's sweep. Each runs on the
coroutine model of such a store and on PostgreSQL itself."""

from __future__ import annotations

import asyncio
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager

import pytest

import bot.publishing.publisher
import bot.timers
from bot import callbacks
from storage import Store, TableRecord
from storage.memory.scores import MemoryScores
from storage.memory.store import MemoryStore
from storage.memory.tables import MemoryTables

from .fake import GROUP, FakeTelegram, Harness, Sent
from .play import actions, choice

pytestmark = pytest.mark.slow  # over ~5 s (see pyproject.toml's markers)

ARAM = 101


class HeldTables(MemoryTables):
    """PostgreSQL's advisory lock, for coroutines: a held table is one worker's at a time."""

    def __init__(self) -> None:
        super().__init__()
        self._held: dict[int, asyncio.Lock] = {}

    def hold(self, table_id: int) -> AbstractAsyncContextManager[None]:
        @asynccontextmanager
        async def held() -> AsyncIterator[None]:
            async with self._held.setdefault(table_id, asyncio.Lock()):
                yield
        return held()


class SharedMemory(MemoryStore):
    shared = True

    def __init__(self) -> None:
        super().__init__()
        self.tables = HeldTables()
        self.scores = MemoryScores(self.matches, self.tables)  # type: ignore[arg-type]


@pytest.fixture(autouse=True)
def quick_sweeps(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seconds, not the real tens: a dead worker's tables are taken over within a test."""
    for name, value in {"SWEEP": 0.05, "LATE": 0.3, "LEASE": 1.0}.items():
        monkeypatch.setattr(bot.timers, name, value)
    monkeypatch.setattr(bot.publishing.publisher, "OUTBOX_LEASE", 1.0)


def results_posted(fake: FakeTelegram) -> Counter[str]:
    """Each result post's text, counted: a post sent twice shows as 2."""
    return Counter(params["text"] for name, params in fake.calls
                   if name == "sendMessage" and params["chat_id"] == GROUP
                   and ("ավարտվեց" in params["text"]))


def drawn_for(hand: Sent, table: TableRecord) -> bool:
    """The hand offers a move drawn from the table's present state."""
    moves = [callbacks.decode(d) for d in actions(hand)]
    return any(m.kind in "atcp" and m.move == len(table.log) for m in moves)


async def settled(workers: list[Harness], store: Store, past: int = 0,
                  seconds: float = 60.0) -> TableRecord | None:
    """The table once it is past ``past`` moves and the human's hand is drawn from its present
    state, or once it stops playing. Timers and sweeps move it on their own, in tasks idle() does not see, so this
    waits for that event (under load it takes longer), not for a fixed time."""
    deadline = time.monotonic() + seconds
    while True:
        for w in workers:
            await w.idle()
        table = await store.tables.seat_of(ARAM)
        if table is None or table.status != "playing":
            return table
        if len(table.log) > past and drawn_for(workers[0].hand(ARAM), table):
            return table
        assert time.monotonic() < deadline, f"no hand drawn for move {len(table.log)}"
        await asyncio.sleep(0.05)


async def play(workers: list[Harness], store: Store, rng: random.Random,
               until_moves: int = 10_000) -> int:
    """The human presses through a worker picked at random each time; returns moves made. A
    press is refused only if the table moved on after the hand was drawn (a timer ran out)."""
    moves = 0
    while moves < until_moves:
        table = await settled(workers, store)
        if table is None or table.status != "playing":
            return moves
        worker, hand = rng.choice(workers), workers[0].hand(ARAM)
        data = choice(hand)
        assert data is not None
        answer = await worker.press(ARAM, hand, data)
        if answer.get("show_alert"):
            now = await store.tables.seat_of(ARAM)
            assert now is None or len(now.log) > callbacks.decode(data).move, answer
        moves += 1
    return moves


async def test_presses_through_either_worker_play_a_match_with_nothing_twice(
        two_stores: tuple[Store, Store]) -> None:
    (store, other), fake, rng = two_stores, FakeTelegram(), random.Random(3)
    async with Harness(store, fake) as first, Harness(other, fake) as second:
        await first.open_table("hearts", [ARAM], 3)
        await play([first, second], store, rng)
        for w in (first, second):
            await w.idle()
        matches = await store.matches.recent(GROUP)
        assert len(matches) == 1, "the match ended, once"
        posted = results_posted(fake)
        assert posted and max(posted.values()) == 1, "no result posted twice"
        assert sum("🏆" in text for text in posted) == 1
        deals = len(matches[0].log) and sum("🏆" not in text for text in posted)
        assert deals >= 2, "every deal's result is posted"
        hands = [m for m in fake.chat(ARAM) if "🃏" in m.text]
        assert len(hands) == 1, "one hand message, edited by both workers"
        tables = [m for m in fake.chat(GROUP) if "Սեղանին" in m.text or "▸" in m.text]
        assert len(tables) <= 1


async def test_a_dead_workers_table_is_carried_on_by_the_other(
        two_stores: tuple[Store, Store]) -> None:
    (store, other), fake, rng = two_stores, FakeTelegram(), random.Random(5)
    first = await Harness(store, fake, turn_seconds=1).__aenter__()
    await first.open_table("hearts", [ARAM], 3)
    await play([first], store, rng, until_moves=5)
    table = await store.tables.seat_of(ARAM)
    assert table is not None and table.status == "playing"
    # first dies: its timers, computers and queued screens go with it, and it saves no more
    await first.app.stop()
    await first.runtime.close(0)
    async with Harness(other, fake) as second:  # its own turns: a minute
        # nobody presses: the turn runs out with the dead worker's timer gone, and the other
        # worker's sweep plays it (then the computers) within a few seconds
        before = len(table.log)
        moved = await settled([second], store, past=before + 3)
        assert moved is not None and len(moved.log) > before + 3, "the table moved on"
        await play([second], store, rng)
        await second.idle()
        assert len(await store.matches.recent(GROUP)) == 1
        posted = results_posted(fake)
        assert max(posted.values()) == 1, "no result posted twice"
    await first.app.shutdown()
