"""Issue 43 in process: hands as ephemeral messages in the group (fake_ephemeral.py): a newcomer
plays from the group; a sheet for one who never opened the bot comes to them there; someone who
opened the bot is asked once where their hand goes, and changes it in /settings or by the hand's
💬; a refused ephemeral hand falls back to the private chat; the commands and button styles."""

from __future__ import annotations

import json
import time
from typing import Any

from bot import i18n
from bot.callbacks import decode
from storage import Store, TableKey

from .fake import GROUP, ApiError, Harness, Sent, _user
from .fake_ephemeral import press_ephemeral
from .play import choice

ARAM, ANI, STRANGER = 101, 102, 998


def hand_in_group(h: Harness, user: int) -> Sent:
    hands = [m for m in h.fake.ephemeral_of(GROUP, user) if "🃏" in m.text]
    assert hands, f"user {user} has no hand in the group"
    return hands[-1]


async def newcomer_table(h: Harness, computers: int = 3) -> None:
    """ARAM, who never opened the bot, opens a Hearts table in the group, computers fill it."""
    await h.say(ARAM, "/new hearts")
    await h.add_computers(ARAM, computers)
    await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])


async def test_a_newcomer_plays_from_the_group(store: Store) -> None:
    async with Harness(store) as h:
        await newcomer_table(h)
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.seats[0].hand_ephemeral
        for _ in range(8):
            hand = hand_in_group(h, ARAM)
            data = choice(hand)
            assert data is not None
            answer = await press_ephemeral(h, ARAM, hand, data)
            assert not answer.get("show_alert"), answer
        assert h.fake.chat(ARAM) == [], "nothing in private"
        assert [m for m in h.fake.chat(GROUP) if "💬" in json.dumps(m.markup or {})] == []
        hand = hand_in_group(h, ARAM)
        styles = {b.get("style") for b in hand.buttons() if b["callback_data"][0] in "atc"}
        assert styles <= {"success", "primary"} and styles, hand.buttons()
        assert hand.buttons()[-1]["text"] == i18n.t("hy", "hand-to-private")
        stored = await store.tables.get(TableKey(chat_id=GROUP))
        assert stored is not None and stored.seats[0].hand_message_id == hand.message_id, \
            "what was sent where is stored"


async def test_a_sheet_for_one_who_never_opened_the_bot_comes_in_the_group(store: Store) -> None:
    async with Harness(store) as h:
        await newcomer_table(h)
        for _ in range(200):  # the first deal played out: the table offers 📋
            if "📋" in json.dumps(h.table_message().markup or {}, ensure_ascii=False):
                break
            hand = hand_in_group(h, ARAM)
            await press_ephemeral(h, ARAM, hand, choice(hand) or "")
        data = h.table_message().button("📋")["callback_data"]
        group = len(h.fake.chat(GROUP))
        for _ in range(20):
            answer = await h.press(STRANGER, h.table_message(), data, lang="en")
            assert not answer.get("show_alert")
        sheets = [m for m in h.fake.ephemeral_of(GROUP, STRANGER) if m.text.startswith("📋")]
        assert len(sheets) == 1 and "Σ" in sheets[0].text, "one sheet for twenty presses"
        assert len(h.fake.chat(GROUP)) == group and h.fake.chat(STRANGER) == []


async def test_asked_once_where_the_hand_goes_then_settings(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ARAM)
        await h.start_private(ANI)
        await h.say(ARAM, "/new hearts")
        await h.press(ANI, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
        [ask] = h.fake.ephemeral_of(GROUP, ANI)
        assert ask.text == i18n.t("hy", "hand-place-ask")
        await press_ephemeral(h, ANI, ask, ask.button("👥")["callback_data"])
        assert ask.text.startswith("✅"), "the question says what was chosen"
        assert (await store.users.get(ANI)).hand_place == "group"  # type: ignore[union-attr]
        await h.add_computers(ARAM, 2)
        await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])
        assert hand_in_group(h, ANI) and not [m for m in h.fake.chat(ANI) if "🃏" in m.text]
        assert h.hand(ARAM), "ARAM was not asked: his hand is in private, as before"
        # 💬 on the hand: to the private chat, the ephemeral one deleted
        hand = hand_in_group(h, ANI)
        await press_ephemeral(h, ANI, hand, hand.button("💬")["callback_data"])
        assert h.hand(ANI) and not [m for m in h.fake.ephemeral_of(GROUP, ANI) if "🃏" in m.text]
        assert (await store.users.get(ANI)).hand_place == "private"  # type: ignore[union-attr]
        # /settings: back to the group, and the hand follows
        await h.say(ANI, "/settings", chat=ANI)
        settings = h.fake.chat(ANI)[-1]
        assert settings.text == i18n.t("hy", "settings-hand-private")
        await h.press(ANI, settings, settings.button("👥")["callback_data"])
        assert hand_in_group(h, ANI) and h.fake.chat(ANI)[-1].text.startswith("✅")


