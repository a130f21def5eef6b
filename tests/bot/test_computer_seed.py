"""A computer's dice apart from the deal's (issue 28): the computers' generator is seeded from
the table's own computer seed, never from the seed that deals."""

from __future__ import annotations

from typing import Any

from bot.play.kernel import Kernel
from bot.play.records import Person
from bot.play.tables import Tables
from bot.play.thinkers import decide
from engine import find_game
from storage import TableKey
from storage.memory.store import MemoryStore

CREATOR = Person(1, "Aram")


async def computers_play(tables: Tables, chat_id: int, moves: int) -> tuple[Any, list[str]]:
    """A Hearts table of four Hard computers (its creator watching), ``moves`` moves into the
    match: (every seat's first observation, the moves' codes)."""
    created = await tables.lobby.create(TableKey(chat_id=chat_id), CREATOR, "hearts", seat_creator=False)
    table_id = created.table.id or 0
    await tables.lobby.add_computers(table_id, CREATOR.id, "hard", 4)
    started = await tables.lobby.start(table_id, CREATOR.id, is_admin=False)
    game = find_game("hearts")
    dealt = [game.observation(started.state, seat) for seat in range(4)]
    for _ in range(moves):
        turn = await tables.turns.computer_turn(table_id)
        assert turn is not None
        await tables.turns.computer_move(turn, decide(turn.level, turn.game, turn.observation,
                                                 turn.legal, turn.seed))
    table = await tables.kernel.load(table_id)
    return dealt, [code for _, code in table.log]


async def test_the_same_deal_with_other_computer_seeds_can_be_played_otherwise() -> None:
    store: Any = MemoryStore()
    one, again, other = (Tables(Kernel(store, seed=7, computer_seed=secret)) for secret in (1, 1, 2))
    dealt, played = await computers_play(one, -1, 8)  # the passes, and the first trick
    assert (dealt, played) == await computers_play(again, -2, 8), "a fixed seed replays"
    other_dealt, other_played = await computers_play(other, -3, 8)
    assert other_dealt == dealt, "the deal is the deal seed's alone"
    assert other_played != played, "the computers' choices are their own seed's"


async def test_a_table_draws_its_computer_seed_apart_from_its_deal() -> None:
    store: Any = MemoryStore()
    tables = Tables(Kernel(store, seed=7))
    seeds = set()
    for chat_id in (-1, -2):
        created = await tables.lobby.create(TableKey(chat_id=chat_id), CREATOR, "hearts", False)
        await tables.lobby.add_computers(created.table.id or 0, CREATOR.id, "normal", 4)
        started = await tables.lobby.start(created.table.id or 0, CREATOR.id, is_admin=False)
        assert started.table.seed == 7
        seeds.add(started.table.computer_seed)
        turn = await tables.turns.computer_turn(created.table.id or 0)
        assert turn is not None and turn.seed == f"{started.table.computer_seed}:0"
    assert len(seeds) == 2 and 7 not in seeds
