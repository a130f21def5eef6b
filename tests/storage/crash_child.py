"""The writer the crash test kills: ``python -m tests.storage.crash_child``.

Python start-up and imports take most of a second, so this process starts once and, for each
``PATH SEED`` line on stdin, forks a writer (no threads exist yet at the fork): the writer opens
the store at PATH, creates TABLES running tables, prints ``ready PID``, then forever saves 1-3 more
actions to a random table, printing ``try ID VERSION LENGTH`` before each save and ``done ID
VERSION LENGTH`` once it has committed (the version and log length the save writes). The test kills the writer with SIGKILL; this process then prints ``end``.
"""

from __future__ import annotations

import asyncio
import os
import random
import sys

from storage import TableKey, TableRecord, open_sqlite
from tests.storage.fake_game import moves

TABLES = 30


async def write_forever(path: str, seed: int) -> None:
    rng = random.Random(seed)
    store = await open_sqlite(path)
    records = []
    for n in range(TABLES):
        record = TableRecord(key=TableKey(chat_id=-n), game="counting", seed=0, status="playing")
        records.append(await store.tables.create(record))
    print("ready", os.getpid(), flush=True)
    while True:
        i = rng.randrange(TABLES)
        record = records[i]
        record.log = moves(0, len(record.log) + rng.randint(1, 3))
        print("try", record.id, record.version + 1, len(record.log), flush=True)
        records[i] = await store.tables.save(record)
        print("done", record.id, record.version + 1, len(record.log), flush=True)


def serve() -> None:
    for line in sys.stdin:
        path, seed = line.split()
        pid = os.fork()
        if pid == 0:
            try:
                asyncio.run(write_forever(path, int(seed)))
            finally:
                os._exit(1)  # a writer that failed must not go on serving
        os.waitpid(pid, 0)
        print("\nend", flush=True)  # on a line of its own, after whatever the kill cut short


if __name__ == "__main__":
    serve()
