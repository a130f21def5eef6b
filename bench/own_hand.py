"""The presser's own hand, with Telegram's real limits (one message a second per chat, 20 a minute
per group, 30 a second in all): milliseconds from a press reaching the bot to the edit of the
presser's hand reaching the (fake, in-process) Bot API. Humans think ``--think`` seconds between
presses, as people do; computers play the other seats.

    .venv/bin/python bench/own_hand.py [--tables 20] [--seconds 120] [--think 1.5] [--game hearts]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import time
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_load import TimedFake, choice, hand_of, press  # noqa: E402

from bot.tables import Person  # noqa: E402
from storage.base import Store, TableKey, UserRecord  # noqa: E402
from storage.memory import MemoryStore  # noqa: E402
from tests.bot.fake import Harness  # noqa: E402


async def player(h: Harness, fake: TimedFake, user: int, until: float, think: float,
                 latencies: list[float]) -> None:
    last: tuple[int, str] | None = None
    while time.monotonic() < until:
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
        hand = hand_of(fake, user)
        data = choice(hand)
        if hand is None or data is None or (hand.edits, data) == last:
            continue
        last = (hand.edits, data)
        pressed = time.monotonic()
        await press(h, user, hand, data, [])
        for _ in range(300):  # the first edit of this user's chat after the press
            edit = next((at for at, method, chat in reversed(fake.log)
                         if chat == user and method == "editMessageText" and at >= pressed), None)
            if edit is not None:
                latencies.append(edit - pressed)
                break
            await asyncio.sleep(0.01)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=1.5)
    parser.add_argument("--game", default="hearts")
    args = parser.parse_args()
    random.seed(1)
    fake = TimedFake()
    settings = {"chat_messages_per_second": 1.0, "group_messages_per_minute": 20,
                "flood_minute_seconds": 60.0}
    latencies: list[float] = []
    async with Harness(cast(Store, MemoryStore()), fake, **settings) as h:
        service = h.runtime.service
        users = [20_000 + i for i in range(args.tables)]
        for index, user in enumerate(users):
            fake.started.add(user)
            await h.runtime.store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
            outcome = await service.create(TableKey(chat_id=-200_000 - index),
                                           Person(user, f"U{user}"), args.game, True)
            await service.add_computers(outcome.table.id or 0, user, "normal", 4)
            await h.runtime.publish(await service.start(outcome.table.id or 0, user, False))
        until = time.monotonic() + args.seconds
        await asyncio.gather(*(player(h, fake, u, until, args.think, latencies) for u in users))
    latencies.sort()
    print(f"{args.tables} {args.game} tables, a human each thinking ~{args.think:g} s, real limits: "
          f"{len(latencies)} presses; own hand redrawn p50 {statistics.median(latencies) * 1000:.0f} ms, "
          f"p90 {latencies[int(len(latencies) * 0.9)] * 1000:.0f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
