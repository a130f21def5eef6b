"""The buttons of a table in play, one handler per ``Kind`` (routed by ``Kind.pattern``):
an action, a picker's step, a toggled card, the toggled cards confirmed, "my hand". Each decodes
the press once and calls one use case."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from telegram import CallbackQuery, Update

from ...play.moves import Moves
from ...play.records import Outcome, TableError
from ...runtime import Runtime
from ..context import Context
from . import answer, answer_press, pressed

Handler = Callable[[Update, Context], Coroutine[Any, Any, None]]
SeatUseCase = Callable[[Moves, int, int, int, str], Awaitable[Outcome]]


def _seat_button(use_case: SeatUseCase) -> Handler:
    """A handler for a button that changes the presser's seat: (table, user, move, argument)."""
    async def handler(update: Update, context: Context) -> None:
        got = await pressed(update, context)
        if got is not None:
            query, press = got
            app = context.runtime
            user_id = query.from_user.id
            run = use_case(app.tables.moves, press.table_id, user_id, press.move, press.arg)
            await answer_press(app, query, press, run,
                               refused=lambda: app.publishing.redraw_hand(press.table_id, user_id))
    return handler


action = _seat_button(Moves.act)
pick = _seat_button(Moves.pick)
toggle = _seat_button(Moves.toggle)
confirm = _seat_button(Moves.confirm)


async def my_hand(update: Update, context: Context) -> None:
    """The group's "my hand" button: the presser's hand as an alert only they see."""
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        app = context.runtime
        await answer_press(app, query, press, app.publishing.hand_alert(press.table_id, query.from_user))


async def sheet(update: Update, context: Context) -> None:
    """The table message's score sheet button: the sheet goes to the presser's private chat
    (a toast says so), or the press opens that chat for someone who has not started the bot."""
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        app = context.runtime
        chat_id = query.message.chat.id if query.message else 0
        await answer_press(app, query, press, _sheet_sent(app, query, app.publishing.post_sheet(
            press.table_id, query.from_user, chat_id)))


async def _sheet_sent(app: Runtime, query: CallbackQuery, run: Awaitable[str | None]) -> None:
    """Answer the 📋 press: the link that opens the bot's chat, else a toast saying where it is."""
    link = await run
    if link is not None:
        await answer(query, url=link)
    else:
        await answer(query, toast=await app.people.alert(query.from_user, "table-sheet-sent"))


async def unknown(update: Update, context: Context) -> None:
    """Any other button data (forged, or from an older version): an alert."""
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        await answer_press(context.runtime, query, press, _refuse())


async def _refuse() -> Outcome:
    raise TableError("error-bad-button")
