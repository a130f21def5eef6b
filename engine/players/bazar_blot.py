"""Bazar Blot computer players: easy, normal and hard (a search over sampled deals, issue 17).

A player is ``choose(observation, legal, rng) -> action`` and sees only its seat's Observation:
its hand and combinations, the auction, the contract, and the tricks everyone saw played. What it
"remembers" (cards gone, voids) is read again from ``obs.tricks`` and ``obs.trick`` at every
decision; nothing is kept between calls.

Bidding (both levels) starts from an estimate, in raw points, of what the team will take with each
strain as trump (or Boy): the hand's sure tricks and points (the J and 9 of trump, trump length,
aces and guarded tens), its combinations and Blot, a partner's share, and the partner's calls.
The player bids the lowest legal level that estimate supports, never over its partner without a
clear gain. Normal also says Quansh on an opposing bid its defence expects to beat, and Sur on a
Quansh against a contract it expects to make with room to spare. Easy estimates more roughly,
never doubles, and plays by simpler rules.

Play (normal): the declaring side leads trumps while opponents may hold some, anyone leads a card
that is the highest still out in its suit, else a low card of a long plain suit; following, it
gives points to a partner who holds the trick, takes a trick with the cheapest card that wins it
(a master card when others are still to play), or else throws its cheapest card, keeping the Blot
pair and the high trumps.

Hard (below, "hard: determinized search") samples the hidden cards consistently with its
observation and with the calls made, and plays each candidate out with Normal's rules on ints.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from ..bazar_blot import (
    BOY,
    DECK_MASK,
    GAME,
    HIGHER_TRUMP,
    JACK,
    KING,
    MAX_LEVEL,
    MIN_LEVEL,
    NINE,
    PASS,
    POINTS,
    POWER,
    QUANSH,
    QUEEN,
    SUR,
    TEN,
    Action,
    Bid,
    Call,
    Combo,
    Observation,
    Pass,
    Quansh,
    State,
    find_combos,
    playout,
    winning_index,
    world_state,
)
from ..cards import SUIT_MASKS, cards_of, mask_of
from ..tricks import PLAYS, Play
from .search import choose, deal_hidden

ACE = 12
PARTNER_SHARE = 30  # raw points a silent partner is expected to bring
PARTNER_SAME = 25  # more when the partner bid the same strain
PARTNER_OTHER = 10  # more when the partner bid another strain (some strength)
OVER_PARTNER = 2  # levels the own estimate must beat the partner's bid by to bid over it
QUANSH_MARGIN = 60  # raw points of defence beyond the opponents' need before saying Quansh
SUR_MARGIN = 30  # raw points beyond the bid before saying Sur
MAX_EASY_LEVEL = 16
BID_SLACK = 0  # raw points added to the estimate before it is read as a level


class Speaker(Protocol):
    """What the auction rules read: an ``Observation``, or a sampled world's seat in a search."""

    @property
    def seat(self) -> int: ...
    @property
    def calls(self) -> tuple[tuple[int, Call], ...]: ...
    @property
    def high_bid(self) -> Bid | None: ...
    @property
    def high_bidder(self) -> int | None: ...
    @property
    def my_combos(self) -> tuple[Combo, ...]: ...


# --- the hand's estimate ----------------------------------------------------------------------

def _suit(hand: int, suit: int) -> int:
    """The 8 rank bits (bit 0 = the 7) of one suit."""
    return hand >> (suit * 13 + 5) & 0xFF


def _has(hand: int, suit: int, rank: int) -> bool:
    return bool(hand >> (suit * 13 + rank) & 1)


