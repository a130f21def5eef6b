"""Logging for ``python -m bot``: one format, quiet libraries, and the bot token redacted from
every record at every level, the libraries' own included (PTB logs its Bot API URL, which holds
the token, at DEBUG; httpx logs request URLs at INFO)."""

from __future__ import annotations

import logging

QUIET = ("httpx", "apscheduler")


class RedactToken(logging.Filter):
    """Replaces the token in a record's formatted message (and its traceback text)."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "<token>"), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text and self.token in record.exc_text:
            record.exc_text = record.exc_text.replace(self.token, "<token>")
        return True


def configure(token: str, level: int = logging.INFO) -> None:
    logging.basicConfig(format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=level)
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactToken(token))
    for noisy in QUIET:
        logging.getLogger(noisy).setLevel(logging.WARNING)
    # With max_retries=0 the rate limiter logs every 429 as an error with a traceback; the
    # sender obeys the 429 and logs it itself.
    logging.getLogger("telegram.ext.AIORateLimiter").setLevel(logging.CRITICAL)
