"""The outbox (bot/sending/outbox.py), as two workers on one store use it, in both of its shapes:
a claim per post (a season's end posts) and a lease on a group of posts (a table's outbox). A post
Telegram refuses for good is done; one that fails stays owed and goes later; a worker killed
between its claim and the mark holds the post only until its claim runs out; two workers racing
for one post send it once. Every post goes out once."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pytest
from telegram import Bot

import bot.sending.calls
from bot.play.admin import Admin
from bot.play.kernel import Kernel
from bot.sending.calls import Done
from bot.sending.outbox import Outbox
from bot.sending.queue import Sender
from bot.social.season_posts import CLAIM, RETRY
from storage import Store
from tests.storage.test_contract import table

from .fake import GROUP, TOKEN, ApiError, FakeTelegram

OUTBOX_LEASE = 15.0  # the table outbox's (bot/publishing/publisher.py)
Group = Any


class Shape(Protocol):
    """How a kind of post is owed in the store, claimed and marked."""

    held: float  # seconds a worker's claim or lease lasts

    async def owing(self, store: Store, events: list[str]) -> Group: ...

    async def owed(self, store: Store, group: Group) -> list[str]: ...

    def outbox(self, store: Store, worker: str, clock: Callable[[], float]) -> Outbox[Any, str]: ...


class Claims:
    """Season end posts: each game's post claimed alone, then marked posted."""

    held = CLAIM

    def __init__(self) -> None:
        self.seasons = 0
        self.games: dict[Group, list[str]] = {}

    async def owing(self, store: Store, events: list[str]) -> Group:
        self.seasons += 1
        group = (GROUP, f"2031-{self.seasons:02d}")
        self.games[group] = events
        return group

    async def owed(self, store: Store, group: Group) -> list[str]:
        posted = await store.seasons.posted(*group)
        return [g for g in self.games[group] if g not in posted]

    def outbox(self, store: Store, worker: str, clock: Callable[[], float]) -> Outbox[Any, str]:
        async def claim(group: Group, games: Sequence[str], now: float) -> list[str]:
            return [g for g in games if await store.seasons.claim(*group, g, worker, now, CLAIM)]

        async def mark(group: Group, game: str) -> None:
            await store.seasons.mark_posted(*group, game, clock())
        return Outbox(mark, claim=claim, rest=RETRY, clock=clock)


class Lease:
    """A table's outbox: leased to one worker as a whole; a post leaves it once sent."""

    held = OUTBOX_LEASE

    async def owing(self, store: Store, events: list[str]) -> Group:
        created = await store.tables.create(table(status="finished", outbox=events))
        return created.id

    async def owed(self, store: Store, group: Group) -> list[str]:
        stored = await store.tables.by_id(group)
        return list(stored.outbox) if stored is not None else []

    def outbox(self, store: Store, worker: str, clock: Callable[[], float]) -> Outbox[Any, str]:
        async def claim(group: Group, events: Sequence[str], now: float) -> list[str] | None:
            if not await store.tables.lease_outbox(group, worker, now, OUTBOX_LEASE):
                return None
            return await self.owed(store, group)

        async def release(group: Group) -> None:
            await store.tables.release_outbox(group, worker)
        return Outbox(Admin(Kernel(store)).posted, claim=claim, release=release, clock=clock)


class Worker:
    """One bot process: its Sender to the one Telegram, its name in the store's claims."""

    def __init__(self, name: str, store: Store, shape: Shape, telegram: Bot,
                 clock: Callable[[], float]) -> None:
        self.store, self.shape = store, shape
        self.sender = Sender(telegram, remember, per_second=10_000, group_limit=1_000_000,
                             overall=1_000_000)
        self.outbox = shape.outbox(store, name, clock)

    async def look(self, group: Group) -> int:
        """One pass over what the store owes: how many posts it queued."""
        since = self.outbox.reading()
        owed = await self.shape.owed(self.store, group)
        queued = await self.outbox.post(group, owed, self.send, since)
        await self.sender.idle()
        return queued

    async def send(self, event: str, done: Done) -> None:
        self.sender.post(GROUP, 0, event, done=done)


async def remember(table_id: int, seat: int | None, message_id: int) -> None:
    return None


async def killed(event: str, done: Done) -> None:
    """The worker died once it had claimed: nothing sent, nothing told."""


