"""The contract every backend keeps; the ``store`` fixture runs each test on each backend."""

from __future__ import annotations

import asyncio

import pytest

from storage import (
    ChatRecord,
    MatchRecord,
    SeatRecord,
    SeatResult,
    StaleTable,
    StorageError,
    Store,
    TableKey,
    TableRecord,
    UserRecord,
)
from tests.storage.fake_game import moves

KEY = TableKey(chat_id=-100, thread_id=7)


def table(key: TableKey = KEY, **fields: object) -> TableRecord:
    seats = [SeatRecord(user_id=10 + i, name=f"p{i}") for i in range(3)] + [
        SeatRecord(level="easy", name="bot")
    ]
    values: dict[str, object] = dict(
        key=key, game="counting", seats=seats, seed=4, status="playing"
    )
    return TableRecord.model_validate({**values, **fields})


# -- tables ----------------------------------------------------------------------------------


async def test_create_assigns_id_and_version(store: Store) -> None:
    created = await store.tables.create(table(rules={"target": 50}))
    assert created.id is not None and created.version == 1 and created.created_at > 0
    assert await store.tables.by_id(created.id) == created
    assert await store.tables.get(KEY) == created
    other = await store.tables.create(table(TableKey(chat_id=-100, thread_id=8)))
    assert other.id != created.id


async def test_unknown_tables_are_none(store: Store) -> None:
    assert await store.tables.get(KEY) is None
    assert await store.tables.by_id(12345) is None


async def test_every_field_round_trips(store: Store) -> None:
    created = await store.tables.create(table(log=moves(0, 3)))
    created.seats[1].hand_message_id = 555
    created.seats[3].away, created.seats[3].missed_turns = True, 3
    changed = created.model_copy(
        update=dict(rules={"target": 9, "names": ["a"]}, players=4, seed=2**62, table_message_id=77,
                    deadline=1_700_000_000.5, creator_id=10, log=moves(0, 5),
                    computer_seed=-(2**63))
    )  # fmt: skip
    saved = await store.tables.save(changed)
    assert saved.version == 2 and saved.updated_at >= created.updated_at
    assert await store.tables.by_id(saved.id or 0) == saved
    assert saved.model_dump(exclude={"version", "updated_at"}) == changed.model_dump(
        exclude={"version", "updated_at"}
    )


async def test_save_appends_the_log(store: Store) -> None:
    record = await store.tables.create(table())
    for count in range(1, 6):
        record.log = moves(0, count)
        record = await store.tables.save(record)
    assert record.version == 6
    loaded = await store.tables.by_id(record.id or 0)
    assert loaded is not None and loaded.log == moves(0, 5) and loaded.version == 6


async def test_stale_save_writes_nothing(store: Store) -> None:
    first = await store.tables.create(table())
    second = first.model_copy(deep=True)
    first.log = moves(0, 1)
    await store.tables.save(first)
    second.log = [(0, "add:3")]
    second.status = "finished"
    with pytest.raises(StaleTable):
        await store.tables.save(second)
    loaded = await store.tables.by_id(first.id or 0)
    assert loaded is not None
    assert (loaded.version, loaded.log, loaded.status) == (2, moves(0, 1), "playing")


async def test_only_one_of_two_racing_saves_wins(store: Store) -> None:
    record = await store.tables.create(table())
    copies = [record.model_copy(update={"log": [(0, f"add:{n}")]}) for n in (1, 2)]
    outcomes = await asyncio.gather(*(store.tables.save(c) for c in copies), return_exceptions=True)
    assert sorted(type(o).__name__ for o in outcomes) == ["StaleTable", "TableRecord"]
    loaded = await store.tables.by_id(record.id or 0)
    assert loaded is not None and loaded.version == 2 and len(loaded.log) == 1


