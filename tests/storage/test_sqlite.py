"""What only the SQLite file does: migrations, reopening, bad files and bad rows."""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest

from storage import (
    MatchRecord,
    MemoryStore,
    SeatResult,
    SqliteStore,
    StaleTable,
    StorageError,
    TableKey,
    UserRecord,
    open_store,
)
from storage import history as history_module
from storage.sqlite import migrations as migrations_module
from storage.sqlite.migrations import MIGRATIONS
from tests.storage.conftest import OpenFile
from tests.storage.fake_game import moves
from tests.storage.test_contract import table


def pragma(path: Path, name: str) -> object:
    with sqlite3.connect(path) as conn:
        return conn.execute(f"PRAGMA {name}").fetchone()[0]


async def test_first_open_creates_the_file_and_migrates(
    tmp_path: Path, open_file: OpenFile
) -> None:
    path = tmp_path / "data" / "new" / "seghan.db"
    store = await open_file(path)
    await store.close()
    assert path.exists()
    assert pragma(path, "user_version") == len(MIGRATIONS)
    assert pragma(path, "journal_mode") == "wal"


async def test_an_empty_file_is_migrated(tmp_path: Path, open_file: OpenFile) -> None:
    path = tmp_path / "empty.db"
    path.touch()
    store = await open_file(path)
    await store.tables.create(table())
    await store.close()
    assert pragma(path, "user_version") == len(MIGRATIONS)


async def test_reopen_keeps_everything(tmp_path: Path, open_file: OpenFile) -> None:
    path = tmp_path / "s.db"
    store = await open_file(path)
    record = await store.tables.create(table(log=moves(0, 2)))
    record = await store.tables.save(record.model_copy(update={"log": moves(0, 7)}))
    await store.users.put(UserRecord(id=10, name="Ani", can_dm=True))
    added = await store.matches.add(
        MatchRecord(table_id=record.id or 0, chat_id=-100, game="counting", seed=4, log=moves(0, 7),
                    finished_at=5.0, results=[SeatResult(seat=0, user_id=10, score=3)])
    )  # fmt: skip
    await store.close()

    again = await open_file(path)
    assert await again.tables.by_id(record.id or 0) == record
    assert await again.tables.active() == [record]
    assert await again.users.get(10) == UserRecord(id=10, name="Ani", can_dm=True)
    assert await again.matches.recent(-100) == [added]
    await again.close()


def first_migration_file(path: Path) -> None:
    """A file as the first release wrote it, with a row in every table."""
    with sqlite3.connect(path) as conn:
        conn.executescript(MIGRATIONS[0])
        conn.execute("PRAGMA user_version = 1")
        conn.execute(
            "INSERT INTO tables VALUES (3, -100, 7, 'counting', '{\"target\": 50}', 4, "
            '\'[{"user_id": 10, "name": "Ani", "hand_message_id": 8}]\', 4, 5, \'playing\', 10, '
            "77, 1700000000.5, 1.0, 2.0)"
        )
        conn.executemany(
            "INSERT INTO actions VALUES (3, ?, ?, ?)",
            [(i, seat, code) for i, (seat, code) in enumerate(moves(0, 4))],
        )
        conn.execute("INSERT INTO users VALUES (10, 'Ani', 'hy', 1)")
        conn.execute("INSERT INTO chats VALUES (-100, 'ru', 45, '{\"x\": 1}')")
        conn.execute("INSERT INTO matches VALUES (1, 3, -100, 7, 'counting', '{}', 4, '[]', 9.0)")
        conn.execute("INSERT INTO match_results VALUES (1, 0, 10, NULL, 'Ani', 12, 1)")
    conn.close()


async def test_first_migration_file_upgrades_with_data_intact(
    tmp_path: Path, open_file: OpenFile
) -> None:
    path = tmp_path / "v1.db"
    first_migration_file(path)
    assert len(MIGRATIONS) >= 2
    store = await open_file(path)
    record = await store.tables.by_id(3)
    assert record is not None
    assert (record.key, record.rules, record.version, record.deadline) == (
        TableKey(chat_id=-100, thread_id=7), {"target": 50}, 5, 1700000000.5
    )  # fmt: skip
    assert record.seats[0].hand_message_id == 8 and record.log == moves(0, 4)
    assert record.computer_seed != 0, "a table in play gets its computers' seed (issue 28)"
    assert await store.tables.active() == [record]
    assert await store.users.get(10) == UserRecord(id=10, name="Ani", lang="hy", can_dm=True)
    chat = await store.chats.get(-100)
    assert chat is not None and chat.turn_seconds == 45 and chat.settings == {"x": 1}
    assert [s.points for s in await store.matches.standings(-100)] == [12]
    await store.tables.save(record.model_copy(update={"log": moves(0, 5)}))
    await store.close()
    assert pragma(path, "user_version") == len(MIGRATIONS)
    with sqlite3.connect(path) as conn:
        assert conn.execute(
            "SELECT name FROM sqlite_master WHERE name = 'match_results_user'"
        ).fetchone()
    conn.close()


