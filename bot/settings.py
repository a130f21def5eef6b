"""Settings from the environment and `.env` (pydantic-settings)."""

from __future__ import annotations

import re

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

LANGUAGES = ("hy", "en", "ru")
TOKEN_PATTERN = re.compile(r"^\d{3,}:[A-Za-z0-9_-]{20,}$")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    telegram_bot_token: str = Field(min_length=1)
    database_path: str = "./data/seghan.sqlite3"
    telegram_api_base_url: str | None = None  # e.g. http://127.0.0.1:8081/bot (a local Bot API)
    default_language: str = "hy"
    turn_seconds: int = Field(default=60, ge=1)
    # Telegram's documented limits; lower only for a local test server.
    group_messages_per_minute: int = Field(default=20, ge=1)
    messages_per_second: int = Field(default=30, ge=1)
    chat_messages_per_second: float = Field(default=1.0, gt=0)
    flood_minute_seconds: float = Field(default=60.0, gt=0)  # shorter only for a test server
    # Computer players think in these threads, off the event loop; a decision that takes longer
    # than the budget is replaced by a random legal move (and logged).
    computer_threads: int = Field(default=4, ge=1)
    computer_budget_seconds: float = Field(default=5.0, gt=0)
    # A fixed seed for every new table (tests and bug reports: the same presses give the same
    # deals); None draws a fresh seed per table.
    table_seed: int | None = None
    log_level: str = Field(default="INFO", pattern="^(DEBUG|INFO|WARNING|ERROR)$")

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
