"""The Bot API methods the fake implements, with the real server's validation.

Each method takes the parameters already converted by `params.read_params`
and returns the `result` value, or raises ApiError. Wording of the errors a
bot is likely to meet is Telegram's; see README.md for the approximate ones.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from .commands import CommandMethods
from .ephemeral import EphemeralStore
from .ephemeral_methods import QUERY_INVALID, EphemeralMethods
from .html import HtmlError, parse_html, utf16_len
from .limits import FloodLimiter
from .markup import HTTP_URL, reply_markup
from .params import ApiError, P, bad_request, forbidden
from .updates import UpdateMethods
from .world import (
    ADMINISTRATOR,
    CREATOR,
    KICKED,
    LEFT,
    MEMBER,
    PRIVATE,
    RESTRICTED,
    SUPERGROUP,
    CallbackAnswer,
    Chat,
    Message,
    World,
    now,
)

MAX_TEXT = 4096  # Unicode code points, after entity parsing
MAX_CAPTION = 1024  # a photo's caption, after entity parsing
MAX_PHOTO_BYTES = 10 * 1024 * 1024  # sendPhoto: at most 10 MB,
MAX_PHOTO_SIDES = 10_000  # width + height at most 10000,
MAX_PHOTO_RATIO = 20  # and the longer side at most 20 times the shorter
MAX_CALLBACK_ANSWER = 200
_CHAT_ACTIONS = frozenset(
    {
        "typing",
        "upload_photo",
        "record_video",
        "upload_video",
        "record_voice",
        "upload_voice",
        "upload_document",
        "choose_sticker",
        "find_location",
        "record_video_note",
        "upload_video_note",
    }
)
Handler = Callable[[dict[str, Any]], Awaitable[Any]]


@dataclass(frozen=True)
class Method:
    name: str  # canonical spelling, e.g. "sendMessage"
    schema: dict[str, P]
    handler: Handler


# Parameters shared by the message-sending methods that the fake accepts but ignores.
_SEND_EXTRAS = {
    "business_connection_id": P("str"),
    "disable_notification": P("bool"),
    "protect_content": P("bool"),
    "allow_paid_broadcast": P("bool"),
    "message_effect_id": P("str"),
    "link_preview_options": P("object"),
    "disable_web_page_preview": P("bool"),
    "direct_messages_topic_id": P("int"),
    "suggested_post_parameters": P("object"),
}
_EDIT_TARGET = {
    "chat_id": P("chat_id"),
    "message_id": P("int"),
    "inline_message_id": P("str"),
    "business_connection_id": P("str"),
}


class BotApiMethods:
    def __init__(
        self,
        world: World,
        limiter: FloodLimiter | None,
        *,
        callback_query_ttl: float,
        clock: Callable[[], float] = time.monotonic,
        webhook_local: bool = True,
        ephemeral: EphemeralStore | None = None,
    ):
        self.world = world
        self.limiter = limiter
        self.webhook_local = webhook_local
        self.callback_query_ttl = callback_query_ttl
        self.clock = clock
        self._file_ids = 0  # photos sent (their file_ids)
        self.methods: dict[str, Method] = {}
        self.updates = UpdateMethods(world, webhook_local=webhook_local)
        self.commands = CommandMethods(self)
        self.ephemeral = EphemeralMethods(
            self, ephemeral or EphemeralStore(clock=clock),
            callback_query_ttl=callback_query_ttl, clock=clock)
        self._register_all()
        self.ephemeral.register(self._register)

    def lookup(self, name: str) -> Method | None:
        """Method names are case-insensitive in the Bot API."""
        return self.methods.get(name.lower())

    def _register(self, name: str, schema: dict[str, P], handler: Handler) -> None:
        self.methods[name.lower()] = Method(name, schema, handler)

    def _register_all(self) -> None:
        r = self._register
        r("getMe", {}, self.get_me)
        self.updates.register(r)
        self.commands.register(r)
        r(
            "sendMessage",
            {
                "chat_id": P("chat_id", True),
                "text": P("str", True),
                "parse_mode": P("str"),
                "entities": P("array"),
                "reply_markup": P("object"),
                "message_thread_id": P("int"),
                "reply_parameters": P("object"),
                "reply_to_message_id": P("int"),
                "allow_sending_without_reply": P("bool"),
                "ephemeral_message_parameters": P("object"),
                "receiver_user_id": P("int"),  # Bot API 10.2's, replaced in 10.3
                "callback_query_id": P("str"),  # likewise
                **_SEND_EXTRAS,
            },
            self.send_message,
        )
        r(
            "sendPhoto",
            {
                "chat_id": P("chat_id", True),
                "photo": P("input_file", True),
                "caption": P("str"),
                "parse_mode": P("str"),
                "caption_entities": P("array"),
                "show_caption_above_media": P("bool"),
                "has_spoiler": P("bool"),
                "reply_markup": P("object"),
                "message_thread_id": P("int"),
                "reply_parameters": P("object"),
                "reply_to_message_id": P("int"),
                "allow_sending_without_reply": P("bool"),
                "ephemeral_message_parameters": P("object"),
                **_SEND_EXTRAS,
            },
            self.send_photo,
        )
        r(
            "editMessageText",
            {
                **_EDIT_TARGET,
                "text": P("str", True),
                "parse_mode": P("str"),
                "entities": P("array"),
                "reply_markup": P("object"),
                "link_preview_options": P("object"),
            },
            self.edit_message_text,
        )
        r(
            "editMessageReplyMarkup",
            {**_EDIT_TARGET, "reply_markup": P("object")},
            self.edit_message_reply_markup,
        )
        r(
            "deleteMessage",
            {"chat_id": P("chat_id", True), "message_id": P("int", True)},
            self.delete_message,
        )
        r(
            "deleteMessages",
            {"chat_id": P("chat_id", True), "message_ids": P("array", True)},
            self.delete_messages,
        )
        r(
            "answerCallbackQuery",
            {
                "callback_query_id": P("str", True),
                "text": P("str"),
                "show_alert": P("bool"),
                "url": P("str"),
                "cache_time": P("int"),
            },
            self.answer_callback_query,
        )
        r("getChat", {"chat_id": P("chat_id", True)}, self.get_chat)
        r(
            "getChatMember",
            {"chat_id": P("chat_id", True), "user_id": P("int", True)},
            self.get_chat_member,
        )
        r("getChatAdministrators", {"chat_id": P("chat_id", True)}, self.get_chat_administrators)
        r("getChatMemberCount", {"chat_id": P("chat_id", True)}, self.get_chat_member_count)
        r(
            "sendChatAction",
            {
                "chat_id": P("chat_id", True),
                "action": P("str", True),
                "message_thread_id": P("int"),
                "business_connection_id": P("str"),
            },
            self.send_chat_action,
        )

    # ------------------------------------------------------------------ chats

    def find_chat(self, chat_id: int | str) -> Chat:
        """A chat the bot can see, or 400 chat not found."""
        if isinstance(chat_id, str):
            name = chat_id[1:].lower()
            for chat in self.world.chats.values():
                if chat.username and chat.username.lower() == name:
                    return chat
            raise bad_request("chat not found")
        chat = self.world.chats.get(chat_id)
        if chat is None:
            raise bad_request("chat not found")
        return chat

    def writable_chat(self, chat_id: int | str) -> Chat:
        """A chat the bot may send to or edit in: 403 for users who never started
        the bot or blocked it, and for groups the bot was removed from."""
        if (
            isinstance(chat_id, int)
            and chat_id not in self.world.chats
            and chat_id in self.world.users
        ):
            raise forbidden("bot can't initiate conversation with a user")
        chat = self.find_chat(chat_id)
        if chat.type == PRIVATE:
            user = self.world.users[chat.id]
            if user.blocked:
                raise forbidden("bot was blocked by the user")
            if not user.started:
                raise forbidden("bot can't initiate conversation with a user")
        elif chat.bot_status in (KICKED, LEFT):
            kind = "supergroup chat" if chat.type == SUPERGROUP else "group chat"
            if chat.bot_status == KICKED:
                raise forbidden(f"bot was kicked from the {kind}")
            raise forbidden(f"bot is not a member of the {kind}")
        return chat

    @staticmethod
    def _may_send(chat: Chat, what: str) -> None:
        """A bot restricted in a group (can_send_messages false) may not send there."""
        if chat.bot_status == RESTRICTED:
            raise bad_request(f"not enough rights to send {what} to the chat")

    def check_flood(self, method: str, chat: Chat, *, receiver_id: int | None = None) -> None:
        """Count a send or edit (an ephemeral one to receiver_id) in the flood limits: 429 when
        over (limits.py)."""
        if self.limiter is None:
            return
        refused = self.limiter.acquire(chat.id, chat.is_group, method=method,
                                       receiver_id=receiver_id)
        if refused is None:
            return
        _limit, retry_after = refused
        raise ApiError(
            429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after}
        )

    # ------------------------------------------------------------------ text

    def formatted_text(self, p: dict[str, Any]) -> tuple[str, list[dict]]:
        """(plain text, entities) from text + parse_mode/entities, validated."""
        source = p.get("text", "")
        if "entities" in p:
            text, entities = source, self._checked_entities(p["entities"], source)
        else:
            text, entities = self._parse(source, p.get("parse_mode"))
        text, entities = _strip(text, entities)
        if not text:
            raise bad_request("message text is empty")
        if len(text) > MAX_TEXT:
            raise bad_request("message is too long")
        return text, entities

    @staticmethod
    def _parse(source: str, parse_mode: str | None) -> tuple[str, list[dict]]:
        if not parse_mode:
            return source, []
        if parse_mode.lower() == "html":
            try:
                return parse_html(source)
            except HtmlError as error:
                raise bad_request(f"can't parse entities: {error}") from None
        if parse_mode.lower() in ("markdown", "markdownv2"):
            # Deliberately loud: a silently-lenient Markdown parser would hide real 400s.
            raise bad_request(
                f"FakeBotApi does not implement parse_mode {parse_mode}; use HTML or entities"
            )
        raise bad_request("unsupported parse_mode")

    @staticmethod
    def _checked_entities(entities: list, text: str) -> list[dict]:
        size = utf16_len(text)
        for entity in entities:
            if not isinstance(entity, dict) or not isinstance(entity.get("type"), str):
                raise bad_request("can't parse MessageEntity: Can't find field \"type\"")
            offset, length = entity.get("offset"), entity.get("length")
            if not isinstance(offset, int) or not isinstance(length, int):
                raise bad_request(
                    'can\'t parse MessageEntity: Field "offset" must be of type Number'
                )
            if offset < 0 or length < 0 or offset + length > size:
                raise bad_request("can't parse entities: entity is out of the text bounds")
        return sorted(entities, key=lambda e: (e["offset"], -e["length"]))

    # ------------------------------------------------------------------ methods

    async def get_me(self, p: dict[str, Any]) -> dict:
        return {
            **self.world.bot.to_api(),
            "can_join_groups": True,
            "can_read_all_group_messages": not self.world.privacy_mode,
            "supports_inline_queries": False,
            "can_connect_to_business": False,
            "has_main_web_app": False,
        }

    async def send_message(self, p: dict[str, Any]) -> dict:
        if "receiver_user_id" in p or "callback_query_id" in p:
            # Bot API 10.3 replaced these with ephemeral_message_parameters; a server that
            # ignored them would post the message to the whole group, so the fake refuses loudly.
            raise bad_request("FakeBotApi implements Bot API 10.3: pass receiver_user_id and "
                              "callback_query_id in ephemeral_message_parameters")
        if "ephemeral_message_parameters" in p:
            return await self.ephemeral.send(p)
        chat = self.writable_chat(p["chat_id"])
        self._may_send(chat, "text messages")
        text, entities = self.formatted_text(p)
        markup = reply_markup(p)
        thread_id = self.thread_id(chat, p.get("message_thread_id"))
        reply_to = self.reply_target(chat, p)
        self.check_flood("sendMessage", chat)
        msg = Message(
            chat_id=chat.id,
            message_id=chat.allocate_message_id(),
            date=now(),
            text=text,
            entities=entities,
            from_bot=True,
            from_user_id=self.world.bot.id,
            sent_text=p["text"],
            parse_mode=p.get("parse_mode"),
            reply_markup=markup,
            message_thread_id=thread_id,
            reply_to_message_id=reply_to,
        )
        chat.messages[msg.message_id] = msg
        self.world.changed()
        return self.world.message_to_api(msg)

    async def send_photo(self, p: dict[str, Any]) -> dict:
        """sendPhoto: the photo uploaded as multipart/form-data (the part named ``photo``, or
        ``attach://<part>``) or the file_id of a photo this server sent; an HTTP URL is
        refused (the fake fetches nothing). PNG or JPEG, within the documented size limits."""
        if "ephemeral_message_parameters" in p:
            raise bad_request("FakeBotApi implements ephemeral messages in sendMessage only")
        chat = self.writable_chat(p["chat_id"])
        self._may_send(chat, "photos")
        data, size = self._photo(p["photo"], p.get("_files", {}))
        caption, entities = self._caption(p)
        markup = reply_markup(p)
        thread_id = self.thread_id(chat, p.get("message_thread_id"))
        reply_to = self.reply_target(chat, p)
        self.check_flood("sendPhoto", chat)
        self._file_ids += 1
        msg = Message(
            chat_id=chat.id,
            message_id=chat.allocate_message_id(),
            date=now(),
            text=caption,
            entities=entities,
            from_bot=True,
            from_user_id=self.world.bot.id,
            sent_text=p.get("caption", ""),
            parse_mode=p.get("parse_mode"),
            reply_markup=markup,
            message_thread_id=thread_id,
            reply_to_message_id=reply_to,
            photo=data,
            photo_file_id=f"AgACfake{self._file_ids}",
            photo_size=size,
        )
        chat.messages[msg.message_id] = msg
        self.world.changed()
        return self.world.message_to_api(msg)

    def _photo(self, photo: Any, files: dict[str, Any]) -> tuple[bytes, tuple[int, int]]:
        if isinstance(photo, str):
            if photo.startswith("attach://"):
                photo = files.get(photo.removeprefix("attach://"))
                if photo is None:
                    raise bad_request("there is no photo in the request")
            elif HTTP_URL.match(photo):
                raise bad_request("FakeBotApi does not fetch URLs; upload the photo")
            else:
                known = [m for c in self.world.chats.values() for m in c.messages.values()
                         if m.photo_file_id == photo and m.photo is not None]
                if not known:
                    raise bad_request("wrong file identifier/HTTP URL specified")
                return known[0].photo or b"", known[0].photo_size
        data: bytes = photo.data
        if not data:
            raise bad_request("file must be non-empty")
        if len(data) > MAX_PHOTO_BYTES:
            raise bad_request("file is too big")
        size = _image_size(data)
        if size is None:
            raise bad_request("IMAGE_PROCESS_FAILED")
        width, height = size
        if (width + height > MAX_PHOTO_SIDES or min(size) == 0
                or max(size) > MAX_PHOTO_RATIO * min(size)):
            raise bad_request("PHOTO_INVALID_DIMENSIONS")
        return data, size

    def _caption(self, p: dict[str, Any]) -> tuple[str, list[dict]]:
        source = p.get("caption", "")
        if "caption_entities" in p:
            text, entities = source, self._checked_entities(p["caption_entities"], source)
        else:
            text, entities = self._parse(source, p.get("parse_mode"))
        text, entities = _strip(text, entities)
        if len(text) > MAX_CAPTION:
            raise bad_request("message caption is too long")
        return text, entities

    def thread_id(self, chat: Chat, thread_id: int | None) -> int | None:
        if thread_id is None:
            return None
        if chat.is_forum and thread_id in chat.topics:
            return thread_id
        if not chat.is_forum and chat.is_group and thread_id in chat.messages:
            return thread_id  # a reply thread in a plain supergroup
        raise bad_request("message thread not found")

    def reply_target(self, chat: Chat, p: dict[str, Any]) -> int | None:
        reply = p.get("reply_parameters") or {}
        if reply.get("ephemeral_message_id") is not None:
            # ReplyParameters.ephemeral_message_id (Bot API 10.2): "A reply to an ephemeral
            # message must itself be an ephemeral message"; the wording is the fake's.
            raise bad_request("a reply to an ephemeral message must itself be an ephemeral "
                              "message")
        message_id = reply.get("message_id", p.get("reply_to_message_id"))
        if message_id is None:
            return None
        if not isinstance(message_id, int):
            raise bad_request('parameter "message_id" must be of type Integer')
        if reply.get("chat_id") not in (None, chat.id):
            raise bad_request("FakeBotApi does not support replies to other chats")
        if message_id in chat.messages:
            return message_id
        if reply.get("allow_sending_without_reply", p.get("allow_sending_without_reply")):
            return None
        raise bad_request("message to be replied not found")

    def _editable(self, p: dict[str, Any]) -> tuple[Chat, Message]:
        if "inline_message_id" in p:
            raise bad_request("FakeBotApi does not support inline messages")
        if "chat_id" not in p:
            raise bad_request("chat_id is empty")
        if "message_id" not in p:
            raise bad_request("message identifier is not specified")
        chat = self.writable_chat(p["chat_id"])
        msg = chat.messages.get(p["message_id"])
        if msg is None:
            raise bad_request("message to edit not found")
        if not msg.from_bot:
            raise bad_request("message can't be edited")
        return chat, msg

    async def edit_message_text(self, p: dict[str, Any]) -> dict:
        chat, msg = self._editable(p)
        if msg.photo is not None:
            raise bad_request("there is no text in the message to edit")
        text, entities = self.formatted_text(p)
        # Like Telegram: an edit without reply_markup removes the keyboard.
        markup = reply_markup(p, inline_only=True)
        self._apply_edit("editMessageText", chat, msg, text, entities, markup)
        msg.sent_text, msg.parse_mode = p["text"], p.get("parse_mode")
        return self.world.message_to_api(msg)

    async def edit_message_reply_markup(self, p: dict[str, Any]) -> dict:
        chat, msg = self._editable(p)
        markup = reply_markup(p, inline_only=True)
        self._apply_edit("editMessageReplyMarkup", chat, msg, msg.text, msg.entities, markup)
        return self.world.message_to_api(msg)

    def _apply_edit(
        self,
        method: str,
        chat: Chat,
        msg: Message,
        text: str,
        entities: list[dict],
        markup: dict | None,
    ) -> None:
        if (text, entities, markup) == (msg.text, msg.entities, msg.reply_markup):
            raise bad_request(
                "message is not modified: specified new message content and reply markup are "
                "exactly the same as a current content and reply markup of the message"
            )
        self.check_flood(method, chat)
        msg.history.append((msg.text, msg.entities, msg.reply_markup))
        msg.text, msg.entities, msg.reply_markup = text, entities, markup
        msg.edit_count += 1
        msg.edit_date = now()
        self.world.changed()

    async def delete_message(self, p: dict[str, Any]) -> bool:
        chat = self.find_chat(p["chat_id"])
        msg = chat.messages.get(p["message_id"])
        if msg is None:
            raise bad_request("message to delete not found")
        if not self._may_delete(chat, msg):
            raise bad_request("message can't be deleted")
        chat.deleted[msg.message_id] = chat.messages.pop(msg.message_id)
        self.world.changed()
        return True

    async def delete_messages(self, p: dict[str, Any]) -> bool:
        chat = self.find_chat(p["chat_id"])
        ids = p["message_ids"]
        if not 1 <= len(ids) <= 100 or not all(isinstance(i, int) for i in ids):
            raise bad_request("message_ids must be 1-100 message identifiers")
        for message_id in ids:  # "messages that can't be found are skipped"
            msg = chat.messages.get(message_id)
            if msg is not None and self._may_delete(chat, msg):
                chat.deleted[message_id] = chat.messages.pop(message_id)
        self.world.changed()
        return True

    @staticmethod
    def _may_delete(chat: Chat, msg: Message) -> bool:
        """Own messages and incoming private ones; others in groups need admin rights."""
        return msg.from_bot or chat.type == PRIVATE or chat.bot_status == ADMINISTRATOR

    async def answer_callback_query(self, p: dict[str, Any]) -> bool:
        text = p.get("text")
        if text is not None and len(text) > MAX_CALLBACK_ANSWER:
            raise bad_request("MESSAGE_TOO_LONG")
        query = self.world.callback_queries.get(p["callback_query_id"])
        too_old = query is not None and self.clock() - query.created_at > self.callback_query_ttl
        if query is None or query.answer is not None or too_old:
            raise bad_request(QUERY_INVALID)
        url = p.get("url")
        if url is not None and not url.startswith(("https://t.me/", "t.me/")):
            raise bad_request("URL_INVALID")  # only game and t.me/bot?start= links are allowed
        query.answer = CallbackAnswer(
            text=text or None,
            show_alert=p.get("show_alert", False),
            url=url,
            cache_time=p.get("cache_time", 0),
        )
        self.world.changed()
        return True

    async def get_chat(self, p: dict[str, Any]) -> dict:
        chat = self.find_chat(p["chat_id"])
        return {
            **self.world.chat_to_api(chat),
            "accent_color_id": 0,
            "max_reaction_count": 11,
            "accepted_gift_types": {
                "unlimited_gifts": False,
                "limited_gifts": False,
                "unique_gifts": False,
                "premium_subscription": False,
                "gifts_from_channels": False,
            },
        }

    async def get_chat_member(self, p: dict[str, Any]) -> dict:
        chat = self.find_chat(p["chat_id"])
        user_id = p["user_id"]
        if user_id != self.world.bot.id and user_id not in self.world.users:
            raise bad_request("user not found")
        return self.member_to_api(chat, user_id)

    async def get_chat_administrators(self, p: dict[str, Any]) -> list[dict]:
        chat = self.find_chat(p["chat_id"])
        if chat.type == PRIVATE:
            raise bad_request("there are no administrators in the private chat")
        ids = [uid for uid, status in chat.members.items() if status in (CREATOR, ADMINISTRATOR)]
        if chat.bot_status == ADMINISTRATOR:
            ids.append(self.world.bot.id)
        return [self.member_to_api(chat, uid) for uid in ids]

    async def get_chat_member_count(self, p: dict[str, Any]) -> int:
        chat = self.find_chat(p["chat_id"])
        if chat.type == PRIVATE:
            return 2
        present = (CREATOR, ADMINISTRATOR, MEMBER, RESTRICTED)
        humans = sum(1 for status in chat.members.values() if status in present)
        return humans + (chat.bot_status in present)

    def member_status(self, chat: Chat, user_id: int) -> str:
        if user_id == self.world.bot.id:
            return MEMBER if chat.type == PRIVATE else chat.bot_status
        if chat.type == PRIVATE:
            return MEMBER if user_id == chat.id else LEFT
        return chat.members.get(user_id, LEFT)

    def member_to_api(self, chat: Chat, user_id: int) -> dict:
        user = self.world.bot if user_id == self.world.bot.id else self.world.users[user_id]
        status = self.member_status(chat, user_id)
        data: dict[str, Any] = {"status": status, "user": user.to_api()}
        if status == CREATOR:
            data["is_anonymous"] = False
        elif status == ADMINISTRATOR:
            data.update(ADMIN_RIGHTS, can_manage_topics=chat.is_forum)
        elif status == KICKED:
            data["until_date"] = 0
        elif status == RESTRICTED:
            data.update(RESTRICTED_RIGHTS)
        return data

    async def send_chat_action(self, p: dict[str, Any]) -> bool:
        chat = self.writable_chat(p["chat_id"])
        if p["action"] not in _CHAT_ACTIONS:
            raise bad_request("wrong parameter action in request")
        self.thread_id(chat, p.get("message_thread_id"))
        chat.chat_actions.append(p["action"])
        self.world.changed()
        return True


ADMIN_RIGHTS = {
    "can_be_edited": False,
    "is_anonymous": False,
    "can_manage_chat": True,
    "can_delete_messages": True,
    "can_manage_video_chats": True,
    "can_restrict_members": True,
    "can_promote_members": False,
    "can_change_info": True,
    "can_invite_users": True,
    "can_post_stories": False,
    "can_edit_stories": False,
    "can_delete_stories": False,
    "can_pin_messages": True,
}


# ChatMemberRestricted of a member who may not send anything (the fake's "restricted" bot).
RESTRICTED_RIGHTS: dict[str, Any] = {
    "is_member": True,
    "until_date": 0,
    **{right: False for right in (
        "can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos",
        "can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls",
        "can_send_other_messages", "can_add_web_page_previews", "can_change_info",
        "can_invite_users", "can_pin_messages", "can_manage_topics", "can_edit_tag")},
}


def _strip(text: str, entities: list[dict]) -> tuple[str, list[dict]]:
    """Telegram trims leading and trailing whitespace; entities are moved and clipped."""
    stripped = text.strip()
    if stripped == text:
        return text, entities
    shift = utf16_len(text[: len(text) - len(text.lstrip())])
    size = utf16_len(stripped)
    kept = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        end = min(entity["offset"] + entity["length"] - shift, size)
        if end > start:
            kept.append({**entity, "offset": start, "length": end - start})
    return stripped, kept


def _image_size(data: bytes) -> tuple[int, int] | None:
    """(width, height) of a PNG (its IHDR chunk) or a baseline/progressive JPEG (its SOF
    segment); None for anything else."""
    if data.startswith(b"\x89PNG\r\n\x1a\n") and data[12:16] == b"IHDR" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data.startswith(b"\xff\xd8"):
        at = 2
        while at + 9 < len(data) and data[at] == 0xFF:
            marker, length = data[at + 1], int.from_bytes(data[at + 2:at + 4], "big")
            if marker in (0xC0, 0xC1, 0xC2):
                return (int.from_bytes(data[at + 7:at + 9], "big"),
                        int.from_bytes(data[at + 5:at + 7], "big"))
            at += 2 + length
    return None
