"""End to end: faults the fake Bot API server injects while a match is played: timeouts, 5xx,
dropped connections, 429 storms with retry_after, "query is too old", a deleted table message, a
player blocking the bot (403) and coming back, a bot stopped with SIGTERM while the API is gone.
No table is stuck, no result is lost or sent twice, and the bot exits within five seconds."""

from __future__ import annotations

import asyncio
import random
import signal
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.fakeapi import FakeBotApi

from .test_e2e import act, bot_process, choose, fake_api, hand_message, open_table
from .test_e2e_crashes import is_match_result

TOO_OLD = "Bad Request: query is too old and response timeout expired or query ID is invalid"


def faults(api: FakeBotApi, group: Any) -> list[tuple[str, Callable[[], None]]]:
    table = lambda: api.bot_messages(group)[0]  # noqa: E731  (the table message)
    return [
        ("too old", lambda: api.inject_failure("answerCallbackQuery", status=400,
                                               description=TOO_OLD, times=2)),
        ("5xx", lambda: api.inject_failure("editMessageText", status=502, times=3)),
        ("dropped", lambda: api.inject_failure("editMessageText", drop_connection=True)),
        ("429 storm", lambda: api.inject_failure("*", status=429, retry_after=1, times=8)),
        ("slow send", lambda: api.inject_failure("sendMessage", delay=6.0)),
        ("timeout", lambda: api.inject_failure("editMessageText", delay=6.0)),
        ("deleted", lambda: api.chat(group).messages.pop(table().message_id, None)),
        ("5xx send", lambda: api.inject_failure("sendMessage", status=500, times=2)),
    ]


async def play(api: FakeBotApi, user: int, over: Callable[[], bool]) -> bool:
    """Press as a human would; an answer that never comes (made to fail) does not stop them:
    the hand is redrawn all the same, and they go on from there."""
    def ready() -> Any:
        hand = hand_message(api, user)
        return over() or (hand is not None and choose(hand.callback_data, hand) and hand)

    hand = await api.wait_for(ready, timeout=30)
    if over():
        return False
    before = (hand.message_id, hand.edit_count)
    await api.user_presses(user, user, hand.message_id, choose(hand.callback_data, hand))
    await api.wait_for(lambda: over() or (hand_message(api, user).message_id,
                                          hand_message(api, user).edit_count) != before,
                       timeout=30)
    return True


async def test_a_match_survives_every_fault_with_nothing_lost_or_sent_twice(tmp_path: Path) -> None:
    rng = random.Random(12)
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", language_code="hy")
        group = await open_table(api, [aram], 3, "hearts", ("🎯",))  # to 50
        over = lambda: any(is_match_result(m.text) for m in api.bot_messages(group))  # noqa: E731
        pending = faults(api, group)
        injected: list[str] = []
        presses = 0
        while await play(api, aram.id, over):
            presses += 1
            if pending and rng.random() < 0.2:
                name, inject = pending.pop(rng.randrange(len(pending)))
                inject()
                injected.append(name)
            if presses == 20:  # blocks the bot, then starts it again
                await api.user_blocks_bot(aram)
                await asyncio.sleep(1.0)
                await api.user_starts_private(aram)
                injected.append("403 blocked")
        assert len(injected) >= 6, injected
        texts = [m.text for m in api.bot_messages(group)]
        assert sum(map(is_match_result, texts)) == 1
        posts = [t for t in texts if not t.startswith("🃏") and "ավարտվեց" in t]
        assert len(posts) == len(set(posts)), [t[:80] for t, n in Counter(posts).items() if n > 1]
        tables = [c for c in api.calls_to("sendMessage", group)
                  if c.status == 200 and '"h|' in str(c.params.get("reply_markup", ""))]
        assert len(tables) <= 2, "one table message (and one more after it was deleted)"
        assert len([m for m in api.bot_messages(aram.id) if "🃏" in m.text]) == 1


async def test_sigterm_with_the_api_gone_exits_within_five_seconds(tmp_path: Path) -> None:
    async with fake_api() as api:
        aram = api.add_user("Արամ", language_code="hy")
        async with bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log") as process:
            await open_table(api, [aram], 3, "king")
            assert await act(api, aram.id, lambda: False)
            await api.stop()  # the Bot API is gone: every call now fails to connect
            await asyncio.sleep(0.5)
            started = time.monotonic()
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.wait(), 10)
            assert time.monotonic() - started < 5.0
            assert hand_message(api, aram.id) is not None
        assert process.returncode is not None
