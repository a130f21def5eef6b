"""The driver's side of ephemeral messages: what each user sees in a group, and what they do.

Mixed into FakeBotApi. A user sees the bot's ephemeral messages to them as of the last edit that
reached them (`EphemeralMessage.seen_text`, `.seen_markup`, `.buttons`); a press carries the
callback_data of a button they see, and the callback query's message is Telegram's copy with
message_id 0, ephemeral_message_id and receiver_user (Message, Bot API 10.2).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from .ephemeral import EphemeralMessage, EphemeralPayload, EphemeralStore
from .html import command_entities
from .world import (
    ADMINISTRATOR,
    CREATOR,
    KICKED,
    LEFT,
    MEMBER,
    CallbackQuery,
    Chat,
    DriverError,
    Message,
    User,
    World,
    now,
)

if TYPE_CHECKING:
    from .methods import BotApiMethods

T = TypeVar("T")
_PRESENT = (CREATOR, ADMINISTRATOR, MEMBER)


class EphemeralDriver:
    world: World
    api: BotApiMethods
    ephemeral_store: EphemeralStore
    clock: Callable[[], float]
    _query_ids: itertools.count[int]

    if TYPE_CHECKING:  # provided by FakeBotApi
        def _user(self, user: User | int) -> User: ...
        def _group(self, chat: Chat | int) -> Chat: ...
        async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0) -> T: ...

    # ---------------------------------------------------------------- reading

    def ephemeral_messages(self, chat: Chat | int, user: User | int) -> list[EphemeralMessage]:
        """The bot's ephemeral messages `user` sees now in the group (not deleted or expired),
        oldest first."""
        return self.ephemeral_store.of_receiver(self._group(chat).id, self._user(user).id)

    def last_ephemeral(self, chat: Chat | int, user: User | int) -> EphemeralMessage | None:
        found = self.ephemeral_messages(chat, user)
        return found[-1] if found else None

    def visible_messages(self, chat: Chat | int, user: User | int) -> list[Message | EphemeralMessage]:
        """The group as `user` sees it: its messages and their own ephemeral ones in the order
        they came, a message replaced for them (replace_callback_query_message) by the ephemeral
        message shown in its place."""
        group, receiver = self._group(chat), self._user(user)
        mine = self.ephemeral_store.of_receiver(group.id, receiver.id)
        replacing = {m.replaces_message_id: m for m in mine if m.replaces_message_id is not None}
        shown: list[tuple[tuple[int, int, int], Message | EphemeralMessage]] = []
        for msg in group.messages.values():
            ephemeral = replacing.get(msg.message_id)
            if ephemeral is None:
                shown.append(((msg.message_id, 0, 0), msg))
            else:
                shown.append(((msg.message_id, 0, ephemeral.seq), ephemeral))
        for ephemeral in mine:
            if ephemeral.replaces_message_id not in group.messages:
                shown.append(((ephemeral.after_message_id, 1, ephemeral.seq), ephemeral))
        return [item for _, item in sorted(shown, key=lambda pair: pair[0])]

    async def wait_for_ephemeral(
        self, chat: Chat | int, user: User | int, *, after_seq: int = 0, timeout: float = 5.0
    ) -> EphemeralMessage:
        """The first ephemeral message to `user` in the group sent after `after_seq` (ids are
        reused, seq never is) that they still see."""

        def find() -> EphemeralMessage | None:
            return next((m for m in self.ephemeral_messages(chat, user) if m.seq > after_seq),
                        None)

        return await self.wait_for(find, timeout)

    @property
    def ephemeral_log(self) -> list[EphemeralPayload]:
        """Every ephemeral send and edit Telegram accepted, with its receiver and payload (the
        leak audit's record), oldest first; dropped edits are there with delivered=False."""
        return self.ephemeral_store.log

    def ephemeral_gone(self, chat: Chat | int | None = None) -> list[EphemeralMessage]:
        """Ephemeral messages deleted or expired (`gone` says which), oldest first."""
        self.ephemeral_store.purge()
        chat_id = None if chat is None else self._known_chat_id(chat)
        return [m for m in self.ephemeral_store.gone if chat_id is None or m.chat_id == chat_id]

    # ---------------------------------------------------------------- what the test sets

    def set_ephemeral_ttl(self, seconds: float | None) -> None:
        """Ephemeral messages expire `seconds` (the clock's) after they were sent; None: never.
        Applies to those already sent too."""
        self.ephemeral_store.ttl = seconds
        self.world.changed()

    def drop_ephemeral_edits(self, fraction: float, seed: int = 0) -> None:
        """From now on a `fraction` of accepted ephemeral edits never reach their receiver
        (chosen by a generator seeded with `seed`): the call still answers True."""
        self.ephemeral_store.set_drop(fraction, seed)

    def expire_ephemeral(self, chat: Chat | int, user: User | int,
                         ephemeral_message_id: int) -> None:
        """Expire one ephemeral message now, as Telegram may at any time."""
        group, receiver = self._group(chat), self._user(user)
        msg = self.ephemeral_store.find(group.id, receiver.id, ephemeral_message_id)
        if msg is None:
            raise self._driver_error(f"user {receiver.id} has no ephemeral message "
                                     f"{ephemeral_message_id} in chat {group.id}")
        self.ephemeral_store.remove(msg, "expired")
        self.world.changed()

    # ---------------------------------------------------------------- users act

    async def user_presses_ephemeral(
        self, user: User | int, chat: Chat | int, ephemeral_message_id: int, callback_data: str,
        *, forge: bool = False,
    ) -> str:
        """The user presses a button of an ephemeral message they see; returns the callback
        query id. The button must be in the keyboard they see (a dropped edit leaves the older
        one) unless forge=True; a disabled button does nothing, so it can't be pressed."""
        u, group = self._user(user), self._group(chat)
        self._check_member(u, group)
        msg = self.ephemeral_store.find(group.id, u.id, ephemeral_message_id)
        if msg is None:
            raise self._driver_error(f"user {u.id} sees no ephemeral message "
                                     f"{ephemeral_message_id} in chat {group.id}")
        if not forge and callback_data not in msg.callback_data:
            raise self._driver_error(
                f"ephemeral message {ephemeral_message_id} shows user {u.id} no button with "
                f"callback_data {callback_data!r}; its buttons carry {msg.callback_data}")
        query_id = str(4_000_000_000_000_000_000 + next(self._query_ids))
        self.world.callback_queries[query_id] = CallbackQuery(
            query_id, u.id, group.id, 0, callback_data, self.clock(),
            ephemeral_message_id=ephemeral_message_id)
        payload = {
            "id": query_id,
            "from": u.to_api(),
            "message": self.api.ephemeral.to_api(msg),
            "chat_instance": str(abs(group.id) * 7 + 3),
            "data": callback_data,
        }
        self.world.add_update("callback_query", payload)
        return query_id

    async def user_sends_ephemeral(self, user: User | int, chat: Chat | int,
                                   text: str) -> EphemeralMessage:
        """The user sends an ephemeral command in the group: one the bot registered with
        is_ephemeral (BotCommand, Bot API 10.2: "can be seen only by the sender of the message
        and the bot"). The bot gets a message with message_id 0, ephemeral_message_id and
        receiver_user (the bot), and may reply to it ephemerally within the reply window."""
        u, group = self._user(user), self._group(chat)
        self._check_member(u, group)
        if group.bot_status in (KICKED, LEFT):
            raise self._driver_error(f"the bot is not in chat {group.id}")
        command = text.split(maxsplit=1)[0][1:].split("@", 1)[0] if text.startswith("/") else ""
        if not self._is_ephemeral_command(command):
            raise self._driver_error(f"{text!r} is not a command registered with is_ephemeral")
        store = self.ephemeral_store
        msg = EphemeralMessage(
            chat_id=group.id, receiver_id=self.world.bot.id,
            ephemeral_message_id=store.allocate_id(group.id), seq=store.next_seq(), date=now(),
            sent_at=self.clock(), after_message_id=group.next_message_id - 1, text=text,
            entities=command_entities(text), sent_text=text, reply_markup=None, from_bot=False,
            from_user_id=u.id,
        )
        store.add(msg)
        self.world.add_update("message", self.api.ephemeral.to_api(msg))
        return msg

    # ---------------------------------------------------------------- helpers

    def _replaced_for(self, user_id: int, chat_id: int, message_id: int) -> bool:
        """Is this group message shown to the user replaced by an ephemeral message?"""
        return any(m.replaces_message_id == message_id
                   for m in self.ephemeral_store.of_receiver(chat_id, user_id))

    def _is_ephemeral_command(self, command: str) -> bool:
        return any(c["command"] == command and c.get("is_ephemeral")
                   for commands in self.world.commands.values() for c in commands)

    def _check_member(self, user: User, group: Chat) -> None:
        if group.members.get(user.id) not in _PRESENT:
            raise self._driver_error(f"user {user.id} is not a member of chat {group.id}")

    def _known_chat_id(self, chat: Chat | int) -> int:
        return chat.id if isinstance(chat, Chat) else chat

    @staticmethod
    def _driver_error(message: str) -> Exception:
        return DriverError(message)
