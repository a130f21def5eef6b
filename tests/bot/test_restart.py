"""A move saved but never drawn (the bot killed between the two): at start-up every table and hand
is drawn again from the store, and a press on the old keyboard gets its alert and a fresh hand."""

from __future__ import annotations

from typing import Any
from unittest.mock import patch

from bot import callbacks, i18n
from bot.play.records import Outcome
from bot.sending.calls import ATTEMPTS
from bot.sending.queue import Target
from bot.views import Screen
from storage import Store, TableKey
from storage.interface.records import TableRecord

from .fake import GROUP, ApiError, FakeTelegram, Harness
from .play import actions

HUMANS = [101, 102, 103, 104]


async def _saved_not_drawn(h: Harness) -> tuple[int, str]:
    """One human's move applied and stored with no screen drawn; (the mover, the button used)."""
    for user in HUMANS:
        plays = [d for d in actions(h.hand(user)) if d.startswith("a|")]
        if plays:
            press = callbacks.decode(plays[0])
            await h.runtime.tables.moves.act(press.table_id, user, press.move, press.arg)
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


def _posts(fake: FakeTelegram, text: str) -> int:
    return sum(1 for name, params in fake.calls
               if name == "sendMessage" and int(params["chat_id"]) == GROUP and text in params["text"])


