"""Where a hand is (issue 43). /hand in a group (an ephemeral command, Bot API 10.2: only its
sender and the bot see it): the sender's hand sent anew where it is kept, an ephemeral message in
the group or a message at the bottom of their private chat; never said in the group. /settings
in private: where their hand is to be, the group or this chat."""

from __future__ import annotations

from telegram import Update

from ...callbacks import Kind, encode
from ...i18n import t
from ...views import Button, Screen
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
    elif not await app.publishing.places.anew(table.id or 0, user.id, in_group=False):
        app.publishing.say(message, t(lang, "error-not-seated"))


async def settings(update: Update, context: Context) -> None:
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or is_group(update):
        return
    lang = await app.people.user_lang(user)
    if not app.settings.ephemeral_hands:
        app.publishing.say(message, t(lang, "settings-private-only"))
        return
    in_group = app.people.hand_in_group(await app.people.touch(user, private=True))
    here = t(lang, "settings-hand-group" if in_group else "settings-hand-private")
    app.publishing.say_screen(message, Screen.of(here).plus(rows=((
        Button(t(lang, "hand-to-group"), encode(Kind.PLACE, 0, 0, "G"), kind=Kind.PLACE),
        Button(t(lang, "hand-to-private"), encode(Kind.PLACE, 0, 0, "P"), kind=Kind.PLACE)),)))
