"""Computer players. A player is ``choose(observation, legal_actions, rng) -> action``: it is never
handed the state, so it cannot see what its seat may not see.

A game registers its levels by naming, in ``_MODULES``, a module whose ``PLAYERS`` maps level names
to players; a level a game does not have yet plays uniformly random legal actions.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any

Player = Callable[[Any, Sequence[Any], random.Random], Any]
LEVEL_NAMES = ("easy", "normal", "hard")

# game -> module defining PLAYERS = {"easy": ..., "normal": ..., "hard": ...}
_MODULES: dict[str, str] = {
    "hearts": "engine.players.hearts",
}


def random_player(observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    """Any legal action, uniformly."""
    return legal[int(rng.random() * len(legal))]


def player_for(level: str, game: str | None = None) -> Player:
    """The computer player of ``game`` at ``level``; random where the game has none yet."""
    if game in _MODULES:
        players: dict[str, Player] = importlib.import_module(_MODULES[game]).PLAYERS
        if level in players:
            return players[level]
    return random_player
