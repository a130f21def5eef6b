"""The page's live events: N pages open on one Hearts table (spectators, server-sent events over
loopback, aiohttp's client), one player moving from the page. Prints the time from a committed
move (the press's response) to its event at each open page, p50/p99 in ms, and the server's
memory per open page (RSS growth / N, this process holding both ends: an upper bound), and the
Bot API calls per human action when the human plays on the page (their own page open too).

    .venv/bin/python bench/web_events.py [--pages 500] [--moves 20]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from aiohttp import TCPConnector  # noqa: E402
from aiohttp.test_utils import TestClient, TestServer  # noqa: E402

from bot.web.server import Web  # noqa: E402
from storage.memory import MemoryStore  # noqa: E402
from tests.bot.fake import TOKEN, Harness  # noqa: E402
from tests.bot.web import page  # noqa: E402


def rss_kb() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * resource.getpagesize() // 1024


async def watch(stream: Any, seen: list[tuple[int, float]]) -> None:
    """(version, arrival) of each event of one page."""
    version = None
    async for line in stream.content:
        if line.startswith(b"id: "):
            version = int(line[4:])
        elif line == b"\n" and version is not None:
            seen.append((version, time.perf_counter()))


def reached(seen: list[tuple[int, float]], version: int) -> float | None:
    """When a page first showed ``version`` or a later one (a page skips versions that a newer
    one overtook before it was sent)."""
    return next((t for v, t in seen if v >= version), None)


async def main(pages: int, moves: int) -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.open_table("hearts", [101], 3)
        table = (await h.runtime.store.tables.seat_of(101)).id  # type: ignore[union-attr]
        client: TestClient[Any, Any] = TestClient(  # no cap on connections: one per page
            TestServer(Web(h.runtime, TOKEN).app), connector=TCPConnector(limit=0))
        await client.start_server()
        me = await page(client, 101)
        watchers = [await page(client, 1000 + i) for i in range(pages)]
        before = rss_kb()
        seen: list[list[tuple[int, float]]] = [[] for _ in range(pages + 1)]
        streams = [await client.get(f"/api/table/{table}/events", params={"s": w.session})
                   for w in [me, *watchers]]
        tasks = [asyncio.create_task(watch(s, page_seen)) for s, page_seen in zip(streams, seen, strict=True)]
        await asyncio.sleep(1.0)
        grown = rss_kb() - before
        delays: list[float] = []
        calls, actions = len(h.fake.calls), 0
        for _ in range(moves):
            scene = await me.scene(table)
            legal = [c for c in scene["cards"] if c["state"] == "legal"]
            chosen = [c for c in scene["cards"] if c["state"] == "chosen"]
            if not legal:
                break
            press = scene["buttons"][-1][0]["data"] if len(chosen) == 3 else legal[0]["data"]
            _, body = await me.press(press)  # three cards to pass, confirm, then tricks
            committed = time.perf_counter()
            version = body.get("version", 0)
            deadline = time.monotonic() + 30
            actions += 1
            while time.monotonic() < deadline and any(reached(p, version) is None for p in seen):
                await asyncio.sleep(0.002)
            delays += [(t - committed) * 1000 for p in seen if (t := reached(p, version))]
            await h.idle()
        per_action = (len(h.fake.calls) - calls) / max(actions, 1)
        for task in tasks:
            task.cancel()
        for stream in streams:
            stream.close()
        await client.close()
    q = statistics.quantiles(delays, n=100)
    print(f"pages {pages}, events {len(delays)}: commit -> event p50 {q[49]:.1f} ms, "
          f"p99 {q[98]:.1f} ms; memory {grown / pages:.1f} KB per open page (both ends); "
          f"{per_action:.2f} Bot API calls per human action on the page")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    asyncio.run(main(args.pages, args.moves))
