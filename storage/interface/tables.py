"""The tables a store keeps (``records.TableRecord``, the truth of a match in play), saved by
version, and the leases by which several processes on one store take turns with them."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Protocol

from .records import TableKey, TableRecord


class Tables(Protocol):
    async def create(self, table: TableRecord) -> TableRecord:
        """Store a new table; returns it with ``id`` set and version 1. StorageError if a table
        in status lobby/playing already holds the key."""
        ...

    async def get(self, key: TableKey) -> TableRecord | None:
        """The table in status lobby or playing at ``key``."""
        ...

    async def by_id(self, table_id: int) -> TableRecord | None: ...

    async def save(self, table: TableRecord) -> TableRecord:
        """Write the record in one transaction if the stored version equals ``table.version``;
        returns it with the version bumped. Raises StaleTable (writing nothing) otherwise.
        The log only grows: a log shorter than the stored one, or differing from it in the
        stored part, raises StorageError (writing nothing); so does a status or key that would
        make a second lobby/playing table at one key."""
        ...

    async def active(self) -> list[TableRecord]:
        """Every table in status lobby or playing (to re-arm timers after a restart). Tables that
        cannot be rebuilt (see ``storage.check``) are left out, logged and listed by ``broken``.
        Replays every running table: meant for start-up, not for every update."""
        ...

    async def broken(self) -> list[tuple[int, str]]:
        """(table id, reason) for each lobby/playing table ``active`` leaves out."""
        ...

    async def unsent(self) -> list[TableRecord]:
        """Tables of any status whose outbox is not empty, and ended tables whose end is not
        drawn (``TableRecord.undrawn``), oldest first (start-up drains and draws them)."""
        ...

    async def seat_of(self, user_id: int) -> TableRecord | None:
        """The active table where this user has a seat, if any."""
        ...

    # -- several processes on one store (issue 19). The embedded stores serve one process (a
    # lock file keeps a second one out), so for them holding is a no-op and leases always go
    # to the one process; PostgreSQL makes them real across processes.

    def hold(self, table_id: int) -> AbstractAsyncContextManager[None]:
        """Keep every other process off a table while a use case reads and saves it (the
        caller's own lock keeps its coroutines apart). ``table_id`` 0 is seating: a join
        checks every table for the user, then writes one."""
        ...

    async def due(self, now: float, late: float, lease: float) -> list[int]:
        """Tables that want someone to carry them on, each leased to the caller for ``lease``
        seconds so that no other process revives it meanwhile: playing with a deadline passed
        more than ``late`` seconds ago; playing with no deadline (computers to move) and no
        save for ``late`` seconds; any status with an outbox owed (or ended and undrawn), not
        leased, and no save for ``late`` seconds."""
        ...

    async def lease_outbox(self, table_id: int, worker: str, now: float, seconds: float) -> bool:
        """Take (or keep) the right to send a table's owed posts for ``seconds``: False while
        another worker holds it, so no post goes out twice from two processes."""
        ...

    async def release_outbox(self, table_id: int, worker: str) -> None:
        """``worker`` has nothing of the table's outbox left to send."""
        ...

    async def moves_of(self, table_id: int) -> int | None:
        """The length of a table's stored log, read alone (cheap): a screen drawn before a move
        that another worker saved is old, and that worker draws the new one."""
        ...