async def test_a_refused_ephemeral_hand_falls_back_to_the_private_chat(store: Store) -> None:
    async with Harness(store) as h:
        await h.start_private(ANI)
        await h.runtime.people.set_hand_place(ANI, True)
        await h.say(ANI, "/new hearts")
        await h.add_computers(ANI, 3)
        h.fake.left.add(ANI)  # Telegram: USER_NOT_PARTICIPANT
        await h.press(ANI, h.table_message(), h.table_message().button("▶")["callback_data"])
        await h.idle()
        assert h.hand(ANI) and h.fake.ephemeral_of(GROUP, ANI) == []
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and not table.seats[0].hand_ephemeral


async def test_hand_and_score_are_ephemeral_commands(store: Store) -> None:
    async with Harness(store) as h:
        menus = [p for name, p in h.fake.calls if name == "setMyCommands"]
        group = next(p for p in menus if "all_group_chats" in json.dumps(p.get("scope")))
        flags = {c["command"]: c.get("is_ephemeral", False) for c in group["commands"]}
        assert flags["hand"] and flags["score"] and not flags["new"]
        await newcomer_table(h)
        before = len(hand_in_group(h, ARAM).text) and len(h.fake.ephemeral_of(GROUP, ARAM))
        await h.feed({"message": ephemeral_command(ARAM, "/hand")})
        assert len(h.fake.ephemeral_of(GROUP, ARAM)) == before, "the old hand deleted"
        assert decode(choice(hand_in_group(h, ARAM)) or "").table_id
        group_posts = len(h.fake.chat(GROUP))
        await h.feed({"message": ephemeral_command(ARAM, "/score")})
        assert len(h.fake.chat(GROUP)) == group_posts, "the score is whispered"
        assert not h.fake.ephemeral_of(GROUP, ARAM)[-1].text.startswith("🃏")


