"""Page sessions can be ended (issue 42 item 4): a person's generation in the store, bumped when
they are removed from the chats the bot knows them in or their only table is stopped, and a new
SESSION_KEY; a session of an older generation or key is refused on every route."""

from __future__ import annotations

from typing import Any

from aiohttp.test_utils import TestClient

from bot.settings import Settings
from bot.web.server import WEB
from tests.bot.fake import TOKEN
from tests.bot.web import Page, page
from tests.web.table import PLAYER, WATCHER, hearts_table, watching
from tests.web.test_removed import chat_member, ended


async def status(client: TestClient[Any, Any], who: Page, table: int) -> int:
    return (await client.get(f"/api/table/{table}", headers=who.headers)).status


async def test_a_revoked_session_is_refused_and_a_new_one_works() -> None:
    async with hearts_table() as (h, table, client):
        watcher = await page(client, WATCHER)
        assert await status(client, watcher, table) == 200
        await h.runtime.store.sessions.revoke(WATCHER)
        assert await status(client, watcher, table) == 401
        press = await client.post("/api/press", json={"data": "x"}, headers=watcher.headers)
        assert press.status == 401
        assert (await watcher.events(table)).status == 401
        assert await status(client, await page(client, WATCHER), table) == 200


async def test_removal_from_the_chats_ends_a_spectators_sessions_not_a_seated_players() -> None:
    async with hearts_table() as (h, table, client):
        watcher, player = await page(client, WATCHER), await page(client, PLAYER)
        h.fake.left.update({WATCHER, PLAYER})
        await h.feed(chat_member(WATCHER, "member", "kicked"))
        await h.feed(chat_member(PLAYER, "member", "left"))
        assert await h.runtime.store.sessions.generation(WATCHER) == 1
        assert await status(client, watcher, table) == 401
        assert await status(client, player, table) == 200  # their seat, still theirs


async def test_stop_of_their_only_table_ends_a_players_sessions() -> None:
    async with hearts_table() as (h, table, client):
        player, watcher = await page(client, PLAYER), await page(client, WATCHER)
        assert await status(client, watcher, table) == 200  # known in the chat now
        await h.say(PLAYER, "/stop")
        stopped = await h.runtime.store.tables.by_id(table)
        assert stopped is not None and stopped.status == "stopped"
        assert await status(client, player, table) == 401
        assert await status(client, watcher, table) == 200  # not seated: nothing ended


async def test_a_new_session_key_ends_every_session(monkeypatch: Any) -> None:
    monkeypatch.setenv("SESSION_KEY", "rotated")
    assert Settings(telegram_bot_token=TOKEN).session_key == "rotated"
    async with hearts_table() as (h, table, client):
        watcher = await page(client, WATCHER)
        assert await status(client, watcher, table) == 200
        client.server.app[WEB].session_key = "rotated again"  # the bot restarted with it
        assert await status(client, watcher, table) == 401
        assert await status(client, await page(client, WATCHER), table) == 200


async def test_an_open_stream_ends_with_its_session(monkeypatch: Any) -> None:
    """Ended elsewhere (another worker, the store says), an open stream ends at its next look."""
    monkeypatch.setattr("bot.web.server.KEEPALIVE", 0.05)
    async with hearts_table() as (h, table, client):
        _, events = await watching(client, table, PLAYER)
        assert not await ended(events)
        await h.runtime.store.sessions.revoke(PLAYER)
        assert await ended(events)
