"""Thirteen (Tiến lên): the worked examples of /work/shared/rules/thirteen.md §12 (test names carry
the example ids), the flow of rounds and games, random-play totals, and a deliberately naive
reference of the legal actions (every subset of the hand, kept when the spec allows it)."""

from __future__ import annotations

import dataclasses
import random
from itertools import combinations

import pytest

from engine import IllegalAction, find_game, replay
from engine.cards import CARDS, parse_cards
from engine.thirteen import (
    DSEQ,
    GAME,
    PASS,
    QUAD,
    SEQ,
    Combo,
    State,
    classify,
    val_mask,
)

# ---------------------------------------------------------------------------------------------
# Helpers


def code(text: str) -> str:
    """The canonical code of a play written as in the spec ('9♣ 9♥'), or 'pass'."""
    return "pass" if text == "pass" else str(GAME.parse_action("play:" + ",".join(text.split())))


def legal_codes(state: State, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def assert_legal(state: State, seat: int, expected: list[str]) -> None:
    got = legal_codes(state, seat)
    assert len(got) == len(set(got)), "duplicate legal actions"
    assert sorted(got) == sorted(code(e) for e in expected)


def filler(used: str, count: int) -> str:
    """``count`` cards not in ``used``, from the top of the deck (2s and aces first) so that they
    never hold the lowest card."""
    taken = set(parse_cards(used))
    free = [c for c in sorted(CARDS, key=lambda c: -spec_val(c)) if c not in taken]
    return " ".join(str(c) for c in free[:count])


def spec_val(card: int) -> int:
    """The spec's val(c), written here independently of the engine's table."""
    rank_index = (card % 13 - 1) % 13  # engine ranks 2..A -> spec 3..A,2
    suit_index = (card // 13 + 1) % 4  # engine suits C D H S -> spec ♠ ♣ ♦ ♥
    return 4 * rank_index + suit_index


def position(hand: str, table: str) -> State:
    """Two players: seat 0 holds ``hand`` and is to act on ``table``, played by seat 1 (which
    keeps 5 other cards); the first play of the match is over. Built by editing a fresh state,
    because several example hands hold the lowest card and so would have to lead."""
    state = GAME.new_match(2, 0, deal=[hand, filler(hand + " " + table, 5)])
    return dataclasses.replace(
        state, table=val_mask(parse_cards(table)), owner=1, turn=0, required=0
    )


def play(state: State, seat: int, text: str) -> State:
    return GAME.apply(state, seat, GAME.parse_action(code(text)))


# ---------------------------------------------------------------------------------------------
# Worked examples (§12)


def test_x1_first_play_must_contain_3s() -> None:
    hand = "3♠ 3♥ 4♦ 5♣ 7♠ 7♦ 7♥ 9♣ J♦ Q♠ K♥ A♣ 2♦"
    rest = filler(hand, 39).split()
    deal = [hand, " ".join(rest[:13]), " ".join(rest[13:26]), " ".join(rest[26:])]
    state = GAME.new_match(4, 7, deal=deal)
    assert GAME.to_act(state) == frozenset({0})
    assert_legal(state, 0, ["3♠", "3♠ 3♥", "3♠ 4♦ 5♣"])
    with pytest.raises(IllegalAction) as error:
        play(state, 0, "7♠ 7♦ 7♥")
    assert error.value.key == "must-include-lowest"
    after = play(state, 0, "3♠ 4♦ 5♣")
    assert after.required == 0


def test_x2_pairs() -> None:
    hand = "4♠ 9♣ 9♥ 10♠ 10♦ K♣ 2♠ 2♥"
    assert_legal(position(hand, "9♠ 9♦"), 0, ["pass", "9♣ 9♥", "10♠ 10♦", "2♠ 2♥"])
    # With 9♣ 9♥ on the table, 9♠ 9♦ is too low.
    state = position("4♠ 9♠ 9♦ 10♠ 10♦", "9♣ 9♥")
    assert_legal(state, 0, ["pass", "10♠ 10♦"])
    with pytest.raises(IllegalAction) as error:
        play(state, 0, "9♠ 9♦")
    assert error.value.key == "too-low"


def test_x3_three_card_sequences() -> None:
    state = position("5♥ 6♣ 7♠ 7♥ 8♦ 9♠ 10♣ 2♣", "5♠ 6♦ 7♣")
    expected = ["pass", "5♥ 6♣ 7♥", "6♣ 7♠ 8♦", "6♣ 7♥ 8♦", "7♠ 8♦ 9♠", "7♥ 8♦ 9♠", "8♦ 9♠ 10♣"]
    assert_legal(state, 0, expected)
    with pytest.raises(IllegalAction) as error:
        play(state, 0, "6♣ 7♠ 8♦ 9♠")
    assert error.value.key == "must-match-type"


def test_x4_bombs_on_a_single_2() -> None:
    hand = "5♠ 5♥ 6♣ 6♦ 7♠ 7♥ 9♣ 9♦ 9♥ 9♠ K♠ 2♦"
    expected = ["pass", "2♦", "9♠ 9♣ 9♦ 9♥", "5♠ 5♥ 6♣ 6♦ 7♠ 7♥"]
    assert_legal(position(hand, "2♠"), 0, expected)
    state = position(hand, "A♥")
    assert_legal(state, 0, ["pass", "2♦"])
    with pytest.raises(IllegalAction):
        play(state, 0, "9♠ 9♣ 9♦ 9♥")


def test_x5_pair_of_2s() -> None:
    hand = "3♠ 3♣ 4♦ 4♥ 5♠ 5♦ 6♣ 6♥ 8♠ 8♣ 8♦ 8♥ 2♥"
    assert_legal(position(hand, "2♠ 2♣"), 0, ["pass", "3♠ 3♣ 4♦ 4♥ 5♠ 5♦ 6♣ 6♥"])
    with pytest.raises(IllegalAction) as error:
        play(position(hand, "2♠ 2♣"), 0, "8♠ 8♣ 8♦ 8♥")
    assert error.value.key == "bomb-too-weak"
    expected = [
        "pass",
        "2♥",
        "8♠ 8♣ 8♦ 8♥",
        "3♠ 3♣ 4♦ 4♥ 5♠ 5♦",
        "4♦ 4♥ 5♠ 5♦ 6♣ 6♥",
        "3♠ 3♣ 4♦ 4♥ 5♠ 5♦ 6♣ 6♥",
    ]
    assert_legal(position(hand, "2♠"), 0, expected)


def test_x6_beating_a_bomb_of_the_same_level() -> None:
    hand = "10♠ 10♣ 10♦ 10♥ 6♠ 6♣ 7♦ 7♥ 8♠ 8♣"
    assert_legal(position(hand, "9♠ 9♣ 9♦ 9♥"), 0, ["pass", "10♠ 10♣ 10♦ 10♥"])
    table = "4♠ 4♣ 5♦ 5♥ 6♦ 6♥"
    assert_legal(position(hand, table), 0, ["pass", "6♠ 6♣ 7♦ 7♥ 8♠ 8♣"])


@pytest.mark.parametrize(
    ("cards", "shape"),
    [
        ("Q♠ K♦ A♥", (SEQ, 3, "A♥")),
        ("K♠ A♦ 2♥", None),
        ("3♠ 3♣ 4♦ 4♥ 5♠ 5♦", (DSEQ, 3, "5♦")),
        ("3♠ 3♣ 3♦ 4♥ 4♠ 4♦", None),
        ("10♠ J♠ Q♠ K♠ A♠", (SEQ, 5, "A♠")),
    ],
)
def test_x7_classification(cards: str, shape: tuple[int, int, str] | None) -> None:
    got = classify(val_mask(parse_cards(cards)))
    if shape is None:
        assert got is None
    else:
        kind, length, key = shape
        assert got is not None
        assert (got.kind, got.length, got.key) == (kind, length, spec_val(parse_cards(key)[0]))


def four_seats(a: str, b: str, c: str, d: str, **rules: int) -> State:
    return GAME.new_match(4, 3, deal=[a, b, c, d], **rules)


def test_x8_lock_out_and_round_end() -> None:
    # A holds the lowest card, so A leads.
    state = four_seats("4♠ K♣ J♦", "5♠ A♠ 9♦", "8♦ 6♥ Q♥", "9♥ 10♥ J♥")
    state = play(state, 0, "4♠")
    state = GAME.apply(state, 1, PASS)
    state = play(state, 2, "8♦")
    state = GAME.apply(state, 3, PASS)
    state = play(state, 0, "K♣")
    assert GAME.to_act(state) == frozenset({2}), "B is locked out, C is next"
    # Step 4: B has no action, not even to bomb; its attempt says why.
    assert GAME.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction) as error:
        play(state, 1, "A♠")
    assert error.value.key == "locked-out"
    state = GAME.apply(state, 2, PASS)
    assert GAME.to_act(state) == frozenset({0})
    assert state.table == 0 and state.passed == 0
    assert "pass" not in legal_codes(state, 0)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, PASS)
    assert error.value.key == "must-play"


