"""The coach in the bot (issue 26): the 💡 hint and the 🔍 review of a seat, in its language.

The engine advises (``engine.coach``) from the seat's observation; this module only words its
advice: the action as the hand names it, the estimate in the game's unit, the reason. The hint
is thought in the computers' threads (``Computers.advise``) after the press is answered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.coach import Advice, Regret
from storage import TableRecord

from ..callbacks import Kind
from ..views import Button, Context, Screen, view_for
from ..views.base import MINUS, codes, seated
from ..views.screen import HAND, RESULT, TRICK, Line, title

SHOWN = 3  # choices a hint lists: Hard's and the next best


def action_text(action: Any, ctx: Context) -> str:
    """An action as the game's view names it: cards as faces, a call as the table says it."""
    return view_for(ctx.game).action_text(action, ctx)


def amount(value: float, signed: bool = True) -> str:
    """'+3.2', '−1.5', '0': one decimal, a real minus sign."""
    text = f"{abs(value):.1f}".removesuffix(".0")
    if text == "0":
        return "0"
    return (MINUS if value < 0 else "+" if signed else "") + text


def estimate_text(advice: Advice, value: float, ctx: Context) -> str:
    """An estimate in the game's unit: points taken (Hearts), deal points (King), the margin
    (Blot), tables (56), a place (Thirteen)."""
    if not advice.unit:
        return ""
    plain = advice.unit in ("taken", "place")
    return ctx.t(f"coach-unit-{advice.unit}", value=amount(value, signed=not plain))


def hint(advice: Advice, ctx: Context) -> Screen:
    """💡: Hard's choice, the best few with their estimates, the reason, and that a hint keeps
    the match from rating the reader."""
    lines = [title(ctx.t("coach-hint-title", choice=action_text(advice.choice, ctx)))]
    lines += [Line(ctx.t("coach-hint-line", rank=i, action=action_text(action, ctx),
                         estimate=estimate_text(advice, value, ctx)))
              for i, (action, value) in enumerate(advice.ranked[:SHOWN], start=1)]
    if advice.reason is not None and advice.amount is not None:
        lines.append(Line(ctx.t(advice.reason, amount=amount(advice.amount, signed=False))))
    lines.append(Line(ctx.t("coach-hint-unrated")))
    return Screen(tuple(lines))


def coach_rows(table: TableRecord, legal: Sequence[Any], deals_done: int, ctx: Context
               ) -> tuple[tuple[Button, ...], ...]:
    """The coach's buttons under a hand where the table offers it: 💡 on the seat's turn, 🔍
    for its last finished deal."""
    if not table.rules.get("coach") or table.status != "playing":
        return ()
    row = [ctx.button(ctx.t("coach-hint-button"), Kind.HINT)] if legal else []
    if deals_done:
        row.append(ctx.button(ctx.t("coach-review-button", deal=deals_done), Kind.REVIEW, str(deals_done)))
    return (tuple(row),) if row else ()


def review(regrets: Sequence[Regret], deal: int, ctx: Context,
           positions: Mapping[int, Any] | None = None) -> Screen:
    """The review of the reader's deal: the costliest decisions first, each with the position
    as the reader saw it (``positions``: the observation at each decision), or nothing to
    regret."""
    lines = [title(ctx.t("coach-review-title", deal=deal, game=ctx.game))]
    if not regrets:
        lines.append(Line(ctx.t("coach-review-none")))
    for rank, regret in enumerate(regrets, start=1):
        advice = regret.advice
        lines.append(Line(ctx.t(
            "coach-review-item", rank=rank, when=ctx.t("coach-review-when", move=regret.index + 1),
            chosen=action_text(regret.chosen, ctx),
            chosen_estimate=estimate_text(advice, regret.chosen_estimate, ctx),
            best=action_text(advice.choice, ctx),
            best_estimate=estimate_text(advice, advice.ranked[0][1], ctx),
            cost=amount(regret.cost, signed=False)), RESULT))
        if positions and regret.index in positions:
            lines += position_lines(positions[regret.index], ctx)
    return Screen(tuple(lines))


def position_lines(obs: Any, ctx: Context) -> list[Line]:
    """The reader's hand then, and the cards on the table (trick games)."""
    held = getattr(obs, "hand", ())
    hand = " ".join(card.symbol for card in held)
    trick = getattr(obs, "trick", ())
    lines = [Line(ctx.t("coach-review-hand", cards=hand or "—"), HAND, cards=codes(held))]
    if trick:
        lines.append(Line(ctx.t("coach-review-trick", cards=seated(trick, ctx)), TRICK,
                          cards=codes([card for _, card in trick])))
    return lines
