"""The lobby in a group: /new, join (and the deep link), computers, start."""

from __future__ import annotations

from bot import callbacks
from storage import Store, TableKey

from .fake import BOT_USERNAME, GROUP, Harness, Sent

ARAM, ANI = 101, 102


def texts(message: Sent) -> list[str]:
    return [b["text"] for b in message.buttons()]


async def seats(store: Store) -> list[str]:
    """Who sits at the chat's table: a user id, or a computer's level."""
    table = await store.tables.get(TableKey(chat_id=GROUP))
    assert table is not None
    return [str(s.user_id) if s.user_id is not None else s.level for s in table.seats]


async def test_new_join_computers_start(store: Store) -> None:
    """A Hearts table is filled by one press (it took six: 🤖 and a level, three times)."""
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new hearts")
        lobby = h.table_message()
        assert "Սրտեր" in lobby.text and "Նստած է 1 հոգի (խաղում են 4 հոգով)" in lobby.text
        assert texts(lobby) == ["🎯 Մինչև 100", "💡 Հուշումներ՝ ոչ", "Միանալ", "Դուրս գալ", "🤖×3 Հեշտ",
                                "🤖×3 Միջին", "🤖×3 Բարդ", "▶ Սկսել", "💬 Բացել բոտը"]
        presses = len(h.fake.answers)
        await h.press(ARAM, lobby, lobby.button("🤖×3 Բարդ")["callback_data"])
        assert len(h.fake.answers) - presses == 1
        assert await seats(store) == [str(ARAM), "hard", "hard", "hard"]
        lobby = h.table_message()
        assert "Նստած են 4 հոգի" in lobby.text
        assert texts(lobby) == ["🎯 Մինչև 100", "💡 Հուշումներ՝ ոչ", "Միանալ", "Դուրս գալ", "▶ Սկսել", "💬 Բացել բոտը"]
        answer = await h.press(ANI, lobby, lobby.button("▶")["callback_data"])
        assert answer.get("show_alert"), "only the creator or an admin starts"
        await h.press(ARAM, lobby, lobby.button("▶")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.status == "playing"
        assert "🃏" in h.hand(ARAM).text


async def test_a_fill_adds_what_its_presser_saw(store: Store) -> None:
    """The fill button names the table it fills: pressed again (a double tap), or after someone
    sat down meanwhile, it adds no more than that; English lobby, English alert."""
    async with Harness(store) as h:
        await h.runtime.people.set_chat_lang(GROUP, "en")
        for user in (ARAM, ANI):
            await h.start_private(user, lang="en")
        await h.say(ARAM, "/new king", lang="en")
        lobby = h.table_message()
        assert "Seated 1 of 4 players: " in lobby.text
        old = lobby.button("🤖×3 Easy")["callback_data"]
        await h.press(ANI, lobby, lobby.button("Join")["callback_data"], lang="en")
        assert "Seated 2 of 4 players" in h.table_message().text
        await h.press(ANI, lobby, old, lang="en")  # drawn when three seats were free
        assert await seats(store) == [str(ARAM), str(ANI), "easy", "easy"]
        answer = await h.press(ARAM, lobby, old, lang="en")
        assert answer.get("show_alert") and answer["text"] == "All seats are taken"
        assert await seats(store) == [str(ARAM), str(ANI), "easy", "easy"]


async def test_thirteen_and_56_choose_their_size(store: Store) -> None:
    """Thirteen fills to four, and one computer at a time makes a table of two or three; 56
    fills to four, then grows to six and eight a press at a time. The count reads naturally."""
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new thirteen")
        lobby = h.table_message()
        assert "Նստած է 1 հոգի (խաղում են 2–4 հոգով)" in lobby.text
        assert texts(lobby)[2:] == ["Միանալ", "Դուրս գալ", "🤖×3 Հեշտ", "🤖×3 Միջին", "🤖×3 Բարդ",
                                    "🤖 +1", "▶ Սկսել", "💬 Բացել բոտը"]
        await h.press(ARAM, lobby, lobby.button("🤖 +1")["callback_data"])
        assert texts(h.table_message())[4:] == ["Հեշտ", "Միջին", "Բարդ", "✖", "▶ Սկսել",
                                                "💬 Բացել բոտը"]
        await h.press(ARAM, lobby, h.table_message().button("Միջին")["callback_data"])
        assert await seats(store) == [str(ARAM), "normal"]
        assert texts(h.table_message())[4:8] == ["🤖×2 Հեշտ", "🤖×2 Միջին", "🤖×2 Բարդ", "🤖 +1"]
        await h.say(ARAM, "/stop")

        await h.runtime.people.set_chat_lang(GROUP, "ru")
        await h.say(ARAM, "/new 56")
        assert "За столом 1 из 4, 6 или 8 игроков" in h.table_message().text
        for count, seated in ((3, 4), (2, 6), (2, 8)):
            lobby = h.table_message()
            assert "🤖 +1" not in texts(lobby)  # every fill lands on a size 56 is played at
            await h.press(ARAM, lobby, lobby.button(f"🤖×{count} Средний")["callback_data"])
            assert len(await seats(store)) == seated
        assert not [t for t in texts(h.table_message()) if t.startswith("🤖")]
        assert "За столом 8 из 4, 6 или 8 игроков" in h.table_message().text


async def test_forged_and_foreign_fills_are_refused(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new 56")
        lobby = h.table_message()
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None
        tid = table.id or 0
        for data, alert in ((f"f|{tid}|0|normal:5", "Այս կոճակը չի ճանաչվում"),
                            (f"f|{tid}|0|normal:10", "Այս կոճակը չի ճանաչվում"),
                            (f"f|{tid}|0|godlike:4", "Այս կոճակը չի ճանաչվում"),
                            (f"f|{tid}|0|normal", "Այս կոճակը չի ճանաչվում"),
                            (f"f|{tid}|0|normal:²", "Այս կոճակը չի ճանաչվում"),
                            (f"f|{tid + 5}|0|normal:4", "Այստեղ սեղան չկա։ Նոր խաղ՝ /new")):
            answer = await h.press(ARAM, lobby, data)
            assert answer.get("show_alert") and answer["text"] == alert, (data, answer)
        answer = await h.press(ANI, lobby, lobby.button("🤖×3 Միջին")["callback_data"], lang="en")
        assert answer["text"] == "You are not at this table", "a bystander seats no computers"
        assert await seats(store) == [str(ARAM)]
        assert h.table_message().text == lobby.text


async def test_join_needs_the_private_chat_and_the_deep_link_seats(store: Store) -> None:
    """With ephemeral hands off (EPHEMERAL_HANDS=false): the private chat is the only place
    for a hand, so a newcomer must open the bot first."""
    async with Harness(store, ephemeral_hands=False) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new")
        lobby = h.table_message()
        await h.press(ARAM, lobby, lobby.button("Սրտեր")["callback_data"])
        answer = await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        assert answer["show_alert"] and "Start" in answer["text"]
        link = h.table_message().button("💬 Բացել")["url"]
        assert link.startswith(f"https://t.me/{BOT_USERNAME}?start=join_")
        await h.start_private(ANI, link.rsplit("=", 1)[1])
        assert "Նստած են 2 հոգի" in h.table_message().text and "User102" in h.table_message().text
        answer = await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        assert answer["show_alert"], "joining twice is refused"
        await h.press(ANI, h.table_message(), h.table_message().button("Դուրս")["callback_data"])
        assert "Նստած է 1 հոգի" in h.table_message().text


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
        await h.add_computers(ARAM, 2, "Բարդ")
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        assert "Սրտեր" in h.hand(ARAM).text and "Hearts" in h.hand(ANI).text
        assert "Hard" in h.hand(ANI).text or "Choose 3 cards" in h.hand(ANI).text


async def test_games_by_alias_options_and_teams_from_the_engine(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.say(ARAM, "/new 56")
        lobby = h.table_message()
        assert "56" in lobby.text and "(խաղում են 4, 6 կամ 8 հոգով)" in lobby.text
        await h.press(ARAM, lobby, lobby.button("🪙 12")["callback_data"])
        assert h.table_message().button("🪙 6")
        answer = await h.press(ANI, h.table_message(), h.table_message().button("🪙")["callback_data"])
        assert answer.get("show_alert"), "only the creator sets the rules"
        await h.add_computers(ARAM, 3)
        assert "Թիմեր՝" in h.table_message().text  # partners opposite, as the engine seats them
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.status == "playing" and table.rules == {"tables": 6}
        await h.say(ARAM, "/stop")
        await h.say(ARAM, "/new blot")
        assert "Բազար բլոտ" in h.table_message().text and "🎯 Մինչև 151" in str(
            h.table_message().buttons())
