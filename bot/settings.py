"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

import os
import re
from urllib.parse import urlsplit

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LANGUAGES = ("hy", "en", "ru")
TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{20,}$")
# setWebhook's secret_token: 1-256 characters, only A-Z, a-z, 0-9, _ and - (the Bot API's rule)
SECRET_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,256}$")
# A Mini App's short name from @BotFather's /newapp: 3-30 letters, digits and underscores.
SHORT_NAME_PATTERN = re.compile(r"^[A-Za-z0-9_]{3,30}$")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_bot_token: str = Field(min_length=1)
    database_path: str = "./data/seghan.sqlite3"
    # A database URL (sqlite:///path, postgresql://...); when set it wins over database_path.
    database_url: str | None = None
    telegram_api_base_url: str | None = None  # e.g. http://127.0.0.1:8081/bot (a local Bot API)
    default_language: str = "hy"
    turn_seconds: int = Field(default=60, ge=1)
    # Telegram's documented limits; lower only for a local test server.
    group_messages_per_minute: int = Field(default=20, ge=1)
    # The bot's overall sends and edits a second: where it starts (Telegram's documented 30 for
    # bulk notifications), then found from Telegram's answers (bot/sending/budget.py) between
    # the floor and the ceiling (None: as Telegram allows).
    messages_per_second: int = Field(default=30, ge=1)
    messages_per_second_floor: int = Field(default=10, ge=1)
    messages_per_second_ceiling: int | None = Field(default=None, ge=1)
    chat_messages_per_second: float = Field(default=1.0, gt=0)
    flood_minute_seconds: float = Field(default=60.0, gt=0)  # shorter only for a test server
    # Computer players think off the event loop: Hard in this many worker processes (default:
    # one a core; 0: in the threads, as before issue 28), the others in these threads. A Hard
    # decision that takes longer than the budget, whose process dies, or that would wait longer
    # than computer_wait_seconds for a free worker is made by the Normal player instead.
    computer_processes: int = Field(default_factory=lambda: os.cpu_count() or 1, ge=0)
    # Added to the worker processes' niceness: the event loop's process comes first.
    computer_nice: int = Field(default=10, ge=0, le=19)
    computer_threads: int = Field(default=4, ge=1)
    computer_budget_seconds: float = Field(default=5.0, gt=0)
    computer_wait_seconds: float = Field(default=1.0, ge=0)
    # A fixed seed for every new table (tests and bug reports: the same presses give the same
    # deals); None draws a fresh seed per table.
    table_seed: int | None = None
    # The same for the computer players' dice (drawn apart from the deal's: issue 28).
    computer_seed: int | None = None
    # Each player's hand as an ephemeral message in the group (Bot API 10.2+): a newcomer who
    # never opened the bot can play; False: every hand in the private chat, as before.
    ephemeral_hands: bool = True
    log_level: str = Field(default="INFO", pattern="^(DEBUG|INFO|WARNING|ERROR)$")
    # Webhook mode (python -m bot --webhook): Telegram POSTs updates to webhook_url, which must
    # reach this process's listen:port/path (directly or through a proxy); each POST must carry
    # webhook_secret in X-Telegram-Bot-Api-Secret-Token, others are refused with 403.
    webhook_url: str | None = None
    webhook_secret: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = Field(default=8443, ge=1, le=65535)
    webhook_path: str | None = None  # None: the path of webhook_url ("/" if it has none)
    # The page (a Telegram Mini App, bot/web/): served on webapp_listen:webapp_port behind a
    # reverse proxy that gives TLS at webapp_url. Without webapp_url there is no page at all.
    webapp_url: str | None = None
    # the page's sessions are signed with this (else the token): a new one ends every session
    session_key: str = ""
    webapp_listen: str = "127.0.0.1"
    webapp_port: int = Field(default=8080, ge=1, le=65535)
    webapp_short_name: str | None = None  # /newapp's short name: t.me/<bot>/<short name>

    @field_validator("database_url", "webhook_url", "webhook_secret", "webhook_path",
                     "webapp_url", "webapp_short_name", "messages_per_second_ceiling",
                     mode="before")
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        """``WEBHOOK_URL=`` in .env (as .env.example leaves it) means not set."""
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url_shape(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value.strip())
        if parts.scheme not in ("https", "http") or not parts.hostname:
            raise ValueError("must be an https:// URL (http:// only for a local Bot API server)")
        return value.strip()

    @field_validator("webapp_url")
    @classmethod
    def _webapp_url_shape(cls, value: str | None) -> str | None:
        if value is None:
            return None
        parts = urlsplit(value.strip())
        if parts.scheme != "https" or not parts.hostname:
            raise ValueError("must be an https:// URL (Telegram opens Mini Apps over HTTPS only)")
        return value.strip().rstrip("/")

    @field_validator("webapp_short_name")
    @classmethod
    def _short_name_shape(cls, value: str | None) -> str | None:
        if value is not None and not SHORT_NAME_PATTERN.match(value.strip()):
            raise ValueError("must be the app's short name from @BotFather's /newapp "
                             "(3-30 of A-Z a-z 0-9 _)")
        return value.strip() if value is not None else None

    @field_validator("webhook_secret")
    @classmethod
    def _secret_shape(cls, value: str | None) -> str | None:
        if value is not None and not SECRET_PATTERN.match(value):
            raise ValueError("must be 1-256 characters of A-Z, a-z, 0-9, _ and - (Telegram's rule)")
        return value

    @field_validator("webhook_path")
    @classmethod
    def _path_shape(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.strip()
        if any(c.isspace() or c in "?#" for c in value):
            raise ValueError("must be a URL path such as /telegram (no spaces, ? or #)")
        return value if value.startswith("/") else "/" + value

    @property
    def database(self) -> str:
        """What the store is opened on: DATABASE_URL if set, else DATABASE_PATH."""
        return self.database_url or self.database_path

    @property
    def webhook_url_path(self) -> str:
        """Where the webhook server listens: WEBHOOK_PATH, else WEBHOOK_URL's own path, so a
        proxy that keeps the path needs no setting (never the token: paths end up in logs)."""
        if self.webhook_path is not None:
            return self.webhook_path
        return (urlsplit(self.webhook_url).path if self.webhook_url else "") or "/"

    def webhook_problem(self) -> str | None:
        """One line saying what webhook mode still lacks, or None when it can start."""
        if self.webhook_url is None:
            return ("--webhook needs WEBHOOK_URL, the public https:// address Telegram posts "
                    "updates to, in .env or the environment (see .env.example)")
        if self.webhook_secret is None:
            return ("--webhook needs WEBHOOK_SECRET (1-256 of A-Z a-z 0-9 _ -, e.g. from python "
                    "-c 'import secrets; print(secrets.token_urlsafe(32))') in .env or the "
                    "environment (see .env.example)")
        return None

    def webapp_problem(self) -> str | None:
        """One line saying what the page still lacks when WEBAPP_URL is set, or None."""
        if self.webapp_url is not None and self.webapp_short_name is None:
            return ("WEBAPP_URL needs WEBAPP_SHORT_NAME, the short name you gave the app in "
                    "@BotFather's /newapp (the group's button opens t.me/<bot>/<short name>), "
                    "in .env or the environment (see .env.example)")
        return None

    @field_validator("telegram_bot_token")
    @classmethod
    def _token_shape(cls, value: str) -> str:
        if not TOKEN_PATTERN.match(value.strip()):
            raise ValueError("does not look like a token from @BotFather (digits:letters)")
        return value.strip()

    @field_validator("default_language")
    @classmethod
    def _known_language(cls, value: str) -> str:
        if value not in LANGUAGES:
            raise ValueError(f"must be one of {', '.join(LANGUAGES)}")
        return value
