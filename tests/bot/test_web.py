"""The page's server: who may see and do what (initData as the Bot API documents it, the chat's
members, one's own seat), the scenes, and moves from the page through the buttons' use cases."""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.web import auth
from storage.memory.store import MemoryStore

from .fake import TOKEN, Harness
from .web import (
    client_of,
    hand_info,
    init_data,
    page,
    page_buttons,
    telegram_text,
    two_workers,
    under_felt,
)

OTHER_TOKEN = "654321:" + "B" * 35


async def hearts(h: Harness) -> int:
    await h.open_table("hearts", [101], 3)
    table = await h.runtime.store.tables.seat_of(101)
    assert table is not None and table.id is not None
    return table.id


async def status_of(client: TestClient[Any, Any], data: str) -> int:
    response = await client.post("/api/session", json={"initData": data})
    return response.status


def test_init_data_checked_as_documented() -> None:
    viewer, start = auth.check_init_data(init_data(7, start="42"), TOKEN)
    assert (viewer.id, viewer.name, viewer.lang, start) == (7, "User7", "hy", "42")


async def test_forged_changed_expired_and_other_bots_init_data_get_401() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        client = await client_of(h)
        try:
            assert await status_of(client, init_data(7)) == 200
            forged = init_data(7, hash="0" * 64)
            changed = init_data(7, user=json.dumps({"id": 8, "first_name": "Mallory"}))
            expired = init_data(7, auth_date=time.time() - 3700)
            other_bot = init_data(7, token=OTHER_TOKEN)
            for data in (forged, changed, expired, other_bot, "", "hash=1&hash=2"):
                assert await status_of(client, data) == 401, data
            bad = await client.get("/api/table/1", headers={"Authorization": "Session x.y"})
            assert bad.status == 401
        finally:
            await client.close()


async def test_a_session_in_the_url_is_refused() -> None:
    """Access logs keep URLs: a session is read from the Authorization header only."""
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            me = await page(client, 101)
            for path in (f"/api/table/{table}", f"/api/table/{table}/events"):
                response = await client.get(path, params={"s": me.session})
                assert response.status == 401, path
            events = await me.events(table)
            assert events.status == 200
            events.close()
        finally:
            await client.close()


def test_a_session_is_this_bots_and_expires() -> None:
    session = auth.issue(auth.Viewer(7, "A"), TOKEN, now=1000.0)
    assert auth.read(session, TOKEN, now=1000.0 + 60).id == 7
    for token, now in ((OTHER_TOKEN, 1060.0), (TOKEN, 1000.0 + auth.SESSION_SECONDS + 1)):
        try:
            auth.read(session, token, now=now)
        except auth.Refused:
            continue
        raise AssertionError("accepted")


async def test_a_spectator_sees_the_public_view_only_if_in_the_chat() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            h.fake.left.add(300)
            outsider = await page(client, 300)
            response = await client.get(f"/api/table/{table}", headers=outsider.headers)
            assert response.status == 403
            watcher = await page(client, 301)
            seen = await watcher.scene(table)
            assert seen["seat"] is None and seen["cards"] == [] and "hand" not in seen["view"]
            player = await (await page(client, 101)).scene(table)
            assert player["seat"] == 0 and len(player["cards"]) == 13
            assert [c["code"] for c in player["cards"]] == player["view"]["hand"]
        finally:
            await client.close()


async def test_a_pass_and_a_card_from_the_page_redraw_the_group_and_the_hand() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            me = await page(client, 101)
            for _ in range(3):
                scene = await me.scene(table)
                card = next(c for c in scene["cards"] if c["state"] == "legal")
                assert (await me.press(card["data"]))[0] == 200
            scene = await me.scene(table)
            assert sum(c["state"] == "chosen" for c in scene["cards"]) == 3
            confirm = page_buttons(scene)[-1][0]
            group_before, hand_before = h.table_message().text, h.hand(101).text
            assert (await me.press(confirm["data"]))[0] == 200
            await h.idle()
            scene = await me.scene(table)
            assert scene["view"]["phase"] == "play" and h.table_message().text != group_before
            assert h.hand(101).text != hand_before and telegram_text(scene["hand"]) == h.hand(101).text
        finally:
            await client.close()


