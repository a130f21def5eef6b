"""The page's server against what an attacker sends (the probe of issue 42 grown into tests):
every body that is not what the page sends gets a 400 with a short reason and nothing logged as an
error; every answer, errors included, carries the page's security headers and names no versions."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest
from aiohttp.test_utils import TestClient

from bot.web import guard
from bot.web.server import WEB
from storage.memory.store import MemoryStore
from tests.bot.fake import Harness
from tests.bot.web import client_of, init_data, page

DEEP = b"[" * 100_000 + b"]" * 100_000  # well under the old 1 MB limit; json.loads recursed on it
BAD_BODIES: list[tuple[str, bytes]] = [
    ("deep list", DEEP),
    ("deep in an object", b'{"data": ' + b"[" * 5_000 + b"]" * 5_000 + b"}"),
    ("deep objects", b'{"a":' * 3_000 + b"1" + b"}" * 3_000),
    ("too large", b'{"data": "' + b"x" * (guard.MAX_BODY + 10) + b'"}'),
    ("not JSON", b"{data: 1"),
    ("not UTF-8", b'{"data": "\xff\xfe"}'),
    ("empty", b""),
    ("a list", b'["data"]'),
    ("a string", b'"data"'),
    ("a number", b"1e999999"),
    ("data a number", b'{"data": 12}'),
    ("data a list", b'{"data": ["x"]}'),
    ("data an object", b'{"data": {"x": 1}}'),
    ("initData null", b'{"initData": null}'),
]


@pytest.mark.parametrize("path", ["/api/press", "/api/session"])
async def test_every_malformed_body_is_a_400_with_a_reason_and_no_error_logged(
        path: str, caplog: pytest.LogCaptureFixture) -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        client = await client_of(h)
        try:
            me = await page(client, 101)
            for name, raw in BAD_BODIES:
                if path == "/api/session" and name.startswith("data "):
                    raw = raw.replace(b'"data"', b'"initData"')
                with caplog.at_level(logging.WARNING):
                    response = await client.post(path, data=raw, headers={
                        **me.headers, "Content-Type": "application/json"})
                    reason = await response.text()
                assert response.status == 400, (name, response.status, reason[:200])
                assert 0 < len(reason) < 80, name
                assert not [r for r in caplog.records if r.levelno >= logging.ERROR], name
        finally:
            await client.close()


def test_depth_is_counted_outside_strings_only() -> None:
    assert not guard.too_deep(b'{"data": "[[[[[[[[[[[[[[[[[[[[[[\\"[[[[["}')
    assert guard.too_deep(b'{"a": [[[["x"]]]]}')
    assert not guard.too_deep(b'{"a": [[["x"]]]}')


async def headers_of(client: TestClient[Any, Any], method: str, path: str,
                     **kwargs: Any) -> tuple[int, Any]:
    response = await client.request(method, path, **kwargs)
    await response.read()
    return response.status, response.headers


async def test_every_answer_carries_the_security_headers_and_no_versions() -> None:
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        await h.open_table("hearts", [101], 3)
        table = await h.runtime.store.tables.seat_of(101)
        assert table is not None
        client = await client_of(h)
        web = client.server.app[WEB]

        async def broken(*args: Any) -> None:
            raise RuntimeError("planted")
        try:
            me = await page(client, 101)
            answers = [
                await headers_of(client, "GET", "/"),
                await headers_of(client, "GET", "/static/page.js"),
                await headers_of(client, "GET", "/static/nothing.js"),
                await headers_of(client, "GET", "/nowhere"),
                await headers_of(client, "POST", "/api/session", json={"initData": init_data(1)}),
                await headers_of(client, "POST", "/api/session", json={"initData": "x"}),
                await headers_of(client, "GET", f"/api/table/{table.id}", headers=me.headers),
                await headers_of(client, "POST", "/api/press", data=b"[[", headers=me.headers),
                await headers_of(client, "DELETE", "/api/press")]
            events = await me.events(table.id or 0)
            answers.append((events.status, events.headers))
            events.close()
            web._outcome = broken  # a fault in a route: aiohttp's own 500
            answers.append(await headers_of(client, "GET", f"/api/table/{table.id}",
                                            headers=me.headers))
        finally:
            await client.close()
    assert sorted({status for status, _ in answers}) == [200, 400, 401, 404, 405, 500]
    for status, headers in answers:
        for name, value in guard.HEADERS.items():
            assert headers.get(name) == value, (status, name)
    policy = guard.HEADERS["Content-Security-Policy"]
    assert "script-src 'self' https://telegram.org/js/telegram-web-app.js;" in policy
    assert "frame-ancestors https://web.telegram.org https://*.telegram.org" in policy
    assert "Python" not in str(answers) and "aiohttp" not in str(answers)


async def test_a_body_sent_in_pieces_is_read_whole_and_a_long_one_refused() -> None:
    """Chunked (no Content-Length), in small pieces: the whole body is read; past the limit,
    400 as any other."""
    async with Harness(MemoryStore()) as h:  # type: ignore[arg-type]
        client = await client_of(h)

        async def pieces(body: bytes) -> Any:
            for start in range(0, len(body), 7):
                yield body[start:start + 7]
                await asyncio.sleep(0.001)
        try:
            me = await page(client, 101)
            whole = await client.post("/api/session", data=pieces(
                json.dumps({"initData": init_data(101)}).encode()))
            assert whole.status == 200, await whole.text()  # read whole: signed in
            long = b'{"data": "' + b"x" * (guard.MAX_BODY + 10) + b'"}'
            too_long = await client.post("/api/press", data=pieces(long), headers=me.headers)
            assert too_long.status == 400 and "too large" in await too_long.text()
        finally:
            await client.close()
