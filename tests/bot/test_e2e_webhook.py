"""End to end in webhook mode: the real bot process (python -m bot --webhook) against the fake
Bot API, which POSTs the updates to it.

1. one human and three computers play a whole Hearts match to 50;
2. posts without the secret header, or with a wrong one, are refused with 403 and change nothing;
3. SIGTERM stops the bot in under 5 s; a press while it is down waits at the fake (deliveries
   refused, retried) and is handled after the restart, in the same table;
4. missing or bad webhook settings: one clear line, exit 2;
5. tests.router in front of one worker, the second worker URL down: every update arrives.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from telegram import Bot

from tests.bot.test_e2e import (
    ROOT,
    START_WAIT,
    WAIT,
    act,
    bot_env,
    choose,
    fake_api,
    hand_message,
    open_table,
    posted,
)
from tests.fakeapi import DEFAULT_TOKEN, FakeBotApi
from tests.router import Router, by_chat

pytestmark = pytest.mark.e2e

SECRET = "e2e-Secret_0123456789"
PATH = "/seghan"
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def webhook_env(api: FakeBotApi, database: Path, port: int, url: str | None = None) -> dict[str, str]:
    """bot_env plus the webhook: the bot listens on 127.0.0.1:port/seghan; ``url`` is what it
    asks the fake to post to (itself, unless a router is in front)."""
    return {**bot_env(api, database), "WEBHOOK_URL": url or f"http://127.0.0.1:{port}{PATH}",
            "WEBHOOK_SECRET": SECRET, "WEBHOOK_LISTEN": "127.0.0.1", "WEBHOOK_PORT": str(port),
            "WEBHOOK_PATH": PATH}


async def listening(port: int, timeout: float = START_WAIT) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if time.monotonic() > deadline:
                raise
            await asyncio.sleep(0.05)
            continue
        writer.close()
        await writer.wait_closed()
        return


@asynccontextmanager
async def webhook_process(api: FakeBotApi, database: Path, log: Path, port: int,
                          url: str | None = None) -> AsyncIterator[Any]:
    sets = len([c for c in api.calls_to("setWebhook") if c.status == 200])
    with log.open("a") as out:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--webhook", cwd=ROOT,
            env=webhook_env(api, database, port, url), stdout=out, stderr=out)
    try:  # up once it has set the webhook and its server listens
        await api.wait_for(lambda: len([c for c in api.calls_to("setWebhook")
                                        if c.status == 200]) > sets, timeout=START_WAIT)
        await listening(port)
        yield process
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), 10)
            except TimeoutError:
                process.kill()
                await process.wait()


def no_errors(api: FakeBotApi) -> None:
    assert not [c for c in api.calls if c.status >= 400 and c.status != 429], "API errors"
    assert not api.calls_to("getUpdates"), "a webhook bot never polls"


async def test_one_human_and_three_computers_play_hearts_to_50(tmp_path: Path) -> None:
    port = free_port()
    async with fake_api() as api, webhook_process(api, tmp_path / "db.sqlite3",
                                                  tmp_path / "bot.log", port):
        assert api.webhook_url == f"http://127.0.0.1:{port}{PATH}"
        assert api.world.webhook is not None and api.world.webhook.secret_token == SECRET
        aram = api.add_user("Արամ", username="aram", language_code="hy")
        started = time.monotonic()
        group = await open_table(api, [aram], 3, "hearts", ("🎯",))
        lobby = api.bot_messages(group)[0]
        assert "Մինչև 50" in json.dumps([h[2] for h in lobby.history], ensure_ascii=False)
        over = lambda: posted(api, group, "🏆")  # noqa: E731
        moves = 0
        while await act(api, aram.id, over):
            moves += 1
        print(f"webhook: a Hearts match to 50, {moves} presses, "
              f"{time.monotonic() - started:.1f} s, {len(api.deliveries)} deliveries")
        assert posted(api, group, "Ընդհանուր")
        assert len([m for m in api.bot_messages(aram.id) if "🃏" in m.text]) == 1
        no_errors(api)
        assert all(d.ok for d in api.deliveries if d.status), "only 2xx once it listened"
        assert not api.pending_updates


async def test_posts_without_the_secret_are_refused_and_change_nothing(tmp_path: Path) -> None:
    port = free_port()
    async with fake_api() as api, webhook_process(api, tmp_path / "db.sqlite3",
                                                  tmp_path / "bot.log", port):
        aram = api.add_user("Արամ", language_code="hy")
        group = api.add_group("Սեղան", members=[aram], creator=aram)
        await api.user_starts_private(aram)
        await api.wait_for_bot_message(aram.id, timeout=WAIT)
        calls = len(api.calls)
        forged = {"update_id": 999_999, "message": {
            "message_id": 1, "date": int(time.time()), "text": "/new hearts",
            "entities": [{"type": "bot_command", "offset": 0, "length": 4}],
            "chat": api.world.chat_to_api(group), "from": aram.to_api()}}
        url = f"http://127.0.0.1:{port}{PATH}"
        async with aiohttp.ClientSession() as http:
            for headers in ({}, {SECRET_HEADER: "wrong"}, {SECRET_HEADER: SECRET[:-1]},
                            {SECRET_HEADER: ""}):
                async with http.post(url, json=forged, headers=headers) as response:
                    assert response.status == 403, headers
        await asyncio.sleep(1.0)
        assert api.calls[calls:] == [] and api.bot_messages(group) == [], "nothing handled"
        said = await api.user_sends(aram, group, "/new hearts")  # through the fake: handled
        await api.wait_for_bot_message(group, after=said.message_id, timeout=WAIT)
        no_errors(api)


async def test_sigterm_stops_fast_and_a_restart_continues_the_table(tmp_path: Path) -> None:
    port, database, log = free_port(), tmp_path / "db.sqlite3", tmp_path / "bot.log"
    async with fake_api() as api:
        aram = api.add_user("Արամ", language_code="hy")
        async with webhook_process(api, database, log, port) as process:
            group = await open_table(api, [aram], 3, "hearts")
            for _ in range(6):
                assert await act(api, aram.id, lambda: False)
            # the computers answer and the hand offers a move again (on a loaded machine a
            # SIGTERM could land first: computers stop thinking at shutdown, and the hand would
            # offer nothing to press while the bot is down)
            hand = await api.wait_for(lambda: (h := hand_message(api, aram.id)) is not None
                                      and choose(h.callback_data, h) and h, timeout=WAIT)
            process.send_signal(signal.SIGTERM)
            await asyncio.wait_for(process.wait(), 20)  # out within its bounded shutdown, or TimeoutError
        assert process.returncode == 0, process.returncode
        # pressed while the bot is down: Telegram (the fake) keeps it and retries
        hand = hand_message(api, aram.id)
        data = choose(hand.callback_data, hand)
        assert data is not None
        edits = hand.edit_count  # (the fake's Message is live: keep the number)
        query = await api.user_presses(aram.id, aram.id, hand.message_id, data)
        await api.wait_for(lambda: [d for d in api.deliveries if d.status == 0], timeout=WAIT)
        assert api.pending_updates, "kept while nobody answers"
        async with webhook_process(api, database, log, port):
            answer = await api.callback_answer(query, timeout=WAIT)
            assert not answer.show_alert, answer.text
            await api.wait_for(lambda: hand_message(api, aram.id).edit_count > edits,
                               timeout=WAIT)  # the press drawn: the next one is not stale
            deal_over = lambda: posted(api, group, "ավարտվեց")  # noqa: E731
            while await act(api, aram.id, deal_over):
                pass
        assert hand_message(api, aram.id).message_id == hand.message_id, "the same hand message"
        assert api.bot_messages(group)[0].edit_count > 0
        assert api.token not in log.read_text() and SECRET not in log.read_text()


@pytest.mark.parametrize(("env", "words"), [
    ({"WEBHOOK_URL": ""}, "WEBHOOK_URL"),
    ({"WEBHOOK_SECRET": ""}, "WEBHOOK_SECRET"),
    ({"WEBHOOK_SECRET": "has spaces"}, "WEBHOOK_SECRET"),
    ({"WEBHOOK_SECRET": "x" * 257}, "WEBHOOK_SECRET"),
    ({"WEBHOOK_URL": "ftp://example.org/hook"}, "WEBHOOK_URL"),
    ({"WEBHOOK_PORT": "70000"}, "WEBHOOK_PORT"),
    ({"WEBHOOK_PATH": "/a path"}, "WEBHOOK_PATH"),
])
async def test_missing_or_bad_webhook_settings_are_one_clear_line(
        tmp_path: Path, env: dict[str, str], words: str) -> None:
    base = {"TELEGRAM_BOT_TOKEN": DEFAULT_TOKEN, "PYTHONPATH": str(ROOT),
            "DATABASE_PATH": str(tmp_path / "db"), "TELEGRAM_API_BASE_URL": "http://127.0.0.1:9",
            "WEBHOOK_URL": "https://bot.example.org/seghan", "WEBHOOK_SECRET": SECRET}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", "--webhook", cwd=tmp_path, env={**base, **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await asyncio.wait_for(process.communicate(), 30)
    lines = err.decode().strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1, err.decode()
    assert words in lines[0] and "Traceback" not in err.decode() + out.decode()


async def test_a_webhook_port_in_use_is_one_clear_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"TELEGRAM_BOT_TOKEN": DEFAULT_TOKEN, "PYTHONPATH": str(ROOT),
               "DATABASE_PATH": str(tmp_path / "db"), "TELEGRAM_API_BASE_URL": "http://127.0.0.1:9",
               "WEBHOOK_URL": "https://bot.example.org/seghan", "WEBHOOK_SECRET": SECRET,
               "WEBHOOK_LISTEN": "127.0.0.1", "WEBHOOK_PORT": str(port)}
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--webhook", cwd=tmp_path, env=env,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
        out, err = await asyncio.wait_for(process.communicate(), 30)
    lines = err.decode().strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1 and "cannot listen" in lines[0], lines


async def test_the_router_fails_over_to_the_worker_that_is_up(tmp_path: Path) -> None:
    port, dead = free_port(), free_port()
    workers = [f"http://127.0.0.1:{port}{PATH}", f"http://127.0.0.1:{dead}{PATH}"]
    async with fake_api() as api, Router(workers) as router:
        async with webhook_process(api, tmp_path / "db.sqlite3", tmp_path / "bot.log", port,
                                   url=router.url):
            assert api.webhook_url == router.url
            aram = api.add_user("Արամ", language_code="hy")
            group = await open_table(api, [aram], 3, "hearts")
            for _ in range(8):
                assert await act(api, aram.id, lambda: False)
        assert router.forwards and all(f.target == workers[0] for f in router.forwards)
        assert any(f.tried == (workers[1], workers[0]) for f in router.forwards), "failed over"
        assert {f.status for f in router.forwards} == {200}
        assert all(d.ok for d in api.deliveries), "the fake never saw the dead worker"
        table = api.bot_messages(group)[0]  # the group saw play: a trick taken, drawn in its table
        assert any("Նախորդ առքը՝" in text for text in (table.text, *(h[0] for h in table.history)))
        no_errors(api)


async def test_the_router_answers_502_when_every_worker_is_down() -> None:
    workers = [f"http://127.0.0.1:{free_port()}/hook", f"http://127.0.0.1:{free_port()}/hook"]
    async with FakeBotApi(flood_limits=False, webhook_retry_delay=0.01) as api, \
            Router(workers, key=by_chat) as router:
        async with Bot(api.token, base_url=api.base_url) as bot:
            await bot.set_webhook(router.url + "any/path", secret_token=SECRET)
        alice = api.add_user("Alice")
        group = api.add_group("G", members=[alice])
        await api.user_sends(alice, group, "hello")
        await api.wait_for(lambda: len(api.deliveries) >= 3)
        assert {d.status for d in api.deliveries} == {502} and len(api.pending_updates) == 1
        first = router.forwards[0]
        assert first.target is None and set(first.tried) == set(workers)
        body = json.dumps(api.pending_updates[0]).encode()
        assert workers[by_chat(body) % 2] == first.tried[0], "by_chat picks the chat's worker"


def test_webhook_settings_read_as_documented(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.__main__ import sqlite_file
    from bot.settings import Settings

    for name in ("WEBHOOK_URL", "WEBHOOK_SECRET", "WEBHOOK_PATH", "DATABASE_URL", "DATABASE_PATH"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", DEFAULT_TOKEN)
    plain = Settings(_env_file=None)  # type: ignore[call-arg]
    assert (plain.webhook_listen, plain.webhook_port, plain.webhook_url_path) == ("0.0.0.0", 8443, "/")
    assert plain.database == "./data/seghan.sqlite3" and "WEBHOOK_URL" in str(plain.webhook_problem())
    monkeypatch.setenv("WEBHOOK_URL", "https://bot.example.org/seghan/hook")
    monkeypatch.setenv("DATABASE_URL", "postgresql://seghan@db/seghan")
    hooked = Settings(_env_file=None)  # type: ignore[call-arg]
    assert hooked.webhook_url_path == "/seghan/hook", "the URL's own path by default"
    assert "WEBHOOK_SECRET" in str(hooked.webhook_problem())
    assert hooked.database == "postgresql://seghan@db/seghan", "DATABASE_URL wins"
    monkeypatch.setenv("WEBHOOK_SECRET", SECRET)
    monkeypatch.setenv("WEBHOOK_PATH", "in")
    ready = Settings(_env_file=None)  # type: ignore[call-arg]
    assert ready.webhook_problem() is None and ready.webhook_url_path == "/in"
    assert [sqlite_file(d) for d in ("db.sqlite3", "sqlite:///data/x.db", "sqlite:////abs/x.db",
                                     "postgresql://h/db", ":memory:")] == [
        "db.sqlite3", "data/x.db", "/abs/x.db", None, ":memory:"]


async def test_with_the_page_one_port_answers_the_webhook_and_the_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """WEBAPP_URL set in webhook mode: the page and the webhook on one server and one port (one
    reverse proxy, one certificate); the page's own port is not opened."""
    port, page_port = free_port(), free_port()
    for name, value in (("WEBAPP_URL", "https://example.org/seghan"),
                        ("WEBAPP_SHORT_NAME", "table"), ("WEBAPP_PORT", str(page_port))):
        monkeypatch.setenv(name, value)  # bot_env passes the environment on
    async with fake_api() as api, webhook_process(api, tmp_path / "db.sqlite3",
                                                  tmp_path / "bot.log", port):
        aram = api.add_user("Արամ", language_code="hy")
        group = await open_table(api, [aram], 3, "hearts")
        assert await act(api, aram.id, lambda: False), "a press through the webhook"
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/") as response:
                assert response.status == 200 and "<html" in (await response.text()).lower()
                assert response.headers["Server"] == "Seghan"
            async with http.post(f"http://127.0.0.1:{port}/api/session",
                                 json={"initData": "x"}) as response:
                assert response.status == 401, "the page's API, same port"
            async with http.post(f"http://127.0.0.1:{port}{PATH}", json={}) as response:
                assert response.status == 403, "the webhook's secret still checked"
        with pytest.raises(OSError):
            await asyncio.open_connection("127.0.0.1", page_port)
        assert api.bot_messages(group)
        no_errors(api)
    assert "the webhook (/seghan) and the page on 127.0.0.1:" in (tmp_path / "bot.log").read_text()
