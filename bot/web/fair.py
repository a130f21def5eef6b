"""The page's part in fair deals and pasted deals (issue 41): the random value each press from
the page brings (static/fair.js), mixed into a fair lobby's deals as a seating press's id is;
and ``POST /api/paste``, a pasted deal's text opened as a replay (the frames ``/api/replay``
gives, every hand face up: whoever pasted it has them all)."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Mapping
from typing import Any, Protocol

from aiohttp import web
from telegram import User

from ..coach import pastes
from ..coach.frames import frames
from ..runtime import Runtime
from ..views import Context
from ..views.fair import duplicate
from . import guard
from .auth import Viewer
from .replay import deal_payload

__all__ = ["duplicate", "nonce_of", "routes"]  # duplicate: the server's refusal of spectators

NONCE = re.compile(r"[0-9a-f]{16,64}")  # what fair.js draws: 16 random bytes, in hex
LONGEST = 20_000  # characters of a pasted deal: the longest (56 at 8 seats) is far shorter


def nonce_of(body: Mapping[str, Any]) -> str:
    """The press's nonce, if the page sent one that looks like fair.js's; else none (a page of
    an older version, or something else posting)."""
    nonce = body.get("nonce")
    return nonce if isinstance(nonce, str) and NONCE.fullmatch(nonce) else ""


class Page(Protocol):
    """What these routes need of the page's server (``server.Web``)."""

    runtime: Runtime

    def viewer(self, request: web.Request) -> Viewer: ...

    def user(self, viewer: Viewer) -> User: ...


def routes(page: Page) -> list[web.RouteDef]:
    """The page's routes of issue 41, registered by the server with one line."""
    async def opened(request: web.Request) -> web.Response:
        user = page.user(page.viewer(request))  # a session, as for every /api route
        lang = await page.runtime.people.user_lang(user)
        text = (await guard.body(request, "text"))["text"]  # malformed: 400, as every body
        try:
            if len(text) > LONGEST:
                raise ValueError("a pasted deal is a text of at most 20000 characters")
            body = await asyncio.to_thread(_payload, text, lang)
        except (ValueError, KeyError, AttributeError) as error:  # bad JSON, text, game, deal
            alert = await page.runtime.people.alert(user, "coach-paste-bad", error=str(error)[:150])
            return web.json_response({"alert": alert}, status=400)
        return web.Response(body=body, content_type="application/json")
    return [web.post("/api/paste", opened)]


def _payload(text: str, lang: str) -> bytes:
    """The pasted deal's frames, in a worker thread (the engine replays it: a few ms)."""
    source, _ = pastes.opened(text)
    deal = frames(source, 1)
    data = deal_payload(source, deal, Context(lang, 0, 0, source.names, source.game))
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
