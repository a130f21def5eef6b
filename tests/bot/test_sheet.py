"""The table message's 📋 button posts the score sheet of the finished deals in the group: from
the engine's history, for a game with its own sheet (King) and for the shared one (teams too)."""

from __future__ import annotations

import pytest

from storage.base import Store

from .fake import GROUP, Harness
from .play import act_once

ARAM = 101


@pytest.mark.parametrize(("game", "title"), [("king", "Քինգ"), ("bazar_blot", "Բազար բլոտ"),
                                             ("hearts", "Սրտեր")])
async def test_the_sheet_button_posts_the_finished_deals(store: Store, game: str,
                                                         title: str) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, f"/new {game}")
        await h.add_computers(ARAM, 3)
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        posts = len(h.fake.chat(GROUP))
        for _ in range(300):  # until the first deal has ended
            if len(h.fake.chat(GROUP)) > posts:
                break
            assert await act_once(h, ARAM)
        answer = await h.press(999, h.table_message(), h.table_message().button("📋")["callback_data"])
        assert not answer.get("show_alert"), "a spectator may ask for the sheet"
        sheet = h.fake.chat(GROUP)[-1].text
        assert sheet.startswith("📋") and "<pre>" in sheet and " 1 " in sheet, sheet
        assert title in sheet or game == "king"  # King titles its own paper sheet
