"""Bazar Blot: every worked example of shared/rules/bazar-blot.md §10 (tests named after the ids),
full deals through the public API, and totals over many random matches checked against a small
independent reference scorer written here from the spec."""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence

import pytest

from engine import IllegalAction, find_game
from engine.bazar_blot import (
    BOY,
    GAME,
    PASS,
    QUANSH,
    STATE_FIELDS,
    SUR,
    Bid,
    Contract,
    Observation,
    combo_summary,
    legal_mask,
    match_winner,
    score_deal,
    winning_index,
)
from engine.cards import CARDS, SUITS, Card, mask_of, parse_card, parse_cards
from engine.tricks import Play

H, S, D, C = 2, 3, 1, 0
DECK32 = [c for c in range(52) if c % 13 >= 5]


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def strain(text: str) -> int:
    return BOY if text == "Boy" else SUITS.index({"♣": "C", "♦": "D", "♥": "H", "♠": "S"}[text])


def full_deal(partial: dict[int, str]) -> list[str]:
    """Four 8-card hands holding the given cards; the rest of the 32 are dealt in deck order."""
    hands = {s: parse_cards(partial.get(s, "")) for s in range(4)}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in DECK32 if c not in used]
    for s in range(4):
        while len(hands[s]) < 8:
            hands[s].append(CARDS[rest.pop(0)])
    return [" ".join(str(c) for c in hands[s]) for s in range(4)]


def bid(text: str) -> Bid:
    """'10♥', 'Capot 25♥', '9 Boy' as in the spec's tables."""
    capot = text.startswith("Capot ")
    text = text.removeprefix("Capot ")
    if text.endswith("Boy"):
        return Bid(int(text[:-3].strip()), BOY, capot)
    return Bid(int(text[:-1]), strain(text[-1]), capot)


def call(text: str) -> object:
    return {"Pass": PASS, "Quansh": QUANSH, "Sur": SUR}.get(text) or bid(text)


def run(state: object, calls: Sequence[tuple[int, str]]) -> object:
    for seat, text in calls:
        state = GAME.apply(state, seat, call(text))
    return state


def play_out(state: object) -> object:
    """Play the deal to its end, every seat playing its first legal card."""
    number = GAME.observation(state, 0).deal
    while not GAME.is_over(state) and GAME.observation(state, 0).deal == number:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


# --- §10.1 Legal cards --------------------------------------------------------------------------

LEGAL = [
    ("B-L1", "♥", "3:K♣", "A♣ 7♣ J♥ 8♦", "A♣ 7♣"),
    ("B-L2", "♥", "3:10♥", "9♥ 8♥ A♠", "9♥"),
    ("B-L3", "♥", "3:J♥", "9♥ 8♥ A♠", "9♥ 8♥"),
    ("B-L4", "♥", "2:A♥ 3:7♥", "9♥ K♥ A♠", "9♥"),
    ("B-L5", "♥", "3:A♠", "7♥ J♥ K♦", "7♥ J♥"),
    ("B-L6", "♥", "2:A♠ 3:7♠", "7♥ K♦", "7♥ K♦"),
    ("B-L7", "♥", "2:A♠ 3:9♥", "J♥ 8♥ K♦", "J♥"),
    ("B-L8", "♥", "2:10♠ 3:A♥", "8♥ K♦", "8♥ K♦"),
    ("B-L9", "♥", "1:7♠ 2:8♥ 3:10♠", "K♦ 7♥", "K♦ 7♥"),
    ("B-L10", "Boy", "3:10♠", "A♦ 7♦", "A♦ 7♦"),
    ("B-L11", "Boy", "3:10♠", "A♠ 7♠ K♦", "A♠ 7♠"),
    ("B-L12", "♥", "1:Q♣ 2:8♣ 3:K♣", "Q♥ A♦", "Q♥"),
    ("B-L13", "♥", "3:7♦", "10♦ A♦ J♥", "10♦ A♦"),
    ("B-L14", "♥", "3:A♠", "K♦ 7♣", "K♦ 7♣"),
    ("B-L15", "♥", "3:7♥", "A♠ K♦", "A♠ K♦"),
    ("B-L16", "♥", "", "J♥ 7♣", "J♥ 7♣"),
]


@pytest.mark.parametrize(("contract", "trick", "hand", "legal"),
                         [pytest.param(*row[1:], id=row[0]) for row in LEGAL])
def test_legal_cards(contract: str, trick: str, hand: str, legal: str) -> None:
    played = [(int(seat), parse_card(card)) for seat, card in (x.split(":") for x in trick.split())]
    leader = played[0][0] if played else 0
    assert [s for s, _ in played] == [(leader + i) % 4 for i in range(len(played))]
    trump = None if contract == "Boy" else strain(contract)
    got = legal_mask(cards(hand), tuple(c for _, c in played), leader, trump, 0)
    assert got == cards(legal)


