"""An in-process Bot API: a ``BaseRequest`` that records every call and answers as Telegram
documents it (per-chat message ids, 403 for users who never started the bot, 400 for "message is
not modified", over-long texts and callback data), plus a harness that feeds ``Update`` objects
for scripted players and reads what each chat sees."""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass, field
from typing import Any

from telegram import Update
from telegram.request import BaseRequest, RequestData

from bot.runtime import Runtime
from bot.settings import Settings
from bot.tg.app import App, build_app
from storage import Store

from .fake_ephemeral import EphemeralFake

BOT_ID = 5000
BOT_USERNAME = "seghan_test_bot"
TOKEN = "123456:" + "A" * 35
GROUP = -1001


class ApiError(Exception):
    def __init__(self, status: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.status, self.description, self.retry_after = status, description, retry_after


@dataclass
class Sent:
    chat_id: int
    message_id: int
    text: str
    markup: dict[str, Any] | None
    edits: int = 0
    thread: int = 0
    photo: bytes | None = None  # sendPhoto's image (``text`` is then its caption)

    def buttons(self) -> list[dict[str, Any]]:
        return [b for row in (self.markup or {}).get("inline_keyboard", []) for b in row]

    def button(self, starts: str) -> dict[str, Any]:
        found = [b for b in self.buttons() if b["text"].startswith(starts)]
        assert found, f"no button {starts!r} in {[b['text'] for b in self.buttons()]}"
        return found[0]


@dataclass
class FakeTelegram(EphemeralFake, BaseRequest):
    started: set[int] = field(default_factory=set)  # users who pressed Start in private
    calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    messages: dict[tuple[int, int], Sent] = field(default_factory=dict)
    answers: list[dict[str, Any]] = field(default_factory=list)
    fail: list[tuple[str, Exception]] = field(default_factory=list)  # once: (method[:chat], error)
    admins: set[int] = field(default_factory=set)
    left: set[int] = field(default_factory=set)  # users not in the groups (getChatMember: left)
    restricted: set[int] = field(default_factory=set)  # members who may not write, say
    by_chat: dict[int, dict[int, Sent]] = field(default_factory=dict)  # the same Sent objects
    files: dict[str, bytes] = field(default_factory=dict)  # file_id -> the photo sent
    ephemeral: dict[tuple[int, int, int], Sent] = field(default_factory=dict)  # fake_ephemeral
    _ids: dict[int, itertools.count[int]] = field(default_factory=dict)

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        return None

    @property
    def read_timeout(self) -> float:
        return 5.0

    async def do_request(self, url: str, method: str, request_data: RequestData | None = None,
                         *args: Any, **kwargs: Any) -> tuple[int, bytes]:
        name = url.rsplit("/", 1)[-1]
        params = dict(request_data.parameters) if request_data else {}
        if request_data is not None and request_data.contains_files:
            params["_files"] = {k: v[1] for k, v in request_data.multipart_data.items()}
        self.calls.append((name, params))
        try:
            for index, (failing, error) in enumerate(self.fail):
                if failing in (name, f"{name}:{params.get('chat_id')}"):
                    del self.fail[index]
                    raise error
            result = getattr(self, "api_" + name)(params)
        except ApiError as error:
            body: dict[str, Any] = {"ok": False, "error_code": error.status,
                                    "description": error.description}
            if error.retry_after is not None:
                body["parameters"] = {"retry_after": error.retry_after}
            return error.status, json.dumps(body).encode()
        return 200, json.dumps({"ok": True, "result": result}).encode()

    # ----- Bot API methods

    def api_getMe(self, params: dict[str, Any]) -> dict[str, Any]:
        return {"id": BOT_ID, "is_bot": True, "first_name": "Runtime", "username": BOT_USERNAME,
                "can_join_groups": True, "can_read_all_group_messages": False,
                "supports_inline_queries": False}

    def api_setMyCommands(self, params: dict[str, Any]) -> bool:
        return True

    def api_getChatMember(self, params: dict[str, Any]) -> dict[str, Any]:
        user = int(params["user_id"])
        status = "administrator" if user in self.admins else "left" if user in self.left \
            else "restricted" if user in self.restricted else "member"
        member: dict[str, Any] = {"status": status, "user": _user(user)}
        if status == "restricted":  # still a member: Telegram's ChatMemberRestricted.is_member
            member |= {"is_member": True, "until_date": 0} | {k: False for k in (
                "can_send_messages", "can_send_audios", "can_send_documents", "can_send_photos",
                "can_send_videos", "can_send_video_notes", "can_send_voice_notes", "can_send_polls",
                "can_send_other_messages", "can_add_web_page_previews", "can_change_info",
                "can_invite_users", "can_pin_messages", "can_manage_topics", "can_edit_tag", "can_react_to_messages")}
        if status == "administrator":
            member |= {k: True for k in (
                "can_be_edited", "is_anonymous", "can_manage_chat", "can_delete_messages",
                "can_manage_video_chats", "can_restrict_members", "can_promote_members",
                "can_change_info", "can_invite_users", "can_post_stories", "can_edit_stories",
                "can_delete_stories")}
        return member

    def api_sendMessage(self, params: dict[str, Any]) -> dict[str, Any]:
        if "ephemeral_message_parameters" in params:
            return self.send_ephemeral(params)
        chat = int(params["chat_id"])
        if chat > 0 and chat not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        self._check(params)
        message_id = next(self._ids.setdefault(chat, itertools.count(1)))
        sent = Sent(chat, message_id, params["text"], params.get("reply_markup"),
                    thread=int(params.get("message_thread_id", 0)))
        self.messages[(chat, message_id)] = self.by_chat.setdefault(chat, {})[message_id] = sent
        return self._message(chat, message_id, params["text"])

    def api_sendPhoto(self, params: dict[str, Any]) -> dict[str, Any]:
        """A photo uploaded in the request (multipart, the part named ``photo`` or
        ``attach://<part>``) or a file_id this fake gave out; caption at most 1024 characters."""
        chat = int(params["chat_id"])
        if chat > 0 and chat not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        files, photo = params.get("_files", {}), params.get("photo")
        if isinstance(photo, str) and photo.startswith("attach://"):
            photo = files.get(photo.removeprefix("attach://"))
        elif photo is None:
            photo = files.get("photo")
        elif isinstance(photo, str):
            photo = self.files.get(photo)
        if not isinstance(photo, bytes):
            raise ApiError(400, "Bad Request: there is no photo in the request")
        if not photo.startswith((b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff")):
            raise ApiError(400, "Bad Request: IMAGE_PROCESS_FAILED")
        caption = params.get("caption", "")
        if len(caption) > 1024:
            raise ApiError(400, "Bad Request: message caption is too long")
        message_id = next(self._ids.setdefault(chat, itertools.count(1)))
        sent = Sent(chat, message_id, caption, params.get("reply_markup"),
                    thread=int(params.get("message_thread_id", 0)), photo=photo)
        self.messages[(chat, message_id)] = self.by_chat.setdefault(chat, {})[message_id] = sent
        file_id = f"photo{len(self.files) + 1}"
        self.files[file_id] = photo
        result = self._message(chat, message_id, caption)
        del result["text"]
        result |= {"caption": caption, "photo": [{"file_id": file_id, "file_unique_id": file_id,
                                                  "width": 800, "height": 450}]}
        return result

    def api_editMessageText(self, params: dict[str, Any]) -> dict[str, Any]:
        chat, message_id = int(params["chat_id"]), int(params["message_id"])
        sent = self.messages.get((chat, message_id))
        if sent is None:
            raise ApiError(400, "Bad Request: message to edit not found")
        self._check(params)
        if sent.text == params["text"] and sent.markup == params.get("reply_markup"):
            raise ApiError(400, "Bad Request: message is not modified: specified new message "
                                "content and reply markup are exactly the same")
        sent.text, sent.markup = params["text"], params.get("reply_markup")
        sent.edits += 1
        return self._message(chat, message_id, sent.text)

    def api_answerCallbackQuery(self, params: dict[str, Any]) -> bool:
        if len(params.get("text", "")) > 200:
            raise ApiError(400, "Bad Request: MESSAGE_TOO_LONG")
        self.answers.append(params)
        return True

    def api_deleteMessage(self, params: dict[str, Any]) -> bool:
        chat, message_id = int(params["chat_id"]), int(params["message_id"])
        self.messages.pop((chat, message_id), None)
        self.by_chat.get(chat, {}).pop(message_id, None)
        return True

    # ----- reading what chats see

    def chat(self, chat_id: int) -> list[Sent]:
        messages = self.by_chat.get(chat_id, {})
        return [messages[i] for i in sorted(messages)]

    def count(self, *methods: str) -> int:
        return sum(1 for name, _ in self.calls if name in methods)

    def _check(self, params: dict[str, Any]) -> None:
        if not 1 <= len(params["text"]) <= 4096:
            raise ApiError(400, "Bad Request: message is too long")
        for row in (params.get("reply_markup") or {}).get("inline_keyboard", []):
            for button in row:
                if len(button.get("callback_data", "").encode()) > 64:
                    raise ApiError(400, "Bad Request: BUTTON_DATA_INVALID")

    def _message(self, chat: int, message_id: int, text: str) -> dict[str, Any]:
        kind = "supergroup" if chat < 0 else "private"
        return {"message_id": message_id, "date": int(time.time()), "text": text,
                "chat": {"id": chat, "type": kind, "title": "Group"} if chat < 0 else
                {"id": chat, "type": kind, "first_name": f"User{chat}"}}


def _user(user_id: int, lang: str = "hy") -> dict[str, Any]:
    return {"id": user_id, "is_bot": False, "first_name": f"User{user_id}", "language_code": lang,
            "username": f"user{user_id}"}


class Harness:
    """A running bot on a fake transport, and scripted users."""

    def __init__(self, store: Store, fake: FakeTelegram | None = None, turn_seconds: int = 60,
                 rate_limit: bool = False, **settings: Any) -> None:
        """``rate_limit``: PTB's AIORateLimiter as in production (benches), else none."""
        self.fake = fake or FakeTelegram()
        settings.setdefault("chat_messages_per_second", 10_000)  # no pacing unless a test asks
        settings.setdefault("group_messages_per_minute", 1_000_000)
        settings.setdefault("messages_per_second", 1_000_000)
        settings.setdefault("table_seed", 7)  # every table deals the same: a failure replays
        settings.setdefault("computer_seed", 7)  # and its computers choose the same
        # Hard's decisions wait for the workers (a busy machine may take seconds to start them)
        # rather than fall back to Normal: a test sees Hard's choices; tests of the fallback and
        # benches say otherwise
        settings.setdefault("computer_wait_seconds", 60)
        # and for the decision itself, which includes a worker's start when it is the first: a
        # fresh interpreter importing the engine, then a search at nice 10, took over the 5 s
        # default on a busy machine (test_fallback's Normal "over budget")
        settings.setdefault("computer_budget_seconds", 60)
        self.settings = Settings(telegram_bot_token=TOKEN, turn_seconds=turn_seconds, **settings)
        self.app: App = build_app(self.settings, store, request=self.fake, rate_limit=rate_limit)
        self._update_ids = itertools.count(1)
        self._tables: dict[int, int] = {}

    async def __aenter__(self) -> Harness:
        await self.app.initialize()
        assert self.app.post_init is not None
        await self.app.post_init(self.app)
        await self.app.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.idle()
        await self.app.stop()
        assert self.app.post_stop is not None
        await self.app.post_stop(self.app)
        await self.app.shutdown()
        assert self.app.post_shutdown is not None
        await self.app.post_shutdown(self.app)

    @property
    def runtime(self) -> Runtime:
        runtime = self.app.bot_data.runtime
        assert runtime is not None
        return runtime

    async def idle(self) -> None:
        await self.runtime.idle()

    async def feed(self, payload: dict[str, Any]) -> None:
        payload["update_id"] = next(self._update_ids)
        update = Update.de_json(payload, self.app.bot)
        await self.app.process_update(update)
        await self.idle()

    async def say(self, user: int, text: str, chat: int = GROUP, reply_to: int | None = None,
                  lang: str = "hy", thread: int | None = None) -> None:
        """``user`` writes ``text`` in ``chat`` (a command if it starts with /)."""
        message: dict[str, Any] = {
            "message_id": next(self._update_ids) + 10_000, "date": int(time.time()),
            "chat": {"id": chat, "type": "supergroup" if chat < 0 else "private",
                     "title": "Group"} if chat < 0 else
            {"id": chat, "type": "private", "first_name": f"User{chat}"},
            "from": _user(user, lang), "text": text}
        if text.startswith("/"):
            message["entities"] = [{"type": "bot_command", "offset": 0,
                                    "length": len(text.split()[0])}]
        if thread is not None:  # a forum topic
            message |= {"message_thread_id": thread, "is_topic_message": True}
            message["chat"]["is_forum"] = True
        if reply_to is not None:
            message["reply_to_message"] = {
                "message_id": 1, "date": int(time.time()), "chat": message["chat"],
                "from": _user(reply_to), "text": "hi"}
        await self.feed({"message": message})

    async def open_table(self, game: str, humans: list[int], computers: int,
                         level: str = "Միջին", options: tuple[str, ...] = ()) -> None:
        """``humans[0]`` opens a lobby of ``game``, the others join, the creator presses the
        lobby's ``options`` buttons (by their labels' start), computers of ``level`` fill the
        seats, and the creator starts."""
        for user in humans:
            await self.start_private(user)
        await self.say(humans[0], f"/new {game}")
        for user in humans[1:]:
            await self.press(user, self.table_message(), self.table_message().button("Միանալ")["callback_data"])
        for option in options:
            await self.press(humans[0], self.table_message(),
                             self.table_message().button(option)["callback_data"])
        await self.add_computers(humans[0], computers, level)
        await self.press(humans[0], self.table_message(), self.table_message().button("▶")["callback_data"])

    async def add_computers(self, user: int, computers: int, level: str = "Միջին") -> None:
        """``user`` seats ``computers`` computers of ``level`` as a player would: a fill button
        ("🤖×3 Միջին") while it adds no more than wanted, else one at a time ("🤖 +1", level)."""
        while computers > 0:
            lobby = self.table_message()
            fill = lobby.button("🤖×")
            count = int(fill["text"][2:].split()[0])
            if count <= computers:
                fill = next(b for b in lobby.buttons() if b["text"].startswith("🤖×")
                            and b["text"].endswith(level))
                answer = await self.press(user, lobby, fill["callback_data"])
            else:
                count = 1
                await self.press(user, lobby, lobby.button("🤖 +1")["callback_data"])
                answer = await self.press(user, self.table_message(),
                                          self.table_message().button(level)["callback_data"])
            assert not answer.get("show_alert"), answer
            computers -= count

    async def start_private(self, user: int, payload: str = "", lang: str = "hy") -> None:
        self.fake.started.add(user)
        await self.say(user, "/start" + (f" {payload}" if payload else ""), chat=user, lang=lang)

    async def press(self, user: int, message: Sent, data: str, lang: str = "hy") -> dict[str, Any]:
        """``user`` presses a button with ``data`` under ``message``; returns the answer."""
        before = len(self.fake.answers)
        chat = message.chat_id
        await self.feed({"callback_query": {
            "id": str(next(self._update_ids)), "from": _user(user, lang), "chat_instance": "c",
            "data": data, "message": {
                "message_id": message.message_id, "date": int(time.time()), "text": message.text,
                "chat": {"id": chat, "type": "supergroup" if chat < 0 else "private",
                         "title": "Group"} if chat < 0 else
                {"id": chat, "type": "private", "first_name": f"User{chat}"}}}})
        assert len(self.fake.answers) == before + 1, "every callback query is answered"
        return self.fake.answers[-1]

    def table_message(self, chat: int = GROUP) -> Sent:
        """The group's newest table's message (its lobby becomes its table); the renderer
        forgets a table's messages when it ends, so the last one seen is kept here."""
        ids = self.runtime.sender.message_ids(chat)
        if ids:
            self._tables[chat] = ids[-1]
        assert chat in self._tables, "the group has no table message"
        return self.fake.messages[(chat, self._tables[chat])]

    def hand(self, user: int) -> Sent:
        messages = self.fake.chat(user)
        hands = [m for m in messages if "🃏" in m.text]
        assert hands, f"user {user} has no hand message"
        return hands[-1]
