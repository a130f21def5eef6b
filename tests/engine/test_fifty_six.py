"""56: the worked examples of shared/rules/56.md §11 (E1–E12), and its totals over random play."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine import IllegalAction, fifty_six, replay
from engine.cards import CARDS, Card, mask_of, parse_card, parse_cards
from engine.core import deal_rng
from engine.fifty_six import (
    DOUBLE,
    GAME,
    NT,
    PASS,
    POINTS,
    REDOUBLE,
    STATE_FIELDS,
    Bid,
    C,
    D,
    H,
    S,
    State,
    deck_cards,
    legal_cards,
    rollout,
    settle,
    start_of_play,
    trick_winner,
)
from engine.tricks import PLAYS


def match(players: int, dealer: int, deal: list[str] | None = None, seed: int = 1,
          **rules: int) -> State:
    return GAME.new_match(players, seed, deal=deal, first_dealer=dealer, **rules)


def act(state: State, *codes: str) -> State:
    """Apply codes in turn, each by the seat to act."""
    for code in codes:
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.parse_action(code))
    return state


def codes(state: State, seat: int) -> list[str]:
    return [str(a) for a in GAME.legal_actions(state, seat)]


def key_of(state: State, seat: int, action: object) -> str:
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, seat, action)
    return error.value.key


def fill(players: int, fixed: dict[int, str], voids: dict[int, str] | None = None) -> list[str]:
    """A whole deal: the fixed cards of some seats, the rest of the deck handed out in card order
    to the first seat with room that is not void in the card's suit."""
    size = len(deck_cards(players)) // players
    hands = {seat: parse_cards(fixed.get(seat, "")) for seat in range(players)}
    rest = Counter(deck_cards(players)) - Counter(c for h in hands.values() for c in h)
    for card in sorted(rest.elements()):
        seat = next(s for s in range(players) if len(hands[s]) < size
                    and "CDHS"[card // 13] not in (voids or {}).get(s, ""))
        hands[seat].append(card)
    return [" ".join(str(CARDS[c]) for c in hands[s]) for s in range(players)]


def play_out(state: State) -> State:
    """Finish the deal: everyone plays their first legal card."""
    deal = state.deal_no
    while state.deal_no == deal and not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        state = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


# E1 ------------------------------------------------------------------------------------------


def test_e1_legal_cards() -> None:
    hand = mask_of(parse_cards("JS 9S AH TD"))
    assert legal_cards(hand, parse_cards("QS")) == mask_of(parse_cards("JS 9S"))
    assert legal_cards(hand, parse_cards("KC")) == hand
    assert legal_cards(hand, []) == hand


def test_e1_legal_cards_in_a_deal() -> None:
    deal = fill(4, {1: "QS QS KS KS QC QC KC KC AC AC TC TC",
                    2: "JS 9S AH TD JH JH 9H 9H JD JD 9D 9D"})
    s = act(match(4, 0, deal), "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert codes(s, 1) == [f"play:{c}" for c in ("TC", "QC", "KC", "AC", "QS", "KS")]
    spade = act(s, "play:QS")
    assert codes(spade, 2) == ["play:9S", "play:JS"]
    club = act(s, "play:QC")
    assert sorted(codes(club, 2)) == sorted(
        f"play:{c}" for c in ("JS", "9S", "AH", "TD", "JH", "9H", "JD", "9D"))


# E2 ------------------------------------------------------------------------------------------


def test_e2_trick_winners() -> None:
    def won(cards: str, trump: int | None) -> int:
        return trick_winner(parse_cards(cards), trump)

    assert won("JS JS 9S AS", H) == 0  # the first of two identical cards
    assert sum(POINTS[c] for c in parse_cards("JS JS 9S AS")) == 9
    assert won("TC QH JC KH", H) == 3
    assert won("TC QH JC KH", None) == 2
    assert won("9D JS AD JD JD TD", S) == 1


E2_DEAL = ["AS KH 9H 9H TH TH JH AD TS TS QS KS",  # seat 0: no clubs
           "JS TC TC QC QC KC KC 9D 9D TD TD JD",
           "JS QH JH QH KH AH AH AD 9S QS KS AS",  # seat 2: no clubs
           "9S JC 9C 9C JC AC AC JD QD QD KD KD"]


@pytest.mark.parametrize(("opening", "trick2_winner"), [("bid:28:H", 0), ("bid:pass", 3)])
def test_e2_trick_winners_in_a_deal(opening: str, trick2_winner: int) -> None:
    s = act(match(4, 0, E2_DEAL), opening, "bid:pass", "bid:pass", "bid:pass")
    assert s.phase == "play" and GAME.to_act(s) == {1}
    s = act(s, "play:JS", "play:JS", "play:9S", "play:AS")
    assert GAME.to_act(s) == {1}  # identical J♠: the first played wins
    assert GAME.observation(s, 0).points == (0, 9)
    s = act(s, "play:TC", "play:QH", "play:JC", "play:KH")
    assert GAME.to_act(s) == {trick2_winner}
    assert GAME.observation(s, 0).tricks[-1].winner == trick2_winner


def test_e2_six_players_only_trump_wins() -> None:
    deal = fill(6, {0: "9D", 1: "JS", 2: "AD", 3: "JD", 4: "JD", 5: "TD"}, voids={1: "D"})
    s = act(match(6, 5, deal), "bid:28:S", *["bid:pass"] * 5)
    s = act(s, "play:9D", "play:JS", "play:AD", "play:JD", "play:JD", "play:TD")
    assert GAME.to_act(s) == {1}
    assert GAME.observation(s, 0).points == (0, 2 + 3 + 1 + 3 + 3 + 1, 0)


# E3–E7: the auction --------------------------------------------------------------------------


def test_e3_auction_double_and_redouble() -> None:
    s = act(match(4, 0), "bid:28:D", "bid:pass")
    assert GAME.to_act(s) == {3}
    assert len(codes(s, 3)) == 141 and "bid:double" not in codes(s, 3)
    s = act(s, "bid:30:D:plus-suit")
    assert len(codes(s, 0)) == 132 and codes(s, 0)[-1] == "bid:double"
    s = act(s, "bid:double")
    assert len(codes(s, 1)) == 132 and codes(s, 1)[-1] == "bid:redouble"
    s = act(s, "bid:pass")
    assert len(codes(s, 2)) == 131
    assert "bid:double" not in codes(s, 2) and "bid:redouble" not in codes(s, 2)
    s = act(s, "bid:pass", "bid:redouble")
    assert s.phase == "play"
    c = s.contract
    assert c is not None
    assert (c.value, c.trump, c.declarer, c.team, c.multiplier) == (30, D, 3, 1, 4)
    assert str(GAME.observation(s, 0).calls[2][1]) == "bid:30:D:plus-suit"


def test_e4_all_pass_is_28_no_trumps_for_the_first_bidder() -> None:
    s = act(match(4, 0), "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    c = s.contract
    assert c is not None
    assert (c.value, c.trump, c.declarer, c.team, c.multiplier) == (28, None, 1, 1, 1)
    assert s.phase == "play" and GAME.to_act(s) == {1}
    assert all(str(a).startswith("play:") for a in GAME.legal_actions(s, 1))


def test_e5_auction_ends_after_n_minus_1_passes_after_the_double() -> None:
    s = act(match(4, 3), "bid:40:C", "bid:double", "bid:pass", "bid:pass")
    assert s.phase == "auction" and GAME.to_act(s) == {0}
    s = act(s, "bid:pass")
    c = s.contract
    assert c is not None
    assert (c.value, c.trump, c.team, c.multiplier) == (40, C, 0, 2)


def test_e6_six_players_three_teams() -> None:
    s = act(match(6, 5), "bid:32:H", "bid:double")
    assert GAME.to_act(s) == {2}
    assert "bid:double" not in codes(s, 2) and "bid:redouble" not in codes(s, 2)
    assert key_of(s, 2, DOUBLE) == "cannot-double"
    assert key_of(s, 2, REDOUBLE) == "cannot-redouble"
    s = act(s, "bid:33:NT")
    assert s.dbl == 0
    assert "bid:double" in codes(s, 3)
    s = act(s, "bid:pass", "bid:pass", "bid:pass", "bid:pass")
    assert s.phase == "auction"
    s = act(s, "bid:pass")
    c = s.contract
    assert c is not None
    assert (c.value, c.trump, c.declarer, c.team, c.multiplier) == (33, None, 2, 2, 1)


def test_e7_bid_forms() -> None:
    s = act(match(4, 0), "bid:28:D")
    assert GAME.to_act(s) == {2}

    def high_after(code: str) -> Bid:
        after = act(s, code)
        assert after.high is not None and after.high_seat == 2
        return after.high

    assert high_after("bid:30:D:plus-suit") == Bid(30, D, "plus-suit")
    assert high_after("bid:30:NT:plus-2-noes") == Bid(30, NT, "plus-2-noes")
    assert high_after("bid:29:NT:num-noes") == Bid(29, NT, "num-noes")
    assert high_after("bid:29:S:suit-num") == Bid(29, S, "suit-num")
    assert key_of(s, 2, Bid(28, D, "suit-num")) == "bid-too-low"
    assert key_of(s, 2, Bid(29, NT, "suit-num")) == "bad-bid-form"
    assert s.high == Bid(28, D, "num-suit") and GAME.to_act(s) == {2} and len(s.calls) == 1
    for form in ("num-nt", "num-noes", None):
        assert high_after(str(Bid(29, NT, form))).value == 29
    assert high_after("bid:29:NT") == Bid(29, NT, "num-nt")  # the default form is recorded
    assert key_of(s, 2, Bid(31, NT, "plus-2-noes")) == "bad-bid-form"  # not 28 + 2
    assert key_of(s, 2, Bid(30, NT, "plus-suit")) == "bad-bid-form"
    fresh = match(4, 0)
    assert key_of(fresh, 1, Bid(29, H, "plus-suit")) == "bad-bid-form"
    assert key_of(fresh, 1, Bid(30, NT, "plus-2-noes")) == "bad-bid-form"
    assert act(fresh, "bid:29:NT:num-noes").high == Bid(29, NT, "num-noes")


def test_no_bid_above_56_and_double_redouble_still_possible() -> None:
    s = act(match(4, 0), "bid:56:S")
    assert codes(s, 2) == ["bid:pass", "bid:double"]
    assert key_of(s, 2, Bid(56, NT)) == "bid-too-low"
    s = act(s, "bid:double", "bid:pass")
    assert codes(s, 0) == ["bid:pass"]
    assert codes(act(s, "bid:pass"), 1) == ["bid:pass", "bid:redouble"]


def test_passer_may_bid_later_and_over_partner() -> None:
    s = act(match(4, 0), "bid:pass", "bid:28:C", "bid:pass", "bid:pass", "bid:29:C")
    assert s.high_seat == 1 and s.phase == "auction"
    s = act(s, "bid:pass", "bid:30:H")  # seat 3 over its partner, seat 1
    assert s.high_seat == 3


# E8–E11: settlement --------------------------------------------------------------------------


def test_e8_made_and_doubled_function() -> None:
    assert settle((12, 12), 0, (1,), 2 * 2, made=True) == (16, 8)


def test_e9_lost_six_players_function() -> None:
    assert settle((12, 12, 12), 1, (2, 0), 4, made=False) == (16, 4, 16)


def test_e10_shortfall_function() -> None:
    assert settle((14, 3, 19), 1, (2, 0), 4, made=False) == (15, 0, 21)


def test_e11_made_against_a_short_team_function() -> None:
    assert settle((22, 2), 0, (1,), 4, made=True) == (24, 0)


ALL_CLUBS = "JC JC 9C 9C AC AC TC TC KC KC QC QC"


def test_e8_made_and_doubled_in_a_deal() -> None:
    s = act(match(4, 3, fill(4, {0: ALL_CLUBS})), "bid:40:C", "bid:double", "bid:pass",
            "bid:pass", "bid:pass")
    s = play_out(s)
    (record,) = s.history
    assert record.made and record.points == (56, 0)
    assert s.tables == (16, 8) and s.results == ((4, -4, 4, -4),)
    assert GAME.scores(s) == (16, 8, 16, 8)


def test_e9_lost_in_a_deal() -> None:
    weak = "QS QS KS KS QH QH KH KH"  # T1 holds no point card
    deal = fill(6, {1: weak, 4: "QD QD KD KD QC QC KC KC"})
    s = play_out(act(match(6, 0, deal), "bid:48:NT", *["bid:pass"] * 5))
    (record,) = s.history
    assert not record.made and record.points[1] < 48 and sum(record.points) == 56
    assert s.tables == (16, 4, 16) and record.change == (4, -8, 4)


def test_e10_shortfall_and_elimination_in_a_deal() -> None:
    weak = "QS QS KS KS QH QH KH KH"
    deal = fill(6, {1: weak, 4: "QD QD KD KD QC QC KC KC"})
    s = match(6, 0, deal).copy()
    s.tables = (14, 3, 19)
    s = play_out(act(s, "bid:48:NT", *["bid:pass"] * 5))
    assert s.tables == (15, 0, 21)
    assert s.active == (0, 2, 3, 5) and s.history[0].eliminated == (1,)
    assert s.dealer == 2 and s.deal_no == 2 and GAME.to_act(s) == {3}
    assert [len(h) for h in GAME.hands(s)] == [12, 0, 12, 12, 0, 12]
    assert GAME.legal_actions(s, 1) == [] and GAME.scores(s) == (15, 0, 21, 15, 0, 21)
    assert not GAME.is_over(s)
    assert key_of(s, 1, PASS) == "not-your-turn"


def test_e11_made_contract_eliminates_the_last_opponent() -> None:
    s = match(4, 3, fill(4, {0: ALL_CLUBS})).copy()
    s.tables = (22, 2)
    s = play_out(act(s, "bid:56:NT", "bid:pass", "bid:pass", "bid:pass"))
    assert s.tables == (24, 0) and s.history[0].made
    assert GAME.is_over(s) and GAME.to_act(s) == frozenset()
    assert GAME.rankings(s) == (1, 2, 1, 2)
    assert all(GAME.legal_actions(s, seat) == [] for seat in range(4))
    assert key_of(s, 0, PLAYS[parse_card("JC")]) == "game-over"


# E12: deck by player count -------------------------------------------------------------------


def test_e12_deck_by_player_count() -> None:
    eight = match(8, 0)
    assert len(GAME.deck_of(eight)) == 64 and all(len(h) == 8 for h in GAME.hands(eight))
    assert trick_winner(parse_cards("8S QS 7S"), None) == 1
    assert trick_winner(parse_cards("7S 8S"), None) == 1
    four = match(4, 0)
    assert all(len(h) == 12 for h in GAME.hands(four))
    assert not {Card(c).rank for c in GAME.deck_of(four)} & {7, 8}
    six = match(6, 0)
    assert len(GAME.deck_of(six)) == 48 and all(len(h) == 8 for h in GAME.hands(six))
    for players in (4, 6, 8):
        deck = deck_cards(players)
        assert sum(POINTS[c] for c in deck) == 56
        assert all(n == 2 for n in Counter(deck).values())


def test_eight_players_shrink_to_six_then_deck_drops_sevens_and_eights() -> None:
    s = match(8, 0).copy()
    s.tables = (12, 1, 12, 12)  # the declaring team 1 loses its last table
    s = play_out(act(s, "bid:56:NT", *["bid:pass"] * 7))
    assert not s.history[0].made
    # owes 5 to each of three teams, holds 1: it goes to the first team after the declarer
    assert s.tables == (12, 0, 13, 12) and s.history[0].eliminated == (1,)
    assert s.active == (0, 2, 3, 4, 6, 7) and s.dealer == 2 and GAME.to_act(s) == {3}
    assert len(GAME.deck_of(s)) == 48 and all(len(GAME.hands(s)[i]) == 8 for i in s.active)
    assert not {Card(c).rank for c in GAME.deck_of(s)} & {7, 8}


# Deal, dealer, actions, observation -----------------------------------------------------------


def test_deal_goes_in_packets_of_four_from_the_dealers_right() -> None:
    s = match(4, 2, seed=5)
    assert GAME.to_act(s) == {3}
    deck = list(deck_cards(4))
    deal_rng(5, 1).shuffle(deck)
    assert sorted(GAME.hands(s)[3]) == sorted(deck[0:4] + deck[16:20] + deck[32:36])
    assert sorted(GAME.hands(s)[2]) == sorted(deck[12:16] + deck[28:32] + deck[44:48])


def test_dealer_rotates_and_first_dealer_comes_from_the_seed() -> None:
    dealers = {GAME.new_match(4, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    s = play_out(act(match(4, 1), *["bid:pass"] * 4))
    assert s.dealer == 2 and s.deal_no == 2 and GAME.to_act(s) == {3}


def test_actions_round_trip_and_garbage_is_refused() -> None:
    for code in ("bid:pass", "bid:double", "bid:redouble", "bid:28:D", "bid:56:NT",
                 "bid:30:S:plus-suit", "bid:30:NT:plus-2-noes", "bid:29:H:suit-num", "play:JS"):
        action = GAME.parse_action(code)
        assert str(action) == code and GAME.parse_action(str(action)) == action
        if code.startswith("bid:"):
            assert eval(repr(action), vars(fifty_six)) == action
    for bad in ("bid:27:D", "bid:57:NT", "bid:28:X", "bid:28:D:loud", "bid:+28:D", "bid:",
                "double", "play:1S", "bid:28:D:num-suit:x", "bid:28"):
        with pytest.raises(ValueError):
            GAME.parse_action(bad)
    assert GAME.parse_action("play:J♠") == PLAYS[parse_card("JS")]


def test_illegal_plays_are_rejected_without_change() -> None:
    deal = fill(4, {1: "QS QS KS KS QC QC KC KC AC AC TC TC",
                    2: "JS 9S AH TD JH JH 9H 9H JD JD 9D 9D"})
    s = act(match(4, 0, deal), *["bid:pass"] * 4)
    assert key_of(s, 1, PLAYS[parse_card("JS")]) == "not-in-hand"
    assert key_of(s, 1, PASS) == "illegal"
    assert key_of(s, 2, PLAYS[parse_card("JS")]) == "not-your-turn"
    led = act(s, "play:QS")
    before = led.copy()
    assert key_of(led, 2, PLAYS[parse_card("AH")]) == "must-follow-suit"
    assert led == before
    both = act(led, "play:JS")
    assert GAME.hands(both)[2].count(parse_card("JS")) == 0
    assert GAME.hands(both)[1].count(parse_card("QS")) == 1  # one copy of Q♠ left


def test_identical_copies_one_action_and_both_playable() -> None:
    s = act(match(4, 3, fill(4, {0: ALL_CLUBS})), *["bid:pass"] * 4)
    assert codes(s, 0) == [f"play:{c}" for c in ("9C", "TC", "JC", "QC", "KC", "AC")]
    s = act(s, "play:JC")
    for _ in range(3):
        s = act(s, codes(s, next(iter(GAME.to_act(s))))[0])
    assert GAME.to_act(s) == {0} and "play:JC" in codes(s, 0)
    s = act(s, "play:JC")
    assert GAME.hands(s)[0].count(parse_card("JC")) == 0
    for _ in range(3):
        s = act(s, codes(s, next(iter(GAME.to_act(s))))[0])
    assert "play:JC" not in codes(s, 0) and "play:9C" in codes(s, 0)


def test_bad_options_and_deals_are_refused() -> None:
    with pytest.raises(ValueError):
        GAME.new_match(5, 1)
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, target=3)
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, tables=0)
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, first_dealer=4)
    good = fill(4, {})
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=good[:3])
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=[good[0], good[0], good[2], good[3]])
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=[good[0].replace("9C", "8C", 1), *good[1:]])
    assert GAME.new_match(4, 1, deal=good) == GAME.new_match(4, 1, deal=good)
    assert [" ".join(map(str, h)) for h in GAME.hands(GAME.new_match(4, 1, deal=good))] == good


