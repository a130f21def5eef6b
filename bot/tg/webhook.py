"""Webhook mode with the page: one server and one port answer both Telegram's webhook and the
page, so one reverse proxy and one TLS certificate serve the two. python-telegram-bot's way for a
custom web server (its ``customwebhookbot`` example): an Application without an Updater, each
update the route receives put on ``application.update_queue``, the application started and
stopped by hand around the server."""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import signal
from typing import Any

from aiohttp import web
from telegram import Update

from ..settings import Settings
from .context import App
from .lifecycle import start_by_hand, stop_by_hand

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"


def route(application: App, settings: Settings) -> web.RouteDef:
    """POST WEBHOOK_PATH: an update from Telegram (its secret header checked, as PTB's own
    server checks it: anything else is refused with 403 and changes nothing)."""
    secret = (settings.webhook_secret or "").encode()

    async def receive(request: web.Request) -> web.Response:
        if not hmac.compare_digest(request.headers.get(SECRET_HEADER, "").encode(), secret):
            raise web.HTTPForbidden(text="not Telegram")
        try:
            data: Any = json.loads(await request.read())
        except (ValueError, RecursionError) as error:
            raise web.HTTPBadRequest(text="JSON expected") from error
        if not isinstance(data, dict):
            raise web.HTTPBadRequest(text="an update expected")
        await application.update_queue.put(Update.de_json(data, application.bot))
        return web.Response()
    return web.post(settings.webhook_url_path, receive)


async def run(application: App, settings: Settings) -> None:
    """Start the bot (its post_init serves the page with the webhook's route on
    WEBHOOK_LISTEN:WEBHOOK_PORT), ask Telegram to post there, and run until SIGTERM or SIGINT."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for number in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(number, stop.set)
    try:
        await start_by_hand(application)
        # every worker sets the same webhook: a repeat is a no-op at Telegram (see __main__)
        await application.bot.set_webhook(settings.webhook_url or "",
                                          secret_token=settings.webhook_secret,
                                          allowed_updates=Update.ALL_TYPES)
        log.info("the webhook and the page on %s:%d", settings.webhook_listen,
                 settings.webhook_port)
        await stop.wait()
    finally:
        await stop_by_hand(application)
