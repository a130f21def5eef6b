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
from engine.cards import CARDS, Card
from engine.coach import REGRET, advise, review
from engine.players import player_for

from .test_fifty_six import fill

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


# --- the review: a costly choice the search leaves out is found; an equal choice is no regret --

Spot = tuple[Any, int, str, list[str]]  # state, seat, a costly choice, choices equal to the best


def _act(game: Any, state: Any, moves: list[tuple[int, str]]) -> Any:
    for seat, code in moves:
        state = game.apply(state, seat, game.parse_action(code))
    return state


def _rest(mine: str) -> list[str]:
    """Three hands of 13: the cards not in ``mine``, dealt round."""
    rest = [str(CARDS[c]) for c in range(52) if str(CARDS[c]) not in mine.split()]
    return [" ".join(rest[i::3]) for i in range(3)]


def hearts_card() -> Spot:
    """Trick 2: seat 3 leads the 10♦, seat 0 plays the 5♦, seat 1 (no diamond) throws the Q♠.
    Seat 2's 2♦ 3♦ 4♦ duck; its Q♦ or K♦ takes the Q♠. No unplayed diamond lies between the Q♦
    and the K♦, nor among the 2♦ 3♦ 4♦: each run is weighed through one of its cards."""
    game = find_game("hearts")
    deal = ["2C 5C 6C 5D 6D 7D 2H 3H 4H 2S 3S 4S 5S", "3C 7C 8C 9C QS 5H 6H 7H 8H 6S 7S 8S 9S",
            "4C TC JC 2D 3D 4D QD KD 9H TH JH TS JS", "AC QC KC 8D 9D TD JD AD QH KH AH KS AS"]
    state = _act(game, game.new_match(4, 1, deal=deal, passing=False),
                 [(0, "play:2C"), (1, "play:3C"), (2, "play:4C"), (3, "play:AC"),
                  (3, "play:TD"), (0, "play:5D"), (1, "play:QS")])
    return state, 2, "play:KD", ["play:2D", "play:3D", "play:4D"]


def hearts_pass() -> Spot:
    """An unguarded Q♠ K♠ A♠ and high hearts: passing the three lowest clubs keeps them all
    (Hard's candidates are threes of the six most dangerous cards)."""
    mine = "2C 3C 4C 5D 6D 9D QS KS AS 9H JH QH KH"
    state = find_game("hearts").new_match(4, 1, deal=[mine, *_rest(mine)])
    return state, 0, "pass:2C,3C,4C", []


def king_card() -> Spot:
    """No queens: seat 0 leads the J♦, seat 1 (no diamond) must discard its Q♠, seat 2 plays
    the 3♦. Seat 3's 2♦ and 5♦ … T♦ duck; its K♦ or A♦ takes the queen.
    The 5♦ … T♦ are one run (nothing unseen between them), the K♦ A♦ another."""
    game = find_game("king")
    deal = ["JD 5C 6C 7C 2H 3H 4H 2S 3S 4S 5S 6S 7S", "QS 2C 3C 4C 5H 6H 7H 8H 8S 9S TS JS KS",
            "3D 8C 9C TC JC 9H TH JH QH KH AH AS 4D", "2D KD AD QC KC AC 5D 6D 7D 8D 9D TD QD"]
    state = _act(game, game.new_match(4, 1, deal=deal, contracts="QN", first_dealer=3),
                 [(0, "play:JD"), (1, "play:QS"), (2, "play:3D")])
    return state, 3, "play:AD", ["play:5D", "play:6D", "play:7D", "play:8D", "play:9D",
                                 "play:TD"]


def bazar_blot_bid() -> Spot:
    """A hand of sevens and eights bids 16 ♥ (160 points to make): Hard weighs bids near what
    the hand is worth."""
    deal = ["7C 8C 7D 8D 7H 8H 9S TS", "JC 9C AC JD 9D AD JH 9H", "TC KC TD KD TH KH 7S 8S",
            "QC QD QH AH JS QS KS AS"]
    return find_game("bazar_blot").new_match(4, 1, deal=deal, first_dealer=3), 0, "bid:16:H", []


