"""A tiny webhook router for tests and benches: one URL in front of several bot workers.

Each POST (body and headers, the X-Telegram-Bot-Api-Secret-Token included) goes to one worker,
round-robin by default, so any update may reach any worker (what a multi-worker bot must
survive), or to the worker a ``key`` function picks from the body. The worker's status and body
come back unchanged. A worker that refuses the connection is skipped for the next one; when all
are down the answer is 502, so the Bot API keeps the update and retries later.

In a test::

    async with Router(["http://127.0.0.1:9001/hook", "http://127.0.0.1:9002/hook"]) as router:
        ...  # setWebhook(router.url)

From a shell: ``python -m tests.router --listen 8443 --to URL1,URL2,...``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import signal
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import aiohttp
from aiohttp import web

# Not forwarded: they describe one hop, not the request (aiohttp sets its own).
HOP_HEADERS = frozenset({"host", "content-length", "connection", "keep-alive", "transfer-encoding",
                         "te", "trailer", "upgrade", "proxy-authorization", "proxy-connection"})

Key = Callable[[bytes], int]


def by_chat(body: bytes) -> int:
    """A key function: the update's chat (or the user, for updates without one), so one chat
    always reaches the same worker; anything unreadable goes to the first."""
    try:
        update = json.loads(body)
        inner = next(v for k, v in update.items() if k != "update_id" and isinstance(v, dict))
        chat = (inner.get("message") or inner).get("chat") or inner.get("from") or {}
        return int(chat.get("id", 0))
    except (ValueError, StopIteration, AttributeError, TypeError):
        return 0


@dataclass(frozen=True)
class Forward:
    """One POST the router handled: the worker that answered (None: all down) and the status."""

    target: str | None
    status: int
    tried: tuple[str, ...]  # the workers tried, in order (the refused ones first)


class Router:
    def __init__(self, targets: Sequence[str], *, host: str = "127.0.0.1", port: int = 0,
                 key: Key | None = None, timeout: float = 30.0):
        if not targets:
            raise ValueError("a router needs at least one worker URL")
        self.targets = list(targets)
        self.host, self.port = host, port
        self.key = key
        self.timeout = timeout
        self.forwards: list[Forward] = []
        self._next = 0
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None

    @property
    def url(self) -> str:
        """The router's own URL (any path is accepted; this one has none)."""
        return f"http://{self.host}:{self.port}/"

    async def start(self) -> None:
        self._session = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=self.timeout),
                                              auto_decompress=False)
        app = web.Application()
        app.router.add_route("POST", "/{path:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, self.host, self.port).start()
        self.port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def __aenter__(self) -> Router:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    def _first(self, body: bytes) -> int:
        if self.key is not None:
            return self.key(body) % len(self.targets)
        first, self._next = self._next, (self._next + 1) % len(self.targets)
        return first

    async def _handle(self, request: web.Request) -> web.Response:
        assert self._session is not None
        body = await request.read()
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_HEADERS}
        first = self._first(body)
        tried: list[str] = []
        for i in range(len(self.targets)):
            target = self.targets[(first + i) % len(self.targets)]
            tried.append(target)
            try:
                async with self._session.post(target, data=body, headers=headers) as response:
                    payload = await response.read()
                    kept = {k: v for k, v in response.headers.items()
                            if k.lower() not in HOP_HEADERS | {"content-encoding", "date",
                                                                "server"}}
                    self.forwards.append(Forward(target, response.status, tuple(tried)))
                    return web.Response(status=response.status, body=payload, headers=kept)
            except aiohttp.ClientConnectorError:
                continue  # down (refused): the next worker
            except (TimeoutError, aiohttp.ClientError):
                # it took the request and may have handled it: no second worker, let the Bot
                # API retry (at least once, as Telegram)
                self.forwards.append(Forward(target, 504, tuple(tried)))
                return web.Response(status=504, text="worker did not answer")
        self.forwards.append(Forward(None, 502, tuple(tried)))
        return web.Response(status=502, text="no worker is up")


async def serve(router: Router) -> None:
    await router.start()
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    print(f"routing {router.url} -> {', '.join(router.targets)}", flush=True)
    try:
        await stop.wait()
    finally:
        await router.stop()


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.router", description=__doc__.split(
        "\n", 1)[0])
    parser.add_argument("--listen", type=int, required=True, help="port on --host")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--to", required=True, help="worker URLs, comma-separated")
    parser.add_argument("--by-chat", action="store_true",
                        help="one chat, one worker (default: round-robin)")
    args = parser.parse_args(argv)
    targets = [t.strip() for t in args.to.split(",") if t.strip()]
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(serve(Router(targets, host=args.host, port=args.listen,
                                 key=by_chat if args.by_chat else None)))


if __name__ == "__main__":
    main()
