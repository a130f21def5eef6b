"""Soak: many tables for many minutes, in-process (PTB on the tests' fake transport, the SQLite
store in a temporary file), every match played to its end and a new one opened at once, so tables
end and start all the time. Prints matches finished, human actions, errors logged (aim: none) and
the process's resident memory after the first matches and at the end (aim: growth under 10%).

    .venv/bin/python bench/bot_soak.py [--tables 200] [--minutes 10] [--game hearts]
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_load import FLOOD_MINUTE, THINK, TimedFake, choice, hand_of, press  # noqa: E402

from bot.play.records import Person
from storage import (  # noqa: E402
    TableKey,
    UserRecord,
    open_store,  # noqa: E402
)
from tests.bot.fake import Harness  # noqa: E402

RULES = {"hearts": {"target": 50}}  # shorter matches: more of them end in the soak


def rss_mb() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * 4096 / 2**20


def rss_parts() -> str:
    """Resident memory by kind: anonymous (the heap) and file-backed (libraries, mappings)."""
    with open("/proc/self/status") as status:
        lines = [line.split() for line in status if line.startswith(("RssAnon", "RssFile"))]
    return ", ".join(f"{name.rstrip(':')} {int(kb) / 1024:.0f} MB" for name, kb, _ in lines)


class Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: str | None = None

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        self.first = self.first or self.format(record)[:500]


async def one_match(h: Harness, game: str, group: int, user: int, until: float,
                    timings: list[float], think: float = THINK) -> bool:
    """Open a table with one human and three computers, play it to its end; True if it ended."""
    tables = h.runtime.tables
    outcome = await tables.lobby.create(TableKey(chat_id=group), Person(user, f"U{user}"), game, True)
    table_id = outcome.table.id or 0
    for name, value in RULES.get(game, {}).items():
        while (await tables.kernel.load(table_id)).rules.get(name) != value:
            await tables.lobby.cycle_option(table_id, user, name)
    await tables.lobby.add_computers(table_id, user, "normal", 4)
    await h.runtime.publish(await tables.lobby.start(table_id, user, is_admin=False))
    last: tuple[int, str] | None = None
    while time.monotonic() < until:
        if (await tables.kernel.load(table_id)).status != "playing":
            return True
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
        hand = hand_of(h.fake, user)
        data = choice(hand)
        if hand is None or data is None or (hand.edits, data) == last:
            continue
        last = (hand.edits, data)
        await press(h, user, hand, data, timings)
    return False


def forget_chats(fake: TimedFake, chats: tuple[int, ...]) -> None:
    """The fake transport's memory of ended tables' messages (what the bot keeps is measured,
    not what the fake Telegram keeps); a new match sends new messages."""
    for key in [k for k in fake.messages if k[0] in chats]:
        del fake.messages[key]
    for chat in chats:
        fake.by_chat.pop(chat, None)
    for kept in (fake.log, fake.calls, fake.answers):
        if len(kept) > 10_000:
            kept.clear()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--game", default="hearts")
    parser.add_argument("--warmup", type=float, default=1.0,
                        help="minutes before memory is first measured (the first matches end)")
    parser.add_argument("--think", type=float, default=THINK, help="seconds between presses")
    args = parser.parse_args()
    random.seed(1)
    errors = Errors()
    logging.getLogger().addHandler(errors)
    folder = tempfile.TemporaryDirectory()
    store = await open_store(str(Path(folder.name) / "soak.sqlite3"))
    settings = {"chat_messages_per_second": 60 / FLOOD_MINUTE, "group_messages_per_minute": 20,
                "flood_minute_seconds": FLOOD_MINUTE, "table_seed": None,
                "computer_seed": None}
    fake = TimedFake()
    matches, timings, memory = 0, [], {}
    async with Harness(store, fake, **settings) as h:
        users = [10_000 + i for i in range(args.tables)]
        for user in users:
            fake.started.add(user)
            await store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
        start = time.monotonic()
        until = start + args.minutes * 60

        async def life(index: int) -> None:
            nonlocal matches
            while time.monotonic() < until:
                ended = await one_match(h, args.game, -100_000 - index, users[index], until,
                                        timings, args.think)
                matches += ended  # after the await: ``x += await f()`` reads x before it
                forget_chats(fake, (-100_000 - index, users[index]))

        async def warmed() -> None:  # the first matches fill the caches: measure from there
            await asyncio.sleep(args.warmup * 60)
            memory["start"] = rss_mb()
            memory["blocks_start"] = sys.getallocatedblocks()
            memory["parts_start"] = rss_parts()  # type: ignore[assignment]

        async def sample() -> None:  # resident memory every minute: a plateau or a slope
            while time.monotonic() < until:
                await asyncio.sleep(60)
                series.append(rss_mb())

        series: list[float] = []
        await asyncio.gather(warmed(), sample(), *(life(i) for i in range(args.tables)))
        await h.idle()
        memory["end"] = rss_mb()
        memory["blocks_end"] = sys.getallocatedblocks()
        memory["parts_end"] = rss_parts()  # type: ignore[assignment]
    await store.close()
    timings.sort()
    growth = (memory["end"] / memory["start"] - 1) * 100
    print(f"{args.tables} {args.game} tables for {args.minutes:g} min: {matches} matches finished, "
          f"{len(timings)} human actions (p50 {timings[len(timings) // 2] * 1000:.2f} ms, "
          f"p99 {timings[int(len(timings) * 0.99)] * 1000:.2f} ms)")
    print(f"resident memory: {memory['start']:.1f} MB after {args.warmup:g} min, "
          f"{memory['end']:.1f} MB at the end ({growth:+.1f}%); Python objects "
          f"{memory['blocks_start']:,} -> {memory['blocks_end']:,} "
          f"({(memory['blocks_end'] / memory['blocks_start'] - 1) * 100:+.1f}%)")
    print(f"by kind: {memory['parts_start']} -> {memory['parts_end']}")
    print("resident memory each minute (MB): " + " ".join(f"{mb:.0f}" for mb in series))
    print(f"errors logged: {errors.count}" + (f"; first: {errors.first}" if errors.first else ""))


if __name__ == "__main__":
    asyncio.run(main())
