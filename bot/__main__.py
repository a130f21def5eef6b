"""python -m bot: read the settings, build the application, poll Telegram for updates.

python -m bot --webhook: the same bot, but Telegram POSTs the updates to WEBHOOK_URL (see
README.md, "Webhook mode"); the process listens on WEBHOOK_LISTEN:WEBHOOK_PORT/WEBHOOK_PATH, and
with WEBAPP_URL set serves the page there too (one server, one port).
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import gc
import logging
import os
import socket
import sys
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError
from telegram import Update
from telegram.error import InvalidToken, NetworkError

from . import compiled, logs  # compiled first: it chooses the engine before anything imports it
from .settings import Settings
from .tg import webhook
from .tg.app import build_app, check_token


def hold_database(path: str) -> IO[bytes] | None:
    """An exclusive lock on ``<database>.lock`` for as long as this process lives (the OS lets
    go of it when the process dies, even by SIGKILL); None if another process holds it."""
    if path in (":memory:", "memory"):
        return open(os.devnull, "rb")  # noqa: SIM115 (kept open: nothing to share)
    lock_path = Path(path).with_name(Path(path).name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    handle = lock_path.open("ab")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        return None
    return handle


class RedactSecret(logging.Filter):
    """WEBHOOK_SECRET out of every record, as logs.RedactToken does for the token (PTB logs
    setWebhook's parameters, the secret among them, at DEBUG)."""

    def __init__(self, secret: str) -> None:
        super().__init__()
        self.secret = secret

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.secret in message:
            record.msg, record.args = message.replace(self.secret, "<webhook secret>"), None
        return True


def sqlite_file(database: str) -> str | None:
    """The file to lock for a database setting: the path itself, the path of a ``sqlite://``
    URL; None for a server database (``postgresql://``: several processes share it)."""
    scheme, sep, rest = database.partition("://")
    if not sep:
        return database
    if scheme.lower() == "sqlite":  # sqlite:///relative, sqlite:////absolute, sqlite:// memory
        return rest[1:] if rest.startswith("/") else (rest or ":memory:")
    return None


def can_listen(host: str, port: int) -> OSError | None:
    """Try to bind the webhook's address before anything else starts (PTB only finds out after
    setWebhook, with a traceback)."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as error:
        return error
    return None


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Seghan, the card-game bot")
    parser.add_argument("--webhook", action="store_true",
                        help="receive updates by webhook (WEBHOOK_URL, WEBHOOK_SECRET, ...) "
                             "instead of polling")
    return parser.parse_args(argv)


def freeze_imports() -> None:
    """What start-up made (the modules and classes of the bot and its libraries, about 100,000
    objects, alive as long as the process) out of the garbage collector's sight: a full
    collection then walks only what came after. bench/bot_load.py --gc default,freeze at 500
    tables: a full collection took half the CPU (70-150 ms, not 150-255) and walked 30,000-70,000
    objects, not 170,000 (the bench freezes after its set-up; the bot after its imports, and
    again once started: the store, its caches and the tables revived)."""
    gc.collect()
    gc.freeze()


def freeze_after_start(application: Any) -> None:
    """``freeze_imports`` again once post_init has opened the store and revived the tables."""
    started = application.post_init

    async def post_init(app: Any) -> None:
        if started is not None:
            await started(app)
        freeze_imports()
    application.post_init = post_init


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        settings = Settings()  # type: ignore[call-arg]
    except ValidationError as error:
        fields = {str(e["loc"][0]) for e in error.errors() if e["loc"]}
        if "telegram_bot_token" in fields:
            print("TELEGRAM_BOT_TOKEN is missing or malformed: put TELEGRAM_BOT_TOKEN=<token> in "
                  ".env (cp .env.example .env); get a token from @BotFather in Telegram.",
                  file=sys.stderr)
        else:
            first = error.errors()[0]
            print(f"bad setting {'.'.join(map(str, first['loc'])).upper()} in .env or the "
                  f"environment: {first['msg']} (see .env.example)", file=sys.stderr)
        return 2
    if args.webhook and (problem := settings.webhook_problem()):
        print(problem, file=sys.stderr)
        return 2
    if problem := settings.webapp_problem():
        print(problem, file=sys.stderr)
        return 2
    logs.configure(settings.telegram_bot_token, getattr(logging, settings.log_level))
    if args.webhook and settings.webhook_secret:
        for handler in logging.getLogger().handlers:
            handler.addFilter(RedactSecret(settings.webhook_secret))
    database_file = sqlite_file(settings.database)
    lock = hold_database(database_file) if database_file is not None else None
    if database_file is not None and lock is None:
        print(f"another Seghan process is running on {database_file}: stop it first "
              "(one process per SQLite database)", file=sys.stderr)
        return 2
    if args.webhook and (refused := can_listen(settings.webhook_listen, settings.webhook_port)):
        print(f"cannot listen for the webhook on {settings.webhook_listen}:"
              f"{settings.webhook_port} (WEBHOOK_LISTEN, WEBHOOK_PORT): {refused.strerror or refused}",
              file=sys.stderr)
        return 2
    one_port = bool(args.webhook and settings.webapp_url)  # the page on the webhook's server
    if settings.webapp_url and not one_port and (
            refused := can_listen(settings.webapp_listen, settings.webapp_port)):
        print(f"cannot serve the page on {settings.webapp_listen}:{settings.webapp_port} "
              f"(WEBAPP_LISTEN, WEBAPP_PORT): {refused.strerror or refused}", file=sys.stderr)
        return 2
    try:
        asyncio.run(check_token(settings))
    except InvalidToken:
        print("Telegram refused TELEGRAM_BOT_TOKEN from .env: copy the token again from "
              "@BotFather (/mybots -> API Token).", file=sys.stderr)
        return 2
    except NetworkError as error:
        print(f"cannot reach the Bot API ({settings.telegram_api_base_url or 'api.telegram.org'}): "
              f"{error}", file=sys.stderr)
        return 1
    logging.getLogger(__name__).info("engine: %s", compiled.ENGINE)  # after every refusal: one line
    application = build_app(settings, one_port=one_port)
    freeze_imports()
    freeze_after_start(application)
    if not args.webhook:
        application.run_polling(allowed_updates=Update.ALL_TYPES)
        return 0
    if one_port:
        print(f"Seghan: the webhook ({settings.webhook_url_path}) and the page on "
              f"{settings.webhook_listen}:{settings.webhook_port}", flush=True)
        asyncio.run(webhook.run(application, settings))
        return 0
    # Every worker calls setWebhook with the same URL, secret and update types: Telegram treats
    # a repeat as a no-op ("Webhook is already set") and keeps the pending updates, so workers
    # behind one proxy do not fight; none deletes the webhook when it stops (PTB does not).
    application.run_webhook(
        listen=settings.webhook_listen, port=settings.webhook_port,
        url_path=settings.webhook_url_path, webhook_url=settings.webhook_url,
        secret_token=settings.webhook_secret, allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
