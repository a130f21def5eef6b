"""Several workers (issue 19): N real bot processes in webhook mode on one scratch PostgreSQL,
behind the tests' round-robin router, against the fake Bot API (its flood limits on, time
scaled: a minute is 3 s), with the same tables each run: one scripted human and three computers
a Hearts table, playing until every match to 50 has ended.

Prints human actions a second, p50/p99 from a press to its answer and to the redrawn hand,
and the 429s the fake Telegram gave (a group over its flood budget shows there).

    .venv/bin/python bench/bot_load.py --workers 3 [--tables 12]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
import time
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import pgserver  # noqa: E402
from tests.bot.test_e2e import (  # noqa: E402
    WAIT,
    choose,
    fake_api,
    hand_message,
    open_table,
    posted,
)
from tests.bot.test_e2e_webhook import PATH, free_port  # noqa: E402
from tests.bot.test_e2e_workers import worker  # noqa: E402
from tests.router import Router  # noqa: E402


async def human(api: Any, user: Any, group: Any, answers: list[float], hands: list[float]) -> int:
    over = lambda: posted(api, group, "🏆")  # noqa: E731
    presses = 0
    while True:
        hand = await api.wait_for(lambda: over() or (
            (h := hand_message(api, user.id)) is not None and choose(h.callback_data, h) and h),
            timeout=WAIT * 4)
        if over():
            return presses
        before = (hand.message_id, hand.edit_count)
        start = time.monotonic()
        query = await api.user_presses(user.id, user.id, hand.message_id,
                                       choose(hand.callback_data, hand))
        await api.callback_answer(query, timeout=WAIT * 4)
        answers.append(time.monotonic() - start)
        await api.wait_for(lambda b=before: over() or (hand_message(api, user.id).message_id,
                                                       hand_message(api, user.id).edit_count) != b,
                           timeout=WAIT * 4)
        hands.append(time.monotonic() - start)
        presses += 1


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * q))] * 1000


async def run(workers: int, tables: int) -> None:
    bin_dir = pgserver.find_bin()
    assert bin_dir is not None, "no PostgreSQL binaries (initdb, pg_ctl)"
    server = pgserver.ScratchServer(bin_dir)
    url = server.start()
    databases = pgserver.Databases(url, "seghan_bench")
    try:
        database = await databases.create()
        ports = [free_port() for _ in range(workers)]
        with tempfile.TemporaryDirectory() as folder:
            async with fake_api() as api, Router([f"http://127.0.0.1:{p}{PATH}" for p in ports]) \
                    as router, AsyncExitStack() as stack:
                for i, port in enumerate(ports):
                    await stack.enter_async_context(
                        worker(api, database, Path(folder) / f"w{i}.log", port, router.url))
                users = [api.add_user(f"U{i}", language_code="hy") for i in range(tables)]
                groups = [await open_table(api, [u], 3, "hearts", ("🎯",)) for u in users]
                answers: list[float] = []
                hands: list[float] = []
                start = time.monotonic()
                presses = await asyncio.gather(*(human(api, u, g, answers, hands)
                                                 for u, g in zip(users, groups, strict=True)))
                elapsed = time.monotonic() - start
                floods = [c for c in api.calls if c.status == 429]
                groups_over = {c.chat_id for c in floods if (c.chat_id or 0) < 0}
        print(f"{workers} worker(s), {tables} Hearts tables to 50 on PostgreSQL: "
              f"{sum(presses)} human actions in {elapsed:.1f} s = {sum(presses) / elapsed:.1f}/s; "
              f"press -> answer p50 {pct(answers, 0.5):.0f} ms p99 {pct(answers, 0.99):.0f} ms; "
              f"press -> hand redrawn p50 {pct(hands, 0.5):.0f} ms p99 {pct(hands, 0.99):.0f} ms; "
              f"429s {len(floods)} (groups over budget: {len(groups_over)})")
    finally:
        await databases.close()
        server.stop()


if __name__ == "__main__":
    asyncio.run(run(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 12))
