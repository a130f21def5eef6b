"""End to end with the page: the real bot process (python -m bot, WEBAPP_URL set) on the fake Bot
API, one player on the page (HTTP, initData signed as Telegram signs it), one on the buttons, the
process killed with SIGKILL at random moments and started again. Every move the page had
acknowledged is in the stored log, once, in order, and the log replays."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp
import pytest

from bot.web import auth
from engine import find_game, replay

from ..bot.test_e2e import bot_process, choose, fake_api, hand_message, open_table
from ..bot.test_e2e_crashes import stored
from ..bot.web import page_buttons
from .browser import free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
KILLS = 4


def init_data(user: Any, token: str) -> str:
    fields = {"auth_date": str(int(time.time())), "user": json.dumps(
        {"id": user.id, "first_name": "Անի", "language_code": "hy"})}
    return urlencode(fields | {"hash": auth.sign_init_data(fields, token)})


async def page_up(base: str) -> None:
    async def up() -> None:
        while True:
            try:
                async with aiohttp.ClientSession() as client, client.get(base + "/") as response:
                    if response.status == 200:
                        return
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    await asyncio.wait_for(up(), 180)


async def page_move(client: aiohttp.ClientSession, table: int) -> str | None:
    """One move from the page (a card, three cards to pass then confirm); the code of an
    acknowledged move, else None."""
    async with client.get(f"/api/table/{table}") as response:
        scene = await response.json()
    legal = [c for c in scene.get("cards", []) if c["state"] == "legal"]
    chosen = [c for c in scene.get("cards", []) if c["state"] == "chosen"]
    if not legal and len(chosen) != 3:  # three chosen: only taking one back is offered, and the confirm
        return None
    data = page_buttons(scene)[-1][0]["data"] if len(chosen) == 3 else legal[0]["data"]
    async with client.post("/api/press", json={"data": data}) as response:
        acked = response.status == 200
    kind, code = data.split("|", 3)[0], data.split("|", 3)[3]
    return (code if kind == "a" else "pass") if acked and kind in ("a", "c") else None


async def test_page_and_buttons_through_kills(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("page-kills")
    port = free_port()
    for name, value in (("WEBAPP_URL", "https://example.org/seghan"), ("WEBAPP_SHORT_NAME", "table"),
                        ("WEBAPP_LISTEN", "127.0.0.1"), ("WEBAPP_PORT", str(port))):
        monkeypatch.setenv(name, value)
    base = f"http://127.0.0.1:{port}"
    database, log = tmp_path / "db.sqlite3", tmp_path / "bot.log"
    acked: list[str] = []
    async with fake_api() as api:
        ani, aram = api.add_user("Անի", language_code="hy"), api.add_user("Արամ", language_code="hy")
        group: Any = None
        for kill in range(KILLS + 1):
            async with bot_process(api, database, log) as process:
                if group is None:
                    group = await open_table(api, [ani, aram], 2, "hearts", ("🎯",))
                await page_up(base)
                table = stored(database)["id"]
                async with aiohttp.ClientSession(base) as client:
                    async with client.post("/api/session",
                                           json={"initData": init_data(ani, api.token)}) as response:
                        assert response.status == 200, await response.text()
                        client.headers["Authorization"] = "Session " + (await response.json())["session"]
                    for _ in range(rng.randint(4, 10) if kill < KILLS else 30):
                        if (code := await page_move(client, table)) is not None:
                            acked.append(code)
                        await buttons_move(api, aram)
                        await asyncio.sleep(rng.random() * 0.2)
                if kill < KILLS:
                    process.kill()
                    await process.wait()
    table = stored(database)
    game = find_game("hearts")
    replay(game, table["players"], table["seed"], table["log"], **table["rules"])
    mine = [code if code.startswith("play:") else "pass" for seat, code in table["log"] if seat == 0]
    it = iter(mine)
    assert all(any(code == m for m in it) for code in acked), (acked, mine)  # in order, none lost
    assert len(acked) >= 20


async def buttons_move(api: Any, user: Any) -> None:
    """A press on the user's hand if it offers one now (its answer awaited briefly: a kill may
    come first)."""
    hand = hand_message(api, user.id)
    data = choose(hand.callback_data, hand) if hand is not None else None
    if data is not None:
        query = await api.user_presses(user, user.id, hand.message_id, data)
        with contextlib.suppress(TimeoutError, AssertionError):
            await api.callback_answer(query, timeout=2.0)
