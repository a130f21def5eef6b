"""What a played match leaves behind, and the ratings it moves (issue 18).

A match is written once, when it ends (finished, or stopped by its creator): the ``MatchRecord``
(seed, log, seats with scores and places) and its ``MatchFacts`` (the engine's standings before
the first deal and after every deal, teams, places), in one transaction with the rating changes
of its players. Ratings are per game and player: ``user:<id>`` for a human, ``computer:<level>``
for the computer players of a level. How ratings move is the caller's (``Rater``); storage only
keeps (mu, sigma) and hands the current values to it inside the write transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, Protocol

from pydantic import BaseModel, Field

from .records import MatchRecord

Player = str  # "user:10", "computer:hard"
MatchStatus = Literal["finished", "stopped"]


def player_key(user_id: int | None, level: str | None) -> Player:
    return f"user:{user_id}" if user_id is not None else f"computer:{level or 'normal'}"


def match_players(match: MatchRecord) -> list[Player]:
    """A match's players, each once, sorted: the ones a ``Rater`` rates."""
    return sorted({player_key(r.user_id, r.level) for r in match.results})


class Rating(BaseModel, frozen=True):
    mu: float
    sigma: float


class DealLine(BaseModel):
    """One finished deal as the engine recorded it (``engine.core.DealRecord``), per entry."""

    number: int
    results: list[int]  # this deal's result of each entry
    values: list[int]  # the standings after the deal
    places: list[int]


class MatchFacts(BaseModel):
    """The engine's facts of a match beyond its seats: entries are seats, or teams."""

    status: MatchStatus = "finished"
    rated: bool = True
    teams: list[list[int]] = Field(default_factory=list)  # seats of each team; [] if none
    by_team: bool = False
    low_wins: bool = False
    unit: str = "points"
    start: list[int] = Field(default_factory=list)  # the standings before the first deal
    values: list[int] = Field(default_factory=list)  # the final standings
    places: list[int] = Field(default_factory=list)
    order: list[int] = Field(default_factory=list)  # entries best first
    deals: list[DealLine] = Field(default_factory=list)
    hinted: list[int] = Field(default_factory=list)  # seats whose human took a coach's hint
    tournament: int | None = None  # a tournament's match (issue 27): its id, round and table
    tour_round: int = 0
    board: int = 0


class RatingChange(BaseModel):
    player: Player
    before: Rating | None  # None: the player's first rated match of this game
    after: Rating


class Story(BaseModel):
    """A stored match with its facts and the rating changes it made."""

    match: MatchRecord
    facts: MatchFacts
    changes: list[RatingChange] = Field(default_factory=list)


class BoardLine(BaseModel):
    """One player of a chat's leaderboard for a game: rated matches played in that chat."""

    player: Player
    user_id: int | None
    level: str | None
    name: str  # as in the player's latest match in the chat
    played: int
    won: int
    rating: Rating | None


class GameStats(BaseModel):
    """A user's numbers for one game across every chat."""

    game: str
    played: int
    won: int
    chats: int
    rating: Rating | None


# The current ratings of a match's players (None: never rated) -> their new ratings.
Rater = Callable[[dict[Player, Rating | None]], dict[Player, Rating]]


class Scores(Protocol):
    async def record(self, match: MatchRecord, facts: MatchFacts, rate: Rater | None) -> Story:
        """Write a match once per table, with its rating changes when ``rate`` is given and
        ``facts.rated``; a table whose match is stored already gets that story back, unchanged
        (and ``rate`` is not called)."""
        ...

    async def story(self, match_id: int) -> Story | None: ...

    async def story_of_table(self, table_id: int) -> Story | None: ...

    async def history(self, chat_id: int, limit: int = 10) -> list[Story]:
        """The chat's latest matches written with their facts, newest first."""
        ...

    async def board(self, chat_id: int, game: str) -> list[BoardLine]:
        """Everyone (humans and computer levels) with a rated match of ``game`` in the chat."""
        ...

    async def games(self, chat_id: int) -> list[str]:
        """The games with a rated match in the chat, the most played first."""
        ...

    async def stats(self, user_id: int) -> list[GameStats]:
        """The user's rated matches per game over every chat, the most played first."""
        ...

    async def rating(self, game: str, player: Player) -> Rating | None: ...

    async def unrecorded(self) -> list[int]:
        """Ids of finished tables whose match was never written (the process stopped between
        the table's last save and the match's), for start-up to write them."""
        ...
