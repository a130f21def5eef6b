"""Finished matches as the first stores kept them: a record with its seats' results, and a chat's
standings from them. ``scores`` writes the same matches with their facts and ratings."""

from __future__ import annotations

from typing import Protocol

from .records import MatchRecord, Standing


class Matches(Protocol):
    async def add(self, match: MatchRecord) -> MatchRecord: ...

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]: ...

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        """Humans only, best first: most matches won, then the better average place (places are
        the game's own ranking, so low-score games count right), then most played."""
        ...
