"""A strict fake Telegram Bot API server for end-to-end tests (see README.md)."""

from .limits import FloodEvent
from .server import DEFAULT_TOKEN, DriverError, FakeBotApi
from .world import ApiCall, CallbackAnswer, CallbackQuery, Chat, Message, User

__all__ = [
    "DEFAULT_TOKEN",
    "ApiCall",
    "CallbackAnswer",
    "CallbackQuery",
    "Chat",
    "DriverError",
    "FakeBotApi",
    "FloodEvent",
    "Message",
    "User",
]