def test_illegal_cards_are_refused_with_the_rule_as_key() -> None:
    # Dealer 2: seat 3 speaks first and leads. 8♥ by seat 3; seat 3 leads 10♥ (B-L2 at a table).
    deal = full_deal({0: "9♥ 8♥ A♠ 7♦ 8♦", 3: "10♥ 7♥", 1: "J♥ 7♠"})
    state = GAME.new_match(4, 5, deal=deal, first_dealer=2)
    state = run(state, [(3, "8♥"), (0, "Pass"), (1, "Pass"), (2, "Pass")])
    state = GAME.apply(state, 3, Play(parse_card("10♥")))
    before = GAME.observation(state, 0)
    for card, key in (("8♥", "must-overtrump"), ("A♠", "must-follow-suit"), ("J♥", "not-in-hand")):
        with pytest.raises(IllegalAction) as error:
            GAME.apply(state, 0, Play(parse_card(card)))
        assert error.value.key == key
    assert GAME.observation(state, 0) == before
    assert GAME.legal_actions(state, 0) == [Play(parse_card("9♥"))]
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 1, Play(parse_card("J♥")))
    assert error.value.key == "not-your-turn"


def test_a_void_player_must_ruff_an_opponents_lead() -> None:
    deal = full_deal({3: "A♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠", 0: "7♥ J♥ K♦ A♦ 10♦"})
    state = GAME.new_match(4, 5, deal=deal, first_dealer=2)
    state = run(state, [(3, "8♥"), (0, "Pass"), (1, "Pass"), (2, "Pass")])
    state = GAME.apply(state, 3, Play(parse_card("A♠")))
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, Play(parse_card("K♦")))
    assert error.value.key == "must-trump"
    assert {str(a) for a in GAME.legal_actions(state, 0)} == {"play:7H", "play:JH"}


def test_card_values_total_152_in_every_strain() -> None:
    from engine.bazar_blot import DECK, POINTS
    for s in range(5):
        assert sum(POINTS[s][c] for c in DECK) == 152
    assert POINTS[BOY][parse_card("A♠")] == 19 and POINTS[S][parse_card("A♠")] == 11
    assert POINTS[H][parse_card("J♥")] == 20 and POINTS[H][parse_card("9♥")] == 14
    assert POINTS[H][parse_card("J♠")] == 2 and POINTS[H][parse_card("9♠")] == 0


# --- §10.2 Trick winners ------------------------------------------------------------------------

@pytest.mark.parametrize(("contract", "trick", "winner"), [
    pytest.param("♥", "A♠ 7♥ 10♠ K♠", "7♥", id="B-W1"),
    pytest.param("♥", "10♥ 9♥ A♥ J♥", "J♥", id="B-W2"),
    pytest.param("Boy", "K♦ A♠ 10♦ 7♦", "10♦", id="B-W3"),
    pytest.param("♣", "9♠ J♠ 8♠ 7♠", "J♠", id="B-W4"),
])
def test_trick_winner(contract: str, trick: str, winner: str) -> None:
    played = parse_cards(trick)
    assert played[winning_index(played, strain(contract))] == parse_card(winner)


# --- §10.3 Combinations -------------------------------------------------------------------------

COMBOS = [
    # id, trump, team A's cards (seat 0), team B's cards (seat 1), counting team, K, Blot
    ("B-C1", "♥", "J♠ Q♠ K♠ K♥ Q♥", "7♦ 8♦ 9♦ 10♦", 1, (0, 50), (20, 0)),
    ("B-C2", "♥", "10♣ J♣ Q♣ K♣ A♣", "9♥ 10♥ J♥ Q♥ K♥", 0, (100, 0), (0, 20)),
    ("B-C3", "♠", "K♣ K♦ K♥ K♠", "8♠ 9♠ 10♠ J♠ Q♠", 0, (100, 0), (0, 0)),
    ("B-C4", "♠", "Q♦ K♦ A♦", "Q♣ K♣ A♣", None, (0, 0), (0, 0)),
    ("B-C5", "♣", "Q♦ K♦ A♦", "Q♣ K♣ A♣", 1, (0, 20), (0, 20)),
    ("B-C6", "♥", "8♠ 9♠ 10♠ J♠ Q♠ K♠", "10♦ J♦ Q♦ K♦ A♦", 0, (100, 0), (0, 0)),
    ("B-C7", "♥", "9♣ 9♦ 9♥ 9♠", "A♣ A♦ A♥ A♠", 0, (140, 0), (0, 0)),
    ("B-C8", "♦", "7♠ 8♠ 9♠ J♠ Q♠ K♠ A♠ 8♥", "", 0, (70, 0), (0, 0)),
]


@pytest.mark.parametrize(("trump", "team_a", "team_b", "team", "points", "blots"),
                         [pytest.param(*row[1:], id=row[0]) for row in COMBOS])
