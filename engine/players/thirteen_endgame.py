"""Thirteen endgames of two hands, solved exactly: whoever is to act, can they force going out first?

With two players holding cards (a 2-player game, or the last two of a bigger one) the rest of
the game is a contest of two known hands in a world Hard has sampled: a pass clears the table
(§5.2: the owner is the only one left to beat), so a position is the mover's hand, the other's
hand and the table. ``wins`` searches it to the end, both sides playing their best (a negamax on
one bit: the first to go out wins), remembering positions already solved in ``memo``. Its work is
counted in positions expanded, never in time, so the same position and budget give the same
answer on any machine; a search over budget gives up (None) and the caller plays the world out
instead.
"""

from __future__ import annotations

from ..thirteen import State, _all_combos, _beating, _next_to_beat, classify

ENDGAME_CARDS = 14  # solve when the two hands hold this many cards or fewer together
DECISION_NODES = 20_000  # positions the solves of one decision may expand together


class _OverBudget(Exception):
    """The search expanded more positions than its budget."""


class Endgames:
    """The solves of one decision: the positions solved so far (a world's candidates share
    most of them) and the positions left to expand; once the budget is spent every later solve
    gives up."""

    def __init__(self, budget: int = DECISION_NODES) -> None:
        self.memo: dict[tuple[int, int, int], bool] = {}
        self.left = budget

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
            # the biggest plays first: they shed most and leave the other least to answer
            options.sort(key=lambda m: -m.bit_count())
            result = any(not self._wins(other, mover ^ m, m) for m in options) or (
                table != 0 and not self._wins(other, mover, 0))  # a pass: the other leads
        self.memo[key] = result
        return result


def _options(hand: int, table: int) -> list[int]:
    if not table:
        return _all_combos(hand)
    shape = classify(table)
    assert shape is not None
    return _beating(hand, shape)


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
        result = solver.wins(mine, theirs, 0) if turn == seat else _negate(
            solver.wins(theirs, mine, 0))
    elif owner == seat:  # the other answers my play; a pass gives me the lead
        result = _negate(solver.wins(theirs, mine, first))
    else:
        return None
    if result is None:
        return None
    return won if result else 0


def _negate(result: bool | None) -> bool | None:
    return None if result is None else not result
