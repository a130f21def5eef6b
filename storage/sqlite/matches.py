"""The SQLite side of ``storage.interface.matches``: finished matches with their results."""

from __future__ import annotations

import json

from ..interface.records import MatchRecord, Standing
from ..rows import check_seed, match_record
from .db import Db


class SqliteMatches:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def add(self, match: MatchRecord) -> MatchRecord:
        check_seed(match.seed, f"match of table {match.table_id}")
        stored = match.model_copy(deep=True)
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO matches (table_id, chat_id, thread_id, game, rules, seed, log, "
                "finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (match.table_id, match.chat_id, match.thread_id, match.game,
                 json.dumps(match.rules), match.seed, json.dumps(match.log), match.finished_at),
            )  # fmt: skip
            stored.id = cursor.lastrowid
            await conn.executemany(
                "INSERT INTO match_results (match_id, seat, user_id, level, name, score, place) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(stored.id, r.seat, r.user_id, r.level, r.name, r.score, r.place)
                 for r in match.results],
            )  # fmt: skip
        return stored

    async def recent(self, chat_id: int, limit: int = 10) -> list[MatchRecord]:
        # One statement, so one snapshot: each match with its results as a JSON column.
        rows = await self.db.fetch(
            """
            SELECT *, (SELECT json_group_array(json_object('seat', seat, 'user_id', user_id,
                              'level', level, 'name', name, 'score', score, 'place', place))
                       FROM match_results WHERE match_id = matches.id) AS results
            FROM matches WHERE chat_id = ? ORDER BY id DESC LIMIT ?
            """,
            (chat_id, max(limit, 0)),
        )
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
        return [
            Standing(user_id=r["user_id"], name=r["name"], played=r["played"], won=r["won"],
                     points=r["points"])
            for r in rows
        ]  # fmt: skip
