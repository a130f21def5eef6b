"""The Telegram side of the one entrance: a button pressed under a message (``on_press``), or a
/start link or a command that does what a button does (``enter_from``), turned into a presser,
run through ``bot.entrance``, and answered: the press's alert or toast, a screen for the presser
sent to their private chat (or the link that opens it), or a word in the chat."""

from __future__ import annotations

import logging

from telegram import CallbackQuery, Message, Update, User
from telegram.error import TelegramError

from ...entrance.door import enter
from ...entrance.presser import Door, Presser, Reply
from ...i18n import t
from ...runtime import Runtime
from ...sending.ephemeral import pressed_on
from ...views import Screen
from ..context import Context

log = logging.getLogger(__name__)


async def on_press(update: Update, context: Context) -> None:
    """Any button under a message; one this bot did not draw gets an alert."""
    query = update.callback_query
    if query is None:
        return
    rt = context.runtime
    message = query.message
    who = await presser(rt, query.from_user, message.chat.id if message else None,
                        (message.message_id or None) if message else None, query)  # 0: ephemeral
    reply = await enter(rt, who, query.data or "")
    await answer_reply(rt, query, who, reply)


async def presser(rt: Runtime, user: User, chat_id: int | None, message_id: int | None = None,
                  query: CallbackQuery | None = None, lang: str | None = None) -> Presser:
    """Who pressed, in Telegram: their language (their /lang, else their app's, which this
    notes), and what the use cases may ask of Telegram about them."""
    lang = lang or await rt.people.user_lang(user)

    async def can_write() -> bool:
        return (await rt.people.touch(user)).can_dm

    async def is_member(chat: int) -> bool:
        return await rt.members.is_member(chat, user.id)

    async def is_admin(chat: int) -> bool:
        return await rt.members.is_admin(chat, user.id)

    async def ack(key: str) -> None:
        if query is not None:
            await answer(query, toast=t(lang, key))
    return Presser(Door.TELEGRAM, rt.people.person(user), lang, can_write, is_member, is_admin,
                   chat_id, message_id, ack, query.id if query is not None else "",
                   query.id if query is not None else None)


async def answer_reply(rt: Runtime, query: CallbackQuery, who: Presser, reply: Reply) -> None:
    """Answer the press once: the alert, else the screen for the presser (in place, privately
    with a toast, or the link that opens the bot's chat), else silently."""
    screen = reply.screen
    message = query.message
    if who.acked:  # answered already ("thinking…"): what it thought goes privately
        if screen is not None and not await _whispered(rt, who, message, screen, None):
            rt.publishing.send_private(who.id, screen)
        return
    if reply.alert is not None:
        await answer(query, alert=reply.alert)
        return
    if screen is None:
        await answer(query)
        return
    if reply.in_place and message is not None and message.chat.id == who.id:
        rt.sender.close_message(who.id, message.message_id, screen)
        await answer(query)
    elif await _whispered(rt, who, message, screen, query.id, reply.in_place):
        await answer(query)
    elif not await who.can_write():
        if reply.start:  # their Start (/start <payload>) asks for it again
            await answer(query, url=rt.publishing.start_link(reply.start))
        else:
            await answer(query, alert=rt.people.refusal(who.lang, "lobby-open-bot-first"))
    else:
        rt.publishing.send_private(who.id, screen)
        await answer(query, toast=t(who.lang, reply.sent) if reply.sent else None)


async def _whispered(rt: Runtime, who: Presser, message: object, screen: Screen,
                     query_id: str | None, in_place: bool = False) -> bool:
    """A screen for a presser in a group who never opened the bot (or pressed on an ephemeral
    message): sent to them there as an ephemeral message, answering the press."""
    if not isinstance(message, Message) or message.chat.id == who.id:
        return False
    ephemeral_id = pressed_on(message)
    if ephemeral_id is None and (not rt.people.settings.ephemeral_hands
                                 or await who.can_write()):
        return False
    thread = message.message_thread_id if message.is_topic_message else 0
    rt.publishing.places.whisper(message.chat.id, thread or 0, who.id, screen, query_id,
                          ephemeral_id if in_place else None)
    return True


async def enter_from(rt: Runtime, message: Message, user: User, data: str, lang: str) -> Reply:
    """A command or a /start link that does what a button does: run as a press made in the
    message's chat, a refusal said there, a screen for the presser sent privately."""
    who = await presser(rt, user, message.chat_id, lang=lang)
    reply = await enter(rt, who, data)
    if reply.alert is not None:
        rt.publishing.say(message, reply.alert)
    elif reply.screen is not None:
        rt.publishing.send_private(who.id, reply.screen)
    return reply


async def answer(query: CallbackQuery, alert: str | None = None, toast: str | None = None,
                 url: str | None = None) -> None:
    """Answer a press: silently, with an ``alert`` to dismiss, a ``toast`` that goes by itself,
    or a ``url`` (a t.me link to this bot) that the app opens; a failed answer (too old, a
    network error) is logged and changes nothing else: the screens are drawn all the same."""
    try:
        await query.answer(alert or toast, show_alert=alert is not None, url=url)
    except TelegramError as error:
        log.warning("answerCallbackQuery failed: %s", error)
