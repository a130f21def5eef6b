"""Views: observation -> text and keyboard, per game, registered by the engine's game name.
A game with no view module of its own gets the generic view, which renders the legal actions
as buttons from their codes, so every engine game is at least playable."""

from __future__ import annotations

from . import generic, hearts
from .base import Button, Context, GameView, Screen

VIEWS: dict[str, GameView] = {"hearts": hearts.VIEW}

__all__ = ["Button", "Context", "GameView", "Screen", "view_for"]


def view_for(game: str) -> GameView:
    return VIEWS.get(game, generic.VIEW)
