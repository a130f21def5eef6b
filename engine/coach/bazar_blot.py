"""Bazar Blot's coach: Hard's card search in game points (the team's less the others'). In the
auction Hard calls by Normal's rule (the search did not beat it, see ``engine.players``): that
call comes first, the other candidates after it by the call search's margins, and the reason is
the points Normal's estimate expects the bid's strain to take."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..bazar_blot import Action, Bid, Observation
from ..cards import mask_of
from ..players.bazar_blot import (
    HARD_SAMPLES,
    HEAD_START,
    call,
    call_search,
    card_search,
    strain_estimates,
)
from ..players.search import ranked
from ..tricks import PLAYS, Play
from . import Advice, ordered, weighed

CALL_SAMPLES = 16  # worlds per call: the margins shown beside Normal's call


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random,
           also: Sequence[Action] = ()) -> Advice:
    if obs.phase == "play":  # every card is weighed
        cards = [a.card for a in legal if type(a) is Play]
        order, sample, value = card_search(obs, cards)
        return Advice(tuple((PLAYS[c], v) for c, v in ranked(order, HARD_SAMPLES, sample, value,
                                                              rng)), "margin")
    hand = mask_of(obs.hand)
    chosen = call(obs, hand, legal, rng, easy=False)
    calls, sample, cvalue = call_search(obs, legal)
    pairs = [(c, v - (HEAD_START if c == calls[0] else 0.0))
             for c, v in weighed(calls, [chosen, *also], CALL_SAMPLES, sample, cvalue, rng)]
    if isinstance(chosen, Bid):
        expected = strain_estimates(obs, hand)[chosen.strain]
        return Advice(ordered(chosen, pairs), "margin", "coach-blot-bid", float(expected))
    return Advice(ordered(chosen, pairs), "margin")
