"""The contract of ``store.seasons`` on every backend (issue 27): a span's rated matches in
the order they finished, the chats that played in it, and an end post claimed by one worker,
taken over when its claim runs out, and never again once posted. And an existing database
(SQLite at version 8, with a table in play) gains seasons and tournaments when it is opened."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from storage import MatchRecord, SeatResult, Store, TableKey, TableRecord
from storage.interface.scores import MatchFacts
from storage.sqlite.migrations import MIGRATIONS, statements
from tests.storage.conftest import OpenFile
from tests.storage.test_scores import FACTS, plus_one


def finished(table_id: int, chat_id: int, at: float, game: str = "hearts") -> MatchRecord:
    results = [SeatResult(seat=0, user_id=10, name="a", place=1),
               SeatResult(seat=1, level="easy", place=2)]
    return MatchRecord(table_id=table_id, chat_id=chat_id, game=game, seed=table_id,
                       finished_at=at, results=results)


async def test_a_spans_matches_and_chats(store: Store) -> None:
    for table_id, chat, at in [(1, -1, 99.0), (2, -1, 100.0), (3, -2, 150.0), (4, -1, 120.0),
                               (5, -1, 200.0)]:
        await store.scores.record(finished(table_id, chat, at), FACTS, plus_one)
    await store.scores.record(finished(6, -3, 130.0), FACTS.model_copy(update={"rated": False}),
                              plus_one)
    await store.scores.record(finished(7, -3, 140.0), MatchFacts(status="stopped", rated=False),
                              None)
    stories = await store.seasons.stories(-1, 100.0, 200.0)
    assert [s.match.table_id for s in stories] == [2, 4], "since included, until not"
    assert stories[0].changes and stories[0].facts == FACTS
    assert await store.seasons.chats(100.0, 200.0) == [-2, -1], "unrated matches count nowhere"
    assert await store.seasons.chats(300.0, 400.0) == []


async def test_an_end_post_is_claimed_by_one_worker_then_posted_once(store: Store) -> None:
    assert await store.seasons.claim(-1, "2026-11", "hearts", "w1", 10.0, 15.0)
    assert not await store.seasons.claim(-1, "2026-11", "hearts", "w2", 20.0, 15.0)
    assert await store.seasons.claim(-1, "2026-11", "hearts", "w1", 20.0, 15.0), "its own"
    assert await store.seasons.claim(-1, "2026-11", "king", "w2", 20.0, 15.0), "another game"
    assert await store.seasons.claim(-1, "2026-11", "hearts", "w2", 35.0, 15.0), "ran out"
    assert await store.seasons.posted(-1, "2026-11") == []
    await store.seasons.mark_posted(-1, "2026-11", "hearts", 36.0)
    for worker in ("w1", "w2"):
        assert not await store.seasons.claim(-1, "2026-11", "hearts", worker, 1e9, 15.0)
    assert await store.seasons.posted(-1, "2026-11") == ["hearts"]
    assert await store.seasons.posted(-1, "2026-10") == [] and await store.seasons.posted(-2, "2026-11") == []
    await store.seasons.mark_posted(-2, "2026-10", "king", 37.0)  # unclaimed: a direct mark
    assert await store.seasons.posted(-2, "2026-10") == ["king"]


@contextmanager
def old_file(path: Path, version: int) -> Iterator[sqlite3.Connection]:
    """A database file as version ``version`` of the schema left it."""
    with sqlite3.connect(path) as conn:
        for script in MIGRATIONS[:version]:
            for statement in statements(script):
                conn.execute(statement)
        conn.execute(f"PRAGMA user_version = {version}")
        yield conn


async def test_a_version_8_file_gains_the_seasons(tmp_path: Path, open_file: OpenFile) -> None:
    path = tmp_path / "v8.db"
    with old_file(path, 8) as conn:
        conn.execute("INSERT INTO tables (chat_id, game, players, seed, version, status,"
                     " created_at, updated_at) VALUES (-1, 'counting', 2, 1, 1, 'playing', 0, 0)")
    store = await open_file(path)
    assert await store.seasons.claim(-1, "2026-11", "hearts", "local", 1.0, 15.0)
    assert await store.seasons.stories(-1, 0.0, 1e12) == []
    own = await store.tables.get(TableKey(chat_id=-1))
    assert own is not None and own.key.slot == 0 and own.tournament_id is None
    beside = await store.tables.create(TableRecord(key=TableKey(chat_id=-1, slot=1),
                                                   game="counting", players=2, status="playing"))
    assert (await store.tables.get(TableKey(chat_id=-1, slot=1))) == beside
    assert await store.tournaments.live(-1) is None


async def test_a_version_11_file_keeps_its_ended_tables_drawn(tmp_path: Path, open_file: OpenFile) -> None:
    """Migration 12 (``end_drawn``): the tables that ended before it are taken as drawn, so the
    first start after the upgrade draws none of them again."""
    path = tmp_path / "v11.db"
    with old_file(path, 11) as conn:
        for chat, status in ((-1, "finished"), (-2, "stopped"), (-3, "playing")):
            conn.execute("INSERT INTO tables (chat_id, game, players, seed, version, status,"
                         " created_at, updated_at) VALUES (?, 'counting', 2, 1, 1, ?, 0, 0)",
                         (chat, status))
    store = await open_file(path)
    assert await store.tables.unsent() == []
    assert [t.end_drawn for t in await store.tables.active()] == [False]
