"""56 computer players (issue 15): decisions on literal positions, and legal play from any seat."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.cards import cards_of, parse_card, parse_cards
from engine.fifty_six import GAME, MIN_BID, NT, Bid, C, D, H, S, State, start_of_play, world
from engine.players import player_for
from engine.players.fifty_six import (
    BID_MARGIN,
    CALL_MARGIN,
    HOOK_LIVELINESS,
    PLAYERS,
    _code,
    auction_out,
    call_code,
    call_search,
    candidate_calls,
    easy,
    estimate,
    estimates,
    form_for,
    hard,
    known,
    make_hard,
    normal,
    partner_support,
    playout,
    read_table,
    sample_hands,
    supports,
    void_suits,
)
from engine.players.search import ranked

from .test_fifty_six import act, fill, match

STRONG_SPADES = "JS JS 9S 9S AS TS JH JD AC TC KH QD"
WEAK = "QS KS QH KH QD KD QC KC KS QS KH QH"


def decide(state: State, player=normal) -> str:  # type: ignore[no-untyped-def]
    (seat,) = GAME.to_act(state)
    action = player(GAME.observation(state, seat), GAME.legal_actions(state, seat),
                    random.Random(0))
    assert action in GAME.legal_actions(state, seat)
    return str(action)


def test_the_players_are_found_by_the_games_name() -> None:
    assert player_for("easy", "fifty_six") is easy
    assert player_for("normal", "fifty_six") is normal


# The auction -----------------------------------------------------------------------------------


def test_a_strong_hand_opens_in_its_suit_telling_it_holds_the_jack() -> None:
    s = match(4, 0, fill(4, {1: STRONG_SPADES}))
    assert decide(s) == "bid:28:S"  # the default form "28 ♠": holds the jack
    assert estimate(parse_cards(STRONG_SPADES), S, 4) > estimate(parse_cards(STRONG_SPADES), D, 4)


def test_a_weak_hand_passes_and_easy_waits_for_two_jacks() -> None:
    s = match(4, 0, fill(4, {1: WEAK}))
    assert decide(s) == "bid:pass" and decide(s, easy) == "bid:pass"
    s = match(4, 0, fill(4, {1: "JS JH QS KS QS KS QH QD KD QC KC AS"}))
    assert decide(s, easy) == "bid:28:S"  # two jacks: 28 in the longest suit


def test_without_the_jack_the_bid_is_spoken_suit_first() -> None:
    s = match(4, 0, fill(4, {1: "9S 9S AS AS TS TS JH JH JD JC 9H KD"}))
    assert decide(s) == "bid:28:S:suit-num"


def test_forms_tell_the_truth_of_the_hand() -> None:
    hand = parse_cards("JS JS 9S 9S JH JH 9H 9H JC JC AS AH")
    high = GAME.parse_action("bid:28:D")
    assert form_for(hand, 30, NT, high) == "plus-2-noes"  # no diamond: Noes, two above
    assert form_for(hand, 29, NT, high) == "num-noes"
    assert form_for(parse_cards("JD 9D AS"), 29, NT, high) is None  # has diamonds: plain NT
    assert form_for(hand, 29, S, high) is None  # holds the jack: "29 ♠"
    assert form_for(parse_cards("9H AH JS"), 30, H, high) == "plus-suit"  # just 2 high hearts
    assert form_for(parse_cards("9H AH KH JS"), 30, H, high) == "suit-num"
    assert form_for(parse_cards("KH QH JS"), 29, H, None) == "suit-num"  # "29 ♥" claims the jack


# Seat 3's hand in a real auction (seed 36, Hard in every seat): no club, yet Hard bid 40 ♣ in
# the default form, the one that claims the club jack (5 of these 8 seeds before).
NO_CLUBS = "JD QD AD 9H TH JH JH QH QH KH TS JS"
CLUB_WAR = ["bid:pass", "bid:28:H:num-suit", "bid:29:C:num-suit", "bid:30:H:suit-num",
            "bid:31:C:suit-num", "bid:32:H:num-suit", "bid:33:C:num-suit", "bid:pass", "bid:pass",
            "bid:34:H:num-suit", "bid:35:C:num-suit", "bid:pass", "bid:pass", "bid:36:H:num-suit",
            "bid:37:C:num-suit", "bid:pass", "bid:pass", "bid:38:H:num-suit", "bid:double",
            "bid:pass", "bid:39:C:suit-num"]


def test_no_suit_the_hand_is_void_in_is_named_as_trump() -> None:
    """§5.6: every suit form claims cards of the suit ("40 ♣" its jack, "♣ 40" other high
    cards, "Plus k ♣" k high cards), and the form for a void in the suit bid before is Noes, a
    no-trump bid: people name a trump they hold, so neither Hard nor Normal names a void one."""
    s = act(match(4, 1, fill(4, {3: NO_CLUBS})), *CLUB_WAR)
    obs, legal = GAME.observation(s, 3), GAME.legal_actions(s, 3)
    assert not [c for c in candidate_calls(obs, legal) if isinstance(c, Bid) and c.denom == C]
    for seed in range(8):
        call = hard(obs, legal, random.Random(seed))
        assert not (isinstance(call, Bid) and call.denom == C), (seed, call)
    # Normal's rule (its estimates never rank a void suit first; were they to): the next best
    est, sup = [MIN_BID + BID_MARGIN + 1, MIN_BID + BID_MARGIN, 20.0, 20.0, 10.0], [0.0] * 5
    assert call_code(0, est, sup, 2, 4, 0, -1, -1, 0, 0, 1) == MIN_BID * 8 + C
    assert call_code(0, est, sup, 2, 4, 0, -1, -1, 0, 0, 1, void=1 << C) == MIN_BID * 8 + D
    assert void_suits(parse_cards(NO_CLUBS)) == 1 << C


def test_partner_forms_add_support_for_their_suit() -> None:
    s = act(match(4, 0), "bid:28:D:suit-num")
    assert partner_support(GAME.observation(s, 3), D) == 2.5  # seat 3 is seat 1's partner
    assert partner_support(GAME.observation(s, 3), S) == 0.0
    assert partner_support(GAME.observation(s, 2), D) == 0.0  # an opponent's bid is no support
    s = act(match(4, 0), "bid:28:D")
    assert partner_support(GAME.observation(s, 3), D) == 4.0  # "28 ♦": the partner has the jack


def test_the_partners_bid_stands() -> None:
    s = act(match(4, 0, fill(4, {1: STRONG_SPADES, 3: "JC JC 9C AC TS QS QH KH QD KD QC KC"})),
            "bid:29:S", "bid:pass")
    assert decide(s) == "bid:pass"


def test_doubles_a_bid_it_expects_to_beat_and_redoubles_its_own() -> None:
    trumps = "JH JH 9H 9H AH TH JS JD JC AC TC 9D"
    s = act(match(4, 0, fill(4, {2: trumps})), "bid:40:H")
    assert decide(s) == "bid:double" and decide(s, easy) == "bid:pass"  # easy never doubles
    s = act(match(4, 0, fill(4, {3: trumps})), "bid:32:H", "bid:double")
    assert decide(s) == "bid:redouble"
    s = act(match(4, 0, fill(4, {2: WEAK})), "bid:40:H")
    assert decide(s) == "bid:pass"


# 6 seats, dealer 0: seats call 1, 2, 3, 4, 5, 0; if all pass, seat 1's team {1, 4} plays 28 NT.
MODEST = "JS AS KS QS 9H QD KC QC"  # spades worth a 28 only to a team that would otherwise be
JUNK6 = "KS QS KH QH KD QD KC QC"  # stuck with 28 NT; no points at all


def test_the_last_seat_of_the_team_on_the_hook_opens_its_suit_over_28_nt() -> None:
    s = act(match(6, 0, fill(6, {4: MODEST})), *["bid:pass"] * 3)
    assert decide(s) == "bid:28:S"  # "28 ♠": the jack, a better trump than no trumps
    s = act(match(6, 0, fill(6, {4: JUNK6})), *["bid:pass"] * 3)
    assert decide(s) == "bid:pass"  # nothing better than the 28 NT it would play anyway
    s = act(match(8, 0, fill(8, {5: MODEST})), *["bid:pass"] * 4)  # 8 seats: team {1, 5}
    assert decide(s) == "bid:28:S"


def test_hard_on_the_hook_opens_a_good_suit_and_leaves_junk_to_28_nt() -> None:
    s = act(match(6, 0, fill(6, {4: "JS 9S AS KS JH QD KC QC"})), *["bid:pass"] * 3)
    assert decide(s, hard) == "bid:28:S"
    s = act(match(6, 0, fill(6, {4: JUNK6})), *["bid:pass"] * 3)
    assert decide(s, hard) == "bid:pass"


def test_only_the_team_on_the_hook_opens_a_modest_hand_and_its_first_seat_waits() -> None:
    s = act(match(6, 0, fill(6, {5: MODEST})), *["bid:pass"] * 4)
    assert decide(s) == "bid:pass"  # seat 5: the passed-out 28 NT is seat 1's team's
    s = match(6, 0, fill(6, {1: MODEST}))
    assert decide(s) == "bid:pass"  # seat 1 leaves the others a chance to bid first
    good = "JS 9S AS KS JH QD KC QC"  # short of the ordinary opening's 30
    assert decide(match(6, 0, fill(6, {1: good}))) == "bid:pass"  # seat 4 calls again
    assert decide(act(match(6, 0, fill(6, {4: good})), *["bid:pass"] * 3)) == "bid:28:S"


def test_easy_does_not_bid_on_the_hook() -> None:
    """Easy's rule is its own (two jacks, any seat): the team on the hook gives it no reason."""
    s = act(match(6, 0, fill(6, {4: MODEST})), *["bid:pass"] * 3)
    assert decide(s, easy) == "bid:pass" and decide(s) == "bid:28:S"


