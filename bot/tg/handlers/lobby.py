"""The lobby: /new, the lobby buttons, /start join_<id> in private, /stop, /kick."""

from __future__ import annotations

from telegram import CallbackQuery, Update, User

from ... import callbacks
from ...callbacks import Kind
from ...i18n import game_named, t
from ...play.records import Outcome, TableError
from ...social.scores import ScoreError, ScoreService
from ..context import Context
from . import (
    admin_not_creator,
    adopt,
    answer,
    answer_press,
    is_group,
    is_member,
    pressed,
    table_key,
)
from .stats import send_match_sheet


async def new(update: Update, context: Context) -> None:
    """/new [game]: a lobby message in the group."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None:
        return
    if not is_group(update):
        app.publishing.say(message, await app.people.alert(user, "error-group-only"))
        return
    record = await app.people.touch(user)
    game = (game_named(" ".join(context.args)) or " ".join(context.args)) if context.args else None
    try:
        outcome = await app.tables.lobby.create(table_key(update), app.people.person(user), game, record.can_dm)
    except TableError as error:
        lang = await app.people.chat_lang(message.chat_id)
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.publish(outcome)


KINDS = (Kind.JOIN, Kind.LEAVE, Kind.FILL, Kind.MENU, Kind.ADD_COMPUTER, Kind.START, Kind.GAME,
         Kind.CLOSE_MENU, Kind.REMATCH, Kind.OPTION)  # the buttons ``button`` answers


async def button(update: Update, context: Context) -> None:
    """Join, leave, fill with computers, the one-computer menu, add one, choose the game,
    start; rematch."""
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        await answer_press(context.runtime, query, press, _press(context, query, press))


async def _press(context: Context, query: CallbackQuery, press: callbacks.Press) -> Outcome | None:
    app, user = context.runtime, query.from_user
    tables = app.tables
    match press.kind:
        case Kind.JOIN:
            record = await app.people.touch(user)
            if not record.can_dm:
                raise TableError("lobby-open-bot-first")
            return await tables.lobby.join(press.table_id, app.people.person(user))
        case Kind.LEAVE:
            return await tables.lobby.leave(press.table_id, user.id)
        case Kind.MENU | Kind.CLOSE_MENU:
            outcome = await tables.kernel.outcome(press.table_id)
            if outcome.table.status != "lobby":
                raise TableError("error-stale")
            await answer(query)
            await adopt(app, query, press, outcome.table)
            await app.publish(outcome, menu=press.kind == Kind.MENU)
            return None
        case Kind.ADD_COMPUTER:
            return await tables.lobby.add_computers(press.table_id, user.id, press.arg)
        case Kind.FILL:
            level, _, size = press.arg.partition(":")
            upto = callbacks.number(size, limit=100)
            if upto is None:
                raise TableError("error-bad-button")
            return await tables.lobby.add_computers(press.table_id, user.id, level, upto)
        case Kind.REMATCH:
            return await tables.lobby.rematch(press.table_id, app.people.person(user))
        case Kind.GAME:
            return await tables.lobby.choose_game(press.table_id, user.id, press.arg)
        case Kind.OPTION:
            return await tables.lobby.cycle_option(press.table_id, user.id, press.arg)
        case Kind.START:
            admin = await admin_not_creator(context, await tables.kernel.load(press.table_id), user.id)
            return await tables.lobby.start(press.table_id, user.id, admin)
        case _:
            raise TableError("error-bad-button")


async def start(update: Update, context: Context) -> None:
    """/start in private: remember that we may write; ``join_<id>`` seats the user; a player
    at a table in play gets their seat and their hand back (a new message)."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or is_group(update):
        return
    await app.people.touch(user, private=True)
    lang = await app.people.user_lang(user)
    payload = context.args[0] if context.args else ""
    kind, _, number = payload.partition("_")
    table_id = callbacks.number(number) if kind in ("join", "sheet", "match") else None
    if table_id is None and await app.bring_hand(user):  # seated at a table in play
        return
    if table_id is None:  # ASCII digits below 2**62 only: a forged link gets the welcome
        app.publishing.say(message, t(lang, "start-welcome"))
        return
    try:
        if kind == "sheet":  # the 📋 of someone the bot could not write to before
            await _sheet(context, user, table_id)
            return
        if kind == "match":  # a /history 📋 of someone the bot could not write to before
            await _match_sheet(context, user, table_id)
            return
        outcome = await app.tables.lobby.join(table_id, app.people.person(user))
    except TableError as error:
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    app.publishing.say(message, t(lang, "lobby-joined-private"))
    await app.publish(outcome)


async def _sheet(context: Context, user: User, table_id: int) -> None:
    """/start sheet_<id>: the sheet of a table, for a member of its group only (the link holds
    nothing but the table's number, and a group's scores are not everyone's business)."""
    app = context.runtime
    table = await app.tables.kernel.load(table_id)
    if not await is_member(context, table.key.chat_id, user.id):
        raise TableError("error-not-member")
    await app.publishing.post_sheet(table_id, user, table.key.chat_id)


async def _match_sheet(context: Context, user: User, match_id: int) -> None:
    """/start match_<id>: a stored match's sheet, for a member of its group only."""
    try:
        chat_id = await ScoreService(context.runtime.store).chat_of(match_id)
        if not await is_member(context, chat_id, user.id):
            raise TableError("error-not-member")
        await send_match_sheet(context, user, match_id, chat_id)
    except ScoreError as error:
        raise TableError(error.key) from error


async def stop(update: Update, context: Context) -> None:
    """/stop: the creator or an admin ends the table of this chat (or topic)."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    key = table_key(update)
    lang = await app.people.chat_lang(key.chat_id)
    try:
        admin = await admin_not_creator(context, await app.tables.kernel.table_at(key), user.id)
        outcome = await app.tables.admin.stop(key, user.id, admin)
    except TableError as error:
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.publish(outcome)


async def kick(update: Update, context: Context) -> None:
    """/kick as a reply to a player's message, or /kick @name: a computer takes the seat."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    key = table_key(update)
    lang = await app.people.chat_lang(key.chat_id)
    replied = message.reply_to_message.from_user if message.reply_to_message else None
    target_id = replied.id if replied else None
    name = context.args[0] if context.args else ""
    if target_id is None and not name:
        app.publishing.say(message, t(lang, "kick-usage"))
        return
    try:
        admin = await admin_not_creator(context, await app.tables.kernel.table_at(key), user.id)
        outcome = await app.tables.admin.kick(key, user.id, admin, target_id, name)
    except TableError as error:
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.publish(outcome)
    app.publishing.say(message, t(lang, "kick-done"))


async def join(update: Update, context: Context) -> None:
    """/join: the same as the lobby's Join button."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await app.people.chat_lang(message.chat_id)
    table = await app.tables.kernel.table_at(table_key(update))
    record = await app.people.touch(user)
    try:
        if table is None:
            raise TableError("error-no-table")
        if not record.can_dm:
            raise TableError("lobby-open-bot-first")
        outcome = await app.tables.lobby.join(table.id or 0, app.people.person(user))
    except TableError as error:
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.publish(outcome)