async def test_log_never_rewrites_history(store: Store) -> None:
    record = await store.tables.create(table(log=moves(0, 4)))
    for log in (moves(0, 3), [(0, "add:2"), *moves(0, 5)[1:]]):
        with pytest.raises(StorageError, match=f"table {record.id}"):
            await store.tables.save(record.model_copy(update={"log": log, "status": "stopped"}))
    loaded = await store.tables.by_id(record.id or 0)
    assert loaded == record


async def test_save_of_unknown_table_fails(store: Store) -> None:
    with pytest.raises(StorageError):
        await store.tables.save(table(id=999, version=1))
    with pytest.raises(StorageError):
        await store.tables.save(table())  # never created: no id


async def test_one_live_table_per_chat_and_topic(store: Store) -> None:
    first = await store.tables.create(table())
    with pytest.raises(StorageError, match="has a table"):
        await store.tables.create(table(status="lobby"))
    first.status = "finished"
    await store.tables.save(first)
    assert await store.tables.get(KEY) is None
    second = await store.tables.create(table())
    assert await store.tables.get(KEY) == second
    # The finished one cannot come back to life while another holds the key.
    finished = await store.tables.by_id(first.id or 0)
    assert finished is not None
    with pytest.raises(StorageError, match="has a table"):
        await store.tables.save(finished.model_copy(update={"status": "playing"}))
    assert await store.tables.by_id(first.id or 0) == finished


async def test_active_lists_lobby_and_playing(store: Store) -> None:
    statuses = ["lobby", "playing", "finished", "stopped"]
    made = []
    for n, status in enumerate(statuses):
        record = await store.tables.create(table(TableKey(chat_id=n)))
        record.status = status  # type: ignore[assignment]
        made.append(await store.tables.save(record))
    assert await store.tables.active() == made[:2]
    assert await store.tables.broken() == []


async def test_the_coach_option_and_a_hinted_seat_round_trip(store: Store) -> None:
    """The lobby's 💡 is the bot's option, never a rule the engine is given (the table is not
    broken), and a seat that took a hint stays marked (issue 26)."""
    record = table(rules={"coach": 1}, log=moves(0, 3))
    record.seats[0].hinted = True
    created = await store.tables.create(record)
    loaded = await store.tables.by_id(created.id or 0)
    assert loaded == created and loaded.seats[0].hinted and not loaded.seats[1].hinted
    assert loaded.rules == {"coach": 1}
    assert await store.tables.active() == [created] and await store.tables.broken() == []


async def test_broken_tables_are_skipped_and_named(store: Store) -> None:
    good = await store.tables.create(table(TableKey(chat_id=1), log=moves(0, 3)))
    bad_log = await store.tables.create(
        table(TableKey(chat_id=2), log=[(0, "add:1"), (0, "add:1")])
    )
    bad_game = await store.tables.create(
        table(TableKey(chat_id=3), game="no-such-game", status="lobby")
    )
    bad_rules = await store.tables.create(table(TableKey(chat_id=4), rules={"colour": "red"}))
    assert await store.tables.active() == [good]
    broken = dict(await store.tables.broken())
    assert sorted(broken) == [bad_log.id, bad_game.id, bad_rules.id]
    assert (
        f"table {bad_log.id}" in broken[bad_log.id or 0]
        and "log entry 1" in broken[bad_log.id or 0]
    )
    assert "no-such-game" in broken[bad_game.id or 0]
    # Broken tables still load by id, so the bot can show or stop them.
    assert await store.tables.by_id(bad_log.id or 0) == bad_log


async def test_seat_of(store: Store) -> None:
    live = await store.tables.create(table())
    await store.tables.create(
        table(TableKey(chat_id=5), seats=[SeatRecord(user_id=99)], status="finished")
    )
    assert await store.tables.seat_of(11) == live
    assert await store.tables.seat_of(99) is None  # only at a finished table
    assert await store.tables.seat_of(12345) is None


async def test_returned_records_are_copies(store: Store) -> None:
    record = await store.tables.create(table())
    record.seats[0].name = "changed"
    record.log.append((0, "add:1"))
    loaded = await store.tables.by_id(record.id or 0)
    assert loaded is not None and loaded.seats[0].name == "p0" and loaded.log == []


