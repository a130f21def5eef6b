"""A strict fake Telegram Bot API server for end-to-end tests (see README.md)."""

from .ephemeral import EphemeralMessage, EphemeralPayload
from .limits import EarlyCall, FloodEvent, LimitTotals
from .server import DEFAULT_TOKEN, FakeBotApi
from .world import ApiCall, CallbackAnswer, CallbackQuery, Chat, DriverError, Message, User

__all__ = [
    "DEFAULT_TOKEN",
    "ApiCall",
    "CallbackAnswer",
    "CallbackQuery",
    "Chat",
    "DriverError",
    "EarlyCall",
    "EphemeralMessage",
    "EphemeralPayload",
    "FakeBotApi",
    "FloodEvent",
    "LimitTotals",
    "Message",
    "User",
]