@pytest.mark.parametrize("shape", [Claims, Lease])
async def test_each_post_goes_out_once(two_stores: tuple[Store, Store], shape: type[Shape],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.sending.calls, "ATTEMPTS", 1)  # a failed send fails at once
    first, second = two_stores
    fake, now = FakeTelegram(), [time.time()]
    owing = shape()
    async with Bot(TOKEN, request=fake) as telegram:
        a = Worker("a", first, owing, telegram, lambda: now[0])
        b = Worker("b", second, owing, telegram, lambda: now[0])

        # refused for good (the bot was kicked): done, never tried again
        refused = await owing.owing(first, ["refused"])
        fake.fail.append(("sendMessage", ApiError(403, "Forbidden: bot was kicked")))
        assert await a.look(refused) == 1
        assert await owing.owed(first, refused) == []
        assert await a.look(refused) == 0 and await b.look(refused) == 0

        # failed (Telegram answered an error): still owed, sent at a later look
        failed = await owing.owing(first, ["failed"])
        fake.fail.append(("sendMessage", ApiError(400, "Bad Request: something went wrong")))
        assert await a.look(failed) == 1
        assert await owing.owed(first, failed) == ["failed"]
        now[0] += RETRY + 1  # a claimed post rests this long after a failure
        assert await a.look(failed) + await b.look(failed) == 1

        # killed between the claim and the mark: the post waits for the claim to run out
        dead = owing.outbox(first, "dead", lambda: now[0])
        lost = await owing.owing(first, ["lost"])
        assert await dead.post(lost, ["lost"], killed) == 1
        assert await a.look(lost) == 0 and await b.look(lost) == 0, "the dead one's claim holds"
        now[0] += owing.held + 1
        assert await a.look(lost) + await b.look(lost) == 1

        # two workers racing for the same posts: each goes once
        raced = await owing.owing(first, ["race:1", "race:2"])
        assert sum(await asyncio.gather(a.look(raced), b.look(raced))) == 2
        assert await a.look(raced) == 0 and await b.look(raced) == 0
        assert await owing.owed(first, raced) == []

    sent = [p["text"] for name, p in fake.calls if name == "sendMessage"]
    assert sorted(sent) == ["failed", "failed", "lost", "race:1", "race:2", "refused"], \
        "each once, but the failed post: its first try never got there"
    shown = [m.text for m in fake.chat(GROUP)]  # two racing workers may each take one race post
    assert shown[:2] == ["failed", "lost"] and sorted(shown[2:]) == ["race:1", "race:2"]


async def test_a_pass_that_read_the_store_before_a_mark_never_sends_that_post() -> None:
    """Issue 42 item 8: a pass whose read of the store straddles another pass's send and mark
    (the read lists the post; the mark is saved, and a fresher pass reads that it is owed no
    more) must not send it again when it comes back: once, with no kill anywhere."""
    owed, sent = ["deal:1"], []
    read, resume = asyncio.Event(), asyncio.Event()

    async def mark(group: int, event: str) -> None:
        owed.remove(event)

    async def claim(group: int, events: Sequence[str], now: float) -> list[str]:
        seen = list(owed)
        if not read.is_set():  # the slow pass: it read the store, then waits
            read.set()
            await resume.wait()
        return seen

    async def send(event: str, done: Done) -> None:
        sent.append(event)
        await done(True)
    outbox: Outbox[int, str] = Outbox(mark, claim=claim)
    slow = asyncio.ensure_future(outbox.post(1, ["deal:1"], send))
    await read.wait()
    assert await outbox.post(1, ["deal:1"], send) == 1  # sent and marked meanwhile
    owed.append("deal:2")  # the next deal ends: a fresher pass reads deal:1 is owed no more
    assert await outbox.post(1, ["deal:1", "deal:2"], send) == 1
    resume.set()
    assert await slow == 0, "the slow pass read before the mark"
    assert sent == ["deal:1", "deal:2"]  # before: deal:1 again (the fresher read forgot it)


async def test_a_stale_list_of_owed_posts_never_sends_one_marked_since() -> None:
    """The tournaments' shape (no claim: the caller's read is the list): a list read before a
    post's mark, given after a fresher read, sends nothing."""
    owed, sent = ["final"], []

    async def mark(group: int, event: str) -> None:
        owed.remove(event)

    async def send(event: str, done: Done) -> None:
        sent.append(event)
        await done(True)
    outbox: Outbox[int, str] = Outbox(mark)
    stale_since, stale = outbox.reading(), list(owed)
    since = outbox.reading()
    assert await outbox.post(1, list(owed), send, since) == 1
    since = outbox.reading()
    assert await outbox.post(1, list(owed), send, since) == 0
    assert await outbox.post(1, stale, send, stale_since) == 0
    assert sent == ["final"]
