"""What a seat's page is told about its own turn beyond the hand: why a dimmed card cannot be
played now (the engine's own refusal, in the viewer's words), and the move the turn timer made
for them when their time ran out."""

from __future__ import annotations

from typing import Any

from engine import find_game
from engine.core import BadCode, IllegalAction, parse
from storage import TableRecord

from .. import i18n
from ..views import Context, view_for


def refusals(table: TableRecord, state: Any, seat: int, cards: list[dict[str, Any]],
             ctx: Context) -> None:
    """Each dimmed card's ``why``: the engine asked to play it and refusing, as the alert a
    press of it would get (nothing is applied: states are values)."""
    game = find_game(table.game)
    for card in cards:
        if card["state"] != "dim":
            continue
        try:
            game.apply(state, seat, parse(game, "play:" + card["code"]))  # the card alone
            continue  # playable, but not by a tap now (a pass's choice): no reason to give
        except IllegalAction as error:
            key = i18n.illegal_key(table.game, error.key)
            card["why"] = ctx.t(key, **error.details)
        except (BadCode, ValueError, KeyError, IndexError):
            card["why"] = ctx.t("illegal-illegal")


def timed_out(table: TableRecord, state: Any, seat: int, ctx: Context) -> dict[str, Any] | None:
    """The seat's last move, if the turn timer made it (the seat has missed turns since it last
    moved itself, and the timer's move is made: the turn is no longer theirs): its index in the
    log, and what it was."""
    game = find_game(table.game)
    if not table.seats[seat].missed_turns or seat in game.to_act(state):
        return None
    moves = [i for i, (s, _) in enumerate(table.log) if s == seat]
    if not moves:
        return None
    try:
        action = parse(game, table.log[moves[-1]][1])
    except (BadCode, ValueError):
        return None
    return {"move": moves[-1], "text": view_for(table.game).action_text(action, ctx)}