def test_observation_shows_own_hand_and_public_play_only() -> None:
    s = act(match(4, 0, E2_DEAL), "bid:28:H", "bid:pass", "bid:pass", "bid:pass", "play:JS")
    obs = GAME.observation(s, 2)
    assert sorted(obs.hand) == sorted(parse_cards(E2_DEAL[2]))
    assert obs.trick == ((1, parse_card("JS")),) and obs.to_act == {2}
    assert obs.hand_sizes == (12, 11, 12, 12)
    assert obs.contract == s.contract and obs.standings.values == (12, 12)
    assert obs.teams == ((0, 2), (1, 3)) and obs.deal == 1 and obs.dealer == 0
    assert obs.trump == H and obs.declarer == 1 and obs.team_of(3) == 1
    assert [str(a) for _, a in obs.calls] == ["bid:28:H:num-suit"] + ["bid:pass"] * 3
    text = GAME.describe(obs)
    assert "28♥" in text and "seat 2 (you)" in text and "J♠" in text


def test_describe_every_phase() -> None:
    s = match(6, 5)
    assert "auction" in GAME.describe(GAME.observation(s, 0))
    s = act(s, "bid:30:S", "bid:double")
    assert "doubled" in GAME.describe(GAME.observation(s, 3))
    s = play_out(act(s, *["bid:pass"] * 5))
    text = GAME.describe(GAME.observation(s, 0))
    assert "deal 2" in text and "Deal 1" in text


