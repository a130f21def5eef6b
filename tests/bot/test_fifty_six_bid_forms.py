"""56's informative bid forms against shared/rules/56.md §5.6, engine and bot alike.

The spec is written out here on its own (``allowed``, ``spec_calls``), not read from the engine:
for seeded auctions of 4, 6 and 8 players, and for set positions at the edges (no bid yet after
passes, a doubled bid, a high bid of 54, 55 and 56), every state is checked three ways:

* the engine's legal actions are exactly the calls of §5.2;
* the engine accepts each legal bid in exactly the forms §5.6 allows, records the form it was given
  (the default one when none), and refuses every other form as a whole (``bad-bid-form``);
* the buttons of the bot's auction picker (every step of it) offer exactly those calls and forms,
  each once, and a "Plus k" button names the k it adds to the high bid.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from bot import callbacks
from bot.views.screen import Button
from engine import IllegalAction
from engine.fifty_six import DENOMS, FORMS, GAME, NT, Bid, State
from tests.engine.test_fifty_six import act, match

from .test_view_fifty_six import every_pick

MIN_BID, MAX_BID = 28, 56


def allowed(form: str, value: int, denom: int, high: Bid | None) -> bool:
    """§5.6, column "Allowed when", for a bid §5.2 allows (above the high bid, 28..56)."""
    if form in ("num-suit", "suit-num"):  # "any suit bid"
        return denom != NT
    if form in ("num-nt", "num-noes"):  # "any NT bid"; the first bid may use these four
        return denom == NT
    if form == "plus-suit":  # "a previous bid exists; k ≥ 1; v = high.v + k ≤ 56"
        return denom != NT and high is not None and value - high.value >= 1 and value <= MAX_BID
    assert form == "plus-2-noes"  # "a previous bid exists; v = high.v + 2 ≤ 56"
    return denom == NT and high is not None and value == high.value + 2 <= MAX_BID


def default(denom: int) -> str:
    """§5.6: NUM_SUIT for suit bids, NUM_NT for NT bids, when the player picks none."""
    return "num-nt" if denom == NT else "num-suit"


def spec_calls(state: State, seat: int) -> set[tuple[int, int] | str]:
    """§5.2's legal calls: Pass, every bid above the high one, Double of another team's undoubled
    bid, Redouble of the own team's doubled bid. Bids as (value, denomination)."""
    public = GAME.public_observation(state)
    high, bidder = public.high_bid, public.high_bidder
    calls: set[tuple[int, int] | str] = {"pass"}
    low = MIN_BID if high is None else high.value + 1
    calls |= {(v, d) for v in range(low, MAX_BID + 1) for d in range(5)}
    if high is not None and bidder is not None:
        ours = public.team_of(seat) == public.team_of(bidder)
        if public.doubled == 0 and not ours:
            calls.add("double")
        if public.doubled == 1 and ours:
            calls.add("redouble")
    return calls


def spec_offer(state: State, seat: int) -> Counter[tuple[int, int, str] | str]:
    """Every call the picker should offer once: the calls, each bid in each allowed form."""
    offer: Counter[tuple[int, int, str] | str] = Counter()
    for call in spec_calls(state, seat):
        if isinstance(call, str):
            offer[call] += 1
        else:
            offer.update((*call, f) for f in FORMS if allowed(f, *call, state.high))
    return offer


Seen = Counter[tuple[str, bool]]


def check_engine(state: State, seat: int, seen: Seen) -> None:
    legal = GAME.legal_actions(state, seat)
    as_spec = {(a.value, a.denom) if isinstance(a, Bid) else str(a).removeprefix("bid:")
               for a in legal}
    assert as_spec == spec_calls(state, seat) and len(as_spec) == len(legal)
    high = state.high
    for action in legal:
        if not isinstance(action, Bid):
            continue
        value, denom = action.value, action.denom
        for form in (*FORMS, None):
            bid = Bid(value, denom, form)
            if form is None or allowed(form, value, denom, high):
                after = GAME.apply(state, seat, bid)
                recorded = after.calls[-1][1]
                assert after.calls[-1][0] == seat and recorded == bid
                assert isinstance(recorded, Bid) and recorded.form == (form or default(denom))
                assert after.high == Bid(value, denom) and after.dbl == 0  # a new bid, undoubled
            else:
                with pytest.raises(IllegalAction) as refused:
                    GAME.apply(state, seat, bid)
                assert refused.value.key == "bad-bid-form", (bid, high)
            if form is not None:
                seen[form, allowed(form, value, denom, high)] += 1
    if high is not None:  # a bid not above the high one is too low, whatever its form
        for form in FORMS:
            with pytest.raises(IllegalAction) as refused:
                GAME.apply(state, seat, Bid(high.value, high.denom, form))
            assert refused.value.key == "bid-too-low"


