"""Who pressed a button, and what a press gives back. The facts each door knows differently (the
chat a button was pressed in, whether the bot may write to the presser, whether they are an
admin) are asked once, lazily, and only by the use cases that need them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum

from ..play.records import Outcome, Person
from ..social.tournament_service import Step
from ..views import Screen


class Door(StrEnum):
    TELEGRAM = "telegram"  # a button under a message, a /start link, a command
    PAGE = "page"  # a tap on the page (a Telegram Mini App, or try mode)


Ask = Callable[[], Awaitable[bool]]
AskAbout = Callable[[int], Awaitable[bool]]


async def _nothing(_: str) -> None:
    return None


class Presser:
    """``chat_id``: the chat the press was made in (Telegram), None on the page. ``hand_on_page``:
    the presser's hand is drawn on the page they pressed on, so the bot need not write to them
    to seat them. ``press_id``: the press's own id, as entropy (``entropy``). ``ack``: a word said at once, before a long use case (Telegram answers the
    press with it as a toast; the page has its spinner)."""

    def __init__(self, door: Door, person: Person, lang: str, can_write: Ask,
                 is_member: AskAbout, is_admin: AskAbout, chat_id: int | None = None,
                 message_id: int | None = None,
                 ack: Callable[[str], Awaitable[None]] = _nothing, press_id: str = "",
                 query_id: str | None = None) -> None:
        self.door, self.person, self.lang = door, person, lang
        # What the server could not choose (issue 41): Telegram's callback query id, or the
        # nonce of the presser's page; a fair lobby mixes those of its seating presses in.
        self.press_id = press_id
        self.chat_id, self.message_id = chat_id, message_id
        self.query_id = query_id  # Telegram's press, which an ephemeral answer names
        self._ack = ack
        self.acked = False  # ``ack`` said something: the press is answered
        self._can_write, self._is_member, self._is_admin = can_write, is_member, is_admin
        self._writable: bool | None = None
        self._admin: dict[int, bool] = {}

    async def ack(self, key: str) -> None:
        self.acked = True
        await self._ack(key)

    @property
    def id(self) -> int:
        return self.person.id

    @property
    def entropy(self) -> str:
        """The press's id as a fair lobby records it ('tg:…', 'page:…'), or '' without one."""
        return f"{'tg' if self.door == Door.TELEGRAM else 'page'}:{self.press_id}" \
            if self.press_id else ""

    @property
    def hand_on_page(self) -> bool:
        return self.door == Door.PAGE

    async def can_write(self) -> bool:
        """Whether the bot may write to the presser in private (they started it)."""
        if self._writable is None:
            self._writable = await self._can_write()
        return self._writable

    async def in_chat(self, chat_id: int) -> bool:
        """Pressed in that chat, or a member of it."""
        return chat_id == self.chat_id or await self._is_member(chat_id)

    async def is_admin(self, chat_id: int) -> bool:
        if chat_id not in self._admin:
            self._admin[chat_id] = await self._is_admin(chat_id)
        return self._admin[chat_id]


@dataclass
class Reply:
    """What a press gave: a table that changed (published by the entrance, every door alike),
    a tournament that moved, words for the presser (``alert``: a refusal, whose key is
    ``refused``, or a short answer such as the hand), or a ``screen`` for the presser alone
    (a sheet, a hint, a review, a replay's step), which Telegram sends to their private chat
    (``start``: the /start payload that asks for it again, for someone the bot may not write to
    yet; ``sent``: the toast once it is on its way; ``in_place``: it replaces the message
    pressed, in that chat) and the page shows."""

    outcome: Outcome | None = None
    menu: bool = False  # the lobby drawn with its one-computer menu open
    step: Step | None = None
    alert: str | None = None
    refused: str | None = None
    screen: Screen | None = None
    start: str = ""
    sent: str = ""
    in_place: bool = False
