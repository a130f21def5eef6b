"""A fair table's secret and entropy (issue 41) on every backend: kept as they are (at least 128
bits of secret), the seed derived from them once the match starts, the same for its match; the
tables before keep their 64-bit seeds."""

from __future__ import annotations

import secrets

from engine.fair import commitment, match_seed
from storage import MatchRecord, SeatResult, Store
from tests.storage.fake_game import moves
from tests.storage.test_contract import table

SECRET = bytes(range(32))
ENTROPY = ["tg:4417290110", "page:9f3a", "tg:ünï code"]


async def test_a_fair_lobby_and_its_match_keep_the_secret_and_entropy(store: Store) -> None:
    lobby = await store.tables.create(table(status="lobby", seed=0, secret=SECRET))
    assert (await store.tables.by_id(lobby.id or 0)) == lobby and lobby.seed == 0
    lobby.entropy += ENTROPY
    lobby = await store.tables.save(lobby)
    assert (await store.tables.by_id(lobby.id or 0)) == lobby
    seed = match_seed(SECRET, ENTROPY)
    lobby.status, lobby.seed, lobby.log = "playing", seed, moves(seed % 4, 2)
    playing = await store.tables.save(lobby)
    stored = await store.tables.by_id(playing.id or 0)
    assert stored is not None and stored == playing
    assert stored.secret == SECRET and len(stored.secret) * 8 >= 128
    assert stored.seed == match_seed(SECRET, ENTROPY) and stored.seed.bit_length() == 257
    assert [t.id for t in await store.tables.active()] == [playing.id]
    assert await store.tables.get(playing.key) == stored


async def test_a_fair_match_keeps_its_secret_and_its_seed(store: Store) -> None:
    seed = match_seed(SECRET, ENTROPY)
    results = [SeatResult(seat=0, user_id=1, name="a", score=3, place=1),
               SeatResult(seat=1, level="easy", name="bot", score=1, place=2)]
    fair = MatchRecord(table_id=1, chat_id=-5, game="counting", seed=seed, secret=SECRET,
                       entropy=ENTROPY, log=moves(0, 3), finished_at=1.0, results=results)
    old = fair.model_copy(update={"seed": 2**47 + 5, "secret": b"", "entropy": [],
                                  "finished_at": 2.0})
    added = [await store.matches.add(m) for m in (fair, old)]
    assert await store.matches.recent(-5) == added[::-1]
    got = (await store.matches.recent(-5))[1]
    assert (got.seed, got.secret, got.entropy) == (seed, SECRET, ENTROPY)
    assert commitment(got.secret) == commitment(SECRET)


async def test_an_older_table_keeps_its_seed_and_has_no_secret(store: Store) -> None:
    seed = secrets.randbits(48)
    created = await store.tables.create(table(seed=seed))
    stored = await store.tables.by_id(created.id or 0)
    assert stored is not None and (stored.seed, stored.secret, stored.entropy) == (seed, b"", [])


async def test_a_fair_lobby_closed_before_its_start_has_no_seed(store: Store) -> None:
    lobby = await store.tables.create(table(status="lobby", seed=0, secret=SECRET))
    lobby.status = "stopped"
    closed = await store.tables.save(lobby)
    stored = await store.tables.by_id(closed.id or 0)
    assert stored is not None and stored.seed == 0 and stored.secret == SECRET
