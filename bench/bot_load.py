"""Bot load: many Hearts tables played at once by scripted humans, in-process (PTB Application on
the tests' fake Bot API transport, memory store).

Prints p50/p99 milliseconds to handle one human action (the whole update: checks, engine, saving,
answering, scheduling the screens; the computer moves it sets off run after it, in worker
threads or processes), Bot API calls per human action, and the most messages plus edits any one
group received in any (simulated) minute. ``--think 100`` makes every computer take 100 ms a
decision (in the threads). ``--level hard`` seats real Hard computers; ``--modes
threads,processes`` runs the same tables once with Hard thinking in threads (COMPUTER_PROCESSES=0,
as before issue 28) and once in worker processes, one after the other in one run, each for
``--seconds`` (the humans stop then, the computers finish their moves), and counts the decisions
that fell back to a random move (over budget, or a worker lost); ``normal`` in ``--modes`` runs
Normal computers instead, what the machine gives without Hard at that moment.

Time is compressed: Telegram's minute is FLOOD_MINUTE seconds here and the bot is told so (its
per-chat pacing and per-group window scale with it), so a human who acts every THINK seconds acts
every THINK * 60 / FLOOD_MINUTE simulated seconds.

    .venv/bin/python bench/bot_load.py [--tables 500] [--humans 4] [--deals 1] [--think 100]
    .venv/bin/python bench/bot_load.py --tables 500 --humans 1 --level hard \
        --modes threads,processes --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict, deque
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bot.computers  # noqa: E402
from bot.tables import Person  # noqa: E402
from storage.base import Store, TableKey, UserRecord  # noqa: E402
from storage.memory import MemoryStore  # noqa: E402
from tests.bot.fake import FakeTelegram, Harness, Sent  # noqa: E402

FLOOD_MINUTE = 3.0  # real seconds that stand for Telegram's minute
THINK = 0.05  # real seconds a scripted human waits before acting (1 s simulated)


def slow_players(think: float) -> None:
    """Every computer player thinking in a thread takes ``think`` seconds a decision (sleeping,
    as a stand-in for a search that lets go of the interpreter lock), to show that no table waits
    for another table's computers."""
    original = bot.computers.decide

    def slow(*request: Any) -> Any:
        time.sleep(think)
        return original(*request)

    bot.computers.decide = slow


def count_decisions(computers: bot.computers.Computers) -> list[int]:
    """[computer decisions asked for so far], counted as the run goes."""
    counted = [0]
    think = computers.think

    async def counting(turn: Any) -> object:
        counted[0] += 1
        return await think(turn)

    computers.think = counting  # type: ignore[method-assign]
    return counted


