"""The fake Telegram world: the bot, users, chats and the messages in them.

Everything here is plain data that tests may read directly. Mutation goes
through FakeBotApi (Bot API methods and the user-simulation driver) so that
waiters are woken up.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field
from typing import Any

PRIVATE = "private"
GROUP = "group"
SUPERGROUP = "supergroup"

# ChatMember statuses as the Bot API names them.
CREATOR = "creator"
ADMINISTRATOR = "administrator"
MEMBER = "member"
LEFT = "left"
KICKED = "kicked"
RESTRICTED = "restricted"  # for the bot: in the group but may not send messages


class DriverError(AssertionError):
    """A test asked a simulated user to do something Telegram would not let them do."""


def now() -> int:
    return int(time.time())


@dataclass
class User:
    id: int
    first_name: str
    username: str | None = None
    language_code: str | None = None
    last_name: str | None = None
    is_bot: bool = False
    # Has the user pressed Start in the private chat with the bot?
    started: bool = False
    # Has the user blocked the bot? Sends to their private chat then fail with 403.
    blocked: bool = False

    def to_api(self) -> dict:
        data: dict[str, Any] = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        for key in ("last_name", "username", "language_code"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


@dataclass
class Message:
    chat_id: int
    message_id: int
    date: int
    text: str  # the plain text a user sees (tags stripped, entities decoded)
    entities: list[dict]  # as Telegram would return them (UTF-16 offsets)
    from_bot: bool
    from_user_id: int  # the bot's id when from_bot
    sent_text: str  # the text exactly as the bot (or driver) sent it
    parse_mode: str | None = None
    reply_markup: dict | None = None  # the current markup, None when there is none
    message_thread_id: int | None = None
    reply_to_message_id: int | None = None
    edit_count: int = 0
    edit_date: int | None = None
    # Earlier (text, entities, reply_markup) states, oldest first.
    history: list[tuple[str, list[dict], dict | None]] = field(default_factory=list)
    # A photo message (sendPhoto): the image as uploaded, and its file_id; ``text`` and
    # ``entities`` are then its caption.
    photo: bytes | None = None
    photo_file_id: str | None = None
    photo_size: tuple[int, int] = (0, 0)

    @property
    def buttons(self) -> list[dict]:
        """All inline buttons of the current keyboard, row by row."""
        if not self.reply_markup or "inline_keyboard" not in self.reply_markup:
            return []
        return [button for row in self.reply_markup["inline_keyboard"] for button in row]

    @property
    def callback_data(self) -> list[str]:
        return [b["callback_data"] for b in self.buttons if "callback_data" in b]


@dataclass
class Chat:
    id: int
    type: str
    title: str | None = None
    username: str | None = None
    is_forum: bool = False
    # user id -> status (creator/administrator/member/left/kicked)
    members: dict[int, str] = field(default_factory=dict)
    # The bot's own status in a group: member, administrator, restricted (may not send), left or
    # kicked.
    bot_status: str = MEMBER
    topics: dict[int, str] = field(default_factory=dict)  # message_thread_id -> name
    messages: dict[int, Message] = field(default_factory=dict)
    deleted: dict[int, Message] = field(default_factory=dict)  # by deleteMessage(s)
    chat_actions: list[str] = field(default_factory=list)
    next_message_id: int = 1

    @property
    def is_group(self) -> bool:
        return self.type in (GROUP, SUPERGROUP)

    def allocate_message_id(self) -> int:
        message_id = self.next_message_id
        self.next_message_id += 1
        return message_id


@dataclass(frozen=True)
class CallbackAnswer:
    """What the user saw after pressing a button (answerCallbackQuery)."""

    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int


@dataclass
class CallbackQuery:
    id: str
    user_id: int
    chat_id: int
    message_id: int
    data: str
    created_at: float  # time.monotonic()
    answer: CallbackAnswer | None = None
    ephemeral_message_id: int | None = None  # pressed on an ephemeral message (message_id 0)


@dataclass(frozen=True)
class ApiCall:
    """One HTTP call to the fake Bot API, logged when it is answered."""

    method: str  # as the Bot API spells it, e.g. "sendMessage"
    params: dict[str, Any]  # raw, as received (strings for form-encoded requests)
    status: int  # HTTP status (0: dropped by inject_failure; 499: the client went away first)
    description: str | None  # the error description, None on success
    chat_id: int | None  # parsed chat_id when the call named an integer chat
    at: float  # time.monotonic() when answered
    # time.monotonic() when the request arrived: under load the answer comes long after, and a
    # client killed meanwhile still had its call taken (status 499, the message made all the same)
    taken: float = 0.0


@dataclass
class Webhook:
    """The webhook set by setWebhook, and what getWebhookInfo reports about its deliveries."""

    url: str
    secret_token: str | None = None
    max_connections: int = 40
    ip_address: str | None = None
    has_custom_certificate: bool = False
    last_error_date: int | None = None
    last_error_message: str | None = None


@dataclass(frozen=True)
class Delivery:
    """One POST of an update to the webhook (FakeBotApi.deliveries), logged when it ended."""

    update_id: int
    url: str
    status: int  # the HTTP status; 0: no answer (connection refused or dropped, time-out)
    error: str | None  # as getWebhookInfo's last_error_message; None for a 2xx
    secret_token: str | None  # the X-Telegram-Bot-Api-Secret-Token sent, None: no header
    at: float  # the clock's time (time.monotonic() by default)

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


class World:
    """All state of the fake Telegram, shared by the Bot API methods and the driver."""

    def __init__(self, bot: User, *, privacy_mode: bool = False):
        self.bot = bot
        self.privacy_mode = privacy_mode
        self.users: dict[int, User] = {}
        self.chats: dict[int, Chat] = {}
        self.updates: list[dict] = []  # not yet confirmed by the bot, ascending update_id
        self.next_update_id = 1
        self.allowed_updates: list[str] | None = None  # None: Telegram's default set
        self.webhook: Webhook | None = None  # set: updates are POSTed, getUpdates is refused
        self.callback_queries: dict[str, CallbackQuery] = {}
        # (scope as canonical JSON, language_code) -> [{"command", "description"}]
        self.commands: dict[tuple[str, str], list[dict]] = {}
        self.closing = False  # set by FakeBotApi.stop() to release long polls
        self._changed: asyncio.Event | None = None

    # -- change notification: every mutation calls changed(); waiters re-check

    def changed(self) -> None:
        if self._changed is not None:
            self._changed.set()
            self._changed = None

    async def wait_changed(self, timeout: float) -> None:
        """Sleep until the next change or the timeout, whichever comes first."""
        if self._changed is None:
            self._changed = asyncio.Event()
        event = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), timeout)

    # -- updates

    def add_update(self, kind: str, payload: dict) -> dict:
        """Queue an update, unless the bot's allowed_updates exclude its kind
        (like Telegram, the filter applies when the update is created)."""
        allowed = self.allowed_updates or DEFAULT_ALLOWED_UPDATES
        update = {"update_id": self.next_update_id, kind: payload}
        self.next_update_id += 1
        if kind in allowed:
            self.updates.append(update)
        self.changed()
        return update

    # -- serialisation to Bot API objects

    def chat_to_api(self, chat: Chat) -> dict:
        if chat.type == PRIVATE:
            user = self.users[chat.id].to_api()
            data = {k: user[k] for k in ("id", "first_name", "last_name", "username") if k in user}
            data["type"] = PRIVATE
            return data
        data = {"id": chat.id, "type": chat.type, "title": chat.title}
        if chat.username:
            data["username"] = chat.username
        if chat.is_forum:
            data["is_forum"] = True
        return data

    def message_to_api(self, msg: Message, *, with_reply: bool = True) -> dict:
        chat = self.chats[msg.chat_id]
        sender = self.bot if msg.from_bot else self.users[msg.from_user_id]
        data: dict[str, Any] = {
            "message_id": msg.message_id,
            "from": sender.to_api(),
            "chat": self.chat_to_api(chat),
            "date": msg.date,
        }
        if msg.photo is not None:
            width, height = msg.photo_size
            data["photo"] = [{"file_id": msg.photo_file_id,
                              "file_unique_id": (msg.photo_file_id or "").upper(),
                              "width": width, "height": height, "file_size": len(msg.photo)}]
            if msg.text:
                data["caption"] = msg.text
            if msg.entities:
                data["caption_entities"] = msg.entities
        else:
            data["text"] = msg.text
            if msg.entities:
                data["entities"] = msg.entities
        if msg.reply_markup and "inline_keyboard" in msg.reply_markup:
            data["reply_markup"] = msg.reply_markup
        if msg.message_thread_id is not None:
            data["message_thread_id"] = msg.message_thread_id
            if chat.is_forum:
                data["is_topic_message"] = True
        if msg.edit_date is not None:
            data["edit_date"] = msg.edit_date
        target = chat.messages.get(msg.reply_to_message_id or 0)
        if with_reply and target is not None:
            data["reply_to_message"] = self.message_to_api(target, with_reply=False)
        return data


# Telegram delivers these when allowed_updates was never given or given empty.
DEFAULT_ALLOWED_UPDATES = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "business_connection",
        "business_message",
        "edited_business_message",
        "deleted_business_messages",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "purchased_paid_media",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_join_request",
        "chat_boost",
        "removed_chat_boost",
    }
)
