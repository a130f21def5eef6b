"""56 after a restart in the middle of the auction: the same messages, the auction goes on."""

from __future__ import annotations

from storage import Store

from .fake import GROUP, FakeTelegram, Harness
from .play import act_once
from .test_fifty_six_match import open_table

ARAM, ANI = 101, 102


async def test_a_restart_mid_auction_goes_on_with_the_same_calls(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await open_table(h, [ARAM, ANI], 2)
        table = await both_stores.tables.seat_of(ARAM)
        assert table is not None
        if not table.log:  # a human calls first: one call (a second could end the auction)
            assert await act_once(h, ARAM) or await act_once(h, ANI)
        table = await both_stores.tables.seat_of(ARAM)
        assert table is not None
        state = h.runtime.tables.kernel.state_of(table)
        assert state.phase == "auction"
        before_log = list(table.log)
        message = h.table_message().message_id
        before_table = h.table_message().text
        hands = {user: h.hand(user).message_id for user in (ARAM, ANI)}
    async with Harness(both_stores, fake) as h:  # a new process: only the store and Telegram
        table = await both_stores.tables.seat_of(ARAM)
        assert table is not None and table.log == before_log
        state = h.runtime.tables.kernel.state_of(table)
        assert state.phase == "auction" and state.calls and len(state.calls) == len(before_log)
        assert fake.messages[(GROUP, message)].text == before_table
        moved = [user for user in (ARAM, ANI) if await act_once(h, user)]
        assert moved, "the human to call can call after the restart"
        after = await both_stores.tables.seat_of(ARAM)
        assert after is not None and len(after.log) > len(before_log)
        text = fake.messages[(GROUP, message)].text
        assert text != before_table and ("պաս" in text.split("\n")[-1] or "Պայմանագիր" in text)
        assert all(h.hand(user).message_id == hands[user] for user in (ARAM, ANI))
