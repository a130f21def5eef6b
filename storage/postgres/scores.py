"""The PostgreSQL side of ``storage.interface.scores``: matches with their facts, ratings and rating
changes (schema: ``migrations``)."""

from __future__ import annotations

import time
from typing import Any

import asyncpg

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
from .db import PgDb
from .matches import RESULTS_OF, insert_match

# pg_advisory_xact_lock(_RATINGS_LOCK, hashtext(game)): one match of a game is recorded at a
# time across processes, as SQLite's write lock does: a table's match is written once, and two
# matches never read the same ratings and overwrite each other's changes. (The two-key lock space
# is apart from the migrations' one-key lock.)
_RATINGS_LOCK = 0x5345  # "SE"
RATED = "f.status = 'finished' AND f.rated"
STORY = f"""
    SELECT m.*, f.status AS f_status, f.rated AS f_rated, f.facts AS f_facts,
           {RESULTS_OF} AS results,
           (SELECT COALESCE(json_agg(json_build_array(player, mu_before, sigma_before, mu, sigma)
                                     ORDER BY player COLLATE "C"), '[]')
            FROM rating_changes WHERE match_id = m.id) AS changes
    FROM matches m JOIN match_facts f ON f.match_id = m.id
    WHERE {{where}}
"""


async def read_stories(db: PgDb, where: str, *args: Any, then: str = "") -> list[Story]:
    """The stories (``STORY``) of the matches ``where`` says, ordered or limited as ``then``
    says: the one read of stories for the scores and the seasons."""
    rows = await db.fetch(STORY.format(where=where) + then, *args)
    return [story_record(row, db.name) for row in rows]


class PgScores:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def record(self, match: MatchRecord, facts: MatchFacts, rate: Rater | None) -> Story:
        check_seed(match.seed, f"match of table {match.table_id}", match.secret)
        async with self.db.transaction() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1, hashtext($2))",
                               _RATINGS_LOCK, match.game)
            match_id = await conn.fetchval(
                "SELECT match_id FROM match_facts WHERE table_id = $1", match.table_id)
            if match_id is None:
                match_id = await insert_match(conn, match)
                await conn.execute(
                    "INSERT INTO match_facts (match_id, table_id, status, rated, facts)"
                    " VALUES ($1, $2, $3, $4, $5)",
                    match_id, match.table_id, facts.status, facts.rated, facts.model_dump_json())
                if rate is not None and facts.rated:
                    await _rate(conn, match, match_id, rate)
        story = await self.story(match_id)
        assert story is not None
        return story

    async def story(self, match_id: int) -> Story | None:
        found = await read_stories(self.db, "m.id = $1", match_id)
        return found[0] if found else None

    async def story_of_table(self, table_id: int) -> Story | None:
        found = await read_stories(self.db, "f.table_id = $1", table_id)
        return found[0] if found else None

    async def history(self, chat_id: int, limit: int = 10) -> list[Story]:
        return await read_stories(self.db, "m.chat_id = $1", chat_id, max(limit, 0),
                                  then=" ORDER BY m.id DESC LIMIT $2")

    async def board(self, chat_id: int, game: str) -> list[BoardLine]:
        # Name, user id and level from the player's latest match (SQLite: bare columns by MAX).
        rows = await self.db.fetch(
            f"""
            SELECT b.*, g.mu, g.sigma FROM (
                SELECT {PLAYER_OF} AS player,
                       (array_agg(r.user_id ORDER BY m.id DESC, r.seat))[1] AS user_id,
                       (array_agg(r.level ORDER BY m.id DESC, r.seat))[1] AS level,
                       (array_agg(r.name ORDER BY m.id DESC, r.seat))[1] AS name,
                       COUNT(DISTINCT m.id) AS played,
                       COUNT(DISTINCT m.id) FILTER (WHERE r.place = 1) AS won
                FROM match_results r JOIN matches m ON m.id = r.match_id
                     JOIN match_facts f ON f.match_id = m.id
                WHERE m.chat_id = $1 AND m.game = $2 AND {RATED}
                GROUP BY 1
            ) b LEFT JOIN ratings g ON g.game = $2 AND g.player = b.player
            ORDER BY b.player COLLATE "C"
            """,
            chat_id, game,
        )  # fmt: skip
        return [board_line(row) for row in rows]

    async def games(self, chat_id: int) -> list[str]:
        rows = await self.db.fetch(
            f"""SELECT m.game, COUNT(*) AS n FROM matches m JOIN match_facts f ON f.match_id = m.id
                WHERE m.chat_id = $1 AND {RATED} GROUP BY m.game
                ORDER BY n DESC, m.game COLLATE "C" """,
            chat_id)
        return [r["game"] for r in rows]

    async def stats(self, user_id: int) -> list[GameStats]:
        rows = await self.db.fetch(
            f"""
            SELECT s.*, g.mu, g.sigma FROM (
                SELECT m.game, COUNT(*) AS played, COUNT(*) FILTER (WHERE r.place = 1) AS won,
                       COUNT(DISTINCT m.chat_id) AS chats
                FROM match_results r JOIN matches m ON m.id = r.match_id
                     JOIN match_facts f ON f.match_id = m.id
                WHERE r.user_id = $1 AND {RATED}
                GROUP BY m.game
            ) s LEFT JOIN ratings g ON g.game = s.game AND g.player = $2
            ORDER BY s.played DESC, s.game COLLATE "C"
            """,
            user_id, player_key(user_id, None),
        )  # fmt: skip
        return [game_stats(row) for row in rows]

    async def unrecorded(self) -> list[int]:
        rows = await self.db.fetch(
            "SELECT id FROM tables t WHERE status = 'finished'"
            " AND NOT EXISTS (SELECT 1 FROM match_facts f WHERE f.table_id = t.id)"
            " AND NOT EXISTS (SELECT 1 FROM matches m WHERE m.table_id = t.id) ORDER BY id")
        return [r["id"] for r in rows]

    async def rating(self, game: str, player: Player) -> Rating | None:
        row = await self.db.fetchrow(
            "SELECT mu, sigma FROM ratings WHERE game = $1 AND player = $2", game, player)
        return rating_record(row) if row else None


async def _rate(conn: asyncpg.Connection, match: MatchRecord, match_id: int, rate: Rater) -> None:
    players = match_players(match)
    rows = await conn.fetch(
        "SELECT player, mu, sigma FROM ratings WHERE game = $1 AND player = ANY($2::text[])",
        match.game, players)
    current = ratings_of(players, rows)
    new = rate(current)
    now = time.time()
    await conn.executemany(
        "INSERT INTO ratings (game, player, mu, sigma, updated_at) VALUES ($1, $2, $3, $4, $5)"
        " ON CONFLICT (game, player) DO UPDATE SET mu = EXCLUDED.mu, sigma = EXCLUDED.sigma,"
        " updated_at = EXCLUDED.updated_at",
        [(match.game, p, new[p].mu, new[p].sigma, now) for p in players])
    await conn.executemany(
        "INSERT INTO rating_changes (match_id, player, mu_before, sigma_before, mu, sigma)"
        " VALUES ($1, $2, $3, $4, $5, $6)",
        [(match_id, p, b.mu if b else None, b.sigma if b else None, new[p].mu, new[p].sigma)
         for p in players for b in (current[p],)])
