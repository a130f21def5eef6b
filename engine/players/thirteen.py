"""Thirteen computer players: easy and normal (issue 16). Hard plays as normal until the
searching players arrive.

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
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..thirteen import (
    FULL,
    PASS,
    TWO_RANK,
    Action,
    Combo,
    Observation,
    Shape,
    _beating,
    classify,
    level,
    val_mask,
)

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


PLAYERS: dict[str, Callable[[Observation, Sequence[Action], random.Random], Action]] = {
    "easy": easy, "normal": normal, "hard": normal}