def check_view(state: State, seat: int) -> None:
    offered: Counter[tuple[int, int, str] | str] = Counter()
    high = state.high
    for screen in every_pick(state, seat, "en"):
        for row in screen.rows:
            for button in row:
                press = action_code(button)
                if press is None:
                    continue
                action = GAME.parse_action(press)
                if not isinstance(action, Bid):
                    offered[press.removeprefix("bid:")] += 1
                    continue
                form = action.form or default(action.denom)
                assert action.form != default(action.denom), "the default form is unsaid"
                offered[action.value, action.denom, form] += 1
                if form == "plus-suit":  # "Plus 2 ♦" after 28♦ is the bid of 30♦
                    assert high is not None
                    assert button.text.startswith(f"Plus {action.value - high.value} ")
                if form == "plus-2-noes":
                    assert button.text == "Plus 2 Noes"
    assert offered == spec_offer(state, seat), sorted(
        (offered - spec_offer(state, seat)) + (spec_offer(state, seat) - offered), key=str)


def action_code(button: Button) -> str | None:
    """The action code a button sends; None for a step of the picker."""
    press = callbacks.decode(button.data) if button.data else None
    return press.arg if press is not None and press.kind == "a" else None


def seeded_auction(players: int, seed: int) -> Iterator[tuple[State, int]]:
    """An auction played at random from a seed: passes, raises of 1 to 5 (to 56 at most) in
    any denomination and any form (a form that does not fit is refused; the bid is then made
    in its default form), doubles and redoubles."""
    rng = random.Random(seed)
    state = match(players, seed % players, seed=seed)
    while state.phase == "auction":
        (seat,) = GAME.to_act(state)
        yield state, seat
        legal = GAME.legal_actions(state, seat)
        calls = [a for a in legal if not isinstance(a, Bid)]
        bids = [a for a in legal if isinstance(a, Bid)]
        roll = rng.random()
        if bids and roll < 0.45:
            value = min(bids[0].value + rng.choice((0, 0, 1, 1, 2, 4)), MAX_BID)
            bid = Bid(value, rng.randrange(5), rng.choice(FORMS))
            try:
                state = GAME.apply(state, seat, bid)
            except IllegalAction:
                state = GAME.apply(state, seat, Bid(bid.value, bid.denom))
        elif roll < 0.6 and len(calls) > 1:
            state = GAME.apply(state, seat, calls[-1])  # double or redouble
        else:
            state = GAME.apply(state, seat, calls[0])  # pass


EDGES = {  # set positions, 4 players, dealer 0: seat 1 calls first
    "first call": [],
    "no bid after two passes": ["bid:pass", "bid:pass"],
    "over 28♦ (E7)": ["bid:28:D"],
    "over a doubled bid": ["bid:28:D", "bid:double"],
    "redouble or overbid": ["bid:40:NT:num-noes", "bid:double", "bid:pass"],
    "over 54: Plus 2 Noes is 56": ["bid:54:H"],
    "over 55: no Plus 2 Noes": ["bid:55:C:suit-num"],
    "over 56: no bid at all": ["bid:56:S"],
}


@pytest.mark.parametrize("name", list(EDGES))
def test_edges_of_the_forms(name: str) -> None:
    state = act(match(4, 0), *EDGES[name])
    (seat,) = GAME.to_act(state)
    seen: Seen = Counter()
    check_engine(state, seat, seen)
    check_view(state, seat)
    if state.high is None:  # no previous bid: the plus forms never
        assert seen["plus-suit", True] == seen["plus-2-noes", True] == 0
        assert seen["plus-suit", False] and seen["plus-2-noes", False]
    else:  # "Plus k" for every suit bid above the high one; "Plus 2 Noes" for one NT bid
        assert seen["plus-suit", True] == 4 * (MAX_BID - state.high.value)
        assert seen["plus-2-noes", True] == (state.high.value + 2 <= MAX_BID)


@pytest.mark.parametrize("players", [4, 6, 8])
def test_seeded_auctions_offer_exactly_the_forms_of_the_spec(players: int) -> None:
    seen: Seen = Counter()
    states = 0
    for seed in range(6):
        for step, (state, seat) in enumerate(seeded_auction(players, 100 * players + seed)):
            check_engine(state, seat, seen)
            if step % 3 == 0:  # the picker is slower to walk: every third call
                check_view(state, seat)
            states += 1
    assert states >= 30
    # every form was met where §5.6 allows it and where it does not
    assert all(seen[form, ok] for form in FORMS for ok in (True, False)), seen


def test_the_forms_are_the_six_of_the_spec() -> None:
    assert set(FORMS) == {"num-suit", "suit-num", "num-nt", "num-noes", "plus-suit",
                          "plus-2-noes"}
    assert DENOMS[NT] == "NT"
