"""Hearts: the worked examples of shared/rules/hearts.md §10, and its totals over random play."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from engine import IllegalAction, hearts, replay
from engine.cards import cards_of, mask_of, parse_card, parse_cards
from engine.core import deal_rng
from engine.hearts import GAME, Pass, State, _end_deal, _settle, legal_mask, rollout, start_of_play
from engine.tricks import PLAYS, deal_hands

N, E, S, W = range(4)


def cards(text: str) -> set[str]:
    return {str(c) for c in parse_cards(text)}


def legal(state: State, seat: int) -> set[str]:
    return {str(c) for c in cards_of(legal_mask(state, seat))}


def play(state: State, *moves: str) -> State:
    for code in moves:
        state = GAME.apply(state, next(iter(GAME.to_act(state))), PLAYS[parse_card(code)])
    return state


def position(hands: dict[int, str], trick: str = "", leader: int = N, first: bool = True,
             broken: bool = False) -> State:
    """A hand-made position: the given hands (others empty), a trick led by ``leader``."""
    s = GAME.new_match(4, 1, passing=False).copy()
    s.hands = tuple(mask_of(parse_cards(hands.get(i, ""))) for i in range(4))
    s.trick = tuple(parse_cards(trick))
    s.leader = leader
    s.tricks = () if first else ((N, (0, 1, 2, 3), N),)
    s.broken = broken
    return s


def deal_of(*hands: str) -> list[str]:
    return list(hands)


def spread(first: str, last: str) -> str:
    """'2C', 'QC' -> '2C 3C … QC'."""
    a, b = parse_card(first), parse_card(last)
    return " ".join(str(c) for c in cards_of(mask_of(range(a, b + 1))))


def test_h1_opening_lead_is_two_of_clubs() -> None:
    s = GAME.new_match(4, 3, passing=False)
    holder = next(i for i in range(4) if s.hands[i] & 1)
    assert GAME.to_act(s) == {holder}
    assert [str(a) for a in GAME.legal_actions(s, holder)] == ["play:2C"]


def test_h2_first_trick_void_in_clubs_no_points() -> None:
    s = position({E: "QS AS KH 5D 9D 3H"}, trick="2C")
    assert legal(s, E) == cards("AS 5D 9D")


def test_h3_first_trick_only_penalty_cards_anything_goes() -> None:
    hearts = spread("2H", "KH")
    s = position({E: hearts + " QS"}, trick="2C")
    assert legal(s, E) == cards(hearts + " QS")


H4 = deal_of(spread("2C", "QC") + " 2D QH", "QS " + spread("4D", "AD") + " KH",
             "KC AC 3D " + spread("2H", "JH"), spread("2S", "JS") + " KS AS AH")


def test_h4_queen_of_spades_does_not_break_hearts() -> None:
    s = GAME.new_match(4, 1, deal=H4, passing=False)
    s = play(s, "2C", "4D", "AC", "2S")
    assert s.leader == S
    assert legal(s, S) == cards("KC 3D")
    s = play(s, "KC", "3S", "3C", "QS")
    assert s.leader == S and GAME.observation(s, N).points == (0, 0, 13, 0)
    assert not s.broken
    assert legal(s, S) == cards("3D")


def test_h5_only_hearts_and_queen_must_lead_queen() -> None:
    deal = deal_of(spread("2C", "KC") + " KH", spread("2D", "AD"), "AC QS " + spread("2H", "QH"),
                   spread("2S", "JS") + " KS AS AH")
    s = play(GAME.new_match(4, 1, deal=deal, passing=False), "2C", "2D", "AC", "2S")
    assert s.leader == S
    assert legal(s, S) == cards("QS")


def test_h6_only_hearts_may_lead_a_heart_which_breaks_hearts() -> None:
    s = position({N: "4H 9H", E: "2H", S: "3H", W: "5H"}, first=False)
    assert legal(s, N) == cards("4H 9H")
    after = GAME.apply(s, N, PLAYS[parse_card("4H")])
    assert after.broken and not s.broken


def test_h7_must_follow_suit() -> None:
    s = position({E: "2D KD QS AH"}, trick="5D", first=False)
    assert legal(s, E) == cards("2D KD")
    with pytest.raises(IllegalAction) as error:
        GAME.apply(s, E, PLAYS[parse_card("AH")])
    assert error.value.key == "must-follow-suit"


def test_h8_trick_winner_is_highest_of_led_suit() -> None:
    s = position({N: "TD 3C", E: "AS 4C", S: "2D 5C", W: "KD 6C"}, first=False)
    s = play(s, "TD", "AS", "2D", "KD")
    assert s.leader == W
    assert GAME.observation(s, N).points == (0, 0, 0, 0)


def scored(taken: list[str], before: tuple[int, ...] = (0, 0, 0, 0)) -> State:
    s = GAME.new_match(4, 1, passing=False).copy()
    s.taken = tuple(mask_of(parse_cards(t)) for t in taken)
    s.set_match(scores=before)
    _end_deal(s)
    return s


def test_h9_deal_points() -> None:
    s = scored(["", "QS 2H 3H 4H", spread("5H", "JH"), "QH KH AH"])
    assert s.results[-1] == (0, 16, 7, 3)


def test_h10_moon_gives_26_to_the_others() -> None:
    s = scored(["", "", spread("2H", "AH") + " QS", ""])
    assert s.results[-1] == (26, 26, 0, 26)


def settled(points: tuple[int, ...], before: tuple[int, ...]) -> State:
    s = GAME.new_match(4, 1, passing=False).copy()
    s.set_match(scores=before)
    _settle(s, points)
    return s


def test_h11_game_over_lowest_wins() -> None:
    s = settled((12, 3, 5, 6), before=(90, 85, 60, 70))
    assert s.scores == (102, 88, 65, 76)
    assert GAME.is_over(s) and GAME.rankings(s)[2] == 1


def test_h12_tie_for_lowest_plays_an_extra_deal() -> None:
    s = settled((16, 0, 0, 10), before=(95, 70, 70, 60))
    assert s.scores == (111, 70, 70, 70) and not GAME.is_over(s)
    assert s.round == 2 and s.tiebreaks == 1
    s = settled((19, 5, 0, 2), before=s.scores)
    assert s.scores == (130, 75, 70, 72)
    assert GAME.is_over(s) and GAME.rankings(s) == (4, 3, 1, 2)


def test_h13_moon_can_end_the_game() -> None:
    s = scored(["", "", "", spread("2H", "AH") + " QS"], before=(80, 60, 75, 90))
    assert s.scores == (106, 86, 101, 90)
    assert GAME.is_over(s) and GAME.rankings(s)[1] == 1


def test_h14_pass_cycle_left_right_across_none_left() -> None:
    s = GAME.new_match(4, 5)
    offsets = []
    for round_no in range(1, 6):
        t = s.copy()
        t.set_match(round=round_no)
        offsets.append(t.pass_offset)
    assert offsets == [1, 3, 2, 0, 1]
    s = s.copy()
    s.set_match(round=2)
    s = _pass_all(s)
    assert s.received[W] == s.passed[N]


def _pass_all(s: State) -> State:
    for seat in range(4):
        s = GAME.apply(s, seat, Pass(mask_of(cards_of(s.hands[seat])[:3])))
    return s


def test_passes_take_effect_together_and_cannot_change() -> None:
    s = GAME.new_match(4, 11)
    assert s.round == 1 and s.phase == "pass" and GAME.to_act(s) == {0, 1, 2, 3}
    first = Pass(mask_of(cards_of(s.hands[N])[:3]))
    s1 = GAME.apply(s, N, first)
    assert s1.hands == s.hands and GAME.to_act(s1) == {1, 2, 3}
    with pytest.raises(IllegalAction):
        GAME.apply(s1, N, Pass(mask_of(cards_of(s.hands[N])[3:6])))
    assert GAME.observation(s1, E).received == ()
    done = _pass_all(s)
    assert done.phase == "play"
    assert done.hands[E] & done.passed[N] == done.passed[N]  # left: N's cards went to E
    assert GAME.observation(done, E).received == tuple(cards_of(done.passed[N]))


def test_pass_of_foreign_or_too_few_cards_is_rejected() -> None:
    s = GAME.new_match(4, 11)
    mine = cards_of(s.hands[N])
    theirs = cards_of(s.hands[E])
    for bad in (mask_of([mine[0], mine[1], theirs[0]]), mask_of(mine[:2])):
        with pytest.raises(IllegalAction):
            GAME.apply(s, N, Pass(bad))
    with pytest.raises(ValueError):
        GAME.parse_action("pass:2C,2C,3C")


def test_a_pass_of_the_wrong_count_reads_and_is_refused_with_how_many_are_missing() -> None:
    s = GAME.new_match(4, 11)
    mine = [str(c) for c in cards_of(s.hands[N])]
    for chosen in (0, 1, 2):
        with pytest.raises(IllegalAction) as error:
            GAME.apply(s, N, GAME.parse_action("pass:" + ",".join(mine[:chosen])))
        assert (error.value.key, error.value.details) == (
            "pass-too-few", {"missing": 3 - chosen, "chosen": chosen})
    with pytest.raises(IllegalAction) as error:
        GAME.apply(s, N, GAME.parse_action("pass:" + ",".join(mine[:5])))
    assert (error.value.key, error.value.details) == ("pass-too-many", {"extra": 2})


def test_parse_accepts_symbols_and_ten() -> None:
    assert GAME.parse_action("play:10♥") == GAME.parse_action("play:TH")
    assert str(GAME.parse_action("pass:QS,2C,AH")) == "pass:2C,AH,QS"


def test_deal_points_total_26_or_moon_on_random_play() -> None:
    for seed in range(60):
        rng = random.Random(seed)
        s = GAME.new_match(4, seed)
        log = []
        while not GAME.is_over(s):
            seat = min(GAME.to_act(s))
            action = rng.choice(GAME.legal_actions(s, seat))
            s = GAME.apply(s, seat, action)
            log.append((seat, str(action)))
        for points in s.results:
            assert sum(points) == 26 or sorted(points) == [0, 26, 26, 26]
        assert max(s.scores) >= 100
        assert s.scores == tuple(map(sum, zip(*s.results, strict=True)))
        assert s.scores.count(min(s.scores)) == 1 or s.tiebreaks == 20
        assert replay(GAME, 4, seed, log) == s



def test_history_follows_the_results_and_the_target() -> None:
    """The deals' records kept on a Match (built once per deal, not per view) are those its facts
    make, whichever state asks first, and a state whose target is changed gets its own."""
    rng, s = random.Random(4), GAME.new_match(4, 4)
    states = [s]
    while not GAME.is_over(s):
        seat = min(GAME.to_act(s))
        s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        GAME.public_observation(s)
        states.append(s)
    assert len(s.results) > 2
    for state in reversed(states[::7]):
        assert GAME.public_observation(state).history == hearts._records(state.match)
    history = GAME.public_observation(s).history
    lower = s.copy()
    lower.set_match(target=50)  # reached in an earlier deal: the deals after it become tie-breaks
    changed = GAME.public_observation(lower).history
    assert changed == hearts._records(lower.match)
    assert [r.facts.tiebreak for r in changed] != [r.facts.tiebreak for r in history]
    assert GAME.public_observation(s).history == history and lower != s

def test_the_next_deal_is_the_same_whoever_looks_at_it_first() -> None:
    """A deal opening with a pass is shuffled when first asked for (``_dealt``): whichever
    question comes first (a seat's passes, a view, a pass, the hands, equality, a changed
    Match), every state of it shows the deal seed and number make (§1)."""
    rng, s, log = random.Random(7), GAME.new_match(4, 7), []
    while s.round == 1:
        seat = min(GAME.to_act(s))
        action = rng.choice(GAME.legal_actions(s, seat))
        s = GAME.apply(s, seat, action)
        log.append((seat, str(action)))
    assert s.phase == "pass" and s.pass_offset == 3
    dealt = deal_hands(range(52), deal_rng(7, 2), s.dealer + 1)
    first: list[Callable[[State], object]] = [
        lambda t: GAME.legal_actions(t, 2), lambda t: GAME.public_observation(t),
        lambda t: GAME.observation(t, 1), lambda t: _pass_all(t), lambda t: t.hands,
        lambda t: t.dealt, lambda t: t == s, lambda t: t.set_match(target=50)]
    for ask in first:
        t = replay(GAME, 4, 7, log)
        assert GAME.to_act(t) == {0, 1, 2, 3}
        ask(t)
        assert t.dealt == t.hands == dealt and t.match.dealt == dealt
        assert [GAME.observation(t, i).hand for i in range(4)] == [
            tuple(cards_of(h)) for h in dealt]
        assert _pass_all(t).received == _pass_all(replay(GAME, 4, 7, log)).received


def test_bad_deal_is_refused() -> None:
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=H4[:3])
    with pytest.raises(ValueError):
        GAME.new_match(4, 1, deal=[H4[0], H4[0], H4[2], H4[3]])
    with pytest.raises(ValueError):
        GAME.new_match(3, 1)


def test_rollout_matches_the_engine_when_play_is_forced() -> None:
    """With one card left in every hand the rollout has no choice: it must score as the engine."""
    for seed in range(30):
        rng = random.Random(seed)
        s = GAME.new_match(4, seed)
        while s.phase != "play" or len(s.tricks) < 12 or s.trick:
            seat = min(GAME.to_act(s))
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        expected = s
        while not GAME.is_over(expected) and len(expected.results) == len(s.results):
            seat = min(GAME.to_act(expected))
            expected = GAME.apply(expected, seat, GAME.legal_actions(expected, seat)[0])
        assert rollout(s, rng) == expected.results[-1]


def endings(state: State, deals: int) -> set[tuple[int, ...]]:
    """The points of every way legal play can end deal number ``deals + 1``."""
    if len(state.results) > deals:
        return {state.results[deals]}
    seat = min(GAME.to_act(state))
    return set().union(*(endings(GAME.apply(state, seat, a), deals)
                         for a in GAME.legal_actions(state, seat)))


def test_rollout_plays_only_legal_cards_and_can_reach_every_ending() -> None:
    """From positions two tricks from the end (mid-trick ones too), the rollout's outcomes are
    exactly the engine's possible ones."""
    for seed in range(12):
        rng = random.Random(seed)
        s = GAME.new_match(4, seed)
        stop = 44 + seed % 4
        while s.phase != "play" or 4 * len(s.tricks) + len(s.trick) < stop:
            seat = min(GAME.to_act(s))
            s = GAME.apply(s, seat, rng.choice(GAME.legal_actions(s, seat)))
        possible = endings(s, len(s.results))
        assert {rollout(s, rng) for _ in range(400)} == possible


