"""The in-memory side of ``storage.interface.sends``: the sends of the last two minutes."""

from __future__ import annotations


class MemorySends:
    KEEP = 120.0  # seconds of sends kept: twice Telegram's window

    def __init__(self) -> None:
        self._sends: list[tuple[int, float]] = []

    async def note(self, chat_id: int, at: float) -> None:
        self._sends.append((chat_id, at))
        if len(self._sends) % 256 == 0:
            self._sends = [s for s in self._sends if s[1] > at - self.KEEP]

    async def since(self, at: float) -> list[tuple[int, float]]:
        return [s for s in self._sends if s[1] > at]

    async def reserve(self, chat_id: int, now: float, limit: int, seconds: float) -> float:
        window = [at for chat, at in self._sends if chat == chat_id and at > now - seconds]
        if len(window) >= limit:
            return min(window) + seconds - now
        await self.note(chat_id, now)
        return 0.0