def x9_start() -> State:
    """A leads 3♠ (the lowest card), everyone passes, A leads its last card 2♥."""
    state = four_seats(
        "3♠ 2♥",
        "5♠ 5♥ 6♣ 6♦ 7♠ 7♥ K♦",
        "3♣ 3♦ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥ 9♠ 9♣ 9♦ 9♥",
        "8♠ 8♣ 8♦ 8♥ J♦",
    )
    state = play(state, 0, "3♠")
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    return play(state, 0, "2♥")


def test_x9_going_out() -> None:
    state = x9_start()
    assert state.finished == (0,)
    assert GAME.to_act(state) == frozenset({1})
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    assert state.table == 0
    assert GAME.to_act(state) == frozenset({1}), "B, the first active player after A, leads"


def test_x9_alternative_bomb_then_answers() -> None:
    state = play(x9_start(), 1, "5♠ 5♥ 6♣ 6♦ 7♠ 7♥")
    # C may answer with the 4-pair dseq (level 2) but not with the 9s quad (level 1); C's
    # 3-pair dseqs are all below 7♥.
    assert_legal(state, 2, ["pass", "3♣ 3♦ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥"])
    state = GAME.apply(state, 2, PASS)
    assert_legal(state, 3, ["pass"])  # D's quad of 8s is level 1
    state = GAME.apply(state, 3, PASS)
    assert GAME.to_act(state) == frozenset({1}) and state.table == 0


