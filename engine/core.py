"""What every game shares: seats, the Game protocol, illegal actions, replay and seeded chance."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Protocol

Seat = int  # 0..n-1 in the direction of play; never a Telegram user id


class IllegalAction(ValueError):
    """An action the rules do not allow now. ``key`` names the reason for the interface:
    'not-your-turn', 'game-over', 'must-follow-suit', 'illegal', 'bad-action'."""

    def __init__(self, message: str, key: str = "illegal") -> None:
        super().__init__(message)
        self.key = key


class Game(Protocol):
    """The few questions every game answers (cf. OpenSpiel). States are immutable values."""

    name: ClassVar[str]
    sizes: ClassVar[tuple[int, ...]]

    def new_match(
        self, players: int, seed: int, *, deal: Sequence[str] | None = None, **rules: Any
    ) -> Any: ...

    def to_act(self, state: Any) -> frozenset[Seat]: ...

    def legal_actions(self, state: Any, seat: Seat) -> Sequence[Any]:
        """The actions ``seat`` may take now; [] for a seat not to act. A list, or a lazy
        sequence where listing every choice would cost too much (Hearts' 286 passes)."""
        ...

    def apply(self, state: Any, seat: Seat, action: Any) -> Any: ...

    def observation(self, state: Any, seat: Seat) -> Any: ...

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> tuple[int, ...]: ...

    def rankings(self, state: Any) -> tuple[int, ...]:
        """Place of each seat when the match is over: 1 is first, equal places share."""
        ...

    def parse_action(self, code: str) -> Any: ...


def deal_rng(seed: int, deal_number: int) -> random.Random:
    """The generator of one deal: all chance of deal k comes from (seed, k), so any deal can be
    rebuilt alone and ``apply`` never draws."""
    return random.Random(seed * 1_000_003 + deal_number)


def replay(
    game: Game, players: int, seed: int, log: Iterable[tuple[Seat, str]], **rules: Any
) -> Any:
    """Rebuild a state from its seed and action log. Raises IllegalAction naming the bad entry."""
    state = game.new_match(players, seed, **rules)
    for index, (seat, code) in enumerate(log):
        try:
            state = game.apply(state, seat, game.parse_action(code))
        except (IllegalAction, ValueError) as error:
            raise IllegalAction(f"log entry {index} ({seat}, {code!r}): {error}", "bad-log") from error
    return state


def places(values: Sequence[int], low_wins: bool) -> tuple[int, ...]:
    """Competition ranking: 1 for the best, ties share a place (1, 1, 3, 4)."""
    sign = 1 if low_wins else -1
    return tuple(1 + sum(1 for w in values if sign * w < sign * v) for v in values)
