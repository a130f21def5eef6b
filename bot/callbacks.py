"""callback_data codec: ``kind|table id|move number|argument`` in at most 64 bytes.

Kinds: a = action code, p = a picker's step (the hand is drawn again at that step),
t = toggle a card of a multi-card choice, c = confirm that choice,
h = show my hand, q = the score sheet (sent to the presser privately), j/l = join/leave the lobby,
f = fill the free seats with computers (argument: level:the table size it fills up to),
m = the one-computer menu, k = add one computer (argument: level), x = close that menu, s = start,
g = choose the game (argument: game name),
r = a rematch of an ended table, o = the next value of a lobby's rule option (argument: its name),
v = a stored match's score sheet (/history; the match id in the table id's place).
The move number is the length of the action log when the button was drawn: the table uses it to
tell a fresh press from a stale or repeated one.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = frozenset("aptchqjlfmksgxrov")
MAX_BYTES = 64
MAX_ID = 2**62  # table ids and move numbers: anything larger was not drawn by this bot


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
    kind: str
    table_id: int
    move: int = 0
    arg: str = ""


def encode(kind: str, table_id: int, move: int = 0, arg: str = "") -> str:
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
    return Press(kind, table_id, move_no, arg)


def pattern(kinds: str) -> str:
    """The ``CallbackQueryHandler`` pattern of the buttons of these kinds."""
    return f"^[{kinds}]\\|"
