"""What a table's use cases give and take: who a person is, a table after a use case
(``Outcome``), a computer's turn (``Turn``), a human back at their seat (``ComeBack``), and the
refusal (``TableError``) the doors turn into an answer in the presser's language."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from storage import TableRecord


class TableError(Exception):
    """A request the table refuses; ``key`` is the locale key of the alert."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


@dataclass(frozen=True, slots=True)
class Person:
    id: int
    name: str
    username: str = ""
    in_group: bool = False  # their hand is shown in the group (ephemeral), not in private


@dataclass
class Outcome:
    """A table after a use case, with the engine state before and after it (None in the lobby)."""

    table: TableRecord
    state: Any = None
    before: Any = None
    events: list[str] = field(default_factory=list)  # "started", "finished", "stopped"
    computers: bool = False  # a computer is to act now: ask for its Turn


@dataclass(frozen=True)
class ComeBack:
    """A human back at their seat (``Turns.come_back``)."""

    outcome: Outcome
    seat: int
    fresh: bool  # this call claimed the new hand message (no other did within RENEW_SECONDS)
    old: int | None  # the hand message to close, if fresh
    returned: bool  # the seat was away: a computer played it until now


@dataclass(frozen=True)
class Turn:
    """What a computer player gets to decide one move, and where the decision belongs."""

    table_id: int
    move: int  # the log's length when the turn was read: a later move makes it stale
    seat: int
    game: str
    level: str
    observation: Any
    legal: Sequence[Any]
    seed: str  # of the player's generator: random.Random(seed)
    away: bool = False  # an away human's seat: their decision again if they come back meanwhile


@dataclass(frozen=True, slots=True)
class LobbyInfo:
    """What a lobby shows besides the seated names: from the game (sizes, options, teams)."""

    sizes: tuple[int, ...] = (4,)
    options: tuple[tuple[str, int], ...] = ()  # (rule option, its value now)
    teams: tuple[tuple[int, ...], ...] = ()  # seats of each team, once the seats fit the game
