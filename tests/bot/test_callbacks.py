"""Button kinds: the letters on the wire never change, and every kind is routed to a handler."""

from __future__ import annotations

from telegram.ext import CallbackQueryHandler

from bot.callbacks import Kind, decode, encode
from bot.settings import Settings
from bot.tg.app import build_app

from .fake import TOKEN


def test_the_letters_of_buttons_already_in_chats() -> None:
    assert {k.name: k.value for k in Kind} == {
        "ACTION": "a", "PICK": "p", "TOGGLE": "t", "CONFIRM": "c", "MY_HAND": "h", "SHEET": "q",
        "JOIN": "j", "LEAVE": "l", "FILL": "f", "MENU": "m", "ADD_COMPUTER": "k",
        "CLOSE_MENU": "x", "START": "s", "GAME": "g", "OPTION": "o", "REMATCH": "r",
        "MATCH_SHEET": "v", "HINT": "i", "REVIEW": "w", "REPLAY": "y", "TOURNAMENT": "e",
            "COMMITMENT": "z", "PASTE": "d", "PLACE": "n"}
    assert encode(Kind.ACTION, 7, 3, "play:2C") == "a|7|3|play:2C"
    assert decode("a|7|3|play:2C").kind is Kind.ACTION


def test_every_kind_has_its_own_handler() -> None:
    app = build_app(Settings(telegram_bot_token=TOKEN), rate_limit=False)
    handlers = [h for h in app.handlers[0] if isinstance(h, CallbackQueryHandler)]
    for kind in Kind:  # the first handler to take the press (the last, unknown, takes any)
        data = encode(kind, 1, 2, "x")
        first = next(h for h in handlers if h.pattern is None or h.pattern.match(data))
        assert first.pattern is not None and first.pattern.pattern == kind.pattern