def test_x10_finishing_order_and_next_game() -> None:
    state = four_seats("3♠ A♥", "4♠ 5♠", "4♣ 2♠", "6♠ 7♠ 8♠", match_games=2)
    state = play(state, 0, "3♠")  # A leads the lowest card
    state = GAME.apply(state, 1, PASS)
    state = play(state, 2, "4♣")
    state = GAME.apply(state, 3, PASS)
    state = play(state, 0, "A♥")  # A out first
    assert state.finished == (0,)
    state = play(state, 2, "2♠")  # C out second; B and D passed, so the round ends
    assert state.finished == (0, 2)
    assert GAME.to_act(state) == frozenset({3}), "first active player after C"
    state = play(state, 3, "6♠")
    state = GAME.apply(state, 1, PASS)  # B's 4♠ and 5♠ are both below; D leads again
    state = play(state, 3, "7♠")
    state = GAME.apply(state, 1, PASS)
    state = play(state, 3, "8♠")  # D out third
    assert state.game == 2, "B still holds cards alone: the first game is over"
    assert state.orders[0] == (0, 2, 3, 1)
    assert state.results[0] == (3, 0, 2, 1)
    assert state.dealer == 1, "the last place deals"
    assert GAME.to_act(state) == frozenset({0}), "the first place leads"
    assert state.required == 0
    assert len(legal_codes(state, 0)) > 13 and "pass" not in legal_codes(state, 0)


def test_x10_places_as_in_the_spec() -> None:
    """A out first, then C, then B; D keeps cards: places 1, 3, 2, 4 and points 3, 1, 2, 0."""
    state = four_seats("3♠ 2♥", "4♠ 2♦", "4♣ 2♣", "5♠ 6♠ 7♠", match_games=2)
    state = play(state, 0, "3♠")
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    state = play(state, 0, "2♥")  # A out; nobody can beat it
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    state = play(state, 1, "4♠")  # B leads
    state = play(state, 2, "2♣")  # C beats; D and B pass
    state = GAME.apply(state, 3, PASS)
    state = GAME.apply(state, 1, PASS)
    state = play(state, 2, "4♣")  # C out second
    state = play(state, 3, "5♠")
    state = play(state, 1, "2♦")  # B out third; D is last
    assert state.orders[0] == (0, 2, 1, 3)
    assert state.results[0] == (3, 1, 2, 0)
    assert GAME.scores(state) == (3, 1, 2, 0)
    assert state.dealer == 3 and GAME.to_act(state) == frozenset({0})


