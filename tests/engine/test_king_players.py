"""King computer players: decisions on literal positions (issue 13), whole matches of legal
play that see only the observation, and the searching Hard (issue 17): its sampled worlds, its
determinism, and that it cannot see hidden cards."""

from __future__ import annotations

import random

import pytest

from engine import king
from engine.cards import CARDS, SUITS, parse_card, parse_cards
from engine.players import player_for, random_player
from engine.players.king import (
    PLAYERS,
    choose_trump,
    easy,
    hard,
    make_hard,
    normal,
    read_known,
    sample_hands,
)
from engine.tricks import Play

GAME = king.GAME


def fill(given: dict[int, str], voids: dict[int, str] | None = None) -> list[str]:
    """Four 13-card hands: the cards given, the rest dealt in order to the seats short of 13,
    never in a suit a seat must be void in (``voids``: seat -> suit letters)."""
    voids = voids or {}
    hands = {s: [str(c) for c in parse_cards(given.get(s, ""))] for s in range(4)}
    used = {c for h in hands.values() for c in h}
    rest = [str(c) for c in CARDS if str(c) not in used]
    voided = set("".join(voids.values()))
    rest.sort(key=lambda card: card[-1] in voided)  # the suits some seat may not take go last
    for card in rest:
        seat = min((s for s in range(4) if len(hands[s]) < 13 and card[-1] not in voids.get(s, "")),
                   key=lambda s: (-(s in voids), len(hands[s])))
        hands[seat].append(card)
    return [" ".join(hands[s]) for s in range(4)]


def position(hands: list[str], contract: str, moves: str = "") -> king.KingState:
    """Seat 0 declares and leads (the dealer is seat 3); ``moves`` are played in turn."""
    state = GAME.new_match(4, 1, deal=hands, contracts=contract, first_dealer=3)
    for code in moves.split():
        (seat,) = GAME.to_act(state)
        action = GAME.parse_action(code if ":" in code else "play:" + code)
        state = GAME.apply(state, seat, action)
    return state


def decide(player, state: king.KingState, seed: int = 0) -> str:  # type: ignore[no-untyped-def]
    (seat,) = GAME.to_act(state)
    legal = GAME.legal_actions(state, seat)
    action = player(GAME.observation(state, seat), legal, random.Random(seed))
    assert action in legal
    return str(action).removeprefix("play:")


def test_players_are_found_by_the_games_name() -> None:
    assert player_for("easy", "king") is easy and player_for("normal", "king") is normal
    assert player_for("hard", "king") is hard


def test_easy_ducks_a_trick_it_can_duck_in_no_tricks() -> None:
    hands = fill({0: "TS 2C", 1: "9S AS 3C"}, voids={1: "S"})
    state = position(hands, "NT", "TS")
    assert {decide(easy, state, seed) for seed in range(30)} == {"9S"}


def test_easy_plays_freely_where_the_trick_costs_nothing() -> None:
    hands = fill({0: "TS 2C", 1: "9S AS 3C"}, voids={1: "S"})
    state = position(hands, "L2", "TS")  # trick 1 of the last-two deal is free
    assert {decide(easy, state, seed) for seed in range(40)} > {"9S"}


def test_normal_follows_with_the_highest_card_that_ducks() -> None:
    hands = fill({0: "TS 2C", 1: "2S 9S AS 3C"}, voids={1: "S"})
    state = position(hands, "NT", "TS")
    assert decide(normal, state) == "9S"


def test_normal_last_to_play_wins_with_its_highest_harmless_card() -> None:
    # queens: spades led low, seat 3 holds only higher spades and the Q♠; the trick is its own
    hands = fill({0: "2S 2C", 1: "3S 3C", 2: "4S 4C", 3: "KS AS QD 5C"}, voids={3: "S"})
    state = position(hands, "QN", "2S 3S 4S")
    assert decide(normal, state) == "AS"


