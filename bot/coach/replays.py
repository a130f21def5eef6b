"""Where a replay comes from (issue 26): a table, during its match or after it, or a stored
match, with who sees which hands; shared by the private text replay and the page's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine import find_game

from ..play.records import TableError
from ..social.scores import seat_names
from .replay import Source

if TYPE_CHECKING:
    from ..runtime import Runtime


async def load_source(app: Runtime, kind: str, ident: int, user_id: int, lang: str
                      ) -> tuple[Source, int]:
    """What the replay is rebuilt from, and the chat its match was played in (whose members
    alone may see it: the caller asks). While a table plays, its viewer sees their own seat's
    hand; once it is over, or for a stored match, every hand."""
    if kind == "m":
        story = await app.store.scores.story(ident)
        if story is None:
            raise TableError("error-stale")
        match = story.match
        return Source("m", ident, match.game, len(match.results), match.rules, match.seed,
                      match.log, seat_names(match.results, lang), len(story.facts.deals),
                      None, True), match.chat_id
    table = await app.tables.kernel.load(ident)
    if table.status == "lobby":
        raise TableError("error-stale")
    public = find_game(table.game).public_observation(app.tables.kernel.state_of(table))
    seat = next((i for i, s in enumerate(table.seats) if s.user_id == user_id), None)
    names = app.publishing.context(table, lang).names
    return Source("t", ident, table.game, table.players, table.rules, table.seed,
                  list(table.log), names, len(public.history), seat,
                  table.status != "playing"), table.key.chat_id
