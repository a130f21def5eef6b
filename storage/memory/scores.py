"""The in-memory side of ``storage.interface.scores``: stories by match id, ratings in a dict."""

from __future__ import annotations

from collections import Counter

from ..interface.records import MatchRecord
from ..interface.scores import (
    BoardLine,
    GameStats,
    MatchFacts,
    Player,
    Rater,
    Rating,
    RatingChange,
    Story,
    match_players,
    player_key,
)
from .matches import MemoryMatches
from .tables import MemoryTables


class MemoryScores:
    def __init__(self, matches: MemoryMatches, tables: MemoryTables) -> None:
        self.matches = matches  # a story's match is one of the store's matches too
        self.tables = tables
        self._stories: dict[int, Story] = {}  # match id -> story
        self._tables: dict[int, int] = {}  # table id -> match id
        self._ratings: dict[tuple[str, Player], Rating] = {}

    async def record(self, match: MatchRecord, facts: MatchFacts, rate: Rater | None) -> Story:
        if match.table_id in self._tables:
            return self._stories[self._tables[match.table_id]].model_copy(deep=True)
        stored = await self.matches.add(match)
        changes = []
        if rate is not None and facts.rated:
            players = match_players(match)
            current = {p: self._ratings.get((match.game, p)) for p in players}
            new = rate(current)
            for player in players:
                self._ratings[(match.game, player)] = new[player]
                changes.append(RatingChange(player=player, before=current[player],
                                            after=new[player]))
        story = Story(match=stored, facts=facts.model_copy(deep=True), changes=changes)
        self._stories[stored.id or 0] = story
        self._tables[match.table_id] = stored.id or 0
        return story.model_copy(deep=True)

    async def story(self, match_id: int) -> Story | None:
        story = self._stories.get(match_id)
        return story.model_copy(deep=True) if story else None

    async def story_of_table(self, table_id: int) -> Story | None:
        match_id = self._tables.get(table_id)
        return await self.story(match_id) if match_id is not None else None

    async def history(self, chat_id: int, limit: int = 10) -> list[Story]:
        mine = [s for _, s in sorted(self._stories.items(), reverse=True)
                if s.match.chat_id == chat_id]
        return [s.model_copy(deep=True) for s in mine[: max(limit, 0)]]

    def rated(self) -> list[Story]:
        """The rated, finished matches' stories (shared, not copies), oldest first."""
        return [s for _, s in sorted(self._stories.items())
                if s.facts.status == "finished" and s.facts.rated]

    async def board(self, chat_id: int, game: str) -> list[BoardLine]:
        lines: dict[Player, BoardLine] = {}
        for story in self.rated():
            match = story.match
            if match.chat_id != chat_id or match.game != game:
                continue
            best: dict[Player, int] = {}
            names: dict[Player, tuple[int | None, str | None, str]] = {}
            for r in match.results:
                player = player_key(r.user_id, r.level)
                best[player] = min(best.get(player, r.place), r.place)
                names[player] = (r.user_id, r.level, r.name)
            for player, place in best.items():
                user_id, level, name = names[player]
                old = lines.get(player)
                lines[player] = BoardLine(
                    player=player, user_id=user_id, level=level, name=name,
                    played=(old.played if old else 0) + 1,
                    won=(old.won if old else 0) + (place == 1),
                    rating=self._ratings.get((game, player)))
        return [lines[p] for p in sorted(lines)]

    async def games(self, chat_id: int) -> list[str]:
        counts = Counter(s.match.game for s in self.rated() if s.match.chat_id == chat_id)
        return sorted(counts, key=lambda g: (-counts[g], g))

    async def stats(self, user_id: int) -> list[GameStats]:
        played: Counter[str] = Counter()
        won: Counter[str] = Counter()
        chats: dict[str, set[int]] = {}
        for story in self.rated():
            for r in story.match.results:
                if r.user_id == user_id:
                    game = story.match.game
                    played[game] += 1
                    won[game] += r.place == 1
                    chats.setdefault(game, set()).add(story.match.chat_id)
        key = player_key(user_id, None)
        return [GameStats(game=g, played=played[g], won=won[g], chats=len(chats[g]),
                          rating=self._ratings.get((g, key)))
                for g in sorted(played, key=lambda g: (-played[g], g))]

    async def unrecorded(self) -> list[int]:
        written = {m.table_id for m in await self.matches.recent_all()}
        return sorted(t.id or 0 for t in self.tables.finished() if t.id not in written)

    async def rating(self, game: str, player: Player) -> Rating | None:
        return self._ratings.get((game, player))