def trump_estimate(hand: int, strain: int) -> int:
    """Raw points this hand is expected to take with ``strain`` as trump (a suit 0-3)."""
    trumps = _suit(hand, strain).bit_count()
    if trumps == 0:
        return 0
    est = 0
    jack, nine = _has(hand, strain, JACK), _has(hand, strain, NINE)
    if jack:
        est += 30  # the J takes a trick: its 20 and about 10 more
    if nine:
        est += 24 if jack or trumps >= 3 else 10
    if _has(hand, strain, ACE):
        est += 15 if jack or nine or trumps >= 3 else 8
    if _has(hand, strain, TEN):
        est += 10 if trumps >= 3 else 5
    est += max(0, trumps - 2) * 12  # long trumps ruff the other suits
    for suit in range(4):
        if suit == strain:
            continue
        if _has(hand, suit, ACE):
            est += 18
            if _has(hand, suit, TEN):
                est += 12
        elif _has(hand, suit, TEN) and _suit(hand, suit).bit_count() >= 2:
            est += 4
        if _suit(hand, suit) == 0 and trumps >= 3:
            est += 8  # a void to ruff
    if _has(hand, strain, KING) and _has(hand, strain, QUEEN):
        est += 20  # the Blot always counts and counts toward the bid
    return est


def boy_estimate(hand: int) -> int:
    """Raw points this hand is expected to take in Boy: aces (19), the tens behind them, long
    suits headed by an ace; a suit without a stopper costs."""
    est = 0
    for suit in range(4):
        bits = _suit(hand, suit)
        if _has(hand, suit, ACE):
            est += 26
            if _has(hand, suit, TEN):
                est += 14
                est += max(0, bits.bit_count() - 3) * 8
        elif bits.bit_count() <= 1:
            est -= 12  # the opponents run this suit
    return est