def test_combinations(trump: str, team_a: str, team_b: str, team: int | None,
                      points: tuple[int, int], blots: tuple[int, int]) -> None:
    hands = (cards(team_a), cards(team_b), 0, 0)
    assert combo_summary(hands, strain(trump)) == (team, points, blots)


def test_a_team_scores_both_players_combinations() -> None:
    hands = (cards("7♣ 8♣ 9♣"), cards("7♦ 8♦ 9♦"), cards("10♥ J♥ Q♥ K♥"), 0)
    assert combo_summary(hands, S) == (0, (70, 0), (0, 0))


def test_a_card_serves_in_a_four_and_a_sequence_and_fours_of_sevens_are_nothing() -> None:
    hands = (cards("Q♣ Q♦ Q♥ Q♠ K♠ A♠"), cards("7♣ 7♦ 7♥ 7♠"), 0, 0)
    assert combo_summary(hands, H) == (0, (120, 0), (0, 0))
    assert combo_summary((0, cards("7♣ 7♦ 7♥ 7♠ 8♣ 8♦ 8♥ 8♠"), 0, 0), H) == (None, (0, 0), (0, 0))


def test_four_against_four_and_trump_sequence_breaks_a_tie() -> None:
    assert combo_summary((cards("Q♣ Q♦ Q♥ Q♠"), cards("K♣ K♦ K♥ K♠"), 0, 0), BOY)[0] == 1
    assert combo_summary((cards("10♣ 10♦ 10♥ 10♠"), cards("Q♣ Q♦ Q♥ Q♠"), 0, 0), BOY)[0] == 1
    assert combo_summary((cards("7♥ 8♥ 9♥"), cards("7♠ 8♠ 9♠"), 0, 0), H)[0] == 0
    assert combo_summary((cards("7♥ 8♥ 9♥"), cards("7♠ 8♠ 9♠"), 0, 0), BOY)[0] is None


def test_no_blot_in_boy_or_across_two_hands() -> None:
    assert combo_summary((cards("K♥ Q♥"), 0, 0, 0), BOY) == (None, (0, 0), (0, 0))
    assert combo_summary((cards("K♥"), 0, cards("Q♥"), 0), H) == (None, (0, 0), (0, 0))


# --- §10.4 Deal scores --------------------------------------------------------------------------

SCORES = [
    # id, level, capot, declaring team, m, card points (A, B), tricks (A, B), K, Blot, result
    ("B-S1", 8, False, 0, 1, (96, 66), (5, 3), (20, 0), (20, 0), (21, 7)),
    ("B-S2", 10, False, 0, 1, (72, 90), (3, 5), (20, 0), (0, 0), (0, 28)),
    ("B-S3", 8, False, 1, 1, (76, 86), (4, 4), (0, 0), (0, 0), (8, 16)),
    ("B-S4", 8, False, 0, 1, (87, 75), (4, 4), (0, 0), (0, 0), (17, 7)),
    ("B-S5", 9, False, 0, 2, (95, 67), (4, 4), (0, 20), (0, 0), (54, 0)),
    ("B-S6", 8, False, 1, 4, (92, 70), (4, 4), (0, 0), (0, 0), (96, 0)),
    ("B-S7", 11, False, 0, 1, (162, 0), (8, 0), (50, 0), (0, 0), (41, 0)),
    ("B-S8", 25, True, 1, 1, (0, 162), (0, 8), (0, 0), (0, 20), (0, 52)),
    ("B-S9", 25, True, 1, 1, (10, 152), (1, 7), (0, 20), (0, 20), (43, 2)),
    ("B-S10", 8, False, 0, 1, (0, 162), (0, 8), (0, 0), (0, 0), (0, 33)),
    ("B-S11", 10, False, 0, 2, (82, 80), (4, 4), (0, 20), (20, 0), (58, 0)),
    ("B-S12", 9, False, 1, 2, (67, 95), (4, 4), (0, 0), (20, 0), (2, 50)),
    ("B-S13", 26, False, 0, 1, (150, 12), (7, 1), (200, 0), (0, 0), (61, 1)),
    ("B-S14", 25, True, 0, 2, (162, 0), (8, 0), (0, 0), (0, 0), (100, 0)),
]
MADE = {"B-S1", "B-S3", "B-S4", "B-S5", "B-S7", "B-S8", "B-S11", "B-S12", "B-S13", "B-S14"}


@pytest.mark.parametrize(("level", "capot", "team", "m", "points", "tricks", "combos", "blots",
                          "result", "made"),
                         [pytest.param(*row[1:], row[0] in MADE, id=row[0]) for row in SCORES])
def test_deal_scores(level: int, capot: bool, team: int, m: int, points: tuple[int, int],
                     tricks: tuple[int, int], combos: tuple[int, int], blots: tuple[int, int],
                     result: tuple[int, int], made: bool) -> None:
    assert sum(points) == 162 and sum(tricks) == 8
    assert score_deal(level, capot, team, m, points, tricks, combos, blots) == (result, made)


