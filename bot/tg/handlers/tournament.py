"""/tournament GAME [HH:MM] and its sign-up buttons (issue 27)."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from telegram import Update

from ...i18n import game_list, game_named, t
from ...play.records import TableError
from ..context import Context
from . import is_group, table_key
from .info import reader_lang

WAIT = timedelta(minutes=10)  # the start without a time given
CLOCK = re.compile(r"([01]?\d|2[0-3])[:.]([0-5]\d)")


async def tournament(update: Update, context: Context) -> None:
    """/tournament GAME [HH:MM]: a sign-up message; the start today at HH:MM in the group's time
    zone (else in ten minutes). An admin, or whoever opened the group's table, may."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    args = list(context.args or [])
    when = args.pop() if args and any(c in args[-1] for c in ":.") else None
    game = game_named(" ".join(args)) if args else None
    if game is None:
        app.publishing.say(message, t(lang, "lobby-unknown-game", games=game_list(lang, "tournament")))
        return
    zone = ZoneInfo(await app.seasons.zone(message.chat_id))
    now = datetime.fromtimestamp(app.tournaments.clock(), zone)
    if when is None:
        start = now + WAIT
    elif (found := CLOCK.fullmatch(when)) is None:
        app.publishing.say(message, t(lang, "tournament-bad-time"))
        return
    else:
        start = now.replace(hour=int(found[1]), minute=int(found[2]), second=0, microsecond=0)
        if start <= now:
            app.publishing.say(message, t(lang, "tournament-past", time=when))
            return
    key = table_key(update)
    table = await app.tables.kernel.table_at(key)
    may = (table is not None and table.creator_id == user.id) or await app.members.is_admin(message.chat_id, user.id)
    try:
        record = await app.tournaments.open(key, app.people.person(user), game, start.timestamp(), may)
    except TableError as error:
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.desk.draw(record)
