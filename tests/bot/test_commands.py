"""Commands: the menus registered per language and scope, /help, /rules, /lang, /stop, /kick,
/top, /score."""

from __future__ import annotations

import json

from storage import Store, TableKey

from .fake import GROUP, Harness
from .play import act_once
from .test_match import open_table

ARAM, ANI, GOR = 101, 102, 103


def replies(h: Harness, chat: int) -> list[str]:
    return [m.text for m in h.fake.chat(chat)]


async def test_commands_are_registered_per_language_and_scope(store: Store) -> None:
    async with Harness(store) as h:
        calls = [p for name, p in h.fake.calls if name == "setMyCommands"]
        seen = {(json.loads(p["scope"])["type"] if isinstance(p["scope"], str) else p["scope"]["type"],
                 p.get("language_code")) for p in calls}
        assert seen == {(scope, lang) for scope in ("all_group_chats", "all_private_chats")
                        for lang in (None, "hy", "en", "ru")}
        ru = next(p for p in calls if p.get("language_code") == "ru")
        commands = json.loads(ru["commands"]) if isinstance(ru["commands"], str) else ru["commands"]
        assert all(c["description"] and c["command"].islower() for c in commands)


async def test_help_rules_and_lang(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/help")
        assert "/new" in replies(h, GROUP)[-1] and "Սրտեր" in replies(h, GROUP)[-1]
        await h.say(ARAM, "/lang en")
        await h.say(ARAM, "/rules hearts")
        assert "queen of spades" in replies(h, GROUP)[-1]
        await h.start_private(ANI)
        await h.say(ANI, "/lang ru", chat=ANI)
        await h.say(ANI, "/rules", chat=ANI)
        assert "Правила какой игры?" in replies(h, ANI)[-1] and "/rules 56" in replies(h, ANI)[-1]
        await h.say(ANI, "/rules Червы", chat=ANI)  # a game's name in the reader's language
        assert "дама пик" in replies(h, ANI)[-1]
        await h.say(ARAM, "/lang xx")
        assert "/lang" in replies(h, GROUP)[-1]
        await h.say(ARAM, "/rules chess")
        assert "hearts" in replies(h, GROUP)[-1]


async def test_stop_by_the_creator_or_an_admin_only(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM], 3)
        await h.say(ANI, "/stop")
        assert "բացողը" in replies(h, GROUP)[-1]
        h.fake.admins.add(GOR)
        await h.say(GOR, "/stop")
        assert "փակվեց" in h.table_message().text and not h.table_message().buttons()
        hand = h.fake.chat(ARAM)[-1]
        assert "փակվեց" in hand.text and not hand.buttons() and hand.edits > 0
        assert await store.tables.get(TableKey(chat_id=GROUP)) is None
        await h.say(ARAM, "/new hearts")  # the chat may open a new table
        assert await store.tables.get(TableKey(chat_id=GROUP)) is not None


async def test_kick_gives_the_seat_to_a_computer(store: Store) -> None:
    async with Harness(store) as h:
        await open_table(h, [ARAM, ANI], 2)
        await h.say(ARAM, "/kick @user102")
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.seats[1].user_id is None
        assert "🤖" in replies(h, GROUP)[-1] or "համակարգիչ" in replies(h, GROUP)[-1]
        await h.say(ARAM, "/kick", reply_to=ANI)
        assert "սեղանի շուրջ չէ" in replies(h, GROUP)[-1]
        assert await act_once(h, ARAM)


async def test_timer_is_an_admins_setting_and_sets_the_deadline(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/timer 30")
        assert "ադմին" in replies(h, GROUP)[-1]
        h.fake.admins.add(ARAM)
        await h.say(ARAM, "/timer 5")
        assert "/timer 10–600" in replies(h, GROUP)[-1]
        for odd in ("²⁰", "１２０", "99999999999999999999999", "-30", "30.5"):
            await h.say(ARAM, f"/timer {odd}")
            assert "/timer 10–600" in replies(h, GROUP)[-1], odd
        await h.say(ARAM, "/timer 30")
        assert "30" in replies(h, GROUP)[-1]
        await open_table(h, [ARAM], 3)
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None and table.deadline is not None
        assert 25 < table.deadline - table.updated_at <= 30.5


async def test_top_and_score(store: Store) -> None:
    async with Harness(store) as h:
        await h.say(ARAM, "/top")
        assert "չկան" in replies(h, GROUP)[-1]
        await open_table(h, [ARAM], 3)
        await h.say(ARAM, "/score")
        assert "\u2068User101\u2069 0" in replies(h, GROUP)[-1]  # names are bidi-isolated
        table = await store.tables.get(TableKey(chat_id=GROUP))
        assert table is not None
        await store.tables.save(table)
        await h.press(ARAM, h.table_message(), h.table_message().button("👀")["callback_data"])
        while (await store.tables.by_id(table.id or 0)).status != "finished":  # type: ignore[union-attr]
            assert await act_once(h, ARAM)
        await h.say(ARAM, "/top")
        assert "User101" in replies(h, GROUP)[-1] and "1." in replies(h, GROUP)[-1]


async def test_a_forged_deep_link_gets_the_welcome(store: Store) -> None:
    async with Harness(store) as h:
        for payload in ("join_99999999999999999999", "join_²", "join_１", "join_", "join_-1"):
            await h.start_private(ANI, payload)
            assert "/new" in replies(h, ANI)[-1], payload
