"""The fake's flood limits: Telegram's per-chat and per-group limits, a global ceiling the bench
sets, and the record a bench judges the bot by (when each 429's retry_after ends, and what was
sent before then)."""

from __future__ import annotations

import asyncio
import datetime as dtm

import pytest
from telegram import Bot
from telegram.error import RetryAfter

from tests.fakeapi import FakeBotApi
from tests.fakeapi.limits import FloodLimiter

pytestmark = pytest.mark.filterwarnings("ignore:Deprecated since version v22.2")


def seconds(value: int | dtm.timedelta) -> float:
    """RetryAfter.retry_after is an int or a timedelta depending on PTB_TIMEDELTA."""
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def limiter(clock: Clock, **options: object) -> FloodLimiter:
    settings: dict = {"chat_per_second": 1.0, "chat_burst": 3, "group_per_minute": 20,
                      "global_per_second": 30, "clock": clock, **options}
    return FloodLimiter(**settings)


# ---------------------------------------------------------------- the limits themselves


def test_private_chat_bursts_then_one_a_second() -> None:
    clock = Clock()
    flood = limiter(clock)
    assert [flood.acquire(1, False) for _ in range(3)] == [None, None, None]
    assert flood.acquire(1, False) == ("chat", 1)
    assert flood.acquire(2, False) is None  # another chat is unaffected
    clock.now += 1.0
    assert flood.acquire(1, False) is None
    assert flood.acquire(1, False) == ("chat", 1)


def test_group_twenty_a_minute_edits_counted_alike() -> None:
    clock = Clock()
    flood = limiter(clock, chat_per_second=100.0, chat_burst=100)
    for i in range(20):
        method = "sendMessage" if i % 2 else "editMessageText"
        assert flood.acquire(-5, True, method=method) is None
    assert flood.acquire(-5, True, method="editMessageReplyMarkup") == ("group", 60)
    clock.now += 59.5
    assert flood.acquire(-5, True) == ("group", 1)
    clock.now += 0.5
    assert flood.acquire(-5, True) is None


def test_global_ceiling_none_and_changed_while_running() -> None:
    clock = Clock()
    flood = limiter(clock, global_per_second=2)
    assert flood.acquire(1, False) is None and flood.acquire(2, False) is None
    assert flood.acquire(3, False) == ("global", 1)
    flood.global_per_second = None  # no ceiling at all
    assert all(flood.acquire(chat, False) is None for chat in range(10, 110))
    flood.global_per_second = 100  # the last second's calls count against the new ceiling
    assert flood.acquire(200, False) == ("global", 1)
    clock.now += 1.0
    assert flood.acquire(200, False) is None


def test_each_429_knows_when_its_retry_after_ends_and_what_was_sent_early() -> None:
    clock = Clock()
    flood = limiter(clock, chat_burst=1)
    assert flood.acquire(1, False, method="sendMessage") is None
    assert flood.acquire(1, False, method="editMessageText") == ("chat", 1)
    (event,) = flood.events
    assert (event.limit, event.chat_id, event.at, event.until) == ("chat", 1, 1000.0, 1001.0)
    clock.now += 0.25
    assert flood.acquire(2, False) is None  # another chat: not early
    assert flood.acquire(1, False, method="sendMessage") == ("chat", 1)  # early, refused again
    clock.now += 0.75  # the first retry_after has passed, not the second (until 1001.25)
    assert flood.acquire(1, False, method="sendMessage") is None
    assert [(c.method, c.chat_id, c.early_by, c.refused) for c in event.early] == [
        ("sendMessage", 1, 0.75, True)]
    assert [(c.early_by, c.refused) for c in flood.events[1].early] == [(0.25, False)]
    clock.now += 0.25
    assert flood.acquire(1, False) == ("chat", 1)  # over the pace again, but not early
    assert flood.report()["sent_early"] == 2


def test_a_global_429_makes_any_chat_early() -> None:
    clock = Clock()
    flood = limiter(clock, global_per_second=1)
    assert flood.acquire(1, False) is None
    assert flood.acquire(2, False, method="sendMessage") == ("global", 1)
    clock.now += 0.5
    flood.global_per_second = 100
    assert flood.acquire(3, False, method="sendPhoto") is None  # allowed, and still early
    (event,) = flood.events
    assert [(c.method, c.chat_id, c.refused) for c in event.early] == [("sendPhoto", 3, False)]
    assert [pair[1].chat_id for pair in flood.early_calls()] == [3]


def test_totals_per_limit_kind() -> None:
    clock = Clock()
    flood = limiter(clock, chat_burst=1, global_per_second=None)
    flood.acquire(-7, True)
    flood.acquire(-7, True)  # chat 429
    flood.acquire(8, False)
    report = flood.report()
    assert report["calls"] == {"chat": 3, "group": 2, "lane": 0, "global": 3}
    assert report["refused"] == {"chat": 1, "group": 0, "lane": 0, "global": 0}
    assert report["global_per_second"] is None and report["flood_events"] == 1
    assert report["limited_calls"] == 3


