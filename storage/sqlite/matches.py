"""The SQLite side of ``storage.interface.matches``, and what the scores (``scores``) share with
it: writing a match with its results, and reading the results as one column."""

from __future__ import annotations

from typing import Any

from ..interface.records import MatchRecord, Standing
from ..rows import check_seed, match_record, match_values, result_values, standing_record
from .db import Db

# A match's results as one JSON column (``rows.match_record`` reads it, in seat order).
RESULTS_OF = """(SELECT json_group_array(json_object('seat', seat, 'user_id', user_id,
                        'level', level, 'name', name, 'score', score, 'place', place))
                 FROM match_results WHERE match_id = m.id)"""


async def insert_match(conn: Any, match: MatchRecord) -> int:
    """The match and its results, inside the caller's transaction; the new match id."""
    cursor = await conn.execute(
        "INSERT INTO matches (table_id, chat_id, thread_id, game, rules, seed, log, finished_at,"
        " secret, entropy)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", match_values(match))
    match_id: int = cursor.lastrowid
    await conn.executemany(
        "INSERT INTO match_results (match_id, seat, user_id, level, name, score, place)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)", result_values(match_id, match))
    return match_id


class SqliteMatches:
    def __init__(self, db: Db) -> None:
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
            f"SELECT m.*, {RESULTS_OF} AS results FROM matches m WHERE m.chat_id = ?"
            " ORDER BY m.id DESC LIMIT ?",
            (chat_id, max(limit, 0)),
        )  # fmt: skip
        return [match_record(row, self.db.path) for row in rows]

    async def standings(self, chat_id: int, game: str | None = None) -> list[Standing]:
        # With MAX() in the select list SQLite takes the bare column ``name`` from the row
        # holding the maximum: the name the user had in their latest match.
        rows = await self.db.fetch(
            """
            SELECT r.user_id, r.name, MAX(m.id), COUNT(*) AS played, SUM(r.place = 1) AS won,
                   SUM(r.score) AS points
            FROM match_results r JOIN matches m ON m.id = r.match_id
            WHERE m.chat_id = ? AND (? IS NULL OR m.game = ?) AND r.user_id IS NOT NULL
            GROUP BY r.user_id
            ORDER BY won DESC, AVG(r.place) ASC, played DESC, r.user_id
            """,
            (chat_id, game, game),
        )
        return [standing_record(row) for row in rows]
