"""The people and chats the bot knows: their records, and the languages it speaks to them in."""

from __future__ import annotations

from typing import Any

from telegram import User

from storage import ChatRecord, Store, UserRecord

from .. import i18n
from ..play.records import Person
from ..settings import Settings

ALERT_LIMIT = 200


class People:
    """Users' and chats' records, with their languages cached (a hand is drawn in its reader's
    language at every move, often because of someone else's)."""

    def __init__(self, settings: Settings, store: Store) -> None:
        self.settings = settings
        self.store = store
        self._user_langs: dict[int, str | None] = {}
        self._client_langs: dict[int, str | None] = {}
        self._chat_langs: dict[int, str | None] = {}

    async def touch(self, user: User, private: bool = False) -> UserRecord:
        """The user's record, created or refreshed; ``private``: they wrote to the bot directly."""
        record = await self.store.users.get(user.id)
        name = user.full_name[:32]
        client = user.language_code or (record.client_lang if record else None)
        if (record is None or record.name != name or (private and not record.can_dm)
                or record.client_lang != client):
            record = (record or UserRecord(id=user.id)).model_copy(update={
                "name": name, "can_dm": bool(private or (record and record.can_dm)),
                "client_lang": client})
            await self.store.users.put(record)
        self._user_langs[user.id] = record.lang
        self._client_langs[user.id] = client
        return record

    async def set_can_dm(self, user: User, can_dm: bool) -> None:
        """Whether we may write to them: they blocked the bot, or started it again."""
        record = await self.touch(user)
        await self.store.users.put(record.model_copy(update={"can_dm": can_dm}))

    async def user_lang(self, user: User | int) -> str:
        """/lang's choice, else the language of the user's Telegram app (as last seen: a hand
        is often drawn because of someone else's move), else the default."""
        user_id = user if isinstance(user, int) else user.id
        if isinstance(user, User) and user.language_code:
            self._client_langs[user_id] = user.language_code
        if user_id not in self._user_langs:
            record = await self.store.users.get(user_id)
            self._user_langs[user_id] = record.lang if record else None
            self._client_langs.setdefault(user_id, record.client_lang if record else None)
        return i18n.pick(self._user_langs[user_id], self._client_langs.get(user_id),
                         default=self.settings.default_language)

    async def chat_lang(self, chat_id: int) -> str:
        if chat_id not in self._chat_langs:
            record = await self.store.chats.get(chat_id)
            self._chat_langs[chat_id] = record.lang if record else None
        return i18n.pick(self._chat_langs[chat_id], default=self.settings.default_language)

    async def set_user_lang(self, user: User, lang: str) -> None:
        record = await self.touch(user)
        await self.store.users.put(record.model_copy(update={"lang": lang}))
        self._user_langs[user.id] = lang

    async def set_chat_lang(self, chat_id: int, lang: str) -> None:
        record = await self.store.chats.get(chat_id) or ChatRecord(
            id=chat_id, turn_seconds=self.settings.turn_seconds)
        await self.store.chats.put(record.model_copy(update={"lang": lang}))
        self._chat_langs[chat_id] = lang

    async def set_turn_seconds(self, chat_id: int, seconds: int) -> None:
        record = await self.store.chats.get(chat_id) or ChatRecord(id=chat_id)
        await self.store.chats.put(record.model_copy(update={"turn_seconds": seconds}))

    async def alert(self, user: User, key: str, **args: Any) -> str:
        return self.refusal(await self.user_lang(user), key, **args)

    @staticmethod
    def refusal(lang: str, key: str, **args: Any) -> str:
        """A refusal's words (``TableError``'s key and arguments), short enough for an alert."""
        if key.startswith("illegal-"):  # a reason the engine gave: the game's own text first
            key = i18n.illegal_key(str(args.pop("game", "")), key.removeprefix("illegal-"))
        return i18n.t(lang, key, **args)[:ALERT_LIMIT]

    def hand_in_group(self, record: UserRecord | None) -> bool:
        """Whether this person's hand is an ephemeral message in the group: ephemeral hands on,
        and they chose the group (on a hand, or in /settings), or cannot be written to in
        private (never opened the bot, or blocked it). Else their private chat."""
        if not self.settings.ephemeral_hands:
            return False
        return record is None or not record.can_dm or record.hand_place == "group"

    async def place_of(self, user_id: int) -> bool:
        """``hand_in_group`` of the person as stored."""
        return self.hand_in_group(await self.store.users.get(user_id))

    async def unasked(self, user_id: int) -> bool:
        """Ephemeral hands on, and the person has not said where they want their hand."""
        record = await self.store.users.get(user_id)
        return self.settings.ephemeral_hands and (record is None or record.hand_place is None)

    async def set_hand_place(self, user_id: int, in_group: bool) -> None:
        record = await self.store.users.get(user_id) or UserRecord(id=user_id)
        await self.store.users.put(record.model_copy(
            update={"hand_place": "group" if in_group else "private"}))

    @staticmethod
    def person(user: User) -> Person:
        return Person(user.id, user.full_name[:32], user.username or "")
