"""King (Քինգ): every worked example of /work/shared/rules/king.md §12, scenarios through the public
API, and the totals of many random matches."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from engine import IllegalAction, find_game, king, replay
from engine.cards import SUITS, cards_of, mask_of, parse_card, parse_cards
from engine.tricks import Play

GAME = king.GAME
HEARTS = 2


def cards(text: str) -> int:
    return mask_of(parse_cards(text))


def play(text: str) -> Play:
    return Play(parse_card(text))


# --- §12.1 legal cards ------------------------------------------------------------------------
# (id, contract, trump, cards played in earlier tricks, hand, trick, legal set)
# "broken" / "a ♦ was played in trick 3" become one earlier card of that suit; "–" and
# "not broken" become no earlier cards.
LEGAL_EXAMPLES = [
    ("K-L1", "NT", None, "", "A♠ 7♠ K♥ 2♣", "10♠", "A♠ 7♠"),
    ("K-L2", "NT", None, "", "K♥ 2♣", "10♠", "K♥ 2♣"),
    ("K-L3", "TR", "♦", "", "A♦ K♦ 3♣ 5♠", "", "3♣ 5♠"),
    ("K-L4", "TR", "♦", "", "A♦ 2♦", "", "A♦ 2♦"),
    ("K-L5", "TR", "♦", "5♦", "A♦ 3♣", "", "A♦ 3♣"),
    ("K-L6", "TR", "♦", "5♦", "K♦ 9♦ A♠", "Q♦", "K♦"),
    ("K-L7", "TR", "♦", "5♦", "9♦ 3♦ A♠", "Q♦", "9♦ 3♦"),
    ("K-L8", "TR", "♦", "", "Q♣ 2♦", "5♣", "Q♣"),
    ("K-L9", "TR", "♦", "", "9♦ 2♦ A♠", "5♣ 7♦", "9♦"),
    ("K-L10", "TR", "♦", "", "4♦ 2♦ A♠", "5♣ 7♦", "4♦ 2♦"),
    ("K-L11", "TR", "♦", "", "A♠ K♥", "5♣", "A♠ K♥"),
    ("K-L12", "TR", "♦", "", "2♦ 9♦ A♠", "5♣", "2♦ 9♦"),
    ("K-L13", "JK", None, "", "J♠ K♠ 3♠ A♥", "Q♠", "J♠"),
    ("K-L14", "JK", None, "", "J♠ K♠ 3♠", "A♠", "J♠ K♠"),
    ("K-L15", "JK", None, "", "J♠ K♠ 3♠", "10♠", "J♠ K♠ 3♠"),
    ("K-L16", "JK", None, "", "J♦ K♥ 2♠", "5♣", "J♦ K♥"),
    ("K-L17", "JK", None, "", "J♠ 4♠", "9♠ K♠", "J♠"),
    ("K-L18", "QN", None, "", "Q♠ 2♠", "K♠", "Q♠"),
    ("K-L19", "QN", None, "", "Q♠ 2♠", "J♠", "Q♠ 2♠"),
    ("K-L20", "QN", None, "", "Q♦ Q♥ A♠", "3♣", "Q♦ Q♥"),
    ("K-L21", "HT", None, "", "A♥ 2♥ 3♣", "", "3♣"),
    ("K-L22", "HT", None, "", "A♥ 2♥", "", "A♥ 2♥"),
    ("K-L23", "HT", None, "", "2♥ K♠", "4♣", "2♥"),
    ("K-L24", "HT", None, "9♥", "A♥ 2♥ 3♣", "4♥", "A♥ 2♥"),
    ("K-L25", "KH", None, "", "K♥ 2♥ Q♠", "4♣", "K♥"),
    ("K-L26", "KH", None, "", "2♥ 5♥ Q♠", "4♣", "2♥ 5♥"),
    ("K-L27", "KH", None, "9♥", "K♥ 3♥", "A♥", "K♥"),
    ("K-L28", "KH", None, "9♥", "K♥ 3♥", "Q♥", "K♥ 3♥"),
    ("K-L29", "TN", None, "", "2♥ J♠ 7♦", "4♣", "2♥ J♠"),
    ("K-L30", "TN", None, "", "K♦ Q♦ 3♦", "A♦", "K♦ Q♦"),
    ("K-L31", "TN", None, "", "J♦ K♦ 3♦", "Q♦", "J♦"),
    ("K-L32", "TN", None, "", "K♥ 2♣", "", "2♣"),
    ("K-L33", "TE", None, "", "A♥ 3♣", "", "3♣"),
    ("K-L34", "TE", None, "", "2♥ J♠", "4♣", "2♥ J♠"),
    ("K-L35", "L2", None, "", "2♥ J♠", "4♣", "2♥ J♠"),
]


def _position(example: tuple[str, ...]) -> tuple[int, int | None, int, tuple[int, ...], int]:
    _, contract, trump, earlier, hand, trick, _legal = example
    return (
        king.CONTRACTS.index(contract),
        None if trump is None else "♣♦♥♠".index(trump),
        cards(hand),
        tuple(parse_cards(trick)),
        cards(earlier),
    )


@pytest.mark.parametrize("example", LEGAL_EXAMPLES, ids=[e[0] for e in LEGAL_EXAMPLES])
def test_legal_cards(example: tuple[str, ...]) -> None:
    contract, trump, hand, trick, played = _position(example)
    assert king.legal_mask(contract, trump, hand, trick, played) == cards(example[-1])


@pytest.mark.parametrize("example", LEGAL_EXAMPLES, ids=[e[0] for e in LEGAL_EXAMPLES])
def test_every_other_card_has_a_reason(example: tuple[str, ...]) -> None:
    """The alert key: None exactly for the legal cards, a specific reason for the others."""
    contract, trump, hand, trick, played = _position(example)
    legal = cards(example[-1])
    for card in cards_of(hand):
        reason = king.illegal_reason(contract, trump, hand, trick, played, card)
        if legal >> card & 1:
            assert reason is None, card
        else:
            assert reason not in (None, "illegal"), card


REASONS = [
    ("K-L1", "7♣", "not-in-hand"),
    ("K-L1", "K♥", "must-follow-suit"),
    ("K-L3", "A♦", "trumps-not-broken"),
    ("K-L6", "9♦", "must-overtrump"),
    ("K-L8", "2♦", "must-follow-suit"),
    ("K-L9", "2♦", "must-overtrump"),
    ("K-L9", "A♠", "must-trump"),
    ("K-L12", "A♠", "must-trump"),
    ("K-L13", "K♠", "must-play-under"),
    ("K-L16", "2♠", "must-discard-penalty"),
    ("K-L18", "2♠", "must-play-under"),
    ("K-L21", "A♥", "hearts-not-broken"),
    ("K-L23", "K♠", "must-discard-penalty"),
    ("K-L25", "2♥", "must-play-king-of-hearts"),
    ("K-L26", "Q♠", "must-discard-penalty"),
    ("K-L27", "3♥", "must-play-king-of-hearts"),
    ("K-L29", "7♦", "must-discard-penalty"),
    ("K-L30", "3♦", "must-play-under"),
]


@pytest.mark.parametrize(("example_id", "card", "key"), REASONS)
def test_reason_keys(example_id: str, card: str, key: str) -> None:
    example = next(e for e in LEGAL_EXAMPLES if e[0] == example_id)
    contract, trump, hand, trick, played = _position(example)
    assert king.illegal_reason(contract, trump, hand, trick, played, parse_card(card)) == key


# --- helpers for scenarios through the public API --------------------------------------------


def fill(fixed: list[str], voids: Sequence[str] = ("", "", "", "")) -> list[str]:
    """Complete four partial hands to 13 cards each with the unused cards, never giving a seat a
    card of a suit listed in its ``voids`` (suit letters, e.g. "SD")."""
    hands = [parse_cards(h) for h in fixed]
    used = mask_of(c for h in hands for c in h)
    for card in cards_of(((1 << 52) - 1) & ~used):
        seat = next(
            s for s in range(4) if len(hands[s]) < 13 and SUITS[card.suit] not in voids[s]
        )
        hands[seat].append(card)
    return [" ".join(str(c) for c in h) for h in hands]


def start(hands: list[str], contracts: str, dealer: int = 3, seed: int = 1) -> king.KingState:
    """A match whose first deal has these hands; dealer 3 makes seat 0 the declarer."""
    return GAME.new_match(4, seed, deal=hands, contracts=contracts, first_dealer=dealer)


def run(state: king.KingState, moves: str) -> king.KingState:
    """Play the cards in order, each by the seat to act."""
    for text in moves.split():
        (seat,) = GAME.to_act(state)
        action = GAME.parse_action(text if ":" in text else f"play:{parse_card(text)}")
        state = GAME.apply(state, seat, action)
    return state


# --- §12.2 trick winners, played through the engine -----------------------------------------


def test_k_w1_highest_of_led_suit_wins_without_trump() -> None:
    state = start(fill(["10♠", "A♥", "2♠", "J♠"], ["", "S", "", ""]), "NT")
    state = run(state, "10♠ A♥ 2♠ J♠")
    obs = GAME.observation(state, 0)
    assert obs.last_trick is not None and obs.last_trick.winner == 3
    assert obs.tricks_won == (0, 0, 0, 1)
    assert GAME.to_act(state) == frozenset({3})


def test_k_w2_highest_trump_wins() -> None:
    state = start(fill(["A♦", "2♣", "K♦", "3♣"], ["", "D", "", "D"]), "TR")
    state = run(state, "trump:C A♦ 2♣ K♦ 3♣")
    obs = GAME.observation(state, 0)
    assert obs.last_trick is not None and obs.last_trick.winner == 3
    assert obs.trump == 0


def test_k_w3_off_suit_card_never_wins() -> None:
    state = start(fill(["A♦", "Q♦", "K♦", "J♠"], ["", "", "", "DC"]), "TR")
    state = run(state, "trump:C A♦ Q♦ K♦ J♠")
    obs = GAME.observation(state, 0)
    assert obs.last_trick is not None and obs.last_trick.winner == 0


# --- §12.3 deal scores --------------------------------------------------------------------------


def winners_with(counts: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(seat for seat, n in enumerate(counts) for _ in range(n))


def test_k_s1_no_tricks() -> None:
    points = king.deal_points(king.NT, (0, 0, 0, 0), winners_with((4, 0, 6, 3)))
    assert points == (-200, 0, -300, -150)
    assert sum(points) == -650


def test_k_s2_jacks_and_kings() -> None:
    won = (cards("J♠ K♠ K♥ 2♣"), cards("J♦ 3♣"), cards("4♣"), cards("J♣ J♥ K♦ K♣"))
    points = king.deal_points(king.JK, won, winners_with((4, 3, 3, 3)))
    assert points == (-180, -60, 0, -240)
    assert sum(points) == -480


def test_k_s3_last_two_tricks() -> None:
    both = (0,) * 11 + (2, 2)
    assert king.deal_points(king.L2, (0, 0, 0, 0), both) == (0, 0, -360, 0)
    split = (0,) * 11 + (1, 3)
    assert king.deal_points(king.L2, (0, 0, 0, 0), split) == (0, -120, 0, -240)


def test_k_s4_take_nothing() -> None:
    won_p1 = cards("Q♠ K♥ 2♥ 5♥ J♣ 2♠ 3♠ 4♠ 2♦ 3♦ 2♣ 3♣")
    assert won_p1.bit_count() == 12
    winners = (0, 1, 0, 1, 0, 0, 2, 2, 2, 3, 3, 0, 1)  # P1: three tricks incl. 13, not 12
    points = king.deal_points(king.TN, (0, won_p1, 0, 0), winners)
    assert points[1] == -300


def test_k_s4_take_nothing_items_sum_to_deal_value() -> None:
    everything = (1 << 52) - 1
    points = king.deal_points(king.TN, (everything, 0, 0, 0), (0,) * 13)
    assert points == (-800, 0, 0, 0)


def test_k_s5_trumps() -> None:
    points = king.deal_points(king.TR, (0, 0, 0, 0), winners_with((5, 2, 3, 3)))
    assert points == (250, 100, 150, 150)


def test_k_s6_take_everything() -> None:
    points = king.deal_points(king.TE, (0, 0, (1 << 52) - 1, 0), (2,) * 13)
    assert points == (0, 0, 800, 0)


def test_k_s7_king_of_hearts_ends_the_deal() -> None:
    hands = [
        "A♣ K♣ Q♣ A♦ K♦ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠",
        "2♣ 3♣ 4♣ 2♦ 3♦ K♥ 2♥ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥",
        "5♣ 6♣ 7♣ 4♦ 5♦ 10♠ J♠ Q♠ K♠ A♠ 9♥ 10♥ J♥",
        "8♣ 9♣ 10♣ J♣ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ Q♥ A♥",
    ]
    state = start(hands, "KH")
    state = run(state, "A♣ 2♣ 5♣ 8♣  K♣ 3♣ 6♣ 9♣  Q♣ 4♣ 7♣ 10♣  A♦ 2♦ 4♦ 6♦  K♦ 3♦ 5♦ 7♦")
    assert GAME.legal_actions(state, 0)[0] == play("2♠")
    state = run(state, "2♠")
    assert GAME.legal_actions(state, 1) == [play("K♥")]
    state = run(state, "K♥ A♠ Q♥")
    assert GAME.is_over(state)
    assert GAME.scores(state) == (0, 0, -320, 0)
    obs = GAME.observation(state, 2)
    assert [r.results for r in obs.history] == [(0, 0, -320, 0)]
    assert obs.history[-1].facts.tricks_played == 6
    assert obs.history[-1].facts == king.KingDeal("KH", 0, None, 6)
    assert obs.standings.values == (0, 0, -320, 0) and obs.standings.order == (0, 1, 3, 2)
    assert obs.phase == "over" and obs.deal == 1 and obs.deals == 1
    assert obs.hand_sizes == (7, 7, 7, 7)


# --- §12.4 game-level check -------------------------------------------------------------------


def test_game_level_winner_has_the_highest_total() -> None:
    state = random_match(7)
    assert GAME.is_over(state) and sum(GAME.scores(state)) == 0
    state = state.copy()
    state.totals = (410, -120, -650, 360)
    assert GAME.rankings(state) == (1, 3, 4, 2)
    state.totals = (100, 100, -200, 0)
    assert GAME.rankings(state) == (1, 1, 4, 3)


# --- rules of the match -------------------------------------------------------------------------


def random_match(seed: int) -> king.KingState:
    rng = random.Random(seed)
    state = GAME.new_match(4, seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("seed", range(40))
def test_random_matches_add_up(seed: int) -> None:
    """Every deal's points add up to its contract's value; the whole match sums to 0."""
    state = random_match(seed)
    records = GAME.observation(state, 0).history
    assert [r.facts.contract for r in records] == list(king.DEFAULT_ORDER)
    assert [r.number for r in records] == list(range(1, 13))
    for record in records:
        assert sum(record.results) == king.VALUES[king.CONTRACTS.index(record.facts.contract)]
    assert sum(GAME.scores(state)) == 0
    assert GAME.scores(state) == tuple(sum(r.results[s] for r in records) for s in range(4))
    assert records[-1].standings == GAME.public_observation(state).standings
    assert records[-1].standings.places == GAME.rankings(state)


def test_match_roles_rotate_clockwise() -> None:
    state = GAME.new_match(4, 11, first_dealer=2)
    rng = random.Random(0)
    seen = []
    while not GAME.is_over(state):
        obs = GAME.observation(state, 0)
        if obs.trick_number == 1 and not obs.trick and obs.phase != "trump":
            seen.append((obs.deal, obs.dealer, obs.declarer, GAME.to_act(state)))
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert [deal for deal, *_ in seen] == list(range(1, 13))
    for deal, dealer, declarer, to_act in seen:
        assert dealer == (2 + deal - 1) % 4
        assert declarer == (dealer + 1) % 4
        assert to_act == frozenset({declarer})


def test_trumps_are_named_by_the_declarer_after_seeing_the_hand() -> None:
    state = start(fill(["", "", "", ""]), "TR", dealer=1)
    obs = GAME.observation(state, 2)
    assert obs.phase == "trump" and obs.declarer == 2 and len(obs.hand) == 13
    assert GAME.to_act(state) == frozenset({2})
    assert [str(a) for a in GAME.legal_actions(state, 2)] == ["trump:C", "trump:D", "trump:H", "trump:S"]
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, GAME.parse_action("trump:S"))
    assert error.value.key == "not-your-turn"
    card = GAME.observation(state, 2).hand[0]
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 2, Play(card))
    assert error.value.key == "bad-action"
    state = GAME.apply(state, 2, GAME.parse_action("trump:S"))
    assert GAME.observation(state, 0).trump == 3 and GAME.to_act(state) == frozenset({2})
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 2, GAME.parse_action("trump:H"))
    assert error.value.key == "bad-action"


def test_no_trump_choice_outside_trumps_deals() -> None:
    state = start(fill(["", "", "", ""]), "NT")
    assert all(isinstance(a, Play) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, GAME.parse_action("trump:S"))


def test_trumps_broken_by_a_ruff_allows_leading_trump() -> None:
    hands = fill(["A♠ K♠ 2♦", "3♦ 4♦", "Q♠", "J♠"], ["", "S", "", ""])
    state = start(hands, "TR")
    state = run(state, "trump:D")
    assert play("2♦") not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, play("2♦"))
    assert error.value.key == "trumps-not-broken"
    state = run(state, "A♠")
    assert set(GAME.legal_actions(state, 1)) == {play("3♦"), play("4♦")} | {
        Play(c) for c in cards_of(cards(hands[1]) & (0x1FFF << 13))
    }
    state = run(state, "3♦ Q♠ J♠")
    assert GAME.to_act(state) == frozenset({1})
    state = run(state, "4♦")  # seat 1 may now lead trump: one appeared on the table
    assert GAME.observation(state, 0).trumps_broken


def test_illegal_action_leaves_state_unchanged_and_names_reason() -> None:
    hands = fill(["10♠", "A♥ 9♠", "2♠", "J♠"])
    state = start(hands, "NT")
    state = run(state, "10♠")
    before = state
    for seat, action, key in [
        (0, play("2♠"), "not-your-turn"),
        (1, play("A♥"), "must-follow-suit"),
        (1, play("2♠"), "not-in-hand"),
    ]:
        with pytest.raises(IllegalAction) as error:
            GAME.apply(state, seat, action)
        assert error.value.key == key
        assert state == before


def test_game_over_rejects_actions() -> None:
    state = random_match(3)
    assert GAME.to_act(state) == frozenset()
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, 0, play("2♠"))
    assert error.value.key == "game-over"


def test_hearts_discard_breaks_hearts() -> None:
    hands = fill(["A♠ 3♣ 4♥", "2♥ 9♥", "2♠", "3♠"], ["", "S", "", ""])
    state = start(hands, "HT")
    assert play("3♣") in GAME.legal_actions(state, 0)
    assert play("4♥") not in GAME.legal_actions(state, 0)
    state = run(state, "A♠ 2♥")  # void in spades: must discard a heart
    state = run(state, "2♠ 3♠")
    assert GAME.observation(state, 1).hearts_broken
    assert play("4♥") in GAME.legal_actions(state, 0)
    state = run(state, "4♥")
    obs = GAME.observation(state, 1)
    assert obs.points == (-30, 0, 0, 0)
    assert obs.counted == ((parse_card("2♥"),), (), (), ())


def test_early_end_of_queens_deal_scores_the_whole_value() -> None:
    state = GAME.new_match(4, 5, contracts="QN")
    rng = random.Random(5)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    (record,) = GAME.observation(state, 0).history
    assert sum(record.results) == -400
    assert record.facts.tricks_played <= 13


@pytest.mark.parametrize("contract", ["JK", "QN", "HT", "KH"])
def test_early_end_stops_when_penalties_are_all_taken(contract: str) -> None:
    ended_early = 0
    for seed in range(30):
        state = GAME.new_match(4, seed, contracts=contract)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        (record,) = GAME.observation(state, 0).history
        value = king.VALUES[king.CONTRACTS.index(contract)]
        assert sum(record.results) == value
        ended_early += record.facts.tricks_played < 13
    assert ended_early > 0


# --- interface --------------------------------------------------------------------------------


def test_registered() -> None:
    assert find_game("king") is GAME
    assert GAME.name == "king" and GAME.sizes == (4,)


@pytest.mark.parametrize("code", ["play:QS", "play:TH", "trump:S", "trump:C"])
def test_action_codes_round_trip(code: str) -> None:
    action = GAME.parse_action(code)
    assert str(action) == code and GAME.parse_action(str(action)) == action
    kind, _, arg = code.partition(":")
    assert repr(action) == f"{'Play' if kind == 'play' else 'ChooseTrump'}({arg!r})"


@pytest.mark.parametrize("code", ["", "QS", "play:", "play:1S", "trump:X", "trump:", "bid:pass"])
def test_parse_action_rejects_garbage(code: str) -> None:
    with pytest.raises(ValueError):
        GAME.parse_action(code)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 3},
        {"players": 5},
        {"colour": "red"},
        {"first_dealer": 4},
        {"first_dealer": "1"},
        {"contracts": "NT XX"},
        {"contracts": ""},
        {"deal": ["AS KS"] * 4},
        {"deal": ["AS"] * 4},
    ],
)
def test_new_match_rejects_bad_arguments(kwargs: dict[str, object]) -> None:
    players = kwargs.pop("players", 4)
    with pytest.raises(ValueError):
        GAME.new_match(players, 1, **kwargs)  # type: ignore[arg-type]


def test_fixed_first_deal_is_dealt_as_given() -> None:
    hands = fill(["A♠ K♠", "Q♠", "", ""])
    state = start(hands, "NT")
    for seat in range(4):
        assert GAME.observation(state, seat).hand == tuple(sorted(parse_cards(hands[seat])))


def test_deals_are_reproducible_from_the_seed() -> None:
    a, b, c = (GAME.new_match(4, s) for s in (9, 9, 10))
    assert a == b and a != c
    assert GAME.observation(a, 0).hand == GAME.observation(b, 0).hand


def test_observation_shows_public_won_cards_and_hides_hands() -> None:
    state = GAME.new_match(4, 12)
    rng = random.Random(12)
    for _ in range(30):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for seat in range(4):
        obs = GAME.observation(state, seat)
        own = mask_of(obs.hand)
        won = mask_of(c for pile in obs.won for c in pile)
        table = mask_of(c for _, c in obs.trick)
        assert own & won == 0 and own & table == 0 and won & table == 0
        assert own.bit_count() + won.bit_count() + table.bit_count() + sum(
            n for s, n in enumerate(obs.hand_sizes) if s != seat
        ) == 52
        assert obs.hand_sizes[seat] == len(obs.hand)


def test_replay_rebuilds_the_live_state() -> None:
    state = GAME.new_match(4, 21)
    rng = random.Random(21)
    log = []
    for _ in range(200):
        (seat,) = GAME.to_act(state)
        action = rng.choice(GAME.legal_actions(state, seat))
        log.append((seat, str(action)))
        state = GAME.apply(state, seat, action)
    assert replay(GAME, 4, 21, log) == state


def test_describe_renders_an_observation() -> None:
    state = start(fill(["", "", "", ""]), "TR TE", dealer=3)
    text = GAME.describe(GAME.observation(state, 0))
    assert "Trumps" in text and "deal 1/2" in text.lower()
    state = run(state, "trump:H")
    (seat,) = GAME.to_act(state)
    state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    text = GAME.describe(GAME.observation(state, 1))
    assert "trump ♥" in text.lower() and "trick" in text.lower()


@pytest.mark.parametrize("seed", range(48))
def test_rollout_plays_like_the_public_api(seed: int) -> None:
    """From a random point of a random deal, the fast rollout makes the same choices as random
    play through the API with the same generator, and scores the deal the same way."""
    pick = random.Random(seed)
    state = GAME.new_match(4, seed)
    target, extra = seed % 12, pick.randrange(40)  # somewhere in deal 1..12
    while state.deal < target or (extra > 0 and state.deal == target):
        extra -= state.deal == target
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, pick.choice(GAME.legal_actions(state, seat)))
    state = king.start_of_play(state)
    deal = state.deal
    points = king.rollout(state, random.Random(seed))
    rng = random.Random(seed)
    while state.deal == deal and not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        legal = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, legal[int(rng.random() * len(legal))])
    assert GAME.observation(state, 0).history[deal].results == points
    assert sum(points) == king.VALUES[state.order[deal]]


# --- §7 transcribed literally, as a cross-check of the bitmask version ------------------------


def reference_legal(contract: str, trump: int | None, hand: list[int], trick: list[int],
                    history: list[int]) -> set[int]:
    """The pseudocode of §7, line by line, on plain lists of cards."""
    def suit(c: int) -> int:
        return c // 13

    def rank(c: int) -> int:
        return c % 13

    jack, queen, king_ = 9, 10, 11
    king_of_hearts = 2 * 13 + king_
    under_ranks = {"JK": {jack, king_}, "QN": {queen}, "TN": {jack, queen, king_}}
    dump = {
        "JK": lambda c: rank(c) in (jack, king_),
        "QN": lambda c: rank(c) == queen,
        "HT": lambda c: suit(c) == HEARTS,
        "TN": lambda c: rank(c) in (jack, queen, king_) or suit(c) == HEARTS,
    }
    if not trick:
        if (contract in ("HT", "KH", "TN", "TE") and not any(suit(c) == HEARTS for c in history)
                and any(suit(c) != HEARTS for c in hand)):
            return {c for c in hand if suit(c) != HEARTS}
        if (contract == "TR" and not any(suit(c) == trump for c in history)
                and any(suit(c) != trump for c in hand)):
            return {c for c in hand if suit(c) != trump}
        return set(hand)
    led = suit(trick[0])
    follow = {c for c in hand if suit(c) == led}
    if follow:
        if contract == "TR" and led == trump:
            h = max(rank(t) for t in trick if suit(t) == trump)
            higher = {c for c in follow if rank(c) > h}
            return higher or follow
        if contract in under_ranks or contract == "KH":
            obligated = {
                c for c in follow
                if (c == king_of_hearts if contract == "KH" else rank(c) in under_ranks[contract])
                and any(suit(t) == led and rank(t) > rank(c) for t in trick)
            }
            return obligated or follow
        return follow
    if contract == "TR":
        trumps = {c for c in hand if suit(c) == trump}
        if not trumps:
            return set(hand)
        if any(suit(t) == trump for t in trick):
            h = max(rank(t) for t in trick if suit(t) == trump)
            higher = {c for c in trumps if rank(c) > h}
            return higher or trumps
        return trumps
    if contract == "KH":
        if king_of_hearts in hand:
            return {king_of_hearts}
        hearts = {c for c in hand if suit(c) == HEARTS}
        return hearts or set(hand)
    if contract in dump:
        discard = {c for c in hand if dump[contract](c)}
        return discard or set(hand)
    return set(hand)


def test_legal_mask_matches_the_spec_pseudocode_on_random_positions() -> None:
    rng = random.Random(2024)
    for _ in range(20_000):
        contract = rng.choice(king.CONTRACTS)
        trump = rng.randrange(4) if contract == "TR" else None
        deck = list(range(52))
        rng.shuffle(deck)
        size, lead_size = rng.randint(1, 13), rng.randint(0, 3)
        hand, trick = deck[:size], deck[size:size + lead_size]
        history = deck[size + lead_size:size + lead_size + 4 * rng.randint(0, 13 - size)]
        expected = reference_legal(contract, trump, hand, trick, history)
        got = king.legal_mask(king.CONTRACTS.index(contract), trump, mask_of(hand), tuple(trick),
                              mask_of(history))
        assert got == mask_of(expected), (contract, trump, hand, trick, history)
