"""Golden playthroughs: one whole seeded match a game, every action and every public view as
text, in ``tests/engine/golden/<game>.txt``; ``tests/engine/test_golden.py`` checks them.

Regenerate (after a change meant to alter play or the public views) with
``.venv/bin/python -m tests.engine.golden --write`` and read the diff before committing it.

A match is played by seeded random legal actions (the first seat to act, in seat order). The
file opens with the first public view; then one line an action, ``seat code | field=value …``
naming only the public fields that changed: ``field+=value`` is what a growing tuple gained,
``field[i]…`` the one entry of a tuple that changed. Below each state, as OpenSpiel's
playthroughs do, what each seat sees beyond the public view (``  @seat field=value …``, only
what changed) and the legal actions of each seat to act where they changed (``  ?seat code
code …``): a leak or a wrong legal move shows in the diff.
"""

from __future__ import annotations

import random
from dataclasses import fields
from pathlib import Path
from typing import Any

from engine import GAME_NAMES, find_game

FOLDER = Path(__file__).parent
SEED = 2024
# The smallest match a game offers, to keep the files short.
RULES: dict[str, dict[str, int]] = {"hearts": {"target": 50}, "fifty_six": {"tables": 6}}


def path_of(name: str) -> Path:
    return FOLDER / f"{name}.txt"


def playthrough(name: str) -> str:
    """The text of the golden match of game ``name``."""
    game = find_game(name)
    rng = random.Random(SEED)
    state = game.new_match(game.sizes[0], SEED, **RULES.get(name, {}))
    view = _fields(game.public_observation(state))
    lines = [f"# {name}, {game.sizes[0]} players, seed {SEED}, rules {RULES.get(name, {})}"]
    lines += [f"{key}={value!r}" for key, value in view.items()]
    seen: dict[Any, Any] = {}
    lines += _seats(game, state, seen)
    while not game.is_over(state):
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, seat, action)
        new = _fields(game.public_observation(state))
        lines.append(f"{seat} {action} | " + " ".join(_changes(view, new)))
        lines += _seats(game, state, seen)
        view = new
    lines.append(f"# scores={game.scores(state)} rankings={game.rankings(state)}")
    return "\n".join(lines) + "\n"


def _seats(game: Any, state: Any, seen: dict[Any, Any]) -> list[str]:
    """Each seat's own view where it changed (its fields beyond the public view's), then the
    legal actions of each seat to act where they changed."""
    public = {f.name for f in fields(game.public_observation(state))}
    lines = []
    for seat in range(len(game.scores(state))):
        own = {k: v for k, v in _fields(game.observation(state, seat)).items() if k not in public}
        if changes := _changes(seen.get(seat, {}), own):
            lines.append(f"  @{seat} " + " ".join(changes))
        seen[seat] = own
    for seat in sorted(game.to_act(state)):
        legal = " ".join(str(a) for a in game.legal_actions(state, seat))
        if seen.get(("legal", seat)) != legal:
            lines.append(f"  ?{seat} {legal}")
        seen["legal", seat] = legal
    return lines


def _fields(public: Any) -> dict[str, Any]:
    return {f.name: getattr(public, f.name) for f in fields(public)}


def _changes(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    changes: list[str] = []
    for key, value in new.items():
        _change(changes, key, old.get(key), value)
    return changes


def _change(changes: list[str], key: str, before: Any, value: Any) -> None:
    """``key=value``; ``key+=tail`` where a tuple grew; ``key[i]…`` where a tuple of the same
    length changed in some entries (each seat's cards won)."""
    if value == before:
        return
    if isinstance(value, tuple) and isinstance(before, tuple) and not hasattr(value, "_fields"):
        if len(value) > len(before) and value[:len(before)] == before:
            changes.append(f"{key}+={value[len(before):]!r}")
            return
        if len(value) == len(before) and sum(a != b for a, b in zip(value, before, strict=True)) == 1:
            for i, (a, b) in enumerate(zip(before, value, strict=True)):
                _change(changes, f"{key}[{i}]", a, b)
            return
    changes.append(f"{key}={value!r}")


def main(argv: list[str]) -> int:
    if argv != ["--write"]:
        print(__doc__)
        return 2
    for name in GAME_NAMES:
        path_of(name).write_text(playthrough(name), encoding="utf-8")
        print("wrote", path_of(name))
    return 0
