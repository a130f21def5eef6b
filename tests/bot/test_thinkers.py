"""Hard computers think in worker processes (issue 28): what they are sent pickles for every game,
a worker decides as a thread would, a killed worker is replaced while its table goes on, and the
bot leaves no process behind."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import random
import signal
from typing import Any

import pytest

from bot.play.thinkers import Overloaded, Request, Thinkers, WorkerLost, decide
from engine import GAME_NAMES, find_game
from engine.players import random_player
from storage.memory.store import MemoryStore

from .fake import Harness
from .play import act_once

ARAM = 101


def positions(name: str, seed: int, moves: int) -> list[Request]:
    """The Hard requests of the seats to act along ``moves`` random legal moves of a match."""
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_match(max(game.sizes), seed)
    requests: list[Request] = []
    for move in range(moves):
        if game.is_over(state):
            break
        seat = min(game.to_act(state))
        observation, legal = game.observation(state, seat), game.legal_actions(state, seat)
        requests.append(("hard", name, observation, legal, f"{seed}:{move}"))
        state = game.apply(state, seat, random_player(observation, legal, rng))
    return requests


@pytest.mark.parametrize("name", GAME_NAMES)
def test_what_a_worker_is_sent_and_sends_back_pickles(name: str) -> None:
    for level, game, observation, legal, seed in positions(name, seed=3, moves=120):
        request = (level, game, observation, legal, seed)
        assert pickle.loads(pickle.dumps(request)) == request
        action = random_player(observation, legal, random.Random(seed))
        assert pickle.loads(pickle.dumps(action)) == action


async def test_a_decision_in_a_worker_equals_the_decision_in_a_thread() -> None:
    thinkers = Thinkers(2, grace=60, wait=60)
    try:
        for name in GAME_NAMES:
            for request in positions(name, seed=5, moves=40)[8::16]:  # some past the first plays
                assert await thinkers.decide(request) == decide(*request), (name, request[4])
    finally:
        await thinkers.close()


async def test_the_first_decisions_wait_for_the_workers_to_start_not_for_wait() -> None:
    """Workers start when first needed, which takes longer than ``wait`` on a busy machine: the
    decisions asked meanwhile are searched, not refused as if the workers were busy."""
    requests = positions("hearts", seed=4, moves=12)[-3:]
    thinkers = Thinkers(1, grace=60, wait=0.001)
    try:
        answers = await asyncio.gather(*(thinkers.decide(r) for r in requests))
        assert answers == [decide(*r) for r in requests]
    finally:
        await thinkers.close()


async def test_a_killed_worker_loses_its_decision_and_is_replaced() -> None:
    request = positions("hearts", seed=2, moves=10)[-1]
    thinkers = Thinkers(1, grace=60, wait=60)
    try:
        await thinkers.decide(request)
        [pid] = thinkers.pids()
        os.kill(pid, signal.SIGKILL)
        with pytest.raises(WorkerLost):
            await thinkers.decide(request)
        assert await thinkers.decide(request) == decide(*request)
        [replacement] = thinkers.pids()
        assert replacement != pid
    finally:
        await thinkers.close()


@pytest.mark.parametrize(("grace", "kept"), [(60.0, True), (0.0, False)])
async def test_a_decision_given_up_is_finished_for_nobody_within_the_grace(
        grace: float, kept: bool) -> None:
    """Over budget, the caller decides otherwise; the worker is free again once it answers,
    or replaced if it takes longer than the grace (here: none at all)."""
    request = positions("hearts", seed=2, moves=1)[0]  # a pass: the longest Hard decision
    thinkers = Thinkers(1, grace, wait=60)
    try:
        await thinkers.decide(request)
        [pid] = thinkers.pids()
        asking = asyncio.ensure_future(thinkers.decide(request))
        await asyncio.sleep(0)  # the request is sent
        asking.cancel()
        with pytest.raises(asyncio.CancelledError):
            await asking
        assert await thinkers.decide(request) == decide(*request)
        assert (thinkers.pids() == [pid]) == kept
    finally:
        await thinkers.close()


async def test_decisions_waiting_get_a_worker_in_the_order_asked() -> None:
    first, older, newer = positions("king", seed=4, moves=3)
    thinkers = Thinkers(1, grace=60, wait=60)
    try:
        await thinkers.decide(first)  # the worker started
        busy = asyncio.ensure_future(thinkers.decide(first))
        await asyncio.sleep(0)
        waiting = [asyncio.ensure_future(thinkers.decide(older))]
        await asyncio.sleep(0)
        waiting.append(asyncio.ensure_future(thinkers.decide(newer)))
        await busy
        done, _ = await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        assert done == {waiting[0]}
        assert await waiting[1] == decide(*newer)
    finally:
        await thinkers.close()


async def test_a_decision_no_worker_can_take_in_time_is_refused_and_occupies_none() -> None:
    """Every worker busy (stopped, here) and no wait allowed: the next decision is refused
    (its caller decides otherwise), and the worker, once going again, answers its own decision
    and then the next, with no refused work in between and no replacement."""
    first, other = positions("hearts", seed=2, moves=12)[-2:]
    thinkers = Thinkers(1, grace=60, wait=60)
    await thinkers.decide(first)  # started, and its time known
    [pid] = thinkers.pids()
    thinkers.wait = 0
    try:
        os.kill(pid, signal.SIGSTOP)
        busy = asyncio.ensure_future(thinkers.decide(first))
        await asyncio.sleep(0)
        with pytest.raises(Overloaded):
            await thinkers.decide(other)
        os.kill(pid, signal.SIGCONT)
        assert await busy == decide(*first)
        assert await thinkers.decide(other) == decide(*other)
        assert thinkers.pids() == [pid]
    finally:
        os.kill(pid, signal.SIGCONT)
        await thinkers.close()


async def test_workers_run_at_a_lower_priority_than_the_bot() -> None:
    thinkers = Thinkers(1, grace=60, nice=5, wait=60)
    try:
        await thinkers.decide(positions("thirteen", seed=1, moves=1)[0])
        [pid] = thinkers.pids()
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, pid) == min(own + 5, 19)
    finally:
        await thinkers.close()


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_the_table_goes_on_when_hard_computers_workers_die(
        caplog: pytest.LogCaptureFixture) -> None:
    """Hearts, one human and three Hard computers: every worker is killed while the human
    chooses; the computers' next decisions are Normal's (logged), later ones come
    from new workers, and the bot stops with no worker left."""
    store: Any = MemoryStore()
    async with Harness(store, computer_processes=2) as h:
        await h.open_table("hearts", [ARAM], 3, level="Բարդ")
        processes = h.runtime.computers.processes
        assert processes is not None
        moves = 0
        while moves < 20 and await act_once(h, ARAM):  # the pass, then plays
            moves += 1
            if moves in (2, 10):
                for pid in processes.pids():  # one dying (reaped) while listed is gone already
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
        table = await store.tables.seat_of(ARAM)
        assert moves == 20 and table is not None and table.status == "playing"
        assert len(table.log) >= 4 * 12, "the computers went on playing"
        pids = processes.pids()
        assert len(pids) == 2
    lost = [r for r in caplog.records if "process died" in r.getMessage()]
    assert lost and all(r.levelno == logging.WARNING for r in lost)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], "every move was legal"
    assert not any(alive(pid) for pid in pids)
    assert multiprocessing.active_children() == []
