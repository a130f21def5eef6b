"""``enter``: a press run the same way whichever door it came through: read, checked against the
doors that offer it, its use case run, the table it changed published (the group's message, the
hands, every open page), and a refusal answered in the presser's language."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING

from storage import StorageError, TableRecord

from ..callbacks import BadCallback, Press, decode
from ..play.records import TableError
from .buttons import BUTTONS
from .presser import Presser, Reply

if TYPE_CHECKING:
    from ..runtime import Runtime

log = logging.getLogger(__name__)


async def enter(rt: Runtime, who: Presser, data: str) -> Reply:
    """The press of the button whose data is ``data``, by ``who``."""
    try:
        press = decode(data)
    except BadCallback:
        return await refusal(rt, who, "error-bad-button")
    entry = BUTTONS.get(press.kind)
    if entry is None or who.door not in entry.doors:
        return await refusal(rt, who, "error-bad-button")
    try:
        reply = await entry.use(rt, who, press)
    except TableError as error:
        if entry.seat:  # an old keyboard never stays on screen
            await quietly(rt.publishing.redraw_hand(press.table_id, who.id))
        return await refusal(rt, who, error.key, **error.args_)
    except StorageError:
        log.exception("storage fault while handling a press")
        return await refusal(rt, who, "error-busy")
    if reply.outcome is not None:
        await _adopt(rt, who, press, reply.outcome.table)
        await rt.publish(reply.outcome, menu=reply.menu)
    if reply.step is not None:
        await rt.desk.apply(reply.step)
    return reply


async def refusal(rt: Runtime, who: Presser, key: str, **args: object) -> Reply:
    return Reply(alert=rt.people.refusal(who.lang, key, **args), refused=key)


async def _adopt(rt: Runtime, who: Presser, press: Press, table: TableRecord) -> None:
    """A press from a message of this table whose id is not stored yet (another worker sent it
    a moment ago and is still noting it): it is the table's message, edited, not sent again."""
    if who.message_id is None or press.table_id != table.id:
        return
    seats = [i for i, s in enumerate(table.seats) if s.user_id == who.id]
    if who.chat_id == table.key.chat_id and table.table_message_id is None:
        table.table_message_id = who.message_id
        await rt.tables.admin.remember_message(table.id or 0, None, who.message_id)
    elif who.chat_id == who.id and seats and table.seats[seats[0]].hand_message_id is None:
        table.seats[seats[0]].hand_message_id = who.message_id
        await rt.tables.admin.remember_message(table.id or 0, seats[0], who.message_id)


async def quietly(work: Awaitable[None]) -> None:
    """Redrawing after a refused press is a courtesy: a failure there is logged, not raised."""
    try:
        await work
    except (TableError, StorageError):
        log.info("could not redraw after a refused press", exc_info=True)
