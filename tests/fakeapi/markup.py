"""reply_markup and inline keyboard buttons, checked as the Bot API checks them.

The wording of the errors is the real server's (tdlib/telegram-bot-api, Client.cpp
get_reply_markup / get_inline_keyboard_button: "Can't parse inline keyboard button: ...", the
Bot API lower-casing the first letter after "Bad Request: "), except where noted.
"""

from __future__ import annotations

import re
from typing import Any

from .params import bad_request

MAX_CALLBACK_DATA = 64  # bytes of UTF-8
MAX_INLINE_BUTTONS = 100
HTTP_URL = re.compile(r"^(https?://|tg://)[^\s]+$", re.IGNORECASE)

# The fields that give a button its type: "Exactly one of the fields other than text,
# icon_custom_emoji_id, and style must be used to specify the type of the button"
# (InlineKeyboardButton, Bot API 9.4). `disabled` (a DisabledButton, Bot API 10.3: "If set, then
# the button is disabled and does nothing"; DisabledButton "Currently holds no information") is
# one of them.
BUTTON_TYPES = (
    "url",
    "callback_data",
    "web_app",
    "login_url",
    "switch_inline_query",
    "switch_inline_query_current_chat",
    "switch_inline_query_chosen_chat",
    "copy_text",
    "callback_game",
    "pay",
    "disabled",
)
# InlineKeyboardButton.style (Bot API 9.4): "Must be one of 'danger' (red), 'success' (green) or
# 'primary' (blue). If omitted, then an app-specific style is used." The real server also takes
# "default", "" and any letter case (Client.cpp get_button_style); the fake keeps to the
# documented three, so a bot that passes here passes there.
BUTTON_STYLES = ("danger", "success", "primary")


def reply_markup(p: dict[str, Any], *, inline_only: bool = False) -> dict | None:
    """The validated reply_markup of a call, None when absent or an empty keyboard."""
    markup = p.get("reply_markup")
    if markup is None:
        return None
    if "inline_keyboard" in markup:
        rows = markup["inline_keyboard"]
        if not isinstance(rows, list) or not all(isinstance(row, list) for row in rows):
            raise bad_request(
                'field "inline_keyboard" of the InlineKeyboardMarkup should be an Array of Arrays'
            )
        buttons = [button for row in rows for button in row]
        if len(buttons) > MAX_INLINE_BUTTONS:
            raise bad_request("reply markup is too long")
        for button in buttons:
            check_inline_button(button)
        return {"inline_keyboard": rows} if buttons else None
    if inline_only:
        raise bad_request("inline keyboard expected")
    if "keyboard" in markup or markup.get("remove_keyboard") or markup.get("force_reply"):
        return markup
    raise bad_request("can't parse reply keyboard markup JSON object")


def _button_error(reason: str) -> Exception:
    return bad_request(f"can't parse inline keyboard button: {reason}")


def check_inline_button(button: Any) -> None:
    if not isinstance(button, dict):
        raise _button_error("InlineKeyboardButton must be an Object")
    if not isinstance(button.get("text"), str):
        raise _button_error('Can\'t find field "text"')
    _check_style(button)
    kinds = [key for key in BUTTON_TYPES if key in button]
    if not kinds:
        raise bad_request("text buttons are unallowed in the inline keyboard")
    if len(kinds) > 1:
        # The Bot API says exactly one such field must be used; this wording is the fake's (the
        # real server silently takes the first it knows of).
        raise bad_request(f"inline keyboard button must have exactly one action, got {kinds}")
    if "callback_data" in button:
        data = button["callback_data"]
        if not isinstance(data, str) or not 1 <= len(data.encode()) <= MAX_CALLBACK_DATA:
            raise bad_request("BUTTON_DATA_INVALID")
    if "url" in button and not (isinstance(button["url"], str) and HTTP_URL.match(button["url"])):
        raise bad_request("BUTTON_URL_INVALID")
    if "disabled" in button and not isinstance(button["disabled"], dict):
        raise _button_error('Field "disabled" must be of type Object')


def _check_style(button: dict) -> None:
    if "style" not in button:
        return
    style = button["style"]
    if not isinstance(style, str):
        raise _button_error('Field "style" must be of type String')
    if style not in BUTTON_STYLES:
        raise _button_error("invalid button style specified")  # the real server's wording
