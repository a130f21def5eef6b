"""A finished deal replayed, the one use case both doors run (issue 26): where it comes from (a
table, during its match or after it, or a stored match), who may see it (the members of the
match's chat), which deals exist, the deal's frames through the engine, and a seat's decisions in
it for the review."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from engine import find_game
from engine.core import parse

from ..play.records import TableError
from ..social.duplicate_rounds import hands_hidden
from ..social.scores import seat_names
from .replay import Deal, Source

if TYPE_CHECKING:
    from ..runtime import Runtime

Decision = tuple[int, Any, Any, Any]  # (move's index in the deal, observation, legal, chosen)


async def load_source(app: Runtime, kind: str, ident: int, user_id: int, lang: str
                      ) -> tuple[Source, int]:
    """What the replay is rebuilt from, and the chat its match was played in (whose members
    alone may see it: ``open_deal`` asks). While a table plays, its viewer sees their own seat's
    hand; once it is over, or for a stored match, every hand."""
    if kind == "m":
        story = await app.store.scores.story(ident)
        if story is None:
            raise TableError("error-stale")
        match = story.match
        played = await app.store.tables.by_id(match.table_id)
        if played is not None and await hands_hidden(app.store, played):
            raise TableError("tournament-duplicate-wait")
        return Source("m", ident, match.game, len(match.results), match.rules, match.seed,
                      match.log, seat_names(match.results, lang), len(story.facts.deals),
                      None, True), match.chat_id
    table = await app.tables.kernel.load(ident)
    if table.status == "lobby":
        raise TableError("error-stale")
    public = find_game(table.game).public_observation(app.tables.kernel.state_of(table))
    seat = next((i for i, s in enumerate(table.seats) if s.user_id == user_id), None)
    names = app.publishing.context(table, lang).names
    hidden = await hands_hidden(app.store, table)
    if hidden and seat is None:  # a duplicate round's other tables hold these very cards
        raise TableError("tournament-duplicate-wait")
    return Source("t", ident, table.game, table.players, table.rules, table.seed,
                  list(table.log), names, len(public.history), seat,
                  table.status != "playing" and not hidden), table.key.chat_id


async def open_deal(app: Runtime, kind: str, ident: int, number: int, user_id: int, lang: str,
                    in_chat: Callable[[int], Awaitable[bool]]) -> Source:
    """The source of deal ``number``, for a seat of the table or a member of its match's chat
    (``in_chat``) only, and only a deal that is finished."""
    source, chat_id = await load_source(app, kind, ident, user_id, lang)
    if source.seat is None and not await in_chat(chat_id):
        raise TableError("error-not-member")
    if not 1 <= number <= source.deals:
        raise TableError("error-stale")
    return source


def decisions(source: Source, deal: Deal, seat: int) -> list[Decision]:
    """The seat's decisions in the deal, each with what it saw then and could choose."""
    game = find_game(source.game)
    return [(i, game.observation(deal.states[i], seat), game.legal_actions(deal.states[i], seat),
             parse(game, code)) for i, (mover, code) in enumerate(deal.moves) if mover == seat]
