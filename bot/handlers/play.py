"""Every button press arrives here: a table in play's buttons (an action, a toggled card, a
confirmed choice, "my hand") are handled here, the lobby's are passed on to ``lobby.button``."""

from __future__ import annotations

from telegram import CallbackQuery, Update

from engine import find_game

from .. import callbacks
from ..runtime import ALERT_LIMIT, Seghan
from ..tables import Outcome, TableError
from ..views import view_for
from . import Context, answer_press, lobby, seghan

LOBBY_KINDS = frozenset("jlmksgxr")


async def button(update: Update, context: Context) -> None:
    app, query = seghan(context), update.callback_query
    if query is None:
        return
    user = query.from_user
    await app.user_lang(user)  # notes the language of the presser's app for their hand
    try:
        press = callbacks.decode(query.data)
    except callbacks.BadCallback:
        await query.answer(await app.alert(user, "error-bad-button"), show_alert=True)
        return
    if press.kind in LOBBY_KINDS:
        await lobby.button(update, context)
        return
    await answer_press(app, query, _press(app, query, press))


async def _press(app: Seghan, query: CallbackQuery, press: callbacks.Press) -> Outcome | None:
    service, user = app.service, query.from_user
    match press.kind:
        case "a":
            return await service.act(press.table_id, user.id, press.move, press.arg)
        case "t":
            return await service.toggle(press.table_id, user.id, press.move, press.arg)
        case "c":
            return await service.confirm(press.table_id, user.id, press.move, press.arg)
        case "h":
            table, seat, state = await service.hand(press.table_id, user.id)
            lang = await app.user_lang(user)
            text = view_for(table.game).hand_alert(
                find_game(table.game).observation(state, seat), app.context(table, lang))
            await query.answer(text[:ALERT_LIMIT], show_alert=True)
            return None
        case _:
            raise TableError("error-bad-button")
