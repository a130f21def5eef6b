"""Bot load: many Hearts tables played at once by scripted humans, in-process (PTB Application on
the tests' fake Bot API transport, memory store).

Prints p50/p99 milliseconds to handle one human action (the whole update: checks, engine, saving,
answering, scheduling the screens; the computer moves it sets off run after it, in worker
threads or processes), Bot API calls per human action, the most messages plus edits any one
group received in any (simulated) minute, the computers' decisions by who made them (the level
itself, or Normal for a Hard decision over budget, whose worker died, or that no worker could
take in time) with the time from asking to answering, and the garbage collector's pauses.

``--level hard`` seats real Hard computers; ``--modes normal,threads,processes`` runs the same
tables with Normal computers (the floor without Hard), Hard thinking in threads
(COMPUTER_PROCESSES=0, as before issue 28) and Hard in worker processes, one after the other, each
for ``--seconds`` (the humans stop then, the computers finish their moves). ``--paces fast,real``
does so at each pace: fast compresses time 20x (Telegram's minute is 3 s and the bot is told so;
a human acts every simulated second), real keeps Telegram's minute and a human acts every 1.5-4.5
s. ``--gc default,freeze`` tries the collector's settings after set-up. ``--rounds`` goes through
it all again: compare figures within one run (interleaved), as the machine's load changes.
``--think 100`` makes every computer in the threads take 100 ms a decision (sleeping).

    .venv/bin/python bench/bot_load.py [--tables 500] [--humans 4] [--deals 1] [--think 100]
    nice -n 10 .venv/bin/python bench/bot_load.py --tables 500 --humans 1 --level hard \
        --modes normal,threads,processes --paces real,fast --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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

import bot.play.computers
from bot.play.records import Person
from storage import Store, TableKey, UserRecord  # noqa: E402
from storage.memory.store import MemoryStore  # noqa: E402
from tests.bot.fake import FakeTelegram, Harness, Sent  # noqa: E402

# A pace: (real seconds that stand for Telegram's minute, real seconds a scripted human waits
# before acting). Fast compresses time 20x, a human acting every simulated second; real is
# Telegram's own minute and a human who acts every few seconds.
PACES = {"fast": (3.0, 0.05), "real": (60.0, 3.0)}
FLOOD_MINUTE, THINK = PACES["fast"]  # bot_soak.py's pace
GC_PLANS = ("default", "freeze", "freeze+thresholds")
THRESHOLDS = (10_000, 10, 10)  # "thresholds": a young collection every 10,000 allocations, not 700


def slow_players(think: float) -> None:
    """Every computer player thinking in a thread takes ``think`` seconds a decision (sleeping,
    as a stand-in for a search that lets go of the interpreter lock), to show that no table waits
    for another table's computers."""
    original = bot.play.computers.decide

    def slow(*request: Any) -> Any:
        time.sleep(think)
        return original(*request)

    bot.play.computers.decide = slow


def time_decisions(computers: bot.play.computers.Computers) -> dict[str, list[float]]:
    """level -> seconds from asking a computer's decision to having it, as the run goes."""
    timed: dict[str, list[float]] = defaultdict(list)
    think = computers.think

    async def timing(turn: Any) -> object:
        start = time.perf_counter()
        try:
            return await think(turn)
        finally:
            timed[turn.level].append(time.perf_counter() - start)

    computers.think = timing  # type: ignore[method-assign]
    return timed


class Pauses:
    """The garbage collector's pauses (gc.callbacks): generation -> seconds of each, on the wall
    clock (what the event loop lost) and of this thread's CPU (the collection's own work; the
    rest is the machine's other processes taking the core meanwhile)."""

    def __init__(self) -> None:
        self.seen: dict[int, list[float]] = defaultdict(list)
        self.cpu: dict[int, list[float]] = defaultdict(list)
        self._start = (0.0, 0.0)

    def __enter__(self) -> Pauses:
        gc.callbacks.append(self._note)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._start = (time.perf_counter(), time.thread_time())
        else:
            self.seen[info["generation"]].append(time.perf_counter() - self._start[0])
            self.cpu[info["generation"]].append(time.thread_time() - self._start[1])


def plan_gc(plan: str) -> None:
    """Start-up is over: ``freeze`` moves every object alive now out of the collector's sight
    (a full collection then walks only what came after), ``thresholds`` collects the young
    generation less often."""
    gc.collect()
    if "freeze" in plan:
        gc.freeze()
    if "thresholds" in plan:
        gc.set_threshold(*THRESHOLDS)


def reset_gc(saved: tuple[int, int, int]) -> None:
    gc.unfreeze()
    gc.set_threshold(*saved)
    gc.collect()


