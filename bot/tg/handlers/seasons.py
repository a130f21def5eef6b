"""/season [game] [last] and /timezone [Area/City] (issue 27)."""

from __future__ import annotations

from telegram import Update

from ...i18n import game_named, t
from ...social.seasons import zone_named
from ..context import Context
from . import is_group
from .info import reader_lang

LAST = {"last", "նախորդ", "прошлый"}  # /season last: the season before this one


async def season(update: Update, context: Context) -> None:
    """/season: this season's table of every game played in it; a game's name: that game only;
    'last': the season before."""
    app, message = context.runtime, update.effective_message
    if message is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    words = [w for w in (context.args or []) if w.lower() not in LAST]
    last = len(words) < len(context.args or [])
    game = game_named(" ".join(words)) if words else None
    if words and game is None:
        app.publishing.say(message, t(lang, "season-usage", word=" ".join(words)[:40]))
        return
    app.publishing.say(message, await app.seasons.table(message.chat_id, game, last, lang), markup=True)


async def timezone(update: Update, context: Context) -> None:
    """/timezone: the group's time zone (its seasons are its calendar months); an admin may set
    it, by its IANA name."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    chat = message.chat_id
    if not context.args:
        app.publishing.say(message, t(lang, "timezone-now", zone=await app.seasons.zone(chat),
                           time=await app.seasons.local_time(chat)))
        return
    zone = zone_named(context.args[0]) if len(context.args) == 1 else None
    if zone is None:
        app.publishing.say(message, t(lang, "timezone-bad", zone=" ".join(context.args)[:40]))
        return
    if not await app.members.is_admin(chat, user.id):
        app.publishing.say(message, t(lang, "error-admin-only"))
        return
    await app.seasons.set_zone(chat, zone)
    app.publishing.say(message, t(lang, "timezone-set", zone=zone, time=await app.seasons.local_time(chat)))
