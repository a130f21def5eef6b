"""/top [game], /stats, /history (with a score-sheet button per match) and /table (issue 18)."""

from __future__ import annotations

from telegram import Update, User

from ...i18n import game_list, game_named, t
from ...social.scores import ScoreError, ScoreService, sheet_press
from ..context import Context
from . import answer, is_group, table_key
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


async def sheet(update: Update, context: Context) -> None:
    """A /history button: that match's deal-by-deal sheet, sent to the presser privately in their
    language, as the table's 📋 (a flood of presses costs the group nothing), or the link that
    opens the bot's chat for them; a button this bot did not draw, or a match of another chat,
    gets an alert in the presser's language."""
    query, app = update.callback_query, context.runtime
    if query is None:
        return
    try:
        if query.message is None:
            raise ScoreError("error-stale")
        link = await send_match_sheet(context, query.from_user, sheet_press(query.data),
                                      query.message.chat.id)
    except ScoreError as error:
        await answer(query, await app.people.alert(query.from_user, error.key))
        return
    if link is not None:
        await answer(query, url=link)
    else:
        await answer(query, toast=await app.people.alert(query.from_user, "table-sheet-sent"))


async def send_match_sheet(context: Context, user: User, match_id: int,
                           chat_id: int) -> str | None:
    """A stored match's sheet to ``user``'s private chat (see ``Publishing.send_private``)."""
    app = context.runtime
    text = await _scores(context).sheet(match_id, chat_id, await app.people.user_lang(user))
    return await app.publishing.send_private(user, text, f"match_{match_id}")


async def table(update: Update, context: Context) -> None:
    """/table: the table message again at the bottom of the chat; the old one says so."""
    app, message = context.runtime, update.effective_message
    if message is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    if not await app.bring_down(table_key(update), lang):
        app.publishing.say(message, t(lang, "error-no-table"))