def ephemeral_command(user: int, text: str) -> dict[str, Any]:
    """A command sent with is_ephemeral: message_id 0, ephemeral_message_id, receiver_user the
    bot (Bot API 10.2)."""
    return {"message_id": 0, "date": int(time.time()), "ephemeral_message_id": 77,
            "receiver_user": {"id": 5000, "is_bot": True, "first_name": "Bot"},
            "chat": {"id": GROUP, "type": "supergroup", "title": "Group"},
            "from": _user(user), "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(text)}]}


async def test_a_groups_429_moves_those_who_opened_the_bot_to_private(store: Store) -> None:
    """The group's table edit meets a 429: ANI (who opened the bot and chose the group) gets
    her hand in private; ARAM, who never opened it, keeps his in the group."""
    async with Harness(store) as h:
        await h.start_private(ANI)
        await h.runtime.people.set_hand_place(ANI, True)
        await newcomer_table_with(h, ANI)
        assert hand_in_group(h, ANI) and hand_in_group(h, ARAM)
        h.fake.fail.append((f"editMessageText:{GROUP}",
                            ApiError(429, "Too Many Requests: retry after 1", retry_after=1)))
        for user in (ARAM, ANI) * 4:  # moves, until the table's edit meets the 429
            private = [m for m in h.fake.chat(user) if "🃏" in m.text]
            hand = private[-1] if private else hand_in_group(h, user)
            if (data := choice(hand)) is not None:
                await (press_ephemeral(h, user, hand, data) if hand.chat_id == GROUP
                       else h.press(user, hand, data))
        await h.idle()
        assert not h.fake.fail, "the 429 was met"
        assert h.hand(ANI) and not [m for m in h.fake.ephemeral_of(GROUP, ANI) if "🃏" in m.text]
        assert hand_in_group(h, ARAM) and h.fake.chat(ARAM) == []
        assert (await store.users.get(ANI)).hand_place == "group", "her choice stays"  # type: ignore[union-attr]


async def newcomer_table_with(h: Harness, other: int) -> None:
    await h.say(ARAM, "/new hearts")
    await h.press(other, h.table_message(), h.table_message().button("Միանալ")["callback_data"])
    await h.add_computers(ARAM, 2)
    await h.press(ARAM, h.table_message(), h.table_message().button("▶")["callback_data"])


async def test_blocking_the_private_chat_leaves_a_hand_in_the_group_alone(store: Store) -> None:
    """ANI's hand is in the group: blocking the bot (the private chat) seats no computer for her,
    and a /start brings nothing to the private chat (the welcome only)."""
    async with Harness(store) as h:
        await h.start_private(ANI)
        await h.runtime.people.set_hand_place(ANI, True)
        await newcomer_table_with(h, ANI)
        assert await h.runtime.tables.turns.set_away(ANI) is None
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and not table.seats[1].away
        await h.start_private(ANI)
        assert not [m for m in h.fake.chat(ANI) if "🃏" in m.text] and hand_in_group(h, ANI)


async def test_an_ephemeral_hand_opens_the_page_by_a_link(store: Store, unused_tcp_port: int) -> None:
    """With the page on, a hand in the group carries the t.me link (a web_app button works in
    private chats only; Telegram would refuse the message)."""
    async with Harness(store, webapp_url="https://example.org/seghan", webapp_short_name="table",
                       webapp_port=unused_tcp_port) as h:
        await newcomer_table(h)
        hand = hand_in_group(h, ARAM)
        assert not [b for b in hand.buttons() if "web_app" in b]
        assert [b["url"] for b in hand.buttons() if "url" in b][0].startswith(
            "https://t.me/seghan_test_bot/table?startapp=")


async def test_a_newcomer_joining_is_told_where_the_cards_come(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/new hearts")
        answer = await h.press(STRANGER, h.table_message(),
                               h.table_message().button("Միանալ")["callback_data"], lang="en")
        assert answer["text"] == i18n.t("en", "lobby-joined-group") and not answer["show_alert"]
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and [s.hand_ephemeral for s in table.seats] == [True, True]


async def test_newcomers_sign_up_for_a_tournament_and_play_from_the_group(store: Store) -> None:
    """Neither opened the bot: they sign up in the group, and the tournament's table (seated by
    the bot, not by a press of theirs) gives each their hand there."""
    async with Harness(store) as h:
        h.fake.admins.add(ARAM)
        await h.say(ARAM, "/tournament hearts")
        t = await store.tournaments.live(GROUP)
        assert t is not None and t.message_id is not None
        signup = h.fake.messages[(GROUP, t.message_id)]
        for user in (ARAM, ANI):
            answer = await h.press(user, signup, signup.button("✅")["callback_data"])
            assert not answer.get("show_alert"), answer
        await h.press(ARAM, signup, signup.button("▶")["callback_data"])
        t = await store.tournaments.live(GROUP)
        assert t is not None and t.status == "playing" and len(t.tables[0]) == 1
        table = await store.tables.by_id(t.tables[0][0])
        assert table is not None
        assert [s.hand_ephemeral for s in table.seats if s.user_id is not None] == [True, True]
        for user in (ARAM, ANI):  # the pass, pressed on each one's own hand in the group
            for _ in range(4):
                hand = hand_in_group(h, user)
                if (data := choice(hand)) is None:
                    break
                answer = await press_ephemeral(h, user, hand, data)
                assert not answer.get("show_alert"), answer
        table = await store.tables.by_id(t.tables[0][0])
        assert table is not None
        assert sorted(seat for seat, code in table.log if code.startswith("pass:")) == [0, 1, 2, 3]
        assert h.fake.chat(ARAM) == [] and h.fake.chat(ANI) == [], "nothing in private"
