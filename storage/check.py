"""Is a stored table still playable? The same judgement for every backend.

A table that cannot be rebuilt (an unknown game, a log row the engine rejects) is reported with its
id and left out, so one broken table never stops the others from loading.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from engine import find_game, replay

from .interface.errors import StorageError
from .interface.records import TableRecord, engine_rules

log = logging.getLogger(__name__)


def replay_table(record: TableRecord) -> Any:
    """The engine state of a stored table, or StorageError naming the table."""
    try:
        game = find_game(record.game)
    except KeyError:
        raise StorageError(f"table {record.id}: unknown game {record.game!r}") from None
    try:
        return replay(game, record.players, record.seed, record.log, **engine_rules(record.rules))
    except Exception as error:  # IllegalAction, or rules/players the game refuses
        raise StorageError(f"table {record.id} ({record.game}): {error}") from error


def check_table(record: TableRecord) -> None:
    """StorageError naming the table if it cannot be loaded. A lobby has no match yet: only its
    game must exist (seat count and rules are settled when it starts)."""
    if record.status == "lobby":
        try:
            find_game(record.game)
        except KeyError:
            raise StorageError(f"table {record.id}: unknown game {record.game!r}") from None
    else:
        replay_table(record)


def split_broken(
    records: Iterable[TableRecord],
) -> tuple[list[TableRecord], list[tuple[int, str]]]:
    """The good records, and (id, reason) for the broken ones, each logged as an error."""
    good: list[TableRecord] = []
    broken: list[tuple[int, str]] = []
    for record in records:
        try:
            check_table(record)
        except StorageError as error:
            broken.append(report(record.id or 0, str(error)))
        else:
            good.append(record)
    return good, broken


def report(table_id: int, reason: str) -> tuple[int, str]:
    log.error("skipping a broken table: %s", reason)
    return table_id, reason
