"""How fast the SQLite store commits actions: ``python bench/storage_speed.py``.

Fills a temporary file with 1,000 running tables (each with part of a match already in its log),
then for a few seconds appends one action at a time to random tables the way the bot does: load
by id, append, save. Prints committed actions a second and the latency of one append (p50, p99).
A second run does the same from several coroutines at once, as busy concurrent tables would: each
starts its next append as soon as the last is saved, so there latency includes waiting behind the
others (one writer at a time), and throughput is the figure to read.
Aim (one at a time): >= 1,000 actions/s and p99 < 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import SeatRecord, SqliteStore, TableKey, TableRecord, open_sqlite  # noqa: E402

CARDS = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]


def new_table(n: int, rng: random.Random, max_log: int) -> TableRecord:
    seats = [SeatRecord(user_id=1000 * n + s, name=f"Player {s}") for s in range(4)]
    log = [(i % 4, "play:" + rng.choice(CARDS)) for i in range(rng.randint(0, max_log))]
    return TableRecord(
        key=TableKey(chat_id=-(10**12) - n), game="hearts", seats=seats, seed=rng.getrandbits(62),
        log=log, status="playing", table_message_id=n, deadline=time.time() + 60,
    )  # fmt: skip


async def fill(store: SqliteStore, tables: int, max_log: int) -> list[int]:
    rng = random.Random(1)
    return [(await store.tables.create(new_table(n, rng, max_log))).id or 0 for n in range(tables)]


async def append_one(store: SqliteStore, table_id: int, rng: random.Random) -> tuple[float, float]:
    """Load, append one action, save; (whole append, save alone) in seconds."""
    start = time.perf_counter()
    record = await store.tables.by_id(table_id)
    assert record is not None
    record.log.append((len(record.log) % 4, "play:" + rng.choice(CARDS)))
    record.deadline = time.time() + 60
    saving = time.perf_counter()
    await store.tables.save(record)
    end = time.perf_counter()
    return end - start, end - saving


async def run(store: SqliteStore, ids: list[int], seconds: float, workers: int) -> None:
    appends: list[float] = []
    saves: list[float] = []
    # Each worker owns its own tables, as the bot handles one table's updates at a time.
    shares = [ids[w::workers] for w in range(workers)]

    async def worker(mine: list[int], seed: int) -> None:
        rng = random.Random(seed)
        while time.perf_counter() < stop:
            append, save = await append_one(store, rng.choice(mine), rng)
            appends.append(append)
            saves.append(save)

    start = time.perf_counter()
    stop = start + seconds
    await asyncio.gather(*(worker(mine, w) for w, mine in enumerate(shares)))
    elapsed = time.perf_counter() - start
    print(
        f"{workers:>2} at a time: {len(appends) / elapsed:7.0f} committed actions/s   "
        f"append p50 {ms(appends, 50)}  p99 {ms(appends, 99)}  max {max(appends) * 1000:6.2f} ms   "
        f"(save alone p50 {ms(saves, 50)}  p99 {ms(saves, 99)})"
    )


def ms(values: list[float], percent: int) -> str:
    return f"{statistics.quantiles(values, n=100)[percent - 1] * 1000:5.2f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--max-log", type=int, default=400, help="longest starting log")
    parser.add_argument("--seconds", type=float, default=5.0, help="for each run")
    parser.add_argument("--workers", type=int, default=16, help="coroutines in the second run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        store = await open_sqlite(path)
        started = time.perf_counter()
        ids = await fill(store, args.tables, args.max_log)
        size = path.stat().st_size + Path(f"{path}-wal").stat().st_size
        print(
            f"{len(ids)} live tables, up to {args.max_log} actions each, filled in "
            f"{time.perf_counter() - started:.1f} s ({size / 1e6:.1f} MB with WAL)"
        )
        await run(store, ids, args.seconds, 1)
        await run(store, ids, args.seconds, args.workers)
        await store.close()


if __name__ == "__main__":
    asyncio.run(main())