def combo_estimate(obs: Speaker) -> int:
    """The raw points of the hand's combinations, counted at a third for a Terz (often beaten)
    and in full for Fifty and more."""
    return sum(c.points if c.points >= 50 else c.points // 3 for c in obs.my_combos)


def partner_bonus(obs: Speaker, strain: int) -> int:
    partner = (obs.seat + 2) % 4
    bids = [c for s, c in obs.calls if s == partner and isinstance(c, Bid)]
    if not bids:
        return PARTNER_SHARE
    if any(b.strain == strain for b in bids):
        return PARTNER_SHARE + PARTNER_SAME
    return PARTNER_SHARE + PARTNER_OTHER


def strain_estimates(obs: Speaker, hand: int, rough: bool = False) -> dict[int, int]:
    """The team's expected raw points for each strain (0-3, BOY)."""
    combos = combo_estimate(obs)
    out = {}
    for strain in range(5):
        own = boy_estimate(hand) if strain == BOY else trump_estimate(hand, strain)
        if rough:
            out[strain] = own + PARTNER_SHARE + (combos if strain != BOY else combos // 2)
        else:
            out[strain] = own + partner_bonus(obs, strain) + combos
    return out


# --- the auction ------------------------------------------------------------------------------

def _bid_from(legal: Sequence[Action], level: int, strain: int) -> Bid | None:
    for action in legal:
        if type(action) is Bid and not action.capot and action.level == level \
                and action.strain == strain:
            return action
    return None


def auction(obs: Observation, legal: Sequence[Action], rng: random.Random, easy: bool) -> Action:
    return call(obs, mask_of(obs.hand), legal, rng, easy)


def call(obs: Speaker, hand: int, legal: Sequence[Action], rng: random.Random, easy: bool
         ) -> Action:
    """The auction rule of both levels, for a seat holding ``hand``."""
    if SUR in legal:
        return sur(obs, hand) if not easy else PASS
    bids = [a for a in legal if type(a) is Bid]
    estimates = strain_estimates(obs, hand, rough=easy)
    if easy:
        estimates = {s: e + rng.randrange(-10, 11) for s, e in estimates.items()}
    strain = max(estimates, key=lambda s: (estimates[s], s != BOY))
    can = (estimates[strain] + (0 if easy else BID_SLACK)) // 10
    if easy:
        can = min(can, MAX_EASY_LEVEL)
    if not easy and QUANSH in legal and quansh(obs, hand):
        return QUANSH
    if not bids:
        return PASS
    floor = min(b.level for b in bids)
    if can < floor:
        return PASS
    high = obs.high_bid
    partner_holds = high is not None and obs.high_bidder == (obs.seat + 2) % 4
    # the partner holds the bid: raise only with a clear gain, and in a strain of our own
    if partner_holds and (easy or can < floor + OVER_PARTNER - 1
                          or high is not None and strain == high.strain):
        return PASS
    return _bid_from(legal, floor, strain) or PASS


def defence_estimate(hand: int, strain: int) -> int:
    """Raw points this hand expects to take against a contract in ``strain``."""
    est = 0
    if strain != BOY:
        trumps = _suit(hand, strain).bit_count()
        if _has(hand, strain, JACK):
            est += 30
        if _has(hand, strain, NINE):
            est += 22 if _has(hand, strain, JACK) or trumps >= 2 else 8
        if _has(hand, strain, ACE) and trumps >= 2:
            est += 12
        est += max(0, trumps - 2) * 10
    for suit in range(4):
        if suit == strain:
            continue
        if _has(hand, suit, ACE):
            est += 26 if strain == BOY else 16
            if _has(hand, suit, TEN):
                est += 10
    return est


def quansh(obs: Speaker, hand: int) -> bool:
    """Quansh when this hand alone nearly beats the bid: the opponents need 10·L of 162 and we
    expect more than the rest, with a margin (a Quansh doubles a loss as well)."""
    high = obs.high_bid
    if high is None or high.capot:
        return False
    ours = defence_estimate(hand, high.strain) + PARTNER_SHARE // 2
    return ours >= 162 - 10 * high.level + QUANSH_MARGIN


def sur(obs: Speaker, hand: int) -> Action:
    contract = obs.high_bid
    if contract is None:
        return PASS
    own = boy_estimate(hand) if contract.strain == BOY else trump_estimate(hand, contract.strain)
    # the partner's bid says it holds this strain; my own bid counts a silent partner
    extra = PARTNER_SHARE if obs.high_bidder == obs.seat else PARTNER_SHARE + PARTNER_SAME
    if own + extra + combo_estimate(obs) >= 10 * contract.level + SUR_MARGIN:
        return SUR
    return PASS


# --- the play ---------------------------------------------------------------------------------

class Position:
    """The play as one seat reads it: hand, strain, the cards still out, who is void where."""

    __slots__ = ("seat", "hand", "strain", "trump", "out", "voids", "trick", "leader",
                 "declaring")

    def __init__(self, obs: Observation) -> None:
        contract = obs.contract
        assert contract is not None
        self.seat = obs.seat
        self.hand = mask_of(obs.hand)
        self.strain = contract.strain
        self.trump = contract.trump
        self.declaring = contract.declarer % 2 == obs.seat % 2
        gone = self.hand
        self.voids: list[set[int]] = [set(), set(), set(), set()]
        for record in (*obs.tricks, None):
            plays = record.cards if record is not None else obs.trick
            if not plays:
                continue
            led = plays[0][1] // 13
            for i, (seat, card) in enumerate(plays):
                gone |= 1 << card
                if card // 13 == led:
                    continue
                self.voids[seat].add(led)
                if self.trump is None or card // 13 == self.trump or led == self.trump:
                    continue
                # void and no trump played: it holds no trump unless its partner held the trick
                prefix = tuple(c for _, c in plays[:i])
                held_by = plays[winning_index(prefix, self.strain)][0]
                if held_by % 2 != seat % 2:
                    self.voids[seat].add(self.trump)
        self.out = DECK_MASK & ~gone
        self.trick = tuple(card for _, card in obs.trick)
        self.leader = obs.trick[0][0] if obs.trick else obs.seat

    def master(self, card: int) -> bool:
        """No card still out beats ``card`` in its own suit."""
        power = POWER[self.strain]
        return not any(power[c] > power[card] for c in cards_of(self.out & SUIT_MASKS[card // 13]))

    def points(self, card: int) -> int:
        return POINTS[self.strain][card]

    def wins(self, card: int) -> bool:
        """``card`` would take the trick as it stands."""
        cards = (*self.trick, card)
        return winning_index(cards, self.strain) == len(cards) - 1

    def partner_winning(self) -> bool:
        if not self.trick:
            return False
        winner = (self.leader + winning_index(self.trick, self.strain)) % 4
        return winner % 2 == self.seat % 2

    def to_play_after(self) -> tuple[int, ...]:
        """The opponents still to play to this trick after this seat."""
        left = 3 - len(self.trick)
        return tuple(s for s in ((self.seat + i) % 4 for i in range(1, left + 1))
                     if s % 2 != self.seat % 2)

    def ruff_risk(self, suit: int) -> bool:
        """An opponent still to play may trump a card of ``suit``: it is known to be void in
        ``suit`` and not known to be out of trumps."""
        trump = self.trump
        if trump is None or suit == trump or not self.out & SUIT_MASKS[trump]:
            return False
        return any(suit in self.voids[s] and trump not in self.voids[s]
                   for s in self.to_play_after())

    def safe(self, card: int) -> bool:
        """``card``, played now, keeps the trick against everyone still to play."""
        return self.master(card) and not self.ruff_risk(card // 13)

    def keep_cost(self, card: int) -> int:
        """What a card is worth keeping: points, trump strength, the Blot pair."""
        cost = self.points(card) * 2 + POWER[self.strain][card]
        if self.trump is not None and card // 13 == self.trump:
            cost += 30
            if card % 13 in (KING, QUEEN):
                pair = 1 << (self.trump * 13 + KING) | 1 << (self.trump * 13 + QUEEN)
                if self.hand & pair == pair:
                    cost += 25  # keep the Blot together (it is announced on the first)
        return cost


def choose_card(obs: Observation, cards: list[int]) -> int:
    pos = Position(obs)
    if len(cards) == 1:
        return cards[0]
    if not pos.trick:
        return lead(pos, cards)
    last = len(pos.trick) == 3
    if pos.partner_winning():
        partner_card = pos.trick[winning_index(pos.trick, pos.strain)]
        if last or pos.safe(partner_card):
            return max(cards, key=lambda c: (pos.points(c) - (40 if c // 13 == pos.trump else 0),
                                             -POWER[pos.strain][c]))
        return min(cards, key=pos.keep_cost)
    winners = [c for c in cards if pos.wins(c)]
    if winners:
        if last:
            return min(winners, key=lambda c: (POWER[pos.strain][c] + 20 * (c // 13 == pos.trump),
                                               -pos.points(c)))
        safe = [c for c in winners if pos.safe(c)]
        if safe:
            return min(safe, key=pos.keep_cost)
        value = sum(pos.points(c) for c in pos.trick)
        if value >= 10 or pos.trump is not None and any(c // 13 == pos.trump for c in winners):
            return max(winners, key=lambda c: POWER[pos.strain][c] + 20 * (c // 13 == pos.trump))
    return min(cards, key=pos.keep_cost)


def lead(pos: Position, cards: list[int]) -> int:
    trump = pos.trump
    if trump is not None:
        trumps = [c for c in cards if c // 13 == trump]
        out_trumps = pos.out & SUIT_MASKS[trump]
        if trumps and out_trumps and pos.declaring:
            masters = [c for c in trumps if pos.master(c)]
            if masters:
                return max(masters, key=lambda c: POWER[pos.strain][c])
            if len(trumps) >= 2:
                return min(trumps, key=pos.keep_cost)
    plain_masters = [c for c in cards if c // 13 != trump and pos.master(c)]
    plain_masters = [c for c in plain_masters if not pos.ruff_risk(c // 13)]
    if plain_masters:
        return max(plain_masters, key=pos.points)
    plain = [c for c in cards if c // 13 != trump] or cards
    length = {s: (pos.hand & SUIT_MASKS[s]).bit_count() for s in range(4)}
    return min(plain, key=lambda c: (pos.keep_cost(c) - 3 * length[c // 13],))


def easy_card(obs: Observation, cards: list[int], rng: random.Random) -> int:
    """Simple rules: take the trick with the highest card when it can, feed a winning partner
    nothing, else throw the cheapest card; lead a random card."""
    pos = Position(obs)
    if not pos.trick:
        return cards[int(rng.random() * len(cards))]
    if pos.partner_winning():
        return min(cards, key=pos.keep_cost)
    winners = [c for c in cards if pos.wins(c)]
    if winners:
        return max(winners, key=lambda c: POWER[pos.strain][c])
    return min(cards, key=pos.keep_cost)


# --- hard: determinized search ----------------------------------------------------------------
#
# At each decision Hard deals the cards it cannot see consistently with its observation (voids,
# trumps it is known not to hold above a card, the Blot's second card, the combinations shown or
# announced, and calls that fit the bidders' hands), then plays every candidate out in each
# sampled world with Normal's rules on ints (``engine.bazar_blot.playout``) and keeps the best
# mean margin in game points. In the auction a candidate call is followed by Normal's auction
# for every seat in the world, then the play.

HARD_SAMPLES = 24  # sampled worlds per card decision
# Sampled worlds per call, each candidate playing the auction and the deal out; 0: Normal's rule.
# On 150 duplicate sets against Normal, with Hard's card play: searching Normal's call, pass,
# Quansh and Sur (32 worlds) gave -2.3 GP a set, Normal's calls +9.5; with Normal's play,
# searching every call gave +0.8 (99% -13.8 ... +15.3). So Hard calls by Normal's rule.
AUCTION_SAMPLES = 0
FIT_STEPS = 60  # card swaps tried per world towards hands that fit the calls and announcements
MISANNOUNCED = 100  # the misfit of a hand whose combinations are not the ones announced
CALL_SLACK = 20  # raw points a call may be off the bidder's estimate and still fit its hand
HEAD_START = 3.0  # game points Normal's call is given over the others: the sampled margins are noisy
CANDIDATES = "full"  # the calls searched: "full" (bids too), "pass" (no bids), "double"
RAISES = 2  # levels above the lowest legal one Hard also tries in its best strains


@dataclass(frozen=True, slots=True)
class _Speaker:
    """A seat of a sampled world, as the auction rules read it."""

    seat: int
    calls: tuple[tuple[int, Call], ...]
    high_bid: Bid | None
    high_bidder: int | None
    my_combos: tuple[Combo, ...]


def knowledge(obs: Observation) -> tuple[list[int], list[int]]:
    """(forbidden, known) card masks per seat: cards a seat cannot hold, by what it played (it did
    not follow, trump, or over-trump when the rules made it; it played a card of the Blot without
    announcing it), and cards it must hold (the shown combinations, the Blot's second card)."""
    forbidden, known = [0, 0, 0, 0], [0, 0, 0, 0]
    contract = obs.contract
    if contract is None:
        return forbidden, known
    strain, trump = contract.strain, contract.trump
    played = 0
    for record in (*obs.tricks, None):
        plays = record.cards if record is not None else obs.trick
        for i, (seat, card) in enumerate(plays):
            played |= 1 << card
            if i:
                forbidden[seat] |= _refused([c for _, c in plays[:i]], plays[0][0], seat, card,
                                            strain, trump)
    if trump is not None:
        king, queen = trump * 13 + KING, trump * 13 + QUEEN
        for record in (*obs.tricks, None):
            for seat, card in (record.cards if record is not None else obs.trick):
                if card in (king, queen) and obs.blot != seat:
                    forbidden[seat] |= 1 << (king + queen - card)  # else it had been announced
        if obs.blot is not None:
            known[obs.blot] |= (1 << king | 1 << queen) & ~played
    for combo in obs.combinations:
        known[combo.seat] |= mask_of(combo.cards) & ~played
    return forbidden, known


def _refused(prefix: list[int], leader: int, seat: int, card: int, strain: int,
             trump: int | None) -> int:
    """The cards ``seat`` cannot hold, having played ``card`` to the trick ``prefix`` (§7.1)."""
    led = prefix[0] // 13
    trumps = [c for c in prefix if c // 13 == trump]
    high = max(trumps, key=POWER[strain].__getitem__) if trumps else -1
    if card // 13 == led:  # followed: on a trump lead it had to beat the highest trump
        if led == trump and POWER[strain][card] <= POWER[strain][high]:
            return HIGHER_TRUMP[high]
        return 0
    gone = SUIT_MASKS[led]
    if trump is None or (leader + winning_index(prefix, strain)) % 2 == seat % 2:
        return gone
    if high < 0:  # had to ruff
        return gone | (SUIT_MASKS[trump] if card // 13 != trump else 0)
    if card // 13 != trump or POWER[strain][card] <= POWER[strain][high]:
        return gone | HIGHER_TRUMP[high]  # had to over-trump when able
    return gone


def sample_hands(obs: Observation, rng: random.Random,
                 facts: tuple[list[int], list[int]] | None = None) -> list[int]:
    """The four hands (masks) of a world consistent with ``obs``: the seat's own hand, the known
    cards where they are, the rest dealt by ``search.deal_hidden`` under the forbidden cards.
    Then, while a seat's hand does not fit its calls and announcements (``Fit``), cards are
    swapped between two hidden hands when that fits no worse, at most ``FIT_STEPS`` times."""
    forbidden, known = facts if facts is not None else knowledge(obs)
    me = obs.seat
    played = mask_of(c for t in obs.tricks for _, c in t.cards) | mask_of(c for _, c in obs.trick)
    mine = mask_of(obs.hand)
    fixed = [known[s] if s != me else mine for s in range(4)]
    pool = cards_of(DECK_MASK & ~played & ~mine & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3]))
    counts = [0 if s == me else obs.hand_sizes[s] - fixed[s].bit_count() for s in range(4)]
    dealt = deal_hidden(pool, counts, lambda s, c: not forbidden[s] >> c & 1, rng)
    hands = [fixed[s] | mask_of(dealt[s]) for s in range(4)]
    fit = Fit(obs)
    bad = [fit.misfit(s, hands[s]) if s != me else 0 for s in range(4)]
    seats = [s for s in range(4) if dealt[s]]
    for _ in range(FIT_STEPS if len(seats) > 1 else 0):
        wrong = [s for s in seats if bad[s]]
        if not wrong:
            break
        s = wrong[int(rng.random() * len(wrong))]
        t = seats[int(rng.random() * len(seats))]
        if t == s:
            continue
        i, j = int(rng.random() * len(dealt[s])), int(rng.random() * len(dealt[t]))
        x, y = dealt[s][i], dealt[t][j]
        if forbidden[s] >> y & 1 or forbidden[t] >> x & 1:
            continue
        hand_s, hand_t = hands[s] ^ (1 << x | 1 << y), hands[t] ^ (1 << x | 1 << y)
        bad_s, bad_t = fit.misfit(s, hand_s), fit.misfit(t, hand_t)
        if bad_s + bad_t <= bad[s] + bad[t]:
            dealt[s][i], dealt[t][j] = y, x
            hands[s], hands[t], bad[s], bad[t] = hand_s, hand_t, bad_s, bad_t
    return hands


class Fit:
    """How badly a hand fits what its seat said and showed, in raw points: a bid beyond Normal's
    estimate of it (by more than ``CALL_SLACK``), a pass on a hand that could have bid, a weak
    Quansh, and ``MISANNOUNCED`` for combinations other than those it announced."""

    def __init__(self, obs: Observation) -> None:
        self.played = [0, 0, 0, 0]
        for seat, card in (*(p for t in obs.tricks for p in t.cards), *obs.trick):
            self.played[seat] |= 1 << card
        # the announcements are known for a seat once it has played (nothing announced: none)
        self.announced = [obs.announced[s] if self.played[s] else None for s in range(4)]
        self.calls: list[list[tuple[type, int, int, list[int]]]] = [[], [], [], []]
        high = 0
        for i, (seat, action) in enumerate(obs.calls):
            kind = type(action)
            if kind is Quansh:
                if seat != obs.seat and obs.high_bid is not None:
                    self.calls[seat].append((kind, obs.high_bid.strain, high, []))
                break  # the Sur phase's passes say little
            if seat != obs.seat:
                bonus = _partner_bonus(obs.calls[:i], seat)
                if isinstance(action, Bid):
                    self.calls[seat].append((kind, action.strain, action.level, bonus))
                elif _holder(obs.calls[:i]) != (seat + 2) % 4:  # over the partner it says little
                    self.calls[seat].append((kind, 0, high + 1 if high else MIN_LEVEL, bonus))
            if isinstance(action, Bid):
                high = action.level

    def misfit(self, seat: int, hand: int) -> int:
        dealt = hand | self.played[seat]
        calls, announced = self.calls[seat], self.announced[seat]
        if not calls and announced is None:
            return 0
        combos = find_combos(seat, dealt)
        out = 0
        if announced is not None and tuple(c.kind for c in combos) != announced:
            out += MISANNOUNCED
        if calls:
            own = _own_estimates(dealt, combos)
            for kind, strain, level, bonus in calls:
                if kind is Bid:
                    out += max(0, 10 * level - CALL_SLACK - own[strain] - bonus[strain])
                elif kind is Pass:
                    best = max(e + b for e, b in zip(own, bonus, strict=True))
                    out += max(0, best - CALL_SLACK - 10 * level + 1)
                else:
                    ours = defence_estimate(dealt, strain) + PARTNER_SHARE // 2
                    out += max(0, 162 - 10 * level + QUANSH_MARGIN - CALL_SLACK - ours)
        return out


def _holder(calls: Sequence[tuple[int, Call]]) -> int:
    """The seat holding the highest bid after ``calls``, or -1."""
    return next((seat for seat, action in reversed(calls) if isinstance(action, Bid)), -1)


def _own_estimates(hand: int, combos: tuple[Combo, ...]) -> list[int]:
    """Normal's estimate of each strain from the hand alone (``strain_estimates`` less the
    partner's share)."""
    extra = sum(c.points if c.points >= 50 else c.points // 3 for c in combos)
    return [trump_estimate(hand, s) + extra for s in range(4)] + [boy_estimate(hand) + extra]


def _partner_bonus(calls: Sequence[tuple[int, Call]], seat: int) -> list[int]:
    """``partner_bonus`` for every strain, from the calls made so far."""
    bids = [c for s, c in calls if s == (seat + 2) % 4 and isinstance(c, Bid)]
    if not bids:
        return [PARTNER_SHARE] * 5
    return [PARTNER_SHARE + (PARTNER_SAME if any(b.strain == s for b in bids) else PARTNER_OTHER)
            for s in range(5)]


def make_hard(samples: int = HARD_SAMPLES, auction_samples: int = AUCTION_SAMPLES
              ) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    """A Hard player with a budget of ``samples`` worlds per card and ``auction_samples`` per
    call (0: Normal's auction rule)."""
    def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if obs.phase == "play":
            return PLAYS[hard_card(obs, _cards(legal), rng, samples)]
        if not auction_samples:  # the auction search did not beat Normal's rule: see the bench
            return call(obs, mask_of(obs.hand), legal, rng, easy=False)
        return hard_call(obs, legal, rng, auction_samples)
    return hard


def hard_card(obs: Observation, cards: list[int], rng: random.Random, samples: int) -> int:
    """The card with the best mean margin over ``samples`` worlds, Normal's card first."""
    order, sample, value = card_search(obs, cards)
    return choose(order, samples, sample, value, rng)


def card_search(obs: Observation, cards: list[int]) -> tuple[
        list[int], Callable[[random.Random], State], Callable[[State, int, random.Random], float]]:
    """What Hard searches at a card: the cards (Normal's first), a sampler of worlds and the
    margin in game points a card brings the seat's team in a world (the coach reads it too)."""
    preferred = choose_card(obs, cards)
    order = [preferred, *(c for c in cards if c != preferred)]
    voids = [sum(1 << suit for suit in v) for v in Position(obs).voids]
    facts = knowledge(obs)
    sign = 1 if obs.seat % 2 == 0 else -1

    def sample(r: random.Random) -> State:
        return world_state(obs, sample_hands(obs, r, facts))

    def value(world: State, card: int, r: random.Random) -> float:
        a, b = playout(world, voids, card, r)
        return sign * (a - b)

    return order, sample, value


def hard_call(obs: Observation, legal: Sequence[Action], rng: random.Random,
              samples: int) -> Action:
    """The call with the best mean margin over ``samples`` worlds, each candidate followed by
    Normal's auction for every seat and Normal's play; Normal's call first."""
    calls, sample, value = call_search(obs, legal)
    return choose(calls, samples, sample, value, rng)


def call_search(obs: Observation, legal: Sequence[Action]) -> tuple[
        list[Action], Callable[[random.Random], State],
        Callable[[State, Action, random.Random], float]]:
    """The candidate calls (Normal's first, given ``HEAD_START``), a sampler of worlds and a
    call's margin after Normal's auction and play."""
    hand = mask_of(obs.hand)
    sign = 1 if obs.seat % 2 == 0 else -1

    def sample(r: random.Random) -> State:
        return world_state(obs, sample_hands(obs, r))

    calls = candidates(obs, hand, legal)

    def value(world: State, action: Action, r: random.Random) -> float:
        head = HEAD_START if action == calls[0] else 0.0
        state = _finish_auction(GAME.apply(world, obs.seat, action))
        if state is None:
            return head  # thrown in
        a, b = playout(state, (0, 0, 0, 0), -1, r)
        return sign * (a - b) + head

    return calls, sample, value


def candidates(obs: Observation, hand: int, legal: Sequence[Action]) -> list[Action]:
    """The calls Hard weighs: Normal's, pass, Quansh, Sur, and in the two best strains the lowest
    legal bid and the levels around what the team's estimate supports."""
    out = [call(obs, hand, legal, _NO_LUCK, easy=False)]
    if CANDIDATES == "double":
        doubles = [a for a in (QUANSH, SUR) if a in legal and a != out[0]]
        return out + doubles + ([PASS] if out[0] in (QUANSH, SUR) else [])
    out += [a for a in (PASS, QUANSH, SUR) if a in legal and a not in out]
    if CANDIDATES == "pass":
        return out
    bids = {(a.level, a.strain) for a in legal if type(a) is Bid and not a.capot}
    if not bids:
        return out
    floor = min(level for level, _ in bids)
    estimates = strain_estimates(obs, hand)
    for strain in sorted(range(5), key=lambda s: -estimates[s])[:2]:
        can = estimates[strain] // 10
        for level in sorted({floor, *range(max(floor, can - RAISES), can + 2)}):
            bid = Bid(level, strain)
            if (level, strain) in bids and bid not in out:
                out.append(bid)
    return out


def _finish_auction(state: State) -> State | None:
    """The world after Normal's auction for every seat, or None if all four passed."""
    number = state.number
    own: dict[int, list[int]] = {}
    while state.phase in ("auction", "sur"):
        state = GAME.apply(state, state.turn, normal_call(state, own))
    return state if state.number == number else None


def normal_call(state: State, own: dict[int, list[int]]) -> Action:
    """Normal's call (``call``) for the seat to speak in a world, without building its legal
    calls; ``own`` caches each seat's estimates from its hand alone."""
    seat, high = state.turn, state.high
    hand = state.hands[seat]
    combos = find_combos(seat, hand)
    view = _Speaker(seat, state.calls, high, state.high_seat if high else None, combos)
    if state.phase == "sur":
        return sur(view, hand)
    if high is not None and state.high_seat % 2 != seat % 2 and quansh(view, hand):
        return QUANSH
    if seat not in own:
        own[seat] = _own_estimates(hand, combos)
    estimates = [e + b for e, b in zip(own[seat], _partner_bonus(state.calls, seat), strict=True)]
    strain = max(range(5), key=lambda s: (estimates[s], s != BOY))
    can = (estimates[strain] + BID_SLACK) // 10
    floor = high.level + 1 if high else MIN_LEVEL
    if floor > MAX_LEVEL or can < floor:
        return PASS
    if high is not None and state.high_seat == (seat + 2) % 4 and (
            can < floor + OVER_PARTNER - 1 or strain == high.strain):
        return PASS
    return Bid(floor, strain)


_NO_LUCK = random.Random(0)  # Normal's auction draws nothing; ``call`` takes a generator anyway


# --- the players ------------------------------------------------------------------------------

def _cards(legal: Sequence[Action]) -> list[int]:
    return [a.card for a in legal if type(a) is Play]


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if obs.phase == "play":
        return PLAYS[easy_card(obs, _cards(legal), rng)]
    return auction(obs, legal, rng, easy=True)


def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if obs.phase == "play":
        return PLAYS[choose_card(obs, _cards(legal))]
    return auction(obs, legal, rng, easy=False)


hard = make_hard()

PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy, "normal": normal, "hard": hard}
