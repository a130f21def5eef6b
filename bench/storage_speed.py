"""How fast the SQLite store commits actions: ``python bench/storage_speed.py``
(``--url postgresql://user@host/db`` measures a PostgreSQL database instead: an empty scratch
one, as the 1,000 tables are left in it).

Fills a temporary file with 1,000 running tables (each with part of a match already in its log),
then for a few seconds appends one action at a time to random tables the way the bot does: load
by id, append, save. Prints committed actions a second and the latency of one append (p50, p99).
A second run offers actions at a steady rate (random arrivals) to random tables at once, as many
busy tables would, one at a time per table as the bot does: latency then includes waiting for the
other tables' saves.
Aim (one at a time): >= 1,000 actions/s and p99 < 10 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from storage import SeatRecord, Store, TableKey, TableRecord, open_sqlite, open_store  # noqa: E402

CARDS = [rank + suit for suit in "CDHS" for rank in "23456789TJQKA"]


def new_table(n: int, rng: random.Random, max_log: int) -> TableRecord:
    seats = [SeatRecord(user_id=1000 * n + s, name=f"Player {s}") for s in range(4)]
    log = [(i % 4, "play:" + rng.choice(CARDS)) for i in range(rng.randint(0, max_log))]
    return TableRecord(
        key=TableKey(chat_id=-(10**12) - n), game="hearts", seats=seats, seed=rng.getrandbits(62),
        log=log, status="playing", table_message_id=n, deadline=time.time() + 60,
    )  # fmt: skip


async def fill(store: Store, tables: int, max_log: int) -> list[int]:
    rng = random.Random(1)
    return [(await store.tables.create(new_table(n, rng, max_log))).id or 0 for n in range(tables)]


async def append_one(store: Store, table_id: int, rng: random.Random) -> tuple[float, float]:
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


async def one_at_a_time(store: Store, ids: list[int], seconds: float) -> None:
    rng = random.Random(2)
    appends: list[float] = []
    saves: list[float] = []
    start = time.perf_counter()
    while time.perf_counter() < start + seconds:
        append, save = await append_one(store, rng.choice(ids), rng)
        appends.append(append)
        saves.append(save)
    elapsed = time.perf_counter() - start
    print(
        f"one at a time: {len(appends) / elapsed:5.0f} committed actions/s;  one append "
        f"(load, append, save) p50 {ms(appends, 50)}  p99 {ms(appends, 99)}  "
        f"max {max(appends) * 1000:.1f} ms;  save alone p50 {ms(saves, 50)}  p99 {ms(saves, 99)}"
    )


async def offered(store: Store, ids: list[int], seconds: float, rate: float) -> None:
    rng = random.Random(3)
    locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
    latencies: list[float] = []

    async def arrive(table_id: int) -> None:
        arrived = time.perf_counter()
        async with locks[table_id]:  # the bot handles one table's updates at a time
            await append_one(store, table_id, rng)
        latencies.append(time.perf_counter() - arrived)

    tasks = []
    start = time.perf_counter()
    due = start
    while due < start + seconds:
        due += rng.expovariate(rate)
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        tasks.append(asyncio.create_task(arrive(rng.choice(ids))))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    print(
        f"offered {rate:.0f}/s: {len(latencies) / elapsed:5.0f} committed actions/s;  "
        f"one append p50 {ms(latencies, 50)}  p99 {ms(latencies, 99)}  "
        f"max {max(latencies) * 1000:.1f} ms"
    )


def ms(values: list[float], percent: int) -> str:
    return f"{statistics.quantiles(values, n=100)[percent - 1] * 1000:5.2f} ms"


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--max-log", type=int, default=400, help="longest starting log")
    parser.add_argument("--seconds", type=float, default=5.0, help="for each run")
    parser.add_argument("--rate", type=float, default=500, help="actions/s offered, second run")
    parser.add_argument("--url", help="a database URL (postgresql://...) instead of SQLite")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.db"
        store: Store = await open_store(args.url) if args.url else await open_sqlite(path)
        started = time.perf_counter()
        ids = await fill(store, args.tables, args.max_log)
        if args.url:
            size = f"{args.url.rsplit('/', 1)[-1]} on PostgreSQL"
        else:
            size = f"{(path.stat().st_size + Path(f'{path}-wal').stat().st_size) / 1e6:.1f} MB with WAL"
        print(
            f"{len(ids)} live tables, up to {args.max_log} actions each, filled in "
            f"{time.perf_counter() - started:.1f} s ({size}); "
            f"machine load {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs"
        )
        try:
            await one_at_a_time(store, ids, args.seconds)
            await offered(store, ids, args.seconds, args.rate)
        finally:
            await store.close()


if __name__ == "__main__":
    asyncio.run(main())
