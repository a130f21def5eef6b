"""End to end: the real bot process against the fake Bot API answering 429s with retry_after,
for the human's private chat and then for the whole bot, mid-deal: every press is answered,
nothing is lost (the deal goes on in the same messages, the hand right), and no call gets
through before a retry_after has passed (a call on its way when a 429 was answered meets the
same block and is refused too)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .test_e2e import (
    act,
    bot_process,
    check_what_the_human_sees,
    fake_api,
    hand_message,
    open_table,
)

pytestmark = pytest.mark.e2e


async def test_429s_for_a_chat_and_for_the_bot_lose_nothing_and_nothing_goes_early(
        tmp_path: Path) -> None:
    async with fake_api() as api, bot_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log"):
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        group = await open_table(api, [aram], 3)
        never = lambda: False  # noqa: E731
        for _ in range(6):  # the pass, and a play
            await act(api, aram.id, never)
        hand = hand_message(api, aram.id).message_id
        for blocked in (aram.id, None):  # the human's chat, then every chat
            api.flood_block(1.5, blocked)
            for _ in range(3):
                await act(api, aram.id, never)
                check_what_the_human_sees(api, group.id, aram.id)
        assert api.flood_events, "the blocks were met"
        assert hand_message(api, aram.id).message_id == hand, "the same hand message"
        early = [call for _, call in api.early_calls() if not call.refused]
        assert early == [], "a call got through before a retry_after had passed"
