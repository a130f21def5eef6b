"""The in-memory side of ``storage.interface.matches``: finished matches in a list."""

from __future__ import annotations

from collections import defaultdict

from ..interface.records import MatchRecord, Standing


class MemoryMatches:
    def __init__(self) -> None:
        self._rows: list[MatchRecord] = []

    async def add(self, match: MatchRecord) -> MatchRecord:
        stored = match.model_copy(deep=True, update={"id": len(self._rows) + 1})
        self._rows.append(stored)
        return stored.model_copy(deep=True)

    async def recent_all(self) -> list[MatchRecord]:
        return list(self._rows)

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]:
        rows = [m for m in reversed(self._rows) if m.chat_id == chat_id]
        return [m.model_copy(deep=True) for m in rows[: max(limit, 0)]]

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        played: dict[int, int] = defaultdict(int)
        places: dict[int, int] = defaultdict(int)
        won: dict[int, int] = defaultdict(int)
        points: dict[int, int] = defaultdict(int)
        names: dict[int, str] = {}
        for match in self._rows:
            if match.chat_id != chat_id or (game and match.game != game):
                continue
            for r in match.results:
                if r.user_id is None:
                    continue
                played[r.user_id] += 1
                won[r.user_id] += r.place == 1
                points[r.user_id] += r.score
                places[r.user_id] += r.place
                names[r.user_id] = r.name
        rows = [Standing(user_id=u, name=names[u], played=played[u], won=won[u], points=points[u])
                for u in played]
        return sorted(rows, key=lambda s: (-s.won, places[s.user_id] / s.played, -s.played, s.user_id))
