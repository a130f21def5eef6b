"""callback_data codec: ``kind|table id|move number|argument`` in at most 64 bytes.

The move number is the length of the action log when the button was drawn: the table uses it to
tell a fresh press from a stale or repeated one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

MAX_BYTES = 64
MAX_ID = 2**62  # table ids and move numbers: anything larger was not drawn by this bot


class Kind(StrEnum):
    """What a button asks for: the first field of its data. One letter each, and never changed:
    the buttons already in chats carry these letters."""

    ACTION = "a"  # a game action (argument: its code)
    PICK = "p"  # a picker's step: the hand is drawn again at that step (argument: the step)
    TOGGLE = "t"  # a card of a multi-card choice in or out (argument: +card or -card)
    CONFIRM = "c"  # play the toggled cards (argument: the kind of play)
    MY_HAND = "h"  # the group's "my hand": the presser's hand as an alert
    SHEET = "q"  # the table's score sheet, sent to the presser privately
    JOIN = "j"  # take a seat in the lobby
    LEAVE = "l"  # leave the lobby
    FILL = "f"  # computers in the free seats (argument: level:the table size it fills up to)
    MENU = "m"  # open the one-computer menu
    ADD_COMPUTER = "k"  # one computer (argument: its level)
    CLOSE_MENU = "x"  # close the one-computer menu
    START = "s"  # start the match
    GAME = "g"  # choose the game (argument: its name)
    OPTION = "o"  # the next value of a rule option (argument: its name)
    REMATCH = "r"  # a rematch of an ended table
    MATCH_SHEET = "v"  # a stored match's sheet from /history (the match id in the table id's place)
    HINT = "i"  # the coach's hint for the presser's turn (a hand's 💡)
    REVIEW = "w"  # the coach's review of the presser's last deal (argument: the deal number)
    REPLAY = "y"  # a deal replayed in private (argument: source t|m, deal, step; see bot.coach.replay)
    TOURNAMENT = "e"  # a tournament's sign-up button (its id in the table id's place; the action)
    COMMITMENT = "z"  # a fair table's 🔒: its whole commitment as an alert (issue 41)
    PASTE = "d"  # a replayed deal as a paste (argument: source t|m and the deal: 't3'; issue 41)
    PLACE = "n"  # the presser's hand moved: g to the group (ephemeral), p to the private chat

    @property
    def pattern(self) -> str:
        """The ``CallbackQueryHandler`` pattern of the buttons of this kind."""
        return f"^{self}\\|"


KINDS = frozenset(Kind)  # their letters too: a Kind hashes and compares as its letter


def number(text: str, limit: int = MAX_ID) -> int | None:
    """A non-negative decimal written in ASCII digits and below ``limit``, else None. str.isdigit
    alone takes '²', '①' and fullwidth digits, which int() then reads."""
    if not (0 < len(text) <= 19 and text.isascii() and text.isdigit()):
        return None
    value = int(text)
    return value if value < limit else None


class BadCallback(ValueError):
    """Data this bot did not draw (forged, truncated or from an older version)."""


@dataclass(frozen=True, slots=True)
class Press:
    kind: Kind
    table_id: int
    move: int = 0
    arg: str = ""


def encode(kind: Kind, table_id: int, move: int = 0, arg: str = "") -> str:
    if kind not in KINDS:
        raise ValueError(f"unknown callback kind {kind!r}")
    data = f"{kind}|{table_id}|{move}|{arg}"
    if len(data.encode()) > MAX_BYTES:
        raise ValueError(f"callback data over {MAX_BYTES} bytes: {data!r}")
    return data


def decode(data: str | None) -> Press:
    parts = (data or "").split("|", 3)
    if len(parts) != 4 or parts[0] not in KINDS:
        raise BadCallback(f"not our button: {data!r}")
    kind, table, move, arg = parts
    table_id, move_no = number(table), number(move)
    if table_id is None or move_no is None or not arg.isascii():
        raise BadCallback(f"not our button: {data!r}")
    return Press(Kind(kind), table_id, move_no, arg)
