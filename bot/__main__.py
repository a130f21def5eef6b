"""python -m bot: read the settings, build the application, poll Telegram for updates."""

from __future__ import annotations

import asyncio
import fcntl
import logging
import os
import sys
from pathlib import Path
from typing import IO

from pydantic import ValidationError
from telegram import Update
from telegram.error import InvalidToken, NetworkError

from . import logs
from .app import build_app, check_token
from .settings import Settings


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


def main() -> int:
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
    logs.configure(settings.telegram_bot_token, getattr(logging, settings.log_level))
    lock = hold_database(settings.database_path)
    if lock is None:
        print(f"another Seghan process is running on {settings.database_path}: stop it first "
              "(one process per database)", file=sys.stderr)
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
    build_app(settings).run_polling(allowed_updates=Update.ALL_TYPES)
    return 0


if __name__ == "__main__":
    sys.exit(main())