def test_rollout_totals_and_randomness() -> None:
    s = start_of_play(GAME.new_match(4, 9))
    rng = random.Random(1)
    seen = {rollout(s, rng) for _ in range(300)}
    assert all(sum(p) == 26 or sorted(p) == [0, 26, 26, 26] for p in seen)
    assert len(seen) > 20  # random play gives many outcomes


def test_pass_choices_are_every_three_card_subset() -> None:
    s = GAME.new_match(4, 2)
    choices = GAME.legal_actions(s, 0)
    listed = list(choices)
    assert len(choices) == 286 == len(set(listed))
    assert all(p in choices for p in listed)
    assert all(p.cards & ~s.hands[0] == 0 and p.cards.bit_count() == 3 for p in listed)
    assert choices[-3:] == listed[-3:]
    foreign = Pass(mask_of(cards_of(s.hands[1])[:3]))
    assert foreign not in choices


def test_the_public_view_counts_each_seats_cards_as_the_seat_holds_them() -> None:
    """Hand sizes, public as in every other game: 13 through the pass (the cards go only when
    all four have chosen), then one fewer for each card played."""
    rng = random.Random(8)
    state = GAME.new_match(4, 8)
    seen = set()
    while state.match.round == 1 and not GAME.is_over(state):
        public = GAME.public_observation(state)
        assert public.hand_sizes == tuple(len(GAME.observation(state, s).hand) for s in range(4))
        seen.add(public.hand_sizes)
        seat = min(GAME.to_act(state))
        choices = GAME.legal_actions(state, seat)
        state = GAME.apply(state, seat, choices[rng.randrange(len(choices))])
    assert (13, 13, 13, 13) in seen and any(sum(sizes) == 51 for sizes in seen)
