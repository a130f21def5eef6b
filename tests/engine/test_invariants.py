"""Invariants every registered game must keep; a game joins by registration alone.

Random legal play from many seeds to the end of the match checks: someone is to act until the end;
seats not to act get []; an illegal action raises IllegalAction and changes nothing;
parse_action(str(a)) == a; replay(seed, log) equals the live state; cards are conserved; an
observation never holds a card still in another seat's hand.

What a game provides for these checks (beside the Game protocol):
    card_locations(state) -> list[int]  every card of the current deal wherever it is (hands,
                                        trick, won piles, set-aside cards); duplicates listed twice
    deck_of(state) -> list[int]         the cards the current deal was dealt from (duplicates twice)
    hands(state) -> list[list[int]]     the cards each seat holds now (duplicates twice)
    private_fields: tuple[str, ...]     observation fields whose cards the seat knows by right
                                        although another seat holds them (Hearts' passed cards)
    revealed_fields: tuple[str, ...]    public fields whose cards the rules show to everyone
                                        while still held (Blot's combinations after trick 1)
Observations must hold cards as ``engine.cards.Card`` instances so the leak check can find them.

The public view (``public_observation``) is checked the same way against every hand, and each
seat's observation must extend it: the same shared facts (``engine.core.Shared``) and public
fields, plus only what that seat knows.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from engine import GAME_NAMES, IllegalAction, find_game, replay
from engine.cards import Card
from engine.core import Shared

SEEDS = range(12)
CASES = [(name, size) for name in GAME_NAMES for size in find_game(name).sizes]


def _cards_in(value: Any, skip: tuple[str, ...] = ()) -> Iterator[Card]:
    if isinstance(value, Card):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name not in skip:
                yield from _cards_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _cards_in(k)
            yield from _cards_in(v)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            yield from _cards_in(item)


def _check_observations(game: Any, state: Any, players: int) -> None:
    """Counted per copy, for two-deck games (56): a seat may see a card as often as the deal has
    copies of it outside the other hands. With one copy of each card this means: never a card
    another seat holds. Each visible card must therefore appear once in an observation. The
    finished deals' records (``history``) are another deal's cards: ``_check_shared``."""
    hands = [Counter(h) for h in game.hands(state)]
    copies = Counter(game.deck_of(state))
    skip = (*getattr(game, "private_fields", ()), "history")
    for seat in range(players):
        others = sum((hands[s] for s in range(players) if s != seat), Counter[int]())
        seen = Counter(_cards_in(game.observation(state, seat), skip))
        leaked = [c for c, n in others.items() if seen[c] > copies[c] - n]
        assert not leaked, f"seat {seat} sees {sorted(map(str, map(Card, leaked)))}"


def _check_public(game: Any, state: Any, players: int) -> None:
    """The public view names no card still in any hand (beyond the copies outside the hands),
    carries the shared facts as the game states them, and every seat's view extends it."""
    public = game.public_observation(state)
    assert isinstance(public, Shared)
    assert not hasattr(public, "hand") and not hasattr(public, "seat")
    held = sum((Counter(h) for h in game.hands(state)), Counter[int]())
    copies = Counter(game.deck_of(state))
    seen = Counter(_cards_in(public, (*getattr(game, "revealed_fields", ()), "history")))
    leaked = [c for c, n in held.items() if seen[c] > copies[c] - n]
    assert not leaked, f"the public view shows {sorted(map(str, map(Card, leaked)))}"
    _check_shared(game, state, public, players)
    for seat in range(players):
        obs = game.observation(state, seat)
        assert isinstance(obs, type(public)) and obs.seat == seat
        for f in dataclasses.fields(public):
            assert getattr(obs, f.name) == getattr(public, f.name), f"seat {seat}: {f.name}"


def _check_shared(game: Any, state: Any, public: Shared, players: int) -> None:
    assert public.game == game.name
    assert public.to_act == game.to_act(state)
    assert isinstance(public.to_act, frozenset)
    assert public.deal >= 1 and (public.deals is None or public.deals >= 1)
    assert (public.phase == "over") == game.is_over(state)
    entries = len(public.teams) if public.teams else players
    table = public.standings
    assert table.by_team == bool(public.teams)
    assert len(table.values) == len(table.places) == entries
    assert sorted(table.order) == list(range(entries))
    assert [table.places[i] for i in table.order] == sorted(table.places)
    if public.teams:
        assert sorted(s for team in public.teams for s in team) == list(range(players))
    for number, record in enumerate(public.history, 1):
        assert record.number == number and len(record.results) == entries
        _check_last_trick(record, players)
    if public.history:
        assert public.last_deal is public.history[-1]
    if game.is_over(state):
        ranks = game.rankings(state)
        seat_places = ([table.places[next(t for t, team in enumerate(public.teams) if s in team)]
                        for s in range(players)] if public.teams else list(table.places))
        assert tuple(seat_places) == ranks


