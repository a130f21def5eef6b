"""Thirteen computer players: easy and normal (issue 16), hard (issue 17).

A player is ``choose(observation, legal, rng) -> action`` and sees only its seat's Observation:
its hand, the table, hand sizes and the cards played this game. Whatever it "counts" (the 2s and
bombs still out) is read again from ``observation.played`` at every decision; it keeps no state.

easy    sheds: on an empty table the lowest card with the rest of its rank (a single, pair or
        triple), on a table the lowest legal play that beats it (by top card, then size), a
        bomb only when nothing else beats it.
normal  keeps structure. The hand is split into the fewest combinations (``cost``, a small
        search over rank counts, cached), a lone low card costing a little more; a play is judged
        by how it changes that split. It leads the lowest piece of its split; it beats a table
        only with a play that does not break a run or a set for less (it passes instead; a
        pair of kings, aces or 2s may give a single, as a lone high card costs no more); it
        keeps 2s and bombs while no opponent is close to going out and its own hand is long,
        unless nothing still out can beat them; it goes out when it can: a play that empties the
        hand, or one nothing still out can beat that leaves a single combination. When an
        opponent holds very few cards it beats with anything and avoids leading what they could
        follow with their last cards.
hard    searches: a few candidates (Normal's choice first, Pass, the pieces of the split, the
        lowest and highest plays, the lowest bomb), each played out in HARD_SAMPLES worlds
        dealt from the observation alone, everyone then following ``fast_normal`` (Normal's
        rules on ints); the best total of place points wins. In each world every other seat's
        hand is the one of HARD_TRIES draws (96 with 2 players: one hand to guess among 39
        unseen cards) that best explains how that seat played this game (``seat_surprises``:
        its choices Normal would not have made): what a seat passed on and what it led say much
        about what it holds. Once two players hold 14 cards or fewer between them, every legal
        action is weighed instead by searching the world to its end, the seat's own choices all
        tried and the other replying as ``fast_normal`` (``thirteen_endgame``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..thirteen import (
    DSEQ,
    FULL,
    PAIR,
    PASS,
    QUAD,
    SEQ,
    SINGLE,
    TRIPLE,
    TWO_RANK,
    Action,
    Combo,
    Observation,
    Shape,
    State,
    _beating,
    _next_to_beat,
    classify,
    level,
    val_mask,
    world,
)
from .search import choose
from .thirteen_endgame import ENDGAME_CARDS, Endgames, endgame_points

PIECE = 3  # cost of one combination in a split of the hand
LONE = 1  # extra cost of a lone card below a king (it needs someone else's low lead to go)
CLOSE = 2  # an opponent with this many cards or fewer is close to going out
SHORT = 2  # with a split of this many pieces or fewer, the player spends its 2s and bombs


# ---------------------------------------------------------------------------------------------
# easy


def easy(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The lowest card with the rest of its rank on a lead; the lowest play that beats a table."""
    combos = _combos(legal)
    if not combos:
        return PASS
    if not obs.table:
        low = min(combos, key=lambda c: (c.mask & -c.mask))  # holds the lowest legal card
        rank = (low.mask & -low.mask).bit_length() - 1 >> 2
        sets = [c for c in combos if _set_of_rank(c.mask, rank) and c.mask.bit_count() <= 3]
        if sets:
            return max(sets, key=lambda c: (c.mask.bit_count(), -c.mask))
        return low
    return min(combos, key=lambda c: (_is_bomb(c.mask), c.mask.bit_length(), c.mask.bit_count()))


def _is_bomb(mask: int) -> bool:
    shape = classify(mask)
    return shape is not None and level(shape) > 0


def _set_of_rank(mask: int, rank: int) -> bool:
    return mask >> 4 * rank << 4 * rank == mask and mask >> 4 * rank < 16


# ---------------------------------------------------------------------------------------------
# normal


