"""The contract of ``store.tournaments`` on every backend (issue 27): one tournament in sign-up
or play per chat, versioned saves, the live ones (and those owing posts) for start-up; a
tournament's tables sit beside the chat's own table, one per slot, and are found by its id."""

from __future__ import annotations

import pytest

from storage import StaleTable, StorageError, Store, TableKey, TableRecord
from storage.interface.tournaments import Entrant, TournamentRecord


async def test_one_live_tournament_a_chat_and_versioned_saves(store: Store) -> None:
    first = await store.tournaments.create(TournamentRecord(
        chat_id=-1, game="hearts", rules={"target": 50}, start_at=100.0,
        entrants=[Entrant(user_id=10, name="Ա", rating=1010)]))
    assert first.id is not None and first.version == 1
    with pytest.raises(StorageError):
        await store.tournaments.create(TournamentRecord(chat_id=-1, game="king"))
    other = await store.tournaments.create(TournamentRecord(chat_id=-2, game="king"))
    assert await store.tournaments.get(first.id) == first
    assert await store.tournaments.live(-1) == first and await store.tournaments.live(-3) is None
    first.status = "playing"
    first.points.append({10: 3})
    saved = await store.tournaments.save(first)
    assert saved.version == 2 and (await store.tournaments.get(first.id)) == saved
    assert saved.points == [{10: 3}]
    with pytest.raises(StaleTable):
        await store.tournaments.save(first)  # version 1: old
    saved.status, saved.outbox = "finished", ["final"]
    done = await store.tournaments.save(saved)
    assert await store.tournaments.live(-1) is None
    assert [t.id for t in await store.tournaments.every_live()] == [first.id, other.id], \
        "a finished one owing its final post is still carried"
    done.outbox = []
    await store.tournaments.save(done)
    assert [t.id for t in await store.tournaments.every_live()] == [other.id]
    again = await store.tournaments.create(TournamentRecord(chat_id=-1, game="king"))
    assert again.id not in (first.id, other.id), "a new one once the last has ended"


async def test_a_tournaments_tables_play_beside_the_chats_own(store: Store) -> None:
    own = await store.tables.create(TableRecord(key=TableKey(chat_id=-1), game="counting",
                                                players=2, status="playing"))
    boards = [await store.tables.create(TableRecord(
        key=TableKey(chat_id=-1, slot=board), game="counting", players=2, status="playing",
        tournament_id=7, tour_round=1)) for board in (1, 2)]
    with pytest.raises(StorageError):
        await store.tables.create(TableRecord(key=TableKey(chat_id=-1, slot=2), game="counting",
                                              players=2, status="playing", tournament_id=7))
    assert await store.tables.get(TableKey(chat_id=-1)) == own
    found = await store.tables.get(TableKey(chat_id=-1, slot=2))
    assert found is not None and found.id == boards[1].id and found.tour_round == 1
    assert [t.id for t in await store.tournaments.tables(7)] == [b.id for b in boards]
    assert await store.tournaments.tables(8) == []
