"""Bazar Blot computer players: decisions on literal deals (bidding from the hand's strength, the
partner's bid, Quansh and Sur, leading trumps as declarer, feeding a winning partner, throwing the
cheapest card) and legality over whole matches (decision time: bench/bazar_blot_strength.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from engine.bazar_blot import (
    GAME,
    PASS,
    QUANSH,
    SUR,
    Bid,
    IllegalAction,
    legal_mask,
    normal_card,
    playout,
    world_state,
)
from engine.cards import CARDS, SUIT_MASKS, cards_of, mask_of, parse_card
from engine.players import player_for
from engine.players.bazar_blot import (
    PLAYERS,
    Position,
    easy,
    hard,
    knowledge,
    make_hard,
    normal,
    normal_call,
    sample_hands,
    strain_estimates,
)
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


# --- hard --------------------------------------------------------------------------------------

SMALL = make_hard(3, 2)  # a small budget: the same code paths, fast enough for many positions


def _positions(seeds: range, keep: float = 0.5) -> list[Any]:
    """States at decisions of every phase, from deals played by Normal with random detours."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new_match(4, seed)
        while not state.results:
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            if rng.random() < keep:
                found.append(state)
            action = normal(GAME.observation(state, seat), legal, rng)
            if rng.random() < 0.2:
                action = legal[rng.randrange(min(len(legal), 12))]
            state = GAME.apply(state, seat, action)
    return found


@pytest.mark.slow
def test_hard_is_registered_and_always_legal() -> None:
    assert PLAYERS["hard"] is hard
    states = _positions(range(40), keep=0.3)
    assert {s.phase for s in states} >= {"auction", "sur", "play"}
    for k, state in enumerate(states):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        player = hard if k % 10 == 0 else SMALL
        assert player(GAME.observation(state, seat), legal, random.Random(k)) in legal


def test_hard_is_deterministic() -> None:
    for k, state in enumerate(_positions(range(6), keep=0.2)):
        (seat,) = GAME.to_act(state)
        obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
        assert SMALL(obs, legal, random.Random(k)) == SMALL(obs, legal, random.Random(k))


def test_hard_calls_by_normal_rule_at_its_default_budget_and_searches_cards() -> None:
    assert decide(hard, start(DEAL_A)) == Bid(8, H)  # seat 0: J 9 A 10 of hearts, two aces
    assert decide(hard, start(DEAL_A, [(0, Bid(8, H))])) == PASS  # seat 1: nothing
    state = start(DEAL_A, [(0, Bid(8, H)), (1, PASS), (2, PASS), (3, PASS)])
    obs, legal = GAME.observation(state, 0), GAME.legal_actions(state, 0)
    picks = {hard(obs, legal, random.Random(seed)) for seed in range(3)}
    assert picks <= set(legal)


def _replayed(state: Any, hands: list[int]) -> Any:
    """The deal of ``state`` again, the seats holding ``hands`` now (and what they played), with
    the same calls and cards; None if a card could not be played."""
    dealt = list(hands)
    for leader, cards, _ in (*state.tricks, (state.leader, state.trick, 0)):
        for i, c in enumerate(cards):
            dealt[(leader + i) % 4] |= 1 << c
    deal = [" ".join(str(CARDS[c]) for c in cards_of(m)) for m in dealt]
    again = GAME.new_match(4, state.seed, deal=deal, first_dealer=state.dealer)
    for seat, action in state.calls:
        again = GAME.apply(again, seat, action)
    try:
        for leader, cards, _ in (*state.tricks, (state.leader, state.trick, 0)):
            for i, c in enumerate(cards):
                again = GAME.apply(again, (leader + i) % 4, Play(CARDS[c]))
    except IllegalAction:
        return None
    return again


