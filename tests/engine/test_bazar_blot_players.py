"""Bazar Blot computer players: decisions on literal deals (bidding from the hand's strength, the
partner's bid, Quansh and Sur, leading trumps as declarer, feeding a winning partner, throwing the
cheapest card) and legality over whole matches (decision time: bench/bazar_blot_strength.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.bazar_blot import GAME, PASS, QUANSH, SUR, Bid
from engine.cards import parse_card
from engine.players import player_for
from engine.players.bazar_blot import PLAYERS, easy, normal, strain_estimates
from engine.tricks import Play

H, S, D, C = 2, 3, 1, 0

# Dealer 3: seat 0 speaks first and leads. Seat 0 is strong in hearts, seat 1 weak.
DEAL_A = [
    "J♥ 9♥ A♥ 10♥ A♠ A♦ 7♣ 8♣",
    "7♠ 8♠ 10♠ 7♦ 8♦ 10♦ 9♣ K♣",
    "7♥ 8♥ K♠ Q♠ K♦ Q♦ A♣ 10♣",
    "J♠ 9♠ J♦ 9♦ K♥ Q♥ J♣ Q♣",
]
# Seat 2 holds the top spades and three aces against seat 1's spades.
DEAL_Q = [
    "7♠ 8♠ 7♥ 8♥ 7♦ 8♦ 7♣ 8♣",
    "K♠ Q♠ 9♥ 10♥ 9♦ 10♦ 9♣ 10♣",
    "J♠ 9♠ A♠ 10♠ A♥ A♦ A♣ K♥",
    "",
]


def start(deal: list[str], calls: list[tuple[int, Any]] = ()) -> Any:  # type: ignore[assignment]
    state = GAME.new_match(4, 1, deal=_complete(deal), first_dealer=3)
    for seat, action in calls:
        state = GAME.apply(state, seat, action)
    return state


def _complete(deal: list[str]) -> list[str]:
    deck = [f"{r}{s}" for s in "♠♥♦♣" for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
    used = {c for hand in deal for c in hand.split()}
    rest = [c for c in deck if c not in used]
    hands = []
    for hand in deal:
        cards = hand.split()
        while len(cards) < 8:
            cards.append(rest.pop(0))
        hands.append(" ".join(cards))
    return hands


def decide(player: Any, state: Any, seed: int = 0) -> Any:
    (seat,) = GAME.to_act(state)
    return player(GAME.observation(state, seat), GAME.legal_actions(state, seat), random.Random(seed))


def card(text: str) -> Play:
    return Play(parse_card(text))


def test_players_are_registered() -> None:
    assert set(PLAYERS) == {"easy", "normal", "hard"}
    assert player_for("normal", "bazar_blot") is normal and player_for("easy", "bazar_blot") is easy


def test_a_strong_trump_hand_opens_at_the_lowest_level_in_its_suit() -> None:
    state = start(DEAL_A)
    obs = GAME.observation(state, 0)
    from engine.cards import mask_of
    estimates = strain_estimates(obs, mask_of(obs.hand))
    assert max(estimates, key=estimates.__getitem__) == H and estimates[H] >= 120
    assert decide(normal, state) == Bid(8, H)
    assert all(decide(easy, state, seed) == Bid(8, H) for seed in range(10))


def test_a_weak_hand_passes_and_a_partner_does_not_outbid_a_fitting_bid() -> None:
    state = start(DEAL_A, [(0, Bid(8, H))])
    assert decide(normal, state) == PASS  # seat 1: nothing
    state = GAME.apply(state, 1, PASS)
    assert decide(normal, state) == PASS  # seat 2: the partner holds 8♥, seat 2 has 7♥ 8♥


def test_quansh_on_an_opposing_bid_the_defence_expects_to_beat() -> None:
    state = start(DEAL_Q, [(0, PASS), (1, Bid(14, S))])
    assert decide(normal, state) == QUANSH  # seat 2: J♠ 9♠ A♠ 10♠ and three aces
    assert decide(easy, state) != QUANSH  # easy never doubles
    state = start(DEAL_Q, [(0, PASS), (1, Bid(8, C))])
    assert decide(normal, state) != QUANSH  # 8♣ needs only 80: no double on it


def test_sur_with_a_contract_made_with_room() -> None:
    # Seat 0 bids 8♥ with J 9 A 10 of hearts and two aces; seat 1 says Quansh; seat 2 passes.
    state = start(DEAL_A, [(0, Bid(8, H)), (1, QUANSH), (2, PASS)])
    assert GAME.to_act(state) == {0}
    assert decide(normal, state) == SUR
    assert decide(easy, state) == PASS


def test_the_declarer_leads_its_master_trump() -> None:
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS)])
    assert decide(normal, state) == card("J♥")


def test_a_partner_holding_the_trick_is_given_points_and_a_loser_throws_its_cheapest() -> None:
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS),
                           (0, card("A♠")), (1, card("7♠"))])
    assert decide(normal, state) == card("K♠")  # seat 2: A♠ is the master, K♠ gives 4
    assert decide(easy, state) == card("Q♠")
    state = GAME.apply(state, 2, card("K♠"))
    assert decide(normal, state) == card("9♠")  # seat 3 cannot beat A♠: 9♠ (0), not J♠ (2)


def test_the_last_player_throws_its_cheapest_card_when_it_cannot_win() -> None:
    # 8♥ by seat 0; 7♣, 9♣, 10♣: seat 3 holds J♣ Q♣, neither beats the 10♣ (A 10 K Q J):
    # it throws J♣ (2 points), not Q♣ (3).
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS),
                           (0, card("7♣")), (1, card("9♣")), (2, card("10♣"))])
    assert decide(normal, state) == card("J♣")


def test_a_last_player_who_cannot_beat_the_master_keeps_its_ten() -> None:
    # 8♥ by seat 0. Trick 1: 8♣ 9♣ A♣ Q♣, seat 2 wins and leads Q♦; seat 3 9♦, seat 0 A♦ (its
    # only diamond). Seat 1, last, holds 10♦ 8♦ 7♦ and cannot beat A♦: it throws 7♦.
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS),
                           (0, card("8♣")), (1, card("9♣")), (2, card("A♣")), (3, card("Q♣")),
                           (2, card("Q♦")), (3, card("9♦")), (0, card("A♦"))])
    assert decide(normal, state) == card("7♦")
    assert decide(easy, state) == card("7♦")


def test_a_player_takes_a_trick_with_its_cheapest_sure_winner() -> None:
    # 8♥ by seat 0. Seat 0 leads 7♣, seat 1 (the opponent) 9♣. Seat 2 holds A♣ 10♣: with its
    # own A♣ the 10♣ is the highest club still out, a sure winner that costs less than the ace.
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS),
                           (0, card("7♣")), (1, card("9♣"))])
    assert decide(normal, state) == card("10♣")
    assert decide(easy, state) == card("A♣")  # easy wins with its highest card


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_players_play_whole_matches_legally(level: str) -> None:
    player = PLAYERS[level]
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_match(4, seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            obs = GAME.observation(state, seat)
            action = player(obs, legal, rng)
            assert action in legal
            state = GAME.apply(state, seat, action)
