"""Restarts (a new Application on the same store goes on) and the turn timer."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

import pytest
from apscheduler.events import EVENT_JOB_EXECUTED, EVENT_JOB_MISSED

from storage import Store, TableRecord
from storage.memory.store import MemoryStore

from .fake import FakeTelegram, Harness
from .play import act_once, until
from .test_match import open_table

ARAM = 101


async def table_of(store: Store) -> TableRecord:
    table = await store.tables.seat_of(ARAM)
    assert table is not None
    return table


async def test_a_restarted_bot_goes_on_where_it_was(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await open_table(h, [ARAM], 3)
        for _ in range(10):
            await act_once(h, ARAM)
        before = await table_of(both_stores)
    # a new process: no caches, only the store and what Telegram shows
    async with Harness(both_stores, fake) as h:
        hand = h.hand(ARAM)
        for _ in range(10):
            assert await act_once(h, ARAM)
        after = await table_of(both_stores)
        assert len(after.log) > len(before.log)
        assert h.hand(ARAM).message_id == hand.message_id, "the same hand message, edited"
        assert len(fake.chat(ARAM)) == 2


async def test_timer_plays_for_an_absent_human_and_is_rearmed_after_a_restart(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake, turn_seconds=1) as h:
        await open_table(h, [ARAM], 3)
        start = await table_of(both_stores)
        assert start.deadline is not None
    async with Harness(both_stores, fake, turn_seconds=1) as h:
        async def moved() -> bool:  # the rearmed timer ran out
            return len((await table_of(both_stores)).log) > len(start.log)
        await until(moved, every=0.02)
        await h.idle()
        table = await table_of(both_stores)
        assert len(table.log) > len(start.log), "a computer moved for the absent human"
        assert table.seats[0].missed_turns == 1 and not table.seats[0].away


async def test_three_missed_turns_leave_the_seat_to_the_computer_until_a_press(both_stores: Store) -> None:
    async with Harness(both_stores, turn_seconds=1) as h:
        await open_table(h, [ARAM], 3)
        table = await table_of(both_stores)
        table.seats[0].missed_turns = 2
        await both_stores.tables.save(table)

        async def away() -> bool:  # the third missed turn ran out, and the group was told
            # (the seat is saved away before the drawing is queued: idle() may come between)
            now = await table_of(both_stores)
            return now.seats[0].away and not now.outbox
        await until(away, every=0.02)

        async def drawn() -> bool:  # the timer's own job draws it and sets the next turn's
            table = await table_of(both_stores)  # deadline, which h.idle() does not wait for
            return "💤" in h.table_message().text and table.deadline is not None
        assert await until(drawn, every=0.02), "the away seat is drawn 💤 and the table paced"
        done = await both_stores.tables.by_id(table.id or 0)
        assert done is not None and done.seats[0].away
        # the only human is away: the table is paced (a move a turn), not played out at once
        assert done.status == "playing" and done.deadline is not None
        assert len(done.log) - len(table.log) < 20


async def test_an_away_player_is_back_with_any_press(both_stores: Store) -> None:
    async with Harness(both_stores) as h:
        await open_table(h, [ARAM], 3)
        table = await table_of(both_stores)
        table.seats[0].away = True
        await both_stores.tables.save(table)
        answer = await h.press(ARAM, h.table_message(), h.table_message().button("👀")["callback_data"])
        assert answer["show_alert"]
        back = await table_of(both_stores)
        assert not back.seats[0].away and back.log == table.log
        assert await act_once(h, ARAM)


async def test_the_app_language_of_a_user_is_remembered_across_a_restart(both_stores: Store) -> None:
    """A hand drawn after a restart, before its owner presses anything, is in their app's
    language (ru here), not the default."""
    async with Harness(both_stores, FakeTelegram()) as h:
        await h.start_private(ARAM, lang="ru")
        assert await h.runtime.people.user_lang(ARAM) == "ru"
    async with Harness(both_stores, FakeTelegram()) as h:
        assert await h.runtime.people.user_lang(ARAM) == "ru"


async def test_a_turn_timer_due_while_the_event_loop_was_held_runs_late_not_never() -> None:
    """APScheduler skips a run more than a second late by default ("was missed by"): a turn
    timer due while the loop was held (a start-up reviving many tables, a long collection)
    would wait for the sweep. It runs as soon as the loop is free, and the computer moves."""
    store: Any = MemoryStore()
    async with Harness(store, turn_seconds=1) as h:
        await open_table(h, [ARAM], 3)
        start = await table_of(store)
        queue = h.app.job_queue
        assert queue is not None
        [timer] = [job.job.id for job in queue.jobs() if job.name.startswith("turn:")]
        seen: list[int] = []
        queue.scheduler.add_listener(lambda event: event.job_id == timer and seen.append(
            event.code), EVENT_JOB_MISSED | EVENT_JOB_EXECUTED)
        time.sleep(2.5)  # the loop held past the deadline (1 s) by more than a second

        async def ran() -> bool:
            return bool(seen)
        await until(ran, every=0.02)
        assert seen == [EVENT_JOB_EXECUTED]
        await h.idle()
        assert len((await table_of(store)).log) > len(start.log), "a computer moved for them"


async def test_a_press_as_the_scheduler_takes_its_turn_timer_is_played_and_drawn(
        caplog: pytest.LogCaptureFixture) -> None:
    """The turn timer's moment came and the scheduler took it off its store to run it, just as
    the human pressed: the press disarms a timer that is gone, without an error, and is drawn."""
    store: Any = MemoryStore()
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        queue = h.app.job_queue
        assert queue is not None
        [timer] = [job for job in queue.jobs() if job.name.startswith("turn:")]
        timer.job.remove()  # what the scheduler does with a one-off job as it runs it
        edits = h.hand(ARAM).edits
        assert await act_once(h, ARAM)
        assert h.hand(ARAM).edits > edits, "the press was drawn"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_idle_waits_for_a_turn_timers_own_computer_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Runtime.idle() returns once the computer a turn timer asked has moved for the absent
    player, not while it still thinks (issue 42 item 9: tests may wait on it)."""
    store: Any = MemoryStore()
    async with Harness(store, turn_seconds=1) as h:
        await open_table(h, [ARAM], 3)
        start = await table_of(store)
        thinking = asyncio.Event()
        think = h.runtime.computers.think

        async def slow(turn: Any) -> Any:
            thinking.set()
            await asyncio.sleep(0.5)  # a Hard computer's search, say
            return await think(turn)
        monkeypatch.setattr(h.runtime.computers, "think", slow)
        await asyncio.wait_for(thinking.wait(), 30)  # the timer fired, its computer thinks
        await h.idle()
        assert len((await table_of(store)).log) > len(start.log), "idle waited for its move"
