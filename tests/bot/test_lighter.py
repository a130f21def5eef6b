"""Hard thinking less under load (bot/play/lighter.py): the same search on a part of its worlds,
legal in every game, chosen from the workers' load, and counted as Hard's own decision."""

from __future__ import annotations

import pytest

from bot.play.computers import Computers
from bot.play.lighter import level_of, part_for
from bot.play.thinkers import decide
from bot.settings import Settings
from engine import GAME_NAMES

from .fake import TOKEN
from .test_thinkers import positions


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_lighter_hard_plays_legally_in_every_game(name: str) -> None:
    for _, game, observation, legal, seed in positions(name, seed=4, moves=60)[::7]:
        assert decide(level_of(8), game, observation, legal, seed) in legal


def test_the_part_shrinks_as_the_queue_grows() -> None:
    assert [part_for(load) for load in (0.0, 0.3, 0.5, 0.7, 0.9, 5.0)] == [1, 2, 4, 8, 16, 16]


class Loaded:
    """Thinkers whose queue is at a given load; what they were asked."""

    def __init__(self, load: float) -> None:
        self._load = load
        self.asked: list[str] = []

    def load(self) -> float:
        return self._load

    async def decide(self, request: tuple[str, ...], patience: float = 1.0) -> object:
        self.asked.append(request[0])
        return decide(*request)


async def test_under_load_hard_thinks_less_and_it_counts_as_hard() -> None:
    settings = Settings(telegram_bot_token=TOKEN, computer_processes=1)
    computers = Computers(settings, turns=None, draw=None)  # type: ignore[arg-type]
    loaded = computers.processes = Loaded(0.5)  # type: ignore[assignment]
    level, game, observation, legal, seed = positions("hearts", seed=2, moves=20)[10]
    turn = type("T", (), {"level": level, "game": game, "observation": observation,
                          "legal": legal, "seed": seed, "table_id": 1})()
    assert await computers.think(turn) in legal
    loaded._load = 0.0
    turn.level = "normal"  # type: ignore[attr-defined]
    await computers.think(turn)  # Normal thinks in a thread, as ever
    turn.level = "hard"  # type: ignore[attr-defined]
    await computers.think(turn)
    assert loaded.asked == ["hard/4", "hard"]
    assert computers.decisions == {("hard", "own, 1/4 of its worlds"): 1, ("normal", "own"): 1,
                                   ("hard", "own"): 1}