def test_x11_two_players_lowest_dealt_card() -> None:
    deck = [c for c in sorted(CARDS, key=spec_val) if str(c) != "3S"]
    rng = random.Random(5)
    rest = deck[1:]
    rng.shuffle(rest)
    seat1 = [deck[0]] + rest[:12]  # 3♣, the lowest dealt card
    seat0 = rest[12:25]
    deal = [" ".join(map(str, seat0)), " ".join(map(str, seat1))]
    state = GAME.new_match(2, 11, deal=deal)
    assert GAME.to_act(state) == frozenset({1})
    assert all("3C" in code_ for code_ in legal_codes(state, 1))
    # The 26 undealt cards are in nobody's hand.
    assert sum(len(GAME.observation(state, s).hand) for s in (0, 1)) == 26


def test_x11_random_deal_two_and_three_players() -> None:
    for players in (2, 3):
        for seed in range(20):
            state = GAME.new_match(players, seed)
            hands = [set(GAME.observation(state, s).hand) for s in range(players)]
            lowest = min((c for h in hands for c in h), key=spec_val)
            (leader,) = GAME.to_act(state)
            assert lowest in hands[leader]
            assert all(lowest in a.cards for a in GAME.legal_actions(state, leader))


def test_x12_last_two_players() -> None:
    state = four_seats("3♠ 2♥", "4♠ K♠", "4♣ 2♣", "7♠ 8♠ 9♠")
    state = play(state, 0, "3♠")
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    state = play(state, 0, "2♥")  # A out
    for seat in (1, 2, 3):
        state = GAME.apply(state, seat, PASS)
    state = play(state, 1, "4♠")
    state = play(state, 2, "2♣")
    state = GAME.apply(state, 3, PASS)
    state = GAME.apply(state, 1, PASS)
    state = play(state, 2, "4♣")  # C out; only B and D hold cards
    state = play(state, 3, "7♠")
    state = play(state, 1, "K♠")  # B plays its last card: only D holds cards
    assert GAME.is_over(state)
    assert state.orders[0] == (0, 2, 1, 3), "D is last"
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 3) == []
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 3, PASS)
    assert error.value.key == "game-over"
    assert GAME.rankings(state) == (1, 3, 2, 4)


X13_C = "3♠ 3♣ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥ K♠ K♣ K♦ K♥ 2♥"


def test_x13_a_bomb_on_a_bomb() -> None:
    state = position(X13_C, "5♠ 5♥ 6♣ 6♦ 7♠ 7♥")
    assert_legal(state, 0, ["pass", "3♠ 3♣ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥"])
    for text in ("3♠ 3♣ 4♦ 4♥ 5♣ 5♦", "4♦ 4♥ 5♣ 5♦ 6♠ 6♥", "K♠ K♣ K♦ K♥", "2♥"):
        with pytest.raises(IllegalAction):
            play(state, 0, text)


def test_x13_quad_instead() -> None:
    state = position(X13_C, "9♠ 9♣ 9♦ 9♥")
    assert_legal(state, 0, ["pass", "K♠ K♣ K♦ K♥", "3♠ 3♣ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥"])


def test_x13_after_the_four_pair_dseq() -> None:
    hand = "7♠ 7♣ 8♦ 8♥ 9♣ 9♦ 10♠ 10♥ J♠ J♥ A♠ A♣ A♦"
    table = "3♠ 3♣ 4♦ 4♥ 5♣ 5♦ 6♠ 6♥"
    expected = [
        "pass",
        "7♠ 7♣ 8♦ 8♥ 9♣ 9♦ 10♠ 10♥",
        "8♦ 8♥ 9♣ 9♦ 10♠ 10♥ J♠ J♥",
        "7♠ 7♣ 8♦ 8♥ 9♣ 9♦ 10♠ 10♥ J♠ J♥",
    ]
    assert_legal(position(hand, table), 0, expected)
    assert_legal(position("Q♠ Q♣ Q♦ Q♥ 3♦", table), 0, ["pass"])


