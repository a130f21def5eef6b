"""The lobby's use cases: open a table (or a rematch), choose the game and its options, take and
leave seats, seat computers, start the match."""

from __future__ import annotations

import secrets
from typing import Any

from engine import GAME_NAMES, find_game
from engine.core import teams_of
from engine.fair import match_seed
from engine.players import LEVEL_NAMES
from storage import SeatRecord, StorageError, TableKey, TableRecord

from .kernel import Kernel, human
from .records import LobbyInfo, Outcome, Person, TableError

COACH_OPTION = (0, 1)  # the lobby's 💡: off by default, the creator turns it on


class Lobby:
    def __init__(self, kernel: Kernel) -> None:
        self.kernel = kernel

    async def create(self, key: TableKey, creator: Person, game: str | None,
                     seat_creator: bool) -> Outcome:
        kernel = self.kernel
        if game is not None and game not in GAME_NAMES:
            raise TableError("lobby-unknown-game", games=", ".join(GAME_NAMES))
        if await kernel.store.tables.get(key) is not None:
            raise TableError("lobby-table-exists")
        table = TableRecord(key=key, game=game or "", creator_id=creator.id,
                            players=max(find_game(game).sizes) if game else 4,
                            secret=kernel.new_secret())
        async with kernel.seating():
            if seat_creator and await kernel.store.tables.seat_of(creator.id) is None:
                table.seats.append(human(creator))
            return await self._create(table)

    async def rematch(self, table_id: int, person: Person) -> Outcome:
        """A new lobby at an ended table's place with the same game and the same seats (humans
        who sit elsewhere by now are left out); whoever pressed opens it."""
        async with self.kernel.seating():
            old = await self.kernel.load(table_id)
            if old.status not in ("finished", "stopped") or not old.game:
                raise TableError("error-stale")
            if not any(s.user_id == person.id for s in old.seats):
                raise TableError("error-not-seated")
            seats = [SeatRecord(user_id=s.user_id, level=s.level, name=s.name,
                                username=s.username, hand_ephemeral=s.hand_ephemeral)
                     for s in old.seats
                     if s.user_id is None or await self.kernel.store.tables.seat_of(
                         s.user_id) is None]
            key = old.key.model_copy(update={"slot": 0})  # a tournament's table: the chat's own now
            if await self.kernel.store.tables.get(key) is not None:
                raise TableError("lobby-table-exists")
            return await self._create(TableRecord(key=key, game=old.game, rules=old.rules,
                                                  players=old.players, seats=seats,
                                                  creator_id=person.id,
                                                  secret=self.kernel.new_secret()))

    async def _create(self, table: TableRecord) -> Outcome:
        try:
            return Outcome(await self.kernel.store.tables.create(table))
        except StorageError as error:
            raise TableError("lobby-table-exists") from error

    async def choose_game(self, table_id: int, user_id: int, game: str) -> Outcome:
        async with self.kernel.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("error-creator-only")
            if game not in GAME_NAMES:
                raise TableError("error-bad-button")
            table.game = game
            table.rules = {}
            table.players = max(find_game(game).sizes)
            del table.seats[table.players:]
            return Outcome(await self.kernel.save(table))

    async def cycle_option(self, table_id: int, user_id: int, name: str) -> Outcome:
        """The lobby's option button: the next allowed value of a rule option (creator only)."""
        async with self.kernel.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id:
                raise TableError("error-creator-only")
            allowed = options(table.game).get(name) if table.game else None
            if not allowed:
                raise TableError("error-bad-button")
            now = table.rules.get(name, allowed[0])
            index = allowed.index(now) if now in allowed else -1
            table.rules[name] = allowed[(index + 1) % len(allowed)]
            return Outcome(await self.kernel.save(table))

    async def join(self, table_id: int, person: Person, entropy: str = "") -> Outcome:
        async with self.kernel.seating(), self.kernel.lock(table_id):
            table = await self._lobby(table_id)
            if any(s.user_id == person.id for s in table.seats):
                raise TableError("lobby-already-joined")
            if await self.kernel.store.tables.seat_of(person.id) is not None:
                raise TableError("error-seated-elsewhere")
            if len(table.seats) >= table.players:
                raise TableError("lobby-full")
            table.seats.append(human(person))
            return Outcome(await self.kernel.save(mixed(table, entropy)))

    async def leave(self, table_id: int, user_id: int) -> Outcome:
        async with self.kernel.lock(table_id):
            table = await self._lobby(table_id)
            seats = [s for s in table.seats if s.user_id != user_id]
            if len(seats) == len(table.seats):
                raise TableError("error-not-seated")
            table.seats = seats
            return Outcome(await self.kernel.save(table))

    async def add_computers(self, table_id: int, user_id: int, level: Any,
                            upto: int | None = None, entropy: str = "") -> Outcome:
        """Computers of ``level`` in free seats: one, or as many as make a table of ``upto``
        seats (a size the game is played at). The fill button names the size, so a double tap or
        a press on a lobby drawn before someone sat adds what its presser saw, never more."""
        async with self.kernel.lock(table_id):
            table = await self._lobby(table_id)
            if level not in LEVEL_NAMES:
                raise TableError("error-bad-button")
            if user_id != table.creator_id and all(s.user_id != user_id for s in table.seats):
                raise TableError("error-not-seated")
            if upto is None:
                upto = len(table.seats) + 1
            elif upto not in lobby_info(table).sizes:
                raise TableError("error-bad-button")
            if len(table.seats) >= min(upto, table.players):
                raise TableError("lobby-full")
            table.seats += [SeatRecord(level=level) for _ in range(upto - len(table.seats))]
            return Outcome(await self.kernel.save(mixed(table, entropy)))

    async def start(self, table_id: int, user_id: int, is_admin: bool,
                    entropy: str = "") -> Outcome:
        kernel = self.kernel
        async with kernel.lock(table_id):
            table = await self._lobby(table_id)
            if user_id != table.creator_id and not is_admin:
                raise TableError("error-creator-only")
            if not table.game:
                raise TableError("lobby-choose-game")
            if len(table.seats) not in find_game(table.game).sizes:
                raise TableError("lobby-not-full")
            table.players = len(table.seats)
            table.seed = deal_seed(mixed(table, entropy), kernel.seed)
            table.computer_seed = kernel.computer_seed if kernel.computer_seed is not None \
                else secrets.randbits(63)
            table.status = "playing"
            state = kernel.state_of(table)
            return await kernel.commit(table, state, state, events=["started"])

    async def _lobby(self, table_id: int) -> TableRecord:
        table = await self.kernel.load(table_id)
        if table.status != "lobby":
            raise TableError("error-stale")
        return table


