"""The page's live events: N pages open on one Hearts table (spectators: server-sent events over
loopback), one player moving from the page. The bot and its page server run in this process; the
N pages run in a child process (``--pages-only``), so the server's figures do not pay for the
readers. Prints the time from a committed move (the press's response) to its event at each open
page, p50/p99 in ms (a page may skip a version a newer one overtook: it counts when it first shows
that version or a later one), the server's memory per open page (RSS growth / N), and the Bot API
calls per human action when the human plays on the page (their own page open too).

    .venv/bin/python bench/web_events.py [--pages 500] [--moves 30]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aiohttp  # noqa: E402

from bot.web import auth
from bot.web.server import Served, Web
from storage.memory.store import MemoryStore  # noqa: E402
from tests.bot.fake import TOKEN, Harness  # noqa: E402


def rss_kb() -> int:
    return int(Path("/proc/self/statm").read_text().split()[1]) * resource.getpagesize() // 1024


async def watch(session: aiohttp.ClientSession, url: str, token: str,
                seen: list[tuple[int, float]]) -> None:
    """(version, arrival) of each event of one page."""
    async with session.get(url, headers={"Authorization": f"Session {token}"}) as stream:
        version = None
        async for line in stream.content:
            if line.startswith(b"id: "):
                version = int(line[4:])
            elif line == b"\n" and version is not None:
                seen.append((version, time.time()))


async def pages_only(base: str, table: int, sessions: list[str], seconds: float) -> None:
    """The child: open every page, print "open", keep reading for ``seconds``, print the events."""
    seen: list[list[tuple[int, float]]] = [[] for _ in sessions]
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as client:
        tasks = [asyncio.create_task(watch(client, f"{base}/api/table/{table}/events", s, p))
                 for s, p in zip(sessions, seen, strict=True)]
        while any(not p for p in seen):
            await asyncio.sleep(0.05)
        print("open", flush=True)
        await asyncio.sleep(seconds)
        for task in tasks:
            task.cancel()
    print(json.dumps(seen), flush=True)


def reached(seen: list[list[float]], version: int) -> float | None:
    return next((t for v, t in seen if v >= version), None)


async def main(pages: int, moves: int, port: int) -> None:
    async with Harness(MemoryStore()) as h:
        await h.open_table("hearts", [101], 3)
        table = (await h.runtime.store.tables.seat_of(101)).id  # type: ignore[union-attr]
        served = Served(Web(h.runtime, TOKEN).app)
        await served.start("127.0.0.1", port)
        base = f"http://127.0.0.1:{port}"
        me = auth.issue(auth.Viewer(101, "Me"), TOKEN)
        sessions = [me] + [auth.issue(auth.Viewer(1000 + i, f"W{i}"), TOKEN) for i in range(pages)]
        before = rss_kb()
        child = await asyncio.create_subprocess_exec(
            sys.executable, __file__, "--pages-only", base, str(table), str(moves * 2.0 + 10),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        assert child.stdin is not None and child.stdout is not None
        child.stdin.write(("\n".join(sessions) + "\n").encode())
        await child.stdin.drain()
        child.stdin.close()
        assert (await child.stdout.readline()).strip() == b"open"
        grown = rss_kb() - before
        committed: dict[int, float] = {}
        calls, actions = len(h.fake.calls), 0
        headers = {"Authorization": f"Session {me}"}
        async with aiohttp.ClientSession(base, headers=headers) as client:
            for _ in range(moves):
                async with client.get(f"/api/table/{table}") as response:
                    scene = await response.json()
                legal = [c for c in scene["cards"] if c["state"] == "legal"]
                chosen = [c for c in scene["cards"] if c["state"] == "chosen"]
                if not legal:
                    break
                data = scene["buttons"][-1][0]["data"] if len(chosen) == 3 else legal[0]["data"]
                async with client.post("/api/press", json={"data": data}) as response:
                    body = await response.json()  # three cards to pass, confirm, then tricks
                committed[body["version"]] = time.time()
                actions += 1
                await h.idle()
                await asyncio.sleep(0.3)  # every page has it before the next move
        per_action = (len(h.fake.calls) - calls) / max(actions, 1)
        seen = json.loads(await child.stdout.read())
        await child.wait()
        await served.stop()
    delays = [(t - at) * 1000 for version, at in committed.items() for p in seen
              if (t := reached(p, version)) is not None]
    q = statistics.quantiles(delays, n=100)
    print(f"pages {pages + 1}, events {len(delays)}: commit -> event p50 {q[49]:.1f} ms, "
          f"p99 {q[98]:.1f} ms; server memory {grown / (pages + 1):.1f} KB per open page; "
          f"{per_action:.2f} Bot API calls per human action on the page")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--pages-only"]:
        base, table, seconds = sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
        asyncio.run(pages_only(base, table, sys.stdin.read().split(), seconds))
        sys.exit(0)
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=500)
    parser.add_argument("--moves", type=int, default=30)
    parser.add_argument("--port", type=int, default=8799)
    args = parser.parse_args()
    asyncio.run(main(args.pages, args.moves, args.port))