class Fallbacks(logging.Handler):
    """Counts the computer decisions replaced by a random move."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += "a random legal move instead" in record.getMessage()


class TimedFake(FakeTelegram):
    """The fake transport, also noting when each call reached it."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[float, str, int]] = []

    async def do_request(self, url: str, method: str, request_data: Any = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        params = request_data.parameters if request_data else {}
        self.log.append((time.monotonic(), url.rsplit("/", 1)[-1], int(params.get("chat_id", 0))))
        return await super().do_request(url, method, request_data, *args, **kwargs)


async def press(h: Harness, user: int, message: Sent, data: str, timings: list[float]) -> None:
    update: dict[str, Any] = {"update_id": 1, "callback_query": {
        "id": str(time.monotonic_ns()), "from": {"id": user, "is_bot": False,
                                                "first_name": f"U{user}", "language_code": "hy"},
        "chat_instance": "c", "data": data, "message": {
            "message_id": message.message_id, "date": 0, "text": message.text,
            "chat": {"id": message.chat_id, "type": "private", "first_name": f"U{user}"}}}}
    from telegram import Update
    start = time.perf_counter()
    await h.app.process_update(Update.de_json(update, h.app.bot))
    timings.append(time.perf_counter() - start)


def choice(hand: Sent | None) -> str | None:
    if hand is None:
        return None
    data = [b["callback_data"] for b in hand.buttons() if "callback_data" in b]
    toggles = [d for d in data if d.startswith("t|")]
    if toggles:
        chosen = [d for d in toggles if "|-" in d]
        if len(chosen) < 3:
            return next(d for d in toggles if "|+" in d)
        return next(d for d in data if d.startswith("c|"))
    plays = [d for d in data if d.startswith("a|")]
    return random.choice(plays) if plays else None


def hand_of(fake: FakeTelegram, user: int) -> Sent | None:
    hands = [m for m in fake.chat(user) if "🃏" in m.text]
    return hands[-1] if hands else None


async def human(h: Harness, user: int, finished: Any, timings: list[float]) -> None:
    last: tuple[int, int] | None = None
    while not finished():
        await asyncio.sleep(THINK * random.uniform(0.5, 1.5))
        hand = hand_of(h.fake, user)
        data = choice(hand)
        if hand is None or data is None or (hand.message_id, hand.edits) == last:
            continue  # nothing to do, or the hand has not changed since the last press
        last = (hand.message_id, hand.edits)
        await press(h, user, hand, data, timings)


async def open_tables(h: Harness, tables: int, humans: int,
                      level: str) -> list[tuple[int, list[int]]]:
    """Seat the players through the use cases (setup is not what is measured), then publish."""
    service, opened = h.runtime.service, []
    for index in range(tables):
        group = -100_000 - index
        users = [10_000 + index * 4 + i for i in range(humans)]
        for user in users:
            h.fake.started.add(user)
            await h.runtime.store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
        outcome = await service.create(TableKey(chat_id=group), Person(users[0], f"U{users[0]}"),
                                       "hearts", seat_creator=True)
        table_id = outcome.table.id or 0
        for user in users[1:]:
            await service.join(table_id, Person(user, f"U{user}"))
        if humans < 4:
            await service.add_computers(table_id, users[0], level, 4)
        await h.runtime.publish(await service.start(table_id, users[0], is_admin=False))
        opened.append((group, users))
    await h.idle()
    return opened


def busiest_minute(log: list[tuple[float, str, int]]) -> tuple[int, int]:
    """(most sends+edits in any FLOOD_MINUTE window of one group, that group)."""
    per_group: dict[int, list[float]] = defaultdict(list)
    for at, method, chat in log:
        if chat < 0 and method in ("sendMessage", "editMessageText"):
            per_group[chat].append(at)
    best = (0, 0)
    for chat, times in per_group.items():
        window: deque[float] = deque()
        for at in times:
            window.append(at)
            while window[0] <= at - FLOOD_MINUTE:
                window.popleft()
            best = max(best, (len(window), chat))
    return best


async def measure(args: argparse.Namespace, level: str, processes: int) -> None:
    """One run of the tables; ``processes``: COMPUTER_PROCESSES (0: Hard thinks in threads)."""
    random.seed(1)
    store = cast(Store, MemoryStore())
    fake = TimedFake()
    fallbacks = Fallbacks()
    logging.getLogger("bot.computers").addHandler(fallbacks)
    settings = {"chat_messages_per_second": 60 / FLOOD_MINUTE, "group_messages_per_minute": 20,
                "messages_per_second": round(30 * 60 / FLOOD_MINUTE),
                "flood_minute_seconds": FLOOD_MINUTE, "computer_threads": args.threads,
                "computer_processes": processes, "computer_nice": args.nice}
    async with Harness(store, fake, **settings) as h:
        decisions = count_decisions(h.runtime.computers)  # as the fallbacks: setup's too
        opened = await open_tables(h, args.tables, args.humans, level)
        fake.log.clear()
        calls_before = len(fake.calls)
        timings: list[float] = []
        start = time.perf_counter()

        def finished_for(group: int) -> Any:
            return lambda: time.perf_counter() - start > args.seconds or sum(
                "🃏" not in m.text and "Ընդհանուր" in m.text for m in fake.chat(group)) >= args.deals

        await asyncio.gather(*(human(h, user, finished_for(group), timings)
                               for group, users in opened for user in users))
        await h.idle()
        elapsed = time.perf_counter() - start
        calls = len(fake.calls) - calls_before
    logging.getLogger("bot.computers").removeHandler(fallbacks)
    where = f"{processes} processes (nice +{args.nice})" if processes and level == "hard" else \
        f"{args.threads} threads"
    report(args, f"{level} computers think {args.think:g} ms in {where}", timings, elapsed, calls,
           fake, (fallbacks.count, decisions[0]))


def report(args: argparse.Namespace, how: str, timings: list[float], elapsed: float, calls: int,
           fake: TimedFake, fallbacks: tuple[int, int]) -> None:
    timings.sort()
    peak, group = busiest_minute(fake.log)
    print(f"{args.tables} tables, {args.humans} human(s) each, {args.deals} deal(s) or "
          f"{args.seconds:g} s, {how}; "
          f"{len(timings)} human actions in {elapsed:.1f} s real "
          f"({elapsed * 60 / FLOOD_MINUTE / 60:.1f} simulated minutes)")
    print(f"handle one human action: p50 {statistics.median(timings) * 1000:.2f} ms, "
          f"p99 {timings[int(len(timings) * 0.99)] * 1000:.2f} ms, "
          f"max {timings[-1] * 1000:.2f} ms (the update: checks, engine, save, answer, "
          f"screens scheduled; computers move after it, off the event loop)")
    print(f"computer decisions replaced by a random move: {fallbacks[0]} of {fallbacks[1]}")
    kinds = Counter(f"{method} {'group' if chat < 0 else 'private' if chat else ''}".strip()
                    for _, method, chat in fake.log)
    print(f"Bot API calls per human action: {calls / len(timings):.2f} ("
          + ", ".join(f"{n / len(timings):.2f} {kind}" for kind, n in kinds.most_common()) + ")")
    print(f"most messages+edits in one group in any minute: {peak} (group {group}; limit 20)",
          flush=True)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--humans", type=int, default=4, choices=(1, 2, 3, 4))
    parser.add_argument("--deals", type=int, default=1, help="deals each table plays")
    parser.add_argument("--seconds", type=float, default=float("inf"),
                        help="the humans stop after this many seconds")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"),
                        help="of the computers")
    parser.add_argument("--think", type=float, default=0.0,
                        help="milliseconds every computer player takes a decision (threads)")
    parser.add_argument("--threads", type=int, default=64, help="computer player threads")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1,
                        help="computer player processes (Hard)")
    parser.add_argument("--nice", type=int, default=10,
                        help="COMPUTER_NICE: added to the worker processes' niceness")
    parser.add_argument("--modes", default="processes",
                        help="threads, processes, or several in turn (threads,processes); "
                             "normal: Normal computers instead, the floor without Hard")
    parser.add_argument("--workers", type=int, default=0,
                        help="N real bot processes on PostgreSQL behind a router instead "
                             "(bench/bot_workers.py), with --tables tables")
    args = parser.parse_args()
    if args.workers:
        from bot_workers import run
        await run(args.workers, args.tables)
        return
    if args.think:
        slow_players(args.think / 1000)
    for mode in args.modes.split(","):
        level = "normal" if mode == "normal" else args.level
        await measure(args, level, 0 if mode == "threads" else args.processes)


if __name__ == "__main__":
    asyncio.run(main())
