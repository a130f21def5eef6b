"""The SQLite side of ``storage.interface.scores``: matches with their facts, ratings and rating
changes (schema: migration 6)."""

from __future__ import annotations

import json
import time
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
    player_key,
)
from ..rows import check_seed, rating_record, story_record
from .db import Db

_PLAYER = ("CASE WHEN r.user_id IS NULL THEN 'computer:' || COALESCE(r.level, 'normal')"
           " ELSE 'user:' || r.user_id END")
RATED = "f.status = 'finished' AND f.rated = 1"
STORY = """
    SELECT m.*, f.status AS f_status, f.rated AS f_rated, f.facts AS f_facts,
           (SELECT json_group_array(json_object('seat', seat, 'user_id', user_id,
                   'level', level, 'name', name, 'score', score, 'place', place))
            FROM match_results WHERE match_id = m.id) AS results,
           (SELECT json_group_array(json_array(player, mu_before, sigma_before, mu, sigma))
            FROM rating_changes WHERE match_id = m.id) AS changes
    FROM matches m JOIN match_facts f ON f.match_id = m.id
    WHERE {where}
"""


class SqliteScores:
    def __init__(self, db: Db) -> None:
        self.db = db

    async def record(self, match: MatchRecord, facts: MatchFacts, rate: Rater | None) -> Story:
        check_seed(match.seed, f"match of table {match.table_id}")
        async with self.db.transaction() as conn:
            found = list(await conn.execute_fetchall(
                "SELECT match_id FROM match_facts WHERE table_id = ?", (match.table_id,)))
            if not found:
                match_id = await _insert(conn, match, facts)
                if rate is not None and facts.rated:
                    await _rate(conn, match, match_id, rate)
        story = await self.story(found[0][0] if found else match_id)
        assert story is not None
        return story

    async def story(self, match_id: int) -> Story | None:
        rows = await self.db.fetch(STORY.format(where="m.id = ?"), (match_id,))
        return story_record(rows[0], self.db.path) if rows else None

    async def story_of_table(self, table_id: int) -> Story | None:
        rows = await self.db.fetch(STORY.format(where="f.table_id = ?"), (table_id,))
        return story_record(rows[0], self.db.path) if rows else None

    async def history(self, chat_id: int, limit: int = 10) -> list[Story]:
        rows = await self.db.fetch(STORY.format(where="m.chat_id = ?") + " ORDER BY m.id DESC"
                                   " LIMIT ?", (chat_id, max(limit, 0)))
        return [story_record(row, self.db.path) for row in rows]

    async def board(self, chat_id: int, game: str) -> list[BoardLine]:
        # MAX(m.id) makes SQLite take the bare columns (name) from the latest match
        rows = await self.db.fetch(
            f"""
            SELECT {_PLAYER} AS player, r.user_id, r.level, r.name, MAX(m.id),
                   COUNT(DISTINCT m.id) AS played,
                   COUNT(DISTINCT CASE WHEN r.place = 1 THEN m.id END) AS won,
                   (SELECT mu FROM ratings g WHERE g.game = m.game AND g.player = {_PLAYER}) AS mu,
                   (SELECT sigma FROM ratings g WHERE g.game = m.game
                    AND g.player = {_PLAYER}) AS sigma
            FROM match_results r JOIN matches m ON m.id = r.match_id
                 JOIN match_facts f ON f.match_id = m.id
            WHERE m.chat_id = ? AND m.game = ? AND {RATED}
            GROUP BY player ORDER BY player
            """,
            (chat_id, game),
        )
        return [BoardLine(player=r["player"], user_id=r["user_id"], level=r["level"],
                          name=r["name"], played=r["played"], won=r["won"], rating=rating_record(r))
                for r in rows]

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
        return [GameStats(game=r["game"], played=r["played"], won=r["won"], chats=r["chats"],
                          rating=rating_record(r)) for r in rows]

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


async def _insert(conn: Any, match: MatchRecord, facts: MatchFacts) -> int:
    cursor = await conn.execute(
        "INSERT INTO matches (table_id, chat_id, thread_id, game, rules, seed, log, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (match.table_id, match.chat_id, match.thread_id, match.game, json.dumps(match.rules),
         match.seed, json.dumps(match.log), match.finished_at))
    match_id: int = cursor.lastrowid
    await conn.executemany(
        "INSERT INTO match_results (match_id, seat, user_id, level, name, score, place)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(match_id, r.seat, r.user_id, r.level, r.name, r.score, r.place) for r in match.results])
    await conn.execute(
        "INSERT INTO match_facts (match_id, table_id, status, rated, facts) VALUES (?, ?, ?, ?, ?)",
        (match_id, match.table_id, facts.status, facts.rated, facts.model_dump_json()))
    return match_id


async def _rate(conn: Any, match: MatchRecord, match_id: int, rate: Rater) -> None:
    players = sorted({player_key(r.user_id, r.level) for r in match.results})
    marks = ", ".join("?" * len(players))
    rows = await conn.execute_fetchall(
        f"SELECT player, mu, sigma FROM ratings WHERE game = ? AND player IN ({marks})",
        (match.game, *players))
    current: dict[Player, Rating | None] = dict.fromkeys(players)
    current.update({r["player"]: rating_record(r) for r in rows})
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
