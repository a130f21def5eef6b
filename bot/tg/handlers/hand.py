"""/hand in a group (an ephemeral command, Bot API 10.2: only its sender and the bot see it):
the sender's hand sent anew where it is kept, an ephemeral message in the group or a message at
the bottom of their private chat. Never said in the group: a hand is for its player alone."""

from __future__ import annotations

from telegram import Update

from ...i18n import t
from ..context import Context
from . import is_group, table_key


async def hand(update: Update, context: Context) -> None:
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await app.people.user_lang(user)
    table = await app.tables.kernel.table_at(table_key(update))
    if table is None or table.status != "playing":
        app.publishing.say(message, t(lang, "error-no-table"))
    elif not await app.publishing.hand_anew(table.id or 0, user.id, in_group=False):
        app.publishing.say(message, t(lang, "error-not-seated"))
