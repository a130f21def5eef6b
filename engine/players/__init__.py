"""Computer players. A player is ``choose(observation, legal_actions, rng) -> action``: it is never
handed the state, so it cannot see what its seat may not see.

A game's players live in ``engine/players/<game>.py``, whose ``PLAYERS`` maps level names to
players, found by the game's name; a level a game does not have yet plays uniformly random legal
actions.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final

from .. import game_part

Player = Callable[[Any, Sequence[Any], random.Random], Any]
LEVEL_NAMES = ("easy", "normal", "hard")  # every game's PLAYERS has these keys
DEFAULT_LEVEL: Final = "normal"  # a computer seat of no chosen level


def random_player(observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Any legal action, uniformly."""
    return legal[int(rng.random() * len(legal))]


def player_for(level: str, game: str | None = None) -> Player:
    """The computer player of ``game`` at ``level``; random where the game has none yet."""
    players = _players(game) if game else {}
    return players.get(level, random_player)


@cache
def _players(game: str) -> dict[str, Player]:
    module = game_part(__name__, game)
    players: dict[str, Player] = module.PLAYERS if module else {}
    return players
