"""King computer players: easy and normal (issue 13), and a searching hard (issue 17).

A player is ``choose(observation, legal, rng) -> action``. It sees only its seat's Observation;
what it "remembers" (cards out, voids) is read again from the deal's public tricks at every
decision, so it keeps no state between calls.

Cards are ints (``suit * 13 + rank_index``, suits C D H S); within a suit a higher int is a higher
card. A card set is a bitmask, as in ``engine.king``.

Easy plays legally and avoids the most obvious penalty: in a negative contract it never wins a
trick that would cost it (its cards, or the trick itself: any trick in NT and TN, tricks 12 and 13
in L2) when it can duck under the card winning it now. Otherwise it plays at random (a Trumps declarer
names its longest suit).

Normal plays each contract as a club player would, by simple rules:

* negative contracts (NT JK QN HT L2 KH TN): follow with the highest card that ducks (last to play
  on a trick that costs nothing in JK QN HT KH, it wins it with a high harmless card instead); if
  it must win anyway and is last, win with its highest harmless card; if it cannot duck but others follow,
  play low. Void, it dumps its most dangerous card (the contract's penalty cards first: queens,
  K♥, hearts, J/K; then high cards, guards of penalty cards still out, short suits). It leads the
  card least likely to win the trick, counted from the cards still out (a low card of a suit with
  many higher cards out; never a suit the others no longer hold). In L2 the first ten tricks are
  free: it sheds high cards and keeps low ones for the end.
* Trumps: as declarer it names the suit with the best length and honours; it draws trumps while it
  holds the top trump, cashes top cards in suits nobody is known to ruff, wins a trick as cheaply
  as it safely can, and ducks cheaply when it cannot win.
* Take everything: the same without trumps, keeping the scored cards away from the others.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..cards import SUIT_MASKS, mask_of
from ..king import (
    CONTRACTS,
    EARLY_END,
    HEARTS,
    JACKS,
    JK,
    KH,
    KING_OF_HEARTS,
    KINGS,
    L2,
    NT,
    QN,
    QUEENS,
    TE,
    TN,
    TR,
    TRUMP_CHOICES,
    Action,
    ChooseTrump,
    Observation,
    deal_points,
    legal_mask,
    trick_winner,
)
from ..tricks import PLAYS, Play
from .search import choose, deal_hidden

FULL = (1 << 52) - 1
NEGATIVE = frozenset({NT, JK, QN, 3, L2, KH, TN})  # 3 = HT
POSITIVE = frozenset({TR, TE})
ACE, KING_RANK, QUEEN_RANK, JACK_RANK = 12, 11, 10, 9


def _card_values() -> tuple[tuple[int, ...], ...]:
    """What winning each card costs (negative contracts) or brings (TE), by contract."""
    table = []
    for contract in range(len(CONTRACTS)):
        row = []
        for c in range(52):
            bit = 1 << c
            value = 0
            if contract == JK and bit & (JACKS | KINGS):
                value = 60
            elif contract == QN and bit & QUEENS:
                value = 100
            elif contract == 3 and bit & HEARTS:
                value = 30
            elif contract == KH and bit & KING_OF_HEARTS:
                value = 320
            elif contract in (TN, TE):
                value = (20 * bool(bit & (JACKS | KINGS)) + 30 * bool(bit & QUEENS)
                         + 10 * bool(bit & HEARTS) + 95 * bool(bit & KING_OF_HEARTS))
            row.append(value)
        table.append(tuple(row))
    return tuple(table)


VALUES = _card_values()


# --- what the public tricks say --------------------------------------------------------------

@dataclass(slots=True)
class Table:
    """The position as one seat reads it."""

    seat: int
    contract: int
    trump: int | None
    hand: int  # mask
    trick: list[tuple[int, int]]  # (seat, card) in order of play
    out: int  # cards not in this hand and not yet played: in the other hands
    voids: list[set[int]]  # per seat, suits it has shown it does not hold
    trick_number: int  # 1..13

    @property
    def trumps(self) -> int:
        return 0 if self.trump is None else SUIT_MASKS[self.trump]

    def best(self) -> int:
        """The card winning the trick so far."""
        cards = [c for _, c in self.trick]
        return cards[trick_winner(cards, self.trump)]

    def wins(self, card: int) -> bool:
        """Would ``card`` win the trick if played now (a lead always does)?"""
        if not self.trick:
            return True
        best = self.best()
        if card // 13 == best // 13:
            return card > best
        return self.trump is not None and card // 13 == self.trump

    def last(self) -> bool:
        return len(self.trick) == 3

    def higher_out(self, card: int) -> int:
        """Cards still out above ``card`` in its suit."""
        return (self.out & SUIT_MASKS[card // 13] & ~((2 << card) - 1)).bit_count()

    def lower_out(self, card: int) -> int:
        return (self.out & SUIT_MASKS[card // 13] & ((1 << card) - 1)).bit_count()

    def to_play(self) -> list[int]:
        return [(self.seat + i) % 4 for i in range(1, 4 - len(self.trick))]

    def others_void(self, suit: int) -> bool:
        """Some player still to play is known to hold none of ``suit``."""
        return any(suit in self.voids[s] for s in self.to_play()) if self.trick else any(
            suit in self.voids[s] for s in range(4) if s != self.seat)


def read_table(obs: Observation) -> Table:
    hand = mask_of(obs.hand)
    played = 0
    voids: list[set[int]] = [set() for _ in range(4)]
    trump = obs.trump
    for record in obs.tricks:
        played |= _note(record.cards, voids, trump)
    played |= _note(obs.trick, voids, trump)
    return Table(obs.seat, CONTRACTS.index(obs.contract), trump, hand,
                 [(s, int(c)) for s, c in obs.trick], FULL & ~hand & ~played, voids,
                 obs.trick_number)


def _note(plays: Sequence[tuple[int, int]], voids: list[set[int]], trump: int | None) -> int:
    """The cards of one trick as a mask; every seat that did not follow is void in the led suit
    (and, in Trumps, void in trumps too if it neither followed nor ruffed a plain lead)."""
    mask = 0
    if plays:
        led = plays[0][1] // 13
        for seat, card in plays:
            mask |= 1 << card
            suit = card // 13
            if suit != led:
                voids[seat].add(led)
                if trump is not None and suit != trump:
                    voids[seat].add(trump)
    return mask


# --- easy ------------------------------------------------------------------------------------

def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    if obs.phase == "trump":
        return _longest_suit(obs, legal)
    table = read_table(obs)
    plays = [a for a in legal if isinstance(a, Play)]
    if table.contract in NEGATIVE and table.trick and _could_cost(table, plays):
        ducks = [a for a in plays if not table.wins(a.card)]
        if ducks:
            return ducks[int(rng.random() * len(ducks))]
    return legal[int(rng.random() * len(legal))]


def _could_cost(table: Table, plays: Sequence[Play]) -> bool:
    """Winning this trick would cost something: the trick itself, a card in it, or ours."""
    values = VALUES[table.contract]
    return (trick_cost(table) + sum(values[c] for _, c in table.trick)
            + max(values[a.card] for a in plays)) > 0


def _longest_suit(obs: Observation, legal: Sequence[Action]) -> Action:
    lengths = [sum(1 for c in obs.hand if c.suit == s) for s in range(4)]
    offered = [a for a in legal if isinstance(a, ChooseTrump)]
    return max(offered, key=lambda a: (lengths[a.suit], a.suit))


# --- normal ----------------------------------------------------------------------------------

def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Deterministic: ``rng`` goes unused."""
    if obs.phase == "trump":
        return TRUMP_CHOICES[choose_trump([int(c) for c in obs.hand])]
    cards = [a.card for a in legal if isinstance(a, Play)]
    if len(cards) == 1:
        return PLAYS[cards[0]]
    table = read_table(obs)
    if table.contract in POSITIVE:
        return PLAYS[positive(table, cards)]
    if table.contract == L2 and table.trick_number <= 10:
        return PLAYS[shed(table, cards)]
    return PLAYS[negative(table, cards)]