@pytest.mark.slow
def test_no_cheat_hidden_cards_redistributed_give_the_same_action() -> None:
    checked = 0
    for k, state in enumerate(_positions(range(30), keep=0.15)):
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        rng = random.Random(k)
        for _ in range(10):
            other = _replayed(state, sample_hands(obs, rng))
            if other is None or other.hands == state.hands:
                continue
            if GAME.observation(other, seat) != obs:
                continue  # e.g. an announcement the new hands would not make
            legal = GAME.legal_actions(state, seat)
            assert GAME.legal_actions(other, seat) == legal
            player = hard if k % 8 == 0 else SMALL
            assert player(obs, legal, random.Random(k)) == player(
                GAME.observation(other, seat), legal, random.Random(k))
            checked += 1
            break
    assert checked >= 40


def test_sampled_worlds_fit_the_observation() -> None:
    for k, state in enumerate(_positions(range(40), keep=0.3)):
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        forbidden, known = knowledge(obs)
        # what the seat infers holds in the real deal
        assert all(not forbidden[s] & state.hands[s] for s in range(4))
        assert all(known[s] & state.hands[s] == known[s] for s in range(4))
        played = mask_of(c for t in obs.tricks for _, c in t.cards) | mask_of(
            c for _, c in obs.trick)
        hands = sample_hands(obs, random.Random(k))
        assert hands[seat] == mask_of(obs.hand)
        assert [h.bit_count() for h in hands] == list(obs.hand_sizes)
        assert not played & (hands[0] | hands[1] | hands[2] | hands[3])
        assert sum(h.bit_count() for h in hands) + played.bit_count() == 32
        for record in (*obs.tricks, None):  # a seat that did not follow holds none of the suit
            plays = record.cards if record is not None else obs.trick
            for s, c in plays[1:]:
                if c // 13 != plays[0][1] // 13:
                    assert not hands[s] & SUIT_MASKS[plays[0][1] // 13]
        for combo in obs.combinations:
            assert all(hands[combo.seat] >> c & 1 or played >> c & 1 for c in combo.cards)
        if obs.blot is not None:
            trump = obs.trump
            assert trump is not None
            pair = mask_of((CARDS[trump * 13 + 11], CARDS[trump * 13 + 10]))
            assert not pair & ~played & ~hands[obs.blot]
        world = world_state(obs, hands)
        assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
        seen = GAME.observation(world, seat)
        same = ("history", "announced") if obs.phase == "play" else ("history",)
        assert all(getattr(seen, f) == getattr(obs, f) for f in obs.__dataclass_fields__
                   if f not in same)


def test_a_world_built_from_the_real_hands_shows_the_same_observation() -> None:
    for state in _positions(range(20), keep=0.3):
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        world = world_state(obs, list(state.hands))
        assert GAME.observation(world, seat) == dataclasses.replace(obs, history=())
        if state.phase == "play":
            assert world.combo_team == state.combo_team and world.blot_seat == state.blot_seat


def test_normal_call_and_normal_card_are_normal_on_ints() -> None:
    for state in _positions(range(40), keep=1.0):
        (seat,) = GAME.to_act(state)
        obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
        expected = normal(obs, legal, random.Random(0))
        if state.phase == "play":
            voids = [sum(1 << s for s in v) for v in Position(obs).voids]
            others = (state.hands[0] | state.hands[1] | state.hands[2] | state.hands[3]) \
                & ~state.hands[seat]
            mask = legal_mask(state.hands[seat], state.trick, state.leader, state.trump, seat)
            assert normal_card(state.hands[seat], mask, others, state.trick, state.leader, seat,
                               state.strain, voids, state.contract.team == seat % 2
                               ) == expected.card
        else:
            assert normal_call(state, {}) == expected


def test_playout_scores_a_whole_deal() -> None:
    for state in _positions(range(10), keep=0.3):
        if state.phase != "play":
            continue
        a, b = playout(state, (0, 0, 0, 0), -1, random.Random(0))
        assert a >= 0 and b >= 0 and a + b > 0
