"""Thirteen endgames of two hands (engine/players/thirteen_endgame.py): the solver, against the
best replies or against Normal's, agrees with searching every choice out through the engine's own
rules; it finds forced wins Normal misses, and Hard plays them."""

from __future__ import annotations

import dataclasses
import random
from functools import cache

from engine.cards import CARDS, parse_cards
from engine.players.thirteen import fast_normal, hard, normal
from engine.players.thirteen_endgame import Endgames, endgame_points
from engine.thirteen import FULL, GAME, PASS, VAL, Combo, State, classify, val_mask

from .test_thirteen_players import decide, position


def mask(text: str) -> int:
    return val_mask(parse_cards(text))


# Seat 0 leads 3♣ 9♠ 9♦ A♥ against 6♣ J♣ 2♣ (§4: no bomb, so nothing beats the pair). The pair
# first wins: the opponent passes, and whatever it plays on the 3♣ next, the A♥ beats or follows
# it. The 3♣ first (Normal's lowest piece) loses: the 6♣ goes on it, and the 2♣ and J♣ outlast the
# 9s and the A♥.
WON = ["3♣ 9♠ 9♦ A♥", "6♣ J♣ 2♣"]


def test_the_solver_finds_the_forced_win() -> None:
    mine, theirs = mask(WON[0]), mask(WON[1])
    solver = Endgames()
    assert solver.wins(mine, theirs, 0) is True
    pair = mask("9♠ 9♦")
    assert solver.wins(theirs, mine ^ pair, pair) is False, "after the pair the opponent loses"
    three = mask("3♣")
    assert solver.wins(theirs, mine ^ three, three) is True, "after the 3♣ the opponent wins"
    assert solver.wins(theirs, mine, 0) is True, "leading, the opponent's 2♣ wins it the game"


def test_normal_misses_the_win_and_hard_plays_it() -> None:
    state = position(WON, seen_all=True)  # every other card played: the opponent's hand is known
    assert decide(normal, state) == "3♣"
    assert decide(hard, state) == "9♠ 9♦"


def test_a_spent_budget_gives_up_instead_of_guessing() -> None:
    solver = Endgames(budget=3)
    big, other = mask("3♠ 4♣ 5♦ 7♥ 8♠ 9♣ J♦ Q♥"), mask("3♦ 5♠ 6♥ 8♦ 10♣ K♠ A♥ 2♠")
    assert solver.wins(big, other, 0) is None
    assert solver.wins(mask("5♠"), other, 0) is None, "spent: the later solves give up too"
    assert Endgames().wins(mask("5♠"), other, 0) is True, "a lone card leads and goes out"


@cache
def _exhaustive(state: State, seat: int) -> bool:
    """Whether ``seat`` of a 2-player game goes out first, both players playing their best,
    over every legal action of the engine (GAME.legal_actions, GAME.apply)."""
    if GAME.is_over(state):
        return state.orders[-1][0] == seat
    (mover,) = GAME.to_act(state)
    outcomes = (_exhaustive(GAME.apply(state, mover, a), seat)
                for a in GAME.legal_actions(state, mover))
    return any(outcomes) if mover == seat else all(outcomes)


def two_hands(rng: random.Random, sizes: tuple[int, int], table: bool) -> State:
    """2 players with hands of these sizes (every other card played), seat 0 to act: on a
    single seat 1 played, or leading."""
    deck = rng.sample(range(52), sum(sizes) + 1)
    hands = [" ".join(str(CARDS[c]) for c in deck[:sizes[0]]),
             " ".join(str(CARDS[c]) for c in deck[sizes[0]:sum(sizes)])]
    state = GAME.new_match(2, 0, deal=hands)
    top = 1 << VAL[deck[-1]] if table else 0
    return dataclasses.replace(state, table=top, owner=1 if table else -1, turn=0, required=0,
                               played=FULL & ~state.hands[0] & ~state.hands[1], dealt=FULL)


def test_the_solver_agrees_with_an_exhaustive_search_over_the_rules() -> None:
    rng = random.Random(11)
    checked = {True: 0, False: 0}
    for i in range(120):
        state = two_hands(rng, (rng.randint(1, 4), rng.randint(1, 4)), table=i % 3 == 0)
        legal = GAME.legal_actions(state, 0)
        solver = Endgames()
        best = _exhaustive(state, 0)
        checked[best] += 1
        points = [endgame_points(state, 0, a.mask if isinstance(a, Combo) else 0, solver)
                  for a in legal]
        for action, got in zip(legal, points, strict=True):
            assert got == int(_exhaustive(GAME.apply(state, 0, action), 0)), (state, action)
        assert max(p for p in points if p is not None) == int(best)
        if state.table:
            assert PASS in legal
    assert min(checked.values()) > 20, "won and lost positions both met"


@cache
def _against_normal(state: State, seat: int) -> bool:
    """Whether ``seat`` of a 2-player game goes out first playing its best while the other
    plays as ``fast_normal`` does, over the engine's legal actions."""
    if GAME.is_over(state):
        return state.orders[-1][0] == seat
    (mover,) = GAME.to_act(state)
    if mover == seat:
        return any(_against_normal(GAME.apply(state, seat, a), seat)
                   for a in GAME.legal_actions(state, seat))
    play = fast_normal(state.hands, mover, state.table,
                       classify(state.table) if state.table else None, state.played)
    return _against_normal(GAME.apply(state, mover, Combo(play) if play else PASS), seat)


def test_against_normal_the_search_agrees_with_playing_every_choice_out() -> None:
    rng = random.Random(12)
    outcomes = {True: 0, False: 0}
    beyond = 0  # won against Normal, lost against the best replies
    for i in range(150):
        state = two_hands(rng, (rng.randint(1, 4), rng.randint(1, 4)), table=i % 3 == 0)
        solver = Endgames(policy=fast_normal)
        for action in GAME.legal_actions(state, 0):
            got = endgame_points(state, 0, action.mask if isinstance(action, Combo) else 0,
                                 solver)
            after = GAME.apply(state, 0, action)
            want = _against_normal(after, 0)
            assert got == int(want), (state, action)
            outcomes[want] += 1
            beyond += want and not _exhaustive(after, 0)
    assert min(outcomes.values()) > 50
    assert beyond > 0, "Normal's replies leave wins a perfect opponent would not"


def test_the_last_two_of_three_players_are_solved_for_the_place_left() -> None:
    """Seat 2 went out first (2 place points); seat 0 and seat 1 play for 2nd (1 point) and 3rd."""
    state = position(["3♣ 9♠ 9♦ A♥", "6♣ J♣ 2♣", "5♥"], seen_all=True)
    state = dataclasses.replace(state, hands=(*state.hands[:2], 0), finished=(2,))
    solver = Endgames()
    assert endgame_points(state, 0, mask("9♠ 9♦"), solver) == 1
    assert endgame_points(state, 0, mask("3♣"), solver) == 0
    # seat 2 went out on a 5♥: a pass leaves seat 1 to answer a table nobody left owns, which
    # the solver's positions (two hands and a table one of them played) do not describe
    on_five = dataclasses.replace(state, table=mask("5♥"), owner=2)
    assert endgame_points(on_five, 0, 0, solver) is None
    assert endgame_points(on_five, 0, mask("A♥"), solver) == 0, "the 2♣ takes it, then 6♣ J♣"
