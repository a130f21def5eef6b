"""A replay's frames are built off the event loop, once per deal (issue 42 item 12): its steps
(◀ ▶ in the private chat, 🔍's review) no longer replay the match on the loop every press."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from bot.coach import frames as frames_module
from bot.coach.replay import open_data
from storage.memory.store import MemoryStore

from .fake import Harness
from .test_web_replay import ARAM, finished_first_deal


async def test_replay_steps_build_the_deal_once_and_off_the_loop(
        monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[bool] = []  # one per build: whether it ran on the event loop's thread
    real = frames_module.deal_frames

    def spy(*args: Any) -> Any:
        built.append(threading.current_thread() is threading.main_thread())
        return real(*args)
    monkeypatch.setattr(frames_module, "deal_frames", spy)
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table_id = await finished_first_deal(h)
        await h.start_private(ARAM)
        await h.press(ARAM, h.fake.chat(ARAM)[-1], open_data("t", table_id, 1))
        replay = next(m for m in reversed(h.fake.chat(ARAM)) if m.text.startswith("⏯"))
        first = replay.text
        for _ in range(3):  # ▶ three times: the same deal, built once
            await h.press(ARAM, replay, replay.button("▶")["callback_data"])
        assert replay.text != first, "the steps were drawn"
    assert built == [False], built