async def test_a_post_owed_at_a_crash_is_sent_once_after_it(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("fifty_six", HUMANS, 0)
    table = await both_stores.tables.seat_of(HUMANS[1])
    assert table is not None and table.outbox == []
    table.outbox.append("away:1")  # saved with a move; the bot died before sending it
    await both_stores.tables.save(table)
    away = i18n.t("hy", "seat-away", name=i18n.isolate("User102")).split("․")[0]
    for _restart in range(2):
        async with Harness(both_stores, fake) as h:
            await h.idle()
        assert _posts(fake, away) == 1
        table = await both_stores.tables.seat_of(HUMANS[1])
        assert table is not None and table.outbox == []


async def owing_away(h: Harness, store: Store) -> TableRecord:
    """A table of 56 that owes the group a post (a seat gone away)."""
    await h.open_table("fifty_six", HUMANS, 0)
    table = await store.tables.seat_of(HUMANS[1])
    assert table is not None
    table.outbox.append("away:1")
    await store.tables.save(table)
    return table


async def test_a_post_that_never_got_there_stays_owed(both_stores: Store) -> None:
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        table = await owing_away(h, both_stores)
        fake.fail.extend(("sendMessage", ApiError(500, "Internal Server Error")) for _ in range(5))
        outcome = await h.runtime.tables.kernel.outcome(table.id or 0)
        await h.runtime.publish(outcome)
        await h.idle()
        stored = await both_stores.tables.seat_of(HUMANS[1])
        assert stored is not None and stored.outbox == ["away:1"], "five failures: still owed"
        await h.runtime.publish(await h.runtime.tables.kernel.outcome(table.id or 0))
        await h.idle()
        stored = await both_stores.tables.seat_of(HUMANS[1])
        assert stored is not None and stored.outbox == []


async def test_an_older_outcome_published_after_its_post_went_out_does_not_send_it_again(
        both_stores: Store) -> None:
    """The e2e crash test's deal result posted twice with no kill between: a post owed by a
    move's outcome goes out and leaves the stored outbox; an outcome read before that (the
    computers' next move, drawn late under load, after a newer one) still lists it, and its
    drawing must not send it again. The store's outbox, not a snapshot of it, says what is owed."""
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        table = await owing_away(h, both_stores)
        stale = await h.runtime.tables.kernel.outcome(table.id or 0)  # read while it is still owed
        await h.runtime.publish(await h.runtime.tables.kernel.outcome(table.id or 0))
        await h.idle()
        away = i18n.t("hy", "seat-away", name=i18n.isolate("User102")).split("․")[0]
        assert _posts(fake, away) == 1
        # a later outcome is drawn (the store's outbox is empty now), then the older one
        await h.runtime.publish(await h.runtime.tables.kernel.outcome(table.id or 0))
        await h.runtime.publish(stale)
        await h.idle()
        assert _posts(fake, away) == 1, "sent once"
        stored = await both_stores.tables.seat_of(HUMANS[1])
        assert stored is not None and stored.outbox == []


async def thirteen_left_to_computers(h: Harness, store: Store) -> TableRecord:
    """A Thirteen table whose one human is away: the computers play it to its end at once."""
    await h.open_table("thirteen", [HUMANS[0]], 1, level="Հեշտ")
    table = await store.tables.get(TableKey(chat_id=GROUP))
    assert table is not None
    table.seats[0].away = True
    await store.tables.save(table)
    return table


async def test_a_match_finished_but_never_drawn_is_drawn_finished_at_start_up(store: Store) -> None:
    """The bot killed between saving a match's last move and drawing it: at the next start the
    group's table says the match is over (not the last deal's screen), and the result is posted."""
    fake = FakeTelegram()
    async with Harness(store, fake) as h:
        table = await thirteen_left_to_computers(h, store)
        drawn = h.runtime.publish

        async def killed_at_the_end(outcome: Outcome, menu: bool = False) -> None:
            if outcome.table.status != "finished":  # the last move is saved, never drawn
                await drawn(outcome, menu)
        h.runtime.publish = killed_at_the_end  # type: ignore[method-assign]
        with patch("bot.play.kernel.all_away", return_value=False), \
                patch("bot.play.turns.all_away", return_value=False):  # played out at once
            h.runtime.computers.wake(table.id or 0)
            await h.idle()
        done = await store.tables.by_id(table.id or 0)
        assert done is not None and done.status == "finished" and "match" in done.outbox
    over = i18n.t("hy", "table-over", game=i18n.t("hy", "game-thirteen"))
    assert fake.messages[(GROUP, done.table_message_id or 0)].text.splitlines()[0] != over
    async with Harness(store, fake) as h:
        await h.idle()
        assert fake.messages[(GROUP, done.table_message_id or 0)].text.splitlines()[0] == over
        stored = await store.tables.by_id(done.id or 0)
        assert stored is not None and stored.outbox == []


async def test_a_match_posted_but_never_drawn_ended_is_drawn_once_at_start_up(
        both_stores: Store) -> None:
    """Killed after the match's summary reached the group (the outbox is empty) and before the
    table message was edited to its end: the next start draws that end (the group must not keep
    the last deal's screen and buttons), and the start after it draws nothing again."""
    fake = FakeTelegram()
    over = i18n.t("hy", "table-over", game=i18n.t("hy", "game-thirteen"))
    async with Harness(both_stores, fake) as h:
        table = await thirteen_left_to_computers(h, both_stores)
        shown = h.runtime.sender.show

        def killed_before_the_end_screen(target: Target, screen: Screen, *args: Any,
                                         **kwargs: Any) -> None:
            if target.seat is not None or screen.text.splitlines()[0] != over:
                shown(target, screen, *args, **kwargs)
        h.runtime.sender.show = killed_before_the_end_screen  # type: ignore[method-assign]
        with patch("bot.play.kernel.all_away", return_value=False), \
                patch("bot.play.turns.all_away", return_value=False):  # played out at once
            h.runtime.computers.wake(table.id or 0)
            await h.idle()
    done = await both_stores.tables.by_id(table.id or 0)
    assert done is not None and done.status == "finished" and done.outbox == [], "posted"
    message = (GROUP, done.table_message_id or 0)
    assert fake.messages[message].text.splitlines()[0] != over
    async with Harness(both_stores, fake) as h:
        await h.idle()
    assert fake.messages[message].text.splitlines()[0] == over
    edits = fake.messages[message].edits
    async with Harness(both_stores, fake) as h:
        await h.idle()
    assert fake.messages[message].edits == edits, "drawn once: not again at the next start"


async def test_a_stopped_table_whose_screen_failed_is_drawn_stopped_at_the_next_start_only(
        both_stores: Store) -> None:
    """/stop, and every try at editing the group's message to say so fails: that end is drawn
    at the next start, and once drawn not again at the start after it."""
    fake = FakeTelegram()
    async with Harness(both_stores, fake) as h:
        await h.open_table("fifty_six", HUMANS, 0)
        message = h.table_message()
        fake.fail.extend((f"editMessageText:{GROUP}", ApiError(500, "Internal Server Error"))
                         for _ in range(ATTEMPTS))
        await h.say(HUMANS[0], "/stop")
        await h.idle()
        assert not fake.fail and "փակվեց" not in message.text
    async with Harness(both_stores, fake) as h:
        await h.idle()
    assert "փակվեց" in message.text and not message.buttons()
    edits = message.edits
    async with Harness(both_stores, fake) as h:
        await h.idle()
    assert message.edits == edits