def _check_last_trick(record: Any, players: int) -> None:
    """A finished deal's record names no card but those of its last trick, all played face up:
    a trick of one card a seat (56: of those still in), or Thirteen's last play, one seat's;
    only a deal thrown in (Blot) has none."""
    last = record.last_trick
    assert list(_cards_in(record)) == list(_cards_in(last))
    if last is None:
        assert getattr(record.facts, "thrown_in", False), f"deal {record.number}: no last trick"
        return
    seats = [seat for seat, _ in last.cards]
    assert last.leader == seats[0] and last.winner in seats
    if len(set(seats)) == 1:  # Thirteen: the play that emptied the winner's hand
        assert last.winner == last.leader and len(record.facts.order) == players
    else:
        assert len(seats) == len(set(seats)) <= players


def _an_illegal_action(game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
    """An action some other seat could take now, or a legal one from a wrong seat."""
    for other in sorted(game.to_act(state)):
        for action in game.legal_actions(state, other):
            if action not in legal:
                return action
    return None


@pytest.mark.parametrize(("name", "players"), CASES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_match_keeps_invariants(name: str, players: int, seed: int) -> None:
    game = find_game(name)
    rng = random.Random(seed)
    state = game.new_match(players, seed)
    log: list[tuple[int, str]] = []
    steps = 0
    while not game.is_over(state):
        acting = game.to_act(state)
        assert acting, "nobody to act before the end"
        for seat in range(players):
            if seat not in acting:
                assert game.legal_actions(state, seat) == []
        seat = rng.choice(sorted(acting))
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} is to act with no legal action"
        if steps % 7 == 0:
            _check_illegal_is_rejected(game, state, seat, legal, players)
        if steps % 5 == 0:
            _check_observations(game, state, players)
            _check_public(game, state, players)
            assert Counter(game.card_locations(state)) == Counter(game.deck_of(state))
        action = rng.choice(legal)
        assert game.parse_action(str(action)) == action
        state = game.apply(state, seat, action)
        log.append((seat, str(action)))
        steps += 1
        assert steps < 100_000, "match does not end"
    assert game.to_act(state) == frozenset()
    _check_public(game, state, players)
    assert all(game.legal_actions(state, s) == [] for s in range(players))
    assert replay(game, players, seed, log) == state
    assert len(game.rankings(state)) == players
    assert min(game.rankings(state)) == 1


def _check_illegal_is_rejected(game: Any, state: Any, seat: int, legal: list[Any],
                               players: int) -> None:
    before = game.observation(state, seat)
    for wrong_seat in range(players):
        if wrong_seat not in game.to_act(state):
            with pytest.raises(IllegalAction):
                game.apply(state, wrong_seat, legal[0])
            break
    other = _an_illegal_action(game, state, seat, legal)
    if other is not None:
        with pytest.raises(IllegalAction):
            game.apply(state, seat, other)
    assert game.observation(state, seat) == before


@pytest.mark.parametrize("name", GAME_NAMES)
def test_parse_action_rejects_garbage(name: str) -> None:
    game = find_game(name)
    for code in ("", "nonsense", "play:", "play:ZZ", ":::"):
        with pytest.raises(ValueError):
            game.parse_action(code)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_same_seed_same_match(name: str) -> None:
    game = find_game(name)
    size = game.sizes[0]
    assert game.new_match(size, 7) == game.new_match(size, 7)
    assert game.observation(game.new_match(size, 7), 0) == game.observation(game.new_match(size, 7), 0)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_game_declares_its_lobby_options_and_aliases(name: str) -> None:
    game = find_game(name)
    assert isinstance(game.options, dict) and isinstance(game.aliases, tuple)
    for option, values in game.options.items():
        assert values and len(set(values)) == len(values)
        game.new_match(game.sizes[0], 1, **{option: values[-1]})  # every value starts a match
    for alias in game.aliases:
        assert find_game(alias) is game
