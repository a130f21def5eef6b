"""A member removed from the group (kicked, banned, or who left) stops watching its tables at
once: Telegram's ``chat_member`` update (or the member's departure in the chat) closes their open
streams and their next request is refused; a refused check does the same; a seated player's
stream stays (their own seat)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from tests.bot.fake import GROUP, _user
from tests.bot.web import page
from tests.web.table import PLAYER, WATCHER, hearts_table, watching


def chat_member(user: int, old: str, new: str) -> dict[str, Any]:
    now = int(time.time())
    return {"chat_member": {
        "chat": {"id": GROUP, "type": "supergroup", "title": "Group"}, "from": _user(1),
        "date": now, "old_chat_member": {"status": old, "user": _user(user)},
        "new_chat_member": {"status": new, "user": _user(user)} | (
            {"until_date": 0} if new == "kicked" else {})}}


def left_message(user: int) -> dict[str, Any]:
    return {"message": {"message_id": 9_999, "date": int(time.time()), "from": _user(user),
                        "chat": {"id": GROUP, "type": "supergroup", "title": "Group"},
                        "left_chat_member": _user(user)}}


async def ended(events: Any, seconds: float = 15.0) -> bool:
    """Whether the stream ends within ``seconds`` (scenes and keepalives read past): one that
    must end is given a busy machine's time, one that must stay open is watched for a second."""
    async def drain() -> None:
        while await events.content.readline():
            pass
    try:
        await asyncio.wait_for(drain(), seconds)
    except TimeoutError:
        return False
    return True


@pytest.mark.parametrize("how", ["kicked", "banned", "left", "left message"])
async def test_a_removed_member_s_stream_closes_and_next_request_is_refused(how: str) -> None:
    async with hearts_table() as (h, table, client):
        watcher, events = await watching(client, table)
        _, own = await watching(client, table, PLAYER)
        assert (await client.get(f"/api/table/{table}", headers=watcher.headers)).status \
            == 200  # a member: cached as such for minutes
        h.fake.left.update({WATCHER, PLAYER})  # Telegram's answer from now on
        for user in (WATCHER, PLAYER):
            await h.feed(left_message(user) if how == "left message" else chat_member(
                user, "member", {"banned": "kicked"}.get(how, how)))
        assert await ended(events)
        again = await client.get(f"/api/table/{table}", headers=watcher.headers)
        assert again.status == 401  # out of every chat known: their session ended too
        fresh = await page(client, WATCHER)  # signed in anew: still not in the chat
        assert (await client.get(f"/api/table/{table}", headers=fresh.headers)).status \
            == 403
        assert not await ended(own, 1.0)  # the player keeps their seat's view
        own.close()


async def test_a_refused_check_closes_the_member_s_streams_of_that_chat() -> None:
    async with hearts_table() as (h, table, client):
        _, events = await watching(client, table)
        h.fake.left.add(WATCHER)
        h.runtime.members._known[GROUP, WATCHER] = (True, 0.0)  # aged: asked next time
        assert not await h.runtime.members.is_member(GROUP, WATCHER)
        assert await ended(events)


async def test_a_stream_asks_again_now_and_then(monkeypatch: pytest.MonkeyPatch) -> None:
    """No word from Telegram: the stream's keepalive asks the cache, which asks once it ages."""
    monkeypatch.setattr("bot.web.server.KEEPALIVE", 0.05)
    async with hearts_table() as (h, table, client):
        _, events = await watching(client, table)
        h.fake.left.add(WATCHER)
        assert not await ended(events, 1.0)  # still cached as a member
        h.runtime.members._known[GROUP, WATCHER] = (True, 0.0)  # the cache's minutes passed
        assert await ended(events)


async def test_a_member_removed_at_one_worker_stops_watching_at_another(postgres_db: str) -> None:
    """Two workers on one PostgreSQL database: Telegram tells one of them; the page open on the
    other closes as fast (NOTIFY, storage/postgres/notify.py)."""
    from tests.bot.web import two_workers

    async with two_workers(postgres_db) as (a, b, web_a, _):
        await a.open_table("hearts", [PLAYER], 3)
        table = await a.runtime.store.tables.seat_of(PLAYER)
        assert table is not None and table.id is not None
        _, events = await watching(web_a, table.id)
        a.fake.left.add(WATCHER)
        b.fake.left.add(WATCHER)
        await b.feed(chat_member(WATCHER, "member", "kicked"))
        assert await ended(events)