def choose_trump(hand: Sequence[int]) -> int:
    """The suit with the best length and honours: 3 a card, A 4, K 3, Q 2, J 1."""
    def strength(suit: int) -> tuple[int, int]:
        ranks = [c % 13 for c in hand if c // 13 == suit]
        honours = sum(max(0, r - 8) for r in ranks)  # J 1, Q 2, K 3, A 4
        return 3 * len(ranks) + honours, suit
    return max(range(4), key=strength)


# --- negative contracts ----------------------------------------------------------------------

def trick_cost(table: Table) -> int:
    """What winning the current trick costs beyond its cards."""
    contract, number = table.contract, table.trick_number
    if contract == NT:
        return 50
    if contract == L2:
        return {12: 120, 13: 240}.get(number, 0)
    if contract == TN:
        return 15 + {12: 40, 13: 60}.get(number, 0)
    return 0


def negative(table: Table, cards: list[int]) -> int:
    if not table.trick:
        return lead_low(table, cards)
    values = VALUES[table.contract]
    led = table.trick[0][1] // 13
    if cards[0] // 13 != led:
        return discard(table, cards)
    ducks = [c for c in cards if not table.wins(c)]
    if ducks and table.last() and table.contract != L2 and not trick_cost(table) and not any(
            values[c] for _, c in table.trick):
        free = [c for c in cards if table.wins(c) and not values[c]]
        if free:
            return max(free)  # a trick that costs nothing: win it with a high card
    if ducks:
        return max(ducks)  # the highest card that still goes under
    if table.last():
        # the trick is ours anyway: win it with the highest card that adds nothing to it
        return max(cards, key=lambda c: (-values[c], c))
    # someone may still go over: play as low as possible, keeping our own penalty cards back
    return min(cards, key=lambda c: (values[c] > 0, c))


def discard(table: Table, cards: list[int]) -> int:
    """The most dangerous card to keep."""
    return max(cards, key=lambda c: danger(table, c))


def danger(table: Table, card: int) -> tuple[int, int, int]:
    values = VALUES[table.contract]
    suit = SUIT_MASKS[card // 13]
    rank = card % 13
    guard = 0
    # a high card over penalty cards still out may be made to win them
    penalties_out = sum(values[c] for c in range(13 * (card // 13), 13 * (card // 13) + 13)
                        if table.out >> c & 1 and c < card)
    if penalties_out and rank >= QUEEN_RANK:
        guard = penalties_out // 10
    length = (table.hand & suit).bit_count()
    return values[card] + guard + (rank - table.lower_out(card) // 2) * 3, -length, rank


def lead_low(table: Table, cards: list[int]) -> int:
    """The lead least likely to win the trick, weighed by what winning would cost."""
    values = VALUES[table.contract]
    base = trick_cost(table)
    out_value = [sum(values[c] for c in range(13 * s, 13 * s + 13) if table.out >> c & 1)
                 for s in range(4)]
    total_out = sum(out_value)

    def risk(card: int) -> tuple[float, int]:
        lower, higher = table.lower_out(card), table.higher_out(card)
        suit = card // 13
        chance = 1.0 if higher == 0 else (lower / (lower + higher)) ** 2
        if not (table.out & SUIT_MASKS[suit]):
            chance = 1.0  # nobody else holds the suit: the lead wins and collects discards
        elif table.others_void(suit):
            chance = max(chance, 0.5 if higher <= 1 else chance)
        # discards we may collect: the penalty cards still out in the other suits
        dumped = (total_out - out_value[suit]) // 8
        cost = chance * (base + values[card] + dumped + 10)
        # a penalty card led that others must overtake goes to them: a gain
        gain = (1 - chance) * values[card] * 0.5
        return cost - gain, card % 13
    return min(cards, key=risk)


def shed(table: Table, cards: list[int]) -> int:
    """L2, tricks 1..10: tricks are free, so get rid of high cards (and keep low ones)."""
    if table.trick and cards[0] // 13 != table.trick[0][1] // 13:
        return max(cards, key=lambda c: (c % 13, -(table.hand & SUIT_MASKS[c // 13]).bit_count()))
    return max(cards, key=lambda c: c % 13)


# --- positive contracts ----------------------------------------------------------------------

def top(table: Table, card: int) -> bool:
    """No card still out beats ``card`` in its suit."""
    return table.higher_out(card) == 0


def positive(table: Table, cards: list[int]) -> int:
    if not table.trick:
        return lead_high(table, cards)
    values = VALUES[table.contract]
    winners = [c for c in cards if table.wins(c)]
    if winners:
        if table.last():
            return min(winners, key=lambda c: (c // 13 == table.trump, c % 13))
        led = table.trick[0][1] // 13
        ruffing = all(c // 13 == table.trump for c in winners) and led != table.trump
        if ruffing and not any(led in table.voids[s] and table.trump not in table.voids[s]
                               for s in table.to_play()):
            return min(winners)  # a ruff nobody is known to overruff: the lowest trump
        safe = [c for c in winners if top(table, c) and not _ruff_danger(table, c)]
        if safe:
            return min(safe, key=lambda c: (c // 13 == table.trump, c % 13))
        if len(table.trick) >= 1 and table.higher_out(max(winners)) <= 1:
            return max(winners)
    # cannot win (or not cheaply): play the cheapest card, keeping scored cards from others
    return min(cards, key=lambda c: (values[c], c // 13 == table.trump, c % 13,
                                     (table.hand & SUIT_MASKS[c // 13]).bit_count()))


def _ruff_danger(table: Table, card: int) -> bool:
    """A plain card that a later player may ruff."""
    if table.trump is None or card // 13 == table.trump:
        return False
    if not table.out & table.trumps:
        return False
    suit = card // 13
    return any(suit in table.voids[s] and table.trump not in table.voids[s] for s in table.to_play())


def lead_high(table: Table, cards: list[int]) -> int:
    trumps = table.trumps
    my_trumps = [c for c in cards if trumps >> c & 1]
    if my_trumps and table.out & trumps:
        best = max(my_trumps)
        if top(table, best):
            return best  # draw trumps with the top one
    winners = [c for c in cards if not trumps >> c & 1 and top(table, c)
               and table.out & SUIT_MASKS[c // 13]]
    if winners:
        ruffable = [c for c in winners if table.out & trumps and table.others_void(c // 13)]
        safe = [c for c in winners if c not in ruffable]
        if safe:
            return max(safe, key=lambda c: (VALUES[table.contract][c] == 0, c % 13))
    if my_trumps and len(my_trumps) >= (table.out & trumps).bit_count():
        return max(my_trumps)
    plain = [c for c in cards if not trumps >> c & 1] or cards
    # a low card of the shortest suit: the others win it cheaply, and we get a void to ruff
    values = VALUES[table.contract]
    return min(plain, key=lambda c: (values[c], (table.hand & SUIT_MASKS[c // 13]).bit_count()
                                     if table.trump is not None else 0, c % 13))


# --- hard: determinized search, a cheap Normal in the playouts ------------------------------
#
# At each decision Hard deals the cards it cannot see to the other seats, consistently with what
# the deal's plays prove about their hands (``read_known``), plays each candidate action out to
# the end of the deal in each sampled world with every seat following a cheap version of
# Normal's rules on ints (``policy_card``), and keeps the action with the best mean score for its
# own seat (``engine.players.search.choose``). The trump choice is searched the same way, each
# suit played out from the first lead.

HARD_SAMPLES = 32  # sampled worlds per card decision
TRUMP_SAMPLES = 48  # sampled worlds per trump choice

PENALTY = tuple(sum(1 << c for c in range(52) if VALUES[k][c]) for k in range(len(CONTRACTS)))
BELOW = tuple(((1 << c % 13) - 1) << (13 * (c // 13)) for c in range(52))
ABOVE = tuple(SUIT_MASKS[c // 13] & ~BELOW[c] & ~(1 << c) for c in range(52))
TRICK_COST = {NT: (50,) * 14, L2: (0,) * 12 + (120, 240),
              TN: (15,) * 12 + (55, 75)}  # by trick number (1-based), as ``trick_cost``


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _suit_lows(mask: int) -> list[int]:
    return [_low(mask & m) for m in SUIT_MASKS if mask & m]


def _suit_tops(mask: int) -> list[int]:
    return [_top(mask & m) for m in SUIT_MASKS if mask & m]


def policy_card(contract: int, trump: int | None, hand: int, trick: Sequence[int], best: int,
                played: int, number: int) -> int:
    """A cheap Normal on ints: the card the seat holding ``hand`` plays, ``best`` being the card
    winning the trick so far, ``played`` the cards of the deal's finished tricks and ``number``
    the trick's number (1..13)."""
    legal = legal_mask(contract, trump, hand, trick, played)
    if not legal & (legal - 1):
        return _low(legal)
    out = FULL & ~hand & ~played
    for c in trick:
        out &= ~(1 << c)
    if contract in (TR, TE):
        return _positive_card(contract, trump, hand, legal, trick, best, out)
    if contract == L2 and number <= 10:  # tricks are free: shed the highest card
        return max(_suit_tops(legal), key=lambda c: c % 13)
    return _negative_card(contract, hand, legal, trick, best, out, number)


def _negative_card(contract: int, hand: int, legal: int, trick: Sequence[int], best: int,
                   out: int, number: int) -> int:
    values, penalty = VALUES[contract], PENALTY[contract]
    cost = TRICK_COST.get(contract, (0,) * 14)[number]
    if trick:
        if not legal & SUIT_MASKS[best // 13]:  # void: dump the most dangerous card
            if legal & penalty:
                return max(_suit_tops(legal & penalty), key=lambda c: (values[c], c % 13))
            return max(_suit_tops(legal), key=lambda c: (c % 13, -(hand & SUIT_MASKS[c // 13])
                                                         .bit_count()))
        ducks = legal & BELOW[best]
        last = len(trick) == 3
        if ducks and last and contract != L2 and not cost and not any(values[c] for c in trick):
            free = legal & ~ducks & ~penalty
            if free:
                return _top(free)  # a trick that costs nothing: win it high
        if ducks:
            return _top(ducks)
        harmless = legal & ~penalty
        return _top(harmless or legal) if last else _low(harmless or legal)

    def risk(card: int) -> float:
        mask = SUIT_MASKS[card // 13] & out
        if not mask:
            return 1000.0 + cost
        higher, lower = (mask & ABOVE[card]).bit_count(), (mask & BELOW[card]).bit_count()
        chance = (lower / (lower + higher)) ** 2 if higher else 1.0
        return chance * (cost + values[card] + 10) - (1 - chance) * values[card] * 0.5
    return min(_suit_lows(legal), key=lambda c: (risk(c), c % 13))


def _positive_card(contract: int, trump: int | None, hand: int, legal: int,
                   trick: Sequence[int], best: int, out: int) -> int:
    values = VALUES[contract]
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    if not trick:
        mine, theirs = legal & trumps, out & trumps
        if mine and theirs and _top(mine) > _top(theirs):
            return _top(mine)  # draw trumps with the top one
        winners = [c for c in _suit_tops(legal & ~trumps)
                   if out & SUIT_MASKS[c // 13] and not out & ABOVE[c]]
        if winners:
            return max(winners, key=lambda c: (values[c] == 0, c % 13))
        if mine and mine.bit_count() >= theirs.bit_count():
            return _top(mine)
        plain = legal & ~trumps or legal
        return min(_suit_lows(plain), key=lambda c: (
            values[c], (hand & SUIT_MASKS[c // 13]).bit_count() if trumps else 0, c % 13))
    beat = legal & ABOVE[best] if trumps >> best & 1 else legal & (ABOVE[best] | trumps)
    if beat:
        winners = _cards(beat)
        if len(trick) == 3:
            return min(winners, key=lambda c: (trumps >> c & 1, c % 13))
        if not beat & ~trumps and not trumps >> trick[0] & 1:
            return winners[0]  # a ruff: the lowest trump, as Normal does unless it fears an overruff
        safe = [c for c in winners if not out & ABOVE[c]]
        if safe:
            return min(safe, key=lambda c: (trumps >> c & 1, c % 13))
        if (out & ABOVE[winners[-1]]).bit_count() <= 1:
            return winners[-1]
    return min(_suit_lows(legal), key=lambda c: (values[c], trumps >> c & 1, c % 13))


def playout(contract: int, trump: int | None, hands: list[int], won: list[int],
            winners: list[int], trick: list[int], seat: int, card: int) -> tuple[int, ...]:
    """The deal's points after ``seat`` plays ``card`` (or, -1, its policy card) and every seat
    then plays ``policy_card`` to the end. ``hands``, ``won``, ``winners`` and ``trick`` (the
    position, as in ``engine.king.rollout``) are changed in place."""
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    penalties = EARLY_END[contract]
    played = 0
    for w in won:
        played |= w
    best = winner = -1
    if trick:
        index = trick_winner(trick, trump)
        best, winner = trick[index], (seat - len(trick) + index) % 4
    while True:
        hand = hands[seat]
        if card < 0:
            card = policy_card(contract, trump, hand, trick, best, played, len(winners) + 1)
        hands[seat] = hand & ~(1 << card)
        if not trick or ((card > best) if card // 13 == best // 13 else trumps >> card & 1):
            best, winner = card, seat  # a lead, a higher card of the best one's suit, a ruff
        trick.append(card)
        card = -1
        if len(trick) < 4:
            seat = (seat + 1) % 4
            continue
        seat = winner
        taken = 1 << trick[0] | 1 << trick[1] | 1 << trick[2] | 1 << trick[3]
        won[seat] |= taken
        played |= taken
        winners.append(seat)
        trick.clear()
        if len(winners) == 13 or (penalties and played & penalties == penalties):
            return deal_points(contract, won, winners)


@dataclass(frozen=True, slots=True)
class Known:
    """What the seat knows of the hidden cards, read once a decision from its observation."""

    seat: int
    contract: int
    trump: int | None
    hand: int
    unseen: tuple[int, ...]  # the cards in the other hands
    counts: tuple[int, ...]  # cards each seat holds
    allowed: tuple[int, ...]  # per seat, the cards it may hold
    won: tuple[int, ...]
    winners: tuple[int, ...]
    trick: tuple[int, ...]


def read_known(obs: Observation) -> Known:
    """Every card a seat's plays prove it does not hold: a card was legal when it was played, so
    the seat held no card that would have made it illegal (a void, a trump it had to play, a
    penalty card it had to dump or drop under)."""
    contract, trump, me = CONTRACTS.index(obs.contract), obs.trump, obs.seat
    hand = mask_of(obs.hand)
    gone = 0
    for record in obs.tricks:
        gone |= mask_of(c for _, c in record.cards)
    gone |= mask_of(c for _, c in obs.trick)
    unseen = FULL & ~hand & ~gone
    allowed = [unseen] * 4
    allowed[me] = 0
    played = 0
    for plays in [r.cards for r in obs.tricks] + [obs.trick]:
        cards = [int(c) for _, c in plays]
        for i, (seat, card) in enumerate(plays):
            if seat != me:
                allowed[seat] &= ~_excluded(contract, trump, card, cards[:i], played, unseen)
        played |= mask_of(cards)
    winners = tuple(r.winner for r in obs.tricks)
    won = tuple(mask_of(w) for w in obs.won)
    return Known(me, contract, trump, hand, tuple(c for c in range(52) if unseen >> c & 1),
                 tuple(0 if s == me else n for s, n in enumerate(obs.hand_sizes)),
                 tuple(allowed), won, winners, tuple(int(c) for _, c in obs.trick))


def _excluded(contract: int, trump: int | None, card: int, trick: list[int], played: int,
              unseen: int) -> int:
    """The unseen cards whose presence in the hand would have made ``card`` illegal. Holding more
    cards only narrows the legal set, so if ``card`` is legal with every unseen card beside it,
    nothing is excluded (the common case, tested once)."""
    bit = 1 << card
    if legal_mask(contract, trump, bit | unseen, trick, played) & bit:
        return 0
    excluded = 0
    rest = unseen
    while rest:
        x = rest & -rest
        rest ^= x
        if not legal_mask(contract, trump, bit | x, trick, played) & bit:
            excluded |= x
    return excluded


def sample_hands(known: Known, rng: random.Random) -> list[int]:
    allowed = known.allowed
    dealt = deal_hidden(list(known.unseen), known.counts,
                        lambda s, c: bool(allowed[s] >> c & 1), rng)
    hands = [mask_of(cards) for cards in dealt]
    hands[known.seat] = known.hand
    return hands


def make_hard(samples: int = HARD_SAMPLES, trump_samples: int = TRUMP_SAMPLES
              ) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    """A searching Hard player on a budget of ``samples`` worlds a card and ``trump_samples`` a
    trump choice (0: Normal's trump)."""
    def player(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if obs.phase == "trump":
            if not trump_samples:
                return normal(obs, legal, rng)
            return search_trump(obs, trump_samples, rng)
        cards = [a.card for a in legal if isinstance(a, Play)]
        if len(cards) == 1:
            return PLAYS[cards[0]]
        options, sample, value = card_search(obs, cards)
        return PLAYS[choose(options, samples, sample, value, rng)]
    return player


Search = tuple[list[int], Callable[[random.Random], list[int]],
               Callable[[list[int], int, random.Random], float]]


def card_search(obs: Observation, cards: list[int], known: Known | None = None) -> Search:
    """What Hard searches at a card: the distinct cards (the policy's first), a sampler of worlds
    and the deal points a card brings the seat in a world (the coach reads the same search).
    ``known``: ``read_known(obs)``, if the caller has read it."""
    known = read_known(obs) if known is None else known
    trick = list(known.trick)
    best = trick[trick_winner(trick, known.trump)] if trick else -1
    played = 0
    for w in known.won:
        played |= w
    first = policy_card(known.contract, known.trump, known.hand, trick, best, played,
                        len(known.winners) + 1)
    options = [first] + [c for c in distinct_plays(known, cards) if c != first]

    def value(hands: list[int], card: int, _: random.Random) -> float:
        points = playout(known.contract, known.trump, list(hands), list(known.won),
                         list(known.winners), list(known.trick), obs.seat, card)
        return points[obs.seat]
    return options, lambda r: sample_hands(known, r), value


def distinct_plays(known: Known, cards: list[int]) -> list[int]:
    """One card of each run of equivalent ones (``play_runs``)."""
    return [run[0] for run in play_runs(known, cards)]


def play_runs(known: Known, cards: list[int]) -> list[list[int]]:
    """``cards`` in runs of equivalent ones, each run ascending: cards of a suit with no unseen
    or trick card between them and the same worth in this contract take the same tricks."""
    between = mask_of(known.unseen) | mask_of(known.trick)
    values = VALUES[known.contract]
    runs: list[list[int]] = []
    for card in sorted(cards):
        prev = runs[-1][0] if runs else -1
        if (prev >= 0 and prev // 13 == card // 13 and values[prev] == values[card]
                and not between & BELOW[card] & ABOVE[prev]):
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


def search_trump(obs: Observation, samples: int, rng: random.Random) -> Action:
    """The trump suit with the best mean score over sampled deals played out from the lead."""
    suits, sample, value = trump_search(obs)
    return TRUMP_CHOICES[choose(suits, samples, sample, value, rng)]


def trump_search(obs: Observation) -> Search:
    """The suits (Normal's first), a sampler of deals and a suit's deal points in one."""
    me, hand = obs.seat, mask_of(obs.hand)
    unseen = [c for c in range(52) if not hand >> c & 1]
    counts = [0 if s == me else 13 for s in range(4)]

    def sample(r: random.Random) -> list[int]:
        hands = [mask_of(cards) for cards in deal_hidden(unseen, counts, lambda s, c: True, r)]
        hands[me] = hand
        return hands

    def value(hands: list[int], suit: int, _: random.Random) -> float:
        return playout(TR, suit, list(hands), [0] * 4, [], [], me, -1)[me]

    first = choose_trump([int(c) for c in obs.hand])
    return [first] + [s for s in range(4) if s != first], sample, value


hard = make_hard()

PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy,
    "normal": normal,
    "hard": hard,
}
