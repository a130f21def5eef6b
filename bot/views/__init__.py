"""Views: observation -> text and keyboard, one module per game named after it
(``bot/views/<game>.py`` defining ``VIEW``), found by that name. A game with no view of its own
yet (one in development) gets the generic view, which reaches every legal action from its code."""

from __future__ import annotations

from functools import cache

from engine import game_part

from . import generic
from .base import GameView, deal_post
from .screen import Button, Context, Screen

__all__ = ["Button", "Context", "GameView", "Screen", "deal_post", "has_view", "view_for"]


@cache
def _module_view(game: str) -> GameView | None:
    module = game_part(__name__, game)
    view: GameView | None = module.VIEW if module else None
    return view


def has_view(game: str) -> bool:
    """Whether the game is released: it has a view of its own."""
    return bool(game) and game.isidentifier() and _module_view(game) is not None


def view_for(game: str) -> GameView:
    return (_module_view(game) if has_view(game) else None) or generic.VIEW
