"""The storage side of several workers on one store (issue 19), on every backend: which tables
want carrying on (``due``), who sends a table's owed posts, the shared flood windows. The
embedded stores keep the same contract as PostgreSQL, for their one process."""

from __future__ import annotations

import time

from storage import Store, TableKey
from tests.storage.fake_game import moves
from tests.storage.test_contract import table

LATE, LEASE = 5.0, 15.0


async def test_a_deadline_long_past_is_due_once_a_lease(store: Store) -> None:
    now = time.time()
    overdue = await store.tables.create(table(deadline=now - 60))
    await store.tables.create(table(TableKey(chat_id=-2), deadline=now + 60))  # not yet
    await store.tables.create(table(TableKey(chat_id=-3), deadline=now - 1))  # within LATE
    await store.tables.create(table(TableKey(chat_id=-4), status="lobby"))
    assert await store.tables.due(now, LATE, LEASE) == [overdue.id]
    assert await store.tables.due(now + 1, LATE, LEASE) == []  # leased to the first sweep
    assert overdue.id in await store.tables.due(now + LEASE + 1, LATE, LEASE)  # lease over


async def test_computers_with_no_save_for_a_while_are_due(store: Store) -> None:
    waiting = await store.tables.create(table(deadline=None))
    now = time.time()
    assert await store.tables.due(now, LATE, LEASE) == []  # just saved: its computers move
    assert await store.tables.due(now + LATE + 1, LATE, LEASE) == [waiting.id]


async def test_posts_owed_are_due_unless_a_worker_sends_them(store: Store) -> None:
    ended = await store.tables.create(table(status="finished", outbox=["deal:1", "match"]))
    later = time.time() + LATE + 1
    assert await store.tables.lease_outbox(ended.id or 0, "w1", later, 30)
    assert await store.tables.due(later, LATE, LEASE) == []  # w1 is sending them
    assert ended.id in await store.tables.due(later + 31, LATE, LEASE)  # w1 went quiet


async def test_one_worker_at_a_time_sends_a_tables_posts(store: Store) -> None:
    created = await store.tables.create(table(outbox=["deal:1"]))
    table_id, now = created.id or 0, time.time()
    assert await store.tables.lease_outbox(table_id, "w1", now, 30)
    assert not await store.tables.lease_outbox(table_id, "w2", now + 1, 30)
    assert await store.tables.lease_outbox(table_id, "w1", now + 1, 30)  # kept by its holder
    assert await store.tables.lease_outbox(table_id, "w2", now + 32, 30)  # w1's ran out
    await store.tables.release_outbox(table_id, "w1")  # not w1's any more: nothing changes
    assert not await store.tables.lease_outbox(table_id, "w1", now + 33, 30)
    await store.tables.release_outbox(table_id, "w2")
    assert await store.tables.lease_outbox(table_id, "w1", now + 33, 30)


async def test_hold_and_moves_of(store: Store) -> None:
    created = await store.tables.create(table(log=moves(0, 2)))
    assert await store.tables.moves_of(created.id or 0) == 2
    async with store.tables.hold(created.id or 0):
        await store.tables.save(created.model_copy(update={"log": moves(0, 5)}))
    assert await store.tables.moves_of(created.id or 0) == 5
    assert await store.tables.moves_of(99_999) is None


async def test_a_shared_window_counts_every_send_to_a_chat(store: Store) -> None:
    now = time.time()
    assert await store.sends.reserve(-1, now, 2, 60) == 0
    assert await store.sends.reserve(-1, now + 1, 2, 60) == 0
    wait = await store.sends.reserve(-1, now + 2, 2, 60)
    assert abs(wait - 58) < 0.01  # the first send leaves the window then
    assert await store.sends.reserve(-2, now + 2, 2, 60) == 0  # another chat: its own window
    assert await store.sends.reserve(-1, now + 60.5, 2, 60) == 0
    assert [at for chat, at in await store.sends.since(now - 1) if chat == -1] == [
        now, now + 1, now + 60.5]


async def test_an_ended_table_not_drawn_ended_is_owed_until_marked(store: Store) -> None:
    """An ended table whose end screen never reached the group (the bot killed after its posts,
    before that edit) is listed for start-up (``unsent``) and the sweep (``due``) until it is
    stored as drawn; one drawn, or still playing, is not."""
    undrawn = await store.tables.create(table(status="finished"))
    await store.tables.create(table(TableKey(chat_id=-2), status="stopped", end_drawn=True))
    await store.tables.create(table(TableKey(chat_id=-3), deadline=time.time() + 60))
    later = time.time() + LATE + 1
    assert [t.id for t in await store.tables.unsent()] == [undrawn.id]
    assert await store.tables.due(later, LATE, LEASE) == [undrawn.id]
    undrawn.end_drawn = True
    saved = await store.tables.save(undrawn)
    assert (await store.tables.by_id(saved.id or 0)) == saved and saved.end_drawn
    assert await store.tables.unsent() == []
    assert await store.tables.due(time.time() + LEASE + LATE + 1, LATE, LEASE) == []
