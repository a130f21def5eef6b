"""The page's server under test: a Harness bot and an aiohttp client on its Web app, with
initData signed as Telegram signs it."""

from __future__ import annotations

import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any
from urllib.parse import urlencode

from aiohttp.test_utils import TestClient, TestServer

from bot.web import auth
from bot.web.server import Web

from .fake import TOKEN, Harness


def init_data(user_id: int, token: str = TOKEN, auth_date: float | None = None, lang: str = "hy",
              start: str = "", **changed: str) -> str:
    """initData as Telegram builds it for ``user_id`` (``changed``: fields altered after signing)."""
    fields = {"auth_date": str(int(time.time() if auth_date is None else auth_date)),
              "query_id": "AAE", "user": json.dumps({"id": user_id, "first_name": f"User{user_id}",
                                                     "language_code": lang})}
    if start:
        fields["start_param"] = start
    fields["hash"] = auth.sign_init_data(fields, token)
    fields |= changed
    return urlencode(fields)


class Page:
    """One viewer's page: a session, then scenes and presses."""

    def __init__(self, client: TestClient[Any, Any], session: str) -> None:
        self.client, self.session = client, session

    @property
    def headers(self) -> dict[str, str]:
        return {"Authorization": f"Session {self.session}"}

    async def scene(self, table: int) -> dict[str, Any]:
        response = await self.client.get(f"/api/table/{table}", headers=self.headers)
        assert response.status == 200, await response.text()
        data: dict[str, Any] = await response.json()
        return data

    async def events(self, table: int, since: int | None = None) -> Any:
        """The table's live events, as the page reads them (the session in a header)."""
        headers = self.headers if since is None else {**self.headers, "Last-Event-ID": str(since)}
        return await self.client.get(f"/api/table/{table}/events", headers=headers)

    async def replay(self, ref: str) -> tuple[int, dict[str, Any]]:
        """A finished deal's frames ('t12_3'), or a refusal's status and alert."""
        response = await self.client.get(f"/api/replay/{ref}", headers=self.headers)
        return response.status, await response.json()

    async def press(self, data: str) -> tuple[int, dict[str, Any]]:
        response = await self.client.post("/api/press", json={"data": data}, headers=self.headers)
        return response.status, await response.json()


Client = TestClient[Any, Any]


async def client_of(h: Harness) -> TestClient[Any, Any]:
    client: TestClient[Any, Any] = TestClient(TestServer(Web(h.runtime, TOKEN).app))
    await client.start_server()
    return client


@asynccontextmanager
async def two_workers(database: str) -> AsyncIterator[tuple[Harness, Harness, Client, Client]]:
    """Two workers on one PostgreSQL database, a bot and its page each, the pages hearing the
    other worker's moves (LISTEN/NOTIFY, storage/postgres/notify.py)."""
    from bot.web.server import WEB
    from storage import open_store

    one, two = await open_store(database), await open_store(database)
    try:
        async with Harness(one) as a, Harness(two) as b:
            web_a, web_b = await client_of(a), await client_of(b)
            try:
                for client in (web_a, web_b):
                    await client.server.app[WEB].hear_others(database)
                yield a, b, web_a, web_b
            finally:
                for client in (web_a, web_b):
                    await client.server.app[WEB].close()
                    await client.close()
    finally:
        await one.close()
        await two.close()


async def page(client: TestClient[Any, Any], user: int, lang: str = "hy") -> Page:
    response = await client.post("/api/session", json={"initData": init_data(user, lang=lang)})
    assert response.status == 200, await response.text()
    return Page(client, (await response.json())["session"])


# What the page (bot/web/static/felt.js, table.js) makes of a scene, for tests that read it as a player would.
FELT = {"title", "seat", "trick", "last", "contract", "bid"}  # drawn on the felt, or in the header
HAND_FELT = FELT | {"suit", "hand", "team"}


def texts(screen: dict[str, Any] | None, skip: set[str]) -> list[str]:
    return [line["text"] for line in (screen or {"lines": []})["lines"]
            if line["role"] not in skip and line["text"]]


def under_felt(scene: dict[str, Any]) -> list[str]:
    """The board's lines the page writes under the felt."""
    return texts(scene["board"], FELT)


def hand_info(scene: dict[str, Any]) -> list[str]:
    """The hand's lines the page writes under the felt, those the board's lines say not again."""
    board = under_felt(scene)
    return [text for text in texts(scene["hand"], HAND_FELT) if text not in board]


def page_buttons(scene: dict[str, Any], screen: str | None = None) -> list[list[dict[str, Any]]]:
    """The rows of buttons the page draws under the hand: the hand's while the viewer plays,
    else the board's (a lobby's, a rematch); a card's button is tapped on the card. ``screen``
    "board": the board's while a hand is drawn, in the felt's corner (the score sheet)."""
    chosen = screen or ("hand" if scene["hand"] else "board")
    kinds = set(scene["kinds"])
    rows = (scene[chosen] or {"buttons": []})["buttons"] if chosen == "board" or scene["hand"] else []
    return [row for row in ([b for b in r if b["data"] and not b["card"] and b["kind"] in kinds]
                            for r in rows) if row]


def telegram_text(screen: dict[str, Any]) -> str:
    """A screen of the page's JSON as its Telegram message's text."""
    from bot.views.screen import Line
    return "\n".join(Line(**line).html for line in screen["lines"])
