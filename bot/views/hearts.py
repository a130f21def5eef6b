"""Hearts («Սրտեր»): the group's table and a player's private hand (see shared/ux.md)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import CARDS
from engine.core import DealRecord
from engine.hearts import GAME, Observation, Pass, Public

from ..callbacks import Kind
from .base import (
    BaseView,
    card_button,
    codes,
    hand_order,
    hand_trick_lines,
    rows_of,
    seat_list,
    suit_lines,
    table_keyboard,
    trick_lines,
)
from .screen import PROMPT, RESULT, Context, Line, Rows, Screen, header


class HeartsView(BaseView):
    def table(self, public: Public, ctx: Context) -> Screen:
        lines = [header(self._header(public, ctx))]
        passing = public.phase == "pass"
        extra = [(" ✓" if passing and i in public.chosen else "")
                 + (f" (+{p})" if p and not passing else "") for i, p in enumerate(public.points)]
        lines += seat_list(ctx, public, extra)
        if passing:
            lines.append(Line(ctx.t("hearts-passing", done=len(public.chosen))))
        lines += trick_lines(public, ctx)
        if public.hearts_broken:
            lines.append(Line(ctx.t("hearts-broken")))
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def hand(self, obs: Observation, legal: Sequence[Any], ctx: Context) -> Screen:
        mine = obs.seat in obs.to_act
        state = ctx.t("hand-your-turn") if mine else ctx.t("hand-wait")
        lines = [header(f"{self._header(obs, ctx)} · {state}"), *suit_lines(obs.hand)]
        rows: Rows = ()
        if obs.phase == "pass":
            if mine and legal and isinstance(legal[0], Pass):
                lines.append(Line(ctx.t("hearts-pass-choose",
                                        direction=ctx.t(f"hearts-to-{obs.pass_direction}")),
                                  PROMPT))
                rows = self._pass_keyboard(obs, ctx)
            elif obs.passed:
                lines.append(Line(ctx.t("hearts-passed", cards=_faces(obs.passed)),
                                  cards=codes(hand_order(obs.passed))))
        elif obs.phase == "play":
            if obs.received and not obs.tricks and not obs.trick:
                lines.append(Line(ctx.t("hearts-received", cards=_faces(obs.received)),
                                  cards=codes(hand_order(obs.received))))
            if mine:  # not while waiting: every card would edit every waiting hand (issue 29)
                lines += hand_trick_lines(obs, ctx)
                rows = rows_of([card_button(a.card, ctx, Kind.ACTION, str(a))
                                for a in _by_hand_order(legal)])
        return Screen(tuple(lines), rows)

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        result = super().deal_result(record, public, ctx)
        if record.facts.moon is None:
            return result
        return result.plus((Line(ctx.t("hearts-moon", name=ctx.names[record.facts.moon]), RESULT),))

    def _header(self, obs: Public, ctx: Context) -> str:
        direction = ctx.t(f"hearts-pass-{obs.pass_direction}")
        return ctx.t("hearts-header", round=obs.deal, direction=direction)

    def _pass_keyboard(self, obs: Observation, ctx: Context) -> Rows:
        """A toggle per card; once three are chosen only theirs (to unchoose): a fourth fits no pass."""
        chosen = set(ctx.selection)
        room = len(chosen) < (GAME.most_chosen or 0)
        buttons = [card_button(c, ctx, Kind.TOGGLE, f"-{c}", chosen=True) if str(c) in chosen
                   else card_button(c, ctx, Kind.TOGGLE, f"+{c}")
                   for c in hand_order(obs.hand) if room or str(c) in chosen]
        confirm = ctx.button(ctx.t("hearts-pass-confirm", count=len(chosen)), Kind.CONFIRM, "pass")
        return (*rows_of(buttons), (confirm,))



def _faces(cards: Sequence[Any]) -> str:
    return " ".join(c.symbol for c in hand_order(cards))


def _by_hand_order(legal: Sequence[Any]) -> list[Any]:
    order = {c: i for i, c in enumerate(hand_order([CARDS[a.card] for a in legal]))}
    return sorted(legal, key=lambda a: order[CARDS[a.card]])


VIEW = HeartsView()
