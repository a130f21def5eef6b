"""Webhook delivery: while a webhook is set, POST each pending update to it, like Telegram.

One update at a time, oldest first (so a bot sees them in update order); an update leaves the
queue only when its POST is answered with a 2xx, otherwise it is retried after a backoff that
doubles from ``retry_delay`` up to ``max_retry_delay`` (Telegram's own is seconds to minutes;
these default to test speed). Every attempt is logged as a `Delivery`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable

import aiohttp

from .world import Delivery, Webhook, World, now

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


class WebhookSender:
    def __init__(
        self,
        world: World,
        *,
        retry_delay: float,
        max_retry_delay: float,
        timeout: float,
        clock: Callable[[], float],
    ):
        self.world = world
        self.retry_delay = retry_delay
        self.max_retry_delay = max_retry_delay
        self.timeout = timeout
        self.clock = clock
        self.deliveries: list[Delivery] = []
        self._session: aiohttp.ClientSession | None = None
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        # a fresh connection per delivery, as a restarted bot must not meet a dead keep-alive
        self._session = aiohttp.ClientSession(
            connector=aiohttp.TCPConnector(force_close=True),
            timeout=aiohttp.ClientTimeout(total=self.timeout),
        )
        self._task = asyncio.create_task(self._run(), name="fakeapi-webhook")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self._session is not None:
            await self._session.close()
            self._session = None

    async def _run(self) -> None:
        world = self.world
        delay, last = self.retry_delay, None
        while not world.closing:
            hook = world.webhook
            if hook is not last:  # a new webhook starts with the short delay again
                delay, last = self.retry_delay, hook
            if hook is None or not world.updates:
                await world.wait_changed(1.0)
                continue
            update = world.updates[0]
            status, error = await self._post(hook, update)
            self.deliveries.append(Delivery(update["update_id"], hook.url, status, error,
                                            hook.secret_token, self.clock()))
            if 200 <= status < 300:  # delivered: confirmed, even if the webhook changed since
                world.updates[:] = [u for u in world.updates
                                    if u["update_id"] != update["update_id"]]
                delay = self.retry_delay
                world.changed()
                continue
            hook.last_error_date, hook.last_error_message = now(), error
            world.changed()
            await asyncio.sleep(delay)
            delay = min(delay * 2, self.max_retry_delay)

    async def _post(self, hook: Webhook, update: dict) -> tuple[int, str | None]:
        """(HTTP status, Telegram-style error text); status 0 when nothing answered."""
        assert self._session is not None
        headers = {"Content-Type": "application/json"}
        if hook.secret_token is not None:
            headers[SECRET_HEADER] = hook.secret_token
        try:
            async with self._session.post(hook.url, data=json.dumps(update),
                                          headers=headers) as response:
                await response.read()
                if 200 <= response.status < 300:
                    return response.status, None
                return (response.status,
                        f"Wrong response from the webhook: {response.status} {response.reason}")
        except aiohttp.ClientConnectorError:
            return 0, "Connection refused"
        except TimeoutError:
            return 0, "Read timeout expired"
        except aiohttp.ClientError as error:
            return 0, f"Connection error: {type(error).__name__}"