# ---------------------------------------------------------------------------------------------
# Actions, observation, options


def test_codes_are_canonical_and_round_trip() -> None:
    action = GAME.parse_action("play:5D,3S,4H")
    assert str(action) == "play:3S,4H,5D"
    assert repr(action) == "Combo('3S,4H,5D')"
    assert GAME.parse_action(str(action)) == action
    assert str(GAME.parse_action("play:TS,9H")) == "play:9H,TS"
    assert str(GAME.parse_action("play:2C,2S")) == "play:2S,2C", "♠ below ♣"
    assert GAME.parse_action("pass") == PASS and repr(PASS) == "Pass()"
    assert isinstance(action, Combo)
    for garbage in ("", "play:", "play:3S,3S", "play:ZZ", "bid:pass", "pass:3S", "play:3S,"):
        with pytest.raises(ValueError):
            GAME.parse_action(garbage)


def test_cards_not_held_wrong_seat_and_foreign_actions() -> None:
    state = GAME.new_match(4, 1)
    (leader,) = GAME.to_act(state)
    hand = GAME.observation(state, leader).hand
    stranger = next(c for c in CARDS if c not in hand)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, leader, GAME.parse_action(f"play:{stranger}"))
    assert error.value.key == "not-in-hand"
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, (leader + 1) % 4, GAME.legal_actions(state, leader)[0])
    assert error.value.key == "not-your-turn"
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, leader, find_game("hearts").parse_action("play:3S"))
    assert error.value.key == "bad-action"


def test_lowest_card_is_named_only_to_its_holder() -> None:
    state = GAME.new_match(3, 4)
    (leader,) = GAME.to_act(state)
    for seat in range(3):
        obs = GAME.observation(state, seat)
        assert obs.first_play
        if seat == leader:
            assert obs.required_card == min(obs.hand, key=spec_val)
        else:
            assert obs.required_card is None
    after = GAME.apply(state, leader, GAME.legal_actions(state, leader)[0])
    assert not GAME.observation(after, leader).first_play


def test_not_a_combination() -> None:
    state = position("3♠ 4♣ 6♦ 9♥ 9♠", "A♥")
    state = dataclasses.replace(state, table=0, passed=0)
    with pytest.raises(IllegalAction) as error:
        play(state, 0, "3♠ 4♣")
    assert error.value.key == "not-a-combination"


def test_rule_options_and_player_counts() -> None:
    with pytest.raises(ValueError):
        GAME.new_match(5, 0)
    with pytest.raises(ValueError):
        GAME.new_match(1, 0)
    with pytest.raises(ValueError):
        GAME.new_match(4, 0, match_games=0)
    with pytest.raises(ValueError):
        GAME.new_match(4, 0, instant_wins=True)
    with pytest.raises(ValueError):
        GAME.new_match(2, 0, deal=["3S 4S", "4S 5S"])  # a card twice
    with pytest.raises(ValueError):
        GAME.new_match(2, 0, deal=["3S 4S"])  # one hand for two seats
    assert find_game("thirteen") is GAME


def test_observation_hides_other_hands_and_shows_the_table() -> None:
    state = GAME.new_match(4, 9)
    for _ in range(6):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    for seat in range(4):
        obs = GAME.observation(state, seat)
        mine = set(obs.hand)
        assert len(mine) == obs.hand_sizes[seat]
        for other in range(4):
            if other != seat:
                assert not mine & set(GAME.observation(state, other).hand)
        assert obs.to_act == GAME.to_act(state) and len(obs.to_act) == 1
        assert obs.plays and obs.plays[0][0] in range(4)
        assert obs.passed == frozenset(s for s in range(4) if state.passed >> s & 1)
        text = GAME.describe(obs)
        assert "Your hand" in text and "Turn" in text


def test_describe_mentions_the_table_and_the_lowest_card() -> None:
    state = position("5♥ 6♣ 7♠ 7♥ 8♦ 9♠ 10♣ 2♣", "5♠ 6♦ 7♣")
    text = GAME.describe(GAME.observation(state, 0))
    assert "Table: 5♠ 6♦ 7♣ (sequence of 3" in text
    fresh = GAME.new_match(4, 2)
    (leader,) = GAME.to_act(fresh)
    assert "3♠" in GAME.describe(GAME.observation(fresh, leader))


