"""King («Քինգ»): the group's table, a player's private hand, the deal and match results and the
score sheet of the 12 deals (see shared/ux.md and shared/rules/king.md §13 for the words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import CARDS, SUIT_SYMBOLS, SUITS
from engine.core import DealRecord
from engine.king import ChooseTrump, Observation, Public

from ..callbacks import Kind
from .base import (
    BaseView,
    card_button,
    entry_name,
    hand_order,
    hand_trick_lines,
    number,
    rows_of,
    seat_list,
    signed,
    suit_lines,
    table_keyboard,
    trick_lines,
)
from .screen import (
    CONTRACT,
    PROMPT,
    RESULT,
    SEAT,
    SHEET,
    Context,
    Line,
    Rows,
    Screen,
    header,
    title,
)

TRUMP_BUTTON_ORDER = (3, 2, 1, 0)  # ♠ ♥ ♦ ♣, as the hand is written
SHEET_WIDTH = 6  # characters of one score column in the sheet


def contract_name(code: str, ctx: Context) -> str:
    return ctx.t(f"king-contract-{code.lower()}")


def reminder(code: str, ctx: Context) -> str:
    return ctx.t(f"king-reminder-{code.lower()}")


class KingView(BaseView):
    def table(self, public: Public, ctx: Context) -> Screen:
        lines = [*self._head(public, ctx)]
        playing = public.phase != "trump"
        extra = [self._seat_extra(public, seat, ctx) if playing else "" for seat in range(4)]
        lines += seat_list(ctx, public, extra)
        lines += trick_lines(public, ctx)
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def hand(self, obs: Observation, legal: Sequence[Any], ctx: Context) -> Screen:
        mine = obs.seat in obs.to_act and bool(legal)
        state = ctx.t("hand-your-turn") if mine else ctx.t("hand-wait")
        head = self._head(obs, ctx)
        lines = [header(f"{head[0].text} · {state}"), *head[1:], *suit_lines(obs.hand)]
        lines.append(Line(ctx.t("king-your-score", total=number(obs.standings.values[obs.seat]),
                                points=signed(obs.points[obs.seat])), SEAT, obs.seat))
        rows: Rows = ()
        if obs.phase == "trump":
            if mine:
                lines.append(Line(ctx.t("king-choose-trump"), PROMPT))
                rows = self._trump_keyboard(legal, ctx)
        elif obs.phase == "play":
            lines += hand_trick_lines(obs, ctx)
            if mine:
                plays = [a for a in legal if not isinstance(a, ChooseTrump)]
                order = {c: i for i, c in enumerate(hand_order([CARDS[a.card] for a in plays]))}
                rows = rows_of([card_button(a.card, ctx, Kind.ACTION, str(a))
                                for a in sorted(plays, key=lambda a: order[CARDS[a.card]])])
        return Screen(tuple(lines), rows)

    def action_text(self, action: Any, ctx: Context) -> str:
        if isinstance(action, ChooseTrump):
            return ctx.t(f"king-suit-{SUITS[action.suit].lower()}")
        return super().action_text(action, ctx)

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        facts = record.facts
        table = record.standings
        lines = [title(ctx.t("king-deal-over", deal=record.number, deals=public.deals,
                             contract=self._contract_label(facts.contract, facts.trump, ctx)))]
        lines += [Line(ctx.t("king-deal-line", place=table.places[i],
                             name=entry_name(public, ctx, i), total=number(table.values[i]),
                             points=signed(record.results[i])), RESULT, i)
                  for i in table.order]
        return Screen(tuple(lines))

    def match_result(self, public: Any, ctx: Context) -> Screen:
        screen = super().match_result(public, ctx)
        return screen.plus((Line(""), *self.score_sheet(public, ctx).lines))

    def score_sheet(self, public: Public, ctx: Context) -> Screen:
        """The paper sheet: one row per finished deal (number, contract, each seat's points) and
        the totals; the seats are numbered in the column heads and named in a legend."""
        width = SHEET_WIDTH
        label_width = max(len(ctx.t(f"king-short-{c.lower()}")) + 2 for c in public.contracts)
        label_width = max(label_width, len(ctx.t("king-sheet-total")))
        head = " " * (3 + label_width) + "".join(f"{s + 1:>{width}}" for s in range(4))
        rows = [head]
        for record in public.history:
            label = self._short(record.facts.contract, record.facts.trump, ctx)
            cells = "".join(f"{number(v):>{width}}" for v in record.results)
            rows.append(f"{record.number:>2} {label:<{label_width}}{cells}")
        total = ctx.t("king-sheet-total")
        cells = "".join(f"{number(v):>{width}}" for v in public.standings.values)
        rows.append(f"{'':>2} {total:<{label_width}}{cells}")
        legend = " · ".join(f"{s + 1} {ctx.names[s]}" for s in range(4))
        return Screen((title(ctx.t("king-sheet-title")), Line("\n".join(rows), SHEET, style="pre"),
                       Line(legend)))

    # --- pieces

    def _head(self, obs: Public, ctx: Context) -> list[Line]:
        """The header (deal n/12 and the contract), its one-line reminder, and the line of the
        declarer (with the trump in a Trumps deal)."""
        lines = [header(ctx.t("king-header", deal=obs.deal, deals=obs.deals,
                             contract=contract_name(obs.contract, ctx))),
                 Line(reminder(obs.contract, ctx), CONTRACT)]
        declarer = ctx.names[obs.declarer]
        if obs.contract == "TR" and obs.trump is not None:
            text = ctx.t("king-trump", suit=SUIT_SYMBOLS[obs.trump], name=declarer)
        elif obs.phase == "trump":
            text = ctx.t("king-trump-choosing", name=declarer)
        else:
            text = ctx.t("king-declarer", name=declarer)
        return [*lines, Line(text, CONTRACT, obs.declarer)]

    def _seat_extra(self, public: Public, seat: int, ctx: Context) -> str:
        """' (−100 · Q♦)': the seat's points this deal and the scored cards it has taken."""
        cards = " ".join(c.symbol for c in hand_order(public.counted[seat]))
        return f" ({signed(public.points[seat])}" + (f" · {cards}" if cards else "") + ")"

    def _trump_keyboard(self, legal: Sequence[Any], ctx: Context) -> Rows:
        offered = {a.suit: a for a in legal if isinstance(a, ChooseTrump)}
        buttons = [ctx.button(ctx.t(f"king-suit-{SUITS[s].lower()}"), Kind.ACTION, str(offered[s]))
                   for s in TRUMP_BUTTON_ORDER if s in offered]
        return rows_of(buttons, 2)

    def _contract_label(self, code: str, trump: int | None, ctx: Context) -> str:
        name = contract_name(code, ctx)
        return f"{name} {SUIT_SYMBOLS[trump]}" if trump is not None else name

    def _short(self, code: str, trump: int | None, ctx: Context) -> str:
        name = ctx.t(f"king-short-{code.lower()}")
        return f"{name} {SUIT_SYMBOLS[trump]}" if trump is not None else name



VIEW = KingView()
