"""Thirteen's coach: Hard's candidates, each with the place the seat expects to finish in; an
action of ``also`` outside them (a review's choice) is played out in the same worlds."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..players.thirteen import HARD_SAMPLES, search
from ..thirteen import Action, Observation
from . import Advice, weighed


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random,
           also: Sequence[Action] = ()) -> Advice:
    candidates, sample, value = search(obs, legal, rng)
    candidates = list(dict.fromkeys(candidates))  # Normal's pass is listed again as the pass
    players = len(obs.hand_sizes)
    pairs = weighed(candidates, also, HARD_SAMPLES, sample, value, rng)
    # the playout counts the seats the player finishes ahead of: its place is the rest
    return Advice(tuple((a, players - v) for a, v in pairs), "place")
