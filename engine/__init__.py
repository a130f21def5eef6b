"""Seghan's rules engine: pure, synchronous, standard library only, deterministic from a seed.

``find_game(name)`` returns the game object for a registry name; ``GAME_NAMES`` lists them in the
order the interface offers them.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .core import Game, IllegalAction, Seat, replay

__all__ = ["GAME_NAMES", "Game", "IllegalAction", "Seat", "all_games", "find_game", "game_part",
           "replay", "resolve"]

# name -> module that defines GAME; one line a game.
_MODULES: dict[str, str] = {
    "hearts": "engine.hearts",
    "king": "engine.king",
    "bazar_blot": "engine.bazar_blot",
    "fifty_six": "engine.fifty_six",
    "thirteen": "engine.thirteen",
}
GAME_NAMES: tuple[str, ...] = tuple(_MODULES)


def find_game(name: str) -> Game:
    """The game registered under ``name`` (or one of its aliases); KeyError for another name."""
    name = resolve(name) or name
    if name not in _MODULES:
        raise KeyError(f"unknown game {name!r}; known: {', '.join(GAME_NAMES)}")
    game: Game = importlib.import_module(_MODULES[name]).GAME
    return game


def resolve(name: str) -> str | None:
    """The registry name of a game named by its registry name or an alias ("56"), else None."""
    name = name.strip().lower()
    if name in _MODULES:
        return name
    for registered, module in _MODULES.items():
        if name in getattr(importlib.import_module(module).GAME, "aliases", ()):
            return registered
    return None


def all_games() -> list[Game]:
    return [find_game(name) for name in GAME_NAMES]


def game_part(package: str, game: str) -> ModuleType | None:
    """A game's own module in ``package`` (its players, coach or view: ``engine.players.hearts``),
    or None where the game has none yet; an error inside that module is raised, not hidden."""
    if not game.isidentifier():
        return None
    try:
        return importlib.import_module(f"{package}.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.{game}":
            raise
        return None
