"""Ephemeral messages (Bot API 10.2, their send parameters as of 10.3): the fake's record of them.

What the documentation says, and what the fake makes of it (the methods are in
ephemeral_methods.py, the driver in ephemeral_driver.py):

* Message.message_id: "0 for ephemeral messages"; Message.ephemeral_message_id: "identifier of
  the ephemeral message inside this chat. The identifier may be reused for another ephemeral
  message after the message is deleted or expires"; Message.receiver_user: "the user who
  received the message". Ids here are allocated per chat, the lowest one not in use first, so
  an id *is* reused as soon as it is free: the worst case a bot must survive.
* EphemeralMessageParameters.receiver_user_id: "It is not guaranteed that the user will receive
  the message, especially if they are offline"; editEphemeralMessageText/ReplyMarkup: "it is not
  guaranteed that the user will receive the message edit event". The fake drops a chosen
  fraction of edits (seeded): the call succeeds, Telegram's copy changes, the receiver keeps
  seeing the old one (`seen_*`).
* Expiry: the documentation says ephemeral messages expire but not when; the fake expires each
  one `ttl` seconds (the clock's) after it was sent, None: never. An expired message is gone:
  it can't be edited, deleted or pressed, and its id is free again.
* ReplyParameters.ephemeral_message_id: "An ephemeral message may only be replied to within 15
  seconds of being sent" (`reply_window`).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

Markup = dict | None


@dataclass
class EphemeralMessage:
    """One ephemeral message: the bot's to a receiver, or a user's ephemeral command to the bot
    (then from_bot is False and receiver_id is the bot's id)."""

    chat_id: int
    receiver_id: int
    ephemeral_message_id: int
    seq: int  # order of sending over the whole fake: ids are reused, seq never is
    date: int
    sent_at: float  # the clock's time
    after_message_id: int  # the chat's last message when this was sent (where it is shown)
    text: str  # Telegram's copy, as the bot last set it
    entities: list[dict]
    sent_text: str
    reply_markup: Markup
    from_bot: bool = True
    from_user_id: int = 0
    parse_mode: str | None = None
    message_thread_id: int | None = None
    reply_to_message_id: int | None = None  # a regular message this replies to
    reply_to_ephemeral_id: int | None = None  # an incoming ephemeral message this replies to
    callback_query_id: str | None = None  # the press that asked for it
    replaces_message_id: int | None = None  # shown in place of this message, for its receiver
    edit_count: int = 0  # edits accepted, delivered or not
    dropped_edits: int = 0  # edits accepted that the receiver never saw
    edit_date: int | None = None
    # Earlier (text, entities, reply_markup) states of Telegram's copy, oldest first.
    history: list[tuple[str, list[dict], Markup]] = field(default_factory=list)
    # What the receiver's app shows: Telegram's copy as of the last edit that reached them.
    seen_text: str = ""
    seen_entities: list[dict] = field(default_factory=list)
    seen_markup: Markup = None
    gone: str | None = None  # "deleted" or "expired", once it is

    def __post_init__(self) -> None:
        self.seen_text, self.seen_entities = self.text, list(self.entities)
        self.seen_markup = self.reply_markup

    @property
    def buttons(self) -> list[dict]:
        """The inline buttons the receiver sees, row by row."""
        if not self.seen_markup or "inline_keyboard" not in self.seen_markup:
            return []
        return [button for row in self.seen_markup["inline_keyboard"] for button in row]

    @property
    def callback_data(self) -> list[str]:
        """callback_data of the buttons the receiver sees and can press."""
        return [b["callback_data"] for b in self.buttons if "callback_data" in b]


@dataclass(frozen=True)
class EphemeralPayload:
    """One ephemeral send or edit Telegram accepted: what was sent to whom (the leak audit's)."""

    method: str
    chat_id: int
    receiver_id: int
    ephemeral_message_id: int
    text: str  # plain text after entity parsing (the message's whole text after this call)
    sent_text: str | None  # the text parameter as sent; None for a reply-markup edit
    reply_markup: Markup
    delivered: bool  # False: a dropped edit, the receiver never saw it
    at: float


class EphemeralStore:
    """Every live ephemeral message by chat and id, the gone ones, and the payload log."""

    def __init__(
        self,
        *,
        clock: Callable[[], float] = time.monotonic,
        ttl: float | None = None,
        reply_window: float = 15.0,
        drop_edits: float = 0.0,
        seed: int = 0,
    ):
        self.clock = clock
        self.ttl = ttl
        self.reply_window = reply_window
        self.live: dict[int, dict[int, EphemeralMessage]] = {}  # chat id -> id -> message
        self.gone: list[EphemeralMessage] = []
        self.log: list[EphemeralPayload] = []
        self._seq = 0
        self.set_drop(drop_edits, seed)

    def set_drop(self, fraction: float, seed: int = 0) -> None:
        """From now on drop this fraction of ephemeral edits, chosen by a generator seeded so."""
        if not 0.0 <= fraction <= 1.0:
            raise ValueError("the fraction of edits dropped must be between 0 and 1")
        self.drop_edits = fraction
        self._rng = random.Random(seed)

    def next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def allocate_id(self, chat_id: int) -> int:
        """The lowest id not in use in the chat: a freed id is reused at once."""
        self.purge()
        used = self.live.get(chat_id, {})
        candidate = 1
        while candidate in used:
            candidate += 1
        return candidate

    def add(self, msg: EphemeralMessage) -> None:
        self.live.setdefault(msg.chat_id, {})[msg.ephemeral_message_id] = msg

    def find(self, chat_id: int, receiver_id: int, ephemeral_message_id: int,
             *, from_bot: bool = True) -> EphemeralMessage | None:
        """A live message of that chat, id and receiver (None when gone, never sent, or
        another receiver's)."""
        self.purge()
        msg = self.live.get(chat_id, {}).get(ephemeral_message_id)
        if msg is None or msg.receiver_id != receiver_id or msg.from_bot != from_bot:
            return None
        return msg

    def of_receiver(self, chat_id: int, receiver_id: int) -> list[EphemeralMessage]:
        """The bot's live ephemeral messages to one receiver in a chat, oldest first."""
        self.purge()
        found = [m for m in self.live.get(chat_id, {}).values()
                 if m.receiver_id == receiver_id and m.from_bot]
        return sorted(found, key=lambda m: m.seq)

    def remove(self, msg: EphemeralMessage, reason: str) -> None:
        del self.live[msg.chat_id][msg.ephemeral_message_id]
        msg.gone = reason
        self.gone.append(msg)

    def purge(self) -> bool:
        """Expire what is older than ttl; True if anything expired."""
        if self.ttl is None:
            return False
        deadline = self.clock() - self.ttl
        expired = [m for chat in self.live.values() for m in chat.values()
                   if m.sent_at <= deadline]
        for msg in expired:
            self.remove(msg, "expired")
        return bool(expired)

    def deliver_edit(self) -> bool:
        """Whether the next accepted edit reaches its receiver."""
        return self.drop_edits == 0.0 or self._rng.random() >= self.drop_edits

    def record(self, method: str, msg: EphemeralMessage, sent_text: str | None,
               delivered: bool) -> None:
        self.log.append(EphemeralPayload(
            method, msg.chat_id, msg.receiver_id, msg.ephemeral_message_id, msg.text, sent_text,
            msg.reply_markup, delivered, self.clock()))
