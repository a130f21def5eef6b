"""FakeBotApi: a strict, local fake of the Telegram Bot API for end-to-end tests.

The bot under test talks HTTP to it exactly as to api.telegram.org (point PTB
at `base_url`); the test drives simulated users through plain async methods
(`user_sends`, `user_presses`, ...) and reads the resulting world state
(`messages`, `last_message`, `callback_answer`, `calls`, ...). It binds to
127.0.0.1 only and never touches the network beyond that.
"""

from __future__ import annotations

import asyncio
import itertools
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from aiohttp import web

from .commands import canonical_scope
from .ephemeral import EphemeralStore
from .ephemeral_driver import EphemeralDriver
from .failures import FailureInjection
from .flood_driver import FloodDriver
from .html import command_entities
from .limits import FloodLimiter
from .methods import ADMIN_RIGHTS, RESTRICTED_RIGHTS, BotApiMethods
from .params import ApiError, UploadedFile, read_params, success_body
from .webhook import WebhookSender
from .world import (
    ADMINISTRATOR,
    CREATOR,
    GROUP,
    KICKED,
    LEFT,
    MEMBER,
    PRIVATE,
    RESTRICTED,
    SUPERGROUP,
    ApiCall,
    CallbackAnswer,
    CallbackQuery,
    Chat,
    Delivery,
    DriverError,
    Message,
    User,
    World,
    now,
)

T = TypeVar("T")
UserRef = User | int
ChatRef = Chat | int

DEFAULT_TOKEN = "7000000001:FAKE-token-for-tests"


