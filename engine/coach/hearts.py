"""Hearts' coach: Hard's pass and card searches (``engine.players.hearts``), each choice with
the points the seat expects to take this deal (a moon counted as the search counts it)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..hearts import PASSES, Action, Observation
from ..players.hearts import HARD_SAMPLES, PASS_SAMPLES, card_search, pass_search
from ..players.search import ranked
from ..tricks import PLAYS, Play
from . import Advice


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random) -> Advice:
    if obs.phase == "pass":
        passes, sample, value = pass_search(obs)
        pairs = ranked(passes, PASS_SAMPLES, sample, value, rng)
        return Advice(tuple((PASSES[m], -v) for m, v in pairs), "taken")
    options, sample, value = card_search(obs, [a.card for a in legal if isinstance(a, Play)])
    pairs = ranked(options, HARD_SAMPLES, sample, value, rng)
    return Advice(tuple((PLAYS[c], -v) for c, v in pairs), "taken")
