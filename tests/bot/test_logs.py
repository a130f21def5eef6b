"""The bot token never reaches a log record, whatever the level or the logger."""

from __future__ import annotations

import logging

from bot.logs import RedactToken

TOKEN = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ012345678"


def test_the_token_is_redacted_from_messages_arguments_and_tracebacks(caplog) -> None:  # type: ignore[no-untyped-def]
    logger = logging.getLogger("telegram.ext.ExtBot")
    caplog.handler.addFilter(RedactToken(TOKEN))
    with caplog.at_level(logging.DEBUG):
        logger.debug("Set Bot API URL: %s", f"http://127.0.0.1/bot{TOKEN}")
        try:
            raise RuntimeError(f"cannot reach /bot{TOKEN}/getMe")
        except RuntimeError:
            logger.exception("failed")
    text = caplog.text
    assert TOKEN not in text and "<token>" in text and "RuntimeError" in text