# Totals over random play ----------------------------------------------------------------------


def random_match(players: int, seed: int, **rules: int) -> tuple[State, list[tuple[int, str]]]:
    rng = random.Random(seed)
    s = GAME.new_match(players, seed, **rules)
    log = []
    while not GAME.is_over(s):
        (seat,) = GAME.to_act(s)
        action = rng.choice(GAME.legal_actions(s, seat))
        s = GAME.apply(s, seat, action)
        log.append((seat, str(action)))
    return s, log


@pytest.mark.parametrize("players", [4, 6, 8])
def test_random_matches_keep_56_points_and_conserve_tables(players: int) -> None:
    teams = players // 2
    for seed in range(25):
        s, log = random_match(players, seed, tables=4)
        assert s.history and len(s.history) == len(s.results)
        tables = [4] * teams
        for record, per_seat in zip(s.history, s.results, strict=True):
            assert sum(record.points) == 56
            assert sum(record.change) == 0 and sum(record.tables) == 4 * teams
            assert record.made == (record.points[record.contract.team] >= record.contract.value)
            tables = [a + b for a, b in zip(tables, record.change, strict=True)]
            assert tuple(tables) == record.tables
            assert per_seat == tuple(record.change[seat % teams] for seat in range(players))
        winners = [t for t in range(teams) if s.tables[t]]
        assert len(winners) == 1 and s.tables[winners[0]] == 4 * teams
        places = GAME.rankings(s)
        assert all(places[seat] == 1 for seat in range(players) if seat % teams == winners[0])
        assert replay(GAME, players, seed, log, tables=4) == s


