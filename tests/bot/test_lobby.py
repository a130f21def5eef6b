"""The lobby in a group: /new, join (and the deep link), computers, start."""

from __future__ import annotations

from bot import callbacks
from storage.base import Store, TableKey

from .fake import BOT_USERNAME, GROUP, Harness

ARAM, ANI = 101, 102


async def test_new_join_computers_start(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        assert "Սրտեր" in h.table_message().text and "(1/4)" in h.table_message().text
        for level in ("Հեշտ", "Միջին", "Բարդ"):
            await h.press(ARAM, h.table_message(), h.table_message().button("🤖 Հ")["callback_data"])
            await h.press(ARAM, h.table_message(), h.table_message().button(level)["callback_data"])
        assert "(4/4)" in h.table_message().text
        answer = await h.press(ANI, h.table_message(), h.table_message().button("▶")["callback_data"])
        assert answer.get("show_alert"), "only the creator or an admin starts"
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.status == "playing"
        assert "🃏" in h.hand(ARAM).text


async def test_join_needs_the_private_chat_and_the_deep_link_seats(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new")
        lobby = h.table_message()
        await h.press(ARAM, lobby, lobby.button("Սրտեր")["callback_data"])
        answer = await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        assert answer["show_alert"] and "Start" in answer["text"]
        link = h.table_message().button("💬 Բացել")["url"]
        assert link.startswith(f"https://t.me/{BOT_USERNAME}?start=join_")
        await h.start_private(ANI, link.rsplit("=", 1)[1])
        assert "(2/4)" in h.table_message().text and "User102" in h.table_message().text
        answer = await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        assert answer["show_alert"], "joining twice is refused"
        await h.press(ANI, h.table_message(), h.table_message().button("Դուրս")["callback_data"])
        assert "(1/4)" in h.table_message().text


async def test_forged_lobby_press_is_refused(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        lobby = h.table_message()
        before = lobby.text
        for data in ("garbage", callbacks.encode("s", 999), "k|1|0|godlike"):
            answer = await h.press(ARAM, lobby, data)
            assert answer["show_alert"]
        assert h.table_message().text == before


async def test_each_forum_topic_has_its_own_table(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.start_private(ANI)
        await h.say(ARAM, "/new hearts", thread=7)
        await h.say(ANI, "/new hearts", thread=9)
        await h.say(ANI, "/new hearts", thread=9)
        lobbies = [m for m in h.fake.chat(GROUP) if "Սրտեր" in m.text]
        assert sorted(m.thread for m in lobbies) == [7, 9]
        assert "արդեն սեղան կա" in h.fake.chat(GROUP)[-1].text
        assert h.fake.chat(GROUP)[-1].thread == 9
        for thread in (7, 9):
            assert await store.tables.get(TableKey(chat_id=GROUP, thread_id=thread)) is not None
        answer = await h.press(ANI, lobbies[0], lobbies[0].button("Միանալ")["callback_data"])
        assert answer["show_alert"], "a user sits at one table at a time"


async def test_each_hand_is_in_its_readers_language(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.start_private(ANI, lang="en")
        await h.say(ARAM, "/new hearts")
        await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"],
                      lang="en")
        for _ in range(2):
            await h.press(ARAM, h.table_message(), h.table_message().button("🤖 Հ")["callback_data"])
            await h.press(ARAM, h.table_message(), h.table_message().button("Բարդ")["callback_data"])
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        assert "Սրտեր" in h.hand(ARAM).text and "Hearts" in h.hand(ANI).text
        assert "Hard" in h.hand(ANI).text or "Choose 3 cards" in h.hand(ANI).text


async def test_games_by_alias_options_and_teams_from_the_engine(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new 56")
        lobby = h.table_message()
        assert "56" in lobby.text and "(1/4, 6, 8)" in lobby.text
        await h.press(ARAM, lobby, lobby.button("🪙 12")["callback_data"])
        assert h.table_message().button("🪙 6")
        answer = await h.press(ANI, h.table_message(), h.table_message().button("🪙")["callback_data"])
        assert answer.get("show_alert"), "only the creator sets the rules"
        for _ in range(3):
            await h.press(ARAM, h.table_message(), h.table_message().button("🤖 Հ")["callback_data"])
            await h.press(ARAM, h.table_message(), h.table_message().button("Միջին")["callback_data"])
        assert "Թիմեր՝" in h.table_message().text  # partners opposite, as the engine seats them
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.status == "playing" and table.rules == {"tables": 6}
        await h.say(ARAM, "/stop")
        await h.say(ARAM, "/new blot")
        assert "Բազար բլոտ" in h.table_message().text and "🎯 Մինչև 151" in str(
            h.table_message().buttons())
