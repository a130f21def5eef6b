"""The presser's own hand, with Telegram's real limits (one message a second per chat, 20 a minute
per group, 30 a second in all): milliseconds from a press reaching the bot to the edit of the
presser's hand reaching the (fake, in-process) Bot API. Humans think ``--think`` seconds between
presses, as people do; computers play the other seats. Prints the chat calls a press costs too:
with the overall 30 a second they decide how many tables one bot serves.

    .venv/bin/python bench/own_hand.py [--tables 20] [--seconds 120] [--think 1.5] [--game hearts] [--humans 1]
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

from bot_load import TimedFake, next_press, press  # noqa: E402

from bot.play.records import Person
from storage import Store, TableKey, UserRecord  # noqa: E402
from storage.memory.store import MemoryStore  # noqa: E402
from tests.bot.fake import Harness  # noqa: E402


async def player(h: Harness, fake: TimedFake, user: int, until: float, think: float,
                 latencies: list[float]) -> None:
    last: tuple[int, int] | None = None
    while time.monotonic() < until:
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
        if (chosen := next_press(fake, user, last)) is None:
            continue
        hand, data = chosen
        last = (hand.message_id, hand.edits)
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
    parser.add_argument("--humans", type=int, default=1, choices=(1, 2, 3, 4))
    args = parser.parse_args()
    random.seed(1)
    fake = TimedFake()
    settings = {"chat_messages_per_second": 1.0, "group_messages_per_minute": 20,
                "flood_minute_seconds": 60.0, "messages_per_second": 30}
    latencies: list[float] = []
    async with Harness(cast(Store, MemoryStore()), fake, rate_limit=True, **settings) as h:
        tables = h.runtime.tables
        seated: list[int] = []
        for index in range(args.tables):
            users = [20_000 + index * 4 + i for i in range(args.humans)]
            for user in users:
                fake.started.add(user)
                await h.runtime.store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
            outcome = await tables.lobby.create(TableKey(chat_id=-200_000 - index),
                                           Person(users[0], f"U{users[0]}"), args.game, True)
            for user in users[1:]:
                await tables.lobby.join(outcome.table.id or 0, Person(user, f"U{user}"))
            if args.humans < 4:
                await tables.lobby.add_computers(outcome.table.id or 0, users[0], "normal", 4)
            await h.runtime.publish(await tables.lobby.start(outcome.table.id or 0, users[0], False))
            seated += users
        await h.idle()
        calls = len(fake.log)
        until = time.monotonic() + args.seconds
        await asyncio.gather(*(player(h, fake, u, until, args.think, latencies) for u in seated))
        chat_calls = sum(chat != 0 for _, _, chat in fake.log[calls:])
    latencies.sort()
    print(f"{args.tables} {args.game} tables, {args.humans} human(s) each thinking ~{args.think:g} s, "
          f"real limits (PTB's AIORateLimiter too): {chat_calls / len(latencies):.2f} chat calls "
          f"(sends and edits) a press; "
          f"{len(latencies)} presses; own hand redrawn p50 {statistics.median(latencies) * 1000:.0f} ms, "
          f"p90 {latencies[int(len(latencies) * 0.9)] * 1000:.0f} ms, "
          f"p99 {latencies[int(len(latencies) * 0.99)] * 1000:.0f} ms")


if __name__ == "__main__":
    asyncio.run(main())
