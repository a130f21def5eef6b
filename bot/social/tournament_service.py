"""Tournaments' use cases (issue 27): the sign-up, its start at the stored time, the rounds'
tables (ordinary tables at the chat's key with a slot each, started at once, so everything a
table does, timers, computers for the away, restarts, its match rated and written, is the
table's own), each round's points once its tables have ended, and the end. No Telegram here.

Every step is idempotent from the stored record, so a process killed anywhere is carried on by
the next ``advance``: a round is planned (its seating saved) before its tables are made, a table
already made for a round and board is taken rather than made again, and a round's points are
counted once (``points`` has one entry per ended round). ``advance`` runs at start-up, every
few seconds (JobQueue), and when a tournament's table ends.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from engine import GAME_NAMES, find_game
from engine.core import teams_of
from engine.fair import derived
from engine.players import DEFAULT_LEVEL
from storage import SeatRecord, StorageError, Store, TableKey, TableRecord
from storage.interface.scores import player_key
from storage.interface.tournaments import Entrant, TournamentRecord

from ..locks import Locks
from ..play.records import Outcome, Person, TableError
from ..play.tables import Tables
from . import duplicate_rounds, pairing, ratings

ROUNDS = (3, 1, 2, 4, 5)  # the rounds button cycles through these
LEAST = 2  # entrants a tournament needs at its start
STORY_LATE = 60.0  # seconds an ended table's match may take to be stored (``_count_round``)
ENTROPY = 16  # sign-up presses kept as its tables' entropy: the first ones (a bound, not a choice)


@dataclass
class Step:
    """What an ``advance`` or a press changed: the tournament (to draw its message) and the
    tables it started (to publish)."""

    tournament: TournamentRecord
    started: list[Outcome] = field(default_factory=list)
    closed: list[Outcome] = field(default_factory=list)  # its tables a cancel stopped


class TournamentService:
    def __init__(self, store: Store, tables: Tables,
                 clock: Callable[[], float] = time.time,
                 in_group: Callable[[int], Awaitable[bool]] | None = None) -> None:
        self.store = store
        self.tables = tables
        self.clock = clock
        self.in_group = in_group or _private  # where a person's hand is (People.place_of)
        self._locks = Locks()

    @asynccontextmanager
    async def lock(self, tournament_id: int) -> AsyncIterator[TournamentRecord]:
        """The tournament to oneself (this process's coroutines, and other processes by the
        store's hold under the negative id, which no table has), read fresh."""
        async with self._locks(tournament_id), self.store.tables.hold(-tournament_id):
            found = await self.store.tournaments.get(tournament_id)
            if found is None:
                raise TableError("error-stale")
            yield found

    # ----- the sign-up

    async def open(self, key: TableKey, creator: Person, game: str, start_at: float,
                   may_open: bool) -> TournamentRecord:
        if game not in GAME_NAMES:
            raise TableError("lobby-unknown-game")
        if not may_open:
            raise TableError("tournament-who")
        if await self.store.tournaments.live(key.chat_id) is not None:
            raise TableError("tournament-exists")
        record = TournamentRecord(chat_id=key.chat_id, thread_id=key.thread_id, game=game,
                                  rounds=ROUNDS[0], start_at=start_at, creator_id=creator.id,
                                  secret=self.tables.kernel.new_secret().hex())
        try:
            return await self.store.tournaments.create(record)
        except StorageError as error:
            raise TableError("tournament-exists") from error

    async def press(self, tournament_id: int, person: Person, action: str,
                    is_admin: bool, entropy: str = "") -> Step:
        """A sign-up button: join, leave, the next value of an option or of the rounds, start
        now, cancel (the last four: its opener or an admin). Once it runs, only cancel. A
        sign-up press's id (``entropy``) is recorded: made after the commitment was shown."""
        async with self.lock(tournament_id) as t:
            if t.status == "signup" and t.secret and entropy and len(t.entropy) < ENTROPY:
                t.entropy.append(entropy)  # saved only with what the press changes
            if t.status == "playing" and action == "cancel":
                if person.id != t.creator_id and not is_admin:
                    raise TableError("error-creator-only")
                return await self._cancel(t)
            if t.status != "signup":
                raise TableError("error-stale")
            mine = [e for e in t.entrants if e.user_id == person.id]
            if action == "join":
                if mine:
                    raise TableError("lobby-already-joined")
                t.entrants.append(Entrant(user_id=person.id, name=person.name,
                                          username=person.username))
            elif action == "leave":
                if not mine:
                    raise TableError("error-not-seated")
                t.entrants.remove(mine[0])
            elif person.id != t.creator_id and not is_admin:
                raise TableError("error-creator-only")
            elif action == "start":
                t.start_at = min(t.start_at, self.clock())
                return await self._advance(t) or Step(t)
            elif action == "cancel":
                t.status = "cancelled"
            else:
                _cycle(t, action)
            return Step(await self.store.tournaments.save(t))

    async def _cancel(self, t: TournamentRecord) -> Step:
        """A running tournament called off: each of its tables still open is stopped as /stop
        stops one (its match kept, unrated), and no round is counted after."""
        t.status = "cancelled"
        step = Step(await self.store.tournaments.save(t))
        for table in await self.store.tournaments.tables(t.id or 0):
            if table.status in ("lobby", "playing"):
                try:
                    step.closed.append(await self.tables.admin.stop(table.key, t.creator_id or 0, True))
                except TableError:  # ended meanwhile
                    continue
        return step

    # ----- carrying it on

    async def advance(self, tournament_id: int) -> Step | None:
        """Whatever is due: the start, a round's tables, a round's points, the next round or
        the end. None when nothing was."""
        async with self.lock(tournament_id) as t:
            return await self._advance(t)

    async def _advance(self, t: TournamentRecord) -> Step | None:
        if t.status == "signup":
            return await self._start(t) if self.clock() >= t.start_at else None
        if t.status != "playing":
            return None
        if len(t.seating) > len(t.tables):  # planned, its tables not all made yet
            return await self._make_tables(t)
        if len(t.points) < len(t.tables):
            return await self._count_round(t)
        return None

    async def _start(self, t: TournamentRecord) -> Step:
        if len(t.entrants) < LEAST:
            t.status, t.too_few = "cancelled", True
            t.outbox.append("too-few")
            return Step(await self.store.tournaments.save(t))
        for entrant in t.entrants:
            entrant.rating = ratings.shown(await self.store.scores.rating(
                t.game, player_key(entrant.user_id, None)))
        t.status = "playing"
        return await self._plan(t)

    async def _plan(self, t: TournamentRecord) -> Step:
        """The next round's seating, saved before any of its tables is made."""
        size = max(find_game(t.game).sizes)
        rating = {e.user_id: e.rating for e in t.entrants}
        points = pairing.totals(t.points) if t.points else None
        order = pairing.ranked(list(rating), rating, points)
        rules: dict[str, Any] = dict(t.rules)
        teams = teams_of(find_game(t.game), size, **rules)
        partnered = frozenset(pair for seating in t.seating for table in seating
                              for pair in pairing.partners(table, teams))
        met = frozenset(pair for seating in t.seating for table in seating
                        for pair in pairing.opponents(table))
        seating = pairing.seat_round(order, size, teams, partnered, met)
        if t.duplicate:  # one secret a round; in team games each pair on every side
            seating = duplicate_rounds.turned(seating, teams, len(t.seating))
            if not t.secret:  # opened before tournaments had a secret: drawn now
                t.round_secrets.append(self.tables.kernel.new_secret().hex())
        t.seating.append(seating)
        t = await self.store.tournaments.save(t)
        return await self._make_tables(t)

    async def _make_tables(self, t: TournamentRecord) -> Step:
        """The planned round's tables, started; one already made for a board is taken."""
        number = len(t.seating)
        made = {table.key.slot: table for table in await self.store.tournaments.tables(t.id or 0)
                if table.tour_round == number}
        names = {e.user_id: e for e in t.entrants}
        started, ids = [], []
        for board, seats in enumerate(t.seating[-1], start=1):
            table = made.get(board) or await self.store.tables.create(TableRecord(
                key=TableKey(chat_id=t.chat_id, thread_id=t.thread_id, slot=board),
                game=t.game, rules=_rules(t), players=len(seats), creator_id=t.creator_id,
                tournament_id=t.id, tour_round=number, secret=self._secret(t, number, board),
                entropy=list(t.entropy),
                seats=[_seat(names[u], await self.in_group(u)) if u is not None
                       else SeatRecord(level=DEFAULT_LEVEL) for u in seats]))
            if table.status == "lobby":
                started.append(await self.tables.lobby.start(table.id or 0, t.creator_id or 0, True))
            ids.append(table.id or 0)
        t.tables.append(ids)
        return Step(await self.store.tournaments.save(t), started)

    def _secret(self, t: TournamentRecord, number: int, board: int) -> bytes:
        """A round's table's secret: derived from the tournament's (a duplicate round's tables
        alike); a tournament opened before that: the round's (duplicate), else its own."""
        if t.secret:
            return derived(bytes.fromhex(t.secret), table_label(t, number, board))
        if t.duplicate:
            return bytes.fromhex(t.round_secrets[number - 1])
        return self.tables.kernel.new_secret()

    async def _count_round(self, t: TournamentRecord) -> Step | None:
        """The current round's points once every one of its tables has ended (finished, or
        closed with everyone away: its places so far count) and its match is stored. A table is
        saved as ended just before its match is: a look in between (another table's end, the
        periodic job) waits, else that table's players would count as all last. A match still
        missing after STORY_LATE (the bot killed in between) counts so, rather than hold the
        tournament for ever."""
        points: dict[int, int] = {}
        seating = t.seating[len(t.tables) - 1]
        tables, stories = [], []
        for board, table_id in enumerate(t.tables[-1]):
            table = await self.store.tables.by_id(table_id)
            if table is None or table.status in ("lobby", "playing"):
                return None
            story = await self.store.scores.story_of_table(table_id)
            if story is None and time.time() - table.updated_at < STORY_LATE:
                return None  # its match is being stored: the table's own end counts the round
            seats = seating[board]
            places = [r.place for r in story.match.results] if story else [len(seats)] * len(seats)
            points.update(pairing.round_points(places, seats))
            tables.append(table)
            stories.append(story)
        if t.duplicate:  # matchpoints, and the round's post (the hands are no secret now)
            points = duplicate_rounds.count(tables, stories, seating).points
            t.outbox.append(f"round:{len(t.tables)}")
        t.points.append({e.user_id: points.get(e.user_id, 0) for e in t.entrants})
        if len(t.points) < t.rounds:
            return await self._plan(t)
        t.status = "finished"
        t.outbox.append("final")
        return Step(await self.store.tournaments.save(t))

    async def live(self) -> list[TournamentRecord]:
        return await self.store.tournaments.every_live()

    async def posted(self, tournament_id: int, event: str) -> None:
        async with self.lock(tournament_id) as t:
            if event in t.outbox:
                t.outbox.remove(event)
                await self.store.tournaments.save(t)

    async def remember_message(self, tournament_id: int, message_id: int) -> None:
        async with self.lock(tournament_id) as t:
            t.message_id = message_id
            await self.store.tournaments.save(t)

    async def round_of(self, t: TournamentRecord, number: int
                       ) -> tuple[duplicate_rounds.Round, list[TableRecord]]:
        """A counted duplicate round again from the stores, for its post: its boards, and its
        tables (by board) for their names and the check of their deals."""
        tables = [await self.store.tables.by_id(i) for i in t.tables[number - 1]]
        stories = [await self.store.scores.story_of_table(i) for i in t.tables[number - 1]]
        counted = duplicate_rounds.count(tables, stories, t.seating[number - 1])
        return counted, [x for x in tables if x is not None]

    async def standings_of(self, t: TournamentRecord) -> list[tuple[Entrant, int]]:
        """The entrants best first, with their points so far (the sum of the rounds)."""
        total = pairing.totals(t.points)
        order = pairing.ranked([e.user_id for e in t.entrants],
                               {e.user_id: e.rating for e in t.entrants}, total)
        by_id = {e.user_id: e for e in t.entrants}
        return [(by_id[u], total.get(u, 0)) for u in order]


def _seat(entrant: Entrant, in_group: bool) -> SeatRecord:
    return SeatRecord(user_id=entrant.user_id, name=entrant.name, username=entrant.username,
                      hand_ephemeral=in_group)


async def _private(user_id: int) -> bool:
    return False


def table_label(t: TournamentRecord, number: int, board: int) -> str:
    """The label a table's secret is derived under (engine/fair.py)."""
    return f"round:{number}" if t.duplicate else f"round:{number}/board:{board}"


def _rules(t: TournamentRecord) -> dict[str, object]:
    """A round's tables' rules: the tournament's, and a duplicate round's mark."""
    return {**t.rules, duplicate_rounds.DUPLICATE: 1} if t.duplicate else dict(t.rules)


def _cycle(t: TournamentRecord, action: str) -> None:
    """'rounds', 'duplicate' or 'opt:<name>': the next allowed value."""
    if action == "duplicate":
        t.duplicate = not t.duplicate
        return
    if action == "rounds":
        t.rounds = ROUNDS[(ROUNDS.index(t.rounds) + 1) % len(ROUNDS)] if t.rounds in ROUNDS \
            else ROUNDS[0]
        return
    name = action.removeprefix("opt:")
    allowed = find_game(t.game).options.get(name)
    if not action.startswith("opt:") or not allowed:
        raise TableError("error-bad-button")
    now = t.rules.get(name, allowed[0])
    t.rules[name] = allowed[(allowed.index(now) + 1) % len(allowed)] if now in allowed \
        else allowed[0]