async def test_refused_presses_change_nothing() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            me, stranger = await page(client, 101, "en"), await page(client, 301)
            record = await h.runtime.store.tables.by_id(table)
            assert record is not None
            scene = await me.scene(table)
            card = next(c for c in scene["cards"] if c["state"] == "legal")
            status, body = await stranger.press(card["data"])  # a seat that is not theirs
            assert status == 403 and body["alert"]
            h.fake.left.add(302)
            outsider = await page(client, 302)
            status, _ = await outsider.press(card["data"])
            assert status == 403
            stale = card["data"].replace(f"|{record.version}|", "|")  # forged shapes
            for data in ("x|1|2|3", f"a|{table}|999|pass:2C,3C,4C", stale + "|"):
                status, body = await me.press(data)
                assert status in (400, 409) and body["alert"], data
            after = await h.runtime.store.tables.by_id(table)
            assert after is not None and after.log == record.log
            assert after.seats[0].selection == record.seats[0].selection
        finally:
            await client.close()


async def test_open_pages_get_each_version_and_catch_up_after_a_reconnect() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            me, watcher = await page(client, 101), await page(client, 301)
            events = await watcher.events(table)
            first = await next_scene(events)
            scene = await me.scene(table)
            await me.press(next(c for c in scene["cards"] if c["state"] == "legal")["data"])
            second = await next_scene(events)
            assert second["version"] > first["version"] and second["seat"] is None
            events.close()
            again = await watcher.events(table, since=first["version"])
            caught = await next_scene(again)
            assert caught["version"] >= second["version"]
            again.close()
        finally:
            await client.close()


async def next_scene(events: Any) -> dict[str, Any]:
    """The next scene event of a stream (keepalives skipped)."""
    async def read() -> dict[str, Any]:
        data = b""
        while True:
            line = await events.content.readline()
            if line.startswith(b"data: "):
                data = line[6:]
            elif line == b"\n" and data:
                return dict(json.loads(data))
    return await asyncio.wait_for(read(), 30)


async def test_ways_in_only_with_webapp_url(unused_tcp_port: int) -> None:
    async with Harness(MemoryStore(), webapp_url="https://example.org/seghan",  # type: ignore[arg-type]
                       webapp_short_name="table", webapp_port=unused_tcp_port) as h:
        table = await hearts(h)
        group = [b for b in h.table_message().buttons() if "url" in b]
        assert [b["url"] for b in group] == [
            f"https://t.me/seghan_test_bot/table?startapp={table}"]
        hand = [b for b in h.hand(101).buttons() if "web_app" in b]
        assert [b["web_app"]["url"] for b in hand] == [f"https://example.org/seghan/?table={table}"]
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await hearts(h)
        assert not any("url" in b or "web_app" in b for b in
                       h.table_message().buttons() + h.hand(101).buttons())


def test_bad_page_settings_are_one_line() -> None:
    import pytest
    from pydantic import ValidationError

    from bot.settings import Settings

    assert Settings(telegram_bot_token=TOKEN).webapp_problem() is None
    lacking = Settings(telegram_bot_token=TOKEN, webapp_url="https://example.org/t")
    assert "WEBAPP_SHORT_NAME" in (lacking.webapp_problem() or "")
    for bad in ({"webapp_url": "http://example.org"}, {"webapp_short_name": "a b"}):
        with pytest.raises(ValidationError):
            Settings(telegram_bot_token=TOKEN, **bad)  # type: ignore[arg-type]


async def test_a_hand_on_an_open_page_is_not_edited_in_private_until_the_page_closes(
        monkeypatch: Any) -> None:
    from bot.web import server

    monkeypatch.setattr(server, "KEEPALIVE", 0.1)  # a closed page is noticed at the next write
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        table = await hearts(h)
        client = await client_of(h)
        try:
            me = await page(client, 101)
            events = await me.events(table)
            await next_scene(events)
            edits = h.hand(101).edits
            scene = await me.scene(table)
            await me.press(next(c for c in scene["cards"] if c["state"] == "legal")["data"])
            await h.idle()
            assert h.hand(101).edits == edits  # drawn on the page only
            events.close()
            async def redrawn() -> None:
                while h.hand(101).edits == edits:
                    await asyncio.sleep(0.05)
            await asyncio.wait_for(redrawn(), 30)
            assert "✅" in str(h.hand(101).markup)  # the private hand shows the chosen card
        finally:
            await client.close()


