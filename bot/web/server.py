"""The page's HTTP app, on the bot's own event loop (aiohttp's web server: one small maintained
library, already how the tests' fake Bot API serves, that runs inside a running loop with
``AppRunner``; Starlette would bring uvicorn and its own loop management on top).

    GET  /                          the page (static/index.html), /static/* its files
    POST /api/session               Telegram's initData -> a session (401 if not Telegram's)
    GET  /api/table/{id}            the viewer's scene (403: not seated and not in the chat)
    GET  /api/table/{id}/events     the same, live (server-sent events, id = the table's version)
    POST /api/press                 a button pressed on the page: the button's use case
    GET  /api/replay/{ref}          a finished deal's frames ('t12_3': table 12's third deal;
                                    'm7_1': stored match 7's first), for the chat's members

A session travels only as ``Authorization: Session <s>``, never in a URL, where access logs keep
it: the page reads the events through fetch for that reason."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from aiohttp import web
from aiohttp.typedefs import Handler
from telegram import User

from storage import StorageError, TableRecord
from storage.postgres import notify

from .. import callbacks
from ..coach import replays
from ..coach.frames import frames
from ..coach.replay import Source, read_page_ref
from ..entrance.door import enter, quietly
from ..entrance.presser import Door, Presser
from ..play.records import Outcome, TableError
from ..runtime import Runtime
from ..views import Context
from . import auth, fair, guard, scene
from .replay import deal_payload
from .watchers import Watchers

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
KEEPALIVE = 15.0
REPLAYS_KEPT = 32  # replays' bodies kept (~100 KB each; ~50 ms to build one)
# a refusal's HTTP status by its key; any other refusal is a conflict with the table (409)
REFUSED = {"error-bad-button": 400, "error-not-seated": 403, "error-not-member": 403,
           "error-busy": 503}


def _json(data: Any, status: int = 200) -> web.Response:
    return web.json_response(data, status=status, dumps=lambda d: json.dumps(d, ensure_ascii=False))


class Web:
    """The routes, over the running bot's rooms (``Runtime``)."""

    def __init__(self, runtime: Runtime, token: str) -> None:
        self.runtime = runtime
        self.token = token
        self.session_key = runtime.settings.session_key or token
        self._notifier: notify.Notifier | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        # a finished deal's frames do not change: kept for the next viewer who sees the same
        self._replays: dict[tuple[Any, ...], asyncio.Future[bytes]] = {}
        self.app = web.Application(middlewares=[self.current])
        self.watchers = Watchers()
        runtime.members.gone.append(self.watchers.gone)
        self.app[WEB] = self  # whoever holds the app reaches its routes' owner
        self.app.on_response_prepare.append(guard.with_headers)
        self.app.add_routes([
            web.get("/", self.index), web.static("/static", STATIC),
            web.post("/api/session", self.session), web.get("/api/table/{id}", self.table),
            web.get("/api/table/{id}/events", self.events), web.post("/api/press", self.press),
            web.get("/api/replay/{ref}", self.replay), *fair.routes(self)])

    async def hear_others(self, database: str) -> None:
        """On PostgreSQL, moves made through other workers reach the pages open here."""
        self._notifier = await notify.listen(database, self._moved_elsewhere)
        if self._notifier is not None:
            self.runtime.live.broadcast = self._notifier.notify
            self.runtime.members.broadcast = self._notifier.gone  # removed: closed everywhere
            self._notifier.on_gone = self.runtime.members.heard_gone

    def _moved_elsewhere(self, table_id: int, version: int) -> None:
        if self.runtime.live.behind(table_id, version):
            task = asyncio.create_task(self._reload(table_id))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _reload(self, table_id: int) -> None:
        try:
            self.runtime.live.changed(await self.runtime.tables.kernel.outcome(table_id), here=False)
        except (TableError, StorageError):
            log.warning("could not reload table %d after a move elsewhere", table_id)

    async def close(self) -> None:
        self.runtime.members.gone.remove(self.watchers.gone)
        self.runtime.members.broadcast = None
        if self._notifier is not None:
            await self._notifier.close()

    # ----- who

    def viewer(self, request: web.Request) -> auth.Viewer:
        header = request.headers.get("Authorization", "")
        token = header.removeprefix("Session ") if header.startswith("Session ") else ""
        try:
            return auth.read(token, self.session_key)
        except auth.Refused as error:
            raise web.HTTPUnauthorized(text=str(error)) from error

    @web.middleware
    async def current(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A session of an older generation is refused before any route reads it (a route
        reads the session itself: its signature and age)."""
        if request.headers.get("Authorization", "").startswith("Session "):
            viewer = self.viewer(request)
            if viewer.generation != await self.runtime.store.sessions.generation(viewer.id):
                raise web.HTTPUnauthorized(text="session ended")
        return await handler(request)

    @staticmethod
    def user(viewer: auth.Viewer) -> User:
        return User(viewer.id, viewer.name or str(viewer.id), is_bot=False,
                    username=viewer.username or None, language_code=viewer.lang or None)

    async def access(self, viewer: auth.Viewer, table: TableRecord) -> int | None:
        """The viewer's seat, None for a spectator of the chat; 403 for anyone else."""
        seats = [i for i, s in enumerate(table.seats) if s.user_id == viewer.id]
        if seats:
            return seats[0]
        if fair.duplicate(table):  # the round's other tables hold its cards: no spectators
            raise web.HTTPForbidden(text="a duplicate round's table: its seats only")
        if not await self.runtime.members.is_member(table.key.chat_id, viewer.id):
            raise web.HTTPForbidden(text="not in this table's chat")
        return None

    # ----- routes

    async def index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def session(self, request: web.Request) -> web.Response:
        body = await guard.body(request, "initData")
        try:
            viewer, start = auth.check_init_data(body["initData"], self.token)
        except auth.Refused as error:
            raise web.HTTPUnauthorized(text=str(error)) from error
        await self.runtime.people.touch(self.user(viewer))
        table = callbacks.number(start)
        ref = start.removeprefix("replay_")  # a t.me link's startapp=replay_t12_3
        replay = ref if start.startswith("replay_") and read_page_ref(ref) else None
        viewer = replace(viewer, generation=await self.runtime.store.sessions.generation(viewer.id))
        return _json({"session": auth.issue(viewer, self.session_key), "table": table,
                      "replay": replay, "user": viewer.id})

    async def table(self, request: web.Request) -> web.Response:
        viewer = self.viewer(request)
        outcome = await self._outcome(request)
        seat = await self.access(viewer, outcome.table)
        return web.Response(body=await self._scene(outcome, self.user(viewer), seat),
                            content_type="application/json")

    async def events(self, request: web.Request) -> web.StreamResponse:
        """Server-sent events: the viewer's scene now if newer than the page's (Last-Event-ID,
        or ?since=), then at every version. A spectator's stream ends once they are found out
        of the chat (told by Telegram, a refused check, or asked again at a keepalive)."""
        viewer = self.viewer(request)
        outcome = await self._outcome(request)
        await self.access(viewer, outcome.table)
        table_id, chat = outcome.table.id or 0, outcome.table.key.chat_id
        since = callbacks.number(request.headers.get("Last-Event-ID")
                                 or request.query.get("since", "")) or -1
        response = web.StreamResponse(headers={
            "Content-Type": "text/event-stream", "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no"})
        await response.prepare(request)
        live, user = self.runtime.live, self.user(viewer)
        page = live.open(table_id, viewer.id)
        watch = self.watchers.add(chat, viewer.id, page)
        live.keep(outcome)
        try:
            while True:
                latest = live.latest(table_id) or outcome
                seat = _seat_of(latest.table, viewer.id)
                if seat is None and watch.gone:
                    break
                if latest.table.version > since:
                    body = await self._scene(latest, user, seat)
                    await response.write(b"id: %d\nevent: scene\ndata: %s\n\n"
                                         % (latest.table.version, body))
                    since = latest.table.version
                try:
                    await asyncio.wait_for(page.wait(), KEEPALIVE)
                except TimeoutError:
                    if not await self._still(viewer, chat, seat):
                        break
                    await response.write(b": keepalive\n\n")
                page.clear()
        except (ConnectionResetError, asyncio.CancelledError):
            pass
        finally:
            self.watchers.discard(watch)
            if live.close(table_id, page, viewer.id):  # their private hand is theirs again
                await quietly(self.runtime.publishing.redraw_hand(table_id, viewer.id))
        return response

    async def _still(self, viewer: auth.Viewer, chat: int, seat: int | None) -> bool:
        """A stream's look now and then: its session not ended (by any worker: the store says),
        and a spectator still in the chat (the cache, asked again once it ages)."""
        try:
            if viewer.generation != await self.runtime.store.sessions.generation(viewer.id):
                return False
        except StorageError:
            log.warning("could not read a session's generation", exc_info=True)
        return seat is not None or await self.runtime.members.is_member(chat, viewer.id)

    async def press(self, request: web.Request) -> web.Response:
        """A button of the page, through the one entrance the Telegram buttons take (the same
        use case, checks and publishing: the group's message, the hands, every open page)."""
        viewer = self.viewer(request)
        sent = await guard.body(request, "data", "nonce")
        who = await self.presser(viewer)
        who.press_id = fair.nonce_of(sent)  # the page's random value: a fair lobby's entropy
        reply = await enter(self.runtime, who, sent["data"])
        if reply.refused is not None:
            return _json({"alert": reply.alert}, REFUSED.get(reply.refused, 409))
        body: dict[str, Any] = {}
        if reply.outcome is not None:
            body |= {"table": reply.outcome.table.id, "version": reply.outcome.table.version}
        if reply.alert is not None:
            body["note"] = reply.alert
        if reply.screen is not None:
            body["screen"] = scene.screen_data(reply.screen)
        return _json(body)

    async def presser(self, viewer: auth.Viewer) -> Presser:
        """Who pressed on the page: their hand is drawn here, so the bot need not write to
        them to seat them (``Presser.hand_on_page``)."""
        user, members = self.user(viewer), self.runtime.members

        async def can_write() -> bool:
            return (await self.runtime.people.touch(user)).can_dm

        async def is_member(chat: int) -> bool:
            return await members.is_member(chat, viewer.id)

        async def is_admin(chat: int) -> bool:
            return await members.is_admin(chat, viewer.id)
        lang = await self.runtime.people.user_lang(user)
        return Presser(Door.PAGE, self.runtime.people.person(user), lang, can_write, is_member,
                       is_admin)

    async def replay(self, request: web.Request) -> web.Response:
        """A finished deal's frames, rebuilt through the engine, for a member of the match's
        chat (asked as for spectating), with what this viewer may see of it."""
        viewer = self.viewer(request)
        user = self.user(viewer)
        ref = read_page_ref(request.match_info["ref"])
        if ref is None:
            return await self._refused(user, "coach-replay-none", {}, 404)
        kind, ident, number = ref
        lang = await self.runtime.people.user_lang(user)

        async def is_member(chat: int) -> bool:
            return await self.runtime.members.is_member(chat, viewer.id)
        try:
            source = await replays.open_deal(self.runtime, kind, ident, number, viewer.id, lang,
                                             is_member)
        except TableError as error:
            if error.key == "error-not-member":
                return await self._refused(user, error.key, {}, 403)
            return await self._refused(user, "coach-replay-none", {}, 404)
        except StorageError:
            log.exception("storage fault while reading a replay")
            return await self._refused(user, "error-busy", {}, 503)
        key = (kind, ident, number, source.seat, source.face_up, lang, source.names)
        response = web.Response(body=await self._replay_built(key, source, number, lang),
                                content_type="application/json")
        response.enable_compression()
        return response

    async def _replay_built(self, key: tuple[Any, ...], source: Source, number: int, lang: str
                            ) -> bytes:
        """The replay's body, built once per view in a worker thread (40-70 ms that would hold
        every table's loop), viewers who ask for it meanwhile awaiting the same build. Safe off
        the loop: the engine is pure (the computers' threads run it too) and replays states of
        its own; the Fluent bundles are only read: a bundle compiles a message on first use into
        a dict (a race compiles it twice, the same), formats with per-call state, and
        ``i18n``'s caches are functools' (a race builds a value twice, the same)."""
        build = self._replays.pop(key, None)
        if build is None:
            build = asyncio.ensure_future(asyncio.to_thread(self._replay_body, source, number, lang))
        self._replays[key] = build  # the newest last: the oldest goes first
        while len(self._replays) > REPLAYS_KEPT:
            del self._replays[next(iter(self._replays))]
        try:  # shielded: a viewer who leaves does not cancel the build the others await
            return await asyncio.shield(build)
        except Exception:
            if self._replays.get(key) is build:  # failed: the next viewer builds it again
                del self._replays[key]
            raise

    @staticmethod
    def _replay_body(source: Source, number: int, lang: str) -> bytes:
        deal = frames(source, number)
        data = deal_payload(source, deal, Context(lang, 0, 0, source.names, source.game))
        return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()

    # ----- helpers

    async def _refused(self, user: User, key: str, args: dict[str, Any],
                       status: int) -> web.Response:
        return _json({"alert": await self.runtime.people.alert(user, key, **args)}, status)

    async def _outcome(self, request: web.Request) -> Outcome:
        table_id = callbacks.number(request.match_info["id"])
        if table_id is None:
            raise web.HTTPNotFound()
        known = self.runtime.live.latest(table_id)
        if known is not None:
            return known
        try:
            return await self.runtime.tables.kernel.outcome(table_id)
        except TableError as error:
            raise web.HTTPNotFound() from error

    async def _scene(self, outcome: Outcome, user: User, seat: int | None) -> bytes:
        lang = await self.runtime.people.user_lang(user)
        table = outcome.table

        async def build() -> bytes:
            ctx = self.runtime.publishing.context(table, lang, seat)
            data = scene.build(table, outcome.state, seat, ctx,
                               self.runtime.publishing.bot_link(table.id or 0))
            return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        return await self.runtime.live.scene(table.id or 0, table.version, (seat, lang), build)


WEB = web.AppKey("web", Web)


def _seat_of(table: TableRecord, user_id: int) -> int | None:
    return next((i for i, s in enumerate(table.seats) if s.user_id == user_id), None)


class Served:
    """The app listening on a host and port, started and stopped with the bot."""

    def __init__(self, app: web.Application,
                 closing: Callable[[], Awaitable[None]] | None = None) -> None:
        self.runner = web.AppRunner(app, access_log=None)
        self.closing = closing

    async def start(self, host: str, port: int) -> None:
        await self.runner.setup()
        await web.TCPSite(self.runner, host, port).start()

    async def stop(self) -> None:
        await self.runner.cleanup()
        if self.closing is not None:
            await self.closing()
