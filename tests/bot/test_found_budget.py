"""The overall budget found from Telegram's answers (bot/sending/budget.py, pacing.py): it grows
while Telegram accepts what it holds back, a 429 for the whole bot cuts it and stops every send
until its retry_after has passed, and one for a single chat stops that chat. Against the fake Bot
API's 429s: nothing is lost, nothing is sent early, each message ends showing its newest screen."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from telegram import Bot
from telegram.request import HTTPXRequest, RequestData

from bot.sending.budget import HAND, Budget
from bot.sending.queue import Sender, Target
from bot.views import Screen
from tests.fakeapi import FakeBotApi


async def test_the_rate_grows_only_while_the_budget_holds_sends_back() -> None:
    budget = Budget(30)
    start = budget.rate
    for _ in range(100):
        budget.accepted()  # nothing ever waited: no sign that more is needed
    assert budget.rate == start
    for _ in range(budget.burst + 1):
        await budget.wait(HAND)  # the last one waits: the budget held it back
    for _ in range(100):
        budget.accepted()
    assert budget.rate > start


async def test_a_429_for_the_whole_bot_cuts_the_rate_once_and_blocks_every_send() -> None:
    budget = Budget(100, floor=20)
    loop = asyncio.get_running_loop()
    budget.refused(0.3)
    cut = budget.rate
    assert cut < 100 / 1.1
    budget.refused(0.3)  # another call that was on its way meanwhile: the same block
    assert budget.rate == cut
    start = loop.time()
    await budget.wait(HAND)
    assert loop.time() - start >= 0.29, "nothing goes before retry_after"
    for _ in range(10):
        budget.refused(0.0)
        await asyncio.sleep(0)
    assert budget.rate == 20, "never below the floor"


async def test_the_ceiling_is_never_passed() -> None:
    budget = Budget(30, ceiling=40)
    for _ in range(budget.burst + 1):
        await budget.wait(HAND)
    for _ in range(10_000):
        budget.accepted()
    assert budget.rate <= 40 / 1.1


class Heard(HTTPXRequest):
    """The bot's side of its calls: when each left for which chat, and each 429 when it was
    heard, with its retry_after."""

    def __init__(self) -> None:
        super().__init__(connection_pool_size=64)
        self.left: list[tuple[float, int]] = []  # (loop time, chat)
        self.refused: list[tuple[float, int, float]] = []  # (loop time heard, chat, seconds)

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        loop = asyncio.get_running_loop()
        chat = int(str((request_data.parameters if request_data else {}).get("chat_id", 0)))
        self.left.append((loop.time(), chat))
        code, payload = await super().do_request(url, method, request_data, *args, **kwargs)
        if code == 429:
            seconds = json.loads(payload)["parameters"]["retry_after"]
            self.refused.append((loop.time(), chat, float(seconds)))
        return code, payload

    def early(self, whole_bot: bool) -> list[tuple[float, int]]:
        """Calls that left after a 429 was heard and before its retry_after had passed."""
        return [(at, chat) for heard, to, seconds in self.refused for at, chat in self.left
                if heard < at < heard + seconds and (whole_bot or chat == to)]


async def shown(api: FakeBotApi, chats: list[int]) -> Heard:
    """Three screens in a row to each chat's message, then, once a 429 is heard, a fourth:
    each message must end showing it."""
    async def remember(table_id: int, seat: int | None, message_id: int) -> None:
        return None

    heard = Heard()
    async with Bot(api.token, base_url=api.base_url, request=heard) as telegram:
        sender = Sender(telegram, remember, overall=1_000)
        for version in range(3):
            for chat in chats:
                sender.show(Target(chat, 0, chat), Screen.of(f"{chat} v{version}"), version, None)
        for _ in range(500):
            if heard.refused:
                break
            await asyncio.sleep(0.01)
        for chat in chats:
            sender.show(Target(chat, 0, chat), Screen.of(f"{chat} v3"), 3, None)
        await sender.idle()
    return heard


async def players(api: FakeBotApi, count: int) -> list[int]:
    users = [api.add_user(f"P{i}") for i in range(count)]
    for user in users:
        await api.user_starts_private(user)
    return [user.id for user in users]


async def test_a_429_for_one_chat_nothing_lost_nothing_early() -> None:
    async with FakeBotApi(global_per_second=None) as api:
        chats = await players(api, 4)
        api.flood_block(1.5, chats[0])
        heard = await shown(api, chats)
        assert heard.refused, "the block was met"
        assert heard.early(whole_bot=False) == [], "nothing to that chat before its retry_after"
        for chat in chats:
            assert [m.text for m in api.bot_messages(chat)] == [f"{chat} v3"]


async def test_a_429_for_the_whole_bot_nothing_lost_nothing_early() -> None:
    async with FakeBotApi(global_per_second=None) as api:
        chats = await players(api, 6)
        api.flood_block(1.5)
        heard = await shown(api, chats)
        assert heard.refused, "the block was met"
        # the calls already on their way when the first 429 was heard were refused too; none
        # left after it before its retry_after had passed
        assert heard.early(whole_bot=True) == []
        for chat in chats:
            assert [m.text for m in api.bot_messages(chat)] == [f"{chat} v3"]


async def test_a_group_at_the_edge_of_its_minute_is_refused_alone() -> None:
    pacing = Sender(Bot("1:x"), remember=None, overall=1_000).pacing  # type: ignore[arg-type]
    for _ in range(pacing.group_pacer.burst):  # the group's burst spent: its 429 is its own
        await pacing.slot(-7, HAND)
    pacing.refused(-7, 30)
    assert pacing.budget.rate == 1_000 / 1.1, "the bot's rate is not cut"
    other = asyncio.create_task(pacing.slot(8, HAND))  # another chat goes on at once: its
    await asyncio.sleep(0)  # slot is over in its first step, however busy the machine
    assert other.done()
    pacing.refused(8, 1)  # a private chat well within its pace: the whole bot is over
    assert pacing.budget.rate < 1_000 / 1.1