def mixed(table: TableRecord, entropy: str) -> TableRecord:
    """A fair lobby with a seating press's id recorded: drawn after the commitment was shown,
    so the server could not know it when it committed."""
    if table.secret and entropy:
        table.entropy.append(entropy)
    return table


def deal_seed(table: TableRecord, fixed: int | None) -> int:
    """The seed a match deals from: its secret's mixed with the entropy (a fair table), else
    the fixed one (tests), else 48 random bits (no secret: a lobby opened before issue 41)."""
    if table.secret:
        return match_seed(table.secret, table.entropy)
    return fixed if fixed is not None else secrets.randbits(48)


def options(game: str) -> dict[str, tuple[int, ...]]:
    """The lobby's options: the game's rule options, then the bot's coach."""
    return {**find_game(game).options, "coach": COACH_OPTION}


def lobby_info(table: TableRecord) -> LobbyInfo:
    """Sizes, options and, once the seats fit, the teams the engine would deal to."""
    if not table.game:
        return LobbyInfo()
    game = find_game(table.game)
    chosen = tuple((name, int(str(table.rules.get(name, values[0]))))
                   for name, values in options(table.game).items())
    sizes = tuple(s for s in game.sizes if s <= table.players)  # a rematch keeps its size
    teams: tuple[tuple[int, ...], ...] = ()
    if len(table.seats) in game.sizes:
        rules: dict[str, Any] = {k: v for k, v in table.rules.items() if k in game.options}
        teams = teams_of(game, len(table.seats), **rules)
    return LobbyInfo(sizes, chosen, teams)
