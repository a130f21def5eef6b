"""56 computer players (issue 15): easy and normal; hard is normal until the searching players.

A player is ``choose(observation, legal, rng) -> action``. It sees only its seat's Observation: its
hand, the auction (with the forms partners speak in), the contract and every card played, which
it reads again at every decision (``read_table``), so it keeps no state between calls.

Easy bids 28 only with a hand of two jacks or more and never doubles; in play it takes a trick an
opponent is winning with its cheapest winning card and otherwise plays its cheapest card.

Normal bids from an estimate of the points its team takes with each trump or no trumps: a linear
model of its own hand (jacks and nines of the trump and of the side suits, trump length, voids),
fitted on deals played by this very player (``bench/fifty_six_fit.py`` prints the weights), plus
what its partner's bid says in its form (§5.6: "28 ♦" holds the jack, "♦ 28" high cards without
it, "Plus k ♦" k high cards, "Noes" a void). It bids the lowest legal value while the estimate
covers it, announces its bid in the form that tells the truth about its hand, doubles a bid it
expects the bidders to miss by a margin and redoubles one it expects to make comfortably. In play
the declaring team draws trumps with the top trump; everyone cashes sure winners, feeds points
to a partner whose card cannot be beaten, takes an opponent's trick with the cheapest card that
wins (keeping its jacks for the opponents' leads, where they catch points) and otherwise throws
its cheapest card.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..fifty_six import (
    DOUBLE,
    MAX_BID,
    MIN_BID,
    NT,
    PASS,
    POINTS,
    POWER,
    REDOUBLE,
    Action,
    Bid,
    Observation,
    deck_cards,
)
from ..tricks import PLAYS, Play

JACK, NINE = 8, 7  # POWER of the two top ranks
SUITS = range(4)

# Team points when this seat declares, by active players and denomination kind: intercept, then
# the weights of ``features`` (fitted by bench/fifty_six_fit.py on normal-vs-normal deals).
WEIGHTS: dict[tuple[int, bool], tuple[float, ...]] = {  # 1,500 deals each, seed 1: R2 0.2-0.27
    (4, False): (17.6, 3.5, 2.0, 1.3, 0.9, 2.6, 0.3, -0.3, 3.2, 0.0),  # mean 28.0, rmse 7.6
    (4, True): (24.2, 2.2, 0.2, -0.6, 1.8, 1.1, 0.0, 0.0, 0.0, 0.0),  # mean 28.1, rmse 7.9
    (6, False): (9.0, 4.7, 2.9, -0.3, 2.3, 2.4, -0.3, 0.0, 1.9, 0.0),  # mean 18.6, rmse 9.1
    (6, True): (10.7, 4.3, 0.6, 0.2, 2.6, 1.7, 0.0, 0.0, 0.0, 0.0),  # mean 18.8, rmse 10.6
    (8, False): (6.1, 6.1, 4.1, 1.0, 1.6, 1.7, -0.1, -0.1, 1.4, 0.0),  # mean 13.9, rmse 8.0
    (8, True): (8.3, 4.6, 0.4, -0.1, 3.2, 1.0, 0.0, 0.0, 0.0, 0.0),  # mean 13.4, rmse 9.3
}
BID_MARGIN = 2.0  # bid a value only if the estimate is this much above it (a loss costs 2, a win 1)
DOUBLE_MARGIN = 4.0  # double if the bidders are expected this far short of their bid
REDOUBLE_MARGIN = 5.0  # redouble if the own team is expected this far above its bid
PARTNER_BID = {"num-suit": 4.0, "suit-num": 2.5, "plus-suit": 2.0}  # partner's trump support


@dataclass(frozen=True, slots=True)
class Table:
    """The position as one seat reads it."""

    seat: int
    teams: int  # k: team(seat) = seat % k
    active: tuple[int, ...]
    hand: tuple[int, ...]  # both copies listed
    mine: Counter[int]
    unseen: Counter[int]  # copies neither in this hand nor played: in the other hands
    trump: int | None
    declaring: int | None  # the declaring team, once the auction is over
    trick: tuple[tuple[int, int], ...]
    voids: tuple[frozenset[int], ...]  # per seat, suits it failed to follow this deal

    def team(self, seat: int) -> int:
        return seat % self.teams

    @property
    def after_me(self) -> list[int]:
        """Seats still to play to this trick after this one, in order."""
        n = len(self.active)
        i = self.active.index(self.seat)
        return [self.active[(i + j) % n] for j in range(1, n - len(self.trick))]

    def winning(self) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        best_seat, best = self.trick[0]
        for seat, card in self.trick[1:]:
            if beats(card, best, self.trump):
                best_seat, best = seat, card
        return best_seat, best

    def higher_unseen(self, card: int) -> bool:
        """Is a stronger card of its suit still in another hand?"""
        suit = card // 13
        return any(n and c // 13 == suit and POWER[c] > POWER[card] for c, n in self.unseen.items())

    def trumps_unseen(self) -> int:
        t = self.trump
        return 0 if t is None else sum(n for c, n in self.unseen.items() if c // 13 == t)

    def safe(self, card: int, seats: Sequence[int]) -> bool:
        """Would ``card``, winning the trick now, stay unbeaten by the opponents in ``seats``?
        It must be the strongest of its suit left, and not trumpable by a void opponent."""
        opponents = [s for s in seats if self.team(s) != self.team(self.seat)]
        if not opponents:
            return True
        if self.higher_unseen(card):
            return False
        suit = card // 13
        if self.trump is not None and suit != self.trump and self.trumps_unseen():
            led = self.trick[0][1] // 13 if self.trick else suit
            return not any(led in self.voids[s] for s in opponents)
        return True


def beats(card: int, best: int, trump: int | None) -> bool:
    """§6: a stronger card of the same suit, or a trump on a non-trump; equal cards never."""
    if card // 13 == best // 13:
        return POWER[card] > POWER[best]
    return card // 13 == trump


def read_table(obs: Observation) -> Table:
    players = len(obs.hand_sizes)
    voids: list[set[int]] = [set() for _ in range(players)]
    played: Counter[int] = Counter()
    plays = [t.cards for t in obs.tricks] + [obs.trick]
    for cards in plays:
        if cards:
            led = cards[0][1] // 13
            for seat, card in cards:
                played[card] += 1
                if card // 13 != led:
                    voids[seat].add(led)
    hand = tuple(int(c) for c in obs.hand)
    mine = Counter(hand)
    unseen = Counter(deck_cards(len(obs.active)))
    unseen.subtract(played)
    unseen.subtract(mine)
    contract = obs.contract
    return Table(obs.seat, len(obs.teams), obs.active, hand, mine, +unseen,
                 contract.trump if contract else None, contract.team if contract else None,
                 tuple((s, int(c)) for s, c in obs.trick), tuple(frozenset(v) for v in voids))


# --- the auction ---------------------------------------------------------------------------------

def features(hand: Sequence[int], denom: int) -> tuple[float, ...]:
    """What the bidding model reads of a hand for a denomination (1 first, for the intercept)."""
    if denom == NT:
        jacks = sum(1 for c in hand if POWER[c] == JACK)
        nines = sum(1 for c in hand if POWER[c] == NINE)
        aces_tens = sum(1 for c in hand if POWER[c] in (5, 6))
        both_jacks = sum(1 for s in SUITS if sum(1 for c in hand if c // 13 == s
                                                   and POWER[c] == JACK) == 2)
        guarded = sum(1 for c in hand if POWER[c] == NINE
                      and any(d // 13 == c // 13 and POWER[d] == JACK for d in hand))
        return (1.0, jacks, nines, aces_tens, both_jacks, guarded, 0, 0, 0, 0)
    trumps = [c for c in hand if c // 13 == denom]
    side = [c for c in hand if c // 13 != denom]
    return (1.0,
            sum(1 for c in trumps if POWER[c] == JACK),
            sum(1 for c in trumps if POWER[c] == NINE),
            sum(1 for c in trumps if POWER[c] in (5, 6)),
            len(trumps),
            sum(1 for c in side if POWER[c] == JACK),
            sum(1 for c in side if POWER[c] == NINE),
            sum(1 for c in side if POWER[c] in (5, 6)),
            sum(1 for s in SUITS if s != denom and not any(c // 13 == s for c in hand)),
            0)


def estimate(hand: Sequence[int], denom: int, players: int) -> float:
    """Card points the own team is expected to take declaring ``denom``."""
    weights = WEIGHTS[(players, denom == NT)]
    return sum(w * x for w, x in zip(weights, features(hand, denom), strict=True))


def partner_support(obs: Observation, denom: int) -> float:
    """What the partner's bids say of ``denom`` (§5.6 forms), in expected points."""
    partner = next(s for s in obs.teams[obs.seat % len(obs.teams)] if s != obs.seat)
    extra = 0.0
    for seat, call in obs.calls:
        if seat == partner and isinstance(call, Bid):
            if call.denom == denom and denom != NT:
                extra = max(extra, PARTNER_BID.get(call.form or "num-suit", 0.0))
            elif call.denom == NT and denom == NT:
                extra = max(extra, 2.0)
    return extra


