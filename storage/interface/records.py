"""The records (pydantic) a store keeps and hands out.

The record is the truth: a table is its game, rules, seats, seed and action log; the engine state
is rebuilt with ``engine.replay``.
"""

from __future__ import annotations

import copy
from typing import Any, Literal

from pydantic import BaseModel, Field

ComputerLevel = Literal["easy", "normal", "hard"]
TableStatus = Literal["lobby", "playing", "finished", "stopped"]
ENDED = ("finished", "stopped")


class TableKey(BaseModel, frozen=True):
    chat_id: int
    thread_id: int = 0  # forum topic; 0 outside forums
    slot: int = 0  # 0: the chat's own table; n: a tournament's table n (issue 27)


class SeatRecord(BaseModel):
    user_id: int | None = None  # a human; None for a computer seat
    level: ComputerLevel | None = None  # computer level, or who plays an absent human
    name: str = ""
    hand_message_id: int | None = None  # the hand message, edited in place
    # the hand is an ephemeral message in the table's group (hand_message_id: its
    # ephemeral_message_id), not a message in the private chat
    hand_ephemeral: bool = False
    missed_turns: int = 0  # turns the timer played for this human in a row
    away: bool = False  # after three missed turns a computer plays until the owner returns
    username: str = ""  # Telegram @username without the @, for /kick @name
    selection: list[str] = Field(default_factory=list)  # cards toggled for a multi-card action
    pick: str = ""  # the step of a picker the hand shows (a bid's level chosen, its suit next)
    hinted: bool = False  # the human asked the coach for a hint: the match does not rate them
    # When the hand was last sent anew (Restart, /start): stored, so the two updates of one
    # Restart, maybe at two workers, bring one new message between them.
    brought_at: float = 0.0


class TableRecord(BaseModel):
    id: int | None = None  # assigned by the store on create; short, goes into button data
    key: TableKey
    game: str
    rules: dict[str, object] = Field(default_factory=dict)
    players: int = 4  # seat count
    seats: list[SeatRecord] = Field(default_factory=list)
    seed: int = 0
    # The computer players' dice, drawn apart from ``seed`` (which deals): nothing computed from
    # their choices says anything about the hidden cards (issue 28). Stored, so a restart or
    # another worker process gives a computer the same generator on the same move.
    computer_seed: int = 0
    # A fair match (issue 41): its secret (at least 16 random bytes, drawn when the lobby opens,
    # shown only once the match is over) and the entropy mixed into it (the ids of the presses
    # that seated and started it); ``seed`` is ``engine.fair.match_seed`` of the two once it
    # starts. Empty for the tables before, and for fixed seeds (tests).
    secret: bytes = b""
    entropy: list[str] = Field(default_factory=list)
    log: list[tuple[int, str]] = Field(default_factory=list)  # (seat, action code)
    version: int = 0  # bumped by every save
    status: TableStatus = "lobby"
    creator_id: int | None = None
    table_message_id: int | None = None  # the group table (or lobby) message
    deadline: float | None = None  # unix time the current turn runs out, or None
    created_at: float = 0.0
    updated_at: float = 0.0
    # group posts owed and not yet sent, oldest first: "deal:<n>" (the n-th deal's result),
    # "match" (the match result), "away:<seat>" / "back:<seat>" (a computer took a seat / gave
    # it back); saved with the move that caused them, removed once sent
    outbox: list[str] = Field(default_factory=list)
    tournament_id: int | None = None  # a tournament's table (issue 27): its round, 1 on
    tour_round: int = 0
    # An ended table's last screen (its end) reached the group's message. One that did not
    # (the bot killed after the posts, before the edit) is drawn at the next start or sweep.
    end_drawn: bool = False

    @property
    def undrawn(self) -> bool:
        """Ended, and its end not drawn yet."""
        return self.status in ENDED and not self.end_drawn


class UserRecord(BaseModel):
    id: int
    name: str = ""
    lang: str | None = None  # None: follow the Telegram client's language, then the default
    can_dm: bool = False  # the user has started the bot in private
    # where they want their hand (issue 43): "group" (an ephemeral message at the table's
    # group) or "private" (their chat with the bot); None: not asked yet
    hand_place: Literal["group", "private"] | None = None
    client_lang: str | None = None  # the language of the user's Telegram app, as last seen


class ChatRecord(BaseModel):
    id: int
    lang: str | None = None
    turn_seconds: int = 60
    settings: dict[str, object] = Field(default_factory=dict)


class SeatResult(BaseModel):
    seat: int
    user_id: int | None = None
    level: ComputerLevel | None = None
    name: str = ""
    score: int = 0
    place: int = 1  # 1 = first; ties share


class MatchRecord(BaseModel):
    id: int | None = None
    table_id: int
    chat_id: int
    thread_id: int = 0
    game: str
    rules: dict[str, object] = Field(default_factory=dict)
    seed: int
    secret: bytes = b""  # a fair match's (``TableRecord.secret``), and its entropy
    entropy: list[str] = Field(default_factory=list)
    log: list[tuple[int, str]] = Field(default_factory=list)
    finished_at: float
    results: list[SeatResult]


class Standing(BaseModel):
    """One line of a chat's leaderboard for a game."""

    user_id: int
    name: str
    played: int
    won: int  # matches finished in first place
    points: int  # sum of scores


# Table options the bot keeps beside the game's rules (the lobby's 💡 coach): never the engine's.
BOT_RULES = frozenset({"coach", "duplicate"})  # duplicate: a duplicate round's table (issue 41)


def engine_rules(rules: dict[str, object]) -> dict[str, Any]:
    """The rules the engine plays by: a table's or match's ``rules`` less the bot's options."""
    return {k: v for k, v in rules.items() if k not in BOT_RULES}


def copy_table(table: TableRecord, **update: Any) -> TableRecord:
    """A copy for the caller, sharing nothing mutable with ``table``. Cheaper than a deep copy:
    the log's entries are immutable tuples, and a long log made deepcopy the bulk of a save."""
    update.update(
        rules=copy.deepcopy(table.rules),
        seats=[seat.model_copy() for seat in table.seats],
        log=list(map(tuple, table.log)),  # tuples, even if a list was appended (a tuple is kept)
        outbox=list(table.outbox),
        entropy=list(table.entropy),
    )
    return table.model_copy(update=update)
