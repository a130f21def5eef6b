"""Who is in a chat, as Telegram says (getChatMember), asked once and trusted for a few minutes:
both doors ask it (a spectator's page, a replay, a sheet by a link), and a member who left or was
removed is forgotten at once when the bot hears of it."""

from __future__ import annotations

import time
from collections.abc import Callable

from telegram import Bot, ChatMember
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

MEMBER_SECONDS = 300.0  # getChatMember's answer is trusted this long
INSIDE = (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)
ADMINS = (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


def inside(member: ChatMember) -> bool:
    """A member, an admin, the owner, or a restricted user who is still a member (Telegram's
    ``is_member``: restricted from writing, say, but reading the chat)."""
    return member.status in INSIDE or bool(getattr(member, "is_member", False))


class Membership:
    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self._known: dict[tuple[int, int], tuple[bool, float]] = {}  # -> (inside, until)
        # told (chat, user) when someone is found out of a chat: the page closes their streams
        self.gone: list[Callable[[int, int], None]] = []
        # Telegram's word that someone left, for the other workers (the page wires it on PostgreSQL)
        self.broadcast: Callable[[int, int], None] | None = None

    async def is_member(self, chat_id: int, user_id: int) -> bool:
        """Whether the user is in the chat now (a bot removed from it cannot tell: no)."""
        known = self._known.get((chat_id, user_id))
        if known is not None and known[1] > time.monotonic():
            return known[0]
        try:
            found = inside(await self.bot.get_chat_member(chat_id, user_id))
        except TelegramError:
            found = False
        self._learn(chat_id, user_id, found)
        return found

    async def is_admin(self, chat_id: int, user_id: int) -> bool:
        """Whether the user is an admin (or the owner) of the chat, as Telegram says now: never
        cached, as it grants the table's and the chat's settings."""
        member = await self.bot.get_chat_member(chat_id, user_id)
        self._learn(chat_id, user_id, inside(member))
        return member.status in ADMINS

    def _learn(self, chat_id: int, user_id: int, found: bool) -> None:
        self._known[(chat_id, user_id)] = (found, time.monotonic() + MEMBER_SECONDS)
        if not found:  # a refused check: whatever they still watch there closes
            self._tell_gone(chat_id, user_id)

    def changed(self, chat_id: int, user_id: int, now_inside: bool) -> None:
        """Telegram told the bot (``chat_member``, a member's departure in the chat): the cached
        answer goes, so the next check asks again; one who left stops watching at once. Kept as
        out until then, for ``inside_anywhere``."""
        self._known[(chat_id, user_id)] = (now_inside, 0.0)
        if not now_inside:
            self._tell_gone(chat_id, user_id)
            if self.broadcast is not None:
                self.broadcast(chat_id, user_id)

    def heard_gone(self, chat_id: int, user_id: int) -> None:
        """Another worker heard that someone left: the same here, not told on again."""
        self._known[(chat_id, user_id)] = (False, 0.0)
        self._tell_gone(chat_id, user_id)

    def inside_anywhere(self, user_id: int) -> bool:
        """Whether the last word heard of the user in any chat, however old, was "a member"."""
        return any(user == user_id and known[0] for (_, user), known in self._known.items())

    def _tell_gone(self, chat_id: int, user_id: int) -> None:
        for tell in self.gone:
            tell(chat_id, user_id)
