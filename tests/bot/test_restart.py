"""A move saved but never drawn (the bot killed between the two): at start-up every table and hand
is drawn again from the store, and a press on the old keyboard gets its alert and a fresh hand."""

from __future__ import annotations

from bot import callbacks, i18n
from storage.base import Store

from .fake import GROUP, FakeTelegram, Harness
from .play import actions

HUMANS = [101, 102, 103, 104]


async def _saved_not_drawn(h: Harness) -> tuple[int, str]:
    """One human's move applied and stored with no screen drawn; (the mover, the button used)."""
    for user in HUMANS:
        plays = [d for d in actions(h.hand(user)) if d.startswith("a|")]
        if plays:
            press = callbacks.decode(plays[0])
            await h.runtime.service.act(press.table_id, user, press.move, press.arg)
            return user, plays[0]
    raise AssertionError("no human has an action button")


async def test_start_up_draws_what_was_saved_and_an_old_keyboard_is_replaced(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("fifty_six", HUMANS, 0)
        mover, used = await _saved_not_drawn(h)
        old_hand, old_table = h.hand(mover).text, h.table_message().text
        assert used in actions(h.hand(mover)), "nothing was drawn: the old keyboard still shows"
    async with Harness(both_stores, fake) as h:  # a new process: only the store and Telegram
        await h.idle()
        table = await both_stores.tables.seat_of(mover)
        assert table is not None and len(table.log) == 1
        assert h.hand(mover).text != old_hand and used not in actions(h.hand(mover))
        assert fake.messages[(GROUP, h.runtime.sender.message_ids(GROUP)[0])].text != old_table
        edits = fake.count("editMessageText")
        stale_message = h.hand(mover)
        stale_message.text = old_hand  # the press comes from the old keyboard
        answer = await h.press(mover, stale_message, used)
        assert answer.get("show_alert") and answer.get("text") == i18n.t("hy", "error-stale")
        assert fake.count("editMessageText") == edits + 1, "the presser's hand is drawn again"
        table = await both_stores.tables.seat_of(mover)
        assert table is not None and len(table.log) == 1, "the old press changed nothing"
