"""Hard thinking less (issue 40): under load a Hard decision searches a part of its worlds rather
than fall back to Normal. Every game's Hard is ``make_hard(budget, second budget, ...)`` in its
players' module; a part of ``n`` is that player made with each of its first two budgets divided
by ``n`` (at least one). The level asked of a worker says the part: ``hard/4``."""

from __future__ import annotations

import inspect
from functools import cache

from engine import game_part
from engine.players import Player, player_for

PARTS = (1, 2, 4, 8, 16)  # the whole search, then a half, a quarter... of its worlds
PATIENCE = 2.0  # the lightest part may wait twice as long for a worker: Normal comes next
HARD = "hard"


def level_of(part: int) -> str:
    return HARD if part == 1 else f"{HARD}/{part}"


def patience(part: int) -> float:
    """How much longer than others a decision on this part may wait for a worker."""
    return PATIENCE if part == PARTS[-1] else 1.0


def part_for(load: float) -> int:
    """The part of its worlds a Hard decision searches when the workers' queue is at ``load``
    (its expected wait over the longest a decision may wait): all of them up to a fifth."""
    return PARTS[min(len(PARTS) - 1, max(0, int(load * len(PARTS))))]


@cache
def lighter(game: str, part: int) -> Player:
    """The game's Hard on a ``part`` of its budgets (Hard itself where it has no make_hard)."""
    module = game_part("engine.players", game)
    make = getattr(module, "make_hard", None)
    if make is None or part == 1:
        return player_for(HARD, game)
    budgets = [p.default for p in inspect.signature(make).parameters.values()][:2]
    return make(*(max(1, b // part) if isinstance(b, int) else b for b in budgets))  # type: ignore[no-any-return]


def player(level: str, game: str) -> Player:
    """The player of a level as a worker is asked for it (``hard/4``: a quarter of Hard)."""
    if level.startswith(HARD + "/"):
        return lighter(game, int(level.removeprefix(HARD + "/")))
    return player_for(level, game)