# ---------------------------------------------------------------------------------------------
# Random play: totals over many seeds


def random_match(players: int, seed: int, **rules: int) -> tuple[State, list[tuple[int, str]]]:
    rng = random.Random(seed)
    state = GAME.new_match(players, seed, **rules)
    log: list[tuple[int, str]] = []
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        log.append((seat, str(action)))
        state = GAME.apply(state, seat, action)
    return state, log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_matches_totals(players: int) -> None:
    per_game = players * (players - 1) // 2
    extra = 0
    for seed in range(60):
        state, log = random_match(players, seed, match_games=3)
        assert len(state.results) >= 3
        # Games after the third are played only while the top is shared (§9).
        running = [0] * players
        for number, points in enumerate(state.results, start=1):
            if number > 3:
                assert running.count(max(running)) > 1
                extra += 1
            running = [r + p for r, p in zip(running, points, strict=True)]
        for order, points in zip(state.orders, state.results, strict=True):
            assert sorted(order) == list(range(players))
            assert sum(points) == per_game
            assert [points[s] for s in order] == list(range(players - 1, -1, -1))
        totals = GAME.scores(state)
        assert totals == tuple(map(sum, zip(*state.results, strict=True)))
        assert sum(totals) == per_game * len(state.results)
        assert GAME.rankings(state).count(1) == 1, "ties on top are played off"
        assert replay(GAME, players, seed, log, match_games=3) == state
    assert players == 2 or extra, "some match needed a tie-break game"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conserve_cards(players: int) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        state = GAME.new_match(players, seed)
        dealt = {c for s in range(players) for c in GAME.observation(state, s).hand}
        assert len(dealt) == 13 * players
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            assert set(GAME.to_act(state)) == {seat}
            for other in range(players):
                if other != seat:
                    assert GAME.legal_actions(state, other) == []
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            obs = GAME.observation(state, 0)
            held = {c for s in range(players) for c in GAME.observation(state, s).hand}
            played = set(obs.played)
            assert not held & played and held | played == dealt


# ---------------------------------------------------------------------------------------------
# The naive reference: every subset of the hand, classified and compared as §3, §4 and §6 say.


SPEC_VAL = {c: spec_val(c) for c in CARDS}
Shape = tuple[str, int, int]


