"""What the Bot API has that python-telegram-bot 22.8 (Bot API 10.0) does not know yet, reached
here alone through ``Bot.do_api_request`` and ``api_kwargs``: ephemeral messages (a message in a
group that only its receiver sees), button styles and ephemeral commands. Each names the Bot API
version it needs; a release of python-telegram-bot that knows them changes this module only."""

from __future__ import annotations

from typing import Any

from telegram import Bot, BotCommand, InlineKeyboardMarkup, Message
from telegram.constants import ParseMode

from ..callbacks import Kind
from ..views import Button

# sendMessage.ephemeral_message_parameters (10.3's object: 10.2 had receiver_user_id and
# callback_query_id at the top level), editEphemeralMessageText, deleteEphemeralMessage
EPHEMERAL_SEND = "10.3"
EPHEMERAL_EDIT = "10.2"
EPHEMERAL_DELETE = "10.2"
EPHEMERAL_COMMAND = "10.2"  # BotCommand.is_ephemeral
BUTTON_STYLE = "9.4"  # InlineKeyboardButton.style: success (green), primary (blue), danger (red)

# A button's colour by what it does: a card that may be played, the play of the cards chosen,
# leaving. Other buttons keep the app's own.
STYLES = {Kind.ACTION: "success", Kind.TOGGLE: "success", Kind.CONFIRM: "primary",
          Kind.LEAVE: "danger"}


def button_extras(button: Button) -> dict[str, Any]:
    """The api_kwargs of a button's InlineKeyboardButton (Bot API 9.4's style)."""
    if button.kind is None or button.kind not in STYLES:
        return {}
    if button.kind == Kind.ACTION and button.card is None:
        return {}  # a call (Pass, a bid): no colour, the cards' green stays the card's
    return {"style": STYLES[button.kind]}


def command(name: str, description: str, ephemeral: bool = False) -> BotCommand:
    """A command for setMyCommands; ``ephemeral``: its use in a group is seen by its sender and
    the bot only (Bot API 10.2)."""
    return BotCommand(name, description, api_kwargs={"is_ephemeral": True} if ephemeral else None)


async def send(bot: Bot, chat_id: int, thread_id: int, receiver: int, text: str,
               markup: InlineKeyboardMarkup | None, query_id: str | None = None,
               timeout: float | None = None) -> int:
    """An ephemeral message to ``receiver`` in a group (``query_id``: the press that asked for
    it); its ephemeral_message_id (ids are per chat and reused once a message is gone)."""
    parameters: dict[str, Any] = {"receiver_user_id": receiver}
    if query_id is not None:
        parameters["callback_query_id"] = query_id
    message: Message = await bot.send_message(
        chat_id, text, parse_mode=ParseMode.HTML, reply_markup=markup,
        message_thread_id=thread_id or None, read_timeout=timeout,
        api_kwargs={"ephemeral_message_parameters": parameters})
    return int(message.api_kwargs["ephemeral_message_id"])


async def edit(bot: Bot, chat_id: int, receiver: int, ephemeral_id: int, text: str,
               markup: InlineKeyboardMarkup | None) -> None:
    """Its text and keyboard (no keyboard: none). Telegram may answer True and still never show
    it to its receiver: nothing may depend on an edit having arrived."""
    params: dict[str, Any] = {"chat_id": chat_id, "receiver_user_id": receiver,
                              "ephemeral_message_id": ephemeral_id, "text": text,
                              "parse_mode": ParseMode.HTML}
    if markup is not None:
        params["reply_markup"] = markup
    await bot.do_api_request("editEphemeralMessageText", api_kwargs=params)


async def delete(bot: Bot, chat_id: int, receiver: int, ephemeral_id: int) -> None:
    await bot.do_api_request("deleteEphemeralMessage", api_kwargs={
        "chat_id": chat_id, "receiver_user_id": receiver, "ephemeral_message_id": ephemeral_id})


def pressed_on(message: Any) -> int | None:
    """The ephemeral_message_id of the message a callback query came from, None for a message
    everyone sees (Telegram's copy: message_id 0, ephemeral_message_id, receiver_user)."""
    kwargs = getattr(message, "api_kwargs", None) or {}
    value = kwargs.get("ephemeral_message_id")
    return int(value) if value is not None else None


GONE = ("message to edit not found", "message to delete not found", "message_id_invalid")


def gone(description: str) -> bool:
    """Telegram says the ephemeral message is no more (deleted, expired, its id unknown)."""
    return any(words in description.lower() for words in GONE)