class FakeBotApi(FloodDriver, EphemeralDriver, FailureInjection):
    """A fake Telegram Bot API server. Use as `async with FakeBotApi() as api:`."""

    def __init__(
        self,
        *,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "seghan_test_bot",
        bot_first_name: str = "Seghan",
        privacy_mode: bool = False,
        flood_limits: bool = True,
        chat_per_second: float = 1.0,
        chat_burst: int = 3,
        group_per_minute: int = 20,
        global_per_second: int | None = 30,
        time_scale: float = 1.0,
        callback_query_ttl: float = 15.0,
        clock: Callable[[], float] = time.monotonic,
        webhook_local: bool = True,
        webhook_retry_delay: float = 0.05,
        webhook_max_retry_delay: float = 1.0,
        webhook_timeout: float = 10.0,
        ephemeral_flood: str = "lane",
        ephemeral_ttl: float | None = None,
        ephemeral_reply_window: float = 15.0,
        ephemeral_drop_edits: float = 0.0,
        ephemeral_seed: int = 0,
    ):
        self.token = token
        bot_id = int(token.split(":", 1)[0])
        self.bot = User(bot_id, bot_first_name, username=bot_username, is_bot=True)
        self.world = World(self.bot, privacy_mode=privacy_mode)
        limiter = FloodLimiter(
            chat_per_second=chat_per_second,
            chat_burst=chat_burst,
            group_per_minute=group_per_minute,
            global_per_second=global_per_second,
            time_scale=time_scale,
            clock=clock,
            ephemeral=ephemeral_flood,
        )
        self.limiter = limiter if flood_limits else None
        self.ephemeral_store = EphemeralStore(
            clock=clock, ttl=ephemeral_ttl, reply_window=ephemeral_reply_window,
            drop_edits=ephemeral_drop_edits, seed=ephemeral_seed,
        )
        self.api = BotApiMethods(
            self.world,
            self.limiter,
            callback_query_ttl=callback_query_ttl,
            clock=clock,
            webhook_local=webhook_local,
            ephemeral=self.ephemeral_store,
        )
        self.webhook_sender = WebhookSender(
            self.world,
            retry_delay=webhook_retry_delay,
            max_retry_delay=webhook_max_retry_delay,
            timeout=webhook_timeout,
            clock=clock,
        )
        self.clock = clock
        self.calls: list[ApiCall] = []
        self._failures = []  # FailureInjection's
        self._user_ids = itertools.count(100_000_001)
        self._group_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._runner: web.AppRunner | None = None
        self._port: int | None = None

    # ------------------------------------------------------------ lifecycle

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self._port = self._runner.addresses[0][1]
        await self.webhook_sender.start()

    async def stop(self) -> None:
        self.world.closing = True  # pending long polls return [] at once
        self.world.changed()
        await self.webhook_sender.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeBotApi:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def port(self) -> int:
        if self._port is None:
            raise RuntimeError("FakeBotApi is not started")
        return self._port

    @property
    def base_url(self) -> str:
        """For PTB: Bot(token, base_url=api.base_url) / TELEGRAM_API_BASE_URL."""
        return f"http://127.0.0.1:{self.port}/bot"

    # ------------------------------------------------------------ HTTP

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        taken = self.clock()
        name = request.match_info["method"]
        method = self.api.lookup(name)
        raw: dict[str, Any] = {}
        try:
            raw = await _raw_params(request)
            if request.match_info["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            if method is None:
                raise ApiError(404, "Not Found")
            name = method.name
            failure = self._take_failure(name)
            if failure is not None:
                return await self._fail(request, failure, name, raw, taken)
            body: dict[str, Any] = success_body(await method.handler(read_params(raw, method.schema)))
            status = 200
        except ApiError as error:
            body, status = error.body(), error.status
        if request.transport is None or request.transport.is_closing():
            # The client gave up (e.g. PTB cancelled a long poll on shutdown). Log it
            # as nginx's 499 rather than as an answer nobody received.
            self._record(name, raw, 499, "client closed the connection before the answer", taken)
            return web.Response(status=499)
        self._record(name, raw, status, None if body["ok"] else body.get("description"), taken)
        return web.json_response(body, status=status)

    def _record(
        self, method: str, raw: dict[str, Any], status: int, description: str | None,
        taken: float,
    ) -> None:
        chat_id = raw.get("chat_id")
        try:
            chat_id = int(chat_id) if chat_id is not None else None
        except (TypeError, ValueError):
            chat_id = None
        self.calls.append(ApiCall(method, raw, status, description, chat_id, self.clock(), taken))
        self.world.changed()

    # ------------------------------------------------------------ building the world

    def add_user(
        self,
        first_name: str,
        *,
        user_id: int | None = None,
        username: str | None = None,
        language_code: str | None = "en",
        last_name: str | None = None,
    ) -> User:
        """A Telegram user. They can't receive private messages until user_starts_private."""
        user_id = user_id if user_id is not None else next(self._user_ids)
        if user_id in self.world.users or user_id == self.bot.id:
            raise DriverError(f"user {user_id} already exists")
        user = User(user_id, first_name, username, language_code, last_name)
        self.world.users[user_id] = user
        return user

    def add_group(
        self,
        title: str,
        *,
        chat_id: int | None = None,
        members: Iterable[UserRef] = (),
        admins: Iterable[UserRef] = (),
        creator: UserRef | None = None,
        supergroup: bool = True,
        forum: bool = False,
        username: str | None = None,
        bot_status: str = MEMBER,
    ) -> Chat:
        """A group (or supergroup, the default) the bot is in, with its members."""
        if forum and not supergroup:
            raise DriverError("only supergroups can be forums")
        if chat_id is None:
            n = next(self._group_ids)
            chat_id = -1_001_000_000_000 - n if supergroup else -1_000_000 - n
        if chat_id >= 0 or chat_id in self.world.chats:
            raise DriverError(f"group id {chat_id} must be negative and unused")
        chat = Chat(chat_id, SUPERGROUP if supergroup else GROUP, title, username, forum)
        chat.bot_status = bot_status
        self.world.chats[chat_id] = chat
        for user in members:
            self.add_member(chat, user)
        for user in admins:
            self.add_member(chat, user, ADMINISTRATOR)
        if creator is not None:
            self.add_member(chat, creator, CREATOR)
        return chat

    def add_member(self, chat: ChatRef, user: UserRef, status: str = MEMBER) -> None:
        if status not in (CREATOR, ADMINISTRATOR, MEMBER, LEFT, KICKED):
            raise DriverError(f"unknown member status {status!r}")
        group = self._group(chat)
        group.members[self._user(user).id] = status
        self.world.changed()

    def remove_member(self, chat: ChatRef, user: UserRef) -> None:
        self.add_member(chat, user, LEFT)

    def add_topic(self, chat: ChatRef, name: str) -> int:
        """Create a forum topic; returns its message_thread_id (a message id, as in Telegram)."""
        group = self._group(chat)
        if not group.is_forum:
            raise DriverError(f"chat {group.id} is not a forum")
        thread_id = group.allocate_message_id()
        group.topics[thread_id] = name
        return thread_id

    async def set_bot_status(self, chat: ChatRef, status: str) -> None:
        """Promote/demote/restrict/kick the bot in a group ("member", "administrator",
        "restricted": may not send, "kicked", "left"); the bot gets a my_chat_member update."""
        if status not in (MEMBER, ADMINISTRATOR, RESTRICTED, KICKED, LEFT):
            raise DriverError(f"unknown bot status {status!r}")
        group = self._group(chat)
        old, group.bot_status = group.bot_status, status
        self._my_chat_member(group, self.bot, old, status)

    # ------------------------------------------------------------ simulated users

    async def user_starts_private(self, user: UserRef, payload: str | None = None) -> Message:
        """The user presses Start (or opens t.me/bot?start=payload): /start [payload]."""
        u = self._user(user)
        chat = self.world.chats.get(u.id)
        if chat is None:
            chat = Chat(u.id, PRIVATE)
            self.world.chats[u.id] = chat
        if u.blocked:  # "Restart" unblocks the bot
            u.blocked = False
            self._my_chat_member(chat, u, KICKED, MEMBER)
        u.started = True
        return await self.user_sends(u, chat, "/start" if payload is None else f"/start {payload}")

    async def user_blocks_bot(self, user: UserRef) -> None:
        u = self._user(user)
        u.blocked = True
        chat = self.world.chats.get(u.id)
        if chat is not None:
            self._my_chat_member(chat, u, MEMBER, KICKED)

    async def user_sends(
        self,
        user: UserRef,
        chat: ChatRef,
        text: str,
        *,
        message_thread_id: int | None = None,
        reply_to_message_id: int | None = None,
    ) -> Message:
        """A user's text message; a leading /command gets a bot_command entity."""
        u = self._user(user)
        target = self._chat_of_user(u, chat)
        if message_thread_id is not None and message_thread_id not in target.topics:
            raise DriverError(f"chat {target.id} has no topic {message_thread_id}")
        if reply_to_message_id is not None and reply_to_message_id not in target.messages:
            raise DriverError(f"chat {target.id} has no message {reply_to_message_id}")
        msg = Message(
            chat_id=target.id,
            message_id=target.allocate_message_id(),
            date=now(),
            text=text,
            entities=command_entities(text),
            from_bot=False,
            from_user_id=u.id,
            sent_text=text,
            message_thread_id=message_thread_id,
            reply_to_message_id=reply_to_message_id,
        )
        target.messages[msg.message_id] = msg
        if self._bot_sees(target, msg):
            self.world.add_update("message", self.world.message_to_api(msg))
        self.world.changed()
        return msg

    async def user_presses(
        self,
        user: UserRef,
        chat: ChatRef,
        message_id: int,
        callback_data: str,
        *,
        forge: bool = False,
    ) -> str:
        """The user presses an inline button; returns the callback query id.

        The button must be in the message's current keyboard, unless forge=True
        (a stale or malicious client sending arbitrary data).
        """
        u = self._user(user)
        target = self._chat_of_user(u, chat)
        msg = target.messages.get(message_id)
        if msg is None:
            raise DriverError(f"chat {target.id} has no message {message_id}")
        if self._replaced_for(u.id, target.id, message_id):
            raise DriverError(f"message {message_id} is shown to user {u.id} replaced by an "
                              "ephemeral message (replace_callback_query_message)")
        if not forge and (not msg.from_bot or callback_data not in msg.callback_data):
            raise DriverError(
                f"message {message_id} has no button with callback_data {callback_data!r}; "
                f"its buttons carry {msg.callback_data}"
            )
        query_id = str(4_000_000_000_000_000_000 + next(self._query_ids))
        self.world.callback_queries[query_id] = CallbackQuery(
            query_id, u.id, target.id, message_id, callback_data, self.clock()
        )
        payload = {
            "id": query_id,
            "from": u.to_api(),
            "message": self.world.message_to_api(msg),
            "chat_instance": str(abs(target.id) * 7 + 3),
            "data": callback_data,
        }
        self.world.add_update("callback_query", payload)
        return query_id

    # ------------------------------------------------------------ reading the world

    def chat(self, chat: ChatRef) -> Chat:
        return self._known_chat(chat)

    def messages(self, chat: ChatRef) -> list[Message]:
        """Current (not deleted) messages of a chat, from bot and users, oldest first."""
        return sorted(self._known_chat(chat).messages.values(), key=lambda m: m.message_id)

    def bot_messages(self, chat: ChatRef) -> list[Message]:
        return [m for m in self.messages(chat) if m.from_bot]

    def last_message(self, chat: ChatRef, *, from_bot: bool | None = True) -> Message | None:
        """The newest current message by the bot (from_bot=None: by anyone)."""
        candidates = [m for m in self.messages(chat) if from_bot is None or m.from_bot == from_bot]
        return candidates[-1] if candidates else None

    def callback_query(self, query_id: str) -> CallbackQuery:
        return self.world.callback_queries[query_id]

    def commands(self, scope: dict | None = None, language_code: str = "") -> list[dict]:
        """What setMyCommands stored for exactly this scope and language."""
        key = canonical_scope(self.api.commands.canonical_scope_dict(scope)), language_code
        return self.world.commands.get(key, [])

    def calls_to(self, method: str | None = None, chat: ChatRef | None = None) -> list[ApiCall]:
        """Logged calls, filtered by method name (case-insensitive) and/or chat."""
        chat_id = chat.id if isinstance(chat, Chat) else chat
        return [
            c
            for c in self.calls
            if (method is None or c.method.lower() == method.lower())
            and (chat_id is None or c.chat_id == chat_id)
        ]

    @property
    def deliveries(self) -> list[Delivery]:
        """Every POST of an update to the webhook, oldest first, with its HTTP status
        (0: no answer); a refused update is retried, so it may appear several times."""
        return self.webhook_sender.deliveries

    @property
    def webhook_url(self) -> str | None:
        """The URL set by setWebhook, None while the bot polls."""
        return self.world.webhook.url if self.world.webhook else None

    @property
    def pending_updates(self) -> list[dict]:
        """Updates not yet confirmed by the bot (via getUpdates offset)."""
        return list(self.world.updates)

    # ------------------------------------------------------------ waiting

    async def wait_for(self, predicate: Callable[[], T | None], timeout: float = 5.0) -> T:
        """Wait until predicate() is truthy and return its value. The predicate is
        re-checked after every change to the world (API call or driver action)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            value = predicate()
            if value:
                return value
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(f"condition not met within {timeout}s: {predicate!r}")
            await self.world.wait_changed(remaining)

    async def wait_for_bot_message(
        self, chat: ChatRef, *, after: int = 0, timeout: float = 5.0
    ) -> Message:
        """The first current bot message in chat with message_id > after."""

        def find() -> Message | None:
            return next((m for m in self.bot_messages(chat) if m.message_id > after), None)

        return await self.wait_for(find, timeout)

    async def callback_answer(self, query_id: str, timeout: float = 5.0) -> CallbackAnswer:
        """Wait for the bot's answerCallbackQuery and return what the user saw."""
        query = self.world.callback_queries[query_id]
        return await self.wait_for(lambda: query.answer, timeout)

    # ------------------------------------------------------------ helpers

    def _user(self, user: UserRef) -> User:
        user_id = user.id if isinstance(user, User) else user
        if user_id not in self.world.users:
            raise DriverError(f"unknown user {user_id}; create it with add_user")
        return self.world.users[user_id]

    def _known_chat(self, chat: ChatRef) -> Chat:
        chat_id = chat.id if isinstance(chat, Chat) else chat
        if chat_id not in self.world.chats:
            raise DriverError(f"unknown chat {chat_id}")
        return self.world.chats[chat_id]

    def _group(self, chat: ChatRef) -> Chat:
        group = self._known_chat(chat)
        if not group.is_group:
            raise DriverError(f"chat {group.id} is not a group")
        return group

    def _chat_of_user(self, user: User, chat: ChatRef) -> Chat:
        """The chat, if this user can write in it."""
        chat_id = chat.id if isinstance(chat, Chat) else chat
        if chat_id > 0:
            if chat_id != user.id:
                raise DriverError(f"user {user.id} can't write in the private chat of {chat_id}")
            if not user.started or user.blocked:
                raise DriverError(f"user {user.id} must start the bot first (user_starts_private)")
            return self.world.chats[chat_id]
        group = self._group(chat_id)
        if group.members.get(user.id) not in (CREATOR, ADMINISTRATOR, MEMBER):
            raise DriverError(f"user {user.id} is not a member of chat {chat_id}")
        return group

    def _bot_sees(self, chat: Chat, msg: Message) -> bool:
        """With privacy mode on, a non-admin bot sees only commands, replies to
        itself and mentions in groups."""
        if chat.type == PRIVATE or not self.world.privacy_mode or chat.bot_status == ADMINISTRATOR:
            return chat.bot_status not in (KICKED, LEFT)
        if chat.bot_status in (KICKED, LEFT):
            return False
        replied = chat.messages.get(msg.reply_to_message_id or 0)
        return (
            msg.text.startswith("/")
            or (replied is not None and replied.from_bot)
            or f"@{self.bot.username}".lower() in msg.text.lower()
        )

    def _my_chat_member(self, chat: Chat, actor: User, old: str, new: str) -> None:
        member = self.bot.to_api()
        payload = {
            "chat": self.world.chat_to_api(chat),
            "from": actor.to_api(),
            "date": now(),
            "old_chat_member": _member(old, member),
            "new_chat_member": _member(new, member),
        }
        self.world.add_update("my_chat_member", payload)


def _member(status: str, user: dict) -> dict:
    data: dict[str, Any] = {"status": status, "user": user}
    if status == KICKED:
        data["until_date"] = 0
    if status == ADMINISTRATOR:
        data.update(ADMIN_RIGHTS)
    if status == RESTRICTED:
        data.update(RESTRICTED_RIGHTS)
    return data


async def _raw_params(request: web.Request) -> dict[str, Any]:
    """Query string plus body (JSON, urlencoded or multipart), like the real server."""
    raw: dict[str, Any] = dict(request.query)
    if not request.body_exists:
        return raw
    if request.content_type == "application/json":
        try:
            body = await request.json()
        except ValueError:
            raise ApiError(400, "Bad Request: can't parse JSON object") from None
        if not isinstance(body, dict):
            raise ApiError(400, "Bad Request: can't parse JSON object")
        raw.update(body)
    else:
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, str):
                raw[key] = value
            else:  # a file part (aiohttp's FileField)
                raw[key] = UploadedFile(value.filename, value.content_type, value.file.read())
    return raw
