"""Every button the bot draws, from its kind to its use case and the doors that offer it: one
entry a kind, and nothing else routes a press. The Telegram handlers and the page's kinds are
read from ``BUTTONS``; a new button is a line here and its use case.

A use case takes the running bot, who pressed and the press, and gives a ``Reply``; it refuses by
raising ``TableError`` (the entrance answers it in the presser's language)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..callbacks import BadCallback, Kind, Press, number
from ..coach import pastes, replays, words
from ..coach.replay import SOURCES, frame, read_arg
from ..play.moves import Moves
from ..play.records import Outcome, TableError
from ..social.score_service import ScoreService
from ..social.scores import ScoreError
from ..views import Context, Screen
from ..views import fair as fair_views
from .presser import Door, Presser, Reply

if TYPE_CHECKING:
    from ..runtime import Runtime

UseCase = Callable[["Runtime", Presser, Press], Awaitable[Reply]]
BOTH = frozenset(Door)
TELEGRAM = frozenset({Door.TELEGRAM})
OPEN_TO_ALL = ("join", "leave")  # a tournament's buttons anyone may press; the others: its opener or an admin
REVIEW_BUDGETS = 3  # a review may take this many decision budgets (it weighs a deal's decisions)


@dataclass(frozen=True, slots=True)
class Entry:
    use: UseCase
    doors: frozenset[Door]
    seat: bool = False  # it changes the presser's seat: a refusal draws their hand again


# ----- a seat's presses


def _seat(move: Callable[[Moves, int, int, int, str], Awaitable[Outcome]]) -> UseCase:
    async def use(rt: Runtime, who: Presser, press: Press) -> Reply:
        return Reply(await move(rt.tables.moves, press.table_id, who.id, press.move, press.arg))
    return use


async def my_hand(rt: Runtime, who: Presser, press: Press) -> Reply:
    """The group's "my hand": a hand kept in the group comes anew there, answering the press
    (an ephemeral message only they see); else the presser's hand as an alert only they see."""
    if await rt.publishing.places.anew(press.table_id, who.id, who.query_id):
        return Reply()
    return Reply(alert=await rt.publishing.hand_alert(press.table_id, who.id, who.lang))


async def of_chat(who: Presser, chat_id: int) -> None:
    """The presser is of a table's chat: pressed under one of its messages, or (in their private
    chat, by a link, on the page) a member of it. A table's button under another group's
    message was forged."""
    if who.chat_id == chat_id:
        return
    if who.chat_id is not None and who.chat_id != who.id:
        raise TableError("error-bad-button")
    if not await who.in_chat(chat_id):
        raise TableError("error-not-member")


async def sheet(rt: Runtime, who: Presser, press: Press) -> Reply:
    """The table's 📋: its sheet for the presser alone, if they are of its chat."""
    table = await rt.tables.kernel.load(press.table_id)
    await of_chat(who, table.key.chat_id)
    return Reply(screen=await rt.publishing.sheet(table, who.lang), start=f"sheet_{table.id}",
                 sent="table-sheet-sent")


# ----- the lobby


async def _in_lobby_chat(rt: Runtime, who: Presser, table_id: int) -> int:
    """A lobby's buttons are for the people of its chat (a button pressed under another chat's
    message, or a page of someone outside it, is refused); the chat's id."""
    table = await rt.tables.kernel.load(table_id)
    await of_chat(who, table.key.chat_id)
    return table.key.chat_id


async def join(rt: Runtime, who: Presser, press: Press) -> Reply:
    """A seat in the lobby, for whoever the bot can show a hand: on the page they pressed on, in
    their private chat (they started the bot), or as an ephemeral message in the group they
    pressed in (ephemeral hands on)."""
    chat = await _in_lobby_chat(rt, who, press.table_id)
    person, ask = who.person, False
    if not who.hand_on_page:
        in_group = await rt.people.place_of(who.id)
        writable = await who.can_write()
        if not writable and not (in_group and who.chat_id == chat):
            raise TableError("lobby-open-bot-first")
        person = replace(person, in_group=in_group)
        ask = writable and who.chat_id == chat and await rt.people.unasked(who.id)
    reply = Reply(await rt.tables.lobby.join(press.table_id, person, who.entropy))
    if ask and reply.outcome is not None:
        rt.publishing.places.ask(reply.outcome.table, who.id, who.lang, who.query_id)
    elif person.in_group:
        await who.ack("lobby-joined-group")  # where their cards will come
    return reply


