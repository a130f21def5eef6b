"""Telegram handlers: parse the update, call one use case, answer, publish."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

from telegram import CallbackQuery, Update
from telegram.constants import ChatMemberStatus, ChatType
from telegram.ext import ContextTypes

from storage.base import TableKey, TableRecord

from ..runtime import Seghan
from ..tables import Outcome, TableError

Context = ContextTypes.DEFAULT_TYPE


def seghan(context: Context) -> Seghan:
    runtime: Seghan = context.bot_data["seghan"]
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


async def admin_not_creator(context: Context, table: TableRecord | None, user_id: int) -> bool:
    """Whether a user who did not open the table is an admin of its chat (asked of Telegram
    only then: the creator needs no admin rights)."""
    if table is None or user_id == table.creator_id:
        return False
    member = await context.bot.get_chat_member(table.key.chat_id, user_id)
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def answer_press(app: Seghan, query: CallbackQuery, run: Awaitable[Outcome | None]) -> None:
    """Answer a button press: an alert in the presser's language when the table refuses it,
    else a silent answer and the new screens. ``run`` gives None when it has answered itself."""
    try:
        outcome = await run
    except TableError as error:
        await query.answer(await app.alert(query.from_user, error.key, **error.args_), show_alert=True)
        return
    if outcome is not None:
        await query.answer()
        await app.publish(outcome)
