"""Turns that are not a present human's press: the turn timer run out (a computer plays once for
the absent human, who is away after three in a row), a table whose humans are all away paced and
in the end abandoned, the computers' turns and moves, the coach's turn for a hint; and absence:
a human who blocked the bot is away at once, and has their seat back when they return."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from engine import find_game
from engine.players import DEFAULT_LEVEL
from storage import TableRecord

from .kernel import Kernel, all_away, seat_index
from .records import ComeBack, Outcome, TableError, Turn

AWAY_AFTER = 3  # missed turns in a row before a computer keeps the seat
RENEW_SECONDS = 10.0  # a hand brought down again within this is edited, not sent anew
# With every human away the table moves one turn per timer, and after this many such turns
# (half an hour at the default minute) it is closed and not counted: a match nobody watches is
# not played out to a result.
ABANDON_AFTER = 30
TIMER_LEVEL = DEFAULT_LEVEL  # the computer that plays for an absent human


class Turns:
    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel

    # ----- the turn timer

    async def timeout(self, table_id: int, move: int) -> list[int]:
        """The turn timer ran out: the humans still to act are marked as having missed a turn
        (away after three in a row), and their seats are returned for a computer to play once
        each (``timer_turn``). [] if the table moved on since the timer was armed."""
        kernel = self.kernel
        async with kernel.lock(table_id):
            table = await kernel.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or len(table.log) != move:
                return []
            if table.deadline is None or table.deadline > kernel.clock() + 0.5:
                return []
            state = kernel.state_of(table)
            seats = [s for s in sorted(find_game(table.game).to_act(state))
                     if table.seats[s].user_id is not None and not table.seats[s].away]
            for seat in seats:
                record = table.seats[seat]
                record.missed_turns += 1
                if record.missed_turns >= AWAY_AFTER and not record.away:
                    record.away = True
                    table.outbox.append(f"away:{seat}")
                record.selection, record.pick = [], ""
            table.deadline = None
            await kernel.save_keeping_state(table)
            return seats

    async def pace(self, table_id: int, move: int) -> Outcome | None:
        """The timer of a table whose humans are all away: each human misses one more turn, and
        once they have missed ``ABANDON_AFTER`` in a row the table is closed, unrated (the
        outcome); else None, and the caller lets one computer move (``computer_turn(paced)``)."""
        kernel = self.kernel
        async with kernel.lock(table_id):
            table = await kernel.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or len(table.log) != move:
                return None
            if not all_away(table):
                return None
            humans = [s for s in table.seats if s.user_id is not None]
            for record in humans:
                record.missed_turns += 1
            if min(r.missed_turns for r in humans) < AWAY_AFTER + ABANDON_AFTER:
                await kernel.save_keeping_state(table)
                return None
            table.outbox.append("abandoned")
            return await kernel.end(table, kernel.state_of(table), "abandoned")

    async def timer_turn(self, table_id: int, seat: int) -> Turn | None:
        """The turn of a human whose time ran out, for the timer's computer to play."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is None or table.status != "playing":
                return None
            state = self.kernel.state_of(table)
            if seat not in find_game(table.game).to_act(state):
                return None
            return turn_of(table, state, seat, TIMER_LEVEL)

    # ----- the computers

    async def computer_turn(self, table_id: int, paced: bool = False) -> Turn | None:
        """The turn of the first computer (or away human) to act, or None. While every human
        at the table is away the table is paced: only the turn timer (``paced``) moves it, one
        move a turn."""
        async with self.kernel.lock(table_id):
            table = await self.kernel.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or all_away(table) != paced:
                return None
            state = self.kernel.state_of(table)
            for seat in sorted(find_game(table.game).to_act(state)):
                record = table.seats[seat]
                if record.user_id is None or record.away:
                    return turn_of(table, state, seat, record.level or TIMER_LEVEL,
                                   away=record.user_id is not None)
            return None

    async def computer_move(self, turn: Turn, action: Any) -> Outcome | None:
        """Apply a computer's decision, unless the table moved on since its turn was read."""
        kernel = self.kernel
        async with kernel.lock(turn.table_id):
            table = await kernel.store.tables.by_id(turn.table_id)
            if table is None or table.status != "playing" or len(table.log) != turn.move:
                return None
            if turn.away and not table.seats[turn.seat].away:
                return None  # its owner came back while it thought: theirs to play
            game = find_game(table.game)
            state = kernel.state_of(table)
            after = game.apply(state, turn.seat, action)
            table.log.append((turn.seat, str(action)))
            return await kernel.commit(table, after, state)

    async def coach_turn(self, table_id: int, user_id: int, move: int) -> Turn:
        """A human's turn for the coach's hint (the 💡 of their hand, at a table that offers
        it): the seat is marked as hinted, so the match does not rate them."""
        kernel = self.kernel
        async with kernel.lock(table_id):
            table = await kernel.load(table_id)
            seat = seat_index(table, user_id)
            if table.status != "playing" or not table.rules.get("coach"):
                raise TableError("error-table-over" if table.status != "playing"
                                 else "error-bad-button")
            state = kernel.state_of(table)
            if move != len(table.log) or seat not in find_game(table.game).to_act(state):
                raise TableError("error-stale")
            if not table.seats[seat].hinted:
                table.seats[seat].hinted = True
                await kernel.save_keeping_state(table)
            return turn_of(table, state, seat, "hard")

    # ----- absence

    async def set_away(self, user_id: int) -> Outcome | None:
        """The user blocked the bot: a computer takes their seat at once (``come_back`` gives it
        back); None if it changes no table (a hand in the group is no business of the private
        chat: blocking hides it not)."""
        async with self._seat_in_play(user_id) as found:
            if found is None or found[0].seats[found[1]].away \
                    or found[0].seats[found[1]].hand_ephemeral:
                return None
            table, seat = found
            record = table.seats[seat]
            record.away, record.missed_turns = True, AWAY_AFTER
            record.selection, record.pick = [], ""
            table.outbox.append(f"away:{seat}")
            state = self.kernel.state_of(table)
            return await self.kernel.commit(table, state, state)

    async def come_back(self, user_id: int) -> ComeBack | None:
        """The user unblocked the bot or sent /start: their seat at a table in play is theirs
        again if it was away (a computer's decision for it still being thought is dropped:
        ``computer_move``), with the turn timer armed if it is theirs to act. Their hand is to be
        a new message (``fresh``: the stored id is cleared) unless it was sent anew within
        RENEW_SECONDS: the two updates of one Restart, at any workers, claim it once here.
        None if they have no seat at a table in play, or their hand is in the group (issue 43:
        not brought to the private chat; 💬 under it does that)."""
        kernel = self.kernel
        async with self._seat_in_play(user_id) as found:
            if found is None or found[0].seats[found[1]].hand_ephemeral:
                return None
            table, seat = found
            record = table.seats[seat]
            now = kernel.clock()
            fresh = not 0 <= now - record.brought_at < RENEW_SECONDS
            old = record.hand_message_id if fresh else None
            if fresh:
                record.hand_message_id, record.brought_at = None, now
            state = kernel.state_of(table)
            if record.away:
                record.away, record.missed_turns = False, 0
                record.selection, record.pick = [], ""
                table.outbox.append(f"back:{seat}")
                return ComeBack(await kernel.commit(table, state, state), seat, fresh, old, True)
            if fresh:
                table = await kernel.save_keeping_state(table)
            return ComeBack(Outcome(table, state, state), seat, fresh, old, False)

    @asynccontextmanager
    async def _seat_in_play(self, user_id: int) -> AsyncIterator[tuple[TableRecord, int] | None]:
        """The user's table in play, locked and freshly loaded, and their seat; else None."""
        found = await self.kernel.store.tables.seat_of(user_id)
        if found is None or found.status != "playing":
            yield None
            return
        async with self.kernel.lock(found.id or 0):
            table = await self.kernel.load(found.id or 0)
            seats = [i for i, s in enumerate(table.seats) if s.user_id == user_id]
            yield (table, seats[0]) if table.status == "playing" and seats else None


async def give_back(kernel: Kernel, table: TableRecord, seat: int) -> TableRecord:
    """Any press by an away seat's owner gives the seat back to them."""
    if not table.seats[seat].away:
        return table
    table.seats[seat].away = False
    table.seats[seat].missed_turns = 0
    table.outbox.append(f"back:{seat}")
    return await kernel.save_keeping_state(table)


def turn_of(table: TableRecord, state: Any, seat: int, level: str, away: bool = False) -> Turn:
    game = find_game(table.game)
    seed = f"{table.computer_seed}:{len(table.log)}"  # never the deal's seed
    return Turn(table.id or 0, len(table.log), seat, table.game, level,
                game.observation(state, seat), game.legal_actions(state, seat), seed, away)
