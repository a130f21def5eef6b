"""What the Sender keeps of each message it keeps edited (queue.py, lanes.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from ..views import Screen
from .calls import Done

Remember = Callable[[int, int | None, int], Awaitable[None]]  # table, seat (None: the table's), id


@dataclass(frozen=True, slots=True)
class Target:
    """A message kept edited: the group table (seat None) or one seat's hand, in their private
    chat or (``receiver``: the seat's person) as an ephemeral message in the group (lanes.py)."""

    table_id: int
    seat: int | None
    chat_id: int
    thread_id: int = 0
    receiver: int = 0


@dataclass(slots=True)
class Kept:
    """What the Sender knows of one message it keeps edited: retiring it is dropping this."""

    version: int = -1  # the newest table version shown: an older screen is dropped
    moves: int = -1  # the log's length the pending screen was drawn at
    message_id: int | None = None
    pending: Screen | None = None  # the newest screen not yet taken to be sent
    sent: Screen | None = None  # the last one sent, or on its way: an equal show is not needed
    held: asyncio.Event | None = None  # the pending screen waits for a newer one
    done: Done | None = None  # told whether the newest screen got there
    unsure: bool = False  # the last edit timed out: made again soon, not surely there yet
    task: asyncio.Task[None] | None = None  # its worker
    # an ephemeral hand (lanes.py): the moves at the turn it was last sent anew for, whether the
    # next screen goes as a new message, the press that asked for it, whether it was last edited
    turn: int = -1
    renew: bool = False
    query: str | None = None
    edited: bool = False
