"""A finished deal replayed on the page (issue 26): every step's frame in one JSON, rebuilt from
the seed and log through the engine (``bot.coach.replay.Deal``), never from a stored screen, and with
the text replay's visibility (``seats_shown``, ``caption``): while the match goes on the viewer's
own hand only and another seat's pass hidden, once it is over every hand face up.

A frame has the live scene's shape (``lines``, ``view``, ``last_trick``, ``cards``) so the page
draws it with the table's own code; ``hands`` adds the other seats' hands when face up. The
board is the public view (the table as the group saw it), the hands the seats' observations."""

from __future__ import annotations

import dataclasses
from typing import Any

from engine import Game, find_game
from engine.core import Shared

from .. import i18n
from ..coach.replay import Deal, Source, caption, page_ref, seats_shown, title
from ..views import Context, Screen, deal_post, view_for
from ..views.screen import TITLE, Line
from .scene import plain, screen_data, words


def deal_payload(source: Source, deal: Deal, ctx: Context) -> dict[str, Any]:
    """The whole deal for one viewer: what the frames share, then a frame per step."""
    game = find_game(source.game)
    return {
        "replay": page_ref(source, deal.number), "game": source.game, "status": "replay",
        "seat": source.seat, "face_up": source.face_up, "lang": ctx.lang,
        "names": list(source.names), "deadline": None, "kinds": [], "hand": None,
        "title": ctx.t(f"game-{source.game}"), "words": words(ctx),
        "deal": deal.number, "deals": source.deals,
        "frames": [frame(game, source, deal, step, ctx) for step in range(len(deal.moves) + 1)],
    }


def frame(game: Game, source: Source, deal: Deal, step: int, ctx: Context) -> dict[str, Any]:
    """Step ``step`` (0: as dealt; the last: the deal's result and its last trick, no hands)."""
    state = deal.states[step]
    public = game.public_observation(state)
    view = view_for(source.game)
    if step == len(deal.moves):
        return {**closing(public, source, deal, ctx), **drawn(
            source, deal, step, ctx,
            list(deal_post(view, public.history[deal.number - 1], public, ctx).lines))}
    hands = {seat: [str(card) for card in getattr(game.observation(state, seat), "hand", ())]
             for seat in seats_shown(source)}
    mine = hands.pop(source.seat, []) if source.seat is not None else []
    # The score sheet is not drawn on the felt (the last frame's board lines carry the deal's
    # result), and it grows with the match: every frame of a late 56 deal carried sixty deals.
    return {**drawn(source, deal, step, ctx, list(view.table(public, ctx).lines)),
            "view": plain(dataclasses.replace(public, history=())),
            "last_trick": plain(getattr(public, "last_trick", None)),
            "cards": [{"code": code, "state": "", "data": ""} for code in mine],
            "hands": [[seat, codes] for seat, codes in hands.items()]}


def closing(public: Shared, source: Source, deal: Deal, ctx: Context) -> dict[str, Any]:
    """The last frame's felt: the state after the deal's last move is already the next deal's
    (its phase, hand sizes, turns, bare table), so the felt shows the facts every game shares
    as the deal left them (the standings after it) and the deal's last trick from its record;
    no hands, nobody's turn."""
    shared = {f.name: plain(getattr(public, f.name)) for f in dataclasses.fields(Shared)
              if f.name != "phase"}
    return {"view": shared | {"deal": deal.number, "to_act": [], "history": []},
            "last_trick": plain(public.history[deal.number - 1].last_trick),
            "last_label": ctx.t(last_label_key(source.game)), "cards": [], "hands": []}


def last_label_key(game: str) -> str:
    """The felt's label of a deal's last trick: the game's own word (Thirteen: its last play),
    else the shared one; not the live table's "previous trick" of a deal that goes on."""
    own = f"{game}-web-deal-last-trick"
    return own if i18n.has("en", own) else "web-deal-last-trick"


def drawn(source: Source, deal: Deal, step: int, ctx: Context, board: list[Line]
          ) -> dict[str, Any]:
    """A frame's words: the replay's title and the board (the table as the group saw it, or
    the deal's result), and the caption."""
    head = Line(title(source, deal, step, ctx), TITLE)
    return {"step": step, "board": screen_data(Screen((head, *board))),
            "caption": caption(source, deal, step, ctx)}