def call_values(state: State) -> dict[str, float]:
    """Hard's mean value in tables of each call it weighs (a fixed generator, 16 worlds)."""
    (seat,) = GAME.to_act(state)
    obs, legal = GAME.observation(state, seat), GAME.legal_actions(state, seat)
    calls, sample, value = call_search(obs, legal, 4)
    return {str(c): v for c, v in ranked(calls, 16, sample, value, random.Random(0))}


def test_hard_values_the_last_pass_as_the_28_nt_it_leaves_to_the_dealers_right() -> None:
    """§5.4: when all pass, the dealer's right's team plays 28 NT. The dealer (team 0), last to
    call, expects to collect from that team's lost 28 NT; seat 4, whose team it is, to pay."""
    junk = fill(6, {1: JUNK6, 4: JUNK6})  # team 1 holds every K and Q: no trick to take
    s = act(match(6, 0, junk), *["bid:pass"] * 5)
    state = s.copy()
    hands = GAME.hands(state)
    got = auction_out(state, hands, estimates(hands, state.active), [[0.0] * 5] * 6, -1)
    assert (got.value, got.trump, got.declarer, got.team, got.multiplier, got.all_passed) == (
        28, None, 1, 1, 1, True)
    assert call_values(s)["bid:pass"] > 1.0  # two tables from team 1's lost 28 NT
    s = act(match(6, 0, junk), *["bid:pass"] * 3)
    assert call_values(s)["bid:pass"] < -2.0  # seat 4's team pays each of the other two


