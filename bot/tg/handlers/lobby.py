"""The lobby's commands: /new, /join, /start in private (join_<id>, sheet_<id>, match_<id>
links, or a seat's hand brought back), /stop, /kick."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from telegram import Message, Update, User

from storage import TableKey

from ...callbacks import Kind, encode, number
from ...coach import pastes
from ...coach.replay import read_page_ref
from ...i18n import game_named, t
from ...play.records import Outcome, TableError
from ...runtime import Runtime
from ..context import Context
from . import is_group, table_key
from .presses import enter_from

LINKS = {"join": Kind.JOIN, "sheet": Kind.SHEET, "match": Kind.MATCH_SHEET}  # /start <link>_<id>


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
        in_group = app.people.hand_in_group(record)  # else in private: they started the bot
        person = replace(app.people.person(user), in_group=in_group)
        outcome = await app.tables.lobby.create(table_key(update), person, game,
                                                record.can_dm or in_group)
    except TableError as error:
        lang = await app.people.chat_lang(message.chat_id)
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return
    await app.publish(outcome)


async def start(update: Update, context: Context) -> None:
    """/start in private: remember that we may write; ``join_<id>`` seats the user, ``sheet_<id>``
    and ``match_<id>`` send a sheet (the 📋 of someone the bot could not write to before); a
    player at a table in play gets their seat and their hand back (a new message)."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or is_group(update):
        return
    await app.people.touch(user, private=True)
    lang = await app.people.user_lang(user)
    payload = context.args[0] if context.args else ""
    link, _, ident = payload.partition("_")
    if link == pastes.LINK:  # a shared deal: paste_t12_3, as its 📄 gives it
        await _pasted(app, message, user, ident, lang)
        return
    found = number(ident) if link in LINKS else None
    if found is None and await app.bring_hand(user):  # seated at a table in play
        return
    if found is None:  # ASCII digits below 2**62 only: a forged link gets the welcome
        app.publishing.say(message, t(lang, "start-welcome"))
        return
    reply = await enter_from(app, message, user, encode(LINKS[link], found), lang)
    if LINKS[link] == Kind.JOIN and reply.refused is None:
        app.publishing.say(message, t(lang, "lobby-joined-private"))


async def _pasted(app: Runtime, message: Message, user: User, ref: str, lang: str) -> None:
    """A shared deal's link: its 📄 pressed by whoever opened it (a member of the chat)."""
    found = read_page_ref(ref)
    if found is None:
        app.publishing.say(message, t(lang, "start-welcome"))
        return
    kind, ident, deal = found
    await enter_from(app, message, user, encode(Kind.PASTE, ident, 0, f"{kind}{deal}"), lang)


async def join(update: Update, context: Context) -> None:
    """/join: the same as the lobby's Join button, answered in the group."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return
    lang = await app.people.chat_lang(message.chat_id)
    table = await app.tables.kernel.table_at(table_key(update))
    if table is None:
        app.publishing.say(message, t(lang, "error-no-table"))
        return
    await enter_from(app, message, user, encode(Kind.JOIN, table.id or 0), lang)


async def stop(update: Update, context: Context) -> None:
    """/stop: the creator or an admin ends the table of this chat (or topic)."""
    async def stop_(key: TableKey, user_id: int, admin: bool) -> Outcome:
        outcome = await context.runtime.tables.admin.stop(key, user_id, admin)
        await context.runtime.end_sessions([s.user_id for s in outcome.table.seats if s.user_id])
        return outcome
    await _managed(update, context, stop_)


async def kick(update: Update, context: Context) -> None:
    """/kick as a reply to a player's message, or /kick @name: a computer takes the seat."""
    message = update.effective_message
    if message is None:
        return
    replied = message.reply_to_message.from_user if message.reply_to_message else None
    target_id = replied.id if replied else None
    name = context.args[0] if context.args else ""

    async def kick_(key: TableKey, user_id: int, admin: bool) -> Outcome:
        if target_id is None and not name:
            raise TableError("kick-usage")
        return await context.runtime.tables.admin.kick(key, user_id, admin, target_id, name)
    if await _managed(update, context, kick_):
        lang = await context.runtime.people.chat_lang(message.chat_id)
        context.runtime.publishing.say(message, t(lang, "kick-done"))


Managed = Callable[[TableKey, int, bool], Awaitable[Outcome]]


async def _managed(update: Update, context: Context, use: Managed) -> bool:
    """A command of the chat's table's creator or an admin, answered in the chat's language;
    whether it went through."""
    app, message, user = context.runtime, update.effective_message, update.effective_user
    if message is None or user is None or not is_group(update):
        return False
    key = table_key(update)
    try:
        outcome = await use(key, user.id, await _admin_not_creator(context, key, user.id))
    except TableError as error:
        lang = await app.people.chat_lang(key.chat_id)
        app.publishing.say(message, t(lang, error.key, **error.args_))
        return False
    await app.publish(outcome)
    return True


async def _admin_not_creator(context: Context, key: TableKey, user_id: int) -> bool:
    """Whether a user who did not open the chat's table is an admin of its chat (asked of
    Telegram only then: the creator needs no admin rights)."""
    app = context.runtime
    table = await app.tables.kernel.table_at(key)
    if table is None or user_id == table.creator_id:
        return False
    return await app.members.is_admin(table.key.chat_id, user_id)