class TimedFake(FakeTelegram):
    """The fake transport, also noting when each call reached it."""

    def __init__(self) -> None:
        super().__init__()
        self.log: list[tuple[float, str, int]] = []
        self.count = 0

    async def do_request(self, url: str, method: str, request_data: Any = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        params = request_data.parameters if request_data else {}
        self.log.append((time.monotonic(), url.rsplit("/", 1)[-1], int(params.get("chat_id", 0))))
        try:
            return await super().do_request(url, method, request_data, *args, **kwargs)
        finally:  # counted, not kept: a bot holds no record of its calls, and the GC would walk it
            self.count += 1
            self.calls.clear()
            self.answers.clear()


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


def next_press(fake: FakeTelegram, user: int,
               last: tuple[int, int] | None) -> tuple[Sent, str] | None:
    """What a human presses now on their hand, or None: nothing to press, or the hand (its
    message and edit, ``last``) has not changed since their last press."""
    hand = hand_of(fake, user)
    data = choice(hand)
    if hand is None or data is None or (hand.message_id, hand.edits) == last:
        return None
    return hand, data


async def human(h: Harness, user: int, think: float, finished: Any,
                timings: list[float]) -> None:
    last: tuple[int, int] | None = None
    while not finished():
        await asyncio.sleep(think * random.uniform(0.5, 1.5))
        if (chosen := next_press(h.fake, user, last)) is None:
            continue
        hand, data = chosen
        last = (hand.message_id, hand.edits)
        await press(h, user, hand, data, timings)


async def open_tables(h: Harness, tables: int, humans: int,
                      level: str) -> list[tuple[int, list[int]]]:
    """Seat the players through the use cases (setup is not what is measured), then publish."""
    lobby, opened = h.runtime.tables.lobby, []
    for index in range(tables):
        group = -100_000 - index
        users = [10_000 + index * 4 + i for i in range(humans)]
        for user in users:
            h.fake.started.add(user)
            await h.runtime.store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
        outcome = await lobby.create(TableKey(chat_id=group), Person(users[0], f"U{users[0]}"),
                                     "hearts", seat_creator=True)
        table_id = outcome.table.id or 0
        for user in users[1:]:
            await lobby.join(table_id, Person(user, f"U{user}"))
        if humans < 4:
            await lobby.add_computers(table_id, users[0], level, 4)
        await h.runtime.publish(await lobby.start(table_id, users[0], is_admin=False))
        opened.append((group, users))
        await asyncio.sleep(0)  # the memory store never lets go of the loop: the jobs' turn
    await h.idle()
    return opened


def busiest_minute(log: list[tuple[float, str, int]], minute: float) -> tuple[int, int]:
    """(most sends+edits in any ``minute`` window of one group, that group)."""
    per_group: dict[int, list[float]] = defaultdict(list)
    for at, method, chat in log:
        if chat < 0 and method in ("sendMessage", "editMessageText"):
            per_group[chat].append(at)
    best = (0, 0)
    for chat, times in per_group.items():
        window: deque[float] = deque()
        for at in times:
            window.append(at)
            while window[0] <= at - minute:
                window.popleft()
            best = max(best, (len(window), chat))
    return best


class Run:
    """One configuration: the pace, Normal or Hard computers, where Hard thinks, the GC plan."""

    def __init__(self, args: argparse.Namespace, pace: str, mode: str, gc_plan: str) -> None:
        self.pace, self.mode, self.gc_plan = pace, mode, gc_plan
        self.minute, self.think = PACES[pace]
        self.level = "normal" if mode == "normal" else args.level
        self.processes = 0 if mode == "threads" else args.processes

    def settings(self, args: argparse.Namespace) -> dict[str, Any]:
        return {"chat_messages_per_second": 60 / self.minute, "group_messages_per_minute": 20,
                "messages_per_second": round(30 * 60 / self.minute),
                "flood_minute_seconds": self.minute, "computer_threads": args.threads,
                "computer_processes": self.processes, "computer_nice": args.nice,
                "computer_wait_seconds": args.wait}

    def where(self, args: argparse.Namespace) -> str:
        if self.processes and self.level == "hard":
            return f"{self.processes} processes (nice +{args.nice})"
        return f"{args.threads} threads"


async def measure(args: argparse.Namespace, run: Run) -> None:
    """One run of the tables."""
    random.seed(1)
    store = cast(Store, MemoryStore())
    fake = TimedFake()
    saved = gc.get_threshold()
    # no turn runs out: at Telegram's own pace the set-up's screens alone take a minute
    async with Harness(store, fake, turn_seconds=3600, **run.settings(args)) as h:
        computers = h.runtime.computers
        timed = time_decisions(computers)
        opened = await open_tables(h, args.tables, args.humans, run.level)
        fake.log.clear()
        calls_before = fake.count
        computers.decisions.clear()
        timed.clear()
        plan_gc(run.gc_plan)
        timings: list[float] = []
        start = time.perf_counter()

        def finished_for(group: int) -> Any:
            return lambda: time.perf_counter() - start > args.seconds or sum(
                "🃏" not in m.text and "Ընդհանուր" in m.text for m in fake.chat(group)) >= args.deals

        with Pauses() as pauses:
            await asyncio.gather(*(human(h, user, run.think, finished_for(group), timings)
                                   for group, users in opened for user in users))
            await h.idle()
        elapsed = time.perf_counter() - start
        calls = fake.count - calls_before
        tracked = len(gc.get_objects())
        decisions = Counter(computers.decisions)
    reset_gc(saved)
    print(f"== {run.pace} pace, {run.level} computers in {run.where(args)}, GC {run.gc_plan}: "
          f"{args.tables} tables, {args.humans} human(s) each, {args.deals} deal(s) or "
          f"{args.seconds:g} s; {len(timings)} human actions in {elapsed:.1f} s real "
          f"({elapsed / run.minute:.1f} simulated minutes)")
    report(timings, calls, fake, run.minute)
    report_decisions(decisions, timed)
    report_pauses(pauses, tracked)


def quantiles(values: list[float]) -> str:
    """p50, p99 and max of seconds, in milliseconds."""
    values = sorted(values)
    return (f"p50 {statistics.median(values) * 1000:.2f} ms, "
            f"p99 {values[int(len(values) * 0.99)] * 1000:.2f} ms, max {values[-1] * 1000:.2f} ms")


def report(timings: list[float], calls: int, fake: TimedFake, minute: float) -> None:
    peak, group = busiest_minute(fake.log, minute)
    print(f"handle one human action: {quantiles(timings)} (the update: checks, engine, save, "
          f"answer, screens scheduled; computers move after it, off the event loop)")
    kinds = Counter(f"{method} {'group' if chat < 0 else 'private' if chat else ''}".strip()
                    for _, method, chat in fake.log)
    print(f"Bot API calls per human action: {calls / len(timings):.2f} ("
          + ", ".join(f"{n / len(timings):.2f} {kind}" for kind, n in kinds.most_common()) + ")")
    print(f"most messages+edits in one group in any minute: {peak} (group {group}; limit 20)")


def report_decisions(decisions: Counter[tuple[str, str]],
                     timed: dict[str, list[float]]) -> None:
    """Per level: how many decisions it made itself and who made the others, and the time from
    asking to having each."""
    for level in sorted(timed):
        made = {how: n for (lvl, how), n in decisions.items() if lvl == level}
        total = sum(made.values())
        print(f"{level} decisions: {total}; "
              + ", ".join(f"{how} {n} ({n / total:.0%})" for how, n in
                          sorted(made.items(), key=lambda kv: -kv[1]))
              + f"; asked to answered {quantiles(timed[level])}")


def report_pauses(pauses: Pauses, tracked: int) -> None:
    total = sum(sum(seen) for seen in pauses.seen.values())
    wall = max(((max(seen), gen) for gen, seen in pauses.seen.items()), default=(0.0, 0))
    cpu = max(((max(seen), gen) for gen, seen in pauses.cpu.items()), default=(0.0, 0))
    print(f"GC pauses: longest {wall[0] * 1000:.0f} ms (gen {wall[1]}; the collection's own "
          f"CPU at most {cpu[0] * 1000:.0f} ms, gen {cpu[1]}: the rest is other processes); "
          f"{total * 1000:.0f} ms in all; "
          + "; ".join(f"gen {gen}: {len(seen)}, {quantiles(seen)} (CPU max "
                      f"{max(pauses.cpu[gen]) * 1000:.2f} ms)"
                      for gen, seen in sorted(pauses.seen.items()))
          + f"; {tracked:,} objects tracked at the end", flush=True)


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
    parser.add_argument("--wait", type=float, default=1.0,
                        help="COMPUTER_WAIT_SECONDS: the longest a Hard decision waits for a worker")
    parser.add_argument("--paces", default="fast",
                        help="fast (20x: a human acts every simulated second), real (Telegram's "
                             "minute, a human acts every 1.5-4.5 s), or both in turn")
    parser.add_argument("--gc", default="default",
                        help="after set-up: " + ", ".join(GC_PLANS) + ", or several in turn")
    parser.add_argument("--rounds", type=int, default=1, help="times through paces x gc x modes")
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
    logging.getLogger("bot.play.computers").setLevel(logging.ERROR)  # the fallbacks are counted
    for _ in range(args.rounds):  # interleaved: the machine's load falls on every mode alike
        for pace in args.paces.split(","):
            for gc_plan in args.gc.split(","):
                for mode in args.modes.split(","):
                    await measure(args, Run(args, pace, mode, gc_plan))


if __name__ == "__main__":
    asyncio.run(main())
