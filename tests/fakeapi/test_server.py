"""FakeBotApi driven by a real python-telegram-bot client."""

from __future__ import annotations

import asyncio
import datetime as dtm
import socket
import time

import httpx
import pytest
from aiohttp import web
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeChat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MessageEntity,
    ReplyParameters,
    Update,
)
from telegram.error import BadRequest, Conflict, Forbidden, InvalidToken, NetworkError, RetryAfter
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from tests.fakeapi import DriverError, FakeBotApi
from tests.fakeapi.html import HtmlError, parse_html
from tests.fakeapi.limits import FloodLimiter

# PTB 22 warns whenever it builds RetryAfter (retry_after becomes a timedelta in PTB 23).
pytestmark = pytest.mark.filterwarnings("ignore:Deprecated since version v22.2")


@pytest.fixture
async def api():
    # Flood limits are tested on their own below; elsewhere they would only get in the way.
    async with FakeBotApi(flood_limits=False) as server:
        yield server


@pytest.fixture
async def bot(api: FakeBotApi):
    async with Bot(api.token, base_url=api.base_url) as client:
        yield client


def keyboard(*data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(d, callback_data=d) for d in data]])


def seconds(value: int | dtm.timedelta) -> float:
    """RetryAfter.retry_after is an int or a timedelta depending on PTB_TIMEDELTA."""
    return value.total_seconds() if isinstance(value, dtm.timedelta) else float(value)


# ---------------------------------------------------------------- basics


async def test_get_me(api: FakeBotApi, bot: Bot) -> None:
    me = await bot.get_me()
    assert (me.id, me.username, me.is_bot) == (api.bot.id, "seghan_test_bot", True)


async def test_wrong_token_and_unknown_method(api: FakeBotApi) -> None:
    with pytest.raises(InvalidToken):  # Bot.initialize() calls getMe
        async with Bot("7000000001:wrong", base_url=api.base_url):
            pass
    async with httpx.AsyncClient() as http:
        bad = await http.post(f"{api.base_url}{api.token}/sendPigeon", data={"chat_id": "1"})
        unauthorized = await http.post(f"{api.base_url}nope/getMe")
    assert (bad.status_code, bad.json()) == (
        404,
        {"ok": False, "error_code": 404, "description": "Not Found"},
    )
    assert unauthorized.json() == {"ok": False, "error_code": 401, "description": "Unauthorized"}


async def test_json_query_and_form_encodings_are_typed_alike(api: FakeBotApi) -> None:
    group = api.add_group("G")
    url = f"{api.base_url}{api.token}/sendMessage"
    async with httpx.AsyncClient() as http:
        as_json = await http.post(url, json={"chat_id": group.id, "text": "a"})
        as_query = await http.get(url, params={"chat_id": str(group.id), "text": "b"})
        bad_type = await http.post(
            url, data={"chat_id": group.id, "text": "c", "message_thread_id": "x"}
        )
        missing = await http.post(url, json={"chat_id": group.id})
    assert [as_json.json()["result"]["message_id"], as_query.json()["result"]["message_id"]] == [
        1,
        2,
    ]
    assert bad_type.status_code == 400
    assert "message_thread_id" in bad_type.json()["description"]
    assert missing.json()["description"] == "Bad Request: message text is empty"


