"""Use cases of a table, with no Telegram in sight: load -> replay -> apply -> save. Every use case
of one table runs under that table's lock, so its updates are handled one at a time while different
tables run in parallel.

Computer players do not move inside a use case: a move that leaves a computer (or an away human's
computer) to act says so (``Outcome.computers``), and the caller asks for a ``Turn`` (the
observation, legal actions and generator of the seat to act), lets the player think off the event
loop and outside the lock, then hands the decision to ``computer_move``, which applies it only if
the table has not moved on meanwhile.

Errors are ``TableError`` with a locale key; the handler turns it into an alert.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engine import GAME_NAMES, Game, IllegalAction, find_game, replay
from engine.cards import parse_card
from engine.core import BadCode, cards_code, code_cards, parse, teams_of
from engine.players import DEFAULT_LEVEL, LEVEL_NAMES
from storage import (
    SeatRecord,
    StorageError,
    Store,
    TableKey,
    TableRecord,
)
from storage.interface.records import engine_rules

from . import scores
from .views.lobby import Lobby as LobbyInfo

MAX_PICK = 48  # characters of a picker step
AWAY_AFTER = 3  # missed turns in a row before a computer keeps the seat
RENEW_SECONDS = 10.0  # a hand brought down again within this is edited, not sent anew
# With every human away the table moves one turn per timer, and after this many such turns
# (half an hour at the default minute) it is closed and not counted: a match nobody watches is
# not played out to a result.
ABANDON_AFTER = 30
TIMER_LEVEL = DEFAULT_LEVEL  # the computer that plays for an absent human
SEATING = 0  # the lock of seating anyone anywhere: no table has id 0


class TableError(Exception):
    """A request the table refuses; ``key`` is the locale key of the alert."""

    def __init__(self, key: str, **args: Any) -> None:
        super().__init__(key)
        self.key = key
        self.args_ = args


@dataclass(frozen=True, slots=True)
class Person:
    id: int
    name: str
    username: str = ""


@dataclass
class Outcome:
    """A table after a use case, with the engine state before and after it (None in the lobby)."""

    table: TableRecord
    state: Any = None
    before: Any = None
    events: list[str] = field(default_factory=list)  # "started", "finished", "stopped"
    computers: bool = False  # a computer is to act now: ask for its Turn


@dataclass(frozen=True)
class ComeBack:
    """A human back at their seat (TableService.come_back)."""

    outcome: Outcome
    seat: int
    fresh: bool  # this call claimed the new hand message (no other did within RENEW_SECONDS)
    old: int | None  # the hand message to close, if fresh
    returned: bool  # the seat was away: a computer played it until now


@dataclass(frozen=True)
class Turn:
    """What a computer player gets to decide one move, and where the decision belongs."""

    table_id: int
    move: int  # the log's length when the turn was read: a later move makes it stale
    seat: int
    game: str
    level: str
    observation: Any
    legal: Sequence[Any]
    seed: str  # of the player's generator: random.Random(seed)
    away: bool = False  # an away human's seat: their decision again if they come back meanwhile


class TableService:
    def __init__(self, store: Store, turn_seconds: int = 60,
                 clock: Callable[[], float] = time.time, seed: int | None = None,
                 computer_seed: int | None = None) -> None:
        self.store = store
        self.default_seconds = turn_seconds
        self.clock = clock
        self.seed = seed  # every table's seed when fixed (tests, replays); else drawn
        self.computer_seed = computer_seed  # the same for the computers' dice
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: dict[int, tuple[int, Any]] = {}  # table id -> (version, engine state)

    @asynccontextmanager
    async def lock(self, table_id: int) -> AsyncIterator[None]:
        """A table to oneself: this process's coroutines queue on an asyncio lock, other
        processes on the store's hold (PostgreSQL; a no-op for the one-process stores)."""
        async with self._locks.setdefault(table_id, asyncio.Lock()), \
                self.store.tables.hold(table_id):
            yield

    def _seating(self) -> Any:
        """Seating someone checks every table for them, then writes one: two joins at two
        lobbies at once must not both pass the check (table 0 is no table)."""
        return self.lock(SEATING)

    # ----- reading

    async def load(self, table_id: int) -> TableRecord:
        table = await self.store.tables.by_id(table_id)
        if table is None:
            raise TableError("error-no-table")
        return table

    async def table_at(self, key: TableKey) -> TableRecord | None:
        """The table of a chat (or forum topic), if it has one."""
        return await self.store.tables.get(key)

    def state_of(self, table: TableRecord) -> Any:
        """The engine state of a playing table: cached by version, else replayed from the log."""
        cached = self._states.get(table.id or 0)
        if cached and cached[0] == table.version:
            return cached[1]
        state = replay(find_game(table.game), table.players, table.seed, table.log,
                       **engine_rules(table.rules))
        self._states[table.id or 0] = (table.version, state)
        return state

    async def outcome(self, table_id: int) -> Outcome:
        table = await self.load(table_id)
        state = self.state_of(table) if table.status != "lobby" else None
        return Outcome(table, state, state)

    # ----- lobby

    async def create(self, key: TableKey, creator: Person, game: str | None,
                     seat_creator: bool) -> Outcome:
        if game is not None and game not in GAME_NAMES:
            raise TableError("lobby-unknown-game", games=", ".join(GAME_NAMES))
        if await self.store.tables.get(key) is not None:
            raise TableError("lobby-table-exists")
        table = TableRecord(key=key, game=game or "", creator_id=creator.id,
                            players=max(find_game(game).sizes) if game else 4)
        async with self._seating():
            if seat_creator and await self.store.tables.seat_of(creator.id) is None:
                table.seats.append(_human(creator))
            try:
                table = await self.store.tables.create(table)
            except StorageError as error:
                raise TableError("lobby-table-exists") from error
        return Outcome(table)

    async def rematch(self, table_id: int, person: Person) -> Outcome:
        """A new lobby at an ended table's place with the same game and the same seats (humans
        who sit elsewhere by now are left out); whoever pressed opens it."""
        async with self._seating():
            return await self._rematch(table_id, person)

    async def _rematch(self, table_id: int, person: Person) -> Outcome:
        old = await self.load(table_id)
        if old.status not in ("finished", "stopped") or not old.game:
            raise TableError("error-stale")
        if not any(s.user_id == person.id for s in old.seats):
            raise TableError("error-not-seated")
        seats = [SeatRecord(user_id=s.user_id, level=s.level, name=s.name, username=s.username)
                 for s in old.seats
                 if s.user_id is None or await self.store.tables.seat_of(s.user_id) is None]
        key = old.key.model_copy(update={"slot": 0})  # a tournament's table: the chat's own now
        table = TableRecord(key=key, game=old.game, rules=old.rules, players=old.players,
                            seats=seats, creator_id=person.id)
        if await self.store.tables.get(key) is not None:
            raise TableError("lobby-table-exists")
        try:
            return Outcome(await self.store.tables.create(table))
        except StorageError as error:
            raise TableError("lobby-table-exists") from error

    async def choose_game(self, table_id: int, user_id: int, game: str) -> Outcome:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("error-creator-only")
            if game not in GAME_NAMES:
                raise TableError("error-bad-button")
            table.game = game
            table.rules = {}
            table.players = max(find_game(game).sizes)
            del table.seats[table.players:]
            return Outcome(await self._save(table))

    async def cycle_option(self, table_id: int, user_id: int, name: str) -> Outcome:
        """The lobby's option button: the next allowed value of a rule option (creator only)."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("error-creator-only")
            allowed = _options(table.game).get(name) if table.game else None
            if not allowed:
                raise TableError("error-bad-button")
            now = table.rules.get(name, allowed[0])
            index = allowed.index(now) if now in allowed else -1
            table.rules[name] = allowed[(index + 1) % len(allowed)]
            return Outcome(await self._save(table))

    def lobby_info(self, table: TableRecord) -> LobbyInfo:
        """Sizes, options and, once the seats fit, the teams the engine would deal to."""
        if not table.game:
            return LobbyInfo()
        game = find_game(table.game)
        options = tuple((name, int(str(table.rules.get(name, values[0]))))
                        for name, values in _options(table.game).items())
        sizes = tuple(s for s in game.sizes if s <= table.players)  # a rematch keeps its size
        teams: tuple[tuple[int, ...], ...] = ()
        if len(table.seats) in game.sizes:
            rules: dict[str, Any] = {k: v for k, v in table.rules.items() if k in game.options}
            teams = teams_of(game, len(table.seats), **rules)
        return LobbyInfo(sizes, options, teams)

    async def join(self, table_id: int, person: Person) -> Outcome:
        async with self._seating(), self.lock(table_id):
            table = await self._lobby(table_id)
            if any(s.user_id == person.id for s in table.seats):
                raise TableError("lobby-already-joined")
            if await self.store.tables.seat_of(person.id) is not None:
                raise TableError("error-seated-elsewhere")
            if len(table.seats) >= table.players:
                raise TableError("lobby-full")
            table.seats.append(_human(person))
            return Outcome(await self._save(table))

    async def leave(self, table_id: int, user_id: int) -> Outcome:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            seats = [s for s in table.seats if s.user_id != user_id]
            if len(seats) == len(table.seats):
                raise TableError("error-not-seated")
            table.seats = seats
            return Outcome(await self._save(table))

    async def add_computers(self, table_id: int, user_id: int, level: Any,
                            upto: int | None = None) -> Outcome:
        """Computers of ``level`` in free seats: one, or as many as make a table of ``upto``
        seats (a size the game is played at). The fill button names the size, so a double tap or
        a press on a lobby drawn before someone sat adds what its presser saw, never more."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if level not in LEVEL_NAMES:
                raise TableError("error-bad-button")
            if user_id != table.creator_id and all(s.user_id != user_id for s in table.seats):
                raise TableError("error-not-seated")
            if upto is None:
                upto = len(table.seats) + 1
            elif upto not in self.lobby_info(table).sizes:
                raise TableError("error-bad-button")
            if len(table.seats) >= min(upto, table.players):
                raise TableError("lobby-full")
            table.seats += [SeatRecord(level=level) for _ in range(upto - len(table.seats))]
            return Outcome(await self._save(table))

    async def start(self, table_id: int, user_id: int, is_admin: bool) -> Outcome:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id and not is_admin:
                raise TableError("error-creator-only")
            if not table.game:
                raise TableError("lobby-choose-game")
            if len(table.seats) not in find_game(table.game).sizes:
                raise TableError("lobby-not-full")
            table.players = len(table.seats)
            table.seed = self.seed if self.seed is not None else secrets.randbits(48)
            table.computer_seed = self.computer_seed if self.computer_seed is not None \
                else secrets.randbits(63)
            table.status = "playing"
            state = self.state_of(table)
            return await self._commit(table, state, state, events=["started"])

    # ----- play

    async def act(self, table_id: int, user_id: int, move: int, code: str) -> Outcome:
        """A human pressed an action button drawn at ``move``."""
        async with self.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            return await self._apply_human(table, seat, state, code)

    async def toggle(self, table_id: int, user_id: int, move: int, change: str) -> Outcome:
        """Choose ('+QS') or unchoose ('-QS') a card of a multi-card choice (a Hearts pass, a
        Thirteen combination). The button says which, so a press on a keyboard drawn before the
        last toggle does what its owner saw, not the opposite."""
        async with self.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            sign, card = change[:1], change[1:]
            game = find_game(table.game)
            if sign not in ("+", "-") or not _card_in(card, game.legal_actions(state, seat)):
                raise TableError("error-bad-button")
            chosen = table.seats[seat].selection
            most = game.most_chosen
            if sign == "+" and card not in chosen and most is not None and len(chosen) >= most:
                raise TableError("error-too-many-cards", count=most)  # a stale keyboard's offer
            if card in chosen and sign == "-":
                chosen.remove(card)
            elif card not in chosen and sign == "+":
                chosen.append(card)
            chosen.sort(key=parse_card)
            return Outcome(await self._save_keeping_state(table), state, state)

    async def pick(self, table_id: int, user_id: int, move: int, step: str) -> Outcome:
        """Go to a step of a picker in the hand (a bid's level, then its suit). The view decides
        what a step shows and starts again at an unknown one, so only its size is checked."""
        async with self.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            if len(step) > MAX_PICK or not step.isascii():
                raise TableError("error-bad-button")
            table.seats[seat].pick = step
            return Outcome(await self._save_keeping_state(table), state, state)

    async def confirm(self, table_id: int, user_id: int, move: int, kind: str) -> Outcome:
        """Play the toggled cards as ``kind:c1,c2,…``; the engine judges the combination."""
        async with self.lock(table_id):
            table, seat, state = await self._seat_to_act(table_id, user_id, move)
            chosen = table.seats[seat].selection
            code = cards_code(kind, chosen)
            try:
                code = str(parse(find_game(table.game), code))  # the log keeps canonical codes
            except BadCode as error:
                raise TableError("error-choose-cards") from error
            return await self._apply_human(table, seat, state, code)

    async def timeout(self, table_id: int, move: int) -> list[int]:
        """The turn timer ran out: the humans still to act are marked as having missed a turn
        (away after three in a row), and their seats are returned for a computer to play once
        each (``timer_turn``). [] if the table moved on since the timer was armed."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or len(table.log) != move:
                return []
            if table.deadline is None or table.deadline > self.clock() + 0.5:
                return []
            state = self.state_of(table)
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
            await self._save_keeping_state(table)
            return seats

    async def pace(self, table_id: int, move: int) -> Outcome | None:
        """The timer of a table whose humans are all away: each human misses one more turn, and
        once they have missed ``ABANDON_AFTER`` in a row the table is closed, unrated (the
        outcome); else None, and the caller lets one computer move (``computer_turn(paced)``)."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or len(table.log) != move:
                return None
            if not _all_away(table):
                return None
            humans = [s for s in table.seats if s.user_id is not None]
            for record in humans:
                record.missed_turns += 1
            if min(r.missed_turns for r in humans) < AWAY_AFTER + ABANDON_AFTER:
                await self._save_keeping_state(table)
                return None
            state = self.state_of(table)
            table.status, table.deadline = "stopped", None
            table.outbox.append("abandoned")
            self._forget(table.id or 0)
            saved = await self._save(table)
            await scores.finish(self.store, find_game(table.game), saved, state, self.clock(),
                                status="stopped", rated=False)  # kept, but not rated
            return Outcome(saved, state, state, events=["abandoned"])

    async def timer_turn(self, table_id: int, seat: int) -> Turn | None:
        """The turn of a human whose time ran out, for the timer's computer to play."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is None or table.status != "playing":
                return None
            state = self.state_of(table)
            if seat not in find_game(table.game).to_act(state):
                return None
            return self._turn(table, state, seat, TIMER_LEVEL)

    async def computer_turn(self, table_id: int, paced: bool = False) -> Turn | None:
        """The turn of the first computer (or away human) to act, or None. While every human
        at the table is away the table is paced: only the turn timer (``paced``) moves it, one
        move a turn."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is None or table.status != "playing" or _all_away(table) != paced:
                return None
            state = self.state_of(table)
            for seat in sorted(find_game(table.game).to_act(state)):
                record = table.seats[seat]
                if record.user_id is None or record.away:
                    return self._turn(table, state, seat, record.level or TIMER_LEVEL,
                                      away=record.user_id is not None)
            return None

    async def computer_move(self, turn: Turn, action: Any) -> Outcome | None:
        """Apply a computer's decision, unless the table moved on since its turn was read."""
        async with self.lock(turn.table_id):
            table = await self.store.tables.by_id(turn.table_id)
            if table is None or table.status != "playing" or len(table.log) != turn.move:
                return None
            if turn.away and not table.seats[turn.seat].away:
                return None  # its owner came back while it thought: theirs to play
            game = find_game(table.game)
            state = self.state_of(table)
            after = game.apply(state, turn.seat, action)
            table.log.append((turn.seat, str(action)))
            return await self._commit(table, after, state)

    async def coach_turn(self, table_id: int, user_id: int, move: int) -> Turn:
        """A human's turn for the coach's hint (the 💡 of their hand, at a table that offers
        it): the seat is marked as hinted, so the match does not rate them."""
        async with self.lock(table_id):
            table = await self.load(table_id)
            seat = _seat_index(table, user_id)
            if table.status != "playing" or not table.rules.get("coach"):
                raise TableError("error-table-over" if table.status != "playing"
                                 else "error-bad-button")
            state = self.state_of(table)
            if move != len(table.log) or seat not in find_game(table.game).to_act(state):
                raise TableError("error-stale")
            if not table.seats[seat].hinted:
                table.seats[seat].hinted = True
                await self._save_keeping_state(table)
            return self._turn(table, state, seat, "hard")

    def _turn(self, table: TableRecord, state: Any, seat: int, level: str,
              away: bool = False) -> Turn:
        game = find_game(table.game)
        seed = f"{table.computer_seed}:{len(table.log)}"  # never the deal's seed
        return Turn(table.id or 0, len(table.log), seat, table.game, level,
                    game.observation(state, seat), game.legal_actions(state, seat), seed, away)

    async def hand(self, table_id: int, user_id: int) -> tuple[TableRecord, int, Any]:
        """(table, seat, state) for the "my hand" button."""
        async with self.lock(table_id):
            table = await self.load(table_id)
            seat = _seat_index(table, user_id)
            if table.status != "playing":
                raise TableError("error-table-over")
            table = await self._returning(table, seat)
            return table, seat, self.state_of(table)

    async def set_away(self, user_id: int) -> Outcome | None:
        """The user blocked the bot: a computer takes their seat at once (``come_back`` gives it
        back); None if it changes no table."""
        async with self._seat_in_play(user_id) as found:
            if found is None or found[0].seats[found[1]].away:
                return None
            table, seat = found
            record = table.seats[seat]
            record.away, record.missed_turns = True, AWAY_AFTER
            record.selection, record.pick = [], ""
            table.outbox.append(f"away:{seat}")
            state = self.state_of(table)
            return await self._commit(table, state, state)

    async def come_back(self, user_id: int) -> ComeBack | None:
        """The user unblocked the bot or sent /start: their seat at a table in play is theirs
        again if it was away (a computer's decision for it still being thought is dropped:
        ``computer_move``), with the turn timer armed if it is theirs to act. Their hand is to be
        a new message (``fresh``: the stored id is cleared) unless it was sent anew within
        RENEW_SECONDS: the two updates of one Restart, at any workers, claim it once here.
        None if they have no seat at a table in play."""
        async with self._seat_in_play(user_id) as found:
            if found is None:
                return None
            table, seat = found
            record = table.seats[seat]
            now = self.clock()
            fresh = not 0 <= now - record.brought_at < RENEW_SECONDS
            old = record.hand_message_id if fresh else None
            if fresh:
                record.hand_message_id, record.brought_at = None, now
            state = self.state_of(table)
            if record.away:
                record.away, record.missed_turns = False, 0
                record.selection, record.pick = [], ""
                table.outbox.append(f"back:{seat}")
                return ComeBack(await self._commit(table, state, state), seat, fresh, old, True)
            if fresh:
                table = await self._save_keeping_state(table)
            return ComeBack(Outcome(table, state, state), seat, fresh, old, False)

    @asynccontextmanager
    async def _seat_in_play(self, user_id: int) -> AsyncIterator[tuple[TableRecord, int] | None]:
        """The user's table in play, locked and freshly loaded, and their seat; else None."""
        found = await self.store.tables.seat_of(user_id)
        if found is None or found.status != "playing":
            yield None
            return
        async with self.lock(found.id or 0):
            table = await self.load(found.id or 0)
            seats = [i for i, s in enumerate(table.seats) if s.user_id == user_id]
            yield (table, seats[0]) if table.status == "playing" and seats else None

    # ----- stop, kick, bookkeeping

    @asynccontextmanager
    async def _managed(self, key: TableKey, user_id: int, is_admin: bool) -> AsyncIterator[TableRecord]:
        """The table at ``key``, locked and freshly loaded, for its creator or an admin only."""
        table = await self.store.tables.get(key)
        if table is None:
            raise TableError("error-no-table")
        async with self.lock(table.id or 0):
            table = await self.load(table.id or 0)
            if user_id != table.creator_id and not is_admin:
                raise TableError("error-creator-only")
            yield table

    async def stop(self, key: TableKey, user_id: int, is_admin: bool) -> Outcome:
        async with self._managed(key, user_id, is_admin) as table:
            playing = table.status == "playing"
            table.status = "stopped"
            table.deadline = None
            state = self.state_of(table) if table.log or table.seed else None
            self._forget(table.id or 0)
            saved = await self._save(table)
            if playing and state is not None:  # issue 18: stored as stopped, not rated
                await scores.finish(self.store, find_game(table.game), saved, state,
                                    self.clock(), status="stopped", rated=False)
            return Outcome(saved, state, state, events=["stopped"])

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
                return Outcome(await self._save(table))
            table.seats[index] = SeatRecord(level=DEFAULT_LEVEL)
            state = self.state_of(table)
            return await self._commit(table, state, state)

    async def remember_message(self, table_id: int, seat: int | None, message_id: int) -> None:
        """Store the id of a table or hand message the renderer had to send anew."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is None:
                return
            if seat is None:
                table.table_message_id = message_id
            else:
                table.seats[seat].hand_message_id = message_id
            await self._save(table)

    async def posted(self, table_id: int, event: str) -> None:
        """A post of the outbox reached the group: it is owed no more."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is not None and event in table.outbox:
                table.outbox.remove(event)
                await self._save_keeping_state(table)

    async def drawn(self, table_id: int) -> None:
        """An ended table's end screen reached the group: it is not drawn again at start-up."""
        async with self.lock(table_id):
            table = await self.store.tables.by_id(table_id)
            if table is not None and table.undrawn:
                table.end_drawn = True
                await self._save_keeping_state(table)

    async def unsent(self) -> list[TableRecord]:
        """Tables whose outbox is not empty, or whose end is not drawn (start-up sends what a
        crash left owed)."""
        return await self.store.tables.unsent()

    async def turn_seconds(self, chat_id: int) -> int:
        chat = await self.store.chats.get(chat_id)
        return chat.turn_seconds if chat else self.default_seconds

    # ----- private helpers

    async def _lobby(self, table_id: int) -> TableRecord:
        table = await self.load(table_id)
        if table.status != "lobby":
            raise TableError("error-stale")
        return table

    async def _seat_to_act(self, table_id: int, user_id: int,
                           move: int) -> tuple[TableRecord, int, Any]:
        table = await self.load(table_id)
        seat = _seat_index(table, user_id)
        if table.status != "playing":
            raise TableError("error-table-over")
        table = await self._returning(table, seat)
        if move > len(table.log) or any(s == seat for s, _ in table.log[move:]):
            raise TableError("error-stale")
        state = self.state_of(table)
        if seat not in find_game(table.game).to_act(state):
            raise TableError("illegal-not-your-turn")
        return table, seat, state

    async def _returning(self, table: TableRecord, seat: int) -> TableRecord:
        """Any press by an away seat's owner gives the seat back to them."""
        if not table.seats[seat].away:
            return table
        table.seats[seat].away = False
        table.seats[seat].missed_turns = 0
        table.outbox.append(f"back:{seat}")
        return await self._save_keeping_state(table)

    async def _apply_human(self, table: TableRecord, seat: int, state: Any,
                           code: str) -> Outcome:
        game = find_game(table.game)
        try:
            after = game.apply(state, seat, parse(game, code))
        except BadCode as error:
            raise TableError("error-bad-button") from error
        except IllegalAction as error:
            raise TableError(f"illegal-{error.key}", game=table.game, **error.details) from error
        except (ValueError, KeyError, IndexError) as error:  # an action of another game's kind
            raise TableError("error-bad-button") from error
        table.log.append((seat, code))
        record = table.seats[seat]
        record.selection, record.pick = [], ""
        record.missed_turns = 0
        return await self._commit(table, after, state)

    async def _commit(self, table: TableRecord, state: Any, before: Any,
                      events: list[str] | None = None) -> Outcome:
        """Save a table that moved to ``state``: the deadline armed while a present human is to
        act, the finished match written; the outcome says whether a computer is to act."""
        game = find_game(table.game)
        events = list(events or [])
        acting = [table.seats[s] for s in game.to_act(state)]
        table.outbox.extend(_results_owed(game, state, before))
        if game.is_over(state):
            table.status = "finished"
            table.deadline = None
            events.append("finished")
            table.outbox.append("match")
        elif any(r.user_id is not None and not r.away for r in acting) or _all_away(table):
            table.deadline = self.clock() + await self.turn_seconds(table.key.chat_id)
        else:
            table.deadline = None
        saved = await self._save(table)
        self._states[saved.id or 0] = (saved.version, state)
        if game.is_over(state):
            self._forget(saved.id or 0)
            await scores.finish(self.store, game, saved, state, self.clock())  # issue 18
        computers = not game.is_over(state) and any(r.user_id is None or r.away for r in acting)
        return Outcome(saved, state, before, events=events, computers=computers)

    async def _save_keeping_state(self, table: TableRecord) -> TableRecord:
        """Save a change that is not a move (a draft, a missed turn): the cached state holds."""
        cached = self._states.get(table.id or 0)
        saved = await self._save(table)
        if cached and cached[0] == table.version:
            self._states[table.id or 0] = (saved.version, cached[1])
        return saved

    def _forget(self, table_id: int) -> None:
        """An ended table: no cached state, and no lock (every later request is refused)."""
        self._states.pop(table_id, None)
        self._locks.pop(table_id, None)

    async def _save(self, table: TableRecord) -> TableRecord:
        return await self.store.tables.save(table)