# -- users and chats -------------------------------------------------------------------------


async def test_users(store: Store) -> None:
    assert await store.users.get(1) is None
    await store.users.put(UserRecord(id=1, name="Ani", lang="hy"))
    await store.users.put(UserRecord(id=2, name="Bob"))
    await store.users.put(UserRecord(id=1, name="Ani K", lang="en", can_dm=True, client_lang="ru"))
    assert await store.users.get(1) == UserRecord(
        id=1, name="Ani K", lang="en", can_dm=True, client_lang="ru")
    assert await store.users.get(2) == UserRecord(id=2, name="Bob")
    await store.users.put(UserRecord(id=2, name="Bob", hand_place="group"))  # issue 43
    assert (await store.users.get(2) or UserRecord(id=0)).hand_place == "group"
    await store.users.put(UserRecord(id=2, name="Bob", hand_place="private"))
    assert (await store.users.get(2) or UserRecord(id=0)).hand_place == "private"


async def test_chats(store: Store) -> None:
    assert await store.chats.get(-5) is None
    chat = ChatRecord(id=-5, lang="ru", turn_seconds=30, settings={"games": ["hearts"], "x": 1})
    await store.chats.put(chat)
    assert await store.chats.get(-5) == chat
    await store.chats.put(ChatRecord(id=-5))
    assert await store.chats.get(-5) == ChatRecord(id=-5)


# -- matches ---------------------------------------------------------------------------------


def match(
    chat_id: int, game: str, scores: dict[int | None, tuple[int, int]], n: int = 0
) -> MatchRecord:
    """``scores``: user id (None for a computer) -> (score, place)."""
    results = [
        SeatResult(seat=seat, user_id=user, level=None if user else "easy",
                   name=f"u{user}.{n}" if user else "bot", score=score, place=place)
        for seat, (user, (score, place)) in enumerate(scores.items())
    ]  # fmt: skip
    return MatchRecord(table_id=1, chat_id=chat_id, game=game, rules={"target": 100}, seed=n,
                       log=moves(0, 3), finished_at=1000.0 + n, results=results)  # fmt: skip


async def test_matches_recent(store: Store) -> None:
    added = [
        await store.matches.add(match(-1, "hearts", {1: (5, 1), None: (9, 2)}, n)) for n in range(4)
    ]
    await store.matches.add(match(-2, "hearts", {1: (5, 1)}))
    assert len({m.id for m in added}) == 4 and all(m.id is not None for m in added)
    assert await store.matches.recent(-1, limit=3) == added[::-1][:3]
    assert await store.matches.recent(-1) == added[::-1]
    assert await store.matches.recent(-1, limit=0) == []
    assert await store.matches.recent(-3) == []


async def test_standings(store: Store) -> None:
    await store.matches.add(match(-1, "hearts", {1: (20, 1), 2: (50, 2), None: (90, 3)}, 1))
    await store.matches.add(match(-1, "hearts", {2: (10, 1), 1: (60, 3), 3: (30, 2)}, 2))
    await store.matches.add(match(-1, "king", {3: (7, 1), 1: (3, 2)}, 3))
    await store.matches.add(match(-2, "hearts", {2: (0, 1)}, 4))
    hearts = await store.matches.standings(-1, "hearts")
    # 1 and 2 each won once; 2's average place (1.5) beats 1's (2.0); 3 never won.
    assert [(s.user_id, s.played, s.won, s.points) for s in hearts] == [
        (2, 2, 1, 60), (1, 2, 1, 80), (3, 1, 0, 30),
    ]  # fmt: skip
    assert [s.name for s in hearts] == ["u2.2", "u1.2", "u3.2"]  # the latest name
    every = await store.matches.standings(-1)
    assert [(s.user_id, s.played, s.won) for s in every] == [(2, 2, 1), (3, 2, 1), (1, 3, 1)]
    assert await store.matches.standings(-1, "thirteen") == []
    assert await store.matches.standings(-9) == []
