"""The search every game's Hard player shares: determinized playouts on a budget counted in work.

At a decision the seat cannot see the other hands. ``deal_hidden`` deals the cards it cannot see to
the seats that may hold them, consistently with what its observation shows (how many cards each
seat holds, the suits a seat is known to lack, cards known to be in a hand). ``choose`` then plays
every legal action out in each of those sampled worlds, with the same random numbers for every
action of one world (common random numbers, so actions are compared on equal luck), and keeps the
action with the best mean value.

The budget is ``samples`` worlds (× one playout per action), never wall-clock time: the same
observation and seed give the same action on any machine, and the player never reads anything but
its observation, the legal actions and its generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

World = TypeVar("World")
Act = TypeVar("Act")
Card = TypeVar("Card", bound=Hashable)

DEAL_TRIES = 40


def deal_hidden(cards: Sequence[Card], counts: Sequence[int],
                allowed: Callable[[int, Card], bool], rng: random.Random) -> list[list[Card]]:
    """``cards`` dealt to the seats, ``counts[seat]`` cards each (the counts add up to the cards),
    each card to a seat ``allowed`` to hold it. The most constrained cards go first, each to a seat
    chosen with weight equal to the room it has left; a dead end starts again. If no try succeeds
    (constraints that cannot all hold are a bug upstream, not a reason to stop playing) the last
    tries' constraints are dropped for the cards left over, so a deal always comes back."""
    seats = range(len(counts))
    options = {card: [s for s in seats if counts[s] and allowed(s, card)] for card in set(cards)}
    order = sorted(cards, key=lambda card: (len(options[card]), rng.random()))
    for attempt in range(DEAL_TRIES + 1):
        hands: list[list[Card]] = [[] for _ in seats]
        room = list(counts)
        for card in order:
            choices = [s for s in options[card] if room[s]] if attempt < DEAL_TRIES else []
            if not choices:
                if attempt < DEAL_TRIES:
                    break
                choices = [s for s in seats if room[s]]
            seat = _weighted(choices, room, rng)
            hands[seat].append(card)
            room[seat] -= 1
        else:
            return hands
    raise AssertionError("unreachable: the last try ignores constraints")


def _weighted(choices: Sequence[int], room: Sequence[int], rng: random.Random) -> int:
    pick = rng.random() * sum(room[s] for s in choices)
    for seat in choices:
        pick -= room[seat]
        if pick < 0:
            return seat
    return choices[-1]


def choose(legal: Sequence[Act], samples: int, sample: Callable[[random.Random], World],
           value: Callable[[World, Act, random.Random], float], rng: random.Random) -> Act:
    """The legal action with the best mean ``value`` over ``samples`` sampled worlds. ``value``
    plays ``action`` in ``world`` and the position out, and returns what it is worth to the
    deciding seat (higher is better). Ties go to the earlier action, so order ``legal`` with the
    preferred fallback first."""
    if len(legal) == 1:
        return legal[0]
    totals = _totals(legal, samples, sample, value, rng)
    best = max(range(len(legal)), key=lambda i: (totals[i], -i))
    return legal[best]


def ranked(legal: Sequence[Act], samples: int, sample: Callable[[random.Random], World],
           value: Callable[[World, Act, random.Random], float], rng: random.Random
           ) -> list[tuple[Act, float]]:
    """Every legal action with its mean ``value``, best first: ``choose``'s action comes first
    (the same worlds and luck from the same generator; ties keep ``legal``'s order). The coach's
    hints and reviews read the estimates; a single action is valued too."""
    totals = _totals(legal, samples, sample, value, rng)
    order = sorted(range(len(legal)), key=lambda i: (-totals[i], i))
    return [(legal[i], totals[i] / max(1, samples)) for i in order]


def _totals(legal: Sequence[Act], samples: int, sample: Callable[[random.Random], World],
            value: Callable[[World, Act, random.Random], float], rng: random.Random
            ) -> list[float]:
    totals = [0.0] * len(legal)
    for _ in range(samples):
        world = sample(rng)
        luck = rng.getrandbits(64)
        for i, action in enumerate(legal):
            totals[i] += value(world, action, random.Random(luck))
    return totals
