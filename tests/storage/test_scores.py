"""The contract of ``store.scores`` on every backend: a table's match is written once with its
facts and rating changes; boards, games, stats and history read them back; an unrated or
stopped match counts nowhere but in the history."""

from __future__ import annotations

from pathlib import Path

from storage import MatchRecord, SeatResult, Store
from storage.interface.scores import DealLine, MatchFacts, Player, Rating
from tests.storage.conftest import OpenFile


def match(table_id: int, chat_id: int, game: str, seats: list[tuple[int | None, int]]) -> MatchRecord:
    """``seats``: (user id or None for a hard computer, place)."""
    results = [SeatResult(seat=i, user_id=u, level=None if u else "hard", name=f"n{u}",
                          score=10 * p, place=p) for i, (u, p) in enumerate(seats)]
    return MatchRecord(table_id=table_id, chat_id=chat_id, game=game, seed=table_id,
                       log=[(0, "x")], finished_at=float(table_id), results=results)


FACTS = MatchFacts(start=[0, 0], values=[5, 3], places=[1, 2], order=[0, 1],
                   deals=[DealLine(number=1, results=[5, 3], values=[5, 3], places=[1, 2])])


def plus_one(current: dict[Player, Rating | None]) -> dict[Player, Rating]:
    """A stand-in for openskill: everyone's mu goes up by one."""
    return {p: Rating(mu=(r.mu if r else 25.0) + 1, sigma=8.0) for p, r in current.items()}


async def test_a_tables_match_is_written_once(store: Store) -> None:
    calls = []

    def rate(current: dict[Player, Rating | None]) -> dict[Player, Rating]:
        calls.append(current)
        return plus_one(current)

    first = await store.scores.record(match(1, -1, "hearts", [(10, 1), (None, 2), (None, 3)]),
                                      FACTS, rate)
    again = await store.scores.record(match(1, -1, "hearts", [(10, 2), (None, 1)]), FACTS, rate)
    assert again == first and len(calls) == 1
    assert calls[0] == {"user:10": None, "computer:hard": None}
    assert {c.player: c.after.mu for c in first.changes} == {"user:10": 26.0, "computer:hard": 26.0}
    assert first.facts == FACTS and first.match.id is not None
    assert await store.scores.story(first.match.id) == first
    assert await store.scores.story_of_table(1) == first
    assert await store.scores.story_of_table(2) is None
    assert len(await store.matches.recent(-1)) == 1, "a story's match is a match"


async def test_boards_games_stats_and_history(store: Store) -> None:
    await store.scores.record(match(1, -1, "hearts", [(10, 1), (11, 2), (None, 3), (None, 4)]),
                              FACTS, plus_one)
    await store.scores.record(match(2, -1, "hearts", [(11, 1), (10, 2), (None, 3), (None, 4)]),
                              FACTS, plus_one)
    await store.scores.record(match(3, -2, "hearts", [(10, 1), (None, 2)]), FACTS, plus_one)
    await store.scores.record(match(4, -1, "king", [(10, 1), (None, 2)]), FACTS, plus_one)
    await store.scores.record(match(5, -1, "king", [(10, 1), (11, 2)]),
                              FACTS.model_copy(update={"rated": False}), plus_one)
    await store.scores.record(match(6, -1, "king", [(11, 1), (10, 2)]),
                              FACTS.model_copy(update={"status": "stopped", "rated": False}), None)
    board = {b.player: b for b in await store.scores.board(-1, "hearts")}
    assert {p: (b.played, b.won) for p, b in board.items()} == {
        "user:10": (2, 1), "user:11": (2, 1), "computer:hard": (2, 0)}
    assert board["user:10"].rating == Rating(mu=28.0, sigma=8.0), "three rated hearts matches"
    assert board["user:11"].name == "n11" and board["computer:hard"].user_id is None
    assert await store.scores.games(-1) == ["hearts", "king"]
    assert await store.scores.games(-3) == []
    stats = {s.game: (s.played, s.won, s.chats) for s in await store.scores.stats(10)}
    assert stats == {"hearts": (3, 2, 2), "king": (1, 1, 1)}
    assert (await store.scores.rating("king", "user:10")) == Rating(mu=26.0, sigma=8.0)
    history = await store.scores.history(-1)
    assert [s.match.table_id for s in history] == [6, 5, 4, 2, 1]
    assert history[0].facts.status == "stopped" and history[0].changes == []
    assert [s.match.table_id for s in await store.scores.history(-1, limit=2)] == [6, 5]


async def test_ratings_and_history_survive_a_reopen(tmp_path: Path, open_file: OpenFile) -> None:
    path = tmp_path / "s.db"
    store = await open_file(path)
    story = await store.scores.record(match(1, -1, "hearts", [(10, 1), (None, 2)]), FACTS, plus_one)
    board = await store.scores.board(-1, "hearts")
    await store.close()
    again = await open_file(path)
    assert await again.scores.story(story.match.id or 0) == story
    assert await again.scores.board(-1, "hearts") == board
    assert await again.scores.stats(10) == await again.scores.stats(10) != []