def test_ephemeral_sends_have_a_lane_per_receiver_by_default() -> None:
    clock = Clock()
    flood = limiter(clock, group_per_minute=2)
    for _ in range(3):  # not counted in the group's two a minute
        assert flood.acquire(-5, True, receiver_id=1) is None
    assert flood.acquire(-5, True, receiver_id=1) == ("lane", 1)
    assert flood.events[-1].receiver_id == 1 and flood.events[-1].budget == ("lane", -5, 1)
    assert flood.acquire(-5, True, receiver_id=2) is None  # another receiver's lane
    assert flood.acquire(-5, True) is None and flood.acquire(-5, True) is None  # the group's own
    assert flood.acquire(-5, True) == ("group", 60)
    clock.now += 0.5
    assert flood.acquire(-5, True, receiver_id=1) == ("lane", 1)  # early for the lane 429
    assert len(flood.events[0].early) == 1 and flood.events[2].early == []


@pytest.mark.parametrize("policy, counted", [
    ("group", {"chat": 1, "group": 1, "lane": 0, "global": 1}),
    ("both", {"chat": 1, "group": 1, "lane": 1, "global": 1}),
    ("global", {"chat": 0, "group": 0, "lane": 0, "global": 1}),
])
def test_ephemeral_policy_is_configurable(policy: str, counted: dict[str, int]) -> None:
    flood = limiter(Clock(), ephemeral=policy)
    flood.acquire(-5, True, receiver_id=1)
    assert flood.report()["calls"] == counted
    with pytest.raises(ValueError):
        limiter(Clock(), ephemeral="sometimes")


# ---------------------------------------------------------------- through the server, with PTB


async def test_unlimited_methods_pass_a_global_block_and_are_not_counted() -> None:
    async with FakeBotApi() as api, Bot(api.token, base_url=api.base_url) as bot:
        alice = api.add_user("Alice")
        group = api.add_group("G", members=[alice])
        sent = await bot.send_message(group.id, "table")
        query_id = await api.user_presses(alice, group, sent.message_id, "x", forge=True)
        api.flood_block(5.0)  # the whole bot
        with pytest.raises(RetryAfter):
            await bot.send_message(group.id, "again")
        # tdlib/telegram-bot-api #648: "You can call answerCallbackQuery without any limits"
        assert await bot.answer_callback_query(query_id, text="ok")
        assert (await bot.get_chat_member(group.id, alice.id)).status == "member"
        assert await bot.send_chat_action(group.id, "typing")
        assert await bot.delete_message(group.id, sent.message_id)
        assert api.flood_totals["global"].calls == 2  # the two sends only
        assert api.early_calls() == []


async def test_a_chat_block_answers_429_until_it_ends_and_obeying_it_is_never_early() -> None:
    async with FakeBotApi() as api, Bot(api.token, base_url=api.base_url) as bot:
        group, other = api.add_group("G"), api.add_group("H")
        api.flood_block(0.5, group)
        with pytest.raises(RetryAfter) as caught:
            await bot.send_message(group.id, "x")
        assert seconds(caught.value.retry_after) == 1
        await bot.send_message(other.id, "another chat is not blocked")
        (event,) = api.flood_events
        assert (event.limit, event.chat_id) == ("chat", group.id)
        await asyncio.sleep(max(0.0, event.until - api.clock()))
        await bot.send_message(group.id, "after retry_after")
        assert event.early == [] and api.flood_report()["sent_early"] == 0


async def test_a_bot_that_ignores_a_global_429_is_caught_sending_early() -> None:
    async with FakeBotApi() as api, Bot(api.token, base_url=api.base_url) as bot:
        group, other = api.add_group("G"), api.add_group("H")
        api.flood_block(3.0)
        with pytest.raises(RetryAfter):
            await bot.send_message(group.id, "x")
        with pytest.raises(RetryAfter):  # another chat, but the whole bot was told to wait
            await bot.send_message(other.id, "y")
        first = api.flood_events[0]
        assert first.limit == "global" and first.retry_after == 3
        assert [(c.method, c.chat_id, c.refused) for c in first.early] == [
            ("sendMessage", other.id, True)]
        with pytest.raises(RetryAfter):  # early for both 429s so far: one call, counted once
            await bot.send_message(group.id, "z")
        assert len(api.early_calls()) == 3
        report = api.flood_report()
        assert (report["limited_calls"], report["sent_early"]) == (3, 2)
        assert report["sent_early_by_limit"] == {"chat": 0, "group": 0, "lane": 0, "global": 2}


async def test_the_bench_sets_the_global_ceiling_while_the_bot_runs() -> None:
    async with FakeBotApi(global_per_second=2, chat_burst=100, chat_per_second=100) as api, \
            Bot(api.token, base_url=api.base_url) as bot:
        groups = [api.add_group(f"G{i}") for i in range(3)]
        await bot.send_message(groups[0].id, "1")
        await bot.send_message(groups[1].id, "2")
        with pytest.raises(RetryAfter):
            await bot.send_message(groups[2].id, "3")
        assert api.flood_events[-1].limit == "global" and api.global_ceiling == 2
        api.set_global_ceiling(None)
        for i in range(10):
            await bot.send_message(groups[i % 3].id, f"free {i}")
        assert api.flood_totals["global"].refused == 1
        with pytest.raises(ValueError):
            api.set_global_ceiling(0)
