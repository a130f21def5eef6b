"""Hearts' coach: Hard's pass and card searches (``engine.players.hearts``), each choice with
the points the seat expects to take this deal (a moon counted as the search counts it). A card
the search leaves out is one of a run of equal cards: it is worth what the run's card is."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..hearts import PASSES, Action, Observation, Pass
from ..players.hearts import (
    HARD_SAMPLES,
    PASS_SAMPLES,
    card_search,
    pass_search,
    play_runs,
    read_known,
)
from ..players.search import ranked
from ..tricks import PLAYS, Play
from . import Advice, weighed


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random,
           also: Sequence[Action] = ()) -> Advice:
    if obs.phase == "pass":
        passes, sample, value = pass_search(obs)
        extra = [a.cards for a in also if isinstance(a, Pass)]
        pairs = weighed(passes, extra, PASS_SAMPLES, sample, value, rng)
        return Advice(tuple((PASSES[m], -v) for m, v in pairs), "taken")
    cards = [a.card for a in legal if isinstance(a, Play)]
    known = read_known(obs)
    options, sample, value = card_search(obs, cards, known=known)
    pairs = ranked(options, HARD_SAMPLES, sample, value, rng)
    same = tuple((PLAYS[c], PLAYS[run[0]]) for run in play_runs(known, cards) for c in run[1:]
                 if c not in options)
    return Advice(tuple((PLAYS[c], -v) for c, v in pairs), "taken", same=same)