def test_normal_dumps_its_queen_when_void() -> None:
    hands = fill({0: "2C 3C", 1: "QD 2H AD"}, voids={1: "C"})
    state = position(hands, "QN", "2C")
    assert decide(normal, state) == "QD"  # the rule forces it; the player agrees
    state = position(hands, "NT", "2C")
    assert decide(normal, state) == "AD"  # no penalty cards: the highest card goes


def test_normal_dumps_the_ace_guarding_the_king_of_hearts() -> None:
    hands = fill({0: "2C 3C", 1: "AH 3H 4D", 2: "KH"}, voids={1: "C"})
    state = position(hands, "KH", "2C")
    assert decide(normal, state) == "AH"


def test_normal_leads_low_in_a_negative_deal() -> None:
    hands = fill({0: "2S AS AH AD AC"})
    state = position(hands, "NT")
    assert decide(normal, state) == "2S"


def test_normal_sheds_high_cards_early_in_the_last_two_deal() -> None:
    hands = fill({0: "2S AS KH 3D"})
    state = position(hands, "L2")
    assert parse_card(decide(normal, state)).rank == 14


def test_normal_names_the_trump_from_length_and_honours() -> None:
    hand = [int(c) for c in parse_cards("AS KS QS 7S 5S 3S AH KH 2D 3D 4D 2C 3C")]
    assert SUITS[choose_trump(hand)] == "S"
    hand = [int(c) for c in parse_cards("AH KH QH JH 2S 3S 4S 5S 2D 3D 4D 2C 3C")]
    assert SUITS[choose_trump(hand)] == "H"  # four hearts with honours beat four low spades
    hands = fill({0: "AS KS QS 7S 5S 3S AH KH 2D 3D 4D 2C 3C"})
    state = position(hands, "TR")
    assert decide(normal, state) == "trump:S"


def test_normal_draws_trumps_with_the_top_trump() -> None:
    # trumps ♥; seat 1, void in clubs, ruffs the first trick and leads with the A♥ still in hand
    hands = fill({0: "AC", 1: "3H AH 2D", 2: "3C", 3: "4C"}, voids={1: "CH"})
    state = position(hands, "TR", "trump:H AC 3H 3C 4C")
    assert GAME.to_act(state) == frozenset({1}) and GAME.observation(state, 1).trumps_broken
    assert decide(normal, state) == "AH"


def test_normal_last_to_play_wins_as_cheaply_as_it_can() -> None:
    hands = fill({0: "QC", 1: "2C", 2: "3C", 3: "KC AC 4C"}, voids={3: "C"})
    state = position(hands, "TE", "QC 2C 3C")
    assert decide(normal, state) == "KC"


def test_normal_keeps_its_scored_cards_when_it_cannot_win_take_everything() -> None:
    hands = fill({0: "AC", 1: "2C", 2: "QH 2D KS"}, voids={2: "CHD"})
    state = position(hands, "TE", "AC 2C")
    assert decide(normal, state) == "2D"


def test_normal_ruffs_with_the_lowest_trump_that_wins() -> None:
    hands = fill({0: "AC 2H", 1: "KC", 2: "5H 9H QH 2D"}, voids={2: "CH"})
    state = position(hands, "TR", "trump:H AC KC")
    assert decide(normal, state) == "5H"


