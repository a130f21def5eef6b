"""Views: observation -> text and keyboard, one module per game named after it
(``bot/views/<game>.py`` defining ``VIEW``), found by that name. A game with no view of its own
yet (one in development) gets the generic view, which reaches every legal action from its code."""

from __future__ import annotations

import importlib
from functools import cache

from . import generic
from .base import Button, Context, GameView, Screen

__all__ = ["Button", "Context", "GameView", "Screen", "has_view", "view_for"]


@cache
def _module_view(game: str) -> GameView | None:
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{game}":
            raise
        return None
    view: GameView = module.VIEW
    return view


def has_view(game: str) -> bool:
    """Whether the game is released: it has a view of its own."""
    return bool(game) and game.isidentifier() and _module_view(game) is not None


def view_for(game: str) -> GameView:
    return (_module_view(game) if has_view(game) else None) or generic.VIEW
