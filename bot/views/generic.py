"""The fallback view of a game in development (never of a released one): seats, standings and
whose turn from the public view, the hand, and every legal action reachable from its code.

Codes are split at ':' into steps (``bid:12:H`` -> bid, 12, H): a step with several choices is a
picker drawn in place (``ctx.pick`` is the path so far), a code whose last step lists cards
(``play:3S,4S,5S``) is chosen by toggling its cards and confirming."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine import find_game
from engine.cards import parse_card

from ..callbacks import Kind
from .base import (
    BaseView,
    Button,
    Context,
    Screen,
    face,
    hand_order,
    rows_of,
    seat_list,
    suit_lines,
    table_keyboard,
)

_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
_SUITS = {"C": "♣", "D": "♦️", "H": "♥️", "S": "♠"}


def label(step: str) -> str:
    """A readable button label from one step of a code: cards become faces, suits symbols."""
    text = _CARD.sub(lambda m: face(m.group(0), button=True), step)
    return _SUITS.get(text, text).replace(",", " ")


def _is_cards(step: str) -> bool:
    return all(_CARD.fullmatch(part) for part in step.split(","))


class GenericView(BaseView):
    def table(self, public: Any, ctx: Context) -> Screen:
        lines = [f"🃏 <b>{ctx.t('game-' + ctx.game)}</b>", *seat_list(ctx, public)]
        trick = getattr(public, "trick", ())
        if trick:
            lines.append(ctx.t("table-trick", cards=_trick(trick, ctx)))
        return Screen("\n".join(lines), table_keyboard(public, ctx))

    def hand(self, obs: Any, legal: Sequence[Any], ctx: Context) -> Screen:
        lines = [f"🃏 <b>{ctx.t('game-' + ctx.game)}</b>"]
        lines += suit_lines(hand_order(getattr(obs, "hand", ())))
        if not legal:
            return Screen("\n".join(lines))
        lines.append(ctx.t("hand-your-turn-line"))
        return Screen("\n".join(lines), picker([str(a) for a in legal], ctx))


def picker(codes: Sequence[str], ctx: Context) -> tuple[tuple[Button, ...], ...]:
    """The keyboard at ``ctx.pick`` for these legal codes: one button per next step (an action
    where the step ends a code, a deeper picker where it does not), toggles for card lists, and
    a way back."""
    path = ctx.pick.split(":") if ctx.pick else []
    below = [c.split(":") for c in codes if c.split(":")[:len(path)] == path]
    if not below:  # a stale or forged step: start again
        path, below = [], [c.split(":") for c in codes]
    toggled = [steps for steps in below if len(steps) == len(path) + 1 and _is_cards(steps[-1])]
    if not any("," in steps[-1] for steps in toggled):
        toggled = []  # single cards are plain buttons
    buttons: list[Button] = []
    seen: set[str] = set()
    for steps in below:
        if steps in toggled or len(steps) == len(path):
            continue
        step = steps[len(path)]
        if step in seen:
            continue
        seen.add(step)
        code = ":".join([*path, step])
        deeper = any(len(s) > len(path) + 1 and s[len(path)] == step for s in below)
        buttons.append(Button(label(step), ctx.data(Kind.PICK, code) if deeper else ctx.data(Kind.ACTION, code)))
    rows = list(rows_of(buttons, 5))
    if toggled:
        rows += _toggles(toggled, path, ctx)
    if path:
        rows.append((Button("‹ " + ctx.t("hand-back"), ctx.data(Kind.PICK, ":".join(path[:-1]))),))
    return tuple(rows)


def _toggles(codes: list[list[str]], path: list[str], ctx: Context) -> list[tuple[Button, ...]]:
    cards = sorted({card for steps in codes for card in steps[-1].split(",")}, key=parse_card)
    chosen = set(ctx.selection)
    most = find_game(ctx.game).most_chosen if ctx.game else None
    if most is not None and len(chosen) >= most:
        cards = [c for c in cards if c in chosen]  # only unchoosing: the service refuses more
    buttons = [Button(("✅" if c in chosen else "") + face(c, button=True),
                      ctx.data(Kind.TOGGLE, ("-" if c in chosen else "+") + c)) for c in cards]
    confirm = Button(ctx.t("hand-play-chosen", count=len(chosen)), ctx.data(Kind.CONFIRM, ":".join(path)))
    return [*rows_of(buttons, 6), (confirm,)]


def _trick(trick: Sequence[tuple[int, Any]], ctx: Context) -> str:
    return " · ".join(f"{ctx.names[seat]} {parse_card(str(card)).symbol}" for seat, card in trick)


VIEW = GenericView()
