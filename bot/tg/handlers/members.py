"""Membership changes: the bot's own in a private chat (a user blocking the bot, or starting it
again), and a group member's (joined, left, kicked or banned: the page's doors follow)."""

from __future__ import annotations

from telegram import Update
from telegram.constants import ChatMemberStatus, ChatType

from ...social.membership import inside
from ..context import Context


async def my_chat_member(update: Update, context: Context) -> None:
    change = update.my_chat_member
    if change is None or change.chat.type != ChatType.PRIVATE:
        return
    blocked = change.new_chat_member.status in (ChatMemberStatus.BANNED, ChatMemberStatus.LEFT)
    await context.runtime.private_chat_changed(change.from_user, blocked)


async def chat_member(update: Update, context: Context) -> None:
    """Telegram's ``chat_member`` (sent to a bot that is an admin of the group)."""
    change = update.chat_member
    if change is None or change.chat.type == ChatType.PRIVATE:
        return
    member = change.new_chat_member
    await context.runtime.member_changed(change.chat.id, member.user.id, inside(member))


async def member_left(update: Update, context: Context) -> None:
    """The service message of a member who left or was removed (any bot in the group gets it)."""
    message = update.effective_message
    if message is not None and message.left_chat_member is not None:
        await context.runtime.member_changed(message.chat.id, message.left_chat_member.id, False)