def test_ordinary_bid_without_a_trick_fails_even_with_combinations() -> None:
    # Four jacks (200) would reach 8 (80) alone, but the declarers took no trick.
    assert score_deal(8, False, 0, 1, (0, 162), (0, 8), (200, 0), (0, 0)) == ((0, 25 + 8 + 20), False)


def test_rounding_seven_to_nine_up_zero_to_six_down() -> None:
    assert score_deal(8, False, 0, 1, (96, 66), (4, 4), (0, 0), (0, 0))[0] == (9 + 8, 7)
    assert score_deal(8, False, 0, 1, (97, 65), (4, 4), (0, 0), (0, 0))[0] == (10 + 8, 6)
    assert score_deal(8, False, 0, 1, (80, 82), (4, 4), (0, 0), (0, 0)) == ((8 + 8, 8), True)
    assert score_deal(8, False, 0, 1, (79, 83), (4, 4), (0, 0), (0, 0)) == ((0, 16 + 8), False)


# --- §10.5 Auctions (dealer = seat 3, so seat 0 speaks first) -----------------------------------

def new_auction(seed: int = 11) -> object:
    return GAME.new_match(4, seed, first_dealer=3)


def test_auction_B_A1() -> None:
    state = run(new_auction(), [(0, "Pass"), (1, "8♠"), (2, "Pass"), (3, "9 Boy"), (0, "Pass"),
                                (1, "Pass"), (2, "Pass")])
    obs = GAME.observation(state, 0)
    assert obs.contract == Contract(9, BOY, False, 3, 1, None, None)
    assert obs.phase == "play" and GAME.to_act(state) == {0}


def test_auction_B_A2() -> None:
    state = run(new_auction(), [(0, "Pass"), (1, "Pass"), (2, "Pass"), (3, "Pass")])
    obs = GAME.observation(state, 0)
    assert (obs.deal, obs.dealer, obs.phase) == (2, 0, "auction")
    assert GAME.to_act(state) == {1}
    record = obs.history[0]
    assert record.facts.contract is None and record.facts.thrown_in and record.results == (0, 0)
    assert GAME.scores(state) == (0, 0, 0, 0)


def test_auction_B_A3() -> None:
    state = run(new_auction(), [(0, "10♥"), (1, "Quansh"), (2, "Pass")])
    assert GAME.to_act(state) == {0}  # seat 3, the Quansh-sayer's partner, is skipped
    state = run(state, [(0, "Sur")])
    assert GAME.observation(state, 1).contract == Contract(10, H, False, 0, 4, 1, 0)


def test_auction_B_A4() -> None:
    state = run(new_auction(), [(0, "8♣"), (1, "9♦"), (2, "Quansh"), (3, "Pass"), (1, "Pass")])
    assert GAME.observation(state, 1).contract == Contract(9, D, False, 1, 2, 2, None)
    assert GAME.to_act(state) == {0}


def test_auction_B_A5() -> None:
    state = run(new_auction(), [(0, "24♠")])
    bids = [a for a in GAME.legal_actions(state, 1) if isinstance(a, Bid)]
    expected = {Bid(level, s, capot) for level in range(25, 51) for s in range(5)
                for capot in (False, True)}
    assert set(bids) == expected and len(bids) == len(expected)
    assert set(GAME.legal_actions(state, 1)) - expected == {PASS, QUANSH}


def test_auction_B_A6() -> None:
    state = run(new_auction(), [(0, "8♠")])
    with pytest.raises(IllegalAction) as error:
        run(state, [(1, "8♥")])
    assert error.value.key == "bid-too-low"


def test_auction_B_A7() -> None:
    state = run(new_auction(), [(0, "9♦"), (1, "Pass")])
    assert QUANSH not in GAME.legal_actions(state, 2)
    with pytest.raises(IllegalAction) as error:
        run(state, [(2, "Quansh")])
    assert error.value.key == "quansh-own-team"


def test_auction_B_A8() -> None:
    state = run(new_auction(), [(0, "25♠")])
    with pytest.raises(IllegalAction) as error:
        run(state, [(1, "Capot 25♥")])
    assert error.value.key == "bid-too-low"
    legal = GAME.legal_actions(state, 1)
    assert bid("Capot 26♥") in legal and bid("26♥") in legal


def test_auction_B_A9() -> None:
    state = run(new_auction(), [(0, "9♦")])
    with pytest.raises(IllegalAction) as error:
        run(state, [(1, "Capot 24♠")])
    assert error.value.key == "capot-below-25"
    assert bid("24♠") in GAME.legal_actions(state, 1)


def test_auction_B_A10() -> None:
    state = run(new_auction(), [(0, "Capot 25♥"), (1, "30♠"), (2, "Pass"), (3, "Pass"),
                                (0, "Pass")])
    assert GAME.observation(state, 0).contract == Contract(30, S, False, 1, 1, None, None)


