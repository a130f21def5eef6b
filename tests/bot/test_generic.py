"""Every engine game is playable in the bot: the games without a view of their own get the
generic one, whose buttons are the legal actions' codes."""

from __future__ import annotations

import pytest

from engine import GAME_NAMES, find_game
from storage.base import Store, TableKey

from .fake import GROUP, Harness
from .play import actions

ARAM = 101
OTHER_GAMES = [g for g in GAME_NAMES if g != "hearts"]


@pytest.mark.parametrize("game", OTHER_GAMES)
async def test_a_game_without_its_own_view_is_playable(store: Store, game: str) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, f"/new {game}")
        seats = max(find_game(game).sizes)
        for _ in range(seats - 1):
            await h.press(ARAM, h.table_message(), h.table_message().button("🤖 Հ")["callback_data"])
            await h.press(ARAM, h.table_message(), h.table_message().button("Միջին")["callback_data"])
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        moves = 0
        for _ in range(60):
            table = await store.tables.get(TableKey(chat_id=GROUP))
            if table is None:
                break  # finished
            presses = [d for d in actions(h.hand(ARAM)) if d.startswith("a|")]
            assert presses, f"{game}: the human must have a legal action when the table waits"
            answer = await h.press(ARAM, h.hand(ARAM), presses[0])
            assert not answer.get("show_alert"), answer
            moves += 1
            after = await store.tables.by_id(table.id or 0)
            assert after is not None and len(after.log) > len(table.log)
        assert moves > 0
        alert = await h.press(ARAM, h.table_message(), h.table_message().button("👀")["callback_data"]) \
            if h.table_message().buttons() else {"text": ""}
        assert len(alert["text"]) <= 200