async def place(rt: Runtime, who: Presser, press: Press) -> Reply:
    """Where the presser's hand is: the answer to the question asked at Join (G, P: that
    message then says it), or an ephemeral hand's 💬 (p). Stored as their choice; the hand of
    their table moves there (at once, or at the start)."""
    if press.arg not in ("G", "P", "p") or not rt.people.settings.ephemeral_hands:
        raise TableError("error-bad-button")
    in_group = press.arg == "G"
    if not in_group and not await who.can_write():
        raise TableError("hand-place-open-bot")
    await rt.people.set_hand_place(who.id, in_group)
    table_id = press.table_id
    if table_id == 0:  # /settings: the table they sit at, if any
        seated = await rt.store.tables.seat_of(who.id)
        table_id = seated.id or 0 if seated is not None else 0
    if table_id and not await rt.publishing.places.move(table_id, who.id, in_group, None
                                                       if press.table_id == 0 else who.query_id):
        raise TableError("error-stale")
    if press.arg == "p":
        return Reply()
    said = rt.people.refusal(who.lang, "hand-place-group" if in_group else "hand-place-private")
    return Reply(screen=Screen.of(said), in_place=True)


async def leave(rt: Runtime, who: Presser, press: Press) -> Reply:
    return Reply(await rt.tables.lobby.leave(press.table_id, who.id))


async def fill(rt: Runtime, who: Presser, press: Press) -> Reply:
    """Computers of a level up to the table size the button names ('normal:4')."""
    level, _, size = press.arg.partition(":")
    upto = number(size, limit=100)
    if upto is None:
        raise TableError("error-bad-button")
    await _in_lobby_chat(rt, who, press.table_id)
    return Reply(await rt.tables.lobby.add_computers(press.table_id, who.id, level, upto,
                                                      who.entropy))


async def add_computer(rt: Runtime, who: Presser, press: Press) -> Reply:
    await _in_lobby_chat(rt, who, press.table_id)
    return Reply(await rt.tables.lobby.add_computers(press.table_id, who.id, press.arg,
                                                      entropy=who.entropy))


def _menu(open_: bool) -> UseCase:
    """The lobby's one-computer menu opened or closed: only its message changes."""
    async def use(rt: Runtime, who: Presser, press: Press) -> Reply:
        outcome = await rt.tables.kernel.outcome(press.table_id)
        if outcome.table.status != "lobby":
            raise TableError("error-stale")
        return Reply(outcome, menu=open_)
    return use


async def start(rt: Runtime, who: Presser, press: Press) -> Reply:
    """The match started by the lobby's creator, or by an admin of its chat."""
    table = await rt.tables.kernel.load(press.table_id)
    admin = who.id != table.creator_id and await who.is_admin(table.key.chat_id)
    return Reply(await rt.tables.lobby.start(press.table_id, who.id, admin, who.entropy))


async def commitment(rt: Runtime, who: Presser, press: Press) -> Reply:
    """🔒: a fair table's whole commitment, and (once its match is over) its secret."""
    table = await rt.tables.kernel.load(press.table_id)
    if not table.secret:
        raise TableError("error-bad-button")
    return Reply(alert=fair_views.commitment_alert(table, who.lang))


async def choose_game(rt: Runtime, who: Presser, press: Press) -> Reply:
    return Reply(await rt.tables.lobby.choose_game(press.table_id, who.id, press.arg))


async def option(rt: Runtime, who: Presser, press: Press) -> Reply:
    return Reply(await rt.tables.lobby.cycle_option(press.table_id, who.id, press.arg))


async def rematch(rt: Runtime, who: Presser, press: Press) -> Reply:
    return Reply(await rt.tables.lobby.rematch(press.table_id, who.person))


# ----- the coach and replays


async def hint(rt: Runtime, who: Presser, press: Press) -> Reply:
    """💡: the turn read (and the seat marked hinted) under the table's lock, the advice thought
    outside it in the computers' workers."""
    turn = await rt.tables.turns.coach_turn(press.table_id, who.id, press.move)
    await who.ack("coach-thinking")
    advice = await rt.computers.advise(turn)
    table = await rt.tables.kernel.load(press.table_id)
    ctx = rt.publishing.context(table, who.lang, turn.seat)
    return Reply(screen=words.hint(advice, ctx) if advice else Screen.of(ctx.t("coach-busy")))


async def review(rt: Runtime, who: Presser, press: Press) -> Reply:
    """🔍: the presser's decisions of a finished deal weighed by the search from what they saw
    then, outside the table's lock."""
    deal = number(press.arg, 10_000) or 0
    source = await replays.open_deal(rt, "t", press.table_id, deal, who.id, who.lang,
                                     who.in_chat)
    if source.seat is None:
        raise TableError("error-stale")
    frames = await rt.frames.of(source, deal)
    decisions = replays.decisions(source, frames, source.seat)
    await who.ack("coach-thinking")
    dice = (await rt.tables.kernel.load(press.table_id)).computer_seed  # never the deal's seed
    regrets = await rt.computers.review(source.game, decisions, f"{dice}:review:{deal}",
                                        REVIEW_BUDGETS)
    ctx = Context(who.lang, 0, 0, source.names, source.game)
    positions = {i: obs for i, obs, _, _ in decisions}
    return Reply(screen=words.review(regrets, deal, ctx, positions) if regrets is not None
                 else Screen.of(ctx.t("coach-review-busy")))


