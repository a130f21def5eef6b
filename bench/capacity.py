"""How many humans one bot serves, against Telegram's limits as the fake Bot API enforces them
(tests/fakeapi/limits.py: 429s per private chat, per group with edits counted, and a global
ceiling the bench sets and the bot is not told). Humans at real pace (a press 1.5-4.5 s after
their turn came), 1 or 4 a Hearts table, on the text path (Telegram's buttons; the own hand is
the edit of their private hand after a press) or on the page (the page's event after a press).
One run per ceiling; prints own-hand (text) or move-to-event (page) p50/p99, the group tables'
lag (press to the group's edit), the 429s' share, calls made before a 429's retry_after, calls
per human action, and whether the latencies are within the issue's (text p50 < 200 ms, p99 < 2
s; page p99 < 200 ms).

    .venv/bin/python bench/capacity.py [--tables 50] [--humans 1] [--paths text,page] \
        [--ceilings none,30,100] [--seconds 60]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot_load import TimedFake, next_press, press  # noqa: E402

from bot.entrance.door import enter  # noqa: E402
from bot.entrance.presser import Door, Presser  # noqa: E402
from bot.play.records import Person  # noqa: E402
from bot.views import view_for  # noqa: E402
from engine import find_game  # noqa: E402
from storage import Store, TableKey, UserRecord  # noqa: E402
from storage.memory.store import MemoryStore  # noqa: E402
from tests.bot.fake import Harness  # noqa: E402
from tests.fakeapi.limits import FloodLimiter  # noqa: E402

COUNTED = {"sendMessage", "sendPhoto", "editMessageText", "editMessageReplyMarkup"}
SETTINGS: dict[str, Any] = {"chat_messages_per_second": 1.0, "group_messages_per_minute": 20,
            "flood_minute_seconds": 60.0, "messages_per_second": 30,
            "computer_processes": 0, "computer_wait_seconds": 1.0}


class LimitedFake(TimedFake):
    """The fake transport answering Telegram's 429s as the fake Bot API's limiter decides."""

    def __init__(self, ceiling: int | None) -> None:
        super().__init__()
        self.limiter = FloodLimiter(global_per_second=ceiling)
        self.at: dict[int, list[float]] = {}  # chat -> when each send or edit there got through

    async def do_request(self, url: str, method: str, request_data: Any = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        if name in COUNTED and request_data is not None:
            chat = int(request_data.parameters.get("chat_id", 0))
            if (refused := self.limiter.acquire(chat, chat < 0, method=name)) is not None:
                return 429, json.dumps({"ok": False, "error_code": 429, "description":
                                        f"Too Many Requests: retry after {refused[1]}",
                                        "parameters": {"retry_after": refused[1]}}).encode()
        code, body = await super().do_request(url, method, request_data, *args, **kwargs)
        if name in COUNTED and code == 200:
            self.at.setdefault(self.log[-1][2], []).append(self.log[-1][0])
        return code, body


def edit_after(fake: LimitedFake, chat: int, since: float) -> float | None:
    """The first send or edit in ``chat`` since ``since``."""
    first = None
    for at in reversed(fake.at.get(chat, ())):
        if at < since:
            break
        first = at
    return first


class Seats:
    """The humans, their tables, and what was measured."""

    def __init__(self) -> None:
        self.users: list[tuple[int, int, int]] = []  # (user, table id, group)
        self.own: list[float] = []  # own hand (text) or page event (page), seconds
        self.group: list[float] = []  # press to the group's next edit
        self.actions = 0


async def page_press(h: Harness, user: int, table_id: int) -> str | None:
    """What the page offers the user now: the data of one of their hand's buttons."""
    outcome = await h.runtime.tables.kernel.outcome(table_id)
    table = outcome.table
    if table.status != "playing":
        return None
    seat = next(i for i, s in enumerate(table.seats) if s.user_id == user)
    game, view = find_game(table.game), view_for(table.game)
    legal = game.legal_actions(outcome.state, seat)
    if not legal:
        return None
    ctx = h.runtime.publishing.context(table, "hy", seat)
    hand = view.hand(game.observation(outcome.state, seat), legal, ctx)
    data = [b.data for row in hand.rows for b in row if b.data]
    return choice_of(data)


