"""Hearts computer players: the deterministic tests A-1 … A-10 of shared/rules/hearts.md §9.3,
legality over random play (T-AI-1), no peeking (T-AI-2), and the searching Hard: its sampled
worlds, its determinism and that it cannot see hidden cards. Decision speed (T-AI-3) is printed by
bench/ai_strength.py and bench/ai_latency.py, not asserted.

Positions are reached by real play from literal deals. The spec's hands are the cards that
decide; where a position needs more cards (trick 5 with 9 cards in hand) the extra ones are chosen
so that they change neither the legal set nor the decision, as each test's comment says.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import pytest

from engine import IllegalAction
from engine.cards import CARDS, cards_of, mask_of, parse_card, parse_cards
from engine.hearts import GAME, Action, Pass, State
from engine.players import Player, player_for, random_player
from engine.players.hearts import (
    PLAYERS,
    defensive,
    easy,
    hard,
    make_hard,
    moon_threat,
    normal,
    normal_card_of,
    pass_candidates,
    read_known,
    read_table,
    sample_hands,
    worlds_of,
)
from engine.tricks import PLAYS, Play

RNG_SEED = 7


def reach(deal: Sequence[str], plays: str) -> State:
    """Deal the four literal hands (seat 0 first), no passing, and play ``plays`` in turn."""
    state = GAME.new_match(4, 1, deal=list(deal), passing=False)
    for code in plays.split():
        seat = next(iter(GAME.to_act(state)))
        state = GAME.apply(state, seat, PLAYS[parse_card(code)])
    return state


def decide(player: Player, state: State) -> str:
    """The card (or passed cards) ``player`` chooses for the seat to act."""
    seat = min(GAME.to_act(state))
    legal = GAME.legal_actions(state, seat)
    action = player(GAME.observation(state, seat), legal, random.Random(RNG_SEED))
    assert action in legal
    if isinstance(action, Pass):
        return " ".join(sorted(str(c) for c in cards_of(action.cards)))
    assert isinstance(action, Play)
    return str(CARDS[action.card])


def legal_cards(state: State) -> set[str]:
    seat = min(GAME.to_act(state))
    return {str(CARDS[a.card]) for a in GAME.legal_actions(state, seat) if isinstance(a, Play)}


def hand(state: State, seat: int) -> set[str]:
    return {str(c) for c in cards_of(state.hands[seat])}


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


# --- A-1 … A-10 --------------------------------------------------------------------------------

# Seat 1 is void in diamonds and breaks hearts in trick 2; trick 3 is 5♥ (seat 2), 9♥ (seat 3),
# and seat 0 holds 3♥ K♥ 4♣ plus non-hearts, so its legal set is {3♥, K♥} as in the spec.
A1 = ["2C 4C 7C 8C 3D 5D 6D 7D 3H KH 2S 3S 4S",
      "5C 9C TC 2H 4H 6H 7H 5S 6S 7S 8S 9S TS",
      "6C JC 4D 8D 9D TD 5H 8H TH JS QS KS AS",
      "AC 3C QC KC 2D JD QD KD AD 9H JH QH AH"]


def test_a1_easy_does_not_take_points_it_sees() -> None:
    s = reach(A1, "2C 5C 6C AC  2D 3D 2H 4D  5H 9H")
    assert s.broken and cards("3H KH 4C") <= hand(s, 0)
    assert legal_cards(s) == cards("3H KH")
    for seed in range(20):  # Easy is random: the only safe card, every time
        legal = GAME.legal_actions(s, 0)
        assert easy(GAME.observation(s, 0), legal, random.Random(seed)) == PLAYS[parse_card("3H")]


def pass_position(held: str) -> State:
    """Deal 1 passes left; seat 0 holds exactly ``held``, the rest go round in card order."""
    mine = mask_of(parse_cards(held))
    rest = [str(c) for c in cards_of(((1 << 52) - 1) & ~mine)]
    deal = [held, " ".join(rest[0:13]), " ".join(rest[13:26]), " ".join(rest[26:39])]
    state = GAME.new_match(4, 1, deal=deal)
    assert state.phase == "pass" and hand(state, 0) == cards(held)
    return state


@pytest.mark.parametrize("player", [normal, defensive])
def test_a2_normal_passes_the_most_dangerous_cards(player: Player) -> None:
    s = pass_position("QS AS KH AD 2C 3C 4C 5D 6D 7D 8H 9H TS")
    assert decide(player, s) == "AS KH QS"  # K♥ before A♦: equal danger, the higher suit
    s = pass_position("QS AS QH AD 2C 3C 4C 5D 6D 7D 8H 9H TS")
    assert decide(player, s) == "AD AS QS"  # Q♥ is only 13


# Trick 4: seat 1 leads 7♣, seat 2 10♣, seat 3 8♣; seat 0 holds 3♣ 9♣ J♣ A♣ and no other club.
A3 = ["2C 3C 9C JC AC 2D 3D 2S 3S 2H 3H 4H 5H",
      "4C 7C QC 5D 7D 8D 9D 6S 7S 8S 9S 6H 7H",
      "5C TC KC 6D TD JD QD 4S TS JS QS 8H 9H",
      "6C 8C 4D KD AD 5S KS AS TH JH QH KH AH"]


@pytest.mark.parametrize("player", [normal, defensive])
def test_a3_normal_ducks_with_its_highest_losing_card(player: Player) -> None:
    s = reach(A3, "2C 4C 5C 6C  4D 2D 5D 6D  4S 5S 2S 6S  7C TC 8C")
    assert len(s.tricks) == 3 and hand(s, 0) & cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC") \
        == cards("3C 9C JC AC")
    assert decide(player, s) == "9C"


# Trick 2: seat 3 leads 3♠, seat 0 plays K♠, seat 1 4♠; seat 2 holds Q♠ 5♠ and no other spade.
A4 = ["8C 9C TC 5D 6D 7D 7H 8H KS 2S 6S 7S 2C",
      "3C JC QC 8D 9D TD JD 9H TH JH 4S 8S 9S",
      "4C 6C 7C 2D 3D 4D 2H 3H 4H 5H 6H QS 5S",
      "5C KC AC QD KD AD QH KH AH 3S TS JS AS"]


@pytest.mark.parametrize("player", [normal, defensive])
def test_a4_normal_drops_the_queen_under_the_king(player: Player) -> None:
    s = reach(A4, "2C 3C 4C 5C  3S KS 4S")
    assert hand(s, 2) & cards("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS") == cards("QS 5S")
    assert decide(player, s) == "QS"


# Trick 5: seat 3 leads 2♦, seat 0 plays 3♦; seat 1 holds Q♠ A♥ 3♣, 4♠ and five low hearts and
# no diamond. The Q♠ goes first whatever else is in hand.
A5 = ["2C 9C JC 3D 4D 5D 6D 7D 7S 8S JS 7H 8H",
      "3C 4C 5C 2S 3S 4S QS 2H 3H 4H 5H 6H AH",
      "6C TC QC 8D 9D TD JD 5S 9S KS 9H TH JH",
      "7C 8C KC AC 2D QD KD AD 6S TS AS QH KH"]


@pytest.mark.parametrize("player", [normal, defensive])
def test_a5_normal_discards_the_queen_of_spades(player: Player) -> None:
    s = reach(A5, "2C 4C 6C 7C  8C 9C 5C TC  5S 6S 7S 2S  8S 3S 9S TS  2D 3D")
    assert len(s.tricks) == 4 and cards("QS AH 3C") <= hand(s, 1)
    assert not hand(s, 1) & cards("2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")
    assert decide(player, s) == "QS"


# Trick 6: seat 0 leads 5♣, seat 1 7♣, seat 2 8♣; seat 3 holds 9♣ K♣ and hearts.
A6 = ["2C 5C TC 3D 9D TD JD 4S 6S TS JS 8H 9H",
      "3C 7C JC 4D 6D QD KD 5S 7S QS TH JH QH",
      "4C 8C QC AC 5D 7D AD 2S 8S KS AS KH AH",
      "6C 9C KC 2D 8D 3S 9S 2H 3H 4H 5H 6H 7H"]


@pytest.mark.parametrize("player", [normal, defensive])
def test_a6_normal_last_to_a_trick_without_points_plays_high(player: Player) -> None:
    s = reach(A6, "2C 3C 4C 6C  2D 3D 4D 5D  2S 3S 4S 5S  6D 7D 8D 9D  TS 7S 8S 9S  5C 7C 8C")
    assert len(s.tricks) == 5 and hand(s, 3) & cards("9C TC JC QC KC AC") == cards("9C KC")
    assert decide(player, s) == "KC"


# Trick 4: seat 0 leads. Seat 1 discarded 6♠ on the diamond lead of trick 2; seat 3 played the
# Q♠ in trick 3; no heart has been played. Seat 0 holds 4♦ 5♣ 9♣ and hearts, so hearts being
# unbroken its legal leads are exactly {4♦, 5♣, 9♣}.
A7 = ["2C 5C 9C 3D 4D AS 2H 3H 4H 5H 6H 7H 8H",
      "3C 6C 7C 8C 2S 4S 5S 6S 7S 9H TH JH QH",
      "4C TC JC 5D 6D 7D 8D 9D 3S 8S 9S KH AH",
      "AC QC KC 2D TD JD QD KD AD QS TS JS KS"]


def test_a7_hard_does_not_lead_into_a_known_void() -> None:
    s = reach(A7, "2C 3C 4C AC  2D 3D 6S 5D  3S QS AS 4S")
    assert s.leader == 0 and not s.broken
    assert legal_cards(s) == cards("4D 5C 9C")
    assert decide(normal, s) == "4D"
    assert decide(defensive, s) == "5C"


# Seat 2 takes the Q♠ (trick 2) and 4♥ 3♥ 5♥ (tricks 3–4): 16 points, nobody else has any. Seat 1
# wins trick 5 and leads 7♥ in trick 6, seat 2 plays Q♥; seat 3 holds K♥ 2♥ and no other heart.
A8 = ["2C TC JC 3D QS 4S 7S 8S 3H 6H 8H 9H TH",
      "3C QC KC 2S 9S TS JS AS 4H 5H 7H JH AH",
      "8C 9C AC 8D 9D TD JD QD KD AD 5S KS QH",
      "4C 5C 6C 7C 2D 4D 5D 6D 7D 3S 6S 2H KH"]
A8_PLAYS = "2C 3C AC 4C  KS 3S QS 2S  AD 2D 3D 4H  KD 4D 3H 5H  5S 6S 7S AS  7H QH"


def test_a8_hard_overtakes_a_moon_shooter() -> None:
    s = reach(A8, A8_PLAYS)
    obs = GAME.observation(s, 3)
    assert obs.points == (0, 0, 16, 0) and moon_threat(read_table(obs)) == 2
    assert hand(s, 3) & cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH") == cards("KH 2H")
    assert decide(defensive, s) == "KH"
    assert decide(normal, s) == "2H"


def test_a9_queen_guard_last_to_a_trick_without_points() -> None:
    deal = ["AC 7C 8C 9C 6D 7D 8D 6H 7H 8H 2S 3S 5S",
            "2C TC JC QC 9D TD JD 9H TH JH 4S 6S 7S",
            "3C KC QD KD AD QH KH AH 8S 9S TS KS AS",
            "4C 5C 6C 2D 3D 4D 5D 2H 3H 4H 5H JS QS"]
    s = reach(deal, "2C 3C 4C AC  5S 7S 9S")
    assert legal_cards(s) == cards("JS QS")
    for player in (normal, defensive, hard):
        assert decide(player, s) == "JS"


# Seat 2 (X) takes the Q♠ and three hearts in tricks 2–3; seat 0 wins trick 4 and leads 5♦.
# Hard (seat 1) is void in diamonds and holds 6♣ and eight hearts: 6♣ is its only non-point card.
A10_C = ["2C 9C KC 2D 3D 4D 5D 6D 7D 8D 2S 4S QS",
         "3C 6C 8C 2H 3H 4H 6H 7H 8H 9H TH JH AH",
         "5C TC AC 9D TD JD QD KD AD 5S 6S KS QH",
         "4C 7C JC QC 3S 7S 8S 9S TS JS AS 5H KH"]
A10_C_PLAYS = "2C 3C AC 4C  KS 3S QS 2H  AD 5H 3D 3H  5C 7C KC 8C  5D"
# The same threat, but seat 1 plays K♦ and X follows 3♦: Hard (seat 3) knows X cannot win.
A10_B = ["2C 9C KC 2D 4D 5D 6D QS 4S 2S 5S 6S 7S",
         "3C 8C TC JC 3S 7D 8D 9D TD KD 5H QH KH",
         "5C QC AC 3D JD QD AD KS AS 8S 9S TS JS",
         "4C 6C 7C 2H 3H 4H 6H 7H 8H 9H TH JH AH"]
A10_B_PLAYS = "2C 3C AC 4C  KS 2H QS 3S  AS 3H 4S 5H  5C 7C KC 8C  5D KD 3D"


def test_a10_hard_gives_the_shooter_nothing_while_it_can_still_win() -> None:
    s = reach(A10_C, A10_C_PLAYS)
    assert GAME.observation(s, 1).points == (0, 0, 16, 0) and len(s.tricks) == 4
    assert hand(s, 1) & cards("6C 7C 8C 9C TC JC QC KC AC") == cards("6C")
    assert decide(defensive, s) == "6C"  # (c): X still to play and not known void in diamonds
    assert decide(normal, s) == "AH"


def test_a10_hard_feeds_hearts_to_a_player_other_than_the_shooter() -> None:
    s = reach(A10_B, A10_B_PLAYS)
    assert GAME.observation(s, 3).points == (0, 0, 16, 0) and len(s.tricks) == 4
    assert decide(defensive, s) == "AH"  # (b): seat 1 wins, X has played under it


# --- T-AI-1, T-AI-3: legality and speed over random matches -------------------------------------

LEVELS: dict[str, Player] = {**PLAYERS, "random": random_player}


@pytest.mark.slow
def test_t_ai_1_every_action_is_legal() -> None:
    """Mixed tables (the random player makes for unusual positions, moon runs among them) over
    whole matches, so every pass direction and late-match position comes up. Decision times are
    the strength bench's to print (bench/ai_strength.py), not a test's to assert."""
    rng = random.Random(2024)
    decisions = dict.fromkeys(PLAYERS, 0)
    rounds = 0
    while rounds < 60:
        seating = [rng.choice(list(LEVELS)) for _ in range(4)]
        state = GAME.new_match(4, rng.randrange(1 << 30))
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            obs = GAME.observation(state, seat)
            action = LEVELS[seating[seat]](obs, legal, rng)
            decisions[seating[seat]] = decisions.get(seating[seat], 0) + 1
            assert action in legal, (seating[seat], obs, action)
            state = GAME.apply(state, seat, action)
        rounds += len(state.results)
    assert all(decisions[name] >= 250 for name in PLAYERS), decisions


def test_players_are_registered() -> None:
    for level, player in PLAYERS.items():
        assert player_for(level, "hearts") is player


# --- T-AI-2: no peeking -------------------------------------------------------------------------

def swapped_deal(state: State, a: int, b: int, rng: random.Random) -> list[str] | None:
    """The dealt hands with one card still held by ``a`` and one held by ``b`` exchanged."""
    if not state.hands[a] or not state.hands[b]:
        return None
    x = rng.choice(cards_of(state.hands[a]))
    y = rng.choice(cards_of(state.hands[b]))
    dealt = list(state.dealt)
    dealt[a] = dealt[a] & ~(1 << x) | 1 << y
    dealt[b] = dealt[b] & ~(1 << y) | 1 << x
    return [" ".join(str(c) for c in cards_of(m)) for m in dealt]


def replayed(seed: int, deal: list[str], log: list[tuple[int, Action]]) -> State | None:
    state = GAME.new_match(4, seed, deal=deal, passing=False)
    try:
        for seat, action in log:
            state = GAME.apply(state, seat, action)
    except IllegalAction:  # the swap made an earlier play illegal (a suit the seat now holds)
        return None
    return state


def test_t_ai_2_hidden_cards_change_neither_observation_nor_decision() -> None:
    rng = random.Random(99)
    compared = 0
    for seed in range(200):
        state = GAME.new_match(4, seed, passing=False)
        log: list[tuple[int, Action]] = []
        for _ in range(rng.randrange(52)):  # a random point of the deal
            seat = min(GAME.to_act(state))
            action = rng.choice((easy, normal, defensive, random_player))(
                GAME.observation(state, seat), GAME.legal_actions(state, seat), rng)
            log.append((seat, action))
            state = GAME.apply(state, seat, action)
        me = min(GAME.to_act(state))
        a, b = rng.sample([s for s in range(4) if s != me], 2)
        deal = swapped_deal(state, a, b, rng)
        other = replayed(seed, deal, log) if deal else None
        if other is None or other.hands == state.hands:
            continue
        obs = GAME.observation(state, me)
        assert GAME.observation(other, me) == obs
        legal = GAME.legal_actions(state, me)
        for player in PLAYERS.values():
            first = player(obs, legal, random.Random(seed))
            again = player(GAME.observation(other, me), GAME.legal_actions(other, me),
                           random.Random(seed))
            assert first == again
        compared += 1
    assert compared >= 100


def test_t_ai_2_pass_phase() -> None:
    state = GAME.new_match(4, 5)
    hands = list(state.hands)
    x, y = cards_of(hands[1])[0], cards_of(hands[3])[0]
    hands[1] = hands[1] & ~(1 << x) | 1 << y
    hands[3] = hands[3] & ~(1 << y) | 1 << x
    other = GAME.new_match(4, 5, deal=[" ".join(map(str, cards_of(m))) for m in hands])
    obs = GAME.observation(state, 0)
    assert GAME.observation(other, 0) == obs
    for player in PLAYERS.values():
        assert player(obs, GAME.legal_actions(state, 0), random.Random(3)) == player(
            GAME.observation(other, 0), GAME.legal_actions(other, 0), random.Random(3))



# --- the searching Hard ---------------------------------------------------------------------

def positions(count: int, seed: int) -> list[State]:
    """Random positions of every phase (passes included) from mixed play, one a deal."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        direction = rng.randrange(4)  # no passing, then rounds 1..3: left, right, across
        state = GAME.new_match(4, rng.randrange(1 << 30), passing=direction > 0).copy()
        state.set_match(round=max(1, direction))
        for _ in range(rng.randrange(56)):
            if state.results:
                break
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            player = rng.choice((easy, normal, random_player))  # quick ways to varied positions
            state = GAME.apply(state, seat, player(GAME.observation(state, seat), legal, rng))
        if not state.results:
            out.append(state)
    return out


