"""The coach (``engine.coach.advise``): Hard's choice first, an estimate for every choice, and
from the seat's observation alone: the same observation with other hidden cards gives the same
hint and the same estimates (same seed)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from engine import GAME_NAMES, IllegalAction, find_game, replay
from engine.cards import Card
from engine.coach import advise
from engine.players import player_for

UNITS = {"hearts": "taken", "king": "points", "bazar_blot": "margin", "fifty_six": "tables",
         "thirteen": "place"}


def positions(name: str, seed: int, every: int, limit: int) -> Iterator[tuple[Any, int, list]]:
    """(state, seat, log so far) at every ``every``-th decision of a match Normal plays."""
    game = find_game(name)
    state = game.new_match(4, seed)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    step = found = 0
    while not game.is_over(state) and found < limit:
        seat = min(game.to_act(state))
        obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
        if step % every == every - 1:
            yield state, seat, list(log)
            found += 1
        action = player_for("normal", name)(obs, legal, rng)
        log.append((seat, str(action)))
        state = game.apply(state, seat, action)
        step += 1


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_hint_is_hards_choice_with_estimates(name: str) -> None:
    game = find_game(name)
    hard = player_for("hard", name)
    for state, seat, _ in positions(name, 3, 7, 5):
        obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
        advice = advise(name, obs, legal, random.Random(11))
        assert advice.choice == hard(obs, legal, random.Random(11))
        assert advice.unit == UNITS[name]
        actions = [a for a, _ in advice.ranked]
        assert len(set(map(str, actions))) == len(actions) and all(a in legal for a in actions)


def _other_deal(game: Any, seed: int, log: list[tuple[int, str]], seat: int) -> Any | None:
    """The same match with two unplayed cards of one suit swapped between two other seats'
    dealt hands, if the log still replays and ``seat`` sees the same; else None."""
    start = game.new_match(4, seed)
    dealt = game.hands(start)
    state = replay(game, 4, seed, log)
    held = game.hands(state)
    others = [s for s in range(4) if s != seat]
    for a, b in combinations(others, 2):
        for x in held[a]:
            for y in held[b]:
                if x == y or Card(x).suit != Card(y).suit or x not in dealt[a] or y not in dealt[b]:
                    continue
                hands = [list(h) for h in dealt]
                hands[a][hands[a].index(x)], hands[b][hands[b].index(y)] = y, x
                try:
                    other = replay_deal(game, seed, hands, log)
                except IllegalAction:
                    continue
                if game.observation(other, seat) == game.observation(state, seat):
                    return other
    return None


def replay_deal(game: Any, seed: int, hands: list[list[int]], log: list[tuple[int, str]]) -> Any:
    deal = [" ".join(str(Card(c)) for c in hand) for hand in hands]
    other = game.new_match(4, seed, deal=deal)
    for seat, code in log:
        other = game.apply(other, seat, game.parse_action(code))
    return other


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_hint_sees_only_the_seats_observation(name: str) -> None:
    game = find_game(name)
    checked = 0
    for state, seat, log in positions(name, 5, 4, 4):
        other = _other_deal(game, 5, log, seat)
        if other is None:
            continue
        assert game.hands(other) != game.hands(state)
        obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
        assert game.legal_actions(other, seat) == legal
        hint = advise(name, obs, legal, random.Random(2))
        again = advise(name, game.observation(other, seat), legal, random.Random(2))
        assert hint == again
        checked += 1
    assert checked >= 2
