"""The fallback view of a game in development (never of a released one): seats, standings and
whose turn from the public view, the hand, and every legal action reachable from its code.

Codes are split at ':' into steps (``bid:12:H`` -> bid, 12, H): a step with several choices is a
picker drawn in place (``ctx.pick`` is the path so far), a code whose last step lists cards
(``play:3S,4S,5S``) is chosen by toggling its cards and confirming."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import find_game
from engine.cards import parse_card

from ..callbacks import Kind
from .base import (
    BaseView,
    card_button,
    hand_order,
    readable,
    rows_of,
    seat_list,
    suit_lines,
    table_keyboard,
)
from .screen import PROMPT, TRICK, Button, Context, Line, Screen, header


def _is_cards(step: str) -> bool:
    return all(_is_card(part) for part in step.split(","))


def _is_card(code: str) -> bool:
    try:
        return str(parse_card(code)) == code
    except (ValueError, KeyError):
        return False


class GenericView(BaseView):
    def table(self, public: Any, ctx: Context) -> Screen:
        lines = [header(f"🃏 {ctx.t('game-' + ctx.game)}"), *seat_list(ctx, public)]
        trick = getattr(public, "trick", ())
        if trick:
            lines.append(Line(ctx.t("table-trick", cards=_trick(trick, ctx)), TRICK,
                              cards=tuple(str(card) for _, card in trick)))
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def hand(self, obs: Any, legal: Sequence[Any], ctx: Context) -> Screen:
        lines = [header(f"🃏 {ctx.t('game-' + ctx.game)}")]
        lines += suit_lines(hand_order(getattr(obs, "hand", ())))
        if not legal:
            return Screen(tuple(lines))
        lines.append(Line(ctx.t("hand-your-turn-line"), PROMPT))
        return Screen(tuple(lines), picker([str(a) for a in legal], ctx))


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
        kind = Kind.PICK if deeper else Kind.ACTION
        one = step if not deeper and "," not in step and _is_card(step) else None  # plays it
        buttons.append(card_button(one, ctx, kind, code) if one
                       else ctx.button(readable(step), kind, code))
    rows = list(rows_of(buttons, 5))
    if toggled:
        rows += _toggles(toggled, path, ctx)
    if path:
        rows.append((ctx.button("‹ " + ctx.t("hand-back"), Kind.PICK, ":".join(path[:-1])),))
    return tuple(rows)


def _toggles(codes: list[list[str]], path: list[str], ctx: Context) -> list[tuple[Button, ...]]:
    cards = sorted({card for steps in codes for card in steps[-1].split(",")}, key=parse_card)
    chosen = set(ctx.selection)
    most = find_game(ctx.game).most_chosen if ctx.game else None
    if most is not None and len(chosen) >= most:
        cards = [c for c in cards if c in chosen]  # only unchoosing: the service refuses more
    buttons = [card_button(c, ctx, Kind.TOGGLE, ("-" if c in chosen else "+") + c, chosen=c in chosen) for c in cards]
    confirm = ctx.button(ctx.t("hand-play-chosen", count=len(chosen)), Kind.CONFIRM, ":".join(path))
    return [*rows_of(buttons, 6), (confirm,)]


def _trick(trick: Sequence[tuple[int, Any]], ctx: Context) -> str:
    return " · ".join(f"{ctx.names[seat]} {parse_card(str(card)).symbol}" for seat, card in trick)


VIEW = GenericView()
