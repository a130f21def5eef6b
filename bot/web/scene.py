"""A scene: what one viewer may see of a table, as JSON for the page. Built from the engine's
public view, or from the viewer's own seat's observation, never from the state; its screens are
the very data the Telegram messages are rendered from (``Screen``: lines with a role, the cards
they name, buttons with what they do), so a tap on the page is a press of that button."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from enum import Enum
from typing import Any

from engine import find_game
from engine.cards import Card
from storage import TableRecord

from ..coach.words import coach_rows
from ..entrance.buttons import kinds
from ..entrance.presser import Door
from ..play.lobby import lobby_info
from ..views import Context, Screen, fair, view_for
from ..views import lobby as lobby_views
from ..views.felt import felt
from ..views.screen import Button, Line
from .turn import refusals, timed_out

PAGE_KINDS = sorted(kinds(Door.PAGE))  # the buttons the page may press


def plain(value: Any) -> Any:
    """Any observation as JSON: dataclass fields by name, cards as codes ('QS'), sets sorted."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, Enum):
        return str(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, set | frozenset):
        return [plain(v) for v in sorted(value)]
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return str(value)  # an action or a contract: its code


def line_data(line: Line) -> dict[str, Any]:
    return {"text": line.text, "role": line.role, "seat": line.seat, "cards": list(line.cards),
            "style": line.style, "mark": line.mark}


def button_data(button: Button) -> dict[str, Any]:
    return {"text": button.text, "data": button.data, "url": button.url,
            "kind": str(button.kind) if button.kind else None, "card": button.card,
            "chosen": button.chosen}


def screen_data(screen: Screen) -> dict[str, Any]:
    """A screen as the page reads it: the same lines and buttons Telegram's message is made of."""
    return {"lines": [line_data(line) for line in screen.lines],
            "buttons": [[button_data(b) for b in row] for row in screen.rows]}


def hand_cards(hand: Sequence[Card], screen: Screen, selection: Sequence[str]
               ) -> list[dict[str, Any]]:
    """The viewer's cards in the engine's order: raised (a button plays or toggles it), chosen
    (toggled in), or dimmed; each with the button data a tap presses."""
    by_card = {b.card: b for row in screen.rows for b in row if b.card is not None}
    out = []
    for card in hand:
        code = str(card)
        button = by_card.get(code)
        chosen = code in selection or bool(button and button.chosen)
        out.append({"code": code, "state": "chosen" if chosen else "legal" if button else "dim",
                    "data": button.data if button else ""})
    return out


def build(table: TableRecord, state: Any, seat: int | None, ctx: Context,
          link: str = "") -> dict[str, Any]:
    """The scene of ``table`` for a viewer at ``seat`` (None: a spectator), drawn in ``ctx``."""
    scene: dict[str, Any] = {
        "table": table.id, "game": table.game, "status": table.status, "version": table.version,
        "move": len(table.log), "seat": seat, "lang": ctx.lang, "names": list(ctx.names),
        "humans": [s.user_id is not None for s in table.seats], "deadline": table.deadline,
        "title": ctx.t(f"game-{table.game}") if table.game else "",
        "words": words(ctx), "kinds": PAGE_KINDS,
        "hand": None, "cards": [], "view": None, "last_trick": None,
        "fair": fair.page_check(table),
    }
    if table.status == "lobby":
        lobby = lobby_views.lobby(ctx, lobby_info(table), link)
        return scene | {"board": screen_data(fair.with_commitment(lobby, ctx, table.secret))}
    if table.status == "stopped" or state is None:
        return scene | {"board": screen_data(lobby_views.stopped(ctx))}
    game, view = find_game(table.game), view_for(table.game)
    public = game.public_observation(state)
    board = view.finished_table(public, ctx) if table.status == "finished" else view.table(public, ctx)
    scene["board"] = screen_data(board)
    shown, hand = public, None
    if seat is not None and table.status == "playing":
        shown = game.observation(state, seat)
        legal = game.legal_actions(state, seat)
        # the coach's 💡 and 🔍 where the table offers them, as under the Telegram hand
        hand = view.hand(shown, legal, ctx).plus(
            rows=coach_rows(table, legal, len(shown.history), ctx))
        scene |= {"hand": screen_data(hand),
                  "cards": hand_cards(shown.hand, hand, ctx.selection),
                  "timed": timed_out(table, state, seat, ctx)}
        refusals(table, state, seat, scene["cards"], ctx)
    scene["felt"] = felt(view, public, shown, (board, hand), ctx)
    scene["view"] = plain(without_past_cards(shown))
    scene["last_trick"] = plain(getattr(shown, "last_trick", None))
    return scene


def without_past_cards(obs: Any) -> Any:
    """The view less the finished deals' last tricks: the felt draws this deal, the page counts
    the deals behind it (its ⏯ replays them), and those cards are in new hands now."""
    return dataclasses.replace(obs, history=tuple(
        dataclasses.replace(record, last_trick=None) for record in obs.history))


def words(ctx: Context) -> dict[str, str]:
    """The page's own words; "card": a card's accessible name with {r} and {s} for its rank's
    and suit's words (the order and forms are the language's)."""
    found = {k: ctx.t(f"web-{k}") for k in WORDS}
    return found | {"card": ctx.t("web-card", rank="{r}", suit="{s}"),
                     "fair-kept": ctx.t("web-fair-kept", short="{short}"),
                     "fair-broken": ctx.t("web-fair-broken", short="{short}")}


# The page's own few words (web-<word> in core.ftl); everything else is the bot's.
WORDS = ("spectator", "you", "trick", "last-trick", "to-beat", "seconds", "connecting",
         "standings", "open", "timed", "lower", "dealer", "pace", "home", "more", "status-lobby",
         "status-playing", "status-finished", "status-stopped", "result", "four", "your-turn",
         "rank-A", "rank-K", "rank-Q", "rank-J", "suit-S", "suit-H", "suit-D", "suit-C")
