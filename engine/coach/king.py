"""King's coach: Hard's card search and trump search, in the seat's deal points; the reason is
the contract's risk (what the seat expects to lose in a negative contract, to gain in the two
positive ones). A card the search leaves out is one of a run of equal cards: it is worth what
the run's card is."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..king import CONTRACTS, TRUMP_CHOICES, Action, Observation
from ..players.king import (
    HARD_SAMPLES,
    NEGATIVE,
    TRUMP_SAMPLES,
    card_search,
    play_runs,
    read_known,
    trump_search,
)
from ..players.search import ranked
from ..tricks import PLAYS, Play
from . import Advice


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random,
           also: Sequence[Action] = ()) -> Advice:
    if obs.phase == "trump":  # every suit is weighed
        suits, sample, value = trump_search(obs)
        pairs = ranked(suits, TRUMP_SAMPLES, sample, value, rng)
        return Advice(tuple((TRUMP_CHOICES[s], v) for s, v in pairs), "points",
                      "coach-king-trump", pairs[0][1])
    cards = [a.card for a in legal if isinstance(a, Play)]
    known = read_known(obs)
    options, sample, value = card_search(obs, cards, known)
    pairs = ranked(options, HARD_SAMPLES, sample, value, rng)
    same = tuple((PLAYS[c], PLAYS[run[0]]) for run in play_runs(known, cards) for c in run[1:]
                 if c not in options)
    negative = CONTRACTS.index(obs.contract) in NEGATIVE
    # the risk: what the contract is expected to cost the seat (a gain in the positive two)
    return Advice(tuple((PLAYS[c], v) for c, v in pairs), "points",
                  "coach-king-risk" if negative else "coach-king-gain", abs(pairs[0][1]),
                  same)
