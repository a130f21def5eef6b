"""The SQLite side of ``storage.interface.scores``: matches with their facts, ratings and rating
changes (schema: migration 6)."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from ..interface.records import MatchRecord
from ..interface.scores import (
    BoardLine,
    GameStats,
    MatchFacts,
    Player,
    Rater,
    Rating,
    Story,
    match_players,
    player_key,
)
from ..rows import (
    PLAYER_OF,
    board_line,
    check_seed,
    game_stats,
    rating_record,
    ratings_of,
    story_record,
)
from .db import Db
from .matches import RESULTS_OF, insert_match

RATED = "f.status = 'finished' AND f.rated = 1"
STORY = f"""
    SELECT m.*, f.status AS f_status, f.rated AS f_rated, f.facts AS f_facts,
           {RESULTS_OF} AS results,
           (SELECT json_group_array(json_array(player, mu_before, sigma_before, mu, sigma))
            FROM rating_changes WHERE match_id = m.id) AS changes
    FROM matches m JOIN match_facts f ON f.match_id = m.id
    WHERE {{where}}
"""


async def read_stories(db: Db, where: str, params: Sequence[Any], then: str = "") -> list[Story]:
    """The stories (``STORY``) of the matches ``where`` says, ordered or limited as ``then``
    says: the one read of stories for the scores and the seasons."""
    rows = await db.fetch(STORY.format(where=where) + then, params)
    return [story_record(row, db.path) for row in rows]


class SqliteScores:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def record(self, match: MatchRecord, facts: MatchFacts, rate: Rater | None) -> Story:
        check_seed(match.seed, f"match of table {match.table_id}", match.secret)
        async with self.db.transaction() as conn:
            found = list(await conn.execute_fetchall(
                "SELECT match_id FROM match_facts WHERE table_id = ?", (match.table_id,)))
            if not found:
                match_id = await insert_match(conn, match)
                await conn.execute(
                    "INSERT INTO match_facts (match_id, table_id, status, rated, facts)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (match_id, match.table_id, facts.status, facts.rated, facts.model_dump_json()))
                if rate is not None and facts.rated:
                    await _rate(conn, match, match_id, rate)
        story = await self.story(found[0][0] if found else match_id)
        assert story is not None
        return story

    async def story(self, match_id: int) -> Story | None:
        found = await read_stories(self.db, "m.id = ?", (match_id,))
        return found[0] if found else None

    async def story_of_table(self, table_id: int) -> Story | None:
        found = await read_stories(self.db, "f.table_id = ?", (table_id,))
        return found[0] if found else None

    async def history(self, chat_id: int, limit: int = 10) -> list[Story]:
        return await read_stories(self.db, "m.chat_id = ?", (chat_id, max(limit, 0)),
                                  then=" ORDER BY m.id DESC LIMIT ?")

    async def board(self, chat_id: int, game: str) -> list[BoardLine]:
        # MAX(m.id) makes SQLite take the bare columns (name) from the latest match
        rows = await self.db.fetch(
            f"""
            SELECT {PLAYER_OF} AS player, r.user_id, r.level, r.name, MAX(m.id),
                   COUNT(DISTINCT m.id) AS played,
                   COUNT(DISTINCT CASE WHEN r.place = 1 THEN m.id END) AS won,
                   (SELECT mu FROM ratings g WHERE g.game = m.game AND g.player = {PLAYER_OF}) AS mu,
                   (SELECT sigma FROM ratings g WHERE g.game = m.game
                    AND g.player = {PLAYER_OF}) AS sigma
            FROM match_results r JOIN matches m ON m.id = r.match_id
                 JOIN match_facts f ON f.match_id = m.id
            WHERE m.chat_id = ? AND m.game = ? AND {RATED}
            GROUP BY player ORDER BY player
            """,
            (chat_id, game),
        )
        return [board_line(row) for row in rows]

    async def games(self, chat_id: int) -> list[str]:
        rows = await self.db.fetch(
            f"""SELECT m.game, COUNT(*) AS n FROM matches m JOIN match_facts f ON f.match_id = m.id
                WHERE m.chat_id = ? AND {RATED} GROUP BY m.game ORDER BY n DESC, m.game""",
            (chat_id,))
        return [r["game"] for r in rows]

    async def stats(self, user_id: int) -> list[GameStats]:
        rows = await self.db.fetch(
            f"""
            SELECT m.game, COUNT(*) AS played, SUM(r.place = 1) AS won,
                   COUNT(DISTINCT m.chat_id) AS chats,
                   (SELECT mu FROM ratings g WHERE g.game = m.game AND g.player = ?) AS mu,
                   (SELECT sigma FROM ratings g WHERE g.game = m.game AND g.player = ?) AS sigma
            FROM match_results r JOIN matches m ON m.id = r.match_id
                 JOIN match_facts f ON f.match_id = m.id
            WHERE r.user_id = ? AND {RATED}
            GROUP BY m.game ORDER BY played DESC, m.game
            """,
            (player_key(user_id, None), player_key(user_id, None), user_id),
        )
        return [game_stats(row) for row in rows]

    async def unrecorded(self) -> list[int]:
        rows = await self.db.fetch(
            "SELECT id FROM tables WHERE status = 'finished'"
            " AND id NOT IN (SELECT table_id FROM match_facts)"
            " AND id NOT IN (SELECT table_id FROM matches) ORDER BY id")  # older versions' too
        return [r["id"] for r in rows]

    async def rating(self, game: str, player: Player) -> Rating | None:
        rows = await self.db.fetch("SELECT mu, sigma FROM ratings WHERE game = ? AND player = ?",
                                   (game, player))
        return rating_record(rows[0]) if rows else None


async def _rate(conn: Any, match: MatchRecord, match_id: int, rate: Rater) -> None:
    players = match_players(match)
    marks = ", ".join("?" * len(players))
    rows = await conn.execute_fetchall(
        f"SELECT player, mu, sigma FROM ratings WHERE game = ? AND player IN ({marks})",
        (match.game, *players))
    current = ratings_of(players, rows)
    new = rate(current)
    now = time.time()
    for player in players:
        before, after = current[player], new[player]
        await conn.execute(
            "INSERT OR REPLACE INTO ratings (game, player, mu, sigma, updated_at)"
            " VALUES (?, ?, ?, ?, ?)", (match.game, player, after.mu, after.sigma, now))
        await conn.execute(
            "INSERT INTO rating_changes (match_id, player, mu_before, sigma_before, mu, sigma)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, player, before.mu if before else None, before.sigma if before else None,
             after.mu, after.sigma))
