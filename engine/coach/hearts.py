"""Hearts' coach: Hard's pass and card searches, each choice with the points the seat expects
to take this deal (a moon counted as the search counts it).

The search is set up as ``engine.players.hearts.make_hard`` and ``search_pass`` set it up; that
module is being reworked for speed, so the setup is repeated here rather than split out there
(fold the two once that work has landed)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..cards import cards_of, mask_of
from ..hearts import PASSES, Action, Observation
from ..players.hearts import (
    HARD_SAMPLES,
    OFFSETS,
    PASS_SAMPLES,
    distinct_plays,
    normal_card_of,
    pass_candidates,
    pass_cards,
    playout,
    read_known,
    sample_hands,
)
from ..players.search import deal_hidden, ranked
from ..tricks import PLAYS, Play
from . import Advice


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Advice:
    if obs.phase == "pass":
        pairs = _passes(obs, rng)
        return Advice(tuple((PASSES[m], -v) for m, v in pairs), "taken")
    cards = [a.card for a in legal if isinstance(a, Play)]
    known = read_known(obs)
    first = normal_card_of(known)
    options = [first, *(c for c in distinct_plays(known, cards) if c != first)]

    def value(hands: list[int], card: int, _: random.Random) -> float:
        points = playout(list(hands), list(known.points), known.trick, known.leader,
                         known.broken, known.gone, card)
        return -points[known.seat]
    pairs = ranked(options, HARD_SAMPLES, lambda r: sample_hands(known, r), value, rng)
    return Advice(tuple((PLAYS[c], -v) for c, v in pairs), "taken")


def _passes(obs: Observation, rng: random.Random) -> list[tuple[int, float]]:
    me, hand = obs.seat, mask_of(obs.hand)
    offset = OFFSETS[obs.pass_direction]
    unseen = [c for c in range(52) if not hand >> c & 1]
    counts = [0 if s == me else 13 for s in range(4)]

    def sample(r: random.Random) -> list[int]:
        hands = [mask_of(cards) for cards in deal_hidden(unseen, counts, lambda s, c: True, r)]
        hands[me] = hand
        return [mask_of(pass_cards(cards_of(h))) if s != me else 0 for s, h in enumerate(hands)
                ] + hands

    def value(world: list[int], mine: int, _: random.Random) -> float:
        passes, hands = list(world[:4]), world[4:]
        passes[me] = mine
        after = [hands[s] & ~passes[s] | passes[(s - offset) % 4] for s in range(4)]
        leader = next(s for s in range(4) if after[s] & 1)
        return -playout(after, [0, 0, 0, 0], (), leader, False, 0, 0)[me]

    return ranked(pass_candidates(obs.hand), PASS_SAMPLES, sample, value, rng)