def test_hard_on_the_hook_weighs_its_best_suit_first() -> None:
    """At the last call before the passed-out 28 NT falls on its team, Hard's fallback (the call
    that wins ties, given CALL_MARGIN) is 28 in its best suit, not Normal's pass; elsewhere it
    stays Normal's call."""
    fair = "AS TS KS QS QH QD KC QC"  # too little for Normal's floor

    def first(state: State) -> str:
        (seat,) = GAME.to_act(state)
        obs = GAME.observation(state, seat)
        assert str(normal(obs, GAME.legal_actions(state, seat), random.Random(0))) == "bid:pass"
        return str(candidate_calls(obs, GAME.legal_actions(state, seat))[0])

    assert first(act(match(6, 0, fill(6, {4: fair})), *["bid:pass"] * 3)) == "bid:28:S:suit-num"
    fair8 = "TS KS QS 8S QH QD KC QC"
    assert first(act(match(8, 0, fill(8, {5: fair8})), *["bid:pass"] * 4)) == "bid:28:S:suit-num"
    assert first(match(6, 0, fill(6, {1: fair}))) == "bid:pass"  # seat 4 calls again
    assert first(act(match(6, 0, fill(6, {5: fair})), *["bid:pass"] * 4)) == "bid:pass"
    assert first(act(match(6, 0, fill(6, {4: fair})), "bid:28:H", *["bid:pass"] * 2)) \
        == "bid:pass"  # a bid is made: no 28 NT to escape