def test_a_passed_player_may_bid_again_and_bids_are_closed_after_quansh() -> None:
    state = run(new_auction(), [(0, "Pass"), (1, "8♠"), (2, "Pass"), (3, "Pass"), (0, "9♥")])
    assert GAME.observation(state, 0).high_bid == bid("9♥")
    state = run(state, [(1, "Quansh")])
    assert GAME.to_act(state) == {2}
    with pytest.raises(IllegalAction) as error:
        run(state, [(2, "10♥")])
    assert error.value.key == "bidding-closed"
    assert set(GAME.legal_actions(state, 2)) == {PASS, SUR}


def test_quansh_needs_a_bid_and_sur_needs_a_quansh() -> None:
    state = new_auction()
    assert QUANSH not in GAME.legal_actions(state, 0)
    for action, key in ((QUANSH, "nothing-to-quansh"), (SUR, "no-quansh")):
        with pytest.raises(IllegalAction) as error:
            GAME.apply(state, 0, action)
        assert error.value.key == key


# --- §10.6 Game end -----------------------------------------------------------------------------

def test_game_end_B_G1() -> None:
    deal, made = score_deal(8, False, 1, 1, (75, 87), (4, 4), (0, 0), (0, 0))
    assert made and deal == (7, 17)
    assert match_winner((145 + 7, 140 + 17), 151) == 1


def test_game_end_B_G2() -> None:
    assert match_winner((140 + 21, 100), 151) == 0


def test_game_end_B_G3() -> None:
    assert match_winner((160, 160), 151) is None
    assert match_winner((150, 140), 151) is None
    assert match_winner((300, 301), 301) == 1


# --- Whole deals through the public API ---------------------------------------------------------

CAPOT_DEAL = [
    "7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠",  # seat 0: a hundred (all eight) and the Blot
    "7♥ 8♥ 9♥ 7♦ 8♦ 9♦ 7♣ 8♣",  # seat 1: two terzes, outranked
    "10♥ J♥ Q♥ K♥ A♥ 10♦ J♦ Q♦",  # seat 2: a hundred and a terz
    "K♦ A♦ 9♣ 10♣ J♣ Q♣ K♣ A♣",  # seat 3: a hundred of six
]


def test_a_whole_capot_deal_with_combinations_and_announcements() -> None:
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    state = run(state, [(0, "11♠"), (1, "Pass"), (2, "Pass"), (3, "Pass")])
    assert [c.kind for c in GAME.observation(state, 0).my_combos] == ["hundred"]
    state = GAME.apply(state, 0, Play(parse_card("K♠")))
    obs = GAME.observation(state, 1)
    assert obs.announced[0] == ("hundred",) and obs.announced[1] == ()
    assert obs.blot == 0  # the first of K♠ Q♠ has been played
    state = GAME.apply(state, 1, GAME.legal_actions(state, 1)[0])
    assert GAME.observation(state, 0).announced[1] == ("terz", "terz")
    state = GAME.apply(state, 2, GAME.legal_actions(state, 2)[0])
    state = GAME.apply(state, 3, GAME.legal_actions(state, 3)[0])
    obs = GAME.observation(state, 1)
    assert obs.combo_team == 0 and obs.tricks_won == (1, 0)
    assert sorted(c.kind for c in obs.combinations) == ["hundred", "hundred", "terz"]
    state = play_out(state)
    record = GAME.public_observation(state).history[0]
    result = record.facts
    assert result.made and result.tricks == (8, 0) and result.card_points == (162, 0)
    assert result.capot == 0 and result.multiplier == 1 and result.combo_team == 0
    assert sorted(result.combinations) == [(0, "hundred"), (2, "hundred"), (2, "terz")]
    assert result.blot == 0 and result.blot_points == (20, 0)
    # 25 (all tricks) + 11 (bid) + 22 (two hundreds and a terz) + 2 (Blot)
    assert record.results == (60, 0) and GAME.scores(state) == (60, 0, 60, 0)
    assert record.standings.values == (60, 0) and record.standings.by_team
    obs = GAME.observation(state, 0)
    assert (obs.deal, obs.dealer, obs.phase) == (2, 0, "auction")


def test_the_match_ends_when_a_team_reaches_the_target() -> None:
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    state = state.copy()
    state.totals = (100, 150)
    state = run(state, [(0, "11♠"), (1, "Pass"), (2, "Pass"), (3, "Pass")])
    state = play_out(state)
    assert GAME.is_over(state) and GAME.to_act(state) == frozenset()
    assert GAME.scores(state) == (160, 150, 160, 150)
    assert GAME.rankings(state) == (1, 2, 1, 2)
    public = GAME.public_observation(state)
    assert public.phase == "over" and public.standings.order[0] == 0
    assert public.standings.places == (1, 2) and public.teams == ((0, 2), (1, 3))
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, PASS)
    assert error.value.key == "game-over"