def test_normal_card_is_normal() -> None:
    """The playouts' int rules pick Normal's card in every position."""
    for state in positions(150, 5):
        if state.phase != "play":
            continue
        seat = min(GAME.to_act(state))
        obs = GAME.observation(state, seat)
        card = normal_card_of(read_known(obs))
        assert PLAYS[card] == normal(obs, GAME.legal_actions(state, seat), random.Random(0))


def test_sampled_worlds_agree_with_the_observation() -> None:
    for state in positions(150, 6):
        if state.phase != "play":
            continue
        seat = min(GAME.to_act(state))
        obs = GAME.observation(state, seat)
        known, table = read_known(obs), read_table(obs)
        receiver = (seat + state.pass_offset) % 4
        for other in range(4):  # what the observation proves holds of the real hands
            assert other == seat or not state.hands[other] & ~known.allowed[other]
        for n in range(5):
            hands = sample_hands(known, random.Random(n))
            assert hands[seat] == state.hands[seat]
            assert [h.bit_count() for h in hands] == [h.bit_count() for h in state.hands]
            assert sum(hands) == sum(state.hands) and sum(h.bit_count() for h in hands) == \
                sum(state.hands).bit_count()  # every unplayed card once, no played card
            for other in range(4):
                assert not any(c // 13 in table.voids[other] for c in cards_of(hands[other]))
            unplayed_passed = state.passed[seat] & ~known.gone
            assert hands[receiver] & unplayed_passed == unplayed_passed


def draw_counts(counts: list[int], allowed: list[int], draws: int) -> dict[tuple[int, ...], int]:
    """How often each deal of cards 0..5 comes up, seat 0 being the one that decides."""
    worlds = worlds_of(0b111111, counts, allowed)
    known = read_known(GAME.observation(GAME.new_match(4, 1), 0))
    known = type(known)(**{**{f: getattr(known, f) for f in known.__slots__},
                           "seat": 0, "hand": 0, "worlds": worlds})
    rng = random.Random(4)
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(draws):
        deal = tuple(sample_hands(known, rng))
        seen[deal] = seen.get(deal, 0) + 1
    return seen


def test_sampled_worlds_are_every_allowed_deal_equally_often() -> None:
    """Seat 1 is void where cards 0-1 are, seat 2 where cards 4-5 are: the deals drawn are
    exactly those that respect it (listed here by brute force), each about as often."""
    allowed = [0, 0b111100, 0b001111, 0b111111]
    seen = draw_counts([0, 2, 2, 2], allowed, 8000)
    valid = set()
    for one in combinations(range(6), 2):
        for two in combinations(sorted(set(range(6)) - set(one)), 2):
            hands = (0, mask_of(one), mask_of(two), 0b111111 & ~mask_of(one) & ~mask_of(two))
            if all(not hands[s] & ~allowed[s] for s in (1, 2, 3)):
                valid.add(hands)
    assert set(seen) == valid and len(valid) == 19
    assert max(seen.values()) < 1.25 * min(seen.values())


def test_sampled_worlds_drop_facts_no_deal_meets() -> None:
    """Cards 0-2 allowed to seat 1 only, which holds two: the facts fail, the counts hold."""
    seen = draw_counts([0, 2, 2, 2], [0, 0b111111, 0b111000, 0b111000], 500)
    assert all([h.bit_count() for h in deal] == [0, 2, 2, 2] for deal in seen)
    assert len(seen) == 90  # 6! / (2! 2! 2!): any deal at all


def test_hard_is_legal_and_deterministic() -> None:
    for state in positions(40, 7):
        seat = min(GAME.to_act(state))
        obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
        action = hard(obs, legal, random.Random(11))
        assert action in legal
        assert hard(obs, legal, random.Random(11)) == action


def test_hard_cannot_see_hidden_cards() -> None:
    """The other seats' hands re-dealt (their counts, voids and our passed cards kept): the
    observation is the same, and so is Hard's action with the same seed."""
    compared = 0
    for i, state in enumerate(positions(60, 8)):
        seat = min(GAME.to_act(state))
        obs = GAME.observation(state, seat)
        other = state.copy()
        if state.phase == "play":
            other.hands = tuple(sample_hands(read_known(obs), random.Random(i)))
        else:
            rest = [c for c in range(52) if not state.hands[seat] >> c & 1]
            random.Random(i).shuffle(rest)
            hands = [mask_of(rest[13 * k:13 * k + 13]) for k in range(3)]
            hands.insert(seat, state.hands[seat])
            other.hands = tuple(hands)
        if other.hands == state.hands:
            continue
        assert GAME.observation(other, seat) == obs
        assert hard(obs, GAME.legal_actions(state, seat), random.Random(i)) == hard(
            GAME.observation(other, seat), GAME.legal_actions(other, seat), random.Random(i))
        compared += 1
    assert compared >= 30


def test_hard_passes_among_its_most_dangerous_cards() -> None:
    hand = [int(c) for c in parse_cards("QS AS KH AD 2C 3C 4C 5D 6D 7D 8H 9H TS")]
    candidates = pass_candidates(hand)
    assert candidates[0] == mask_of(parse_cards("QS AS KH")) and len(candidates) == 20
    state = GAME.new_match(4, 3)
    action = make_hard(8, 8)(GAME.observation(state, 0), GAME.legal_actions(state, 0),
                             random.Random(1))
    assert isinstance(action, Pass) and action.cards in pass_candidates(
        [int(c) for c in cards_of(state.hands[0])])


def test_hard_overtakes_a_moon_shooter() -> None:
    """A-8's position: playouts see the moon coming, and Hard takes the K♥ trick too."""
    assert decide(hard, reach(A8, A8_PLAYS)) == "KH"