def test_hard_on_the_hook_bids_as_people_do_though_passing_looks_cheaper() -> None:
    """Issue 28's decision: at 8 seats a 28 is nearly always doubled, so Hard's search values the
    28 NT a pass-out leaves its team above opening; on the hook it opens all the same, with a
    hand Normal opens with, unless passing is better by HOOK_LIVELINESS tables."""
    s = act(match(8, 0, fill(8, {5: "AC AC AD 7H 8H 8H JH KH"})), *["bid:pass"] * 4)  # team {1, 5}
    assert decide(s) == decide(s, hard) == "bid:28:H"
    values = call_values(s)  # with the head starts: CALL_MARGIN to Normal's 28 ♥, less to pass
    assert values["bid:pass"] + HOOK_LIVELINESS[8] > values["bid:28:H"] - CALL_MARGIN


@pytest.mark.slow
def test_hard_in_every_seat_seldom_passes_a_deal_out() -> None:
    """8 seeded auctions at 8 seats, Hard in every seat: none passed out (4 before issue 28's
    liveliness on the hook)."""
    passed = 0
    for seed in range(8):
        s = GAME.new_match(8, seed, first_dealer=seed % 8)
        rng = random.Random(seed)
        while s.phase == "auction":
            (seat,) = GAME.to_act(s)
            s = GAME.apply(s, seat, hard(GAME.observation(s, seat), GAME.legal_actions(s, seat),
                                         rng))
        assert s.contract is not None
        passed += s.contract.all_passed
    assert passed <= 1


def test_a_28_from_the_team_on_the_hook_is_read_as_the_weaker_opening() -> None:
    defender = "JH 9H AH JD QS KC QC KD"  # a fair defence against spades
    s = act(match(6, 0, fill(6, {2: defender})), "bid:28:S")  # seat 1, on the hook
    assert decide(s) == "bid:double"
    s = act(match(6, 0, fill(6, {3: defender})), "bid:pass", "bid:28:S")  # seat 2, free to pass
    assert decide(s) == "bid:pass"


def test_competes_only_as_high_as_its_hand_is_worth() -> None:
    assert 41 < estimate(parse_cards(STRONG_SPADES), S, 4) < 42
    s = act(match(4, 0, fill(4, {2: STRONG_SPADES})), "bid:30:H")
    assert decide(s) == "bid:31:S"
    for high in (39, 44, 50):  # 40 and a margin of 2 is more than its 41: no higher bid
        s = act(match(4, 0, fill(4, {2: STRONG_SPADES})), f"bid:{high}:H")
        assert decide(s) in ("bid:pass", "bid:double")
    s = act(match(4, 0, fill(4, {2: WEAK})), "bid:28:H")
    assert decide(s) == "bid:pass"

# The play --------------------------------------------------------------------------------------


def test_the_declarer_draws_trumps_with_the_top_trump() -> None:
    # all pass: seat 1 plays 28 NT; so make it a trump contract: seat 1 bids 28 ♠
    s = act(match(4, 0, fill(4, {1: STRONG_SPADES})), "bid:28:S", *["bid:pass"] * 3)
    assert decide(s) == "play:JS"


def test_feeds_points_to_a_partner_whose_card_cannot_be_beaten() -> None:
    deal = fill(4, {1: "JS JS KC KC QC QC KD KD QD QD KH KH",
                    2: "9S QS QS KS KS 9C 9C AC AC TC TC JH",
                    3: "AS TS 9D 9D AD AD TD TD JC JC QH QH"})
    s = act(match(4, 0, deal), "bid:28:D", *["bid:pass"] * 3, "play:JS", "play:QS")
    # seat 3, partner of seat 1 whose J♠ wins (the other J♠ is his too): give the A♠ or 10♠
    assert decide(s) in ("play:AS", "play:TS")
    table = read_table(GAME.observation(s, 3))
    assert table.winning() == (1, parse_card("JS")) and table.after_me == [0]


