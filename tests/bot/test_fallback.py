"""A Hard decision that cannot be searched in time (its worker died, or every worker is busy
longer than COMPUTER_WAIT_SECONDS) is made at once by the Normal player, from the same
observation and seed, never by a random move; the next ones are Hard's again (issue 28)."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import signal
from typing import Any

import pytest

from bot.play.records import Turn
from bot.play.thinkers import Request, decide
from engine.players import player_for, random_player
from storage.memory.store import MemoryStore

from .fake import Harness
from .test_thinkers import positions


def turn_of(request: Request) -> Turn:
    level, game, observation, legal, seed = request
    return Turn(table_id=1, move=0, seat=0, game=game, level=level, observation=observation,
                legal=legal, seed=seed)


def normal(request: Request) -> Any:
    _, game, observation, legal, seed = request
    return player_for("normal", game)(observation, legal, random.Random(seed))


# Hearts positions where Hard, Normal and a random move each choose differently: a pass and a play
PASS, PLAY = positions("hearts", seed=2, moves=14)[0], positions("hearts", seed=2, moves=14)[12]


def test_the_positions_tell_the_three_apart() -> None:
    for request in (PASS, PLAY):
        choices = {decide(*request), normal(request),
                   random_player(request[2], request[3], random.Random(request[4]))}
        assert len(choices) == 3


async def test_a_hard_decision_whose_worker_died_is_made_by_normal() -> None:
    async with Harness(MemoryStore(), computer_processes=1, computer_wait_seconds=60) as h:
        computers = h.runtime.computers
        assert computers.processes is not None
        assert await computers.think(turn_of(PLAY)) == decide(*PLAY)
        [pid] = computers.processes.pids()
        os.kill(pid, signal.SIGKILL)
        assert await computers.think(turn_of(PASS)) == normal(PASS)
        assert await computers.think(turn_of(PASS)) == decide(*PASS), "a new worker searched"
        assert computers.processes.pids() != [pid]
        assert computers.decisions == {("hard", "own"): 2, ("hard", "worker lost: normal"): 1}


async def test_a_hard_decision_no_worker_can_take_in_time_is_made_by_normal_at_once(
        caplog: pytest.LogCaptureFixture) -> None:
    """The one worker is busy (stopped) and no wait is allowed: the next Hard decisions are
    Normal's, told in one warning; the busy decision is still Hard's once the worker goes on."""
    async with Harness(MemoryStore(), computer_processes=1, computer_wait_seconds=0) as h:
        computers = h.runtime.computers
        assert computers.processes is not None
        computers.processes.wait = 60  # the worker's start is not a load
        assert await computers.think(turn_of(PLAY)) == decide(*PLAY)
        computers.processes.wait = 0
        [pid] = computers.processes.pids()
        os.kill(pid, signal.SIGSTOP)
        try:
            busy = h.app.create_task(computers.think(turn_of(PASS)))
            await asyncio.sleep(0)  # it takes the worker
            for _ in range(3):
                assert await computers.think(turn_of(PLAY)) == normal(PLAY)
        finally:
            os.kill(pid, signal.SIGCONT)
        assert await busy == decide(*PASS)
        assert computers.decisions[("hard", "own")] == 2
        assert computers.decisions[("hard", "workers busy: normal")] + computers.decisions[
            ("hard", "waited out: normal")] == 3
    told = [r for r in caplog.records if "made by normal at once" in r.getMessage()]
    assert len(told) == 1 and told[0].levelno == logging.WARNING