@pytest.mark.parametrize("level", ["easy", "normal"])
@pytest.mark.parametrize("seed", range(4))
def test_whole_matches_of_legal_play(level: str, seed: int) -> None:
    player = PLAYERS[level]
    rng = random.Random(seed)
    state = GAME.new_match(4, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = player(GAME.observation(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
    assert sum(GAME.scores(state)) == 0


def test_normal_is_deterministic() -> None:
    state = GAME.new_match(4, 3)
    (seat,) = GAME.to_act(state)
    obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
    assert {str(normal(obs, legal, random.Random(s))) for s in range(10)} == {
        str(normal(obs, legal, random.Random(0)))}
    assert isinstance(normal(obs, legal, random.Random(0)), Play)


def test_normal_last_on_a_free_trick_sheds_a_high_card() -> None:
    # no queens in the trick and none to add: winning it costs nothing, so the A♠ goes
    hands = fill({0: "5S 2C", 1: "3S 3C", 2: "4S 4C", 3: "2S AS 5C"}, voids={3: "S"})
    state = position(hands, "QN", "5S 3S 4S")
    assert decide(normal, state) == "AS"
    state = position(hands, "NT", "5S 3S 4S")
    assert decide(normal, state) == "2S"  # every trick costs in NT: duck


# --- the searching Hard ---------------------------------------------------------------------

def positions(count: int, seed: int) -> list[king.KingState]:
    """Random positions of every contract, the trump choice included, from quick mixed play."""
    rng = random.Random(seed)
    out = []
    for k in range(count):
        contract = king.DEFAULT_ORDER[k % len(king.DEFAULT_ORDER)]
        state = GAME.new_match(4, rng.randrange(1 << 30), contracts=contract)
        for _ in range(rng.randrange(52)):
            if GAME.is_over(state):
                break
            (seat,) = GAME.to_act(state)
            player = rng.choice((easy, normal, random_player))
            state = GAME.apply(state, seat, player(GAME.observation(state, seat),
                                                   GAME.legal_actions(state, seat), rng))
        if not GAME.is_over(state):
            out.append(state)
    return out


def test_sampled_worlds_agree_with_the_observation() -> None:
    """Own hand exact, counts right, no played card, and what the plays prove holds: the real
    hands are always among the hands the sampler may deal."""
    for state in positions(200, 1):
        if state.phase != "play":
            continue
        (seat,) = GAME.to_act(state)
        known = read_known(GAME.observation(state, seat))
        for other in range(4):
            if other != seat:
                assert not state.hands[other] & ~known.allowed[other]
        for n in range(3):
            hands = sample_hands(known, random.Random(n))
            assert hands[seat] == state.hands[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
            assert sum(hands) == sum(state.hands)  # disjoint, and exactly the unplayed cards
            assert all(not hands[o] & ~known.allowed[o] for o in range(4) if o != seat)


def test_hard_is_legal_and_deterministic() -> None:
    for state in positions(48, 2):
        (seat,) = GAME.to_act(state)
        obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
        action = hard(obs, legal, random.Random(5))
        assert action in legal
        assert hard(obs, legal, random.Random(5)) == action


@pytest.mark.parametrize("seed", range(2))
def test_whole_matches_of_legal_hard_play(seed: int) -> None:
    player, rng = make_hard(3, 3), random.Random(seed)
    state = GAME.new_match(4, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        action = player(GAME.observation(state, seat), legal, rng)
        assert action in legal
        state = GAME.apply(state, seat, action)
    assert sum(GAME.scores(state)) == 0


def test_hard_cannot_see_hidden_cards() -> None:
    """The other seats' hands re-dealt within what the seat knows: the observation is the same,
    and so is Hard's action with the same seed (the trump choice included)."""
    compared = 0
    for i, state in enumerate(positions(60, 3)):
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        other = state.copy()
        other.hands = tuple(sample_hands(read_known(obs), random.Random(1000 + i)))
        if other.hands == state.hands:
            continue
        assert GAME.observation(other, seat) == obs
        assert hard(obs, GAME.legal_actions(state, seat), random.Random(i)) == hard(
            GAME.observation(other, seat), GAME.legal_actions(other, seat), random.Random(i))
        compared += 1
    assert compared >= 40


def test_hard_names_the_trump_without_seeing_hidden_cards() -> None:
    for seed in range(6):
        state = GAME.new_match(4, seed, contracts="TR")
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        other = state.copy()
        other.hands = tuple(sample_hands(read_known(obs), random.Random(seed)))
        assert other.hands != state.hands and GAME.observation(other, seat) == obs
        action = hard(obs, GAME.legal_actions(state, seat), random.Random(seed))
        assert str(action).startswith("trump:")
        assert action == hard(GAME.observation(other, seat), GAME.legal_actions(other, seat),
                              random.Random(seed))