def test_keeps_the_jack_to_catch_an_opponents_lead() -> None:
    deal = fill(4, {0: "JC QC AS AS TS TS KS KS QS QS 9S 9S",
                    1: "JC TC TC AC AC 9C 9C JD JD 9D 9D AD",
                    2: "KC", 3: "KC QC"})
    s = act(match(4, 0, deal), "bid:28:H", *["bid:pass"] * 3, "play:TC")
    s = act(s, decide(s), decide(act(s, decide(s))))
    # seat 0, last over the declarer's 10♣: its J♣ takes the trick and the points
    assert GAME.to_act(s) == {0} and decide(s) == "play:JC"


def test_throws_its_cheapest_card_when_it_cannot_win() -> None:
    deal = fill(4, {1: "JS JS 9S 9S AS TS JH JD AC TC KH QD",
                    2: "QS KS QH KH QD KD QC KC AH TH 9H 9H"})
    s = act(match(4, 0, deal), "bid:28:S", *["bid:pass"] * 3, "play:JS")
    assert decide(s) == "play:QS" and decide(s, easy) == "play:QS"


# Any position ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6, 8])
def test_every_level_plays_legal_actions_to_the_end(players: int) -> None:
    levels = [PLAYERS["normal"], PLAYERS["easy"]]
    for seed in range(3):
        s = GAME.new_match(players, seed, tables=3)
        rng = random.Random(seed)
        while not GAME.is_over(s):
            (seat,) = GAME.to_act(s)
            legal = GAME.legal_actions(s, seat)
            action = levels[seat % 2](GAME.observation(s, seat), legal, rng)
            assert action in legal
            s = GAME.apply(s, seat, action)


# Hard: the search -------------------------------------------------------------------------------

QUICK = make_hard(4_000)  # a small budget: the same code paths, fast enough for tests


def positions(players: int, seeds: range, every: int = 3) -> list[State]:
    """Positions of every phase: deals played by normal players, every ``every``-th decision."""
    out = []
    for seed in seeds:
        s = GAME.new_match(players, seed, tables=4)
        rng = random.Random(seed)
        step = 0
        while not GAME.is_over(s) and s.deal_no <= 2:
            (seat,) = GAME.to_act(s)
            if step % every == 0:
                out.append(s)
            s = GAME.apply(s, seat, normal(GAME.observation(s, seat),
                                           GAME.legal_actions(s, seat), rng))
            step += 1
    return out


def hidden_swapped(state: State, seat: int) -> State | None:
    """The same position for ``seat`` with one card of one suit swapped between two other seats,
    or None when no such swap exists. A copy held twice is never split, so it stays simple."""
    others = [s for s in state.active if s != seat]
    for a in others:
        for b in others:
            for ca in cards_of(state.held[a] & ~state.twice[a] & ~state.held[b]):
                for cb in cards_of(state.held[b] & ~state.twice[b] & ~state.held[a]):
                    if ca // 13 == cb // 13 and ca != cb:
                        new = state.copy()
                        held = list(state.held)
                        held[a] ^= (1 << ca) | (1 << cb)
                        held[b] ^= (1 << ca) | (1 << cb)
                        new.held = tuple(held)
                        return new
    return None


def test_hard_is_the_searching_player() -> None:
    assert player_for("hard", "fifty_six") is hard and PLAYERS["hard"] is hard


@pytest.mark.parametrize("players", [4, 6, 8])
def test_hard_returns_a_legal_action_in_every_phase(players: int) -> None:
    phases = set()
    for s in positions(players, range(3)):
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        assert QUICK(GAME.observation(s, seat), legal, random.Random(1)) in legal
        phases.add(s.phase)
    assert phases == {"auction", "play"}


@pytest.mark.parametrize("players", [4, 6])
def test_hard_plays_whole_matches_with_the_full_budget(players: int) -> None:
    s = GAME.new_match(players, 5, tables=2)
    rng = random.Random(5)
    while not GAME.is_over(s) and s.deal_no <= 2:
        (seat,) = GAME.to_act(s)
        legal = GAME.legal_actions(s, seat)
        action = (hard if seat % 2 else normal)(GAME.observation(s, seat), legal, rng)
        assert action in legal
        s = GAME.apply(s, seat, action)