async def replay(rt: Runtime, who: Presser, press: Press) -> Reply:
    """A replay's step, for a member of the match's chat: it replaces the message pressed in the
    private chat, or comes there from a ⏯ in the group."""
    try:
        kind, deal, step = read_arg(press.arg)
    except BadCallback as error:
        raise TableError("error-bad-button") from error
    source = await replays.open_deal(rt, kind, press.table_id, deal, who.id, who.lang,
                                     who.in_chat)
    ctx = Context(who.lang, 0, 0, source.names, source.game)
    screen = frame(source, await rt.frames.of(source, deal), step, ctx,
                   rt.people.settings.webapp_url)
    return Reply(screen=screen, in_place=True, sent="coach-replay-sent")


async def paste(rt: Runtime, who: Presser, press: Press) -> Reply:
    """📄 under a replay (or its /start paste_ link): the deal as one text, for the members of
    the match's chat; during the match only the viewer's own hand."""
    kind, deal = press.arg[:1], number(press.arg[1:], 10_000)
    if kind not in SOURCES or deal is None or press.move != 0:
        raise TableError("error-bad-button")
    source = await replays.open_deal(rt, kind, press.table_id, deal, who.id, who.lang,
                                     who.in_chat)
    ctx = Context(who.lang, 0, 0, source.names, source.game)
    ref = pastes.ref_of(source, deal)
    link = rt.publishing.start_link(f"{pastes.LINK}_{ref}")
    return Reply(screen=pastes.screen(source, await rt.frames.of(source, deal), ctx, link),
                 start=f"{pastes.LINK}_{ref}", sent="coach-paste-sent")


# ----- what lasts beyond a table


async def match_sheet(rt: Runtime, who: Presser, press: Press) -> Reply:
    """A stored match's deal-by-deal sheet from /history, for the people of its chat."""
    if press.move != 0 or press.arg:
        raise TableError("error-bad-button")
    scores = ScoreService(rt.store)
    try:
        chat_id = await scores.chat_of(press.table_id)
        if not await who.in_chat(chat_id):
            raise TableError("error-not-member")
        screen = await scores.sheet(press.table_id, chat_id, who.lang)
    except ScoreError as error:
        raise TableError(error.key) from error
    return Reply(screen=screen, start=f"match_{press.table_id}", sent="table-sheet-sent")


async def tournament(rt: Runtime, who: Presser, press: Press) -> Reply:
    """A tournament's sign-up buttons: join and leave for anyone who can be shown a hand, the
    rest for its opener or an admin of the chat it was pressed in."""
    if press.move != 0:
        raise TableError("error-bad-button")
    if press.arg == "join" and not await who.can_write() and not (
            rt.people.settings.ephemeral_hands and who.chat_id is not None and who.chat_id < 0):
        raise TableError("lobby-open-bot-first")  # else their hands come in that group
    admin = press.arg not in OPEN_TO_ALL and who.chat_id is not None \
        and await who.is_admin(who.chat_id)
    return Reply(step=await rt.tournaments.press(press.table_id, who.person, press.arg, admin,
                                                 who.entropy))


BUTTONS: dict[Kind, Entry] = {
    Kind.ACTION: Entry(_seat(Moves.act), BOTH, seat=True),
    Kind.PICK: Entry(_seat(Moves.pick), BOTH, seat=True),
    Kind.TOGGLE: Entry(_seat(Moves.toggle), BOTH, seat=True),
    Kind.CONFIRM: Entry(_seat(Moves.confirm), BOTH, seat=True),
    Kind.MY_HAND: Entry(my_hand, TELEGRAM),  # the page draws the hand
    Kind.SHEET: Entry(sheet, BOTH),
    Kind.JOIN: Entry(join, BOTH),
    Kind.LEAVE: Entry(leave, BOTH),
    Kind.FILL: Entry(fill, BOTH),
    Kind.MENU: Entry(_menu(True), TELEGRAM),  # the page fills by size only
    Kind.ADD_COMPUTER: Entry(add_computer, TELEGRAM),
    Kind.CLOSE_MENU: Entry(_menu(False), TELEGRAM),
    Kind.START: Entry(start, BOTH),
    Kind.COMMITMENT: Entry(commitment, BOTH),
    Kind.GAME: Entry(choose_game, BOTH),
    Kind.OPTION: Entry(option, BOTH),
    Kind.REMATCH: Entry(rematch, BOTH),
    Kind.MATCH_SHEET: Entry(match_sheet, TELEGRAM),
    Kind.HINT: Entry(hint, BOTH),
    Kind.REVIEW: Entry(review, BOTH),
    Kind.REPLAY: Entry(replay, TELEGRAM),
    Kind.PASTE: Entry(paste, BOTH),  # the page reads a deal's frames at once (GET /api/replay)
    Kind.TOURNAMENT: Entry(tournament, TELEGRAM),
    Kind.PLACE: Entry(place, TELEGRAM),  # the page is a hand's place of its own
}


def kinds(door: Door) -> frozenset[Kind]:
    """The buttons a door offers."""
    return frozenset(kind for kind, entry in BUTTONS.items() if door in entry.doors)