async def test_a_failed_migration_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, open_file: OpenFile
) -> None:
    path = tmp_path / "v1.db"
    first_migration_file(path)
    bad = ["CREATE TABLE half_done (x);\nSELECT * FROM no_such_table;"]
    monkeypatch.setattr(migrations_module, "MIGRATIONS", MIGRATIONS + bad)
    with pytest.raises(StorageError, match=f"v1.db: migration {len(MIGRATIONS) + 1} failed: no such"):
        await open_file(path)
    assert pragma(path, "user_version") == 1
    with sqlite3.connect(path) as conn:
        names = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    conn.close()
    assert "half_done" not in names and "match_results_user" not in names


async def test_a_newer_file_is_refused_by_name(tmp_path: Path, open_file: OpenFile) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    conn.close()
    with pytest.raises(StorageError, match="future.db.*newer"):
        await open_file(path)
    assert pragma(path, "user_version") == len(MIGRATIONS) + 1


async def test_a_file_that_is_not_a_database_is_refused_by_name(
    tmp_path: Path, open_file: OpenFile
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"not a database, just some text that is long enough " * 100)
    with pytest.raises(StorageError, match="notes.txt"):
        await open_file(path)


async def test_unreadable_rows_are_skipped_and_named(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, open_file: OpenFile
) -> None:
    path = tmp_path / "s.db"
    store = await open_file(path)
    good = await store.tables.create(table(TableKey(chat_id=1)))
    seats = await store.tables.create(table(TableKey(chat_id=2)))
    log_row = await store.tables.create(table(TableKey(chat_id=3), log=moves(0, 2)))
    await store.close()
    with sqlite3.connect(path) as conn:  # damage made behind the store's back
        conn.execute("UPDATE tables SET seats = '[{oops' WHERE id = ?", (seats.id,))
        conn.execute(
            "UPDATE actions SET code = 'jump' WHERE table_id = ? AND idx = 1", (log_row.id,)
        )
    conn.close()

    store = await open_file(path)
    with caplog.at_level(logging.ERROR, logger="storage.check"):
        assert await store.tables.active() == [good]
    broken = dict(await store.tables.broken())
    assert sorted(broken) == [seats.id, log_row.id]
    assert f"table {seats.id}" in broken[seats.id or 0] and "s.db" in broken[seats.id or 0]
    assert "jump" in broken[log_row.id or 0]
    assert f"table {seats.id}" in caplog.text and f"table {log_row.id}" in caplog.text
    with pytest.raises(StorageError, match=f"table {seats.id}"):
        await store.tables.by_id(seats.id or 0)
    await store.close()


async def test_open_store_picks_the_backend(tmp_path: Path) -> None:
    for name in (":memory:", "memory"):
        assert isinstance(await open_store(name), MemoryStore)
    store = await open_store(str(tmp_path / "x.db"))
    assert isinstance(store, SqliteStore)
    await store.close()


async def test_a_seed_beyond_64_bits_is_refused(tmp_path: Path, open_file: OpenFile) -> None:
    store = await open_file(tmp_path / "s.db")
    with pytest.raises(StorageError, match="64 bits"):
        await store.tables.create(table(seed=2**64))
    assert await store.tables.active() == []


async def test_two_stores_on_one_file_catch_stale_saves(
    tmp_path: Path, open_file: OpenFile
) -> None:
    """A second store (another process, in effect) writes between a load and a save: the save
    is stale. A store that never saw the table reads its log to check history."""
    first = await open_file(tmp_path / "s.db")
    second = await open_file(tmp_path / "s.db")
    record = await first.tables.create(table(log=moves(0, 2)))
    theirs = await second.tables.by_id(record.id or 0)
    assert theirs is not None
    await second.tables.save(theirs.model_copy(update={"log": moves(0, 3)}))
    with pytest.raises(StaleTable):
        await first.tables.save(record.model_copy(update={"log": moves(0, 4)}))
    mine = await first.tables.by_id(record.id or 0)
    assert mine is not None and mine.log == moves(0, 3) and mine.version == 2
    fresh = await open_file(tmp_path / "s.db")  # has seen nothing
    with pytest.raises(StorageError, match="rewrite stored history"):
        await fresh.tables.save(mine.model_copy(update={"log": [(1, "add:1"), *moves(0, 4)[1:]]}))
    saved = await fresh.tables.save(mine.model_copy(update={"log": moves(0, 4)}))
    assert await first.tables.by_id(record.id or 0) == saved


async def test_history_check_outlives_the_log_memory(
    tmp_path: Path, open_file: OpenFile, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(history_module, "_REMEMBERED", 2)
    store = await open_file(tmp_path / "s.db")
    made = [
        await store.tables.create(table(TableKey(chat_id=n), log=moves(0, 2))) for n in range(3)
    ]
    for record in made:
        with pytest.raises(StorageError, match="rewrite stored history"):
            await store.tables.save(record.model_copy(update={"log": moves(0, 1)}))
        record.log.append([2, "add:1"])  # type: ignore[arg-type]  # a list, not a tuple
        saved = await store.tables.save(record)
        saved.log.append((3, "add:1"))
        assert (await store.tables.save(saved)).log == moves(0, 4)
