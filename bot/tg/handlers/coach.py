"""The coach's buttons (issue 26): 💡 a hint for the presser's turn, 🔍 the review of their last
deal, and the ⏮ ◀ ▶ ⏭ of a deal replayed in their private chat."""

from __future__ import annotations

from telegram import CallbackQuery, Update, User

from engine import find_game
from engine.core import parse

from ... import callbacks
from ...callbacks import BadCallback, Press
from ...coach.replay import deal_frames, frame, read_arg
from ...coach.replays import load_source
from ...coach.words import hint_text, review_text
from ...play.records import TableError
from ...runtime import Runtime
from ...views import Context as ViewContext
from ..context import Context
from . import answer, answer_press, is_member, pressed


async def hint(update: Update, context: Context) -> None:
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        app = context.runtime
        await answer_press(app, query, press, _hint(app, query, query.from_user, press))


async def _hint(app: Runtime, query: CallbackQuery, user: User, press: Press) -> None:
    """The turn read (and the seat marked hinted) under the table's lock, the advice thought
    outside it, then sent below the hand in the presser's language."""
    turn = await app.tables.turns.coach_turn(press.table_id, user.id, press.move)
    await answer(query, toast=await app.people.alert(user, "coach-thinking"))
    advice = await app.computers.advise(turn)
    table = await app.tables.kernel.load(press.table_id)
    ctx = app.publishing.context(table, await app.people.user_lang(user), turn.seat)
    app.sender.post(user.id, 0, hint_text(advice, ctx) if advice else ctx.t("coach-busy"))


async def replay(update: Update, context: Context) -> None:
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        app = context.runtime
        await answer_press(app, query, press, _replay(app, context, query, press))


async def _replay(app: Runtime, context: Context, query: CallbackQuery, press: Press) -> None:
    """A replay's frame: the message pressed in the private chat edited, or (a ⏯ in the group)
    a new one in the presser's private chat. Only a member of the match's group may see it."""
    try:
        kind, deal, step = read_arg(press.arg)
    except BadCallback as error:
        raise TableError("error-bad-button") from error
    user = query.from_user
    lang = await app.people.user_lang(user)
    source, chat_id = await load_source(app, kind, press.table_id, user.id, lang)
    if not 1 <= deal <= source.deals:
        raise TableError("error-stale")
    if not await is_member(context, chat_id, user.id):
        raise TableError("error-not-member")
    frames = deal_frames(find_game(source.game), source.players, source.seed, source.log,
                         source.rules, deal)
    ctx = ViewContext(lang, 0, 0, source.names, source.game)
    screen = frame(source, frames, step, ctx, app.people.settings.webapp_url)
    message = query.message
    if message is not None and message.chat.id == user.id:
        app.sender.close_message(user.id, message.message_id, screen)
        await answer(query)
        return
    if not (await app.people.touch(user)).can_dm:
        raise TableError("lobby-open-bot-first")
    app.sender.post(user.id, 0, screen)
    await answer(query, toast=await app.people.alert(user, "coach-replay-sent"))


REVIEW_BUDGETS = 3  # a review may take this many decision budgets (it weighs a deal's decisions)


async def review(update: Update, context: Context) -> None:
    got = await pressed(update, context)
    if got is not None:
        query, press = got
        app = context.runtime
        await answer_press(app, query, press, _review(app, query, press))


async def _review(app: Runtime, query: CallbackQuery, press: Press) -> None:
    """The 🔍 of a hand: the presser's decisions of a finished deal weighed by the search from
    what they saw then, outside the table's lock, the answer sent to their private chat."""
    user = query.from_user
    deal = callbacks.number(press.arg, 10_000)
    lang = await app.people.user_lang(user)
    source, _ = await load_source(app, "t", press.table_id, user.id, lang)
    if deal is None or not 1 <= deal <= source.deals or source.seat is None:
        raise TableError("error-stale")
    game = find_game(source.game)
    frames = deal_frames(game, source.players, source.seed, source.log, source.rules, deal)
    seat = source.seat
    decisions = [(i, game.observation(frames.states[i], seat),
                  game.legal_actions(frames.states[i], seat), parse(game, code))
                 for i, (mover, code) in enumerate(frames.moves) if mover == seat]
    await answer(query, toast=await app.people.alert(user, "coach-thinking"))
    dice = (await app.tables.kernel.load(press.table_id)).computer_seed  # never the deal's seed
    regrets = await app.computers.review(source.game, decisions, f"{dice}:review:{deal}",
                                         REVIEW_BUDGETS)
    ctx = ViewContext(lang, 0, 0, source.names, source.game)
    positions = {i: obs for i, obs, _, _ in decisions}
    app.sender.post(user.id, 0, review_text(regrets, deal, ctx, positions)
                    if regrets is not None else ctx.t("coach-review-busy"))

