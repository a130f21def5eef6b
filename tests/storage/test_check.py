"""storage.check: the judgement of stored tables both backends share."""

from __future__ import annotations

import pytest

from storage import StorageError, check_table, replay_table
from storage.sqlite.migrations import MIGRATIONS, statements
from tests.storage.fake_game import State, moves
from tests.storage.test_contract import table


def test_replay_table_rebuilds_the_state() -> None:
    record = table(id=5, log=moves(0, 3), rules={"target": 3})
    assert replay_table(record) == State(players=4, target=3, total=3, turn=3)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"game": "chess"}, "unknown game 'chess'"),
        ({"log": [(1, "add:1")]}, "log entry 0"),
        ({"log": [(0, "add:9")]}, "log entry 0"),
        ({"log": [(0, "fold")]}, "log entry 0"),
        ({"players": 9}, "not 9"),
        ({"rules": {"colour": "red"}}, "colour"),
    ],
)
def test_a_table_that_cannot_be_rebuilt_is_named(fields: dict[str, object], reason: str) -> None:
    with pytest.raises(StorageError, match=f"table 5.*{reason}"):
        check_table(table(id=5, **fields))


def test_a_lobby_needs_only_a_known_game() -> None:
    check_table(table(id=5, status="lobby", players=9))
    with pytest.raises(StorageError, match="table 5: unknown game"):
        check_table(table(id=5, status="lobby", game="chess"))


def test_migrations_split_into_whole_statements() -> None:
    for script in MIGRATIONS:
        parts = list(statements(script))
        assert parts and not any("COMMIT" in part.upper() for part in parts)
    with pytest.raises(ValueError, match="unterminated"):
        list(statements("CREATE TABLE x (a);\nCREATE TABLE y (b)"))
