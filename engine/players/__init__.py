"""Computer players. A player is ``choose(observation, legal_actions, rng) -> action``: it is never
handed the state, so it cannot see what its seat may not see."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

Player = Callable[[Any, Sequence[Any], random.Random], Any]


def random_player(observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Any legal action, uniformly: the stand-in for every level until the levels are written."""
    return legal[int(rng.random() * len(legal))]


LEVELS: dict[str, Player] = {"easy": random_player, "normal": random_player, "hard": random_player}


def player_for(level: str) -> Player:
    return LEVELS.get(level, random_player)