def choice_of(data: list[str]) -> str | None:
    toggles = [d for d in data if d.startswith("t|")]
    if toggles:
        if len([d for d in toggles if "|-" in d]) < 3:
            return next(d for d in toggles if "|+" in d)
        return next((d for d in data if d.startswith("c|")), None)
    plays = [d for d in data if d.startswith("a|")]
    return random.choice(plays) if plays else None


async def text_human(h: Harness, fake: LimitedFake, seats: Seats, user: int, group: int,
                     until: float) -> None:
    last: tuple[int, int] | None = None
    while time.monotonic() < until:
        await asyncio.sleep(random.uniform(1.5, 4.5))
        if (chosen := next_press(fake, user, last)) is None:
            continue
        hand, data = chosen
        last = (hand.message_id, hand.edits)
        pressed = time.monotonic()
        await press(h, user, hand, data, [])
        seats.actions += 1
        await timed(fake, seats, user, group, pressed, data.startswith("a|"))


async def timed(fake: LimitedFake, seats: Seats, user: int, group: int, pressed: float,
                play: bool, own: bool = True) -> None:
    """The press's own hand (``own``) and, for a card played, the group's next edit (up to
    30 s, meanwhile the human goes on)."""
    if play:
        asyncio.get_running_loop().create_task(group_lag(fake, seats, group, pressed))
    for _ in range(3000 if own else 0):
        if (at := edit_after(fake, user, pressed)) is not None:
            seats.own.append(at - pressed)
            return
        await asyncio.sleep(0.01)


async def group_lag(fake: LimitedFake, seats: Seats, group: int, pressed: float) -> None:
    for _ in range(300):
        if (at := edit_after(fake, group, pressed)) is not None:
            seats.group.append(at - pressed)
            return
        await asyncio.sleep(0.1)


async def page_human(h: Harness, fake: LimitedFake, seats: Seats, user: int, table_id: int,
                     group: int, until: float) -> None:
    page = h.runtime.live.open(table_id, user)
    presser = Presser(Door.PAGE, Person(user, f"U{user}"), "hy", ok, ok_about, ok_about)
    try:
        while time.monotonic() < until:
            await asyncio.sleep(random.uniform(1.5, 4.5))
            if (data := await page_press(h, user, table_id)) is None:
                continue
            page.clear()
            pressed = time.monotonic()
            reply = await enter(h.runtime, presser, data)
            if reply.refused is not None:
                continue
            seats.actions += 1
            await page.wait()
            seats.own.append(time.monotonic() - pressed)
            await timed(fake, seats, user, group, pressed, data.startswith("a|"), own=False)
    finally:
        h.runtime.live.close(table_id, page, user)


async def ok() -> bool:
    return True


async def ok_about(chat: int) -> bool:
    return True


async def seat(h: Harness, fake: LimitedFake, tables: int, humans: int) -> Seats:
    seats, lobby = Seats(), h.runtime.tables.lobby
    for index in range(tables):
        users = [30_000 + index * 4 + i for i in range(humans)]
        for user in users:
            fake.started.add(user)
            await h.runtime.store.users.put(UserRecord(id=user, name=f"U{user}", can_dm=True))
        outcome = await lobby.create(TableKey(chat_id=-300_000 - index),
                                     Person(users[0], f"U{users[0]}"), "hearts", True)
        table_id = outcome.table.id or 0
        for user in users[1:]:
            await lobby.join(table_id, Person(user, f"U{user}"))
        if humans < 4:
            await lobby.add_computers(table_id, users[0], "normal", 4)
        await h.runtime.publish(await lobby.start(table_id, users[0], False))
        seats.users += [(user, table_id, -300_000 - index) for user in users]
        await asyncio.sleep(0)
    return seats