def test_palace_room_plays_to_301() -> None:
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3, target=301)
    state = state.copy()
    state.totals = (200, 150)
    state = play_out(run(state, [(0, "11♠"), (1, "Pass"), (2, "Pass"), (3, "Pass")]))
    assert not GAME.is_over(state) and GAME.scores(state)[0] == 260


def test_new_match_validates_its_arguments() -> None:
    for kwargs in ({"target": 0}, {"colour": 1}, {"first_dealer": 4}):
        with pytest.raises((ValueError, TypeError)):
            GAME.new_match(4, 1, **kwargs)
    with pytest.raises(ValueError):
        GAME.new_match(3, 1)
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=["7♠ 8♠", "", "", ""])
    with pytest.raises(ValueError):  # a 2 is not in the 32-card deck
        GAME.new_match(4, 1, deal=[*CAPOT_DEAL[:3], "K♦ A♦ 9♣ 10♣ J♣ Q♣ K♣ 2♣"])


def test_objects_that_are_not_actions_are_refused_in_every_phase() -> None:
    auction = new_auction()
    sur = run(auction, [(0, "9♥"), (1, "Quansh")])
    play = run(auction, [(0, "9♥"), (1, "Pass"), (2, "Pass"), (3, "Pass")])
    for state, seat in ((auction, 0), (sur, 2), (play, 0)):
        for garbage in ("bid:pass", None, 3):
            with pytest.raises(IllegalAction) as error:
                GAME.apply(state, seat, garbage)  # type: ignore[arg-type]
            assert error.value.key == "bad-action"
    with pytest.raises(IllegalAction) as error:
        GAME.apply(play, 0, PASS)
    assert error.value.key == "bad-action"
    with pytest.raises(IllegalAction) as error:
        GAME.apply(auction, 0, Play(parse_card("7♠")))
    assert error.value.key == "bad-action"


def test_a_player_sees_their_own_combinations_while_bidding() -> None:
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    assert [c.kind for c in GAME.observation(state, 2).my_combos] == ["terz", "hundred"]
    assert GAME.observation(state, 2).announced == ((), (), (), ())


def test_action_codes_round_trip() -> None:
    for action in (PASS, QUANSH, SUR, Bid(9, H), Bid(8, BOY), Bid(25, S, True),
                   Play(parse_card("10♦"))):
        assert GAME.parse_action(str(action)) == action
    assert str(Bid(9, H)) == "bid:9:H" and str(Bid(25, BOY, True)) == "capot:25:B"
    assert repr(Bid(25, S, True)) == "Bid(level=25, strain=3, capot=True)"
    for garbage in ("bid:nine:H", "bid:9:X", "capot:25", "bid:9:H:x", "play:2S", "sur:1"):
        with pytest.raises(ValueError):
            GAME.parse_action(garbage)


def test_the_registry_finds_the_game_and_describe_reads_well() -> None:
    assert find_game("bazar_blot") is GAME
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    state = run(state, [(0, "11♠"), (1, "Quansh"), (2, "Pass"), (0, "Pass")])
    state = GAME.apply(state, 0, Play(parse_card("A♠")))
    text = GAME.describe(GAME.observation(state, 1))
    assert "11♠ by seat 0" in text and "Quansh" in text and "0:A♠" in text
    assert "♥ 9 8 7" in text  # seat 1's hand, high cards first


# --- Random matches: totals, and every deal rescored by an independent reference ----------------

def _ref_power(card: Card, trump: int | None) -> int:
    rank = str(card)[0]
    if card.suit == trump:
        return 100 - "J9ATKQ87".index(rank)
    return 50 - "ATKQJ987".index(rank)


def _ref_points(card: Card, trump: int | None) -> int:
    rank = str(card)[0]
    if card.suit == trump:
        return {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}.get(rank, 0)
    return {"J": 2, "A": 19 if trump is None else 11, "T": 10, "K": 4, "Q": 3}.get(rank, 0)


def _ref_combos(hand: list[Card], trump: int | None) -> list[tuple[int, ...]]:
    """(points, four?, rank or length, top, trump?) of each combination in one hand."""
    order = "789TJQKA"
    found: list[tuple[int, ...]] = []
    for suit in range(4):
        ranks = sorted(order.index(str(c)[0]) for c in hand if c.suit == suit)
        runs: list[list[int]] = []
        for r in ranks:
            if runs and runs[-1][-1] == r - 1:
                runs[-1].append(r)
            else:
                runs.append([r])
        for run_ in runs:
            if len(run_) >= 3:
                value = {3: 20, 4: 50}.get(len(run_), 100)
                found.append((value, 0, len(run_), run_[-1], int(suit == trump)))
    for rank, value in zip("JA9TQK", (200, 110, 140, 100, 100, 100), strict=True):
        if sum(str(c)[0] == rank for c in hand) == 4:
            found.append((value, 1, order.index(rank), 0, 0))
    return found