def fifty_six_bid() -> Spot:
    """Strong spades bid 44 ♦ (Hard weighs the lowest bid in each denomination); 28 ♠ spoken
    "♠ 28" is the same bid as Hard's "28 ♠" (a form is a label, §5.6)."""
    deal = fill(4, {1: "JS JS 9S 9S AS TS JH JD AC TC KH QD"})
    state = find_game("fifty_six").new_match(4, 1, deal=deal, first_dealer=0)
    return state, 1, "bid:44:D", ["bid:28:S:suit-num"]


def thirteen_combination() -> Spot:
    """The first play holds the 3♠: 3♠ 4♣ 5♦ breaks the straight to the 7♠ into three cards and
    two lone ones (Hard weighs the whole straight, the K♠ K♣ and the 3♠ alone)."""
    mine = "3S 4C 5D 6H 7S KS KC"
    rest = [str(CARDS[c]) for c in range(52) if str(CARDS[c]) not in mine.split()]
    deal = [mine, *(" ".join(rest[13 * i:13 * i + 13]) for i in range(3))]
    return find_game("thirteen").new_match(4, 1, deal=deal), 0, "play:3S,4C,5D", []


SPOTS = [("hearts", hearts_card), ("hearts", hearts_pass), ("king", king_card),
         ("bazar_blot", bazar_blot_bid), ("fifty_six", fifty_six_bid),
         ("thirteen", thirteen_combination)]


@pytest.mark.parametrize(("name", "spot"), SPOTS, ids=[f.__name__ for _, f in SPOTS])
def test_the_review_finds_a_costly_choice_the_search_leaves_out(name: str, spot: Any) -> None:
    """Issue 42: the review skipped every choice Hard's search did not weigh itself. A choice of
    a run of equal cards counts as the run's weighed card, any other is weighed beside Hard's
    candidates; Hard's choice and the choices equal to it are never a regret."""
    game = find_game(name)
    state, seat, costly, equal = spot()
    obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
    choice = game.parse_action(costly)
    assert choice in legal
    weighed = [a for a, _ in advise(name, obs, legal, random.Random(3)).ranked]
    assert choice not in weighed
    (regret,) = review(name, [(3, obs, legal, choice)], random.Random)
    assert (regret.index, regret.chosen) == (3, choice)
    assert regret.cost >= REGRET[regret.advice.unit] and regret.advice.choice == weighed[0]
    for code in [str(weighed[0]), *equal]:
        assert review(name, [(3, obs, legal, game.parse_action(code))], random.Random) == []


def test_the_issues_hearts_match_has_something_to_regret() -> None:
    """Match 11409881, Easy in seat 0 and Hard in the others: seat 0's fourth deal was "nothing
    to regret", its costliest choices (the 4♠ and 3♠, about 2.5 points each) being cards of a
    run whose lowest card the search weighs."""
    game, seed = find_game("hearts"), 11409881
    state, rng, levels = game.new_match(4, seed), random.Random(seed), ["easy"] + ["hard"] * 3
    decisions, step = [], 0
    while game.public_observation(state).deal <= 4:
        seat = min(game.to_act(state))
        obs, legal = game.observation(state, seat), game.legal_actions(state, seat)
        action = player_for(levels[seat], "hearts")(obs, legal, rng)
        if seat == 0 and obs.deal == 4:
            decisions.append((step, obs, legal, action))
        state = game.apply(state, seat, action)
        step += 1
    regrets = review("hearts", decisions, random.Random)
    assert regrets and regrets[0].cost >= 2.0
    top = regrets[0]
    assert top.chosen not in [a for a, _ in top.advice.ranked]  # weighed through its run
