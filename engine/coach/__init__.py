"""The coach: what the Hard player would do in a seat, and how every choice there compares.

``advise(game, observation, legal, rng)`` returns an ``Advice``: each action Hard weighs with its
estimate, Hard's choice first, in the game's own unit. It reads the seat's observation only (the
same search the Hard player runs: ``engine.players.search.ranked``), so the same observation and
seed give the same hint whatever the hidden cards are. A game's coach lives in
``engine/coach/<game>.py`` as ``advise(observation, legal, rng) -> Advice``; a game without one is
advised by its Hard player's choice alone.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..players import player_for


@dataclass(frozen=True, slots=True)
class Advice:
    """``ranked``: (action, estimate) best first, Hard's choice first. ``unit`` names how the
    estimates count: "taken" (Hearts: points the seat takes this deal, lower is better),
    "points" (King: the seat's deal points), "margin" (Bazar Blot: the team's game points less
    the other team's), "tables" (56: tables the team wins or loses), "place" (Thirteen: the
    place the seat finishes the game in, 1 best), "" (no estimate). ``reason`` is a message key
    where the game explains the choice in words, ``amount`` its number."""

    ranked: tuple[tuple[Any, float], ...]
    unit: str
    reason: str | None = None
    amount: float | None = None

    @property
    def choice(self) -> Any:
        return self.ranked[0][0]

    def estimate(self, action: Any) -> float | None:
        """The estimate of ``action``, None if the search did not weigh it."""
        return next((value for a, value in self.ranked if a == action), None)


Coach = Callable[[Any, Sequence[Any], random.Random], Advice]


def advise(game: str, observation: Any, legal: Sequence[Any], rng: random.Random) -> Advice:
    """The hint for the seat whose ``observation`` this is, choosing among ``legal``."""
    coach = _coach(game)
    if coach is not None:
        return coach(observation, legal, rng)
    return Advice(((player_for("hard", game)(observation, legal, rng), 0.0),), "")


def ordered(first: Any, pairs: Sequence[tuple[Any, float]]) -> tuple[tuple[Any, float], ...]:
    """``pairs`` with ``first`` (the Hard player's choice) at the front, the rest best first."""
    rest = sorted((p for p in pairs if p[0] != first), key=lambda p: -p[1])
    head = [p for p in pairs if p[0] == first][:1]
    return (*head, *rest)


@cache
def _coach(game: str) -> Coach | None:
    try:
        module = importlib.import_module(f"{__name__}.{game}")
    except ModuleNotFoundError as error:
        if error.name != f"{__name__}.{game}":
            raise
        return None
    coach: Coach = module.advise
    return coach
