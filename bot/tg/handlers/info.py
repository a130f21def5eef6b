"""/help, /rules [game], /lang hy|en|ru, /score, /timer (/top is in stats.py)."""

from __future__ import annotations

from telegram import Update

from ... import callbacks
from ...i18n import game_list, game_named, t
from ...settings import LANGUAGES
from ...views.rules import rules_text
from ..context import Context
from . import is_group, table_key

TIMER_RANGE = (10, 600)


async def reader_lang(update: Update, context: Context) -> str:
    """Group text in the chat's language, private text in the user's."""
    app, chat, user = context.runtime, update.effective_chat, update.effective_user
    if is_group(update) and chat is not None:
        return await app.people.chat_lang(chat.id)
    return await app.people.user_lang(user) if user else app.settings.default_language


async def help_(update: Update, context: Context) -> None:
    if update.effective_message:
        lang = await reader_lang(update, context)
        ephemeral = "yes" if context.runtime.settings.ephemeral_hands else "no"  # issue 43
        context.runtime.publishing.say(update.effective_message, t(
            lang, "help", games=game_list(lang), ephemeral=ephemeral))


async def rules(update: Update, context: Context) -> None:
    app, message = context.runtime, update.effective_message
    if message is None:
        return
    lang = await reader_lang(update, context)
    table = await app.tables.kernel.table_at(table_key(update)) if is_group(update) else None
    if context.args:
        game = game_named(" ".join(context.args))
    else:  # the game at this chat's table, if there is one
        game = table.game if table and table.game else None
    if game is None:
        key = "lobby-unknown-game" if context.args else "rules-which"
        app.publishing.say(message, t(lang, key, games=game_list(lang, "rules")))
        return
    app.publishing.say(message, rules_text(lang, game, table.rules if table and table.game == game else None))


async def lang(update: Update, context: Context) -> None:
    """/lang xx: the group's language in a group, the user's own in private."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None:
        return
    choice = context.args[0].lower() if context.args else ""
    if choice not in LANGUAGES:
        current = await reader_lang(update, context)
        app.publishing.say(message, t(current, "lang-usage", languages=" | ".join(LANGUAGES)))
        return
    if is_group(update):
        await app.people.set_chat_lang(message.chat_id, choice)
    else:
        await app.people.set_user_lang(user, choice)
    app.publishing.say(message, t(choice, "lang-set"))


async def score(update: Update, context: Context) -> None:
    """/score: the match totals of this chat's table."""
    app, message = context.runtime, update.effective_message
    if message is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    table = await app.tables.kernel.table_at(table_key(update))
    if table is None or table.status != "playing":
        app.publishing.say(message, t(lang, "error-no-table"))
        return
    app.publishing.say(message, await app.publishing.score_text(table, lang))


async def timer(update: Update, context: Context) -> None:
    """/timer N: seconds a player of this group has for a turn (an admin's setting)."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await reader_lang(update, context)
    seconds = callbacks.number(context.args[0] if context.args else "") or 0
    if not TIMER_RANGE[0] <= seconds <= TIMER_RANGE[1]:  # '²' or '１' is no number here
        current = await app.tables.kernel.turn_seconds(message.chat_id)
        app.publishing.say(message, t(lang, "timer-usage", seconds=current, low=TIMER_RANGE[0],
                           high=TIMER_RANGE[1]))
        return
    if not await app.members.is_admin(message.chat_id, user.id):
        app.publishing.say(message, t(lang, "error-admin-only"))
        return
    await app.people.set_turn_seconds(message.chat_id, seconds)
    app.publishing.say(message, t(lang, "timer-set", seconds=seconds))
