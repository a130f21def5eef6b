"""56 computer players (issues 15 and 17): easy, normal and hard, which searches.

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
expects the bidders to miss by a margin and redoubles one it expects to make comfortably. With 3
or 4 teams a 28 is seldom worth that much, and a deal nobody bids is played in 28 NT by the team
of the dealer's right (§5.4): that team, at its last call before the deal is passed out, opens 28
in its best suit with less (issue 28), and the others read its 28 as the weaker opening it is. One rule on ints (``call_code``) makes Normal's
calls and the calls of Hard's auction playouts. In play
the declaring team draws trumps with the top trump; everyone cashes sure winners, feeds points
to a partner whose card cannot be beaten, takes an opponent's trick with the cheapest card that
wins (keeping its jacks for the opponents' leads, where they catch points) and otherwise throws
its cheapest card.

Hard (issue 17) samples the hidden hands from its observation alone (voids shown, the cards its
own hand and the table account for, both copies of each card, what the other seats' bid forms and
calls say) and keeps the candidate with the best mean value over the sampled deals
(``search.choose``): every card it may play, or in the auction Normal's call, pass, the lowest bid
in each denomination but a suit it holds no card of (issue 42: people name a trump they hold),
double and redouble. Passing is valued as what it leads to, a passed-out 28 NT included. At its
team's last call before that 28 NT falls on it, Hard's fallback is 28 in
its best suit, and it passes only if passing is worth ``HOOK_LIVELINESS`` tables more than its
best bid: its search finds the 28 NT cheaper than a weak 28, which the other teams double, by
3.1 tables at 8 seats (the median of 92 such calls), and so passed out most deals with Hard in
every seat; but a human table rarely passes out (issue 28's decision): Hard bids as people do. Each
candidate is played out to the end of the deal on ints, the rest of the auction by Normal's rule
and the cards by a cheap copy of Normal's card rules, and the deal is valued in tables for its
team. The budget is work, never time: card plays per decision (``HARD_WORK``, ``make_hard``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import SUIT_MASKS
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
    Contract,
    Observation,
    State,
    deck_cards,
    stake,
    world,
)
from ..tricks import PLAYS, Play
from .search import choose, deal_hidden

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
# The team the passed-out 28 NT (§5.4) falls on has more reason to bid than the others: its last
# seat to call before the deal is passed out opens 28 in its best suit if that suit is worth
# HOOK_GAIN points more than no trumps and at least HOOK_FLOOR (by active players). Its first seat
# waits: a later seat may still bid and take the 28 NT off it (opening there too cost Normal 0.34
# tables a deal against Easy at 8 seats, 99% CI 0.12..0.55, issue 28). At 4 seats a deal is never
# passed out: the floor is the ordinary opening's.
HOOK_FLOOR = {4: MIN_BID + BID_MARGIN, 6: 18.0, 8: 14.0}
HOOK_GAIN = 1.0
PASS_CODE, DOUBLE_CODE, REDOUBLE_CODE = -1, -2, -3  # calls as ints; a bid is value * 8 + denom


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


def supports(obs: Observation) -> list[list[float]]:
    """Per seat, what its partner's bids say of each denomination (§5.6 forms: "28 ♦" holds
    the jack, "♦ 28" high cards without it, "Plus k ♦" k high cards), in expected points."""
    players = len(obs.hand_sizes)
    out = [[0.0] * 5 for _ in range(players)]
    for seat, call in obs.calls:
        if isinstance(call, Bid):
            _support(out, seat, players, call.value * 8 + call.denom, call.form)
    return out


def _support(sup: list[list[float]], seat: int, players: int, code: int, form: str | None) -> None:
    denom = code % 8
    extra = 2.0 if denom == NT else PARTNER_BID.get(form or "num-suit", 0.0)
    partner = (seat + players // 2) % players
    sup[partner][denom] = max(sup[partner][denom], extra)


def partner_support(obs: Observation, denom: int) -> float:
    """What the partner's bids say of ``denom``, in expected points."""
    return supports(obs)[obs.seat][denom]


