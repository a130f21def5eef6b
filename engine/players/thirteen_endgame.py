"""Thirteen endgames of two hands, searched to the end: can the seat go out first?

With two players holding cards (a 2-player game, or the last two of a bigger one) the rest of
the game is a contest of two known hands in a world Hard has sampled: a pass clears the table
(§5.2: the owner is the only one left to beat), so a position is the two hands, the table and
who is to act. ``Endgames`` searches it to the end in one of two ways:

* with no policy, both sides play their best (a negamax on one bit: the first to go out wins,
  ``wins``). Exact, but it credits the other with seeing the seat's cards: measured, Hard then
  gained nothing over its playouts (2 players, +0.265 against +0.270 place points a game);
* with a policy (Hard passes ``fast_normal``, the rules its playouts already give everyone), the
  other replies as that policy does and only the seat's own choices branch: the best the seat
  can do against such an opponent in this world (+0.315 on the same deals, and cheaper).

Positions solved are remembered for the decision (a world's candidates share most of them). The
work is counted in positions expanded, never in time, so the same position and budget give the
same answer on any machine; a search over budget gives up (None) and the caller plays the world
out instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..thirteen import Shape, State, _all_combos, _beating, _next_to_beat, classify

# How the other plays, if known: (hands, seat, table, its shape, cards played) -> its play, 0 to pass
Policy = Callable[[Sequence[int], int, int, Shape | None, int], int]

ENDGAME_CARDS = 14  # solve when the two hands hold this many cards or fewer together
DECISION_NODES = 20_000  # positions the solves of one decision may expand together


class _OverBudget(Exception):
    """The search expanded more positions than its budget."""


class Endgames:
    """The solves of one decision: the positions solved so far (a world's candidates share
    most of them) and the positions left to expand; once the budget is spent every later solve
    gives up."""

    def __init__(self, budget: int = DECISION_NODES, policy: Policy | None = None) -> None:
        self.memo: dict[tuple[int, int, int], bool] = {}
        self.replies: dict[tuple[int, ...], bool] = {}
        self.left = budget
        self.policy = policy

    def outcome(self, mine: int, theirs: int, table: int, mine_to_act: bool, dealt: int
                ) -> bool | None:
        """Whether the seat holding ``mine`` goes out before the one holding ``theirs``: against
        any play (no policy), or against the policy's (``dealt``: every card dealt, so the
        cards played are known)."""
        if self.policy is None:
            if mine_to_act:
                return self.wins(mine, theirs, table)
            lost = self.wins(theirs, mine, table)
            return None if lost is None else not lost
        if self.left <= 0:
            return None
        try:
            return self._against(mine, theirs, table, mine_to_act, dealt)
        except _OverBudget:
            return None

    def _against(self, mine: int, theirs: int, table: int, mine_to_act: bool, dealt: int
                 ) -> bool:
        key = (mine, theirs, table, mine_to_act, dealt)
        known = self.replies.get(key)
        if known is not None:
            return known
        self.left -= 1
        if self.left < 0:
            raise _OverBudget
        if mine_to_act:
            options = _options(mine, table)
            result = mine in options or any(
                self._against(mine ^ m, theirs, m, False, dealt) for m in options) or (
                table != 0 and self._against(mine, theirs, 0, False, dealt))
        else:
            assert self.policy is not None
            shape = classify(table) if table else None
            play = self.policy((theirs, mine), 0, table, shape, dealt & ~mine & ~theirs)
            result = play != theirs and self._against(mine, theirs ^ play, play or 0, True, dealt)
        self.replies[key] = result
        return result

    def wins(self, mover: int, other: int, table: int) -> bool | None:
        """Whether the player holding ``mover`` (a value mask), to act on ``table`` (0: to
        lead) against the one holding ``other``, goes out first however the other plays; None
        when the budget runs out first."""
        if self.left <= 0:
            return None
        try:
            return self._wins(mover, other, table)
        except _OverBudget:
            return None

    def _wins(self, mover: int, other: int, table: int) -> bool:
        key = (mover, other, table)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.left -= 1
        if self.left < 0:
            raise _OverBudget
        options = _options(mover, table)
        result = mover in options  # out now
        if not result:
            result = any(not self._wins(other, mover ^ m, m) for m in options) or (
                table != 0 and not self._wins(other, mover, 0))  # a pass: the other leads
        self.memo[key] = result
        return result


@lru_cache(maxsize=1 << 16)
def _options(hand: int, table: int) -> tuple[int, ...]:
    """What ``hand`` may play on ``table`` (0: every combination), the biggest first: they shed
    most and leave the other least to answer. Cached: the seat's own hand is the same in every
    world of a decision."""
    if table:
        shape = classify(table)
        assert shape is not None
        options = _beating(hand, shape)
    else:
        options = _all_combos(hand)
    return tuple(sorted(options, key=lambda m: -m.bit_count()))


def endgame_points(state: State, seat: int, first: int, solver: Endgames) -> int | None:
    """The place points ``seat`` ends the game with when it plays ``first`` (0: pass) and both
    of the two players still holding cards then play perfectly; None when more than two hold
    cards, the hands are too big, the solve is over budget, or the position after ``first`` is
    not one of two hands and a table (a table owned by a player gone out, still to answer)."""
    hands = state.hands
    active = [s for s in range(state.players) if hands[s]]
    if len(active) != 2 or hands[active[0]].bit_count() + hands[active[1]].bit_count() > \
            ENDGAME_CARDS:
        return None
    other = active[0] if active[1] == seat else active[1]
    won = state.players - 1 - len(state.finished)  # the points of going out before the other
    mine, theirs = hands[seat] ^ first, hands[other]
    if first and not mine:
        return won
    owner = seat if first else state.owner
    passed = state.passed | (0 if first else 1 << seat)
    after = list(hands)
    after[seat] = mine
    turn = _next_to_beat(after, passed, owner, seat, state.players)
    if turn < 0:  # the table clears: its owner leads, or the next holding cards after them
        turn = owner
        while not after[turn]:
            turn = (turn + 1) % state.players
        result = solver.outcome(mine, theirs, 0, turn == seat, state.dealt)
    elif owner == seat:  # the other answers my play; a pass gives me the lead
        result = solver.outcome(mine, theirs, first, False, state.dealt)
    else:
        return None
    if result is None:
        return None
    return won if result else 0
