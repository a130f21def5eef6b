"""A scene: what one viewer may see of a table, as JSON for the page. Built from the engine's
public view, or from the viewer's own seat's observation, never from the state; the words are the
bot's own (the same views and Fluent catalogues as the messages), and the choices are the hand
message's buttons, with the same callback data: a tap on the page is a press of that button."""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Sequence
from enum import Enum
from typing import Any

from engine import find_game
from engine.cards import Card
from engine.core import code_cards
from storage import TableRecord

from .. import callbacks
from ..callbacks import Kind
from ..play.lobby import lobby_info
from ..views import Context, Screen, view_for
from ..views import lobby as lobby_views

TAGS = re.compile(r"<[^>]+>")
SEAT_LINE = re.compile(r"^(▸ |   )")  # a seat's line: the felt shows its name and standing
SUIT_LINE = re.compile(r"^[♠♥♦♣] ")  # a hand's suit: the page shows the cards
# Buttons the page can press: a hand's, and a lobby's (the one-computer menu and links aside).
PAGE_KINDS = frozenset({Kind.ACTION, Kind.PICK, Kind.TOGGLE, Kind.CONFIRM, Kind.JOIN, Kind.LEAVE,
                        Kind.FILL, Kind.START, Kind.GAME, Kind.OPTION, Kind.REMATCH})
CARD_KINDS = frozenset({Kind.ACTION, Kind.TOGGLE})


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


def lines(screen: Screen | str) -> list[str]:
    """A message's HTML as plain lines (names are escaped there: unescaped once here)."""
    text = screen if isinstance(screen, str) else screen.text
    return [html.unescape(TAGS.sub("", line)) for line in text.splitlines()]


def _press(data: str | None) -> callbacks.Press | None:
    try:
        return callbacks.decode(data)
    except callbacks.BadCallback:
        return None


def choices(screen: Screen) -> tuple[dict[str, dict[str, Any]], list[list[dict[str, str]]]]:
    """A screen's buttons split in two: those that play or toggle one card (by card code, for
    the cards of the hand), and the rest, in their rows (a pass's confirm, bids, pickers)."""
    by_card: dict[str, dict[str, Any]] = {}
    rows: list[list[dict[str, str]]] = []
    for row in screen.rows:
        rest = []
        for button in row:
            press = _press(button.data)
            if press is None or press.kind not in PAGE_KINDS:
                continue
            card = _card_of(press)
            if card is not None and press.kind in CARD_KINDS:
                by_card[card] = {"data": button.data, "chosen": button.text.startswith("✅")}
            else:
                rest.append({"text": button.text, "data": button.data or ""})
        if rest:
            rows.append(rest)
    return by_card, rows


def _card_of(press: callbacks.Press) -> str | None:
    """The one card a play or toggle button names: 'play:QS', '+QS', '-QS'."""
    arg = press.arg.lstrip("+-") if press.kind == Kind.TOGGLE else press.arg
    cards = code_cards(arg) if ":" in arg else [arg]
    return cards[0] if len(cards) == 1 and _is_card(cards[0]) else None


def _is_card(code: str) -> bool:
    return len(code) == 2 and code[0] in "23456789TJQKA" and code[1] in "CDHS"


def hand_cards(hand: Sequence[Card], by_card: dict[str, dict[str, Any]],
               selection: Sequence[str]) -> list[dict[str, Any]]:
    """The viewer's cards in the engine's order: raised (a button plays or toggles it), chosen
    (toggled in), or dimmed; each with the button data a tap presses."""
    out = []
    for card in hand:
        code = str(card)
        button = by_card.get(code)
        chosen = code in selection or bool(button and button["chosen"])
        out.append({"code": code, "state": "chosen" if chosen else "legal" if button else "dim",
                    "data": button["data"] if button else ""})
    return out


def build(table: TableRecord, state: Any, seat: int | None,
          ctx: Context, link: str = "") -> dict[str, Any]:
    """The scene of ``table`` for a viewer at ``seat`` (None: a spectator), drawn in ``ctx``."""
    names = [lines(n)[0] if n else "" for n in ctx.names]
    scene: dict[str, Any] = {
        "table": table.id, "game": table.game, "status": table.status, "version": table.version,
        "move": len(table.log), "seat": seat, "lang": ctx.lang, "names": names,
        "humans": [s.user_id is not None for s in table.seats], "deadline": table.deadline,
        "title": ctx.t(f"game-{table.game}") if table.game else "",
        "words": {k: ctx.t(f"web-{k}") for k in WORDS},
    }
    if table.status == "lobby":
        screen = lobby_views.lobby(ctx, lobby_info(table), link)
        _, rows = choices(screen)
        return scene | _texts(screen) | {"buttons": rows, "view": None, "cards": []}
    if table.status == "stopped" or state is None:
        return scene | _texts(lobby_views.stopped(ctx)) | {"buttons": [], "view": None, "cards": []}
    ctx = dataclasses.replace(ctx, page=True)
    game, view = find_game(table.game), view_for(table.game)
    public = game.public_observation(state)
    board = view.finished_table(public, ctx) if table.status == "finished" else view.table(public, ctx)
    scene |= _texts(board) | {"buttons": [], "cards": []}
    shown = public
    if seat is not None and table.status == "playing":
        shown = game.observation(state, seat)
        hand = view.hand(shown, game.legal_actions(state, seat), ctx)
        by_card, rows = choices(hand)
        scene |= _texts(board, hand) | {"buttons": rows,
                                         "cards": hand_cards(shown.hand, by_card, ctx.selection)}
    elif table.status == "finished":
        _, scene["buttons"] = choices(board)
    scene["view"] = plain(without_past_cards(shown))
    scene["last_trick"] = plain(getattr(shown, "last_trick", None))
    return scene


def without_past_cards(obs: Any) -> Any:
    """The view less the finished deals' last tricks: the felt draws this deal, the page counts
    the deals behind it (its ⏯ replays them), and those cards are in new hands now."""
    return dataclasses.replace(obs, history=tuple(
        dataclasses.replace(record, last_trick=None) for record in obs.history))


def _texts(board: Screen, hand: Screen | None = None) -> dict[str, Any]:
    """The lines of the table's message and of the hand, and what the page writes of them under
    the felt: ``info``, the table's lines but its first (the status) and the seats' (the felt has
    them); ``hand_info``, the hand's but its first, its suits (drawn as cards) and any ``info`` has."""
    table, mine = lines(board), lines(hand) if hand is not None else []
    info = under_felt(table)
    return {"lines": table, "hand_lines": mine, "info": info,
            "hand_info": [line for line in mine[1:] if not SUIT_LINE.match(line) and line not in info]}


def under_felt(table: list[str]) -> list[str]:
    """The table message's lines the page writes under the felt: all but the first (the status
    line) and the seats' (the felt draws them)."""
    return [line for line in table[1:] if not SEAT_LINE.match(line)]


# The page's own few words (web-<word> in core.ftl); everything else is the bot's.
WORDS = ("spectator", "you", "trick", "last-trick", "to-beat", "seconds", "connecting",
         "standings", "open")


def screen_data(screen: Screen) -> dict[str, Any]:
    """A screen for the presser alone (a hint, a sheet) as the page shows it."""
    _, rows = choices(screen)
    return {"lines": lines(screen), "buttons": rows}