def best_contract(obs: Observation) -> tuple[float, int]:
    hand = [int(c) for c in obs.hand]
    players = len(obs.active)
    return max((estimate(hand, d, players) + partner_support(obs, d), d) for d in (*SUITS, NT))


def form_for(hand: Sequence[int], value: int, denom: int, high: Bid | None) -> str | None:
    """The form that tells the truth (§5.6), None for the default."""
    if denom == NT:
        if high is not None and high.denom != NT and not any(c // 13 == high.denom for c in hand):
            return "plus-2-noes" if value == high.value + 2 else "num-noes"
        return None
    cards = [c for c in hand if c // 13 == denom]
    if high is not None and cards and all(POWER[c] >= 6 for c in cards) \
            and len(cards) == value - high.value:
        return "plus-suit"
    if any(POWER[c] == JACK for c in cards):
        return None
    return "suit-num" if any(POWER[c] >= 5 for c in cards) else None


def normal_call(obs: Observation, legal: Sequence[Action]) -> Action:
    k = len(obs.teams)
    ours = obs.high_bidder is not None and obs.high_bidder % k == obs.seat % k
    hand = [int(c) for c in obs.hand]
    players = len(obs.active)
    high = obs.high_bid
    if REDOUBLE in legal and high is not None:
        mine = estimate(hand, high.denom, players) + partner_support(obs, high.denom) + 4.0
        if mine >= high.value + REDOUBLE_MARGIN:
            return REDOUBLE
    if DOUBLE in legal and high is not None and _defence(obs, hand, high) >= DOUBLE_MARGIN:
        return DOUBLE
    if ours and obs.doubled == 0:
        return PASS  # the partner's bid stands; overbidding it only adds risk
    value, denom = best_contract(obs)
    lowest = high.value + 1 if high is not None else MIN_BID
    if lowest <= MAX_BID and value >= lowest + BID_MARGIN:
        bid = Bid(lowest, denom, form_for(hand, lowest, denom, high))
        if bid in legal:
            return bid
    return PASS


def _defence(obs: Observation, hand: Sequence[int], high: Bid) -> float:
    """How far short of their bid the bidders are expected to fall: what the cards leave them
    once this team (by this hand's estimate in their trump) and the other teams (a share each)
    have taken, blended with what their bid says they expect (the bid and a margin)."""
    teams_in = len({s % len(obs.teams) for s in obs.active})
    ours = estimate(hand, high.denom, len(obs.active))
    left = 56 - ours - (teams_in - 2) * 56 / teams_in
    expected = 0.5 * left + 0.5 * (high.value + BID_MARGIN)
    return high.value - expected


def easy_call(obs: Observation, legal: Sequence[Action]) -> Action:
    """Open 28 in the longest suit with two jacks or more; otherwise, and later, pass."""
    if obs.high_bid is None:
        hand = [int(c) for c in obs.hand]
        if sum(1 for c in hand if POWER[c] == JACK) >= 2:
            suit = max(SUITS, key=lambda s: (sum(1 for c in hand if c // 13 == s), s))
            return Bid(MIN_BID, suit)
    return PASS


# --- the play ------------------------------------------------------------------------------------

def cheapest(cards: Sequence[int], trump: int | None) -> int:
    """The card that costs least to give away: fewest points, not a trump, weakest."""
    return min(cards, key=lambda c: (POINTS[c], c // 13 == trump, POWER[c], c))


def normal_card(table: Table, cards: Sequence[int]) -> int:
    trump = table.trump
    me = table.team(table.seat)
    if not table.trick:
        return _lead(table, cards)
    win_seat, win_card = table.winning()
    later = table.after_me
    points = sum(POINTS[c] for _, c in table.trick)
    winners = [c for c in cards if beats(c, win_card, trump)]
    if table.team(win_seat) == me:
        opponents_after = [s for s in later if table.team(s) != me]
        if not opponents_after or table.safe(win_card, later):
            return max(cards, key=lambda c: (POINTS[c] * (POWER[c] != JACK or len(cards) == 1
                                                           or not _is_top(table, c)), -POWER[c]))
        # the partner may be beaten: win it ourselves if we safely can, else give little
        safe = [c for c in winners if table.safe(c, later)]
        if safe and points + max(POINTS[c] for c in safe) >= 2:
            return min(safe, key=lambda c: (POWER[c], POINTS[c]))
        return cheapest(cards, trump)
    if winners:
        safe = [c for c in winners if table.safe(c, later)]
        gain = points + max(POINTS[c] for c in winners)
        if safe and (gain >= 2 or not later):
            return min(safe, key=lambda c: (c // 13 == trump, POWER[c]))
        if not later and gain >= 1:
            return min(winners, key=lambda c: (c // 13 == trump, POWER[c]))
    return cheapest(cards, trump)


def _is_top(table: Table, card: int) -> bool:
    return not table.higher_unseen(card)


def _lead(table: Table, cards: Sequence[int]) -> int:
    trump = table.trump
    me = table.team(table.seat)
    later = table.after_me
    if trump is not None and table.declaring == me and table.trumps_unseen():
        top = [c for c in cards if c // 13 == trump and _is_top(table, c)]
        if top:  # draw trumps with the top one
            return max(top, key=lambda c: POWER[c])
    sure = [c for c in cards if (trump is None or c // 13 != trump) and table.safe(c, later)]
    if sure:
        return max(sure, key=lambda c: (POINTS[c], POWER[c]))
    # no sure winner: lead low from a side suit, away from our tens and aces
    side = [c for c in cards if c // 13 != trump] or list(cards)
    return min(side, key=lambda c: (POINTS[c], POWER[c], -sum(1 for d in cards
                                                               if d // 13 == c // 13)))


def easy_card(table: Table, cards: Sequence[int]) -> int:
    trump = table.trump
    if table.trick:
        win_seat, win_card = table.winning()
        if table.team(win_seat) != table.team(table.seat):
            winners = [c for c in cards if beats(c, win_card, trump)]
            if winners:
                return min(winners, key=lambda c: (c // 13 == trump, POWER[c]))
    return cheapest(cards, trump)


# --- the players ---------------------------------------------------------------------------------

def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if obs.phase == "auction":
        return normal_call(obs, legal)
    return _play(normal_card(read_table(obs), _cards(legal)))


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if obs.phase == "auction":
        return easy_call(obs, legal)
    return _play(easy_card(read_table(obs), _cards(legal)))


def _cards(legal: Sequence[Action]) -> list[int]:
    return [a.card for a in legal if isinstance(a, Play)]


def _play(card: int) -> Play:
    return PLAYS[card]



PLAYERS = {"easy": easy, "normal": normal, "hard": normal}
