"""Rendering under Telegram's limits: coalesced edits, 429 obeyed, lost messages re-sent,
"message is not modified" ignored."""

from __future__ import annotations

from bot.views import view_for
from engine import find_game
from storage.base import Store, TableRecord

from .fake import GROUP, ApiError, FakeTelegram, Harness
from .play import act_once
from .test_match import open_table

ARAM = 101


async def table_of(store: Store) -> TableRecord:
    table = await store.tables.seat_of(ARAM)
    assert table is not None
    return table


def group_edits(fake: FakeTelegram) -> int:
    return sum(1 for name, p in fake.calls if name == "editMessageText"
               and int(p["chat_id"]) == GROUP)


async def test_computer_moves_in_a_row_make_one_group_edit(store: Store) -> None:
    computers_moved = False
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        for _ in range(40):
            before_edits, before_log = group_edits(h.fake), len((await table_of(store)).log)
            await act_once(h, ARAM)
            assert group_edits(h.fake) - before_edits <= 1
            if len((await table_of(store)).log) - before_log > 1:
                computers_moved = True
        assert computers_moved


async def test_a_429_is_obeyed_and_nothing_is_lost(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        h.fake.fail.append(("editMessageText", ApiError(429, "Too Many Requests: retry after 1", 1)))
        await act_once(h, ARAM)
        assert not h.fake.fail, "the 429 was answered"
        table = await table_of(store)
        game = find_game("hearts")
        state = h.runtime.service.state_of(table)
        expected = view_for("hearts").hand(
            game.observation(state, 0), game.legal_actions(state, 0),
            h.runtime.context(table, "hy", 0))
        assert h.hand(ARAM).text == expected.text and len(table.seats[0].selection) == 1


async def test_a_deleted_table_message_is_sent_again_and_remembered(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        old = h.table_message()
        h.fake.api_deleteMessage({"chat_id": GROUP, "message_id": old.message_id})
        for _ in range(4):
            await act_once(h, ARAM)
        table = await table_of(store)
        assert table.table_message_id not in (None, old.message_id)
        assert (GROUP, table.table_message_id) in h.fake.messages


async def test_not_modified_after_a_restart_is_ignored(store: Store) -> None:
    fake = FakeTelegram()
    async with Harness(store, fake) as h:
        await open_table(h, [ARAM], 3)
    async with Harness(store, fake) as h:
        await h.runtime.publish(await h.runtime.service.outcome((await table_of(store)).id or 0))
        await h.idle()
        assert fake.calls[-1][0] == "editMessageText"
        assert len(fake.chat(GROUP)) == 1 and len(fake.chat(ARAM)) == 2
