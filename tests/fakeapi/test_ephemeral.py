"""Ephemeral messages (Bot API 10.2/10.3) on the fake, driven as the bot drives them: PTB 22.8
does not know them, so sends go through send_message(..., api_kwargs=...) and the edit and
delete methods through Bot.do_api_request."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from telegram import Bot, BotCommand, InlineKeyboardButton, InlineKeyboardMarkup, Message
from telegram.error import BadRequest, Forbidden, RetryAfter

from tests.fakeapi import DriverError, FakeBotApi

pytestmark = pytest.mark.filterwarnings("ignore:Deprecated since version v22.2")


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def api():
    async with FakeBotApi(flood_limits=False) as server:
        yield server


@pytest.fixture
async def bot(api: FakeBotApi):
    async with Bot(api.token, base_url=api.base_url) as client:
        yield client


def keyboard(*data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(d, callback_data=d) for d in data]])


async def send(bot: Bot, chat_id: int, text: str, receiver: int, *,
               ephemeral: dict[str, Any] | None = None, extra: dict[str, Any] | None = None,
               **options: Any) -> Message:
    """An ephemeral sendMessage, as the bot sends it with PTB 22.8: what PTB does not know goes
    in api_kwargs."""
    parameters = {"receiver_user_id": receiver, **(ephemeral or {})}
    return await bot.send_message(chat_id, text, api_kwargs={
        "ephemeral_message_parameters": parameters, **(extra or {})}, **options)


async def edit_text(bot: Bot, chat_id: int, receiver: int, ephemeral_id: int, text: str,
                    markup: InlineKeyboardMarkup | None = None) -> Any:
    params: dict[str, Any] = {"chat_id": chat_id, "receiver_user_id": receiver,
                              "ephemeral_message_id": ephemeral_id, "text": text}
    if markup is not None:
        params["reply_markup"] = markup
    return await bot.do_api_request("editEphemeralMessageText", api_kwargs=params)


def ephemeral_id(message: Message) -> int:
    return int(message.api_kwargs["ephemeral_message_id"])


def table(api: FakeBotApi, *names: str) -> tuple[Any, ...]:
    users = [api.add_user(name) for name in names]
    return (api.add_group("Table", members=users), *users)


# ---------------------------------------------------------------- sending


async def test_only_its_receiver_sees_an_ephemeral_message(api: FakeBotApi, bot: Bot) -> None:
    group, alice, bob = table(api, "Alice", "Bob")
    board = await bot.send_message(group.id, "the table")
    hand = await send(bot, group.id, "<b>Your hand</b>: 7♠", alice.id, parse_mode="HTML",
                      reply_markup=keyboard("play:7S"))
    assert hand.message_id == 0  # Message.message_id: "0 for ephemeral messages"
    assert ephemeral_id(hand) == 1
    assert hand.api_kwargs["receiver_user"]["id"] == alice.id
    assert (hand.text, hand.chat.id, hand.from_user.id) == ("Your hand: 7♠", group.id, api.bot.id)
    seen = api.last_ephemeral(group, alice)
    assert seen is not None and (seen.seen_text, seen.callback_data) == ("Your hand: 7♠",
                                                                         ["play:7S"])
    assert api.ephemeral_messages(group, bob) == []
    assert [m.message_id for m in api.messages(group)] == [board.message_id]  # not in the chat
    assert api.visible_messages(group, alice) == [api.messages(group)[0], seen]
    assert api.visible_messages(group, bob) == api.messages(group)
    (payload,) = api.ephemeral_log
    assert (payload.receiver_id, payload.text, payload.delivered) == (alice.id,
                                                                     "Your hand: 7♠", True)


async def test_parameters_as_json_body_and_as_form(api: FakeBotApi) -> None:
    group, alice = table(api, "Alice")
    url = f"{api.base_url}{api.token}/sendMessage"
    async with httpx.AsyncClient() as http:
        as_json = await http.post(url, json={
            "chat_id": group.id, "text": "json",
            "ephemeral_message_parameters": {"receiver_user_id": alice.id}})
        as_form = await http.post(url, data={
            "chat_id": str(group.id), "text": "form",
            "ephemeral_message_parameters": f'{{"receiver_user_id": "{alice.id}"}}'})
        broken = await http.post(url, data={
            "chat_id": str(group.id), "text": "x", "ephemeral_message_parameters": "{nope"})
        missing = await http.post(url, json={
            "chat_id": group.id, "text": "x", "ephemeral_message_parameters": {}})
    assert [r.json()["result"]["ephemeral_message_id"] for r in (as_json, as_form)] == [1, 2]
    assert broken.json()["description"] == (
        "Bad Request: can't parse ephemeral message parameters JSON object")
    assert "receiver_user_id" in missing.json()["description"]


async def test_who_may_receive_and_where(api: FakeBotApi, bot: Bot) -> None:
    group, alice = table(api, "Alice")
    stranger = api.add_user("Stranger")
    await api.user_starts_private(alice)
    with pytest.raises(BadRequest, match="(?i)USER_NOT_PARTICIPANT"):
        await send(bot, group.id, "x", stranger.id)
    assert api.calls[-1].description == "Bad Request: USER_NOT_PARTICIPANT"  # PTB re-cases it
    with pytest.raises(BadRequest, match="(?i)user not found"):
        await send(bot, group.id, "x", 424242)
    with pytest.raises(BadRequest, match="(?i)only to group and supergroup chats"):
        await send(bot, alice.id, "x", alice.id)
    with pytest.raises(BadRequest, match="(?i)Bot API 10.3"):  # 10.2's parameters: refused
        await bot.send_message(group.id, "x", api_kwargs={"receiver_user_id": alice.id})
    with pytest.raises(BadRequest, match="(?i)sendMessage only"):
        await bot.send_photo(group.id, b"\x89PNG", api_kwargs={
            "ephemeral_message_parameters": {"receiver_user_id": alice.id}})
    await api.set_bot_status(group, "restricted")
    with pytest.raises(BadRequest, match="(?i)not enough rights to send text messages"):
        await send(bot, group.id, "x", alice.id)
    with pytest.raises(BadRequest, match="(?i)not enough rights to send text messages"):
        await bot.send_message(group.id, "x")
    await api.set_bot_status(group, "kicked")
    with pytest.raises(Forbidden, match="(?i)bot was kicked"):
        await send(bot, group.id, "x", alice.id)
    assert api.ephemeral_log == []


# ---------------------------------------------------------------- editing and deleting


async def test_edit_text_markup_and_delete(api: FakeBotApi, bot: Bot) -> None:
    group, alice, bob = table(api, "Alice", "Bob")
    hand = ephemeral_id(await send(bot, group.id, "hand 1", alice.id,
                                   reply_markup=keyboard("a")))
    assert await edit_text(bot, group.id, alice.id, hand, "hand 2", keyboard("b")) is True
    with pytest.raises(BadRequest, match="(?i)message is not modified"):
        await edit_text(bot, group.id, alice.id, hand, "hand 2", keyboard("b"))
    assert await bot.do_api_request("editEphemeralMessageReplyMarkup", api_kwargs={
        "chat_id": group.id, "receiver_user_id": alice.id, "ephemeral_message_id": hand,
        "reply_markup": keyboard("c")}) is True
    seen = api.last_ephemeral(group, alice)
    assert seen is not None and (seen.seen_text, seen.callback_data, seen.edit_count) == (
        "hand 2", ["c"], 2)
    await edit_text(bot, group.id, alice.id, hand, "hand 3")  # no reply_markup: no keyboard
    assert seen.callback_data == [] and seen.history[0][0] == "hand 1"
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await edit_text(bot, group.id, bob.id, hand, "another receiver's id")
    assert await bot.do_api_request("deleteEphemeralMessage", api_kwargs={
        "chat_id": group.id, "receiver_user_id": alice.id, "ephemeral_message_id": hand})
    assert api.ephemeral_messages(group, alice) == [] and seen.gone == "deleted"
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await edit_text(bot, group.id, alice.id, hand, "gone")
    with pytest.raises(BadRequest, match="(?i)message to delete not found"):
        await bot.do_api_request("deleteEphemeralMessage", api_kwargs={
            "chat_id": group.id, "receiver_user_id": alice.id, "ephemeral_message_id": hand})
    assert [p.method for p in api.ephemeral_log] == [
        "sendMessage", "editEphemeralMessageText", "editEphemeralMessageReplyMarkup",
        "editEphemeralMessageText"]


async def test_ids_are_reused_after_deletion_and_expiry() -> None:
    clock = Clock()
    async with FakeBotApi(flood_limits=False, clock=clock, ephemeral_ttl=60.0) as api, \
            Bot(api.token, base_url=api.base_url) as bot:
        group, alice, bob = table(api, "Alice", "Bob")
        first = ephemeral_id(await send(bot, group.id, "one", alice.id))
        second = ephemeral_id(await send(bot, group.id, "two", bob.id))
        assert (first, second) == (1, 2)
        await bot.do_api_request("deleteEphemeralMessage", api_kwargs={
            "chat_id": group.id, "receiver_user_id": alice.id, "ephemeral_message_id": first})
        assert ephemeral_id(await send(bot, group.id, "three", bob.id)) == 1  # reused at once
        clock.now += 59.0
        assert await edit_text(bot, group.id, bob.id, 2, "two, still there") is True
        clock.now += 1.0  # 60 s after it was sent: expired, although edited since
        with pytest.raises(BadRequest, match="(?i)message to edit not found"):
            await edit_text(bot, group.id, bob.id, 2, "expired")
        assert [m.seen_text for m in api.ephemeral_messages(group, bob)] == []  # both expired
        assert [m.gone for m in api.ephemeral_gone(group)] == ["deleted", "expired", "expired"]
        fresh = await send(bot, group.id, "four", alice.id)
        assert ephemeral_id(fresh) == 1
        api.set_ephemeral_ttl(None)
        clock.now += 3600
        assert api.last_ephemeral(group, alice) is not None


async def test_dropped_edits_answer_true_and_leave_the_old_hand(api: FakeBotApi,
                                                               bot: Bot) -> None:
    group, alice = table(api, "Alice")
    hand = ephemeral_id(await send(bot, group.id, "old", alice.id, reply_markup=keyboard("a")))
    api.drop_ephemeral_edits(1.0)
    assert await edit_text(bot, group.id, alice.id, hand, "new", keyboard("b")) is True
    seen = api.last_ephemeral(group, alice)
    assert seen is not None and (seen.text, seen.seen_text, seen.callback_data) == (
        "new", "old", ["a"])
    assert (seen.edit_count, seen.dropped_edits) == (1, 1)
    assert api.ephemeral_log[-1].delivered is False
    with pytest.raises(DriverError):  # the user presses only what they see
        await api.user_presses_ephemeral(alice, group, hand, "b")
    query = await api.user_presses_ephemeral(alice, group, hand, "a")
    message = api.pending_updates[-1]["callback_query"]["message"]
    assert api.callback_query(query).data == "a" and message["text"] == "new"  # Telegram's copy


async def test_a_seeded_fraction_of_edits_is_dropped() -> None:
    async def dropped(seed: int) -> list[bool]:
        async with FakeBotApi(flood_limits=False, ephemeral_drop_edits=0.3,
                              ephemeral_seed=seed) as api, \
                Bot(api.token, base_url=api.base_url) as bot:
            group, alice = table(api, "Alice")
            hand = ephemeral_id(await send(bot, group.id, "0", alice.id))
            for i in range(1, 101):
                await edit_text(bot, group.id, alice.id, hand, str(i))
            return [p.delivered for p in api.ephemeral_log[1:]]

    first, again, other = await dropped(7), await dropped(7), await dropped(8)
    assert first == again and first != other
    assert 15 <= first.count(False) <= 45  # about 30% of 100


# ---------------------------------------------------------------- presses


async def test_a_press_on_an_ephemeral_message_and_the_answer_in_its_place(
        api: FakeBotApi, bot: Bot) -> None:
    group, alice, bob = table(api, "Alice", "Bob")
    board = await bot.send_message(group.id, "table", reply_markup=keyboard("hand"))
    press = await api.user_presses(alice, group, board.message_id, "hand")
    hand = await send(bot, group.id, "your hand", alice.id, reply_markup=keyboard("play"),
                      ephemeral={"callback_query_id": press,
                                 "replace_callback_query_message": True})
    await bot.answer_callback_query(press)
    shown = api.visible_messages(group, alice)
    assert [getattr(m, "seen_text", None) for m in shown] == ["your hand"]  # in the table's place
    assert api.visible_messages(group, bob) == api.messages(group)
    with pytest.raises(DriverError):  # Alice no longer sees the table message
        await api.user_presses(alice, group, board.message_id, "hand")

    query_id = await api.user_presses_ephemeral(alice, group, ephemeral_id(hand), "play")
    update = api.pending_updates[-1]["callback_query"]
    assert update["message"]["message_id"] == 0
    assert update["message"]["ephemeral_message_id"] == ephemeral_id(hand)
    assert update["message"]["receiver_user"]["id"] == alice.id
    assert api.callback_query(query_id).ephemeral_message_id == ephemeral_id(hand)
    await bot.answer_callback_query(query_id, text="played")
    assert (await api.callback_answer(query_id)).text == "played"
    with pytest.raises(BadRequest, match="(?i)must be False for callback queries from ephemeral"):
        await send(bot, group.id, "x", alice.id, ephemeral={
            "callback_query_id": query_id, "replace_callback_query_message": True})
    reply = await send(bot, group.id, "answer", alice.id, ephemeral={"callback_query_id": query_id})
    assert ephemeral_id(reply) == 2


async def test_callback_query_id_must_be_the_receivers_and_fresh() -> None:
    clock = Clock()
    async with FakeBotApi(flood_limits=False, clock=clock, callback_query_ttl=15.0) as api, \
            Bot(api.token, base_url=api.base_url) as bot:
        group, alice, bob = table(api, "Alice", "Bob")
        other = api.add_group("Other", members=[alice])
        board = await bot.send_message(group.id, "table", reply_markup=keyboard("hand"))
        press = await api.user_presses(alice, group, board.message_id, "hand")
        for receiver, chat, query in ((bob.id, group.id, press), (alice.id, other.id, press),
                                      (alice.id, group.id, "12345")):
            with pytest.raises(BadRequest, match="(?i)query is too old"):
                await send(bot, chat, "x", receiver, ephemeral={"callback_query_id": query})
        with pytest.raises(BadRequest, match="(?i)requires callback_query_id"):
            await send(bot, group.id, "x", alice.id,
                       ephemeral={"replace_callback_query_message": True})
        clock.now += 16.0
        with pytest.raises(BadRequest, match="(?i)query is too old"):
            await send(bot, group.id, "x", alice.id, ephemeral={"callback_query_id": press})


async def test_expired_messages_cannot_be_pressed(api: FakeBotApi, bot: Bot) -> None:
    group, alice = table(api, "Alice")
    hand = ephemeral_id(await send(bot, group.id, "hand", alice.id, reply_markup=keyboard("a")))
    query = await api.user_presses_ephemeral(alice, group, hand, "a")  # pressed in time ...
    api.expire_ephemeral(group, alice, hand)  # ... and gone before the bot edits it
    with pytest.raises(DriverError):
        await api.user_presses_ephemeral(alice, group, hand, "a")
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await edit_text(bot, group.id, alice.id, hand, "too late")
    assert await bot.answer_callback_query(query, text="that hand is gone")


# ---------------------------------------------------------------- ephemeral commands and replies


async def test_ephemeral_commands_and_the_fifteen_second_reply_window() -> None:
    clock = Clock()
    async with FakeBotApi(flood_limits=False, clock=clock) as api, \
            Bot(api.token, base_url=api.base_url) as bot:
        group, alice, bob = table(api, "Alice", "Bob")
        with pytest.raises(DriverError):  # not registered as ephemeral
            await api.user_sends_ephemeral(alice, group, "/hand")
        await bot.set_my_commands([
            BotCommand("hand", "Your hand", api_kwargs={"is_ephemeral": True}),
            BotCommand("new", "New table")])
        commands = await bot.get_my_commands()
        assert [c.api_kwargs.get("is_ephemeral") for c in commands] == [True, None]
        with pytest.raises(BadRequest, match="is_ephemeral"):
            await bot.set_my_commands([BotCommand("x", "y", api_kwargs={"is_ephemeral": "yes"})])

        said = await api.user_sends_ephemeral(alice, group, "/hand@seghan_test_bot")
        update = api.pending_updates[-1]["message"]
        assert (update["message_id"], update["ephemeral_message_id"]) == (
            0, said.ephemeral_message_id)
        assert update["receiver_user"]["id"] == api.bot.id and update["from"]["id"] == alice.id
        assert update["entities"][0]["type"] == "bot_command"
        reply_to = {"reply_parameters": {"ephemeral_message_id": said.ephemeral_message_id}}
        with pytest.raises(BadRequest, match="(?i)must itself be an ephemeral message"):
            await bot.send_message(group.id, "public", api_kwargs=reply_to)
        with pytest.raises(BadRequest, match="(?i)message to be replied not found"):
            await send(bot, group.id, "to Bob", bob.id, extra=reply_to)
        clock.now += 14.0
        answer = await send(bot, group.id, "your hand", alice.id, extra=reply_to)
        assert ephemeral_id(answer) != said.ephemeral_message_id
        clock.now += 1.5  # 15.5 s after it was sent
        with pytest.raises(BadRequest, match="(?i)message to be replied not found"):
            await send(bot, group.id, "too late", alice.id, extra=reply_to)


# ---------------------------------------------------------------- buttons


@pytest.mark.parametrize("style", ["success", "danger", "primary"])
async def test_button_styles(api: FakeBotApi, bot: Bot, style: str) -> None:
    group, alice = table(api, "Alice")
    markup = InlineKeyboardMarkup([[InlineKeyboardButton("7♠", callback_data="7S", style=style)]])
    await send(bot, group.id, "hand", alice.id, reply_markup=markup)
    seen = api.last_ephemeral(group, alice)
    assert seen is not None and seen.buttons[0]["style"] == style


@pytest.mark.parametrize("button, reason", [
    ({"text": "x", "callback_data": "x", "style": "green"}, "invalid button style specified"),
    ({"text": "x", "callback_data": "x", "style": "Success"}, "invalid button style specified"),
    ({"text": "x", "callback_data": "x", "style": 1}, 'Field "style" must be of type String'),
    ({"text": "x", "disabled": True}, 'Field "disabled" must be of type Object'),
    ({"text": "x", "disabled": {}, "callback_data": "x"}, "exactly one"),
])
async def test_buttons_refused(api: FakeBotApi, button: dict, reason: str) -> None:
    group = api.add_group("G")
    async with httpx.AsyncClient() as http:
        answer = await http.post(f"{api.base_url}{api.token}/sendMessage", json={
            "chat_id": group.id, "text": "t", "reply_markup": {"inline_keyboard": [[button]]}})
    assert answer.status_code == 400 and reason in answer.json()["description"]


async def test_a_disabled_button_is_shown_and_does_nothing(api: FakeBotApi, bot: Bot) -> None:
    group, alice = table(api, "Alice")
    markup = InlineKeyboardMarkup([[
        InlineKeyboardButton("7♠", callback_data="7S", style="success"),
        InlineKeyboardButton("2♥", api_kwargs={"disabled": {}})]])
    board = await bot.send_message(group.id, "regular", reply_markup=markup)
    hand = ephemeral_id(await send(bot, group.id, "hand", alice.id, reply_markup=markup))
    seen = api.last_ephemeral(group, alice)
    assert seen is not None and [b["text"] for b in seen.buttons] == ["7♠", "2♥"]
    assert seen.callback_data == ["7S"]
    with pytest.raises(DriverError):
        await api.user_presses_ephemeral(alice, group, hand, "2♥")
    with pytest.raises(DriverError):
        await api.user_presses(alice, group, board.message_id, "2♥")


# ---------------------------------------------------------------- flood lanes


async def test_ephemeral_sends_use_a_lane_per_receiver() -> None:
    async with FakeBotApi(group_per_minute=2) as api, \
            Bot(api.token, base_url=api.base_url) as bot:
        group, alice, bob = table(api, "Alice", "Bob")
        for i in range(3):  # the private-chat burst, outside the group's 2 a minute
            await send(bot, group.id, f"hand {i}", alice.id)
        with pytest.raises(RetryAfter):
            await edit_text(bot, group.id, alice.id, 1, "edits count in the lane too")
        event = api.flood_events[-1]
        assert (event.limit, event.chat_id, event.receiver_id) == ("lane", group.id, alice.id)
        await send(bot, group.id, "Bob's lane", bob.id)
        await bot.send_message(group.id, "the group's own budget is untouched")
        assert api.flood_totals["lane"].calls == 5 and api.flood_totals["group"].calls == 1