async def test_a_page_on_one_worker_sees_a_move_made_through_another(postgres_db: str) -> None:
    """Two workers on one PostgreSQL database: LISTEN/NOTIFY carries the move (storage/postgres/notify.py)."""
    async with two_workers(postgres_db) as (a, _, web_a, web_b):
        table = await hearts(a)
        watcher = await page(web_a, 301)
        events = await watcher.events(table)
        first = await next_scene(events)
        player = await page(web_b, 101)
        scene = await player.scene(table)
        legal = next(c for c in scene["cards"] if c["state"] == "legal")
        assert (await player.press(legal["data"]))[0] == 200
        moved = await next_scene(events)
        assert moved["version"] > first["version"]
        events.close()


async def test_page_and_buttons_interleaved_apply_each_move_once() -> None:
    """101 plays on the page, 102 with the buttons; every card 101 plays is pressed on both at
    once too: the table takes it once and refuses the other press, and the deal ends."""
    from .test_leaks import choose

    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.open_table("hearts", [101, 102], 2)
        record = await h.runtime.store.tables.seat_of(101)
        assert record is not None and record.id is not None
        table = record.id
        client = await client_of(h)
        rng = random.Random(5)
        try:
            me = await page(client, 101)
            twice = 0
            for _ in range(200):
                scene = await me.scene(table)
                if scene["status"] != "playing" or scene["view"]["history"]:
                    break
                legal = [c for c in scene["cards"] if c["state"] == "legal"]
                chosen = [c for c in scene["cards"] if c["state"] == "chosen"]
                if len(chosen) == 3:
                    await me.press(page_buttons(scene)[-1][0]["data"])
                elif legal and scene["view"]["phase"] == "play":
                    before = len((await h.runtime.store.tables.by_id(table)).log)  # type: ignore[union-attr]
                    button = next(b["callback_data"] for b in h.hand(101).buttons()
                                  if b["callback_data"].endswith(legal[0]["code"]))
                    await asyncio.gather(me.press(legal[0]["data"]),
                                         h.press(101, h.hand(101), button))
                    after = await h.runtime.store.tables.by_id(table)
                    assert after is not None
                    mine = [a for s, a in after.log[before:] if s == 0]
                    assert mine == [f"play:{legal[0]['code']}"], mine
                    twice += 1
                elif legal:
                    await me.press(legal[0]["data"])
                if (data := choose(h, 102, rng)) is not None:
                    await h.press(102, h.hand(102), data)
                await h.idle()
            final = await h.runtime.store.tables.by_id(table)
            assert final is not None and twice >= 10
            plays = [(s, a) for s, a in final.log if a.startswith("play:")]
            assert len(plays) == len(set(plays)) >= 52  # every card of the deal played once
        finally:
            await client.close()


@pytest.mark.parametrize("game", ["bazar_blot", "fifty_six"])
async def test_under_the_felt_each_teams_standing_shows_once_and_trimmed(game: str) -> None:
    """The team games' standings lines (a team's names, its total): every team's once, to the
    player and to a spectator, none of them starting with the Telegram message's turn marks, and
    the hand does not say them again."""
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.open_table(game, [101], 3)
        await h.idle()
        table = await h.runtime.store.tables.seat_of(101)
        assert table is not None and table.id is not None
        client = await client_of(h)
        try:
            for user in (101, 301):
                scene = await (await page(client, user)).scene(table.id)
                shown = under_felt(scene) + hand_info(scene)
                for team in scene["view"]["teams"]:
                    names = " & ".join(scene["names"][s] for s in team)
                    assert sum(names in line for line in shown) == 1, (names, shown)
                assert all(line == line.strip() for line in shown), shown
        finally:
            await client.close()
