"""The PostgreSQL side of ``storage.interface.matches``, and what the scores (``scores``) share
with it: writing a match with its results, and reading the results as one column."""

from __future__ import annotations

import asyncpg

from ..interface.records import MatchRecord, Standing
from ..rows import check_seed, match_record, match_values, result_values, standing_record
from .db import PgDb

# A match's results as one JSON column, ordered by seat (``rows.match_record`` reads it).
RESULTS_OF = """(SELECT COALESCE(json_agg(json_build_object('seat', seat, 'user_id', user_id,
                         'level', level, 'name', name, 'score', score, 'place', place)
                         ORDER BY seat), '[]')
                  FROM match_results WHERE match_id = m.id)"""


async def insert_match(conn: asyncpg.Connection, match: MatchRecord) -> int:
    """The match and its results, inside the caller's transaction; the new match id."""
    check_seed(match.seed, f"match of table {match.table_id}", match.secret)
    match_id: int = await conn.fetchval(
        "INSERT INTO matches (table_id, chat_id, thread_id, game, rules, seed, log, finished_at,"
        " secret, entropy)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id", *match_values(match))
    await conn.executemany(
        "INSERT INTO match_results (match_id, seat, user_id, level, name, score, place)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7)", result_values(match_id, match))
    return match_id


class PgMatches:
    def __init__(self, db: PgDb) -> None:
        self.db = db

    async def add(self, match: MatchRecord) -> MatchRecord:
        check_seed(match.seed, f"match of table {match.table_id}", match.secret)
        stored = match.model_copy(deep=True)
        async with self.db.transaction() as conn:
            stored.id = await insert_match(conn, match)
        return stored

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]:
        # One statement, so one snapshot: each match with its results as a JSON column.
        rows = await self.db.fetch(
            f"SELECT m.*, {RESULTS_OF} AS results FROM matches m WHERE m.chat_id = $1"
            " ORDER BY m.id DESC LIMIT $2",
            chat_id, max(limit, 0),
        )  # fmt: skip
        return [match_record(row, self.db.name) for row in rows]

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        # The name the user had in their latest match, as SQLite's bare column next to MAX().
        rows = await self.db.fetch(
            """
            SELECT r.user_id, (array_agg(r.name ORDER BY m.id DESC))[1] AS name,
                   COUNT(*) AS played, COUNT(*) FILTER (WHERE r.place = 1) AS won,
                   SUM(r.score)::bigint AS points
            FROM match_results r JOIN matches m ON m.id = r.match_id
            WHERE m.chat_id = $1 AND ($2::text IS NULL OR m.game = $2) AND r.user_id IS NOT NULL
            GROUP BY r.user_id
            ORDER BY won DESC, AVG(r.place) ASC, played DESC, r.user_id
            """,
            chat_id, game,
        )  # fmt: skip
        return [standing_record(row) for row in rows]