def test_hard_is_deterministic() -> None:
    for s in positions(4, range(2), every=7):
        (seat,) = GAME.to_act(s)
        obs, legal = GAME.observation(s, seat), GAME.legal_actions(s, seat)
        assert QUICK(obs, legal, random.Random(7)) == QUICK(obs, legal, random.Random(7))


@pytest.mark.parametrize("players", [4, 6])
def test_hard_cannot_cheat(players: int) -> None:
    """Redistributing only the cards the seat cannot see never changes its action."""
    checked = 0
    for s in positions(players, range(3), every=4):
        (seat,) = GAME.to_act(s)
        other = hidden_swapped(s, seat)
        if other is None:
            continue
        assert GAME.hands(other) != GAME.hands(s)
        obs = GAME.observation(s, seat)
        assert GAME.observation(other, seat) == obs
        legal = GAME.legal_actions(s, seat)
        assert legal == GAME.legal_actions(other, seat)
        assert QUICK(obs, legal, random.Random(3)) == QUICK(GAME.observation(other, seat), legal,
                                                           random.Random(3))
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("players", [4, 6, 8])
def test_sampled_deals_agree_with_the_observation(players: int) -> None:
    for s in positions(players, range(3), every=5):
        (seat,) = GAME.to_act(s)
        obs = GAME.observation(s, seat)
        kn = known(obs)
        played = [int(c) for t in obs.tricks for _, c in t.cards] + [int(c) for _, c in obs.trick]
        for r in range(5):
            hands = sample_hands(kn, players, random.Random(r))
            assert sorted(hands[seat]) == sorted(int(c) for c in obs.hand)  # own hand exact
            assert [len(h) for h in hands] == list(obs.hand_sizes)  # counts right
            # every copy once: the deck is the hands and the cards played, copies counted
            assert Counter(c for h in hands for c in h) + Counter(played) == Counter(s.deck)
            for other in kn.others:  # no card where the seat showed a void or its bid denied it
                assert not any(kn.lacks[other] >> c & 1 for c in hands[other])
            w = world(obs, hands)  # the engine position of the sample shows the seat the same
            seen = GAME.observation(w, seat)
            for name in ("hand", "hand_sizes", "trick", "tricks", "calls", "contract", "points",
                         "to_act", "phase", "active", "dealer", "high_bid", "doubled"):
                assert getattr(seen, name) == getattr(obs, name), name
            assert GAME.legal_actions(w, seat) == GAME.legal_actions(s, seat)


def test_voids_and_bid_forms_constrain_the_sample() -> None:
    s = act(match(4, 0, fill(4, {1: "9S 9S AS AS TS TS JH JH JD JC 9H KD"})), "bid:28:S:suit-num")
    kn = known(GAME.observation(s, 2))
    jack = parse_card("JS")
    assert kn.lacks[1] >> jack & 1  # "♠ 28": no jack of spades
    s = act(match(4, 0), "bid:28:D")  # "28 ♦": holds the jack of diamonds
    kn = known(GAME.observation(s, 2))
    assert kn.holds[1] == (parse_card("JD"),)
    for r in range(20):
        assert parse_card("JD") in sample_hands(kn, 4, random.Random(r))[1]


def test_the_auction_playout_follows_normals_calls() -> None:
    """``auction_out`` from the first call gives the contract normal players reach."""
    for players in (4, 6, 8):
        for seed in range(15):
            s = GAME.new_match(players, seed, first_dealer=seed % players)
            start, hands = s, GAME.hands(s)
            first = normal(GAME.observation(s, s.turn), GAME.legal_actions(s, s.turn),
                           random.Random(0))
            while s.phase == "auction":
                s = GAME.apply(s, s.turn, normal(GAME.observation(s, s.turn),
                                                 GAME.legal_actions(s, s.turn), random.Random(0)))
            got = auction_out(start, hands, estimates(hands, start.active),
                              supports(GAME.observation(start, start.turn)), _code(first))
            assert s.contract is not None
            assert (got.value, got.trump, got.declarer, got.multiplier) == (
                s.contract.value, s.contract.trump, s.contract.declarer, s.contract.multiplier)


def test_the_playout_plays_a_whole_deal() -> None:
    for players in (4, 6, 8):
        for seed in range(10):
            s = start_of_play(GAME.new_match(players, seed))
            assert sum(playout(s)) == 56
