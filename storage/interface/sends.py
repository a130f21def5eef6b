"""When the bot sent or edited a message in a group, kept in the store so that Telegram's flood
window counts across a restart and, on PostgreSQL, across workers."""

from __future__ import annotations

from typing import Protocol


class Sends(Protocol):
    """Telegram's 20-a-minute window per group goes on counting across a restart, so the bot's
    must too."""

    async def note(self, chat_id: int, at: float) -> None:
        """One send to ``chat_id`` at unix time ``at`` (older notes are dropped as it goes)."""
        ...

    async def since(self, at: float) -> list[tuple[int, float]]:
        """(chat, unix time) of every send noted after ``at``, oldest first."""
        ...

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        """One send to ``chat_id`` at ``now`` if fewer than ``limit`` are noted in the
        ``seconds`` before it: then it is noted and 0 returned; else the seconds to wait until
        one more fits (nothing noted). Atomic across processes: one window shared by all the
        workers on the store (chat 0: the bot's overall budget)."""
        ...
