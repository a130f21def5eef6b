"""The table message's 📋 button: the score sheet of the finished deals (from the engine's
history; King's own sheet, a shared one for the rest, teams too) goes to the presser's private
chat in their language, so no number of presses costs the group a message. Someone the bot
cannot write to yet is taken to its chat, where Start sends the sheet, to members of the group
only."""

from __future__ import annotations

import pytest

from bot import callbacks
from storage import Store, TableKey

from .fake import BOT_USERNAME, GROUP, Harness, Sent
from .play import act_once

ARAM, ANI, BYSTANDER, STRANGER = 101, 102, 999, 998


async def first_deal_over(h: Harness, game: str) -> str:
    """A table of ``game`` with ARAM and three computers, played until the first deal ended; the
    📋 button's data."""
    await h.open_table(game, [ARAM], 3)
    posts = len(h.fake.chat(GROUP))
    for _ in range(300):
        if len(h.fake.chat(GROUP)) > posts:
            break
        assert await act_once(h, ARAM)
    return str(h.table_message().button("📋")["callback_data"])


def sheets(h: Harness, chat: int) -> list[str]:
    return [m.text for m in h.fake.chat(chat) if m.text.startswith("📋")]


@pytest.mark.parametrize(("game", "title"), [("king", "Քինգ"), ("bazar_blot", "Բազար բլոտ"),
                                             ("hearts", "Սրտեր")])
async def test_a_seated_player_gets_the_sheet_privately(store: Store, game: str,
                                                        title: str) -> None:
    async with Harness(store) as h:
        data = await first_deal_over(h, game)
        group = len(h.fake.chat(GROUP))
        answer = await h.press(ARAM, h.table_message(), data)
        assert not answer.get("show_alert") and answer["text"].startswith("📋 Հաշվի թերթիկը բոտի")
        [sheet] = sheets(h, ARAM)
        assert "<pre>" in sheet and " 1 " in sheet, sheet
        assert title in sheet or game == "king"  # King titles its own paper sheet
        assert len(h.fake.chat(GROUP)) == group, "nothing posted in the group"


async def test_a_flood_of_presses_costs_the_group_nothing(store: Store) -> None:
    """Seated, a bystander who has the bot's chat (English), one who has not: twenty presses
    each. Each reader gets one sheet (a repeat of an unchanged sheet is not sent); the one the
    bot may not write to is offered its chat by a link, and gets the sheet there on Start
    (with ephemeral hands off: on, it is sent to them in the group, test_ephemeral.py)."""
    async with Harness(store, ephemeral_hands=False) as h:
        data = await first_deal_over(h, "hearts")
        await h.start_private(BYSTANDER, lang="en")
        group, calls = len(h.fake.chat(GROUP)), len(h.fake.calls)
        for _ in range(20):
            for user in (ARAM, BYSTANDER, STRANGER):
                await h.press(user, h.table_message(), data, lang="en" if user != ARAM else "hy")
        assert len(h.fake.chat(GROUP)) == group
        sent = [(name, p["chat_id"]) for name, p in h.fake.calls[calls:]
                if name in ("sendMessage", "editMessageText")]
        assert sorted(sent) == [("sendMessage", ARAM), ("sendMessage", BYSTANDER)], sent
        assert len(sheets(h, ARAM)) == 1 and "Սրտեր" in sheets(h, ARAM)[0]
        [english] = sheets(h, BYSTANDER)
        assert english.startswith("📋 Hearts: the score sheet") and "Σ" in english
        link = h.fake.answers[-1]
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None
        assert link["url"] == f"https://t.me/{BOT_USERNAME}?start=sheet_{table.id}"
        assert not sheets(h, STRANGER)
        await h.start_private(STRANGER, f"sheet_{table.id}", lang="ru")
        [russian] = sheets(h, STRANGER)
        assert russian.startswith("📋 Червы: запись счёта")
        assert len(h.fake.chat(GROUP)) == group


async def test_no_sheet_for_outsiders_forgeries_or_ended_tables(store: Store) -> None:
    async with Harness(store) as h:
        data = await first_deal_over(h, "hearts")
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None
        h.fake.left.add(STRANGER)  # not in the group: the link holds only the table's number
        await h.start_private(STRANGER, f"sheet_{table.id}", lang="en")
        assert h.fake.chat(STRANGER)[-1].text == "You are not a member of that group"
        await h.start_private(STRANGER, f"sheet_{(table.id or 0) + 9}", lang="en")
        assert h.fake.chat(STRANGER)[-1].text == "No table here. New game: /new"
        assert not sheets(h, STRANGER)
        elsewhere = Sent(-2002, 1, "🃏", None)  # this table's button under another group's message
        answer = await h.press(ARAM, elsewhere, data)
        assert answer["show_alert"] and answer["text"] == "Այս կոճակը չի ճանաչվում"
        forged = callbacks.encode("q", (table.id or 0) + 9)
        answer = await h.press(ARAM, h.table_message(), forged, lang="ru")
        assert answer["text"] == "Здесь нет стола. Новая игра: /new"
        await h.say(ARAM, "/stop")
        answer = await h.press(ARAM, h.table_message(), data)
        assert answer["show_alert"] and answer["text"] == "Այս խաղն արդեն ավարտվել է"
        assert not sheets(h, ARAM)
