"""The handlers' typed context, as python-telegram-bot's ``contexttypesbot`` example makes one:
``context.runtime`` is the running bot's rooms (set by ``post_init`` before any update is
handled), and ``bot_data`` an object with named fields rather than a dict of strings."""

from __future__ import annotations

from typing import Any

from telegram.ext import Application, CallbackContext, ContextTypes, ExtBot

from ..runtime import Runtime


class BotData:
    """What the application keeps besides its handlers: the running bot, and the page's server
    when it is served on this loop."""

    def __init__(self) -> None:
        self.runtime: Runtime | None = None
        self.web: Any = None
        self.one_port = False  # webhook mode with the page: the webhook's route on the page's server


class Context(CallbackContext[ExtBot[None], dict[Any, Any], dict[Any, Any], BotData]):
    @property
    def runtime(self) -> Runtime:
        runtime = self.bot_data.runtime
        if runtime is None:  # post_init runs before the first update: never for a handler
            raise RuntimeError("the bot is not started yet")
        return runtime


CONTEXT_TYPES = ContextTypes(context=Context, bot_data=BotData)
App = Application[ExtBot[None], Context, dict[Any, Any], dict[Any, Any], BotData, Any]
