"""Hearts computer players, per ``shared/rules/hearts.md`` §9: easy, normal and hard.

Hard searches (issue 17): determinized playouts with Normal's rules, see the section below. The
§9.2 rule-based Hard (Normal plus void memory and moon defence) stays as ``defensive``; the
search needs no moon rule: a moon, its own or an opponent's, is in the playouts' scores.

A player is ``choose(observation, legal, rng) -> action``. It sees only its seat's Observation
(§9.1); whatever it "remembers" (cards played, voids, who took points) is read again from the
public history ``observation.tricks`` + ``observation.trick`` at every decision, so a player keeps
no state between calls.

Cards are ints (``suit * 13 + rank_index``, suits C D H S); within one suit a higher int is a higher
card, which the follow and discard rules below rely on.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import accumulate, combinations
from math import comb

from ..cards import cards_of, mask_of
from ..hearts import CARD_POINTS, PASSES, QUEEN_SPADES, Action, Observation
from ..tricks import PLAYS, Play, shuffled, trick_winner, winning_so_far
from .search import choose

HEART = 2
SPADE = 3
KING_SPADES = QUEEN_SPADES + 1
ACE_SPADES = QUEEN_SPADES + 2
ALL_POINTS = 26

# Moon alert thresholds (§9.2, tunable per D-12).
MOON_ALERT_POINTS = 14
MOON_ALERT_HEARTS = 6


# --- what the public history says ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Table:
    """The position as one seat reads it: its hand, the trick so far and the deal's history."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[tuple[int, int], ...]  # (seat, card) in order of play
    seen: frozenset[int]  # every card played this deal, the current trick included
    voids: tuple[frozenset[int], ...]  # per seat, suits it has failed to follow
    points: tuple[int, ...]  # per seat, points in the tricks it has won
    hearts: tuple[int, ...]  # per seat, hearts in the tricks it has won

    @property
    def led(self) -> int:
        return self.trick[0][1] // 13

    @property
    def winner(self) -> tuple[int, int]:
        """(seat, card) winning the trick so far."""
        return self.trick[trick_winner([c for _, c in self.trick])]

    @property
    def trick_points(self) -> int:
        return sum(CARD_POINTS[c] for _, c in self.trick)

    def wins(self, card: int) -> bool:
        """Would ``card`` be the highest of the led suit if played now (the leader always is)?"""
        return not self.trick or winning_so_far([c for _, c in self.trick], card)

    def count(self, suit: int) -> int:
        """Cards of ``suit`` in this seat's hand."""
        return sum(1 for c in self.hand if c // 13 == suit)

    def to_play(self) -> list[int]:
        """The other seats still to play to this trick."""
        return [(self.seat + i) % 4 for i in range(1, 4 - len(self.trick))]


def read_table(obs: Observation) -> Table:
    points, hearts = [0] * 4, [0] * 4
    voids: list[set[int]] = [set() for _ in range(4)]
    seen: set[int] = set()
    for record in obs.tricks:
        _note_plays(record.cards, voids, seen)
        points[record.winner] += sum(CARD_POINTS[c] for _, c in record.cards)
        hearts[record.winner] += sum(1 for _, c in record.cards if c // 13 == HEART)
    _note_plays(obs.trick, voids, seen)
    return Table(obs.seat, tuple(int(c) for c in obs.hand),
                 tuple((s, int(c)) for s, c in obs.trick), frozenset(seen),
                 tuple(frozenset(v) for v in voids), tuple(points), tuple(hearts))


def _note_plays(plays: Sequence[tuple[int, int]], voids: list[set[int]], seen: set[int]) -> None:
    """Record the cards of one trick, and every seat that did not follow the led suit."""
    if plays:
        led = plays[0][1] // 13
        for seat, card in plays:
            seen.add(card)
            if card // 13 != led:
                voids[seat].add(led)


# --- easy ------------------------------------------------------------------------------------

def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Random, except it never takes points it can see right now (§9.2 Easy)."""
    if obs.phase == "pass":
        return legal[rng.randrange(len(legal))]  # each 3-card pass equally likely
    table = read_table(obs)
    already = table.trick_points
    safe = [a for a in _plays(legal)
            if not (table.wins(a.card) and already + CARD_POINTS[a.card] > 0)]
    pool: Sequence[Action] = safe or legal
    return pool[rng.randrange(len(pool))]


# --- normal ----------------------------------------------------------------------------------

def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The §9.2 Normal rules; deterministic, so ``rng`` goes unused."""
    return _decide(obs, legal, hard=False)


def defensive(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Normal plus void memory, card counting and moon defence (§9.2 Hard by rule; the searching
    ``hard`` below replaced it as the Hard level)."""
    return _decide(obs, legal, hard=True)


def _decide(obs: Observation, legal: Sequence[Action], hard: bool) -> Action:
    if obs.phase == "pass":
        return PASSES[mask_of(pass_cards(obs.hand))]
    cards = [a.card for a in _plays(legal)]
    if len(cards) == 1:
        return PLAYS[cards[0]]
    table = read_table(obs)
    card = moon_defence(table, cards) if hard else None
    if card is None:
        card = choose_card(table, cards, hard)
    return PLAYS[card]


def choose_card(table: Table, cards: list[int], hard: bool) -> int:
    if not table.trick:
        return lead(table, cards, hard)
    if cards[0] // 13 == table.led:  # holding the led suit, every legal card is of it
        return follow(table, cards)
    return discard(table, cards)


def danger(card: int) -> int:
    """§9.2 pass danger: Q♠ 100, A♠ 90, K♠ 89, a heart rank + 1, any other card its rank."""
    special = {QUEEN_SPADES: 100, ACE_SPADES: 90, KING_SPADES: 89}
    rank = card % 13 + 2
    return special.get(card, rank + 1 if card // 13 == HEART else rank)


def pass_cards(hand: Sequence[int]) -> list[int]:
    """The three most dangerous cards; on equal danger the higher suit (♠ ♥ ♦ ♣) goes first."""
    return sorted(hand, key=lambda c: (danger(c), c // 13), reverse=True)[:3]


def guard(table: Table, cards: list[int]) -> list[int]:
    """The Q♠ guard: drop a Q♠ that would win the trick, unless it is the only card."""
    kept = [c for c in cards if not (c == QUEEN_SPADES and table.wins(c))]
    return kept or cards


def follow(table: Table, cards: list[int]) -> int:
    ducks = [c for c in cards if not table.wins(c)]
    if ducks:
        return max(ducks)  # the highest card that still loses (drops the Q♠ under K♠/A♠)
    cards = guard(table, cards)
    if len(table.trick) == 3 and table.trick_points == 0:
        return max(cards)  # a free trick: get rid of the highest card
    return min(cards)


def discard(table: Table, cards: list[int]) -> int:
    if QUEEN_SPADES in cards:
        return QUEEN_SPADES
    if QUEEN_SPADES not in table.seen:
        for high in (ACE_SPADES, KING_SPADES):
            if high in cards:
                return high
    hearts = [c for c in cards if c // 13 == HEART]
    if hearts:
        return max(hearts)
    return max(cards, key=lambda c: shortest_first(table, c))


def shortest_first(table: Table, card: int) -> tuple[int, int]:
    """Key that puts the highest card of the shortest suit last. Ties between suits of equal
    length go to the suit with the higher top card: it is the more dangerous one to keep."""
    suit = card // 13
    top = max(c % 13 for c in table.hand if c // 13 == suit)
    return (-table.count(suit), top * 13 + card % 13)


def lead(table: Table, cards: list[int], hard: bool) -> int:
    pool = guard(table, cards)
    if QUEEN_SPADES not in table.seen and QUEEN_SPADES not in table.hand:
        # a lead of A♠/K♠ invites the Q♠ holder to drop it on us
        pool = [c for c in pool if c not in (ACE_SPADES, KING_SPADES)] or pool
    if hard:
        # a void opponent behind us could discard points onto whoever wins
        behind = table.to_play()
        pool = [c for c in pool if not any(c // 13 in table.voids[s] for s in behind)] or pool
    return min(pool, key=lambda c: lead_order(table, c))


def lead_order(table: Table, card: int) -> tuple[int, int, int]:
    """Lowest rank first, then the suit with the fewest cards in hand (it voids soonest). The
    spec leaves the rest open; the card id (♣ ♦ ♥ ♠) keeps the choice deterministic."""
    return (card % 13, table.count(card // 13), card)


# --- hard: moon defence --------------------------------------------------------------------

def moon_threat(table: Table) -> int | None:
    """The opponent who has taken every point so far and looks like shooting the moon, if any.

    "A point card still unplayed" is read as "not yet taken": a point card lying in the current
    trick is still to be won, so the alert stays on until the last point is in someone's tricks.
    """
    taken = sum(table.points)
    if taken == 0 or taken >= ALL_POINTS or taken not in table.points:
        return None
    x = table.points.index(taken)  # taken > 0, so only one seat can hold all of it
    if x == table.seat:
        return None
    if table.points[x] >= MOON_ALERT_POINTS or table.hearts[x] >= MOON_ALERT_HEARTS:
        return x
    return None


def moon_defence(table: Table, cards: list[int]) -> int | None:
    """§9.2 Hard defence (a)–(d), or None where Normal's rule applies."""
    x = moon_threat(table)
    if x is None:
        return None
    if not table.trick:
        return defend_lead(table, cards, x)
    if cards[0] // 13 == table.led:
        return defend_follow(table, cards, x)
    return defend_discard(table, cards, x)


def defend_follow(table: Table, cards: list[int], x: int) -> int | None:
    """(a) Take a trick with points in it away from X, with the lowest card that does it."""
    seat, _ = table.winner
    if seat != x or table.trick_points == 0:
        return None
    beaters = [c for c in cards if table.wins(c) and c != QUEEN_SPADES]
    return min(beaters) if beaters else None


def defend_discard(table: Table, cards: list[int], x: int) -> int | None:
    seat, _ = table.winner
    x_played = any(s == x for s, _ in table.trick)
    x_cannot_win = x_played or table.led in table.voids[x]
    if seat != x and x_cannot_win:
        # (b) the points go to someone else: give them the highest heart
        hearts = [c for c in cards if c // 13 == HEART]
        return max(hearts) if hearts else None  # none: Normal's discard (the Q♠ first) also helps
    # (c) X may take this trick: give it nothing. Among the safe cards the lowest goes, keeping
    # the high cards that can win a point from X later.
    safe = [c for c in cards if CARD_POINTS[c] == 0]
    if safe:
        return min(safe, key=lambda c: (c % 13, table.count(c // 13)))
    # only point cards: the cheapest one, a low heart, and the Q♠ only when nothing else is left
    return min(cards, key=lambda c: (CARD_POINTS[c], c))


def defend_lead(table: Table, cards: list[int], x: int) -> int | None:
    """(d) Lead a heart nobody can beat (a point X cannot get), else into a suit X is void in."""
    hearts = [c for c in cards if c // 13 == HEART]
    if hearts and highest_outstanding(table, max(hearts)):
        return max(hearts)
    into_void = [c for c in guard(table, cards) if c // 13 in table.voids[x]]
    # the lowest such card: X cannot win it, and a low card is least likely to win it for us
    return min(into_void, key=lambda c: c % 13) if into_void else None


def highest_outstanding(table: Table, card: int) -> bool:
    """Card counting: no unplayed card of the suit held by another seat beats ``card``."""
    suit_top = (card // 13 + 1) * 13
    return all(c in table.seen or c in table.hand for c in range(card + 1, suit_top))


# --- hard: determinized search, Normal's rules in the playouts --------------------------------
#
# At each decision Hard deals the cards it cannot see to the other seats, each deal its
# observation allows equally likely (``sample_hands`` over ``Worlds``), plays every candidate action out to the end of the deal in each
# sampled world with every seat following Normal's rules on ints (``playout``), and keeps the
# action whose mean score for its own seat is best (``engine.players.search.choose``). A moon, its
# own or an opponent's, is part of the deal's score, so shooting and stopping a shooter need no
# rule of their own.

HARD_SAMPLES = 40  # sampled worlds per card-play decision (32 before worlds were drawn on
# bitmasks; 40 of them cost less CPU than 32 did: bench/ai_strength.py --samplers)
PASS_SAMPLES = 32  # sampled worlds per pass decision
PASS_POOL = 6  # passes are chosen among the three-card subsets of the most dangerous cards

FULL = (1 << 52) - 1
HEART_CARDS = 0x1FFF << 26
QS_BIT = 1 << QUEEN_SPADES
AS_BIT, KS_BIT = 1 << ACE_SPADES, 1 << KING_SPADES
POINT_MASK = HEART_CARDS | QS_BIT
SUIT_MASK = tuple(0x1FFF << (13 * s) for s in range(4))
# BELOW[c]: the cards of c's suit ranking under c.
BELOW = tuple(((1 << c % 13) - 1) << (13 * (c // 13)) for c in range(52))
NEXT = (1, 2, 3, 0)
OFFSETS = {"none": 0, "left": 1, "across": 2, "right": 3}


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def normal_card(hand: int, trick: int, led: int, best: int, pts: int, first: bool,
                broken: bool, gone: int) -> int:
    """Normal's card (§9.2), on ints: ``trick`` cards played to the trick so far, ``led`` its
    suit, ``best`` the card winning it, ``pts`` its points, ``gone`` every card played this deal
    (the current trick included). ``test_normal_card_is_normal`` holds it to ``normal``."""
    if trick:
        follow = hand & SUIT_MASK[led]
        if follow:
            ducks = follow & BELOW[best]
            if ducks:
                return _top(ducks)
            cards = follow & ~QS_BIT or follow
            return _top(cards) if trick == 3 and not pts else _low(cards)
        legal = (hand & ~POINT_MASK or hand) if first else hand
        if legal & QS_BIT:
            return QUEEN_SPADES
        if not gone & QS_BIT:
            if legal & AS_BIT:
                return ACE_SPADES
            if legal & KS_BIT:
                return KING_SPADES
        if legal & HEART_CARDS:
            return _top(legal & HEART_CARDS)
        return _shortest_top(hand, legal)
    if first:
        return 0  # the 2♣
    legal = hand if broken else (hand & ~HEART_CARDS or hand)
    pool = legal & ~QS_BIT or legal
    if not (gone | hand) & QS_BIT:
        pool = pool & ~(AS_BIT | KS_BIT) or pool
    return _lowest_lead(hand, pool)


def _shortest_top(hand: int, legal: int) -> int:
    """The highest legal card of the shortest suit; equal lengths: the higher top card in hand."""
    best_key, best_suit = (-99, -1), 0
    for suit in range(4):
        mask = SUIT_MASK[suit]
        if legal & mask:
            key = (-(hand & mask).bit_count(), _top(hand & mask) % 13)
            if key > best_key:
                best_key, best_suit = key, suit
    return _top(legal & SUIT_MASK[best_suit])


def _lowest_lead(hand: int, pool: int) -> int:
    """The lowest rank of ``pool``; ties: the suit with fewer cards in hand, then the lower suit."""
    best_key, best = (99, 99, 99), -1
    for suit in range(4):
        mask = SUIT_MASK[suit]
        if pool & mask:
            card = _low(pool & mask)
            key = (card % 13, (hand & mask).bit_count(), card)
            if key < best_key:
                best_key, best = key, card
    return best


def playout(hands: list[int], points: list[int], trick: Sequence[int], leader: int,
            broken: bool, gone: int, card: int) -> list[int]:
    """The deal's points (the moon rule applied) after the seat to play plays ``card`` and every
    seat then follows Normal's rules to the end. ``hands`` and ``points`` are changed in place."""
    played = len(trick)
    first = gone.bit_count() == played  # no trick finished yet
    led = trick[0] // 13 if played else 0
    best, winner, pts = -1, leader, 0
    for i, c in enumerate(trick):
        if c // 13 == led and c > best:
            best, winner = c, (leader + i) % 4
        pts += CARD_POINTS[c]
    seat = (leader + played) % 4
    while True:
        hand = hands[seat]
        if card < 0:
            card = normal_card(hand, played, led, best, pts, first, broken, gone)
        hands[seat] = hand ^ (1 << card)
        gone |= 1 << card
        pts += CARD_POINTS[card]
        if 26 <= card < 39:
            broken = True
        if not played:
            led, best, winner = card // 13, card, seat
        elif card > best and card // 13 == led:
            best, winner = card, seat
        card = -1
        played += 1
        if played < 4:
            seat = NEXT[seat]
            continue
        points[winner] += pts
        if not hands[winner]:
            break
        seat, played, pts, first = winner, 0, 0, False
    if ALL_POINTS in points:
        return [0 if p == ALL_POINTS else ALL_POINTS for p in points]
    return points


@dataclass(frozen=True, slots=True)
class Known:
    """What the seat knows of the hidden cards, read once per decision from its observation."""

    seat: int
    hand: int
    gone: int  # cards played this deal, the current trick included
    counts: tuple[int, ...]  # cards each seat holds now
    allowed: tuple[int, ...]  # per seat, the cards it may hold (voids, our passed cards)
    points: tuple[int, ...]
    trick: tuple[int, ...]
    leader: int
    broken: bool
    worlds: Worlds  # every deal of the hidden cards these facts allow


def read_known(obs: Observation) -> Known:
    table = read_table(obs)
    hand = mask_of(table.hand)
    gone = mask_of(table.seen)
    counts = [13] * 4
    for seat, _ in (*(p for r in obs.tricks for p in r.cards), *obs.trick):
        counts[seat] -= 1
    counts[obs.seat] = 0
    receiver = (obs.seat + OFFSETS[obs.pass_direction]) % 4
    passed = mask_of(obs.passed)
    lacks = _forced_plays(obs)
    allowed = []
    for seat in range(4):
        mask = FULL & ~hand & ~gone & ~lacks[seat]
        for suit in table.voids[seat]:
            mask &= ~SUIT_MASK[suit]
        if seat != receiver:
            mask &= ~passed  # the cards we passed are with the receiver, or played
        allowed.append(mask if seat != obs.seat else 0)
    trick = tuple(c for _, c in table.trick)
    return Known(obs.seat, hand, gone, tuple(counts), tuple(allowed), tuple(table.points),
                 trick, (obs.seat - len(trick)) % 4, obs.hearts_broken,
                 worlds_of(FULL & ~hand & ~gone, counts, allowed))


def _forced_plays(obs: Observation) -> list[int]:
    """Cards a seat's plays prove it lacked beside voids: a heart led before hearts were broken
    (it held only hearts), a point card discarded to the first trick (it held only points)."""
    lacks = [0] * 4
    broken = False
    for number, plays in enumerate([*(r.cards for r in obs.tricks), obs.trick]):
        for i, (seat, card) in enumerate(plays):
            if i == 0 and number and not broken and card // 13 == HEART:
                lacks[seat] |= FULL & ~HEART_CARDS
            if i and not number and card // 13 != plays[0][1] // 13 and CARD_POINTS[card]:
                lacks[seat] |= FULL & ~POINT_MASK
        broken = broken or any(c // 13 == HEART for _, c in plays)
    return lacks


@dataclass(frozen=True, slots=True)
class Worlds:
    """The deals of the hidden cards that agree with what a seat knows, each equally likely.

    A class is the hidden cards that the same seats may hold (the suit a seat is void in is
    held by the other two; the cards we passed by the receiver alone). A deal is then fixed up
    to shuffling by how many cards of each class each seat gets, a ``split``; a split stands
    for the product over classes of multinomial(class size; its counts) deals, so drawing a
    split with that weight and shuffling each class among its seats draws a deal uniformly."""

    classes: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]  # (cards, seats that may hold them)
    splits: tuple[tuple[tuple[int, ...], ...], ...]  # per split, per class, each seat's count
    cumulative: tuple[int, ...]  # running total of the splits' numbers of deals


def worlds_of(unseen: int, counts: Sequence[int], allowed: Sequence[int]) -> Worlds:
    """The ``unseen`` cards dealt ``counts[seat]`` to each seat, only to seats ``allowed`` them.
    Facts that no deal satisfies (a bug upstream, not a reason to stop playing) are dropped:
    then every seat with room may hold any card."""
    seats = [s for s in range(4) if counts[s]]
    classes: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for signature in range(1, 1 << len(seats)):
        cards = unseen
        for i, seat in enumerate(seats):
            cards &= allowed[seat] if signature >> i & 1 else ~allowed[seat]
        if cards:
            holders = tuple(s for i, s in enumerate(seats) if signature >> i & 1)
            classes.append((tuple(cards_of(cards)), holders))
    classes.sort(key=lambda c: len(c[1]))  # the most constrained first: fewer splits to try
    rooms = {s: counts[s] for s in seats}
    found = list(_splits(classes, rooms, 0))
    if not found:
        classes = [(tuple(cards_of(unseen)), tuple(seats))]
        found = list(_splits(classes, rooms, 0))
    cumulative = tuple(accumulate(weight for weight, _ in found))
    return Worlds(tuple(classes), tuple(split for _, split in found), cumulative)


def _splits(classes: list[tuple[tuple[int, ...], tuple[int, ...]]], rooms: dict[int, int],
            index: int) -> Iterator[tuple[int, tuple[tuple[int, ...], ...]]]:
    """(number of deals, split) of classes ``index`` on into seats with ``rooms`` left."""
    if index == len(classes):
        if not any(rooms.values()):
            yield 1, ()
        return
    cards, holders = classes[index]
    if index == len(classes) - 1:  # the last class fills the rooms left, or no deal is left
        share = tuple(rooms[s] for s in holders)
        if sum(share) == len(cards) == sum(rooms.values()):
            yield _ways(len(cards), share), (share,)
        return
    for share in _shares(len(cards), [rooms[s] for s in holders]):
        weight = _ways(len(cards), share)
        for s, k in zip(holders, share, strict=True):
            rooms[s] -= k
        for rest, split in _splits(classes, rooms, index + 1):
            yield weight * rest, (share, *split)
        for s, k in zip(holders, share, strict=True):
            rooms[s] += k


def _ways(n: int, share: Sequence[int]) -> int:
    """The multinomial n! / (share[0]! share[1]! …): the ways to deal n cards in that share."""
    ways = 1
    for k in share:
        ways *= comb(n, k)
        n -= k
    return ways


def _shares(n: int, caps: list[int]) -> Iterator[tuple[int, ...]]:
    """Every way to give ``n`` cards to seats with room ``caps``."""
    if len(caps) == 1:
        if n <= caps[0]:
            yield (n,)
        return
    for k in range(max(0, n - sum(caps[1:])), min(n, caps[0]) + 1):
        for rest in _shares(n - k, caps[1:]):
            yield (k, *rest)


def sample_hands(known: Known, rng: random.Random) -> list[int]:
    """The four hands of one world, drawn uniformly among the deals ``known`` allows: ours as it
    is, the others a split of the hidden cards, each class shuffled among its seats."""
    worlds = known.worlds
    split = worlds.splits[bisect_right(worlds.cumulative, rng.randrange(worlds.cumulative[-1]))]
    hands = [0, 0, 0, 0]
    hands[known.seat] = known.hand
    for (cards, holders), share in zip(worlds.classes, split, strict=True):
        order = shuffled(cards, rng) if len(holders) > 1 else cards
        at = 0
        for seat, k in zip(holders, share, strict=True):
            hands[seat] |= sum(map(_ONE.__lshift__, order[at:at + k]))
            at += k
    return hands


_ONE = 1


def distinct_plays(known: Known, cards: list[int]) -> list[int]:
    """One card of each group of equivalent ones (``play_runs``)."""
    return [run[0] for run in play_runs(known, cards)]


def play_runs(known: Known, cards: list[int]) -> list[list[int]]:
    """``cards`` (in ascending order) in groups of equivalent ones: cards of a suit with no card
    between them still to come or in the trick win and lose the same tricks (the Q♠ is never
    grouped: it carries 13 points)."""
    hidden = FULL & ~known.hand & ~known.gone | mask_of(known.trick)
    runs: list[list[int]] = []
    for card in cards:
        prev = runs[-1][0] if runs else -1
        if (prev >= 0 and prev // 13 == card // 13 and QUEEN_SPADES not in (prev, card)
                and not hidden & BELOW[card] & ~BELOW[prev] & ~(1 << prev)):
            runs[-1].append(card)
        else:
            runs.append([card])
    return runs


Sampler = Callable[[Known, random.Random], list[int]]


def make_hard(samples: int = HARD_SAMPLES, pass_samples: int = PASS_SAMPLES,
              sampler: Sampler | None = None
              ) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    """A searching Hard player on a budget of ``samples`` worlds a card (``pass_samples`` a
    pass); ``pass_samples`` 0 passes by Normal's rule. ``sampler`` (``sample_hands`` by default)
    draws the worlds: benches compare others."""
    draw = sampler or sample_hands

    def player(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if obs.phase == "pass":
            if not pass_samples:
                return PASSES[mask_of(pass_cards(obs.hand))]
            return search_pass(obs, pass_samples, rng)
        cards = [a.card for a in _plays(legal)]
        if len(cards) == 1:
            return PLAYS[cards[0]]
        options, sample, value = card_search(obs, cards, draw)
        return PLAYS[choose(options, samples, sample, value, rng)]
    return player


def card_search(obs: Observation, cards: Sequence[int], draw: Sampler | None = None,
                known: Known | None = None
                ) -> tuple[list[int], Callable[[random.Random], list[int]],
                           Callable[[list[int], int, random.Random], float]]:
    """What Hard searches for a card (the coach reads it too): the distinct plays, Normal's card
    first (it wins the ties), a sampler of the hidden hands, and what a card is worth to the seat
    (minus the points it takes, played out by Normal's rules). ``known``: ``read_known(obs)``,
    if the caller has read it."""
    known = read_known(obs) if known is None else known
    first = normal_card_of(known)
    options = distinct_plays(known, list(cards))
    if first in options:
        options.remove(first)
    options.insert(0, first)
    sampler = draw or sample_hands

    def value(hands: list[int], card: int, _: random.Random) -> float:
        points = playout(list(hands), list(known.points), known.trick, known.leader,
                         known.broken, known.gone, card)
        return -points[known.seat]
    return options, lambda r: sampler(known, r), value


def normal_card_of(known: Known) -> int:
    """Normal's card for the seat to play, from what it knows."""
    trick = known.trick
    return normal_card(known.hand, len(trick), trick[0] // 13 if trick else 0,
                       trick[trick_winner(list(trick))] if trick else -1,
                       sum(CARD_POINTS[c] for c in trick), known.gone.bit_count() == len(trick),
                       known.broken, known.gone)


def pass_candidates(hand: Sequence[int]) -> list[int]:
    """Normal's pass first, then every other three of the ``PASS_POOL`` most dangerous cards."""
    pool = pass_cards(hand) + sorted(hand, key=lambda c: (danger(c), c // 13), reverse=True)[3:PASS_POOL]
    normal_pass = mask_of(pool[:3])
    others = {mask_of(trio) for trio in combinations(pool, 3)} - {normal_pass}
    return [normal_pass, *sorted(others)]


def search_pass(obs: Observation, samples: int, rng: random.Random) -> Action:
    """The pass with the best mean score over sampled deals (see ``pass_search``)."""
    candidates, sample, value = pass_search(obs)
    return PASSES[choose(candidates, samples, sample, value, rng)]


def pass_search(obs: Observation) -> tuple[list[int], Callable[[random.Random], list[int]],
                                           Callable[[list[int], int, random.Random], float]]:
    """What Hard searches for a pass (the coach reads it too): the candidate passes, a sampler of
    deals in which the other seats pass by Normal's rule, and what a pass is worth to the seat
    (minus the points it takes when everyone then plays Normal's rules to the end)."""
    me, hand = obs.seat, mask_of(obs.hand)
    offset = OFFSETS[obs.pass_direction]
    unseen = [c for c in range(52) if not hand >> c & 1]
    others = [s for s in range(4) if s != me]

    def sample(r: random.Random) -> list[int]:
        order = shuffled(unseen, r)
        hands = [0, 0, 0, 0]
        for i, seat in enumerate(others):
            hands[seat] = sum(map(_ONE.__lshift__, order[13 * i:13 * i + 13]))
        hands[me] = hand
        return [mask_of(pass_cards(cards_of(h))) if s != me else 0 for s, h in enumerate(hands)
                ] + hands

    def value(world: list[int], mine: int, _: random.Random) -> float:
        passes, hands = list(world[:4]), world[4:]
        passes[me] = mine
        after = [hands[s] & ~passes[s] | passes[(s - offset) % 4] for s in range(4)]
        leader = next(s for s in range(4) if after[s] & 1)
        return -playout(after, [0, 0, 0, 0], (), leader, False, 0, 0)[me]

    return pass_candidates(obs.hand), sample, value


hard = make_hard()


def _plays(legal: Sequence[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy, "normal": normal, "hard": hard}