def ref_classify(vals: tuple[int, ...]) -> Shape | None:
    """§3's classify over sorted card values."""
    ranks = [v // 4 for v in vals]
    m, key = len(vals), vals[-1]
    if ranks[0] == ranks[-1]:
        return {1: "single", 2: "pair", 3: "triple", 4: "quad"}[m], m, key
    if 12 in ranks:
        return None
    distinct = sorted(set(ranks))
    consecutive = distinct[-1] - distinct[0] + 1 == len(distinct)
    if m >= 3 and len(distinct) == m and consecutive:
        return "seq", m, key
    if m >= 6 and m % 2 == 0 and consecutive and all(ranks.count(r) == 2 for r in distinct):
        return "dseq", m // 2, key
    return None


def ref_level(shape: Shape) -> int:
    kind, length, _ = shape
    return 1 if kind == "quad" else length - 2 if kind == "dseq" else 0


def ref_beats(new: Shape, old: Shape) -> bool:
    if new[0] == old[0] and new[1] == old[1] and new[2] > old[2]:
        return True
    if old[0] in ("single", "pair", "triple") and old[2] // 4 == 12 and ref_level(new) >= old[1]:
        return True
    return ref_level(old) > 0 and ref_level(new) > ref_level(old)


def ref_legal(hand: list[int], table: list[int], required: int | None) -> set[frozenset[int]]:
    """§6 literally: every subset of the hand that is a combination and either contains the
    required card (empty table) or beats the table; the empty set stands for Pass."""
    old = ref_classify(tuple(sorted(SPEC_VAL[c] for c in table))) if table else None
    vals = sorted(SPEC_VAL[c] for c in hand)
    need = None if required is None else SPEC_VAL[required]
    out: set[frozenset[int]] = set() if old is None else {frozenset()}
    for size in range(1, len(vals) + 1):
        for subset in combinations(vals, size):
            shape = ref_classify(subset)
            if shape is None:
                continue
            allowed = need is None or need in subset if old is None else ref_beats(shape, old)
            if allowed:
                out.add(frozenset(subset))
    return out


def engine_legal(state: State, seat: int) -> set[frozenset[int]]:
    actions = GAME.legal_actions(state, seat)
    got = {frozenset(SPEC_VAL[c] for c in a.cards) if a != PASS else frozenset() for a in actions}
    assert len(got) == len(actions), "duplicate legal actions"
    return got


def compare_with_reference(state: State) -> None:
    (seat,) = GAME.to_act(state)
    obs = GAME.observation(state, seat)
    expected = ref_legal(list(obs.hand), list(obs.table), obs.required_card)
    assert engine_legal(state, seat) == expected


def test_reference_agrees_on_random_play_positions() -> None:
    rng = random.Random(2024)
    positions = 0
    for seed in range(400):
        players = 2 + seed % 3
        state = GAME.new_match(players, seed)
        while not GAME.is_over(state) and positions < 2500:
            (seat,) = GAME.to_act(state)
            if state.hands[seat].bit_count() <= 10 or rng.random() < 0.1:
                compare_with_reference(state)
                positions += 1
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert positions == 2500


def random_combo(rng: random.Random, pool: list[int]) -> list[int]:
    """A random valid combination from ``pool``, biased towards 2s and bombs."""
    while True:
        size = rng.choice([1, 1, 2, 2, 3, 3, 4, 4, 6, 6, 8, 10, 5, 7])
        if size > len(pool):
            continue
        pick = rng.sample(pool, size)
        if ref_classify(tuple(sorted(SPEC_VAL[c] for c in pick))) is not None:
            return pick
        by_rank: dict[int, list[int]] = {}
        for c in pool:
            by_rank.setdefault(spec_val(c) // 4, []).append(c)
        rank = rng.choice([12, 12, *by_rank])
        same = by_rank.get(rank, [])
        if size <= 4 and len(same) >= size:
            return rng.sample(same, size)
        if size in (6, 8, 10):
            start = rng.randrange(12 - size // 2 + 1)
            runs = [by_rank.get(r, []) for r in range(start, start + size // 2)]
            if all(len(r) >= 2 for r in runs):
                return [c for r in runs for c in rng.sample(r, 2)]


def test_reference_agrees_on_random_tables() -> None:
    """Hands and tables drawn at random, with many 2s and bombs on the table and in hand."""
    rng = random.Random(7)
    for trial in range(1200):
        deck = list(CARDS)
        rng.shuffle(deck)
        hand = deck[: rng.randint(3, 11)]
        if trial % 2:  # bomb-rich: most cards of a few consecutive ranks (2s included at times)
            ranks = rng.randint(3, 5)
            start = rng.randrange(13 - ranks + 1)
            near = [c for c in deck if start <= spec_val(c) // 4 < start + ranks]
            hand = near[: rng.randint(6, 11)]
        table = random_combo(rng, [c for c in deck if c not in hand])
        state = position(" ".join(map(str, hand)), " ".join(map(str, table)))
        assert engine_legal(state, 0) == ref_legal(hand, table, None), (hand, table)


def test_reference_agrees_on_full_hands_empty_table() -> None:
    rng = random.Random(3)
    for _ in range(30):
        deck = list(CARDS)
        rng.shuffle(deck)
        state = position(" ".join(map(str, deck[:13])), "3S")
        state = dataclasses.replace(state, table=0, owner=-1)
        assert engine_legal(state, 0) == ref_legal(deck[:13], [], None)


def test_quad_shape() -> None:
    shape = classify(val_mask(parse_cards("2S 2C 2D 2H")))
    assert shape is not None and shape.kind == QUAD and shape.length == 4


# ---------------------------------------------------------------------------------------------
# The shared facts (engine.core.Shared) as Thirteen counts them


def test_public_view_carries_the_score_sheet() -> None:
    """X10's finishing order, then the score sheet: place points, match points, places, and a
    tie-break game said as such."""
    for seed in range(40):
        state, _ = random_match(4, seed, match_games=2)
        public = GAME.public_observation(state)
        if len(public.history) > 2:
            break
    else:
        pytest.fail("no match of 40 needed a tie-break game")
    assert public.phase == "over" and public.to_act == frozenset()
    assert public.deal == len(public.history) == len(state.results) and public.deals == 2
    assert public.tiebreak
    totals = [0] * 4
    for number, record in enumerate(public.history, 1):
        assert record.results == state.results[number - 1]
        assert record.facts.order == state.orders[number - 1]
        assert [record.facts.places[s] for s in record.facts.order] == [1, 2, 3, 4]
        assert [record.results[s] for s in record.facts.order] == [3, 2, 1, 0]
        assert record.facts.tiebreak == (number > 2)
        totals = [t + p for t, p in zip(totals, record.results, strict=True)]
        assert record.standings.values == tuple(totals)
    table = public.standings
    assert table.values == GAME.scores(state) and not table.low_wins and table.unit == "points"
    assert table.places == GAME.rankings(state) and table.places.count(1) == 1
    assert public.teams == () and not table.by_team


def test_public_view_of_a_fresh_match_and_of_a_round() -> None:
    state = GAME.new_match(3, 5)
    public = GAME.public_observation(state)
    assert public.game == "thirteen" and public.phase == "play"
    assert public.deal == 1 and public.deals == 1 and not public.tiebreak
    assert public.history == () and public.last_deal is None
    assert public.standings.values == (0, 0, 0) and public.standings.places == (1, 1, 1)
    assert public.hand_sizes == (13, 13, 13) and public.first_play
    assert public.table == () and public.table_shape is None and public.table_owner is None
    assert not hasattr(public, "hand") and not hasattr(public, "required_card")
    (leader,) = public.to_act
    combo = GAME.legal_actions(state, leader)[0]
    state = GAME.apply(state, leader, combo)
    public = GAME.public_observation(state)
    assert public.table == combo.cards and public.table_owner == leader
    assert public.round_plays == ((leader, combo),) and public.plays == ((leader, combo),)
    (seat,) = public.to_act
    state = GAME.apply(state, seat, PASS)
    public = GAME.public_observation(state)
    assert public.passed == frozenset({seat})
    obs = GAME.observation(state, seat)
    assert obs.seat == seat and obs.passed == public.passed and obs.standings == public.standings


# ---------------------------------------------------------------------------------------------
# The fast rollout against the public path


def public_path(state: State, rng: random.Random) -> tuple[int, ...]:
    """Random play through legal_actions and apply, drawing as the rollout does."""
    game = state.game
    while not GAME.is_over(state) and state.game == game:
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
    return state.results[game - 1]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_rollout_plays_the_same_game_as_the_public_path(players: int) -> None:
    from engine.thirteen import rollout
    outcomes = set()
    for seed in range(40):
        start = GAME.new_match(players, seed, match_games=2)
        walk = random.Random(seed)
        for _ in range(seed % 25):  # from the first play of the match, or from later positions
            (seat,) = GAME.to_act(start)
            start = GAME.apply(start, seat, walk.choice(GAME.legal_actions(start, seat)))
        for k in range(3):
            fast = rollout(start, random.Random(1000 * seed + k))
            slow = public_path(start, random.Random(1000 * seed + k))
            assert fast == slow, (seed, k)
            assert sorted(fast) == list(range(players))
            outcomes.add(fast)
    assert len(outcomes) > 1


def test_rollout_of_a_finished_match_is_its_last_game() -> None:
    from engine.thirteen import rollout
    state, _ = random_match(3, 5)
    assert rollout(state, random.Random(0)) == state.results[-1]


def test_the_rollouts_lead_counting_lists_the_leads_in_order() -> None:
    """``_random_lead`` picks from the combinations of a hand, counted by kind, exactly as an
    index into ``_all_combos`` would."""
    from engine.thirteen import _all_combos, _random_lead
    rng = random.Random(11)
    for _ in range(400):
        hand = 0
        for bit in rng.sample(range(52), rng.randint(1, 13)):
            hand |= 1 << bit
        combos = _all_combos(hand)
        n = len(combos)
        assert [_random_lead(hand, (i + 0.5) / n) for i in range(n)] == combos
