"""A table's log only grows: the check each save of an SQL store makes, and the stored logs the
store remembers so that the check need not read them again.

Every save bumps a table's version, so a version names one stored log for good, even with other
processes writing.
"""

from __future__ import annotations

from .interface.errors import StorageError
from .interface.records import TableRecord

_REMEMBERED = 10_000  # table logs kept for save's history check: a pointer an action

Logs = dict[int, tuple[int, tuple[tuple[int, str], ...]]]  # table id -> (version, log)


def remember_log(logs: Logs, table: TableRecord) -> TableRecord:
    """Note ``table``'s log as stored (SQLite's and PostgreSQL's shortcut past reading it
    again). Its entries are immutable tuples (``copy_table``), shared with the caller: a
    pointer each."""
    logs.pop(table.id or 0, None)
    if table.status in ("finished", "stopped"):
        return table  # an ended table is seldom saved again: kept, ended tables pile up
    if len(logs) >= _REMEMBERED:
        del logs[next(iter(logs))]  # the least lately used
    logs[table.id or 0] = (table.version, tuple(table.log))
    return table


def check_history(table: TableRecord, have: tuple[tuple[int, str], ...]) -> None:
    """The log only grows: the stored actions must be the start of the new log."""
    mine = tuple(table.log[: len(have)])
    if mine != have:  # maybe only lists where tuples belong
        mine = tuple((seat, code) for seat, code in mine)
    if len(table.log) < len(have) or mine != have:
        raise StorageError(
            f"table {table.id}: the log would rewrite stored history "
            f"({len(table.log)} actions, {len(have)} stored)"
        )
