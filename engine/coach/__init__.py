"""The coach: what the Hard player would do in a seat, and how every choice there compares.

``advise(game, observation, legal, rng)`` returns an ``Advice``: each action Hard weighs with its
estimate, Hard's choice first, in the game's own unit. It reads the seat's observation only (the
same search the Hard player runs: ``engine.players.search.ranked``), so the same observation and
seed give the same hint whatever the hidden cards are. A game's coach lives in
``engine/coach/<game>.py`` as ``advise(observation, legal, rng) -> Advice``; a game without one is
advised by its Hard player's choice alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import game_part
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
    module = game_part(__name__, game)
    coach: Coach | None = module.advise if module else None
    return coach


# --- the review of a deal: the seat's costliest decisions by the search's estimate ------------

LOWER_BETTER = frozenset({"taken", "place"})
# What a choice must cost, in the unit, to be worth a regret: below this the search's noise.
REGRET = {"taken": 0.5, "points": 5.0, "margin": 2.0, "tables": 0.1, "place": 0.2}
MOST = 3  # regrets a review lists at most


@dataclass(frozen=True, slots=True)
class Regret:
    """One decision of a review: its place among the deal's moves, what the seat chose and
    what the search estimated for it, the advice there, and what the choice cost."""

    index: int
    chosen: Any
    chosen_estimate: float
    advice: Advice
    cost: float


def review(game: str, decisions: Sequence[tuple[int, Any, Sequence[Any], Any]],
           rng_for: Callable[[int], random.Random]) -> list[Regret]:
    """The costliest decisions of a seat's deal, at most ``MOST``, costliest first; [] is a real
    answer (nothing to regret). ``decisions``: (index, observation, legal, chosen) each, the
    observation the seat had then; a choice the search did not weigh (Thirteen weighs a few
    candidates) is not judged."""
    found = []
    for index, observation, legal, chosen in decisions:
        if len(legal) < 2:
            continue
        advice = advise(game, observation, legal, rng_for(index))
        mine = advice.estimate(chosen)
        if mine is None or not advice.unit:
            continue
        best = advice.ranked[0][1]
        cost = mine - best if advice.unit in LOWER_BETTER else best - mine
        if cost >= REGRET[advice.unit]:
            found.append(Regret(index, chosen, mine, advice, cost))
    return sorted(found, key=lambda r: -r.cost)[:MOST]