def hear_429s(h: Harness) -> list[tuple[float, int]]:
    """When the bot heard each 429 (time, chat): a call the fake counts as early may have left
    before then (on its way when the 429 was answered, or as the event loop had not yet read it)."""
    heard: list[tuple[float, int]] = []
    pacing = h.runtime.sender.pacing
    refused = pacing.refused

    def hearing(chat_id: int, seconds: float, whole_bot: bool | None = None) -> None:
        heard.append((time.monotonic(), chat_id))
        refused(chat_id, seconds, whole_bot)
    pacing.refused = hearing  # type: ignore[method-assign]
    return heard


def early_calls(fake: LimitedFake, heard: list[tuple[float, int]]) -> tuple[int, int]:
    """Calls made before a 429's retry_after ended (distinct), and of those the ones made after
    the bot had heard it."""
    made, after = set(), set()
    for event, call in fake.limiter.early_calls():
        made.add(call.call)
        when = min((at for at, chat in heard if chat == event.chat_id and at >= event.at),
                   default=None)
        if when is not None and call.at > when:
            after.add(call.call)
    return len(made), len(after)


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(len(values) * q))] * 1000 if values else 0.0


async def run(args: argparse.Namespace, path: str, ceiling: int | None) -> None:
    random.seed(1)
    fake = LimitedFake(ceiling)
    async with Harness(cast(Store, MemoryStore()), fake, rate_limit=True, **SETTINGS) as h:
        began = time.monotonic()
        seats = await seat(h, fake, args.tables, args.humans)
        set_up = time.monotonic() - began
        calls, refused_before = len(fake.log), fake.limiter.report()
        until, cpu = time.monotonic() + args.seconds, time.process_time()
        heard = hear_429s(h)
        if path == "text":
            work = [text_human(h, fake, seats, u, g, until) for u, _, g in seats.users]
        else:
            work = [page_human(h, fake, seats, u, t, g, until) for u, t, g in seats.users]
        await asyncio.gather(*work)
        report = fake.limiter.report()
        early = early_calls(fake, heard)
        # while the humans played: not the private hands redrawn as the pages close at the end
        chat_calls = sum(chat != 0 and at <= until for at, m, chat in fake.log[calls:]
                         if m in COUNTED)
        busy = (time.process_time() - cpu) / (time.monotonic() - until + args.seconds)
        rate = h.runtime.sender.pacing.budget.rate
        await h.runtime.close(2.0)
    refused = sum(cast(dict[str, int], report["refused"]).values()) - sum(
        cast(dict[str, int], refused_before["refused"]).values())
    limited = cast(int, report["limited_calls"]) - cast(int, refused_before["limited_calls"])
    within = (pct(seats.own, 0.5) < 200 and pct(seats.own, 0.99) < 2000) if path == "text" \
        else pct(seats.own, 0.99) < 200
    print(f"{path:4} ceiling {ceiling or 'none':>4}: {len(seats.users)} humans "
          f"({args.tables} tables of {args.humans}), set up in {set_up:.0f} s; "
          f"{seats.actions} actions; {'own hand' if path == 'text' else 'move to event'} "
          f"p50 {pct(seats.own, 0.5):.0f} ms p99 {pct(seats.own, 0.99):.0f} ms; group lag "
          f"p50 {pct(seats.group, 0.5):.0f} ms p99 {pct(seats.group, 0.99):.0f} ms; "
          f"429s {refused}/{limited} ({100 * refused / max(1, limited):.2f}%), "
          f"sent before a retry_after ended {early[0]} (after the bot heard the 429 {early[1]}); "
          f"{chat_calls / max(1, seats.actions):.2f} "
          f"calls an action; found rate {rate:.0f}/s; the bot's process {busy:.0%} of a core; "
          f"{'served' if within else 'NOT served'} within the latencies")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--humans", type=int, default=1, choices=(1, 4))
    parser.add_argument("--paths", default="text,page")
    parser.add_argument("--ceilings", default="none,30,100")
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    for ceiling in args.ceilings.split(","):
        for path in args.paths.split(","):
            await run(args, path, None if ceiling == "none" else int(ceiling))


if __name__ == "__main__":
    asyncio.run(main())
