"""The coach in the bot (issue 26): the 💡 hint and the 🔍 review of a seat, in its language.

The engine advises (``engine.coach``) from the seat's observation; this module only words its
advice: the action as the hand names it, the estimate in the game's unit, the reason. The hint
is thought in the computers' threads (``Computers.advise``) after the press is answered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.bazar_blot import Call as BlotCall
from engine.coach import Advice, Regret
from engine.core import code_cards
from engine.fifty_six import Bid as FiftySixBid
from engine.fifty_six import Call as FiftySixCall
from storage import TableRecord

from ..callbacks import Kind
from ..views import Button, Context, Screen
from ..views.base import MINUS, face, seated
from ..views.bazar_blot import call_text
from ..views.fifty_six import _contract_bid
from ..views.generic import label

SHOWN = 3  # choices a hint lists: Hard's and the next best


def action_text(action: Any, ctx: Context) -> str:
    """An action as the hand's buttons name it: cards as faces, a call as the table says it."""
    if isinstance(action, BlotCall):
        return call_text(action, ctx)
    if isinstance(action, FiftySixBid):
        return _contract_bid(action)
    if isinstance(action, FiftySixCall):
        return ctx.t(f"fifty_six-said-{action.kind}")
    code = str(action)
    kind, _, rest = code.partition(":")
    if not rest or rest == "pass":
        return ctx.t("coach-pass")
    if kind in ("play", "pass"):
        return " ".join(face(card) for card in code_cards(code))
    return label(rest)


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


def hint_text(advice: Advice, ctx: Context) -> str:
    lines = [ctx.t("coach-hint-title", choice=action_text(advice.choice, ctx))]
    lines += [ctx.t("coach-hint-line", rank=i, action=action_text(action, ctx),
                    estimate=estimate_text(advice, value, ctx))
              for i, (action, value) in enumerate(advice.ranked[:SHOWN], start=1)]
    if advice.reason is not None and advice.amount is not None:
        lines.append(ctx.t(advice.reason, amount=amount(advice.amount, signed=False)))
    lines.append(ctx.t("coach-hint-unrated"))
    return "\n".join(lines)


def coach_rows(table: TableRecord, legal: Sequence[Any], deals_done: int, ctx: Context
               ) -> tuple[tuple[Button, ...], ...]:
    """The coach's buttons under a hand where the table offers it: 💡 on the seat's turn, 🔍
    for its last finished deal."""
    if not table.rules.get("coach") or table.status != "playing":
        return ()
    row = [Button(ctx.t("coach-hint-button"), ctx.data(Kind.HINT))] if legal else []
    if deals_done:
        row.append(Button(ctx.t("coach-review-button", deal=deals_done),
                          ctx.data(Kind.REVIEW, str(deals_done))))
    return (tuple(row),) if row else ()


def with_coach(screen: Screen, rows: tuple[tuple[Button, ...], ...]) -> Screen:
    return Screen(screen.text, screen.rows + rows) if rows else screen


def review_text(regrets: Sequence[Regret], deal: int, ctx: Context,
                positions: Mapping[int, Any] | None = None) -> str:
    """The review of the reader's deal: the costliest decisions first, each with the position
    as the reader saw it (``positions``: the observation at each decision), or nothing to
    regret."""
    lines = [ctx.t("coach-review-title", deal=deal, game=ctx.game)]
    if not regrets:
        lines.append(ctx.t("coach-review-none"))
    for rank, regret in enumerate(regrets, start=1):
        advice = regret.advice
        lines.append(ctx.t(
            "coach-review-item", rank=rank, when=ctx.t("coach-review-when", move=regret.index + 1),
            chosen=action_text(regret.chosen, ctx),
            chosen_estimate=estimate_text(advice, regret.chosen_estimate, ctx),
            best=action_text(advice.choice, ctx),
            best_estimate=estimate_text(advice, advice.ranked[0][1], ctx),
            cost=amount(regret.cost, signed=False)))
        if positions and regret.index in positions:
            lines += position_lines(positions[regret.index], ctx)
    return "\n".join(lines)


def position_lines(obs: Any, ctx: Context) -> list[str]:
    """The reader's hand then, and the cards on the table (trick games)."""
    hand = " ".join(card.symbol for card in getattr(obs, "hand", ()))
    trick = getattr(obs, "trick", ())
    lines = [ctx.t("coach-review-hand", cards=hand or "—")]
    if trick:
        lines.append(ctx.t("coach-review-trick", cards=seated(trick, ctx)))
    return lines