def form_for(hand: Sequence[int], value: int, denom: int, high: Bid | None) -> str | None:
    """The form that tells the truth (§5.6), None for the default. A suit held without its jack
    is never spoken in the default "28 ♦", which claims the jack: "♦ 28" denies it."""
    if denom == NT:
        if high is not None and high.denom != NT and not any(c // 13 == high.denom for c in hand):
            return "plus-2-noes" if value == high.value + 2 else "num-noes"
        return None
    cards = [c for c in hand if c // 13 == denom]
    if high is not None and cards and all(POWER[c] >= 6 for c in cards) \
            and len(cards) == value - high.value:
        return "plus-suit"
    return None if any(POWER[c] == JACK for c in cards) else "suit-num"


def void_suits(hand: Sequence[int]) -> int:
    """The suits (a bit each) ``hand`` holds no card of: never named as trump. Every suit form
    would claim cards of it (the jack, high cards); people void in the suit bid before them say
    so with a Noes bid, a no-trump one (§5.6)."""
    held = 0
    for c in hand:
        held |= 1 << c // 13
    return 0b1111 & ~held


def hook_team(obs: Observation) -> int:
    """The team that plays 28 NT if everyone passes (§5.4: the dealer's right's)."""
    i = obs.active.index(obs.dealer)
    return obs.active[(i + 1) % len(obs.active)] % len(obs.teams)


def hook_opens(obs: Observation) -> bool:
    """Is this the last call of the team the passed-out 28 NT falls on (§5.4), no bid made yet?
    (Its partner, the dealer's right, called first: after this seat only opponents call.)"""
    return obs.high_bid is None and obs.seat % len(obs.teams) == hook_team(obs) \
        and len(obs.calls) >= len(obs.active) // 2


def hook_opening(obs: Observation) -> Bid:
    """28 in the suit this seat's team is expected to take most points in (with the partner's
    forms), spoken in the form that tells the truth."""
    hand = [int(c) for c in obs.hand]
    sup = supports(obs)[obs.seat]
    void = void_suits(hand)
    _, suit = max((estimate(hand, d, len(obs.active)) + sup[d], d) for d in SUITS
                  if not void >> d & 1)
    return Bid(MIN_BID, suit, form_for(hand, MIN_BID, suit, None))


def normal_call(obs: Observation, legal: Sequence[Action]) -> Action:
    hand = [int(c) for c in obs.hand]
    n = len(obs.active)
    est = [estimate(hand, d, n) for d in range(5)]
    high = obs.high_bid
    hv, hd = (high.value, high.denom) if high is not None else (0, -1)
    hs = obs.high_bidder if obs.high_bidder is not None else -1
    code = call_code(obs.seat, est, supports(obs)[obs.seat], len(obs.teams), n, hv, hd, hs,
                     obs.doubled, len(obs.calls), hook_team(obs), void_suits(hand))
    call = _action(code, hand, high)
    return call if call in legal else PASS


def _action(code: int, hand: Sequence[int], high: Bid | None) -> Action:
    """A call code as the action, a bid spoken in the form that tells the truth."""
    if code >= 0:
        return Bid(code // 8, code % 8, form_for(hand, code // 8, code % 8, high))
    return PASS if code == PASS_CODE else DOUBLE if code == DOUBLE_CODE else REDOUBLE


def call_code(seat: int, est: Sequence[float], sup: Sequence[float], k: int, n: int, hv: int,
              hd: int, hs: int, dbl: int, passes: int, hook: int, void: int = 0) -> int:
    """Normal's call as an int, from the seat's estimates ``est`` and partner's support ``sup``
    per denomination, ``n`` active players, the high bid ``hv``/``hd`` by ``hs`` (-1: none) doubled
    ``dbl`` times (with no bid yet, ``passes`` calls made), the team ``hook`` the passed-out
    28 NT would fall on, and the suits ``void`` (``void_suits``) it never bids. The playouts
    leave ``void`` out: with the fitted weights a void suit's estimate is over 6 points below
    the best held suit's, more than a partner's support adds (4 at most), so it never wins."""
    ours = hs >= 0 and hs % k == seat % k
    if dbl == 1 and ours and est[hd] + sup[hd] + 4.0 >= hv + REDOUBLE_MARGIN:
        return REDOUBLE_CODE
    if hs >= 0 and dbl == 0 and not ours and shortfall(est[hd], n, hv, hs % k == hook) \
            >= DOUBLE_MARGIN:
        return DOUBLE_CODE
    if ours and dbl == 0:
        return PASS_CODE  # the partner's bid stands; overbidding it only adds risk
    value, denom = max((est[d] + sup[d], d) for d in range(5) if not void >> d & 1)
    lowest = hv + 1 if hs >= 0 else MIN_BID
    if lowest <= MAX_BID and value >= lowest + BID_MARGIN:
        return lowest * 8 + denom
    if hs < 0 and seat % k == hook and passes >= n // 2:
        # the team's last call before the passed-out 28 NT falls on it: a better trump is worth a bid
        value, denom = max((est[d] + sup[d], d) for d in SUITS if not void >> d & 1)
        if value >= max(est[NT] + sup[NT] + HOOK_GAIN, HOOK_FLOOR[n]):
            return MIN_BID * 8 + denom
    return PASS_CODE


def shortfall(ours: float, n: int, hv: int, hooked: bool) -> float:
    """How far short of their bid ``hv`` the bidders are expected to fall: what the cards leave
    them once this team (``ours``, this hand's estimate in their trump) and the other teams (a
    share each) have taken, blended with what their bid says they expect (the bid and a margin;
    for a 28 of the team on the hook, only the floor it opens at)."""
    teams_in = n // 2
    left = 56 - ours - (teams_in - 2) * 56 / teams_in
    promise = min(hv + BID_MARGIN, HOOK_FLOOR[n]) if hooked and hv == MIN_BID else hv + BID_MARGIN
    return hv - (0.5 * left + 0.5 * promise)


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
        return max(sure, key=_CASH.__getitem__)
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



# --- hard: search over sampled deals -------------------------------------------------------------
#
# At every decision Hard deals the cards it cannot see (``sample_hands``: the unseen copies, to the
# seats that may hold them) and plays each candidate action out in every sampled deal with a cheap
# version of Normal on ints (``playout``, which reads the sampled hands, so it is a little sharper
# than Normal), scoring the deal in tables for its team (``deal_value``). In the auction the rest
# of the auction is played out first, every seat calling by Normal's rule (``auction_out``).

HARD_WORK = 24_000  # card plays per decision, shared among the candidate actions: the budget
MIN_WORLDS, MAX_WORLDS = 4, 28
CALL_MARGIN = 1.0  # tables a call must gain over Normal's: the best of several noisy means is
# biased up, most for the riskiest calls (doubled and redoubled contracts)
# Liveliness (issue 28, the product's decision: "a human table of 56 rarely passes out, and a deal
# nobody bid is a dull deal"): at its team's last call before the passed-out 28 NT falls on it,
# Hard passes only if passing beats its best bid by this many tables more (by active players).
# The smallest that keeps pass-outs with Hard in every seat clearly under 15% (100 deals, seed 1;
# 6 seats: 0 -> 16%, 0.5 -> 14%, 0.75 -> 9%, 1.0 -> 5%; 8 seats: 0 -> 57%, 3.5 -> 15%, 4.0 -> 6%):
# at 8 seats it costs Hard 0.4 of its 1.8 tables a deal over Normal (bench/fifty_six_strength.py).
# A 4-seat deal is not passed out: 0 there, the play as before.
HOOK_LIVELINESS = {4: 0.0, 6: 0.75, 8: 4.0}
POINT_VALUE = 0.02  # tables per card point: tells apart deals that are made or lost anyway
HIGH = 6  # POWER of an ace: A, 9 and J are the "high cards" of the plus forms (§5.6)

_ABOVE = tuple(sum(1 << d for d in range(c // 13 * 13, c // 13 * 13 + 13) if POWER[d] > POWER[c])
               for c in range(52))  # per card: the stronger cards of its suit
_JACKS = tuple(next(c for c in range(s * 13, s * 13 + 13) if POWER[c] == JACK) for s in SUITS)
_LOW = tuple(sum(1 << c for c in range(s * 13, s * 13 + 13) if 0 < POWER[c] < HIGH) for s in SUITS)
# Sort keys of the playout policy per card; index 4 (also -1) is for no trumps.
_CHEAP = tuple(tuple(POINTS[c] * 10_000 + (c // 13 == t) * 1_000 + POWER[c] * 100 + c
                     for c in range(52)) for t in (0, 1, 2, 3, -1))  # least to give away
_TAKE = tuple(tuple((c // 13 == t) * 100 + POWER[c] for c in range(52))
              for t in (0, 1, 2, 3, -1))  # least to win with
_FEED = tuple(POINTS[c] * (POWER[c] != JACK) * 100 - POWER[c] for c in range(52))
_CASH = tuple(POINTS[c] * 100 + POWER[c] for c in range(52))


@dataclass(frozen=True, slots=True)
class Known:
    """What an observation fixes about the hidden hands."""

    seat: int
    hand: tuple[int, ...]
    others: tuple[int, ...]  # the other active seats
    counts: tuple[int, ...]  # cards each of ``others`` holds
    unseen: tuple[int, ...]  # the card copies in their hands, sorted
    lacks: tuple[int, ...]  # per seat: cards it cannot hold (suits it failed to follow, bid forms)
    holds: tuple[tuple[int, ...], ...]  # per seat: jacks its bids say it holds
    played: tuple[tuple[int, ...], ...]  # per seat: the cards it has played this deal


def known(obs: Observation) -> Known:
    players = len(obs.hand_sizes)
    lacks, played_by = [0] * players, [0] * players
    played: Counter[int] = Counter()
    by_seat: list[list[int]] = [[] for _ in range(players)]
    for cards in [t.cards for t in obs.tricks] + [obs.trick]:
        if cards:
            led = int(cards[0][1]) // 13
            for seat, c in cards:
                played[int(c)] += 1
                played_by[seat] |= 1 << int(c)
                by_seat[seat].append(int(c))
                if int(c) // 13 != led:
                    lacks[seat] |= SUIT_MASKS[led]
    hand = tuple(int(c) for c in obs.hand)
    unseen = Counter(deck_cards(len(obs.active)))
    unseen.subtract(played)
    unseen.subtract(Counter(hand))
    holds: list[list[int]] = [[] for _ in range(players)]
    high: Bid | None = None
    for seat, call in obs.calls:
        if isinstance(call, Bid):
            if seat != obs.seat:
                _read_form(call, high, lacks, holds[seat], played_by[seat], seat)
            high = call
    others = tuple(s for s in obs.active if s != obs.seat)
    return Known(obs.seat, hand, others, tuple(obs.hand_sizes[s] for s in others),
                 tuple(sorted((+unseen).elements())), tuple(lacks), tuple(map(tuple, holds)),
                 tuple(map(tuple, by_seat)))


def _read_form(bid: Bid, high: Bid | None, lacks: list[int], holds: list[int], played: int,
               seat: int) -> None:
    """What the form of another seat's bid tells of its hand (Normal and Hard speak the truth,
    ``form_for``); a card it has played since is no longer in its hand."""
    form = bid.form or "num-suit"
    if bid.denom == NT:
        if form != "num-nt" and high is not None and high.denom != NT \
                and not played & SUIT_MASKS[high.denom]:
            lacks[seat] |= SUIT_MASKS[high.denom]  # Noes: none of the suit bid before
        return
    jack = _JACKS[bid.denom]
    if form == "num-suit" and not played >> jack & 1:
        holds.append(jack)
    elif form == "suit-num":
        lacks[seat] |= 1 << jack
    elif form == "plus-suit":
        lacks[seat] |= _LOW[bid.denom] & ~played


def sample_hands(kn: Known, players: int, rng: random.Random) -> list[list[int]]:
    """Every seat's hand in one deal consistent with ``kn``: the own hand, then the jacks bids
    announced, then the other unseen cards by ``search.deal_hidden``."""
    hands: list[list[int]] = [[] for _ in range(players)]
    hands[kn.seat] = list(kn.hand)
    pool = list(kn.unseen)
    room = list(kn.counts)
    for i, seat in enumerate(kn.others):
        for card in kn.holds[seat]:
            if room[i] and card in pool and not kn.lacks[seat] >> card & 1:
                pool.remove(card)
                hands[seat].append(card)
                room[i] -= 1
    lacks, others = kn.lacks, kn.others
    dealt = deal_hidden(pool, room, lambda i, card: not lacks[others[i]] >> card & 1, rng)
    for seat, cards in zip(others, dealt, strict=True):
        hands[seat] += cards
    return hands


# The playout policy: Normal's card rules on bitmasks, reading the hands of the sampled deal.

def _bits(mask: int) -> tuple[int, ...]:
    """The cards of a mask, remembered: the playouts ask for the same few hands again and again."""
    cards = _BITS.get(mask)
    if cards is None:
        if len(_BITS) > 400_000:
            _BITS.clear()
        cards = _BITS[mask] = tuple(c for c in range(52) if mask >> c & 1)
    return cards


_BITS: dict[int, tuple[int, ...]] = {}


def _beaten(card: int, opps: Sequence[int], led: int, tm: int) -> bool:
    """Can one of the opponents' hands ``opps`` (still to play) beat ``card``, winning now?"""
    above = _ABOVE[card]
    for hand in opps:
        if hand & SUIT_MASKS[led]:
            if card // 13 == led and hand & above:
                return True
        elif tm and hand & (above if tm >> card & 1 else tm):
            return True
    return False


def _cheapest(mask: int, trump: int) -> int:
    return min(_bits(mask), key=_CHEAP[trump].__getitem__)


def _lead_fast(held: Sequence[int], seat: int, me: int, k: int, active: Sequence[int], trump: int,
          tm: int, declaring: bool) -> int:
    hand = held[seat]
    others = 0
    opps = []
    for s in active:
        if s != seat:
            others |= held[s]
            if s % k != me:
                opps.append(held[s])
    if declaring and tm and any(h & tm for h in opps):  # draw trumps with the top one
        top = max(_bits(hand & tm), key=POWER.__getitem__, default=-1)
        if top >= 0 and not others & _ABOVE[top]:
            return top
    sure = [c for c in _bits(hand & ~tm) if not others & _ABOVE[c]
            and not any(h & tm and not h & SUIT_MASKS[c // 13] for h in opps)]
    if sure:
        return max(sure, key=_CASH.__getitem__)
    return min(_bits(hand & ~tm or hand), key=lambda c: (
        POINTS[c], POWER[c], -(hand & SUIT_MASKS[c // 13]).bit_count()))


def _follow_fast(held: Sequence[int], seat: int, me: int, k: int, nxt: Sequence[int], left: int,
            led: int, best: int, winner: int, pts: int, trump: int, tm: int) -> int:
    """``left`` seats play after this one; ``best`` by ``winner`` wins so far, ``pts`` on it."""
    legal = held[seat] & SUIT_MASKS[led] or held[seat]
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    opps = []
    s = nxt[seat]
    for _ in range(left):
        if s % k != me:
            opps.append(held[s])
        s = nxt[s]
    cards = _bits(legal)
    if winner % k == me:
        if not _beaten(best, opps, led, tm):  # feed points, keeping the jacks
            return max(cards, key=_FEED.__getitem__)
        safe = [c for c in cards if _wins(c, best, trump) and not _beaten(c, opps, led, tm)]
        if safe and pts + max(POINTS[c] for c in safe) >= 2:
            return min(safe, key=lambda c: (POWER[c], POINTS[c]))
        return _cheapest(legal, trump)
    winners = [c for c in cards if _wins(c, best, trump)]
    if winners:
        safe = [c for c in winners if not _beaten(c, opps, led, tm)]
        gain = pts + max(POINTS[c] for c in winners)
        if safe and (gain >= 2 or not left):
            return min(safe, key=_TAKE[trump].__getitem__)
        if not left and gain >= 1:
            return min(winners, key=_TAKE[trump].__getitem__)
    return _cheapest(legal, trump)


def _wins(card: int, best: int, trump: int) -> bool:
    if card // 13 == best // 13:
        return POWER[card] > POWER[best]
    return card // 13 == trump


def playout(state: State, first: int = -1) -> list[int]:
    """Card points per team at the end of the deal of ``state`` (in play), the seat to act
    playing ``first`` (if given) and every card after by the policy above."""
    contract = state.contract
    assert contract is not None
    held, twice, points = list(state.held), list(state.twice), list(state.points)
    trump = -1 if contract.trump is None else contract.trump
    tm = SUIT_MASKS[trump] if trump >= 0 else 0
    nxt, k, active, n = state.nxt, state.teams, state.active, len(state.active)
    decl = contract.team
    played = len(state.trick)
    led = best = winner = -1
    pts = 0
    for seat, card in state.trick:
        if best < 0 or _wins(card, best, trump):
            best, winner = card, seat
        pts += POINTS[card]
    if played:
        led = state.trick[0][1] // 13
    seat = state.turn
    while held[seat]:
        me = seat % k
        if first >= 0:
            card, first = first, -1
        elif played:
            card = _follow_fast(held, seat, me, k, nxt, n - played - 1, led, best, winner, pts, trump,
                           tm)
        else:
            card = _lead_fast(held, seat, me, k, active, trump, tm, me == decl)
        bit = 1 << card
        if twice[seat] & bit:
            twice[seat] ^= bit
        else:
            held[seat] ^= bit
        if not played:
            led, best, winner, pts = card // 13, card, seat, 0
        elif _wins(card, best, trump):
            best, winner = card, seat
        pts += POINTS[card]
        played += 1
        if played == n:
            points[winner % k] += pts
            seat, played = winner, 0
        else:
            seat = nxt[seat]
    return points


def deal_value(points: Sequence[int], contract: Contract, team: int, teams_in: int) -> float:
    """What the deal is worth to ``team`` in tables (uncapped: §8.1's caps only bite near the end
    of a match), plus a little for its card points."""
    made = points[contract.team] >= contract.value
    amount = stake(contract.value, made) * contract.multiplier
    if team == contract.team:
        change = amount * (teams_in - 1) * (1 if made else -1)
    else:
        change = -amount if made else amount
    return change + POINT_VALUE * points[team]


# The auction playout: Normal's calling rule (``normal_call``) on ints.

def estimates(hands: Sequence[Sequence[int]], active: Sequence[int]) -> list[list[float]]:
    """Per seat, Normal's estimate of its team's points for each denomination (C D H S NT)."""
    out: list[list[float]] = [[0.0] * 5 for _ in hands]
    for seat in active:
        out[seat] = [estimate(hands[seat], d, len(active)) for d in range(5)]
    return out


def auction_out(state: State, hands: Sequence[Sequence[int]], est: Sequence[Sequence[float]],
                sup: Sequence[Sequence[float]], code: int) -> Contract:
    """The contract when the seat to call in ``state`` makes ``code`` and every call after it
    follows Normal's rule (§5.3's ends: n - 1 passes after a bid, n with none, a redouble)."""
    sups = [list(s) for s in sup]
    players, k, n, nxt = state.players, state.teams, len(state.active), state.nxt
    hook = nxt[state.dealer] % k
    hv, hd = (state.high.value, state.high.denom) if state.high else (0, -1)
    hs, dbl, passes, seat = state.high_seat, state.dbl, state.passes, state.turn
    while True:
        if code == PASS_CODE:
            passes += 1
            if hs < 0 and passes == n:
                first = nxt[state.dealer]
                return Contract(MIN_BID, None, first, first % k, 1, all_passed=True)
            if hs >= 0 and passes == n - 1:
                break
        elif code == DOUBLE_CODE:
            dbl, passes = 1, 0
        elif code == REDOUBLE_CODE:
            dbl = 2
            break
        else:
            form = form_for(hands[seat], code // 8, code % 8, Bid(hv, hd) if hs >= 0 else None)
            _support(sups, seat, players, code, form)
            hv, hd, hs, dbl, passes = code // 8, code % 8, seat, 0, 0
        seat = nxt[seat]
        code = call_code(seat, est[seat], sups[seat], k, n, hv, hd, hs, dbl, passes, hook)
    return Contract(hv, None if hd == NT else hd, hs, hs % k, 1 << dbl)


def _code(call: Action) -> int:
    if isinstance(call, Bid):
        return call.value * 8 + call.denom
    return PASS_CODE if call == PASS else DOUBLE_CODE if call == DOUBLE else REDOUBLE_CODE


def _begin(state: State, contract: Contract) -> State:
    """The first position of the play under ``contract`` (§6: the dealer's right leads)."""
    s = state.copy()
    s.phase, s.contract, s.turn = "play", contract, state.nxt[state.dealer]
    return s


# Reading the auction: a sampled deal is kept only if Normal's rule would have made the other
# seats' calls with it (the kind of call, and the denomination of a bid), as far as a few tries
# find one; otherwise the deal that disagrees least.

AUCTION_TRIES = 4
READ_TRICKS = 4  # in play, the auction is read only during the first tricks


def auction_misses(obs: Observation, kn: Known, dealt: Sequence[Sequence[int]],
                   est: Sequence[Sequence[float]]) -> int:
    """How many of the other seats' calls Normal's rule would not have made with ``dealt``, the
    hands as they were in the auction (``est`` their estimates)."""
    players, k, n, hook = len(obs.hand_sizes), len(obs.teams), len(obs.active), hook_team(obs)
    sup = [[0.0] * 5 for _ in range(players)]
    hv, hd, hs, dbl, misses = 0, -1, -1, 0, 0
    for i, (seat, call) in enumerate(obs.calls):
        code = _code(call)
        if seat != kn.seat:
            guess = call_code(seat, est[seat], sup[seat], k, n, hv, hd, hs, dbl, i, hook)
            misses += (guess if guess < 0 else guess % 8 + 8) != (code if code < 0 else code % 8 + 8)
        if isinstance(call, Bid):
            _support(sup, seat, players, code, call.form)
            hv, hd, hs, dbl = call.value, call.denom, seat, 0
        elif code == DOUBLE_CODE:
            dbl = 1
    return misses


def sample_read(obs: Observation, kn: Known, rng: random.Random,
                tries: int = AUCTION_TRIES) -> tuple[list[list[int]], list[list[float]]]:
    """A deal for the search, read against the auction: the hands now, and every seat's
    estimates as dealt."""
    players = len(obs.hand_sizes)
    callers = {seat for seat, _ in obs.calls if seat != kn.seat}
    best: tuple[int, list[list[int]], list[list[float]]] | None = None
    for _ in range(tries if callers else 1):
        hands = sample_hands(kn, players, rng)
        dealt = [h + list(kn.played[seat]) for seat, h in enumerate(hands)]
        est = estimates(dealt, obs.active)
        misses = auction_misses(obs, kn, dealt, est) if callers else 0
        if best is None or misses < best[0]:
            best = (misses, hands, est)
        if not misses:
            break
    assert best is not None
    return best[1], best[2]


# The decisions.

def _worlds(work: int, actions: int, plays: int) -> int:
    return max(MIN_WORLDS, min(MAX_WORLDS, work // max(1, actions * plays)))


def hard_card(obs: Observation, legal: Sequence[Action], rng: random.Random, work: int,
              tries: int) -> Action:
    cards, sample, value = card_search(obs, legal, tries)
    worlds = _worlds(work, len(cards), sum(obs.hand_sizes))
    return PLAYS[choose(cards, worlds, sample, value, rng)]


def card_search(obs: Observation, legal: Sequence[Action], tries: int) -> tuple[
        list[int], Callable[[random.Random], State], Callable[[State, int, random.Random], float]]:
    """What Hard searches at a card: the cards (Normal's first: it wins ties), a sampler of
    worlds and what a card brings the seat's team in tables (the coach reads it too)."""
    cards = _cards(legal)
    first = normal_card(read_table(obs), cards)  # ties go to Normal's card
    cards.remove(first)
    cards.insert(0, first)
    kn = known(obs)
    team = obs.seat % len(obs.teams)
    teams_in = len({s % len(obs.teams) for s in obs.active})
    tries = tries if len(obs.tricks) < READ_TRICKS else 1  # later the cards seen tell more

    def sample(r: random.Random) -> State:
        return world(obs, sample_read(obs, kn, r, tries)[0])

    def value(w: State, card: int, r: random.Random) -> float:
        assert w.contract is not None
        return deal_value(playout(w, card), w.contract, team, teams_in)

    return cards, sample, value


def candidate_calls(obs: Observation, legal: Sequence[Action]) -> list[Action]:
    """Normal's call first (it wins ties), pass, the lowest bid in each denomination (spoken in
    the form that tells the truth; no suit the hand is void in), double and redouble where
    legal. At its team's last call before the passed-out 28 NT falls on it, where Normal would
    pass, 28 in its best suit comes first instead: on the hook, people bid, and Hard passes only
    if that is clearly better (``head_starts``)."""
    hand = [int(c) for c in obs.hand]
    high = obs.high_bid
    lowest = high.value + 1 if high is not None else MIN_BID
    calls = [normal_call(obs, legal), PASS]
    if calls[0] == PASS and hook_opens(obs):
        calls.insert(0, hook_opening(obs))
    if lowest <= MAX_BID:
        void = void_suits(hand)
        calls += [Bid(lowest, d, form_for(hand, lowest, d, high)) for d in (*SUITS, NT)
                  if not void >> d & 1]
    calls += [c for c in (DOUBLE, REDOUBLE) if c in legal]
    return [c for i, c in enumerate(calls) if c not in calls[:i]]


def hard_call(obs: Observation, legal: Sequence[Action], rng: random.Random, work: int,
              tries: int) -> Action:
    calls, sample, value = call_search(obs, legal, tries)
    worlds = _worlds(work, len(calls), sum(obs.hand_sizes))
    return choose(calls, worlds, sample, value, rng)


Auctioned = tuple[State, list[list[int]], list[list[float]]]


def head_starts(obs: Observation, calls: Sequence[Action]) -> dict[str, float]:
    """What Hard adds to each call's mean value in tables before it picks the best (by the call's
    text): CALL_MARGIN to its fallback ``calls[0]``, and at its team's last call before the
    passed-out 28 NT falls on it, ``HOOK_LIVELINESS`` taken from passing (people bid there)."""
    lively = HOOK_LIVELINESS[len(obs.active)] if hook_opens(obs) else 0.0
    return {str(c): (CALL_MARGIN if i == 0 else 0.0) - (lively if c == PASS else 0.0)
            for i, c in enumerate(calls)}


def call_search(obs: Observation, legal: Sequence[Action], tries: int) -> tuple[
        list[Action], Callable[[random.Random], Auctioned],
        Callable[[Auctioned, Action, random.Random], float]]:
    """The candidate calls (Normal's first), a sampler of worlds read from the auction, and a
    call's worth in tables after Normal's auction and play, with its ``head_starts`` (none for a
    call the coach weighs beside the candidates)."""
    calls = candidate_calls(obs, legal)
    kn = known(obs)
    team = obs.seat % len(obs.teams)
    teams_in = len({s % len(obs.teams) for s in obs.active})
    sup = supports(obs)
    starts = head_starts(obs, calls)

    def sample(r: random.Random) -> Auctioned:
        hands, est = sample_read(obs, kn, r, tries)
        return world(obs, hands), hands, est

    def value(w: Auctioned, call: Action, r: random.Random) -> float:
        state, hands, est = w
        contract = auction_out(state, hands, est, sup, _code(call))
        points = playout(_begin(state, contract))
        return starts.get(str(call), 0.0) + deal_value(points, contract, team, teams_in)

    return calls, sample, value


def make_hard(work: int = HARD_WORK, tries: int = AUCTION_TRIES,
              ) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    """Hard with a budget of ``work`` card plays a decision (see ``_worlds``), drawing up to
    ``tries`` deals per world to read the auction."""
    def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "auction":
            return hard_call(obs, legal, rng, work, tries)
        return hard_card(obs, legal, rng, work, tries)
    return hard


hard = make_hard()

PLAYERS = {"easy": easy, "normal": normal, "hard": hard}