def _ref_score(contract: Contract, hands: list[list[Card]],
               plays: list[tuple[int, Card]]) -> tuple[int, int]:
    """The deal's points per team from public facts only: the contract, the cards played in order,
    and the combinations (which the table announces)."""
    trump = None if contract.strain == BOY else contract.strain
    points, tricks = [0, 0], [0, 0]
    for i in range(0, 32, 4):
        trick = plays[i:i + 4]
        led = trick[0][1].suit
        best = max(trick, key=lambda p: (p[1].suit == trump, p[1].suit == led,
                                         _ref_power(p[1], trump)))
        team = best[0] % 2
        tricks[team] += 1
        points[team] += sum(_ref_points(c, trump) for _, c in trick) + (10 if i == 28 else 0)
    assert sum(points) == 162 and sum(tricks) == 8
    best_of = [max([k for s in (t, t + 2) for k in _ref_combos(hands[s], trump)], default=None)
               for t in (0, 1)]
    combos = [0, 0]
    a, b = best_of
    winner = 0 if b is None or (a is not None and a > b) else 1 if a is None or b > a else None
    if winner is not None and best_of[winner] is not None:
        combos[winner] = sum(k[0] for s in (winner, winner + 2)
                             for k in _ref_combos(hands[s], trump))
    blots = [0, 0]
    for s in range(4):
        if trump is not None and {f"K{SUITS[trump]}", f"Q{SUITS[trump]}"} <= {str(c) for c in hands[s]}:
            blots[s % 2] = 20
    d, f, m, level = contract.declarer % 2, 1 - contract.declarer % 2, contract.multiplier, contract.level
    capot = 0 if tricks[0] == 8 else 1 if tricks[1] == 8 else None
    raw = [250 * (capot == t) for t in (0, 1)] if capot is not None else points
    if contract.capot:
        made = tricks[d] == 8
    else:
        made = tricks[d] > 0 and raw[d] + combos[d] + blots[d] >= 10 * level
    base = [25 if tricks[t] == 8 else 16 for t in (0, 1)]
    z = (combos[0] + combos[1]) // 10
    out = [blots[0] // 10, blots[1] // 10]
    if m == 1 and made:
        g = [0, 0]
        if capot is not None:
            g[capot] = 25
        else:
            g[d] = (raw[d] + 3) // 10
            g[f] = 16 - g[d]
        out[d] += g[d] + level + combos[d] // 10
        out[f] += g[f] + combos[f] // 10
    else:
        winner_team = d if made else f
        out[winner_team] += m * (base[winner_team] + level + z)
    return out[0], out[1]


def _random_call(legal: list[object], rng: random.Random) -> object:
    """Random but table-like: mostly pass, bid one or two levels up, now and then a capot bid or a
    Quansh, so every branch of the scoring table is reached."""
    if PASS in legal and rng.random() < 0.5:
        return PASS
    bids = [a for a in legal if isinstance(a, Bid)]
    if bids and rng.random() < 0.85:
        low = bids[0].level
        ordinary = [b for b in bids if not b.capot and b.level <= low + 1]
        capot = [b for b in bids if b.capot and b.level <= max(low, 25) + 1]
        return rng.choice(ordinary if ordinary and rng.random() < 0.9 else capot or bids)
    return rng.choice([a for a in legal if not isinstance(a, Bid)])


@pytest.mark.slow
def test_random_matches_keep_the_totals_and_the_reference_score() -> None:
    deals = capots = capot_bids = quanshes = made = thrown = 0
    for seed in range(120):
        rng = random.Random(seed)
        state = GAME.new_match(4, seed)
        hands: list[list[Card]] = []
        plays: list[tuple[int, Card]] = []
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            legal = GAME.legal_actions(state, seat)
            obs: Observation = GAME.observation(state, seat)
            if obs.phase == "play" and not plays:
                hands = [list(map(Card, h)) for h in GAME.hands(state)]
            if obs.phase == "play":
                action = rng.choice(legal)
                assert isinstance(action, Play)
                plays.append((seat, CARDS[action.card]))
            else:
                action = _random_call(legal, rng)
            totals_before = obs.standings.values
            state = GAME.apply(state, seat, action)
            after = GAME.observation(state, seat)
            if len(after.history) == len(obs.history):
                continue
            record = after.history[-1]
            result = record.facts
            assert record.number == obs.deal
            if result.contract is None:
                thrown += 1
                continue
            deals += 1
            assert sum(result.tricks) == 8 and sum(result.card_points) == 162
            points = record.results
            assert points == _ref_score(result.contract, hands, plays)
            assert after.standings.values == (totals_before[0] + points[0],
                                              totals_before[1] + points[1])
            capots += 8 in result.tricks
            capot_bids += result.contract.capot
            quanshes += result.contract.multiplier > 1
            made += result.made
            hands, plays = [], []
        obs = GAME.observation(state, 0)
        totals = obs.standings.values
        assert max(totals) >= 151 and totals[0] != totals[1]
        assert obs.standings.order[0] == (0 if totals[0] > totals[1] else 1)
        assert totals == tuple(map(sum, zip(*(r.results for r in obs.history), strict=True)))
    # the random play must have reached every branch of the scoring table
    assert deals > 300 and capots > 0 and capot_bids > 0 and quanshes > 0 and thrown > 0
    assert 0 < made < deals


def _cards_in(value: object) -> list[Card]:
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list, frozenset)):
        return [c for item in value for c in _cards_in(item)]
    if hasattr(value, "__dataclass_fields__"):
        return [c for name in value.__dataclass_fields__ for c in _cards_in(getattr(value, name))]
    return []


