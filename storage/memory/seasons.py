"""The in-memory side of ``storage.interface.seasons``: read from the scores' stories."""

from __future__ import annotations

from ..interface.scores import Story
from .scores import MemoryScores


class MemorySeasons:
    def __init__(self, scores: MemoryScores) -> None:
        self.scores = scores
        self._claims: dict[tuple[int, str, str], tuple[str, float, bool]] = {}  # worker, until, posted

    def _rated(self, since: float, until: float) -> list[Story]:
        return [s for s in self.scores.rated() if since <= s.match.finished_at < until]

    async def stories(self, chat_id: int, since: float, until: float) -> list[Story]:
        mine = [s for s in self._rated(since, until) if s.match.chat_id == chat_id]
        mine.sort(key=lambda s: (s.match.finished_at, s.match.id or 0))
        return [s.model_copy(deep=True) for s in mine]

    async def chats(self, since: float, until: float) -> list[int]:
        return sorted({s.match.chat_id for s in self._rated(since, until)})

    async def posted(self, chat_id: int, season: str) -> list[str]:
        return sorted(game for (chat, name, game), (_, _, done) in self._claims.items()
                      if chat == chat_id and name == season and done)

    async def claim(self, chat_id: int, season: str, game: str, worker: str, now: float,
                    seconds: float) -> bool:
        key = (chat_id, season, game)
        holder, until, done = self._claims.get(key, (worker, 0.0, False))
        if done or (holder != worker and until > now):
            return False
        self._claims[key] = (worker, now + seconds, False)
        return True

    async def mark_posted(self, chat_id: int, season: str, game: str, now: float) -> None:
        self._claims[(chat_id, season, game)] = ("", now, True)