COACH_OPTION = (0, 1)  # the lobby's 💡: off by default, the creator turns it on


def _options(game: str) -> dict[str, tuple[int, ...]]:
    """The lobby's options: the game's rule options, then the bot's coach."""
    return {**find_game(game).options, "coach": COACH_OPTION}


def _results_owed(game: Game, state: Any, before: Any) -> list[str]:
    """The deal results a move owes the group: one per deal ended by it (a move may end several,
    as when a 56 deal is passed out)."""
    done = len(game.public_observation(before).history) if before is not None else 0
    return [f"deal:{n}" for n in range(done + 1, len(game.public_observation(state).history) + 1)]


def _all_away(table: TableRecord) -> bool:
    """Every human at the table is away (and there is one): nobody is watching it."""
    humans = [s for s in table.seats if s.user_id is not None]
    return bool(humans) and all(s.away for s in humans)


def _human(person: Person) -> SeatRecord:
    return SeatRecord(user_id=person.id, name=person.name, username=person.username)


def _seat_index(table: TableRecord, user_id: int) -> int:
    for index, seat in enumerate(table.seats):
        if seat.user_id == user_id:
            return index
    raise TableError("error-not-seated")


def _card_in(card: str, legal: Sequence[Any]) -> bool:
    """Whether a card code appears in some legal action ('pass:2C,3C,4C' has 2C, 3C and 4C);
    stops at the first, as Hearts offers 286 passes."""
    return any(card in code_cards(str(action)) for action in legal)

