"""Every legal action of the seat to act is reachable from its hand keyboard in at most three
presses (or by toggling its cards and confirming), and no button leads to an illegal one: for
every game's own view, and for the generic fallback, from random positions of fixed seeds."""

from __future__ import annotations

import random

import pytest

from bot.views import generic, has_view, view_for
from engine import GAME_NAMES, find_game

from .reach import reachable

SEEDS = range(3)
POSITIONS = 25  # sampled positions a match


def positions(name: str, players: int, seed: int):  # type: ignore[no-untyped-def]
    """(state, seat) at random moments of a random match."""
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_match(players, seed)
    steps = 0
    while not game.is_over(state) and steps < 4000:
        seat = rng.choice(sorted(game.to_act(state)))
        if rng.random() < 0.15:
            yield state, seat
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1


def _check(view, name: str, players: int, seed: int) -> None:  # type: ignore[no-untyped-def]
    game = find_game(name)
    for count, (state, seat) in enumerate(positions(name, players, seed)):
        if count >= POSITIONS:
            break
        legal = set(game.legal_actions(state, seat))
        missing = legal - reachable(view, game, state, seat)
        assert not missing, f"{name} seed {seed}: unreachable {sorted(map(str, missing))[:5]}"


RELEASED = [(n, size) for n in GAME_NAMES if has_view(n) for size in find_game(n).sizes]


@pytest.mark.parametrize(("name", "players"), RELEASED)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_legal_action_is_reachable_in_the_games_view(name: str, players: int,
                                                             seed: int) -> None:
    _check(view_for(name), name, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_generic_fallback_reaches_every_legal_action(name: str) -> None:
    _check(generic.VIEW, name, find_game(name).sizes[0], 0)
