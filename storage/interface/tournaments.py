"""A chat's tournament (issue 27) as the store keeps it: one record, versioned like a table, with
its sign-up, its rounds' seating and tables, and the points each finished round gave. Its tables
are ordinary tables with the tournament's id, round and board (``TableKey.slot``) on them.
"""

from __future__ import annotations

from typing import Literal, Protocol

from pydantic import BaseModel, Field

from .records import TableRecord

TournamentStatus = Literal["signup", "playing", "finished", "cancelled"]
LIVE_TOURNAMENT: tuple[TournamentStatus, ...] = ("signup", "playing")


class Entrant(BaseModel):
    user_id: int
    name: str = ""
    username: str = ""
    rating: int = 1000  # the shown rating for the tournament's game as the tournament started


class TournamentRecord(BaseModel):
    id: int | None = None
    chat_id: int
    thread_id: int = 0
    game: str
    rules: dict[str, object] = Field(default_factory=dict)
    rounds: int = 3
    start_at: float = 0.0  # unix time the first round is seated
    status: TournamentStatus = "signup"
    too_few: bool = False  # cancelled at its start for want of entrants (not by its opener)
    creator_id: int | None = None
    entrants: list[Entrant] = Field(default_factory=list)
    message_id: int | None = None  # the sign-up message, edited into the standings
    seating: list[list[list[int | None]]] = Field(default_factory=list)  # round -> table -> seats
    tables: list[list[int]] = Field(default_factory=list)  # round -> the table ids, by board
    points: list[dict[int, int]] = Field(default_factory=list)  # each ended round: user -> points
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    # posts owed, oldest first: "final" (winners, final table, race picture), a duplicate
    # round's "round:<n>" (who did best with each hand, the round's secret); removed once sent
    outbox: list[str] = Field(default_factory=list)
    # Duplicate (issue 41): every table of a round deals from that round's one secret (hex,
    # "" where the seed is fixed: tests), drawn when the round is planned, so a restart makes
    # its missing tables with it; ``points`` are then matchpoints, kept in halves.
    duplicate: bool = False
    round_secrets: list[str] = Field(default_factory=list)  # tournaments opened before ``secret``
    # Fair tables (engine/fair.py): the tournament's secret (hex, "" where the seed is fixed),
    # its commitment shown on the sign-up; the sign-up presses' ids, its tables' entropy; each
    # table's secret derived from it (``round:R/board:B``, a duplicate round's ``round:R``).
    secret: str = ""
    entropy: list[str] = Field(default_factory=list)


class Tournaments(Protocol):
    async def create(self, tournament: TournamentRecord) -> TournamentRecord:
        """Store a new tournament with ``id`` set and version 1. StorageError if the chat has a
        tournament in sign-up or play already."""
        ...

    async def get(self, tournament_id: int) -> TournamentRecord | None: ...

    async def live(self, chat_id: int) -> TournamentRecord | None:
        """The chat's tournament in sign-up or play, if any."""
        ...

    async def every_live(self) -> list[TournamentRecord]:
        """Every tournament in sign-up or play, or with posts owed (start-up re-arms them)."""
        ...

    async def save(self, tournament: TournamentRecord) -> TournamentRecord:
        """Write it if the stored version equals ``tournament.version``; returns it with the
        version bumped. StaleTable (nothing written) otherwise."""
        ...

    async def tables(self, tournament_id: int) -> list[TableRecord]:
        """Every table of the tournament, any status, by id."""
        ...