async def test_message_ids_count_from_one_in_each_chat(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group_a, group_b = api.add_group("A", members=[alice]), api.add_group("B")
    await api.user_starts_private(alice)  # the user's /start is message 1 of the private chat
    ids = [(await bot.send_message(group_a.id, "x")).message_id for _ in range(3)]
    ids_b = [(await bot.send_message(group_b.id, "x")).message_id for _ in range(2)]
    private = [(await bot.send_message(alice.id, "x")).message_id for _ in range(2)]
    assert (ids, ids_b, private) == ([1, 2, 3], [1, 2], [2, 3])
    assert [m.message_id for m in api.messages(group_a)] == [1, 2, 3]
    assert api.last_message(alice.id).message_id == 3


async def test_unknown_chat(bot: Bot) -> None:
    with pytest.raises(BadRequest, match="(?i)chat not found"):
        await bot.send_message(-100999, "hello")


# ---------------------------------------------------------------- private chats


async def test_private_chat_needs_start_and_respects_blocking(api: FakeBotApi, bot: Bot) -> None:
    bob = api.add_user("Bob", username="bob")
    with pytest.raises(Forbidden, match="(?i)bot can't initiate conversation with a user"):
        await bot.send_message(bob.id, "hi")
    start = await api.user_starts_private(bob, payload="join_42")
    assert start.text == "/start join_42"
    sent = await bot.send_message(bob.id, "hi")
    assert sent.chat.id == bob.id
    await api.user_blocks_bot(bob)
    with pytest.raises(Forbidden, match="(?i)bot was blocked by the user"):
        await bot.send_message(bob.id, "still there?")
    await api.user_starts_private(bob)
    assert (await bot.send_message(bob.id, "welcome back")).text == "welcome back"


# ---------------------------------------------------------------- text and formatting


async def test_html_length_is_counted_without_tags(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    # 4096 visible characters: 4094 letters plus the two characters of "&amp;&lt;".
    text = "<b>" + "x" * 4094 + "</b>&amp;&lt;"
    sent = await bot.send_message(group.id, text, parse_mode="HTML")
    assert len(sent.text) == 4096 and sent.text.endswith("&<")
    assert api.last_message(group).sent_text == text
    with pytest.raises(BadRequest, match="(?i)message is too long"):
        await bot.send_message(group.id, "<i>" + "y" * 4097 + "</i>", parse_mode="HTML")


@pytest.mark.parametrize(
    "html, reason",
    [
        ("<b>bold", 'Can\'t find end tag corresponding to start tag "b"'),
        ("a <br> b", 'Unsupported start tag "br" at byte offset 2'),
        ("1 < 2", 'Unsupported start tag "" at byte offset 2'),
        ("<b>x</i>", 'Unmatched end tag at byte offset 4, expected "</b>", found "</i>"'),
    ],
)
async def test_malformed_html_is_rejected(
    api: FakeBotApi, bot: Bot, html: str, reason: str
) -> None:
    group = api.add_group("G")
    with pytest.raises(BadRequest) as caught:
        await bot.send_message(group.id, html, parse_mode="HTML")
    # PTB strips "Bad Request: " and re-capitalises; the wire text is exact.
    assert caught.value.message.lower() == f"can't parse entities: {reason}".lower()
    assert api.calls[-1].description == f"Bad Request: can't parse entities: {reason}"
    assert api.messages(group) == []


def test_html_parser_entities() -> None:
    text, entities = parse_html('<b>a <i>b</i></b> <a href="https://t.me/x">c</a> &#x1F600;d')
    assert text == "a b c 😀d"
    assert entities == [
        {"type": "bold", "offset": 0, "length": 3},
        {"type": "italic", "offset": 2, "length": 1},
        {"type": "text_link", "offset": 4, "length": 1, "url": "https://t.me/x"},
    ]
    with pytest.raises(HtmlError, match="span"):
        parse_html("<span>x</span>")


# ---------------------------------------------------------------- keyboards


async def test_callback_data_is_limited_in_bytes(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    ok = "é" * 32  # 32 characters, 64 bytes
    await bot.send_message(group.id, "ok", reply_markup=keyboard(ok))
    too_long = "é" * 32 + "a"  # 33 characters, 65 bytes
    with pytest.raises(BadRequest, match="(?i)BUTTON_DATA_INVALID"):
        await bot.send_message(group.id, "no", reply_markup=keyboard(too_long))
    with pytest.raises(BadRequest, match="(?i)BUTTON_DATA_INVALID"):
        await bot.send_message(group.id, "no", reply_markup=keyboard(""))
    assert api.last_message(group).callback_data == [ok]


async def test_button_needs_an_action(api: FakeBotApi) -> None:
    group = api.add_group("G")
    async with httpx.AsyncClient() as http:
        reply = await http.post(
            f"{api.base_url}{api.token}/sendMessage",
            json={
                "chat_id": group.id,
                "text": "t",
                "reply_markup": {"inline_keyboard": [[{"text": "x"}]]},
            },
        )
    assert (
        reply.json()["description"]
        == "Bad Request: text buttons are unallowed in the inline keyboard"
    )


# ---------------------------------------------------------------- edits and deletes


async def test_edits(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    sent = await bot.send_message(
        group.id, "<b>Score</b> 0", parse_mode="HTML", reply_markup=keyboard("a")
    )
    with pytest.raises(BadRequest, match="(?i)message is not modified"):
        await bot.edit_message_text(
            "<b>Score</b> 0",
            group.id,
            sent.message_id,
            parse_mode="HTML",
            reply_markup=keyboard("a"),
        )
    await bot.edit_message_text(
        "<b>Score</b> 1", group.id, sent.message_id, parse_mode="HTML", reply_markup=keyboard("a")
    )
    # Like Telegram: an edit that omits reply_markup removes the keyboard.
    edited = await bot.edit_message_text(
        "<b>Score</b> 1", group.id, sent.message_id, parse_mode="HTML"
    )
    assert edited.reply_markup is None
    msg = api.last_message(group)
    assert (msg.text, msg.edit_count, msg.reply_markup) == ("Score 1", 2, None)
    await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=keyboard("b"))
    assert api.last_message(group).callback_data == ["b"]
    with pytest.raises(BadRequest, match="(?i)message is not modified"):
        await bot.edit_message_reply_markup(group.id, sent.message_id, reply_markup=keyboard("b"))
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await bot.edit_message_text("x", group.id, 999)


async def test_bot_cannot_edit_user_messages_and_deletes(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    said = await api.user_sends(alice, group, "hello")
    with pytest.raises(BadRequest, match="(?i)message can't be edited"):
        await bot.edit_message_text("hacked", group.id, said.message_id)
    with pytest.raises(BadRequest, match="(?i)message can't be deleted"):
        await bot.delete_message(group.id, said.message_id)  # the bot is not an admin
    mine = await bot.send_message(group.id, "mine")
    assert await bot.delete_message(group.id, mine.message_id)
    assert mine.message_id in api.chat(group).deleted
    with pytest.raises(BadRequest, match="(?i)message to delete not found"):
        await bot.delete_message(group.id, mine.message_id)


async def test_forum_topics_and_replies(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    forum = api.add_group("Club", forum=True, members=[alice])
    table = api.add_topic(forum, "Table 1")
    said = await api.user_sends(alice, forum, "/play", message_thread_id=table)
    sent = await bot.send_message(
        forum.id,
        "dealing",
        message_thread_id=table,
        reply_parameters=ReplyParameters(said.message_id),
    )
    assert (sent.message_thread_id, sent.reply_to_message.message_id) == (table, said.message_id)
    with pytest.raises(BadRequest, match="(?i)message thread not found"):
        await bot.send_message(forum.id, "x", message_thread_id=999)
    with pytest.raises(BadRequest, match="(?i)message to be replied not found"):
        await bot.send_message(forum.id, "x", reply_parameters=ReplyParameters(999))


# ---------------------------------------------------------------- callback queries


async def test_callback_query_answers(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    sent = await bot.send_message(group.id, "pick", reply_markup=keyboard("k1"))
    with pytest.raises(DriverError):
        await api.user_presses(alice, group, sent.message_id, "not-a-button")
    query_id = await api.user_presses(alice, group, sent.message_id, "k1")
    with pytest.raises(BadRequest, match="(?i)MESSAGE_TOO_LONG"):
        await bot.answer_callback_query(query_id, text="x" * 201)
    await bot.answer_callback_query(query_id, text="Not your turn", show_alert=True)
    answer = await api.callback_answer(query_id)
    assert (answer.text, answer.show_alert) == ("Not your turn", True)
    with pytest.raises(BadRequest, match="(?i)query is too old"):
        await bot.answer_callback_query(query_id)
    with pytest.raises(BadRequest, match="(?i)query ID is invalid"):
        await bot.answer_callback_query("12345")
    forged = await api.user_presses(alice, group, sent.message_id, "forged", forge=True)
    assert api.pending_updates[-1]["callback_query"]["data"] == "forged"
    assert api.callback_query(forged).answer is None


async def test_old_callback_query_is_rejected() -> None:
    async with FakeBotApi(callback_query_ttl=0.05) as api:
        alice = api.add_user("Alice")
        group = api.add_group("G", members=[alice])
        async with Bot(api.token, base_url=api.base_url) as bot:
            sent = await bot.send_message(group.id, "pick", reply_markup=keyboard("k"))
            query_id = await api.user_presses(alice, group, sent.message_id, "k")
            await asyncio.sleep(0.1)
            with pytest.raises(BadRequest, match="(?i)query is too old"):
                await bot.answer_callback_query(query_id)


# ---------------------------------------------------------------- members


async def test_chat_members(api: FakeBotApi, bot: Bot) -> None:
    owner, admin, member, outsider = (api.add_user(n) for n in ("O", "A", "M", "X"))
    group = api.add_group("G", creator=owner, admins=[admin], members=[member])
    statuses = [
        (await bot.get_chat_member(group.id, u.id)).status for u in (owner, admin, member, outsider)
    ]
    assert statuses == ["creator", "administrator", "member", "left"]
    admins = await bot.get_chat_administrators(group.id)
    assert {m.user.id for m in admins} == {owner.id, admin.id}
    assert (await bot.get_chat(group.id)).title == "G"
    with pytest.raises(BadRequest, match="(?i)user not found"):
        await bot.get_chat_member(group.id, 42)
    await bot.send_chat_action(group.id, "typing")
    assert api.chat(group).chat_actions == ["typing"]


# ---------------------------------------------------------------- flood control


async def test_group_limit_answers_429_with_honest_retry_after() -> None:
    # time_scale=0.01: the group's "minute" lasts 0.6 s of real time.
    async with FakeBotApi(
        group_per_minute=3, chat_burst=100, chat_per_second=100, time_scale=0.01
    ) as api:
        group = api.add_group("G")
        async with Bot(api.token, base_url=api.base_url) as bot:
            for _ in range(3):
                await bot.send_message(group.id, "ok")
            with pytest.raises(RetryAfter) as caught:
                await bot.send_message(group.id, "too many")
            retry_after = seconds(caught.value.retry_after)
            assert retry_after == 1
            assert [(e.limit, e.chat_id, e.retry_after) for e in api.flood_events] == [
                ("group", group.id, 1)
            ]
            assert api.calls[-1].status == 429
            await asyncio.sleep(retry_after)  # obeying retry_after always works
            await bot.send_message(group.id, "again")
    assert [m.text for m in api.messages(group)] == ["ok", "ok", "ok", "again"]


async def test_per_chat_burst_then_limit() -> None:
    async with FakeBotApi() as api, Bot(api.token, base_url=api.base_url) as bot:
        alice = api.add_user("Alice")
        await api.user_starts_private(alice)
        for i in range(3):  # the default burst allowance
            await bot.send_message(alice.id, f"m{i}")
        with pytest.raises(RetryAfter):
            await bot.edit_message_text("edits count too", alice.id, 2)
        assert api.flood_events[-1].limit == "chat"


async def test_limits_can_be_disabled() -> None:
    async with FakeBotApi(flood_limits=False) as api:
        group = api.add_group("G")
        async with Bot(api.token, base_url=api.base_url) as bot:
            for i in range(40):
                await bot.send_message(group.id, str(i))
    assert len(api.messages(group)) == 40 and api.flood_events == []


def test_limiter_with_fake_clock() -> None:
    clock = [0.0]
    limiter = FloodLimiter(
        chat_per_second=1, chat_burst=2, group_per_minute=100, clock=lambda: clock[0]
    )
    assert limiter.acquire(1, False) is None and limiter.acquire(1, False) is None
    assert limiter.acquire(1, False) == ("chat", 1)
    assert limiter.acquire(2, False) is None  # other chats are unaffected
    clock[0] = 1.0
    assert limiter.acquire(1, False) is None


# ---------------------------------------------------------------- injected failures


async def test_injected_failures(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    api.inject_failure("sendMessage", status=429, retry_after=7)
    with pytest.raises(RetryAfter) as caught:
        await bot.send_message(group.id, "x")
    assert seconds(caught.value.retry_after) == 7
    api.inject_failure("sendMessage", status=502)
    with pytest.raises(NetworkError, match="(?i)Bad Gateway"):
        await bot.send_message(group.id, "x")
    api.inject_failure("sendMessage", drop_connection=True)
    with pytest.raises(NetworkError):
        await bot.send_message(group.id, "x")
    sent = await bot.send_message(group.id, "x")
    assert sent.message_id == 1  # failed calls had no effect
    assert [c.status for c in api.calls_to("sendMessage", group)] == [429, 502, 0, 200]


# ---------------------------------------------------------------- getUpdates


async def test_get_updates_offset_semantics(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    for text in ("one", "two", "three"):
        await api.user_sends(alice, group, text)
    updates = await bot.get_updates()
    ids = [u.update_id for u in updates]
    assert [u.message.text for u in updates] == ["one", "two", "three"]
    assert ids == sorted(ids) and len(set(ids)) == 3
    assert len(await bot.get_updates(limit=1)) == 1
    again = await bot.get_updates(offset=ids[1])  # confirms (drops) "one"
    assert [u.message.text for u in again] == ["two", "three"]
    assert [u.message.text for u in await bot.get_updates()] == ["two", "three"]
    assert [u.message.text for u in await bot.get_updates(offset=-1)] == ["three"]
    assert await bot.get_updates(offset=ids[2] + 1) == ()


async def test_a_call_logs_when_it_arrived_as_well_as_when_it_was_answered(
        api: FakeBotApi, bot: Bot) -> None:
    """Under load the answer comes long after the request: a test that asks whether a client
    was killed while its call was in flight compares the kill with the arrival."""
    group = api.add_group("G")
    api.inject_failure("sendMessage", delay=0.3)  # a slow server: then answered normally
    await bot.send_message(group.id, "x")
    (call,) = api.calls_to("sendMessage", group)
    assert call.status == 200 and call.at - call.taken >= 0.3


async def test_get_updates_long_polling(api: FakeBotApi, bot: Bot) -> None:
    started = time.monotonic()
    assert await bot.get_updates(timeout=1) == ()
    assert time.monotonic() - started >= 0.9

    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])

    async def send_soon() -> None:
        await asyncio.sleep(0.2)
        await api.user_sends(alice, group, "wake up")

    started = time.monotonic()
    updates, _ = await asyncio.gather(bot.get_updates(timeout=60), send_soon())
    assert [u.message.text for u in updates] == ["wake up"]
    assert time.monotonic() - started < 30, "answered when the message came, not at the timeout"


async def test_second_poller_conflicts(api: FakeBotApi, bot: Bot) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.1)
    async with Bot(api.token, base_url=api.base_url) as second_instance:
        assert await second_instance.get_updates(timeout=0) == ()
    with pytest.raises(Conflict, match="(?i)terminated by other getUpdates request"):
        await first


async def test_allowed_updates_filter(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    await bot.get_updates(allowed_updates=["callback_query"])
    await api.user_sends(alice, group, "ignored")
    assert await bot.get_updates() == ()


# ---------------------------------------------------------------- commands


async def test_set_my_commands(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    await bot.set_my_commands(
        [BotCommand("newgame", "Start a game"), BotCommand("rules_2", "Rules")]
    )
    assert [c.command for c in await bot.get_my_commands()] == ["newgame", "rules_2"]
    scope = BotCommandScopeChat(group.id)
    await bot.set_my_commands([BotCommand("stop", "Стоп")], scope=scope, language_code="hy")
    assert api.commands({"type": "chat", "chat_id": group.id}, "hy") == [
        {"command": "stop", "description": "Стоп"}
    ]
    assert await bot.get_my_commands(scope=scope) == ()  # other language: separate list
    for bad in ("NewGame", "x" * 33, "new-game", ""):
        with pytest.raises(BadRequest, match="(?i)BOT_COMMAND_INVALID"):
            await bot.set_my_commands([BotCommand(bad, "d")])
    with pytest.raises(BadRequest, match="(?i)description"):
        await bot.set_my_commands([BotCommand("ok", "")])
    with pytest.raises(BadRequest, match="(?i)description"):
        await bot.set_my_commands([BotCommand("ok", "d" * 257)])
    with pytest.raises(BadRequest, match="(?i)language code"):
        await bot.set_my_commands([BotCommand("ok", "d")], language_code="armenian")
    with pytest.raises(BadRequest, match="(?i)chat not found"):
        await bot.set_my_commands([BotCommand("ok", "d")], scope=BotCommandScopeChat(-5))
    await bot.delete_my_commands()
    assert await bot.get_my_commands() == ()


# ---------------------------------------------------------------- a whole PTB Application


async def test_application_polling_end_to_end(api: FakeBotApi) -> None:
    alice = api.add_user("Alice", username="alice")
    group = api.add_group("Table", members=[alice])

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.effective_message.reply_text("Welcome", reply_markup=keyboard("join"))

    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.effective_message.reply_text(f"echo: {update.effective_message.text}")

    async def pressed(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.callback_query.answer(
            f"{update.effective_user.first_name} joined", show_alert=True
        )

    app = Application.builder().token(api.token).base_url(api.base_url).build()
    app.add_handler(CommandHandler(["start", "newgame"], start))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    app.add_handler(CallbackQueryHandler(pressed))
    async with app:
        await app.start()
        await app.updater.start_polling(poll_interval=0, timeout=1)
        try:
            await api.user_starts_private(alice)
            welcome = await api.wait_for_bot_message(alice.id)
            assert welcome.text == "Welcome" and welcome.callback_data == ["join"]

            said = await api.user_sends(alice, group, "/newgame@seghan_test_bot")
            table_msg = await api.wait_for_bot_message(group, after=said.message_id)
            assert table_msg.reply_to_message_id == said.message_id

            await api.user_sends(alice, group, "hello")
            echoed = await api.wait_for(lambda: api.last_message(group).text == "echo: hello")
            assert echoed

            query_id = await api.user_presses(alice, group, table_msg.message_id, "join")
            answer = await api.callback_answer(query_id)
            assert (answer.text, answer.show_alert) == ("Alice joined", True)
        finally:
            await app.updater.stop()
            await app.stop()
    assert api.pending_updates == []  # everything was confirmed on shutdown
    assert [c for c in api.calls if c.status not in (200, 499)] == []  # 499: the cancelled poll
    assert len(api.calls_to("sendMessage", group)) == 2


async def test_wait_for_times_out(api: FakeBotApi) -> None:
    with pytest.raises(TimeoutError):
        await api.wait_for(lambda: False, timeout=0.1)


# ---------------------------------------------------------------- group membership and privacy


async def test_kicked_bot_and_my_chat_member(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    await api.set_bot_status(group, "kicked")
    with pytest.raises(Forbidden, match="(?i)bot was kicked from the supergroup chat"):
        await bot.send_message(group.id, "hi")
    (update,) = await bot.get_updates()
    assert update.my_chat_member.new_chat_member.status == "kicked"
    await api.user_sends(alice, group, "/newgame")  # a kicked bot sees nothing
    assert await bot.get_updates(offset=update.update_id + 1) == ()


async def test_privacy_mode_hides_plain_group_chatter() -> None:
    async with FakeBotApi(privacy_mode=True, flood_limits=False) as api:
        alice = api.add_user("Alice")
        group = api.add_group("G", members=[alice])
        async with Bot(api.token, base_url=api.base_url) as bot:
            assert not (await bot.get_me()).can_read_all_group_messages
            await api.user_sends(alice, group, "just chatting")
            await api.user_sends(alice, group, "/rules@seghan_test_bot")
            sent = await bot.send_message(group.id, "rules...")
            await api.user_sends(alice, group, "thanks", reply_to_message_id=sent.message_id)
            texts = [u.message.text for u in await bot.get_updates()]
    assert texts == ["/rules@seghan_test_bot", "thanks"]


async def test_explicit_entities_and_bulk_delete(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    sent = await bot.send_message(group.id, "bold", entities=[MessageEntity("bold", 0, 4)])
    assert sent.entities == (MessageEntity("bold", 0, 4),)
    with pytest.raises(BadRequest, match="(?i)out of the text bounds"):
        await bot.send_message(group.id, "bold", entities=[MessageEntity("bold", 2, 4)])
    second = await bot.send_message(group.id, "x")
    assert await bot.delete_messages(group.id, [sent.message_id, second.message_id, 999])
    assert api.messages(group) == [] and sorted(api.chat(group).deleted) == [1, 2]
    assert await bot.get_chat_member_count(group.id) == 1  # just the bot


def png(width: int, height: int) -> bytes:
    """A PNG's signature and IHDR chunk: all the fake reads of an image."""
    ihdr = width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    return b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + b"IHDR" + ihdr + b"\0" * 4


async def test_send_photo_uploads_multipart_or_reuses_a_file_id(api: FakeBotApi, bot: Bot) -> None:
    group = api.add_group("G")
    sent = await bot.send_photo(group.id, png(800, 450), caption="<b>Race</b> Արամ",
                                parse_mode="HTML", reply_markup=keyboard("again"))
    assert sent.photo[-1].width == 800 and sent.caption == "Race Արամ" and sent.text is None
    message = api.last_message(group)
    assert message.photo == png(800, 450) and message.text == "Race Արամ"
    assert message.callback_data == ["again"]
    again = await bot.send_photo(group.id, sent.photo[-1].file_id)
    assert api.last_message(group).photo == message.photo and again.caption is None
    with pytest.raises(BadRequest, match="no text in the message to edit"):
        await bot.edit_message_text("x", group.id, sent.message_id)

    url = f"{api.base_url}{api.token}/sendPhoto"
    async with httpx.AsyncClient() as http:
        attached = await http.post(url, data={"chat_id": str(group.id), "photo": "attach://pic"},
                                   files={"pic": ("r.png", png(10, 10), "image/png")})
        missing = await http.post(url, data={"chat_id": str(group.id)})
        no_part = await http.post(url, data={"chat_id": str(group.id), "photo": "attach://x"},
                                  files={"pic": ("r.png", png(10, 10), "image/png")})
    assert attached.json()["ok"], attached.json()
    assert missing.json()["description"] == 'Bad Request: parameter "photo" is required'
    assert no_part.json()["description"] == "Bad Request: there is no photo in the request"
    for photo, error in ((b"GIF89a" + b"\0" * 20, "IMAGE_PROCESS_FAILED"),
                         (png(9000, 2000), "PHOTO_INVALID_DIMENSIONS"),
                         (png(2100, 100), "PHOTO_INVALID_DIMENSIONS"),
                         ("unknown-file-id", "wrong file identifier"),
                         ("https://example.com/a.png", "does not fetch URLs")):
        with pytest.raises(BadRequest, match="(?i)" + error):
            await bot.send_photo(group.id, photo)
    with pytest.raises(BadRequest, match="caption is too long"):
        await bot.send_photo(group.id, png(10, 10), caption="x" * 1025)
    await bot.send_photo(group.id, png(10, 10), caption="<b>" + "x" * 1024 + "</b>",
                         parse_mode="HTML")  # 1024 after entity parsing


# ---------------------------------------------------------------- webhooks


class Receiver:
    """A bot's webhook endpoint on 127.0.0.1: records each POST, answers from ``statuses``
    (then 200)."""

    def __init__(self, statuses: tuple[int, ...] = ()):
        self.statuses = list(statuses)
        self.posts: list[tuple[dict, str | None]] = []  # (update, secret header)
        self._runner: web.AppRunner | None = None
        self.url = ""

    async def __aenter__(self) -> Receiver:
        app = web.Application()
        app.router.add_post("/hook", self._handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.url = f"http://127.0.0.1:{self._runner.addresses[0][1]}/hook"
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        assert self._runner is not None
        await self._runner.cleanup()

    async def _handle(self, request: web.Request) -> web.Response:
        self.posts.append((await request.json(),
                           request.headers.get("X-Telegram-Bot-Api-Secret-Token")))
        return web.Response(status=self.statuses.pop(0) if self.statuses else 200)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_webhook_delivers_each_update_with_the_secret_and_blocks_get_updates(
    api: FakeBotApi, bot: Bot
) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    async with Receiver() as receiver:
        assert await bot.set_webhook(receiver.url, secret_token="s3cret_-X")
        assert api.webhook_url == receiver.url
        with pytest.raises(Conflict, match="can't use getUpdates method while webhook is active"):
            await bot.get_updates()
        first = await api.user_sends(alice, group, "one")
        second = await api.user_sends(alice, group, "two")
        await api.wait_for(lambda: len(receiver.posts) == 2)
        assert [p[0]["message"]["message_id"] for p in receiver.posts] == [
            first.message_id, second.message_id]
        assert {p[1] for p in receiver.posts} == {"s3cret_-X"}
        assert Update.de_json(receiver.posts[0][0], bot).message.text == "one"
        await api.wait_for(lambda: not api.pending_updates)
        info = await bot.get_webhook_info()
        assert (info.url, info.pending_update_count, info.last_error_date) == (receiver.url, 0, None)
        assert [d.status for d in api.deliveries] == [200, 200]
        assert await bot.delete_webhook()
    assert api.webhook_url is None and await bot.get_updates() == ()


async def test_webhook_retries_until_a_2xx_in_update_order(bot: Bot) -> None:
    async with FakeBotApi(flood_limits=False, webhook_retry_delay=0.01) as api:
        alice = api.add_user("Alice")
        group = api.add_group("G", members=[alice])
        async with Bot(api.token, base_url=api.base_url) as client, Receiver((500, 403)) as hook:
            await client.set_webhook(hook.url)
            await api.user_sends(alice, group, "one")
            await api.user_sends(alice, group, "two")
            await api.wait_for(lambda: len(hook.posts) == 4)
            texts = [p[0]["message"]["text"] for p in hook.posts]
            assert texts == ["one", "one", "one", "two"], "the next waits for the first"
            assert [p[1] for p in hook.posts] == [None] * 4, "no secret set: no header"
            assert [d.status for d in api.deliveries] == [500, 403, 200, 200]
            assert api.deliveries[1].error == "Wrong response from the webhook: 403 Forbidden"
            info = await client.get_webhook_info()
            assert info.last_error_message == "Wrong response from the webhook: 403 Forbidden"
            assert info.pending_update_count == 0


async def test_webhook_down_keeps_updates_until_it_answers(api: FakeBotApi, bot: Bot) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    dead = f"http://127.0.0.1:{free_port()}/hook"
    await bot.set_webhook(dead, secret_token="abc")
    await api.user_sends(alice, group, "hello")
    await api.wait_for(lambda: len(api.deliveries) >= 2)
    assert {(d.status, d.error) for d in api.deliveries} == {(0, "Connection refused")}
    info = await bot.get_webhook_info()
    assert info.pending_update_count == 1 and info.last_error_message == "Connection refused"
    async with Receiver() as receiver:
        await bot.set_webhook(receiver.url, secret_token="abc")
        await api.wait_for(lambda: receiver.posts)
    assert receiver.posts[0][0]["message"]["text"] == "hello"
    await api.wait_for(lambda: not api.pending_updates)


async def test_set_webhook_checks_and_answers_like_telegram(api: FakeBotApi, bot: Bot) -> None:
    for secret, reason in (("with space", "unallowed characters"), ("é", "unallowed characters"),
                           ("x" * 257, "too long")):
        with pytest.raises(BadRequest, match=reason):
            await bot.set_webhook("https://example.org/hook", secret_token=secret)
    with pytest.raises(BadRequest, match="max_connections"):
        await bot.set_webhook("https://example.org/hook", max_connections=101)
    with pytest.raises(BadRequest, match="(?i)bad webhook"):
        await bot.set_webhook("ftp://example.org/hook")
    assert api.webhook_url is None
    async with httpx.AsyncClient() as http:
        async def call(method: str, **params: str) -> dict:
            return (await http.post(f"{api.base_url}{api.token}/{method}", data=params)).json()

        url = "http://127.0.0.1:1/hook"  # a local server takes http and any port
        assert (await call("setWebhook", url=url, secret_token="a" * 256))["description"] == (
            "Webhook was set")
        assert (await call("setWebhook", url=url, secret_token="a" * 256))["description"] == (
            "Webhook is already set")
        assert (await call("setWebhook", url=""))["description"] == "Webhook was deleted"
        assert (await call("deleteWebhook"))["description"] == "Webhook is already deleted"
        info = (await call("getWebhookInfo"))["result"]
        assert info == {"url": "", "has_custom_certificate": False, "pending_update_count": 0}
    async with FakeBotApi(webhook_local=False) as strict, Bot(strict.token,
                                                              base_url=strict.base_url) as b:
        with pytest.raises(BadRequest, match="(?i)an https url must be provided for webhook"):
            await b.set_webhook("http://example.org/hook")
        with pytest.raises(BadRequest, match="(?i)only on ports 80, 88, 443 or 8443"):
            await b.set_webhook("https://example.org:8080/hook")
        assert await b.set_webhook("https://example.org:8443/hook", allowed_updates=["message"])
        info = await b.get_webhook_info()
        assert (info.url, info.max_connections, info.allowed_updates) == (
            "https://example.org:8443/hook", 40, ("message",))


async def test_set_webhook_ends_a_waiting_long_poll_and_can_drop_pending(
    api: FakeBotApi, bot: Bot
) -> None:
    alice = api.add_user("Alice")
    group = api.add_group("G", members=[alice])
    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.2)
    await bot.set_webhook(f"http://127.0.0.1:{free_port()}/hook", drop_pending_updates=True)
    with pytest.raises(Conflict, match="while webhook is active"):
        await poll
    await api.user_sends(alice, group, "lost")
    assert await bot.delete_webhook(drop_pending_updates=True)
    assert api.pending_updates == [] and await bot.get_updates() == ()
