"""``make try``: the page on 127.0.0.1 with no Telegram and no token. A person signs in with a
name, opens a table of any game, fills it with computers or lets a second window take a seat,
and plays, on the embedded SQLite store (./data/try.sqlite3). The bot runs whole: its Bot API
calls go to ``Offline``, which answers them here and sends nothing anywhere.

    python -m bot.dev.trial [--port 8765] [--database ./data/try.sqlite3]"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import secrets
import sys
import time
from typing import Any

from aiohttp import web
from telegram.request import BaseRequest, RequestData

from engine import GAME_NAMES
from storage import TableKey

from .. import i18n
from ..play.records import Person, TableError
from ..settings import Settings
from ..tg.app import build_app
from ..tg.lifecycle import start_by_hand, stop_by_hand
from ..web import auth, guard
from ..web.server import Served, Web, _json

TOKEN = "1000000:try-mode-no-telegram-at-all"  # never sent anywhere: Offline answers
BOT = {"id": 1000000, "is_bot": True, "first_name": "Seghan", "username": "seghan_try_bot"}
TRY_USERS = 9_000_000_000  # local people's ids start here, far from Telegram's
ABANDONED = 3600.0  # seconds a lobby untouched is no longer listed to others


class Offline(BaseRequest):
    """A Bot API that answers every call at once and delivers nothing: messages get ids, every
    user is a member of every chat."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)

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
        params: dict[str, Any] = dict(request_data.parameters) if request_data else {}
        result: Any = True
        if name == "getMe":
            result = BOT
        elif name == "getChatMember":
            result = {"status": "member", "user": {"id": int(params.get("user_id", 0)),
                                                   "is_bot": False, "first_name": "-"}}
        elif name.startswith(("send", "edit")):
            chat = int(params.get("chat_id", 0))
            result = {"message_id": int(params.get("message_id") or next(self._ids)),
                      "date": int(time.time()), "text": str(params.get("text", "-")),
                      "chat": {"id": chat, "type": "supergroup" if chat < 0 else "private"}}
        return 200, json.dumps({"ok": True, "result": result}).encode()


class TrialWeb(Web):
    """The page's routes, plus a local sign-in and opening a table (no chat, no Telegram)."""

    def __init__(self, runtime: Any) -> None:
        super().__init__(runtime, TOKEN)
        self.app.add_routes([web.get("/api/trial", self.tables),
                             web.post("/api/trial/signin", self.signin),
                             web.post("/api/trial/new", self.new)])

    async def signin(self, request: web.Request) -> web.Response:
        body = await guard.body(request, "name", "lang")
        name = " ".join(body["name"].split())[:32] or "Player"
        lang = body["lang"] or "hy"
        viewer = auth.Viewer(TRY_USERS + secrets.randbelow(10**9), name, "", lang)
        await self.runtime.people.touch(self.user(viewer))
        return _json({"session": auth.issue(viewer, self.session_key), "user": viewer.id})

    async def new(self, request: web.Request) -> web.Response:
        """A lobby of ``game`` at a chat of its own, the signed-in person seated."""
        viewer = self.viewer(request)
        game = (await guard.body(request, "game"))["game"]
        if game not in GAME_NAMES:
            raise web.HTTPBadRequest(text="no such game")
        key = TableKey(chat_id=-(10**12 + secrets.randbelow(10**12)), thread_id=0)
        try:
            outcome = await self.runtime.tables.lobby.create(
                key, Person(viewer.id, viewer.name), game, seat_creator=True)
        except TableError as error:
            return _json({"alert": error.key}, 409)
        await self.runtime.publish(outcome)
        return _json({"table": outcome.table.id})

    async def tables(self, request: web.Request) -> web.Response:
        """The games, and the tables open now (any window may watch or join one): the viewer's
        own first; a lobby nobody sits at, or left untouched for an hour, is not listed."""
        viewer = self.viewer(request)
        lang = await self.runtime.people.user_lang(self.user(viewer))
        now, found = time.time(), []
        for t in await self.runtime.store.tables.active():
            mine = any(s.user_id == viewer.id for s in t.seats)
            people = any(s.user_id is not None for s in t.seats)
            if t.status == "lobby" and not mine and (not people or now - t.updated_at > ABANDONED):
                continue
            found.append({"id": t.id, "game": t.game, "status": t.status, "mine": mine,
                          "seats": [s.name or "🤖" for s in t.seats]})
        found = sorted(found[-40:], key=lambda t: not t["mine"])[:20]
        statuses = ("lobby", "playing", "finished", "stopped")
        return _json({"games": list(GAME_NAMES), "tables": found,
                      "titles": {g: i18n.t(lang, f"game-{g}") for g in GAME_NAMES},
                      "statuses": {s: i18n.t(lang, f"web-status-{s}") for s in statuses}})


async def serve(port: int, database: str) -> None:
    settings = Settings(telegram_bot_token=TOKEN, database_path=database,
                        chat_messages_per_second=1000, group_messages_per_minute=100000)
    application = build_app(settings, request=Offline(), rate_limit=False)
    await start_by_hand(application)
    served = Served(TrialWeb(application.bot_data.runtime).app)
    await served.start("127.0.0.1", port)
    print(f"Seghan, try mode: open http://127.0.0.1:{port}/ in a browser (a second window "
          "can take a second seat); it listens on the loopback only (127.0.0.1: nobody else "
          "on the network reaches it, as its sign-in asks no one who they are); Ctrl-C stops "
          "it.", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await served.stop()
        await stop_by_hand(application)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.dev.trial",
                                     description="Seghan's page with no Telegram (make try)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--database", default="./data/try.sqlite3")
    args = parser.parse_args(argv)
    from ..__main__ import hold_database

    if hold_database(args.database) is None:
        print(f"another Seghan process is running on {args.database}", file=sys.stderr)
        return 2
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(args.port, args.database))
    except OSError as error:
        print(f"cannot serve the page on 127.0.0.1:{args.port} (--port): "
              f"{error.strerror or error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
