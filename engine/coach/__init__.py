"""The coach: what the Hard player would do in a seat, and how every choice there compares.

``advise(game, observation, legal, rng)`` returns an ``Advice``: each action Hard weighs with its
estimate, Hard's choice first, in the game's own unit. It reads the seat's observation only (the
same search the Hard player runs: ``engine.players.search.ranked``), so the same observation and
seed give the same hint whatever the hidden cards are. A game's coach lives in
``engine/coach/<game>.py`` as ``advise(observation, legal, rng, also) -> Advice``, ``also`` the
actions to weigh besides Hard's candidates (a review's choice); a game without one is advised by
its Hard player's choice alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from .. import game_part
from ..players import player_for
from ..players.search import ranked


@dataclass(frozen=True, slots=True)
class Advice:
    """``ranked``: (action, estimate) best first, Hard's choice first. ``unit`` names how the
    estimates count: "taken" (Hearts: points the seat takes this deal, lower is better),
    "points" (King: the seat's deal points), "margin" (Bazar Blot: the team's game points less
    the other team's), "tables" (56: tables the team wins or loses), "place" (Thirteen: the
    place the seat finishes the game in, 1 best), "" (no estimate). ``reason`` is a message key
    where the game explains the choice in words, ``amount`` its number. ``same``: (action, the
    weighed action it is worth the same as) for legal actions the search weighed through an
    equivalent (Hearts and King weigh one card of a run of equal ones)."""

    ranked: tuple[tuple[Any, float], ...]
    unit: str
    reason: str | None = None
    amount: float | None = None
    same: tuple[tuple[Any, Any], ...] = ()

    @property
    def choice(self) -> Any:
        return self.ranked[0][0]

    def estimate(self, action: Any) -> float | None:
        """The estimate of ``action`` (or of the equivalent weighed for it), None if the search
        did not weigh it."""
        action = next((w for a, w in self.same if a == action), action)
        return next((value for a, value in self.ranked if a == action), None)


Coach = Callable[[Any, Sequence[Any], random.Random, Sequence[Any]], Advice]


def advise(game: str, observation: Any, legal: Sequence[Any], rng: random.Random,
           also: Sequence[Any] = ()) -> Advice:
    """The hint for the seat whose ``observation`` this is, choosing among ``legal``; the
    actions ``also`` are weighed too (or their equivalents), after Hard's choice whatever their
    worth."""
    coach = _coach(game)
    if coach is not None:
        return coach(observation, legal, rng, also)
    return Advice(((player_for("hard", game)(observation, legal, rng), 0.0),), "")


def weighed(candidates: Sequence[Any], also: Sequence[Any], samples: int,
            sample: Callable[[random.Random], Any], value: Callable[[Any, Any, random.Random], float],
            rng: random.Random) -> list[tuple[Any, float]]:
    """``ranked`` over Hard's ``candidates`` and the actions of ``also`` not among them, best
    first but for the best candidate (Hard's choice) ahead of every extra. An extra changes no
    candidate's estimate: each world and its luck are drawn before the actions are played."""
    extra = [a for a in dict.fromkeys(also) if a not in candidates]
    pairs = ranked([*candidates, *extra], samples, sample, value, rng)
    if not extra:
        return pairs
    return list(ordered(next(a for a, _ in pairs if a not in extra), pairs))


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
    observation the seat had then. A choice the search weighs through an equivalent (a card of
    the same run) counts as that one; one outside Hard's candidates (a pass, a bid, a Thirteen
    combination) is weighed beside them in the same worlds."""
    found = []
    for index, observation, legal, chosen in decisions:
        if len(legal) < 2:
            continue
        advice = advise(game, observation, legal, rng_for(index), (chosen,))
        mine = advice.estimate(chosen)
        if mine is None or not advice.unit:
            continue
        best = advice.ranked[0][1]
        cost = mine - best if advice.unit in LOWER_BETTER else best - mine
        if cost >= REGRET[advice.unit]:
            found.append(Regret(index, chosen, mine, advice, cost))
    return sorted(found, key=lambda r: -r.cost)[:MOST]
