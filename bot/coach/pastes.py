"""A deal in one paste (issue 41): the compact text of a replayed deal (``engine.paste``), with
the link that shares it with the members of its match's chat (as its replay is shared), and a
pasted text opened as a replay again.

A paste shows every hand and every move, so the whole of it is given only where the replay
shows every hand (the match is over, or a stored match); while the match goes on, its viewer
gets their own hand as dealt and nothing of anyone else's."""

from __future__ import annotations

from engine import find_game
from engine.paste import Paste, cut, dumps, loads, replay
from storage.interface.records import engine_rules

from ..play.records import TableError
from ..views import Context, Screen
from ..views.screen import HAND, TITLE, Line
from .replay import Deal, Source, seats_shown

LINK = "paste"  # /start paste_t12_3: a t.me link's payload, as the page's replays are named


def paste_of(source: Source, number: int) -> Paste:
    """Deal ``number`` of the source's match, every hand: for a face-up source only."""
    if not source.face_up:
        raise TableError("error-stale")
    names = tuple(name.replace("\u2068", "").replace("\u2069", "") for name in source.names)
    return cut(source.game, source.players, source.seed, source.log, number, names=names,
               **engine_rules(source.rules))


def screen(source: Source, deal: Deal, ctx: Context, link: str) -> Screen:
    """The paste and its link; during the match the viewer's own hand as dealt, no more."""
    head = Line(ctx.t("coach-paste-title", game=ctx.t(f"game-{source.game}"), deal=deal.number,
                      code=source.game), TITLE)
    if not source.face_up:
        game = find_game(source.game)
        mine = [Line(ctx.t("coach-replay-hand", name=source.names[seat], cards=" ".join(
            card.symbol for card in game.observation(deal.states[0], seat).hand)), HAND, seat)
            for seat in seats_shown(source)]
        return Screen((head, *mine, Line(ctx.t("coach-paste-after-match"))))
    text = dumps(paste_of(source, deal.number)).rstrip("\n")
    return Screen((head, Line(text, style="pre"), Line(ctx.t("coach-paste-share", link=link))))


def ref_of(source: Source, deal: int) -> str:
    """The link's payload after ``paste_``: 't12_3', the page's name of the deal."""
    return f"{source.kind}{source.ident}_{deal}"


def opened(text: str) -> tuple[Source, Paste]:
    """A pasted text as a replay's source (every hand face up: whoever pasted it has them all)
    whose one deal is the paste's; ValueError naming what is wrong with it."""
    paste = loads(text)
    replay(paste)  # it ends as it says, or it is refused
    rules: dict[str, object] = {**paste.rules, "deal": [" ".join(hand) for hand in paste.hands]}
    return Source("p", 0, paste.game, paste.players, rules, 0, paste.log, paste.seats, 1, None,
                  True), paste
