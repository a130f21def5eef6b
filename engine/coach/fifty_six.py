"""56's coach: Hard's card and call searches, in tables the seat's team wins (or loses) this
deal. The head starts Hard gives Normal's call (and, on the hook, bidding over passing) order
the calls but are not shown."""

from __future__ import annotations

import random
from collections.abc import Sequence

from ..fifty_six import Action, Observation
from ..players.fifty_six import (
    AUCTION_TRIES,
    HARD_WORK,
    _worlds,
    call_search,
    card_search,
    head_starts,
)
from ..players.search import ranked
from ..tricks import PLAYS
from . import Advice, weighed


def advise(obs: Observation, legal: Sequence[Action], rng: random.Random,
           also: Sequence[Action] = ()) -> Advice:
    if obs.phase == "auction":
        calls, sample, value = call_search(obs, legal, AUCTION_TRIES)
        worlds = _worlds(HARD_WORK, len(calls), sum(obs.hand_sizes))  # Hard's, extras aside
        starts = head_starts(obs, calls)
        # a bid in another form is the same action (``Bid`` equality): it is weighed as one
        pairs = weighed(calls, also, worlds, sample, value, rng)
        return Advice(tuple((c, v - starts.get(str(c), 0.0)) for c, v in pairs), "tables")
    # every card is weighed
    cards, csample, cvalue = card_search(obs, legal, AUCTION_TRIES)
    worlds = _worlds(HARD_WORK, len(cards), sum(obs.hand_sizes))
    return Advice(tuple((PLAYS[c], v) for c, v in ranked(cards, worlds, csample, cvalue, rng)),
                  "tables")