def test_random_matches_with_full_stakes_end() -> None:
    for players in (4, 6, 8):
        s, _ = random_match(players, 99)
        assert GAME.is_over(s) and sum(s.tables) == 12 * (players // 2)


def test_finished_match_still_answers_every_question() -> None:
    s, _ = random_match(6, 3, tables=2)
    assert GAME.is_over(s) and len(GAME.deck_of(s)) == len(GAME.card_locations(s))
    assert Counter(GAME.deck_of(s)) == Counter(GAME.card_locations(s))
    assert GAME.legal_actions(s, -1) == [] and GAME.to_act(s) == frozenset()
    assert "Deal" in GAME.describe(GAME.observation(s, 0))


def test_hand_built_calls_behave_like_parsed_ones() -> None:
    from engine.fifty_six import Call
    s = act(match(4, 0), "bid:28:D")
    assert GAME.apply(s, 2, Call("pass")) == GAME.apply(s, 2, PASS)
    assert GAME.apply(s, 2, Call("double")) == GAME.apply(s, 2, DOUBLE)
    assert key_of(s, 2, Call("shout")) == "illegal"


def test_copy_takes_every_field() -> None:
    s = act(match(4, 0), "bid:28:D")
    copied = s.copy()
    assert all(getattr(copied, name) is getattr(s, name) for name in STATE_FIELDS)


def test_two_teams_leave_at_once_eight_to_four_players() -> None:
    """All pass: seat 0 (team 0) plays 28 NT and takes every trick with J 9 A 10 of clubs.
    Teams 1 and 3 pay their last table and leave together, the old dealer (seat 7) with them."""
    deal = fill(8, {0: "JC JC 9C 9C AC AC TC TC"})
    s = match(8, 7, deal).copy()
    s.tables = (12, 1, 11, 1)
    s = play_out(act(s, *["bid:pass"] * 8))
    record = s.history[0]
    assert record.contract.all_passed and record.made and record.points == (56, 0, 0, 0)
    assert s.tables == (15, 0, 10, 0) and record.eliminated == (1, 3)
    assert s.active == (0, 2, 4, 6) and s.dealer == 0 and GAME.to_act(s) == {2}
    assert len(GAME.deck_of(s)) == 48 and [len(GAME.hands(s)[i]) for i in s.active] == [12] * 4
    assert GAME.rankings(s) == (1, 3, 2, 3, 1, 3, 2, 3)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_rollout_draws_exactly_as_random_play_through_the_api(players: int) -> None:
    """Same generator, same draws: the rollout must end the deal with the engine's points, from
    the start of play and from positions in the middle of a trick."""
    for seed in range(40):
        s = start_of_play(GAME.new_match(players, seed))
        walk = random.Random(seed)
        for _ in range(seed % 13):  # a few random cards first: mid-trick positions too
            (seat,) = GAME.to_act(s)
            s = GAME.apply(s, seat, walk.choice(GAME.legal_actions(s, seat)))
        expected, draw = s, random.Random(1000 + seed)
        while expected.deal_no == s.deal_no and not GAME.is_over(expected):
            (seat,) = GAME.to_act(expected)
            legal = GAME.legal_actions(expected, seat)
            expected = GAME.apply(expected, seat, legal[int(draw.random() * len(legal))])
        assert rollout(s, random.Random(1000 + seed)) == expected.history[-1].points


def test_rollout_totals_and_variety() -> None:
    s = start_of_play(GAME.new_match(6, 4))
    assert s.phase == "play" and s.contract is not None and s.contract.value == 28
    rng = random.Random(2)
    seen = {rollout(s, rng) for _ in range(300)}
    assert all(sum(points) == 56 for points in seen) and len(seen) > 50


# The shared shape (issue 11) ----------------------------------------------------------------


def test_public_view_has_no_hand_and_the_shared_facts() -> None:
    s = act(match(6, 5), "bid:32:H", "bid:double")
    public = GAME.public_observation(s)
    assert not hasattr(public, "hand") and public.game == "fifty_six"
    assert public.teams == ((0, 3), (1, 4), (2, 5)) and public.deals is None
    assert public.to_act == frozenset({2}) and public.phase == "auction" and public.deal == 1
    table = public.standings
    assert table.values == (12, 12, 12) and table.unit == "tables" and table.by_team
    assert table.places == (1, 1, 1) and not table.low_wins
    assert public.high_bid == Bid(32, H) and public.high_bidder == 0 and public.doubled == 1
    assert public.trump is None and public.declarer is None and public.history == ()
    assert GAME.observation(s, 4).seat == 4


def test_a_form_is_a_label_bids_compare_by_value_and_suit() -> None:
    assert Bid(30, D, "plus-suit") == Bid(30, D) and hash(Bid(30, D, "plus-suit")) == hash(Bid(30, D))
    s = act(match(4, 0), "bid:28:D")
    legal = GAME.legal_actions(s, 2)
    assert Bid(30, D, "plus-suit") in legal and Bid(30, NT, "plus-2-noes") in legal
    plain, plus = GAME.apply(s, 2, Bid(30, D)), GAME.apply(s, 2, Bid(30, D, "plus-suit"))
    assert plain != plus  # the recorded form is part of the state
    assert str(plus.calls[-1][1]) == "bid:30:D:plus-suit"


def test_history_records_table_changes_standings_and_facts() -> None:
    deal = fill(8, {0: "JC JC 9C 9C AC AC TC TC"})
    s = match(8, 7, deal).copy()
    s.tables = (12, 1, 11, 1)
    s = play_out(act(s, *["bid:pass"] * 8))
    public = GAME.public_observation(s)
    (record,) = public.history
    assert record.number == 1 and record.results == (3, -1, -1, -1)
    assert record.standings.values == (15, 0, 10, 0) and record.standings.places == (1, 3, 2, 3)
    assert record.standings.order == (0, 2, 1, 3)
    facts = record.facts
    assert facts.made and facts.points == (56, 0, 0, 0) and facts.eliminated == (1, 3)
    assert facts.contract.all_passed and facts.dealer == 7
    assert public.active == (0, 2, 4, 6) and public.hand_sizes[1] == 0
    assert public.standings.places == (1, 3, 2, 3) and public.last_deal is record
    assert GAME.public_observation(s).history is public.history  # built once per deal


def test_history_places_follow_how_long_a_team_lasted() -> None:
    for seed in range(6):
        s, _ = random_match(8, seed, tables=2)
        public = GAME.public_observation(s)
        assert public.phase == "over" and public.to_act == frozenset()
        k = len(public.teams)
        ranks = GAME.rankings(s)
        assert tuple(public.standings.places[seat % k] for seat in range(8)) == ranks
        left = {t: r.number for r in public.history for t in r.facts.eliminated}
        assert len(left) == k - 1
        for a in left:
            for b in left:
                if left[a] > left[b]:
                    assert public.standings.places[a] < public.standings.places[b]


def test_tricks_carry_their_leader_and_points() -> None:
    s = act(match(4, 0, E2_DEAL), "bid:28:H", *["bid:pass"] * 3,
            "play:JS", "play:JS", "play:9S", "play:AS")
    last = GAME.public_observation(s).last_trick
    assert last is not None and last.leader == 1 and last.winner == 1 and last.points == 9


def test_bid_forms_list_what_fits_default_first() -> None:
    from engine.fifty_six import bid_forms
    assert bid_forms(28, D, None) == ("num-suit", "suit-num")
    assert bid_forms(30, D, Bid(28, D)) == ("num-suit", "suit-num", "plus-suit")
    assert bid_forms(29, NT, None) == ("num-nt", "num-noes")
    assert bid_forms(30, NT, Bid(28, D)) == ("num-nt", "num-noes", "plus-2-noes")
    assert bid_forms(31, NT, Bid(28, D)) == ("num-nt", "num-noes")
    s = act(match(4, 0), "bid:28:D")
    for value in (29, 30, 31):
        for denom in (C, D, H, S, NT):
            for form in ("num-suit", "suit-num", "num-nt", "num-noes", "plus-suit", "plus-2-noes"):
                fits = form in bid_forms(value, denom, s.high)
                try:
                    GAME.apply(s, 2, Bid(value, denom, form))
                    assert fits, (value, denom, form)
                except IllegalAction as error:
                    assert not fits and error.key == "bad-bid-form", (value, denom, form)


def test_raised_by_is_the_k_of_plus_k() -> None:
    from engine.fifty_six import raised_by
    s = act(match(4, 0), "bid:28:D", "bid:pass", "bid:31:H:plus-suit", "bid:33:NT:plus-2-noes")
    calls = GAME.public_observation(s).calls
    assert [raised_by(calls, i) for i in (0, 2, 3)] == [28, 3, 2]


def test_deal_facts_say_who_stays_and_the_next_hand_size() -> None:
    deal = fill(8, {0: "JC JC 9C 9C AC AC TC TC"})
    s = match(8, 7, deal).copy()
    s.tables = (12, 1, 11, 1)
    facts = GAME.public_observation(play_out(act(s, *["bid:pass"] * 8))).history[0].facts
    assert facts.active == (0, 2, 4, 6) and facts.hand_size == 12
    over = match(4, 0, fill(4, {1: "JC JC 9C 9C AC AC TC TC JD JD 9D 9D"})).copy()
    over.tables = (2, 22)
    over = play_out(act(over, "bid:56:NT", *["bid:pass"] * 3))
    last = GAME.public_observation(over).history[0].facts
    assert GAME.is_over(over) and last.hand_size == 0 and last.active == (1, 3)
