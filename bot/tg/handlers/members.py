"""The bot's own membership of a chat: a user blocking the bot in private, or starting it again."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType

from ..context import Context


async def my_chat_member(update: Update, context: Context) -> None:
    change = update.my_chat_member
    if change is None or change.chat.type != ChatType.PRIVATE:
        return
    blocked = change.new_chat_member.status in (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT)
    await context.runtime.private_chat_changed(change.from_user, blocked)