def test_observation_shows_no_hidden_card_and_describes_every_phase() -> None:
    """Only the counting team's combinations, shown by rule after trick 1 (§6.3), reveal cards
    still held by others; nothing else does (the finished deals' last tricks, in ``history``,
    are cards of another deal: test_invariants checks them)."""
    rng = random.Random(3)
    state = GAME.new_match(4, 3)
    assert GAME.private_fields == ("combinations",)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        for viewer in range(4):
            obs = GAME.observation(state, viewer)
            others = {c for s, h in enumerate(GAME.hands(state)) if s != viewer for c in h}
            visible = {c for name in obs.__dataclass_fields__ if name not in ("combinations", "history")
                       for c in _cards_in(getattr(obs, name))}
            assert not visible & others
            assert sorted(obs.hand) == sorted(GAME.hands(state)[viewer])
            if obs.combinations:
                assert obs.phase == "play" and (obs.trick_number > 1 or len(obs.trick) == 0)
                assert {c.seat % 2 for c in obs.combinations} == {obs.combo_team}
            assert GAME.describe(obs)
        state = GAME.apply(state, seat, _random_call(GAME.legal_actions(state, seat), rng))


def test_state_copy_keeps_every_field() -> None:
    state = GAME.new_match(4, 2)
    copy = state.copy()
    assert copy == state and copy is not state
    # the same objects; compiled by mypyc (make test-compiled), an int or a fixed-size tuple is
    # kept unboxed and each read boxes an equal one anew
    anew = str(sys.modules[type(state).__module__].__file__).endswith(".so")
    assert all(a is b or anew and a == b
               for a, b in ((getattr(copy, n), getattr(state, n)) for n in STATE_FIELDS))


def test_rollout_scores_a_deal_exactly_as_the_public_api_does() -> None:
    from engine.bazar_blot import rollout, start_of_play
    for seed in range(30):
        state = start_of_play(GAME.new_match(4, seed))
        for _ in range(seed % 20):  # start some rollouts in the middle of the play
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
        expected_rng, rng = random.Random(seed), random.Random(seed)
        number = GAME.observation(state, 0).deal
        playing = state
        while GAME.observation(playing, 0).deal == number and not GAME.is_over(playing):
            (seat,) = GAME.to_act(playing)
            legal = GAME.legal_actions(playing, seat)
            playing = GAME.apply(playing, seat, legal[int(expected_rng.random() * len(legal))])
        a, b = GAME.observation(playing, 0).history[-1].results
        assert rollout(state, rng) == (a, b, a, b)


def test_public_view_carries_the_shared_facts_and_the_auction() -> None:
    from engine.bazar_blot import Public
    state = GAME.new_match(4, 1, deal=CAPOT_DEAL, first_dealer=3)
    public = GAME.public_observation(state)
    assert type(public) is Public and not hasattr(public, "hand")
    assert (public.game, public.phase, public.deal, public.deals) == ("bazar_blot", "auction", 1, None)
    assert public.teams == ((0, 2), (1, 3)) and public.standings.by_team
    assert public.standings.values == (0, 0) and public.history == ()
    assert public.to_act == frozenset({0}) and public.hand_sizes == (8, 8, 8, 8)
    assert public.contract is None and public.declarer is None and public.trump is None
    state = run(state, [(0, "11♠"), (1, "Pass")])
    public = GAME.public_observation(state)
    assert public.calls == ((0, bid("11♠")), (1, PASS)) and public.high_bidder == 0
    state = run(state, [(2, "Pass"), (3, "Pass")])
    public = GAME.public_observation(state)
    assert public.declarer == 0 and public.trump == S and public.phase == "play"
    assert public.combinations == () and public.trick_number == 1
    for _ in range(4):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    public = GAME.public_observation(state)
    assert public.combo_team == 0 and public.combinations and public.last_trick is not None
    assert public.hand_sizes == (7, 7, 7, 7) and public.trick == ()
    assert GAME.observation(state, 2).combinations == public.combinations
    assert GAME.revealed_fields == ("combinations",)
