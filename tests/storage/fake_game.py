"""A tiny game for storage tests: seats take turns adding 1..3 to a total; reaching the target
ends the match. Registered as "counting" by monkeypatching ``engine._MODULES``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine import IllegalAction


@dataclass(frozen=True)
class State:
    players: int
    target: int
    total: int = 0
    turn: int = 0


class Counting:
    name: ClassVar[str] = "counting"
    sizes: ClassVar[tuple[int, ...]] = (2, 3, 4)

    def new_match(
        self, players: int, seed: int, *, deal: Sequence[str] | None = None, target: int = 10**9
    ) -> State:
        if players not in self.sizes:
            raise ValueError(f"counting is for {self.sizes} players, not {players}")
        return State(players, target, turn=seed % players)

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset() if self.is_over(state) else frozenset({state.turn})

    def legal_actions(self, state: State, seat: int) -> list[int]:
        return [1, 2, 3] if seat in self.to_act(state) else []

    def apply(self, state: State, seat: int, action: int) -> State:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction(f"seat {seat} cannot add {action}", "not-your-turn")
        turn = (state.turn + 1) % state.players
        return State(state.players, state.target, state.total + action, turn)

    def observation(self, state: State, seat: int) -> Any:
        return state

    def is_over(self, state: State) -> bool:
        return state.total >= state.target

    def scores(self, state: State) -> tuple[int, ...]:
        return (0,) * state.players

    def rankings(self, state: State) -> tuple[int, ...]:
        return (1,) * state.players

    def parse_action(self, code: str) -> int:
        verb, _, number = code.partition(":")
        if verb != "add":
            raise ValueError(f"bad action {code!r}")
        return int(number)


GAME = Counting()


def moves(first: int, count: int, players: int = 4) -> list[tuple[int, str]]:
    """A legal log of ``count`` actions "add:1" for a match whose first seat is ``first``."""
    return [((first + i) % players, "add:1") for i in range(count)]
