"""The fallback view of any engine game: seats, scores, whose turn, the hand if the observation
has one, and one button per legal action labelled from its code ('bid:9:H' -> 'bid 9 ♥')."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.cards import parse_card

from .base import (
    Button,
    Context,
    Screen,
    deal_results,
    face,
    hand_order,
    rows_of,
    seat_list,
    suit_lines,
)

MAX_BUTTONS = 48
_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
_SUITS = {"C": "♣", "D": "♦️", "H": "♥️", "S": "♠"}


def label(code: str) -> str:
    """A readable button label from an action code: card codes become faces."""
    text = _CARD.sub(lambda m: face(m.group(0), button=True), code)
    kind, _, rest = text.partition(":")
    rest = ":".join(_SUITS.get(part, part) for part in rest.split(":"))
    return f"{kind} {rest.replace(',', ' ').replace(':', ' ')}".strip()


class GenericView:
    def table(self, public: Any, ctx: Context) -> Screen:
        scores = ctx.scores or (0,) * len(ctx.names)
        lines = [f"🃏 <b>{ctx.t('game-' + ctx.game)}</b>", *seat_list(ctx, scores, ctx.to_act)]
        trick = getattr(public, "trick", ())
        if trick:
            lines.append(ctx.t("table-trick", cards=_trick(trick, ctx)))
        return Screen("\n".join(lines), ((Button(ctx.t("table-my-hand"), ctx.data("h")),),))

    def hand(self, obs: Any, legal: Sequence[Any], ctx: Context) -> Screen:
        lines = [f"🃏 <b>{ctx.t('game-' + ctx.game)}</b>"]
        lines += suit_lines(hand_order(getattr(obs, "hand", ())))
        if legal:
            lines.append(ctx.t("hand-your-turn"))
        buttons = [Button(label(str(a)), ctx.data("a", str(a))) for a in legal[:MAX_BUTTONS]]
        return Screen("\n".join(lines), rows_of(buttons, 3))

    def hand_alert(self, obs: Any, ctx: Context) -> str:
        return "\n".join(suit_lines(getattr(obs, "hand", ()))) or ctx.t("hand-empty")

    def deal_results(self, before: Any, after: Any, ctx: Context) -> list[str]:
        return deal_results(before, after, ctx)


def _trick(trick: Sequence[tuple[int, Any]], ctx: Context) -> str:
    return " · ".join(f"{ctx.names[seat]} {parse_card(str(card)).symbol}" for seat, card in trick)


VIEW = GenericView()
