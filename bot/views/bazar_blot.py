"""Bazar Blot («Բազար բլոտ»): the group's table, a player's private hand with the two-step
auction picker, and the deal and match results (see shared/ux.md, issue 14).

Auction picker steps (``ctx.pick``): "" the first step (Pass, Quansh, the five lowest levels,
«more», «Capot»), "m" the higher levels, "l:<level>" the strains of an ordinary bid, "k" the capot
levels, "k:<level>" the strains of a capot bid. An unknown or stale step falls back to "".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.bazar_blot import (
    BOY,
    Bid,
    BlotDeal,
    Call,
    Contract,
    Observation,
    Pass,
    Public,
    Quansh,
    Sur,
)
from engine.cards import CARDS, SUIT_SYMBOLS
from engine.core import DealRecord
from engine.tricks import Play

from ..callbacks import Kind
from .base import (
    RED,
    BaseView,
    card_button,
    codes,
    entry_name,
    hand_order,
    hand_trick_lines,
    number,
    rows_of,
    signed,
    standings_line,
    suit_lines,
    table_keyboard,
    trick_lines,
)
from .screen import (
    BID,
    CONTRACT,
    INFO,
    PROMPT,
    RESULT,
    TEAM,
    Button,
    Context,
    Line,
    Rows,
    Screen,
    header,
    title,
)

FIRST_LEVELS = 5  # level buttons on the first step; the rest behind «more»
STRAIN_ORDER = (3, 2, 1, 0, BOY)  # ♠ ♥ ♦ ♣ Boy, as players name them
CALLS_SHOWN = 16  # a longer auction shows its last calls after "…"


def strain_text(strain: int, ctx: Context, button: bool = False) -> str:
    if strain == BOY:
        return ctx.t("bazar_blot-boy")
    symbol = SUIT_SYMBOLS[strain]
    return RED.get(symbol, symbol) if button else symbol


NBSP = "\u00a0"


def bid_text(bid: Bid | Contract, ctx: Context) -> str:
    """'10 ♥', '9 Բոյ', 'Կապուտ 25 ♥', with a no-break space: a bid of 10♥ must not read as the
    card 10♥, which may be in the trick on the line below (or still in someone's hand)."""
    text = f"{bid.level}{NBSP}{strain_text(bid.strain, ctx)}"
    return ctx.t("bazar_blot-capot-bid", bid=text) if bid.capot else text


def call_text(call: Call, ctx: Context) -> str:
    if isinstance(call, Bid):
        return bid_text(call, ctx)
    if isinstance(call, Quansh):
        return ctx.t("bazar_blot-quansh")
    if isinstance(call, Sur):
        return ctx.t("bazar_blot-sur")
    return ctx.t("bazar_blot-pass-said")


def calls_line(public: Public, ctx: Context) -> Line:
    """'Բազար՝ Արամ 8♥ · Անի պաս · Գոռ Քուանշ'."""
    calls = [f"{ctx.names[seat]} {call_text(call, ctx)}" for seat, call in public.calls]
    if len(calls) > CALLS_SHOWN:
        calls = ["…", *calls[-CALLS_SHOWN:]]
    return Line(ctx.t("bazar_blot-calls", calls=" · ".join(calls) or "—"), BID)


def contract_line(contract: Contract, ctx: Context) -> Line:
    """'Խոսքը՝ 10♥ · Արամ · ×2 Քուանշ'."""
    parts = [bid_text(contract, ctx), ctx.names[contract.declarer]]
    if contract.multiplier > 1:
        parts.append(ctx.t(f"bazar_blot-times-{contract.multiplier}"))
    return Line(ctx.t("bazar_blot-contract", contract=" · ".join(parts)), CONTRACT,
                contract.declarer)


def combo_names(kinds: Sequence[str], ctx: Context) -> str:
    return ", ".join(ctx.t(f"bazar_blot-combo-{kind}") for kind in kinds)



class BazarBlotView(BaseView):
    # ----- the group

    def table(self, public: Public, ctx: Context) -> Screen:
        lines = [header(self._header(public, ctx))]
        lines += self._teams(public, ctx)
        if public.phase in ("auction", "sur"):
            lines.append(calls_line(public, ctx))
        if public.contract is not None:
            lines.append(contract_line(public.contract, ctx))
        if public.phase == "play":
            lines += self._announcements(public, ctx)
            lines += trick_lines(public, ctx)
        if public.to_act:
            (seat,) = public.to_act
            lines.append(Line(ctx.t("bazar_blot-turn", name=ctx.names[seat]), INFO, seat))
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def _header(self, public: Public, ctx: Context) -> str:
        return ctx.t("bazar_blot-header", deal=public.deal, target=public.target)

    def _teams(self, public: Public, ctx: Context) -> list[Line]:
        """One line per team: its players, its total toward the target, its tricks this deal."""
        lines = []
        for team in range(2):
            mark = "▸ " if set(public.teams[team]) & public.to_act else "  "
            text = ctx.t("bazar_blot-team", names=entry_name(public, ctx, team),
                         score=number(public.standings.values[team]))
            if public.phase == "play":
                text += " · " + ctx.t("bazar_blot-tricks", count=public.tricks_won[team])
            if public.contract is not None and public.contract.team == team:
                text += " · " + ctx.t("bazar_blot-declaring")
            lines.append(Line(text, TEAM, mark=mark))
        return lines

    def _announcements(self, public: Public, ctx: Context) -> list[Line]:
        """§6.3: each player's categories from their first card; after trick 1 the team whose
        combinations count and their cards; the Blot when its first card is played."""
        lines = [Line(ctx.t("bazar_blot-announced", name=ctx.names[seat],
                            combos=combo_names(kinds, ctx)), INFO, seat)
                 for seat, kinds in enumerate(public.announced) if kinds]
        if public.combo_team is not None:
            shown = " · ".join(f"{ctx.t('bazar_blot-combo-' + c.kind)} "
                               + " ".join(card.symbol for card in c.cards)
                               for c in public.combinations)
            lines.append(Line(ctx.t("bazar_blot-counting",
                                    team=entry_name(public, ctx, public.combo_team), combos=shown),
                              cards=codes([card for c in public.combinations for card in c.cards])))
        elif public.tricks and any(public.announced):
            lines.append(Line(ctx.t("bazar_blot-none-count")))
        if public.blot is not None:
            lines.append(Line(ctx.t("bazar_blot-blot-said", name=ctx.names[public.blot]), INFO,
                              public.blot))
        return lines

    # ----- the hand

    def hand(self, obs: Observation, legal: Sequence[Any], ctx: Context) -> Screen:
        mine = obs.seat in obs.to_act and bool(legal)
        state = ctx.t("hand-your-turn") if mine else ctx.t("hand-wait")
        lines = [header(f"{self._header(obs, ctx)} · {state}"), *suit_lines(obs.hand),
                 Line(ctx.t("deal-totals", scores=standings_line(obs, obs.standings, ctx)), TEAM)]
        if obs.my_combos and obs.phase != "over":
            lines.append(Line(ctx.t("bazar_blot-my-combos",
                                    combos=combo_names([c.kind for c in obs.my_combos], ctx))))
        rows: Rows = ()
        if obs.phase in ("auction", "sur"):
            lines.append(calls_line(obs, ctx))
            if mine:
                prompt, rows = self._auction(obs, legal, ctx)
                lines.append(Line(prompt, PROMPT))
        elif obs.phase == "play":
            if obs.contract is not None:
                lines.append(contract_line(obs.contract, ctx))
            lines += hand_trick_lines(obs, ctx)  # the trick just taken; whose lead it is
            if mine:
                plays = [a for a in legal if isinstance(a, Play)]
                order = {c: i for i, c in enumerate(hand_order([CARDS[a.card] for a in plays]))}
                buttons = [card_button(a.card, ctx, Kind.ACTION, str(a))
                           for a in sorted(plays, key=lambda a: order[CARDS[a.card]])]
                rows = rows_of(buttons, 4)
        return Screen(tuple(lines), rows)

    def action_text(self, action: Any, ctx: Context) -> str:
        if isinstance(action, Call):
            return call_text(action, ctx)
        return super().action_text(action, ctx)

    def _auction(self, obs: Observation, legal: Sequence[Any], ctx: Context
                 ) -> tuple[str, Rows]:
        """The prompt and keyboard of the picker at ``ctx.pick`` (the module's docstring)."""
        if obs.phase == "sur":
            buttons = [ctx.button(ctx.t("bazar_blot-sur"), Kind.ACTION, str(a)) if isinstance(a, Sur)
                       else ctx.button(ctx.t("bazar_blot-pass"), Kind.ACTION, str(a))
                       for a in legal if isinstance(a, (Sur, Pass))]
            quansh = obs.quansh if obs.quansh is not None else obs.seat
            return ctx.t("bazar_blot-sur-prompt", name=ctx.names[quansh]), (tuple(buttons),)
        bids = [a for a in legal if isinstance(a, Bid)]
        ordinary = sorted({b.level for b in bids if not b.capot})
        capot = sorted({b.level for b in bids if b.capot})
        step, _, arg = ctx.pick.partition(":")
        if step in ("l", "k") and arg.isdigit() and int(arg) in (capot if step == "k" else ordinary):
            level, is_capot = int(arg), step == "k"
            choices = [b for s in STRAIN_ORDER for b in bids
                       if b.level == level and b.capot == is_capot and b.strain == s]
            buttons = [ctx.button(strain_text(b.strain, ctx, button=True), Kind.ACTION, str(b))
                       for b in choices]
            back = "k" if is_capot else "m" if level not in ordinary[:FIRST_LEVELS] else ""
            shown = ctx.t("bazar_blot-capot-bid", bid=str(level)) if is_capot else str(level)
            return (ctx.t("bazar_blot-choose-strain", bid=shown),
                    (tuple(buttons), (self._back(back, ctx),)))
        if ctx.pick == "m" and len(ordinary) > FIRST_LEVELS:
            buttons = [ctx.button(str(level), Kind.PICK, f"l:{level}")
                       for level in ordinary[FIRST_LEVELS:]]
            return ctx.t("bazar_blot-choose-level"), (*rows_of(buttons, 8), (self._back("", ctx),))
        if ctx.pick == "k" and capot:
            buttons = [ctx.button(str(level), Kind.PICK, f"k:{level}") for level in capot]
            return (ctx.t("bazar_blot-choose-capot"),
                    (*rows_of(buttons, 8), (self._back("", ctx),)))
        levels = [ctx.button(str(level), Kind.PICK, f"l:{level}")
                  for level in ordinary[:FIRST_LEVELS]]
        if len(ordinary) > FIRST_LEVELS:
            levels.append(ctx.button(ctx.t("bazar_blot-more"), Kind.PICK, "m"))
        calls = []
        if capot:
            calls.append(ctx.button(ctx.t("bazar_blot-capot"), Kind.PICK, "k"))
        calls += [ctx.button(ctx.t("bazar_blot-pass"), Kind.ACTION, str(a)) for a in legal
                  if isinstance(a, Pass)]
        calls += [ctx.button(ctx.t("bazar_blot-quansh"), Kind.ACTION, str(a)) for a in legal
                  if isinstance(a, Quansh)]
        return ctx.t("bazar_blot-your-call"), tuple(row for row in (tuple(levels), tuple(calls)) if row)

    def _back(self, pick: str, ctx: Context) -> Button:
        return ctx.button("‹ " + ctx.t("hand-back"), Kind.PICK, pick)

    # ----- results

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        facts: BlotDeal = record.facts
        lines = [title(ctx.t("bazar_blot-deal-over", number=record.number))]
        if facts.thrown_in or facts.contract is None:
            return Screen((*lines, Line(ctx.t("bazar_blot-thrown-in"), RESULT)))
        lines.append(contract_line(facts.contract, ctx))
        said = [ctx.t("bazar_blot-made") if facts.made else ctx.t("bazar_blot-failed")]
        if facts.capot is not None:
            said.append(ctx.t("bazar_blot-capot-taken", team=entry_name(public, ctx, facts.capot)))
        said.append(ctx.t("bazar_blot-card-points", points=" · ".join(
            f"{entry_name(public, ctx, t)} {facts.card_points[t]}" for t in range(2))))
        if facts.combo_team is not None:
            said.append(ctx.t("bazar_blot-combos-counted",
                              team=entry_name(public, ctx, facts.combo_team),
                              combos=combo_names([kind for _, kind in facts.combinations], ctx),
                              points=facts.combo_points[facts.combo_team]))
        if facts.blot is not None:
            said.append(ctx.t("bazar_blot-blot-counted", name=ctx.names[facts.blot],
                              points=facts.blot_points[facts.blot % 2]))
        said.append(" · ".join(f"{entry_name(public, ctx, t)} {signed(v)}"
                               for t, v in enumerate(record.results)))
        said.append(ctx.t("deal-totals", scores=standings_line(public, record.standings, ctx)))
        return Screen((*lines, *(Line(text, RESULT) for text in said)))

    def match_result(self, public: Any, ctx: Context) -> Screen:
        winner = ctx.t("bazar_blot-winner", team=entry_name(public, ctx, public.standings.order[0]))
        return super().match_result(public, ctx).plus((Line(winner, RESULT),))

    def hand_alert(self, obs: Observation, ctx: Context) -> str:
        lines = [line.text for line in suit_lines(obs.hand)] or [ctx.t("hand-empty")]
        if obs.contract is not None and obs.phase == "play":
            lines.append(contract_line(obs.contract, ctx).text)
        return "\n".join(lines)[:200]


VIEW = BazarBlotView()
