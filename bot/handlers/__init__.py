"""Telegram handlers: parse the update, call one use case, answer, publish. Handlers call use
cases (``TableService``, ``Runtime``) only: no storage or engine calls here."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import CallbackQuery, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from storage import StorageError, TableKey, TableRecord

from .. import callbacks
from ..runtime import Runtime
from ..tables import Outcome, TableError

Context = ContextTypes.DEFAULT_TYPE
log = logging.getLogger(__name__)


def runtime_of(context: Context) -> Runtime:
    runtime: Runtime = context.bot_data["runtime"]
    return runtime


def table_key(update: Update) -> TableKey:
    """One table per chat and forum topic."""
    message: Any = update.effective_message
    thread = message.message_thread_id if message and message.is_topic_message else 0
    chat = update.effective_chat
    assert chat is not None
    return TableKey(chat_id=chat.id, thread_id=thread or 0)


def is_group(update: Update) -> bool:
    chat = update.effective_chat
    return chat is not None and chat.type in (ChatType.GROUP, ChatType.SUPERGROUP)


async def is_admin(context: Context, chat_id: int, user_id: int) -> bool:
    """Whether a user is an admin (or the owner) of a group, as Telegram says now."""
    member = await context.bot.get_chat_member(chat_id, user_id)
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def admin_not_creator(context: Context, table: TableRecord | None, user_id: int) -> bool:
    """Whether a user who did not open the table is an admin of its chat (asked of Telegram
    only then: the creator needs no admin rights)."""
    if table is None or user_id == table.creator_id:
        return False
    return await is_admin(context, table.key.chat_id, user_id)


async def is_member(context: Context, chat_id: int, user_id: int) -> bool:
    """Whether a user is in a group now (a bot removed from it cannot tell: no)."""
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR,
                             ChatMemberStatus.OWNER) or bool(getattr(member, "is_member", False))


async def pressed(update: Update, context: Context) -> tuple[CallbackQuery, callbacks.Press] | None:
    """The press of a button, decoded once; a button this bot did not draw is answered with an
    alert here (None)."""
    query = update.callback_query
    if query is None:
        return None
    app = runtime_of(context)
    await app.user_lang(query.from_user)  # notes the language of the presser's app for their hand
    try:
        return query, callbacks.decode(query.data)
    except callbacks.BadCallback:
        await answer(query, await app.alert(query.from_user, "error-bad-button"))
        return None


async def answer(query: CallbackQuery, alert: str | None = None, toast: str | None = None,
                 url: str | None = None) -> None:
    """Answer a press: silently, with an ``alert`` to dismiss, a ``toast`` that goes by itself,
    or a ``url`` (a t.me link to this bot) that the app opens; a failed answer (too old, a
    network error) is logged and changes nothing else: the screens are drawn all the same."""
    try:
        await query.answer(alert or toast, show_alert=alert is not None, url=url)
    except TelegramError as error:
        log.warning("answerCallbackQuery failed: %s", error)


async def answer_press(app: Runtime, query: CallbackQuery, press: callbacks.Press,
                       run: Awaitable[Outcome | str | None],
                       refused: Callable[[], Awaitable[None]] | None = None) -> None:
    """Answer a button press: an alert in the presser's language when the table refuses it
    (and ``refused`` run, which redraws what the presser sees), else a silent answer (or the
    text ``run`` gives, as an alert) and the new screens. ``run`` gives None when it has
    answered itself. The screens are queued before the answer is sent, so neither a slow nor a
    failed answer delays or stops them; a storage fault is answered "try again"."""
    try:
        outcome = await run
    except TableError as error:
        await answer(query, await app.alert(query.from_user, error.key, **error.args_))
        if refused is not None:
            await _quietly(refused())
        return
    except StorageError:
        log.exception("storage fault while handling a press")
        await answer(query, await app.alert(query.from_user, "error-busy"))
        return
    if isinstance(outcome, str):
        await answer(query, outcome)
    elif outcome is not None:
        await adopt(app, query, press, outcome.table)
        await app.publish(outcome)
        await answer(query)


async def adopt(app: Runtime, query: CallbackQuery, press: callbacks.Press,
                table: TableRecord) -> None:
    """A press from a message of this table whose id is not stored yet (another worker sent it
    a moment ago and is still noting it): it is the table's message, edited, not sent again."""
    message = query.message
    if message is None or press.table_id != table.id:
        return
    seats = [i for i, s in enumerate(table.seats) if s.user_id == query.from_user.id]
    if message.chat.id == table.key.chat_id and table.table_message_id is None:
        table.table_message_id = message.message_id
        await app.service.remember_message(table.id or 0, None, message.message_id)
    elif message.chat.id == query.from_user.id and seats and (
            table.seats[seats[0]].hand_message_id is None):
        table.seats[seats[0]].hand_message_id = message.message_id
        await app.service.remember_message(table.id or 0, seats[0], message.message_id)


async def _quietly(work: Awaitable[None]) -> None:
    """Redrawing after a refused press is a courtesy: a failure there is logged, not raised."""
    try:
        await work
    except (TableError, StorageError):
        log.info("could not redraw after a refused press", exc_info=True)
