"""Telegram handlers: the commands, each parsing its update and calling one use case, and the
buttons' one handler (``presses.on_press``, through ``bot.entrance``). No storage or engine calls
here."""

from __future__ import annotations

from typing import Any

from telegram import Update
from telegram.constants import ChatType

from storage import TableKey


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