def normal(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
    """Deterministic: ``rng`` goes unused."""
    combos = _combos(legal)
    if not combos:
        return PASS
    hand = val_mask(obs.hand)
    for combo in combos:  # out now
        if combo.mask == hand:
            return combo
    out = _unseen(obs, hand)
    others = [n for s, n in enumerate(obs.hand_sizes) if s != obs.seat and n]
    danger = min(others, default=13) <= CLOSE
    before = cost(hand)
    for combo in combos:  # out next: an unbeatable play that leaves one combination
        rest = hand & ~combo.mask
        if classify(rest) is not None and not _beatable(combo.mask, out):
            return combo
    scored = []
    for combo in combos:
        rest = hand & ~combo.mask
        change = cost(rest) - before
        scored.append((change, combo))
    if not obs.table:
        return _lead(hand, scored, out, others, danger)
    return _follow(hand, scored, out, danger, before)


def _lead(hand: int, scored: list[tuple[int, Combo]], out: int, others: list[int],
          danger: bool) -> Action:
    """The lowest piece of the best split, 2s and bombs last; when an opponent is close to
    going out, no play of as many cards as they hold that they could beat."""
    close = {n for n in others if n <= CLOSE}

    def order(item: tuple[int, Combo]) -> tuple[int, ...]:
        change, combo = item
        shape = classify(combo.mask)
        assert shape is not None
        risky = danger and combo.mask.bit_count() in close and _beatable(combo.mask, out)
        return (risky, change, _precious(shape), combo.mask & -combo.mask,
                -combo.mask.bit_count())
    return min(scored, key=order)[1]


def _follow(hand: int, scored: list[tuple[int, Combo]], out: int, danger: bool,
            before: int) -> Action:
    """Beat the table without breaking structure, and with 2s and bombs only when it matters;
    else pass. When an opponent is close to going out, beat with anything."""
    short = before <= SHORT * PIECE + LONE * 2
    best: tuple[tuple[int, ...], Combo] | None = None
    for change, combo in scored:
        shape = classify(combo.mask)
        assert shape is not None
        precious = _precious(shape)
        if not danger:
            if change > 0:
                continue  # breaks a run or a set for less
            if precious and not short and _beatable(combo.mask, out):
                continue  # keep 2s and bombs for when they matter
        key = (change, precious, combo.mask.bit_length())
        if best is None or key < best[0]:
            best = (key, combo)
    return best[1] if best is not None else PASS


def _precious(shape: Shape) -> int:
    """2 for a bomb, 1 for a play holding 2s, else 0."""
    if level(shape):
        return 2
    return 1 if shape.key >> 2 == TWO_RANK else 0


def _unseen(obs: Observation, hand: int) -> int:
    """Cards this seat has not seen: in the others' hands, or undealt (2 or 3 players)."""
    return FULL & ~hand & ~val_mask(obs.played)


def _beatable(mask: int, out: int) -> bool:
    """Whether some combination of the unseen cards beats ``mask`` (as if one player held
    them all: an upper bound)."""
    shape = classify(mask)
    assert shape is not None
    return bool(_beating(out, shape))


def _combos(legal: Sequence[Action]) -> list[Combo]:
    return [a for a in legal if isinstance(a, Combo)]


# ---------------------------------------------------------------------------------------------
# The split of a hand into combinations


def cost(hand: int) -> int:
    """The cost of the best split of ``hand`` (a Thirteen value mask): PIECE per combination,
    LONE more per lone card below a king. Only the counts per rank matter."""
    return _cost(tuple((hand >> 4 * r & 15).bit_count() for r in range(13)))


@lru_cache(maxsize=1 << 16)
def _cost(counts: tuple[int, ...]) -> int:
    low = next((r for r, c in enumerate(counts) if c), -1)
    if low < 0:
        return 0
    best = 1 << 30
    left = list(counts)
    for size in range(1, counts[low] + 1):  # a set of the lowest rank
        left[low] = counts[low] - size
        extra = LONE if size == 1 and low < 10 else 0
        best = min(best, PIECE + extra + _cost(tuple(left)))
    left[low] = counts[low]
    for width in (1, 2):  # runs (seq, dseq) starting at the lowest rank
        top = low
        while top < TWO_RANK and counts[top] >= width:
            top += 1
        for end in range(low + 3, top + 1):
            run = list(counts)
            for r in range(low, end):
                run[r] -= width
            best = min(best, PIECE + _cost(tuple(run)))
    return best


# ---------------------------------------------------------------------------------------------
# Normal's rules on ints, for playouts


_M5 = int("5" * 13, 16)  # the low bit of every 2-bit field of a 52-bit mask
_M3 = int("3" * 13, 16)  # the low two bits of every nibble
_COST: dict[int, int] = {}
_COST_LIMIT = 1 << 18  # cleared when full


def _count_key(mask: int) -> int:
    """The cards per rank of a value mask, one count per nibble (a SWAR popcount): the key
    ``cost`` depends on, in a few int operations instead of thirteen."""
    x = mask - (mask >> 1 & _M5)
    return (x & _M3) + (x >> 2 & _M3)


def fast_cost(mask: int) -> int:
    """``cost(mask)``, from the count key."""
    return _key_cost(_count_key(mask))


def _first_pieces(key: int) -> list[tuple[int, tuple[int, int, int], int]]:
    """The pieces a split may take at the lowest rank of the counts ``key``: (their cost, the
    piece as (low, end, width): ranks low..end-1 with width cards each, the counts left),
    bigger sets first (Normal leads the larger), then runs (seq, dseq) shortest first."""
    low = (key & -key).bit_length() - 1 >> 2
    count = key >> 4 * low & 15
    out = [(PIECE + (LONE if size == 1 and low < 10 else 0), (low, low + 1, size),
            key - (size << 4 * low)) for size in range(count, 0, -1)]
    for width in (1, 2):
        run, r = 0, low
        while r < TWO_RANK and key >> 4 * r & 15 >= width:
            run += width << 4 * r
            r += 1
            if r - low >= 3:
                out.append((PIECE, (low, r, width), key - run))
    return out


def _key_cost(key: int) -> int:
    """``_cost`` of the counts ``key`` (one count per nibble), memoised on the int."""
    if not key:
        return 0
    known = _COST.get(key)
    if known is None:
        known = min(c + _key_cost(rest) for c, _, rest in _first_pieces(key))
        if len(_COST) >= _COST_LIMIT:
            _COST.clear()
        _COST[key] = known
    return known


@lru_cache(maxsize=1 << 16)
def _split(key: int) -> tuple[tuple[int, int, int], ...]:
    """A best split of the counts ``key``: its pieces, the lowest rank's first."""
    if not key:
        return ()
    target = _key_cost(key)
    for piece_cost, piece, rest in _first_pieces(key):
        if piece_cost + _key_cost(rest) == target:
            return (piece, *_split(rest))
    raise AssertionError("no split reaches the cost")


def _pieces(hand: int) -> list[tuple[int, int]]:
    """The best split of ``hand`` as (cost of the piece, value mask), lowest cards used first."""
    out = []
    left = hand
    for low, end, width in _split(_count_key(hand)):
        mask = 0
        for r in range(low, end):
            mask |= _TAKE[left >> 4 * r & 15][width] << 4 * r
        left ^= mask
        lone = width == 1 and end == low + 1 and low < 10
        out.append((PIECE + (LONE if lone else 0), mask))
    return out


def _take(nib: int, k: int) -> int:
    """The lowest ``k`` cards of a nibble (0 if it holds fewer)."""
    out = 0
    for bit in range(4):
        if k and nib >> bit & 1:
            out |= 1 << bit
            k -= 1
    return out if not k else 0


_TAKE = tuple(tuple(_take(nib, k) for k in range(5)) for nib in range(16))


def _precious_mask(mask: int) -> int:
    """``_precious`` of a combination: 2 for a bomb, 1 for one holding 2s, else 0."""
    return _precious(_shape(mask))


_ONES = int("1" * 13, 16)  # one per rank's nibble
_EIGHTS = _ONES << 3
_BELOW_TWOS = (1 << 4 * TWO_RANK) - 1


def _at_least(counts: int, k: int) -> int:
    """Bit 3 of each rank's nibble where the count key holds ``k`` cards or more (a count plus
    8 - k reaches 8 exactly then, and never overflows its nibble)."""
    return counts + (8 - k) * _ONES & _EIGHTS


def _run_starts(ranks: int, length: int) -> int:
    """Of ``_at_least`` bits, those of ranks starting ``length`` marked ranks below the 2s."""
    ranks &= _BELOW_TWOS
    starts = ranks
    for i in range(1, length):
        starts &= ranks >> 4 * i
    return starts


def can_beat(out: int, shape: Shape) -> bool:
    """``_beatable`` without listing: whether some combination of the cards ``out`` beats a
    combination of this shape (as if one player held them all), read off the counts per rank."""
    kind, length, key = shape
    counts = _count_key(out)
    rank = key >> 2
    above = (out >> 4 * rank & 15) >> (key & 3) + 1  # cards of the key's rank above the key
    if kind <= QUAD:
        sets = _at_least(counts, kind)
        if above and sets >> 4 * rank & 8 or sets >> 4 * rank + 4:
            return True  # a higher set of the same size
        if kind == QUAD:
            return bool(_run_starts(_at_least(counts, 2), 4))
        if rank == TWO_RANK:  # bombs of a level at least the number of 2s
            bombs = _run_starts(_at_least(counts, 2), kind + 2)
            return bool(bombs or kind == SINGLE and _at_least(counts, 4))
        return False
    width = 1 if kind == SEQ else 2
    starts = _run_starts(_at_least(counts, width), length)
    first = rank - length + 1  # where a run ending at the key's rank starts
    if above and starts >> 4 * first & 8 or starts >> 4 * first + 4:
        return True
    return kind == DSEQ and bool(_run_starts(_at_least(counts, 2), length + 1))


def fast_normal(hands: Sequence[int], seat: int, table: int, shape: Shape | None,
                played: int) -> int:
    """Normal's choice on ints (0 is Pass): the same rules, with a lead taken from the best
    split of the hand instead of scoring every combination, and the unseen cards' answers
    found by ``can_beat`` instead of listed."""
    hand = hands[seat]
    out = FULL & ~hand & ~played
    close = 0  # bit per hand size of an opponent close to going out
    for s, h in enumerate(hands):
        if s != seat and h:
            size = h.bit_count()
            if size <= CLOSE:
                close |= 1 << size
    if shape is None:
        return _fast_lead(hand, out, close)
    return _fast_follow(hand, shape, out, bool(close))


ONE_PIECE = PIECE + LONE  # the most a single combination costs: cost <= this is one piece


def _fast_lead(hand: int, out: int, close: int) -> int:
    if fast_cost(hand) <= ONE_PIECE:
        return hand  # out now
    pieces = [(c, m, _shape(m)) for c, m in _pieces(hand)]
    if len(pieces) == 2:  # out next: a piece nothing out beats, the other goes after it
        for _, mask, shape in pieces:
            if not can_beat(out, shape):
                return mask
    best: tuple[tuple[int, ...], int] | None = None
    for piece_cost, mask, shape in pieces:
        risky = close >> mask.bit_count() & 1 and can_beat(out, shape)
        key = (risky, -piece_cost, _precious(shape), mask & -mask, -mask.bit_count())
        if best is None or key < best[0]:
            best = (key, mask)
    assert best is not None
    return best[1]


def _fast_follow(hand: int, table_shape: Shape, out: int, danger: bool) -> int:
    options = _beating(hand, table_shape)
    if not options:
        return 0
    if hand in options:
        return hand  # out now
    before = fast_cost(hand)
    scored = [(fast_cost(hand ^ m) - before, m) for m in options]
    for change, mask in scored:  # out next: what is left is one combination
        if change + before <= ONE_PIECE and not can_beat(out, follow_shape(table_shape, mask)):
            return mask
    short = before <= SHORT * PIECE + LONE * 2
    size = table_shape.length * _SIZE[table_shape.kind]
    bombs_only = level(table_shape) > 0
    best: tuple[tuple[int, ...], int] | None = None
    for change, mask in scored:
        # a play of another size than the table is a bomb; else it holds 2s if its key does
        if bombs_only or mask.bit_count() != size:
            precious = 2
        else:
            precious = int(mask.bit_length() > 4 * TWO_RANK)
        if not danger:
            if change > 0:
                continue
            if precious and not short and can_beat(out, follow_shape(table_shape, mask)):
                continue
        key = (change, precious, mask.bit_length())
        if best is None or key < best[0]:
            best = (key, mask)
    return best[1] if best is not None else 0


def _shape(mask: int) -> Shape:
    shape = classify(mask)
    assert shape is not None
    return shape


_SIZE = {SINGLE: 1, PAIR: 1, TRIPLE: 1, QUAD: 1, SEQ: 1, DSEQ: 2}  # cards per unit of length


def follow_shape(table_shape: Shape, mask: int) -> Shape:
    """The shape of a play that beats the table: with as many cards as the table it is of the
    table's kind and length (a bomb on 2s or on a bomb has more cards), so only its key is new."""
    kind, length, _ = table_shape
    if mask.bit_count() == length * _SIZE[kind]:
        return Shape(kind, length, mask.bit_length() - 1)
    return _shape(mask)


def playout(state: State, seat: int, first: int) -> int:
    """The place points ``seat`` ends the game with when it plays ``first`` (a value mask, 0 to
    pass) and then everyone plays ``fast_normal``. Stops as soon as the seat goes out."""
    n = state.players
    hands = list(state.hands)
    table, owner, passed, turn, played = (state.table, state.owner, state.passed, state.turn,
                                          state.played)
    shape = classify(table) if table else None
    finished = len(state.finished)
    active = sum(1 for h in hands if h)
    mask = first
    while True:
        s = turn
        if mask:
            hand = hands[s] ^ mask
            hands[s], table, owner, played = hand, mask, s, played | mask
            shape = _shape(mask) if shape is None else follow_shape(shape, mask)
            if not hand:
                if s == seat:
                    return n - 1 - finished
                finished += 1
                active -= 1
                if active <= 1:
                    return 0  # the seat is left holding cards: last
        else:
            passed |= 1 << s
        turn = _next_to_beat(hands, passed, owner, s, n)
        if turn < 0:
            turn = owner
            while not hands[turn]:
                turn = (turn + 1) % n
            table, passed, shape = 0, 0, None
        mask = fast_normal(hands, turn, table, shape, played)


# ---------------------------------------------------------------------------------------------
# hard


HARD_SAMPLES = 16  # sampled worlds per decision: the budget, counted in work
HARD_TRIES = 24  # draws per other seat's hand in a world, the least surprising kept
# With 2 players one hand is guessed, not two or three, and a draw is cheap beside a world's
# playouts: more draws guess it better (hands from 39 unseen cards, 26 of them never dealt).
TRIES_BY_PLAYERS = {2: 96}
MAX_CANDIDATES = 7


def hard_tries(players: int) -> int:
    """Hard's draws per guessed hand at a table of ``players``."""
    return TRIES_BY_PLAYERS.get(players, HARD_TRIES)


def make_hard(samples: int = HARD_SAMPLES, tries: int | None = None
              ) -> Callable[[Observation, Sequence[Action], random.Random], Action]:
    """A Hard player with this many sampled worlds a decision, each other seat's hand in them
    the best of ``tries`` draws (None: ``hard_tries``)."""
    def hard(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        candidates, sample, value = search(obs, legal, rng, tries)
        if len(candidates) == 1:
            return candidates[0]
        return choose(candidates, samples, sample, value, rng)
    return hard


def search(obs: Observation, legal: Sequence[Action], rng: random.Random,
           tries: int | None = None) -> tuple[list[Action], Callable[[random.Random], State],
                      Callable[[State, Action, random.Random], float]]:
    """What Hard searches: its candidates (Normal's first), a sampler of worlds and the place
    points an action ends the game with for the seat (the coach reads it too)."""
    draws = hard_tries(len(obs.hand_sizes)) if tries is None else tries
    solver = Endgames(policy=fast_normal)

    def value(state: State, action: Action, _: random.Random) -> float:
        first = action.mask if isinstance(action, Combo) else 0
        points = endgame_points(state, obs.seat, first, solver)
        return playout(state, obs.seat, first) if points is None else points
    return _candidates(obs, legal, rng), lambda r: sample_world(obs, r, draws), value


def _candidates(obs: Observation, legal: Sequence[Action], rng: random.Random) -> list[Action]:
    """The few actions worth searching, Normal's choice first (ties go to it): on a lead the
    pieces of the best split and the lowest and highest single; on a table Pass, the lowest
    play, the lowest that keeps the split, the highest that is not a bomb and the lowest bomb."""
    combos = {a.mask: a for a in legal if isinstance(a, Combo)}
    picks: list[Action] = [normal(obs, legal, rng)]
    if _endgame(obs):  # solved exactly: every action is worth weighing
        return picks + [a for a in legal if a != picks[0]]
    hand = val_mask(obs.hand)
    if not obs.table:
        singles = [m for m in combos if m.bit_count() == 1]
        masks = [m for _, m in _pieces(hand)] + singles[:1] + singles[-1:]
    else:
        picks.append(PASS)
        ordered = sorted(combos, key=lambda m: (_precious_mask(m), m.bit_length()))
        before = fast_cost(hand)
        keeping = [m for m in ordered if fast_cost(hand ^ m) <= before]
        plain = [m for m in ordered if _precious_mask(m) < 2]
        bombs = [m for m in ordered if _precious_mask(m) == 2]
        masks = ordered[:1] + keeping[:1] + plain[-1:] + bombs[:1]
    for m in masks:
        action = combos.get(m)
        if action is not None and action not in picks:
            picks.append(action)
    return picks[:MAX_CANDIDATES]


def _endgame(obs: Observation) -> bool:
    """Two players hold cards, few enough for ``endgame_points`` to solve."""
    sizes = [n for n in obs.hand_sizes if n]
    return len(sizes) == 2 and sum(sizes) <= ENDGAME_CARDS


def sample_world(obs: Observation, rng: random.Random, tries: int = 1) -> State:
    """A world the seat cannot tell from the real one: its own hand, the others' card counts,
    the cards played and the round as observed, the others' hands from ``deal_unseen``."""
    return world(obs, deal_unseen(obs, rng, tries))


def deal_unseen(obs: Observation, rng: random.Random, tries: int = 1) -> list[int]:
    """The hands (value masks) of a random deal of the unseen cards among the others, each seat
    getting as many as it holds (with 2 or 3 players the rest is undealt). Seat by seat, in a
    random order, each hand is the one of ``tries`` draws from the cards left that
    ``seat_surprises`` least: the one that best explains how that seat played this game, were
    it playing as Normal does. In a match's first game every dealt card is at least the lowest
    dealt card: the seat's required card, or the first play's lowest (the first play held it),
    so unseen cards below it were never dealt."""
    n = len(obs.hand_sizes)
    hand = val_mask(obs.hand)
    floor = 0  # the lowest card that may have been dealt
    if obs.required_card is not None:
        floor = val_mask([obs.required_card])
    elif obs.deal == 1 and obs.plays:
        first = obs.plays[0][1]
        assert isinstance(first, Combo)
        floor = first.mask & -first.mask
    pool = FULL & ~hand & ~val_mask(obs.played) & -(floor or 1)  # unseen, may be held
    hands = [0] * n
    hands[obs.seat] = hand
    seats = [s for s in range(n) if s != obs.seat and obs.hand_sizes[s]]
    rng.shuffle(seats)
    for seat in seats:
        cards = [b for b in range(52) if pool >> b & 1]
        choices = seat_choices(obs, seat) if tries > 1 else []
        best: tuple[int, int] | None = None
        for _ in range(tries):
            drawn = sum(1 << b for b in rng.sample(cards, obs.hand_sizes[seat]))
            if not choices:
                best = (0, drawn)
                break
            score = _surprises(seat, choices, drawn, best[0] if best is not None else 1 << 30)
            if best is None or score < best[0]:
                best = (score, drawn)
                if not score:
                    break
        assert best is not None
        hands[seat] = best[1]
        pool ^= best[1]
    return hands


def surprises(obs: Observation, hands: Sequence[int]) -> int:
    """How many of the others' actions this game ``fast_normal`` would not have taken with
    these hands: a random deal of the unseen cards disagrees with about one action in three,
    the real hands of Normal players with almost none."""
    return sum(seat_surprises(obs, s, h) for s, h in enumerate(hands) if s != obs.seat)


def seat_surprises(obs: Observation, seat: int, hand: int, enough: int = 1 << 30) -> int:
    """How many of ``seat``'s actions this game ``fast_normal`` would not have taken were
    ``hand`` its cards now (then: those and what it played since), counted up to ``enough``."""
    return _surprises(seat, seat_choices(obs, seat), hand, enough)


Choice = tuple[int, int, list[int], int, Shape | None, int]


def seat_choices(obs: Observation, seat: int) -> list[Choice]:
    """``seat``'s choices this game, latest first (the forced first play left out): what it
    played (0 for a pass), what it played from then on, and what ``fast_normal`` was shown: the
    hands (the others' stood in for by masks of their size: Normal reads only their sizes),
    the table, its shape, the cards played."""
    n = len(obs.hand_sizes)
    sizes = list(obs.hand_sizes)
    for s, action in obs.plays:
        if isinstance(action, Combo):
            sizes[s] += action.mask.bit_count()
    played = table = passed = 0
    shape: Shape | None = None
    owner = -1
    out: list[tuple[int, list[int], int, Shape | None, int]] = []
    for i, (s, action) in enumerate(obs.plays):
        mask = action.mask if isinstance(action, Combo) else 0
        if s == seat and not (obs.deal == 1 and i == 0):
            out.append((mask, [(1 << k) - 1 for k in sizes], table, shape, played))
        if mask:
            sizes[s] -= mask.bit_count()
            played |= mask
            shape = _shape(mask) if shape is None else follow_shape(shape, mask)
            table, owner = mask, s
        else:
            passed |= 1 << s
        if _next_to_beat(sizes, passed, owner, s, n) < 0:  # the table was cleared
            table, shape, passed = 0, None, 0
    choices: list[Choice] = []
    later = 0
    for mask, hands, table, shape, played in reversed(out):
        later |= mask
        choices.append((mask, later, hands, table, shape, played))
    return choices


def _surprises(seat: int, choices: list[Choice], hand: int, enough: int) -> int:
    """``seat_surprises`` from ``seat_choices``, latest choice first."""
    count = 0
    for mask, later, hands, table, shape, played in choices:
        hands[seat] = hand | later
        if fast_normal(hands, seat, table, shape, played) != mask:
            count += 1
            if count >= enough:
                break
    return count


hard = make_hard()

PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy, "normal": normal, "hard": hard}
