"""/top [game], /stats, /history (with a score-sheet button per match) and /table (issue 18)."""

from __future__ import annotations

from telegram import Update

from ...i18n import game_list, game_named, t
from ...social.score_service import ScoreService
from ..context import Context
from . import is_group, table_key
from .info import reader_lang


def _scores(context: Context) -> ScoreService:
    return ScoreService(context.runtime.store)


async def top(update: Update, context: Context) -> None:
    """/top [game]: the chat's leaderboard by rating (every game played here, or one)."""
    app, message = context.runtime, update.effective_message
    if message is None:
        return
    lang = await reader_lang(update, context)
    game = game_named(" ".join(context.args)) if context.args else None
    if context.args and game is None:
        app.publishing.say(message, t(lang, "lobby-unknown-game", games=game_list(lang, "top")))
        return
    app.publishing.say(message, await _scores(context).top(message.chat_id, game, lang), markup=True)


async def stats(update: Update, context: Context) -> None:
    """/stats: the presser's own numbers per game, over every chat."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None:
        return
    lang = await reader_lang(update, context)
    app.publishing.say(message, await _scores(context).stats(user.id, user.full_name, lang), markup=True)


async def history(update: Update, context: Context) -> None:
    """/history: the chat's last matches with their winners, a sheet button each."""
    app, message = context.runtime, update.effective_message
    if message is None:
        return
    lang = await reader_lang(update, context)
    thread = message.message_thread_id if message.is_topic_message else 0
    app.sender.post(message.chat_id, thread or 0, await _scores(context).history(message.chat_id, lang))


async def table(update: Update, context: Context) -> None:
    """/table: the table message again at the bottom of the chat; the old one says so."""
    app, message = context.runtime, update.effective_message
    if message is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    if not await app.bring_down(table_key(update), lang):
        app.publishing.say(message, t(lang, "error-no-table"))
