"""What the games share: the computer levels, the end of a match, actions whose repr rebuilds them."""

from __future__ import annotations

import importlib
import random
from dataclasses import replace

import pytest

from engine import GAME_NAMES, find_game
from engine.cards import _CODES, CARDS, _read_card, mask_of, parse_card, parse_cards
from engine.core import GameBase, cards_code, code_cards, teams_of
from engine.players import DEFAULT_LEVEL, LEVEL_NAMES, _players
from engine.tricks import PLAYS, parse_hands, plays_of, shuffled


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_the_levels(name: str) -> None:
    assert tuple(_players(name)) == LEVEL_NAMES and DEFAULT_LEVEL in LEVEL_NAMES


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_shares_the_base(name: str) -> None:
    assert isinstance(find_game(name), GameBase)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_repr_rebuilds_every_legal_action(name: str) -> None:
    """``eval(repr(a))`` is ``a`` for every legal action of a seeded match, its code unchanged."""
    game = find_game(name)
    namespace = vars(importlib.import_module(f"engine.{name}"))
    rng = random.Random(7)
    state = game.new_match(game.sizes[0], seed=7)
    checked = 0
    while not game.is_over(state):
        for seat in sorted(game.to_act(state)):
            for action in game.legal_actions(state, seat):
                rebuilt = eval(repr(action), namespace)
                assert rebuilt == action and str(rebuilt) == str(action), repr(action)
                checked += 1
        seat = min(game.to_act(state))
        legal = game.legal_actions(state, seat)
        state = game.apply(state, seat, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_the_grammar_of_card_codes() -> None:
    assert cards_code("pass", ["2C", "3C", "4C"]) == "pass:2C,3C,4C"
    assert code_cards("pass:2C,3C,4C") == ["2C", "3C", "4C"]


@pytest.mark.parametrize("name", GAME_NAMES)
def test_teams_and_seat_places(name: str) -> None:
    game = find_game(name)
    players = game.sizes[0]
    public = game.public_observation(game.new_match(players, 5))
    assert teams_of(game, players) == public.teams
    assert len(public.seat_places) == players and set(public.seat_places) == {1}


def test_thirteen_says_when_a_tiebreak_follows() -> None:
    game = find_game("thirteen")
    public = game.public_observation(game.new_match(4, 1, match_games=3))
    assert not any(replace(public, deal=d).tiebreak_follows(n) for d in (1, 2, 3) for n in (1, 2))
    assert replace(public, deal=4).tiebreak_follows(3) and not replace(public, deal=3).tiebreak_follows(3)


def test_shuffled_is_random_shuffle() -> None:
    """Deals stay what they were: ``shuffled`` leaves a deck in ``rng.shuffle``'s order."""
    for seed in range(300):
        for deck in (range(52), range(32), [5, 1, 9], [7], []):
            expected = list(deck)
            random.Random(seed).shuffle(expected)
            assert shuffled(deck, random.Random(seed)) == expected


def test_every_spelling_of_a_card_reads_as_the_long_way() -> None:
    """The lookup of usual card codes agrees with reading them character by character."""
    for text, card in _CODES.items():
        assert parse_card(text) == _read_card(text) == card
    assert parse_cards("10♥️, qs  2c") == [parse_card("TH"), parse_card("QS"), parse_card("2C")]
    with pytest.raises(ValueError):
        parse_card("1H")


def test_a_deal_reads_as_its_cards_in_any_spelling() -> None:
    """``parse_hands`` sums card bits for the usual codes: the same hands as reading each card,
    and a card written twice in one hand (a carry in the sum) is refused, as any bad deal."""
    deck = list(range(52))
    random.Random(4).shuffle(deck)
    hands = [sorted(deck[s::4]) for s in range(4)]
    plain = [" ".join(str(CARDS[c]) for c in h) for h in hands]
    # symbols with the emoji selector, lower case, and a stray second selector (the long way)
    odd = [", ".join((CARDS[c].symbol + "\ufe0f", str(CARDS[c]).lower(),
                      CARDS[c].symbol + "\ufe0f\ufe0f")[c % 3] for c in h) for h in hands]
    expected = tuple(mask_of(h) for h in hands)
    assert parse_hands(plain, range(52)) == parse_hands(odd, range(52)) == expected
    twice = plain[0].replace(str(CARDS[hands[0][1]]), str(CARDS[hands[0][0]]))
    for bad in ([twice, *plain[1:]], [plain[0] + " 2X", *plain[1:]], plain[:3], "2C 3C"):
        for _ in range(2):  # a refused deal is not kept as read
            with pytest.raises(ValueError):
                parse_hands(bad, range(52))
    # read again (a lookup now), or with the deck in a list (never kept): the same hands
    assert parse_hands(tuple(plain), range(52)) == parse_hands(plain, deck) == expected
    with pytest.raises(ValueError):
        parse_hands(plain, range(1, 53))  # the same strings, another deck: read again, refused


def test_plays_of_a_set_are_its_cards_lowest_suit_and_rank_first() -> None:
    rng = random.Random(3)
    for size in (0, 1, 2, 5, 13, 20, 52):
        for _ in range(50):
            cards = sorted(rng.sample(range(52), size))
            assert plays_of(mask_of(cards)) == tuple(PLAYS[c] for c in cards)
