"""What a table's creator or a chat's admin may do (stop it, give a seat to a computer), and the
bookkeeping of its messages: the ids the sender had to send anew, the posts delivered, the end
drawn, the table message brought down to the bottom of the chat."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from engine.players import DEFAULT_LEVEL
from storage import SeatRecord, TableKey, TableRecord

from .kernel import Kernel
from .records import Outcome, TableError


class Admin:
    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel

    @asynccontextmanager
    async def _managed(self, key: TableKey, user_id: int, is_admin: bool
                       ) -> AsyncIterator[TableRecord]:
        """The table at ``key``, locked and freshly loaded, for its creator or an admin only."""
        table = await self.kernel.store.tables.get(key)
        if table is None:
            raise TableError("error-no-table")
        async with self.kernel.lock(table.id or 0):
            table = await self.kernel.load(table.id or 0)
            if user_id != table.creator_id and not is_admin:
                raise TableError("error-creator-only")
            yield table

    async def stop(self, key: TableKey, user_id: int, is_admin: bool) -> Outcome:
        async with self._managed(key, user_id, is_admin) as table:
            state = self.kernel.state_of(table) if table.log or table.seed else None
            return await self.kernel.end(table, state, "stopped")  # issue 18: not rated

    async def kick(self, key: TableKey, user_id: int, is_admin: bool, target_id: int | None,
                   target_name: str = "") -> Outcome:
        """Remove a player: from the lobby, or give their seat to a computer mid-match."""
        async with self._managed(key, user_id, is_admin) as table:
            name = target_name.lstrip("@").lower()
            index = next((i for i, s in enumerate(table.seats) if s.user_id is not None and (
                s.user_id == target_id or (name and name in (s.username.lower(), s.name.lower())))),
                None)
            if index is None:
                raise TableError("kick-not-found")
            if table.status == "lobby":
                del table.seats[index]
                return Outcome(await self.kernel.save(table))
            table.seats[index] = SeatRecord(level=DEFAULT_LEVEL)
            state = self.kernel.state_of(table)
            return await self.kernel.commit(table, state, state)

    async def remember_message(self, table_id: int, seat: int | None, message_id: int) -> None:
        """Store the id of a table or hand message the renderer had to send anew."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is None:
                return
            if seat is None:
                table.table_message_id = message_id
            else:
                table.seats[seat].hand_message_id = message_id
            await self.kernel.save(table)

    async def place_hand(self, table_id: int, seat: int, in_group: bool) -> Outcome | None:
        """A seat's hand moved (to the group as an ephemeral message, or to the private chat):
        drawn as a new message there. None: the table is no longer in its lobby or in play."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is None or table.status not in ("lobby", "playing") \
                    or seat >= len(table.seats):
                return None
            record = table.seats[seat]
            if record.hand_ephemeral != in_group:
                record.hand_ephemeral, record.hand_message_id = in_group, None
                table = await self.kernel.save(table)
            return await self.kernel.outcome(table_id)

    async def detach_message(self, key: TableKey, detach: Callable[[int], int | None]
                             ) -> tuple[int, int | None] | None:
        """/table: the chat's table in the lobby or in play is to be drawn as a new message
        (its stored id cleared, and the sender's told by ``detach``, which gives the message it
        had); (its id, the old message to close). None if the chat has no such table."""
        found = await self.kernel.table_at(key)
        if found is None:
            return None
        table_id = found.id or 0
        async with self.kernel.lock(table_id):
            table = await self.kernel.load(table_id)
            if table.status not in ("lobby", "playing"):
                return None
            old = detach(table_id) or table.table_message_id
            table.table_message_id = None  # the next screen is a new message, remembered as sent
            await self.kernel.save_keeping_state(table)
        return table_id, old

    async def posted(self, table_id: int, event: str) -> None:
        """A post of the outbox reached the group: it is owed no more."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is not None and event in table.outbox:
                table.outbox.remove(event)
                await self.kernel.save_keeping_state(table)

    async def drawn(self, table_id: int) -> None:
        """An ended table's end screen reached the group: it is not drawn again at start-up."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is not None and table.undrawn:
                table.end_drawn = True
                await self.kernel.save_keeping_state(table)

    async def unsent(self) -> list[TableRecord]:
        """Tables whose outbox is not empty, or whose end is not drawn (start-up sends what a
        crash left owed)."""
        return await self.kernel.store.tables.unsent()
