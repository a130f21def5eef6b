"""56 («56»): the group's table, a player's hand and auction, the deal and match results.

Teams of two are marked by colour (🔴 🔵 🟢 🟡, team t is seats t and t + k); their tables are
the standings. The auction is a private picker: the first step holds Pass, Double or Redouble and
the lowest values (a «more» step holds the rest); a value's step holds its bids in every form of
§5.6 that fits (28♦, ♦ 28, Plus 2 ♦, 28 NT, 28 Noes, Plus 2 Noes), the form being how the bid is
announced on the group's auction line. Both copies of a card are one button.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import CARDS, SUIT_SYMBOLS, Card
from engine.core import DealRecord
from engine.fifty_six import (
    DOUBLE,
    NT,
    PASS,
    POWER,
    REDOUBLE,
    Bid,
    Call,
    Contract,
    FiftySixDeal,
    Observation,
    Public,
    TrickRecord,
    bid_forms,
    raised_by,
)
from engine.tricks import Play

from ..callbacks import Kind
from .base import (
    RED,
    BaseView,
    card_button,
    codes,
    entry_name,
    rows_of,
    signed,
    table_keyboard,
    trick_line,
)
from .screen import (
    BID,
    CONTRACT,
    LAST,
    PROMPT,
    RESULT,
    SEAT,
    SUIT,
    TEAM,
    Button,
    Context,
    Line,
    Rows,
    Screen,
    header,
    title,
)

TEAM_MARKS = ("🔴", "🔵", "🟢", "🟡")
FIRST_VALUES = 10  # values on the first step of the auction picker; the rest under «more»
SHOWN_CALLS = 12  # the group's auction line shows the latest calls, "…" before them
SUIT_ORDER = (3, 2, 1, 0)  # ♠ ♥ ♦ ♣, as hands are read


class FiftySixView(BaseView):
    # ----- the group

    def table(self, public: Public, ctx: Context) -> Screen:
        lines = [header(self._header(public, ctx))]
        lines += self._teams(public, ctx)
        lines.append(Line(ctx.t("fifty_six-order", seats=self._order(public, ctx)), SEAT))
        lines += self._deal_lines(public, ctx)
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        facts: FiftySixDeal = record.facts
        c = facts.contract
        verdict = "fifty_six-made" if facts.made else "fifty_six-lost"
        said = [ctx.t(verdict, contract=_contract(c, ctx), team=self._team(public, ctx, c.team),
                      points=facts.points[c.team], value=c.value)]
        played = sorted(_teams_at(facts.active, public) | set(facts.eliminated))
        said.append(ctx.t("fifty_six-card-points", points=" · ".join(
            f"{_mark(t)} {facts.points[t]}" for t in played)))
        said.append(ctx.t("fifty_six-table-changes", changes=" · ".join(
            f"{_mark(t)} {signed(record.results[t])} → {record.standings.values[t]}"
            for t in played)))
        for t in facts.eliminated:
            said.append(ctx.t("fifty_six-team-out", team=self._team(public, ctx, t)))
        if facts.eliminated and facts.hand_size:
            said.append(ctx.t("fifty_six-reformed", players=len(facts.active),
                              cards=facts.hand_size))
        return Screen((title(ctx.t("fifty_six-deal-over", number=record.number)),
                       *(Line(text, RESULT) for text in said)))

    def places(self, public: Public, ctx: Context) -> list[Line]:
        table = public.standings
        left = {t: r.number for r in public.history for t in r.facts.eliminated}
        lines = []
        for t in table.order:
            team = self._team(public, ctx, t)
            if t in left:
                text = ctx.t("fifty_six-place-out", place=table.places[t], team=team,
                             number=left[t])
            else:
                text = ctx.t("fifty_six-place-in", place=table.places[t], team=team,
                             tables=table.values[t])
            lines.append(Line(text, RESULT))
        return lines

    # ----- the player

    def hand(self, obs: Observation, legal: Sequence[Any], ctx: Context) -> Screen:
        if obs.seat not in obs.active:
            return self._left(obs, ctx)
        mine = obs.seat in obs.to_act and bool(legal)
        if obs.phase == "over":
            state = ctx.t("fifty_six-over")
        else:
            state = ctx.t("hand-your-turn") if mine else ctx.t("hand-wait")
        team = obs.team_of(obs.seat)
        partner = next(s for s in obs.teams[team] if s != obs.seat)
        lines = [header(f"{self._header(obs, ctx)} · {state}"),
                 Line(ctx.t("fifty_six-you", mark=_mark(team), partner=ctx.names[partner],
                            tables=self._tables_line(obs)), TEAM)]
        lines += self._deal_lines(obs, ctx)
        lines += hand_lines(obs.hand)
        rows: Rows = ()
        if mine and obs.phase == "auction":
            prompt, rows = self._auction(obs, legal, ctx)
            lines += [Line(text, PROMPT) for text in prompt.split("\n")]
        elif mine and obs.phase == "play":
            plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: _hand_key(a.card))
            rows = rows_of([card_button(a.card, ctx, Kind.ACTION, str(a)) for a in plays], 6)
        return Screen(tuple(lines), rows)

    def hand_alert(self, obs: Observation, ctx: Context) -> str:
        if obs.seat not in obs.active:
            return ctx.t("fifty_six-you-left-short")
        return "\n".join(line.text for line in hand_lines(obs.hand)) or ctx.t("hand-empty")

    def action_text(self, action: Any, ctx: Context) -> str:
        if isinstance(action, Bid):
            return contract_bid(action)
        if isinstance(action, Call):
            return ctx.t(f"fifty_six-said-{action.kind}")
        return super().action_text(action, ctx)

    # ----- pieces

    def _auction(self, obs: Observation, legal: Sequence[Any],
                 ctx: Context) -> tuple[str, Rows]:
        """The picker at ``ctx.pick``: "" (calls and the lowest values), "more" (the other
        values) or "v<value>" (that value's bids in their forms)."""
        values = sorted({a.value for a in legal if isinstance(a, Bid)})
        pick = ctx.pick
        if pick.startswith("v") and pick[1:].isdigit() and int(pick[1:]) in values:
            return self._value_step(obs, int(pick[1:]), legal, ctx)
        if pick == "more" and len(values) > FIRST_VALUES:
            buttons = [ctx.button(str(v), Kind.PICK, f"v{v}") for v in values[FIRST_VALUES:]]
            back = (ctx.button("‹ " + ctx.t("hand-back"), Kind.PICK, ""),)
            return ctx.t("fifty_six-choose-value"), (*rows_of(buttons, 6), back)
        calls = [ctx.button(ctx.t("fifty_six-pass"), Kind.ACTION, str(PASS))] if PASS in legal else []
        if DOUBLE in legal:
            calls.append(ctx.button(ctx.t("fifty_six-double"), Kind.ACTION, str(DOUBLE)))
        if REDOUBLE in legal:
            calls.append(ctx.button(ctx.t("fifty_six-redouble"), Kind.ACTION, str(REDOUBLE)))
        buttons = [ctx.button(str(v), Kind.PICK, f"v{v}") for v in values[:FIRST_VALUES]]
        if len(values) > FIRST_VALUES:
            buttons.append(ctx.button(ctx.t("fifty_six-more") + " ›", Kind.PICK, "more"))
        prompt = ctx.t("fifty_six-choose-call") if values else ctx.t("fifty_six-choose-no-bid")
        return prompt, (*rows_of(buttons, 6), tuple(calls))

    def _value_step(self, obs: Observation, value: int, legal: Sequence[Any],
                    ctx: Context) -> tuple[str, Rows]:
        high = obs.high_bid
        suits = [d for d in SUIT_ORDER if Bid(value, d) in legal]
        by_form: dict[str, list[Button]] = {}
        for denom in [*suits, NT] if Bid(value, NT) in legal else suits:
            forms = bid_forms(value, denom, high)
            for form in forms:
                bid = Bid(value, denom, None if form == forms[0] else form)  # the default unsaid
                by_form.setdefault(form, []).append(
                    ctx.button(_bid_label(bid, value - (high.value if high else 0), ctx, button=True), Kind.ACTION, str(bid)))
        rows = [tuple(by_form[f]) for f in ("num-suit", "suit-num", "plus-suit") if f in by_form]
        rows.append(tuple(b for f in ("num-nt", "num-noes", "plus-2-noes") for b in by_form.get(f, ())))
        rows.append((ctx.button("‹ " + ctx.t("hand-back"), Kind.PICK, ""),))
        hint = [ctx.t("fifty_six-choose-denom", value=value), ctx.t("fifty_six-forms-hint")]
        if high is not None:
            hint.append(ctx.t("fifty_six-forms-hint-plus"))
        return "\n".join(hint), tuple(r for r in rows if r)

    def _header(self, obs: Public, ctx: Context) -> str:
        return ctx.t("fifty_six-header", number=obs.deal, dealer=ctx.names[obs.dealer])

    def _teams(self, public: Public, ctx: Context) -> list[Line]:
        lines = []
        left = {t: r.number for r in public.history for t in r.facts.eliminated}
        for t in range(len(public.teams)):
            team = self._team(public, ctx, t)
            if t in left:
                text = ctx.t("fifty_six-team-left", team=team, number=left[t])
            else:
                text = ctx.t("fifty_six-team-line", team=team, tables=public.standings.values[t])
            lines.append(Line(text, TEAM))
        return lines

    def _team(self, public: Public, ctx: Context, team: int) -> str:
        """'🔵 Անի & Սոնա': a team keeps its colour, in the game or out of it."""
        return f"{_mark(team)} {entry_name(public, ctx, team)}"

    def _tables_line(self, public: Public) -> str:
        values = public.standings.values
        return " · ".join(f"{_mark(t)} {values[t]}" for t in range(len(public.teams)) if values[t])

    def _order(self, public: Public, ctx: Context) -> str:
        """Seats still in, in playing order from the dealer's right; ▸ the one to act."""
        active = public.active
        start = next((i for i, s in enumerate(active) if s > public.dealer), 0)
        seats = active[start:] + active[:start]
        return " · ".join(("▸" if s in public.to_act else "") + f"{_mark(public.team_of(s))} "
                          + ctx.names[s] for s in seats)

    def _deal_lines(self, public: Public, ctx: Context) -> list[Line]:
        if public.phase == "over":
            winner = public.standings.order[0]
            return [Line(ctx.t("fifty_six-winner", team=self._team(public, ctx, winner)), RESULT)]
        if public.contract is None:
            if public.calls:
                return [Line(ctx.t("fifty_six-auction", calls=_calls(public, ctx)), BID)]
            return [Line(ctx.t("fifty_six-auction-start"), BID)]
        c = public.contract
        lines = [Line(ctx.t("fifty_six-contract", contract=_contract(c, ctx),
                            name=ctx.names[c.declarer], mark=_mark(c.team)), CONTRACT, c.declarer),
                 Line(ctx.t("fifty_six-points", points=" · ".join(
                     f"{_mark(t)} {public.points[t]}" for t in range(len(public.teams))
                     if public.standings.values[t])))]
        if public.trick:
            lines.append(trick_line(public.trick, ctx))
        return lines + self.taken(public.last_trick, ctx)

    def closing(self, record: DealRecord, ctx: Context) -> list[Line]:
        last = record.last_trick  # 56's own record, with its card points
        return self.taken(last if isinstance(last, TrickRecord) else None, ctx,
                          "fifty_six-deal-last-trick")

    def taken(self, last: TrickRecord | None, ctx: Context, key: str = "fifty_six-last-trick"
              ) -> list[Line]:
        """A trick, who took it and its card points."""
        if last is None:
            return []
        cards = [card for _, card in last.cards]
        return [Line(ctx.t(key, name=ctx.names[last.winner],
                           cards=" ".join(c.symbol for c in cards), points=last.points),
                     LAST, last.winner, codes(cards))]

    def _left(self, obs: Observation, ctx: Context) -> Screen:
        team = obs.team_of(obs.seat)
        number = next((r.number for r in obs.history if team in r.facts.eliminated), obs.deal)
        lines = [header(self._header(obs, ctx)),
                 Line(ctx.t("fifty_six-you-left", number=number), PROMPT)]
        if obs.phase != "over":
            lines.append(Line(ctx.t("fifty_six-you-left-watch", players=len(obs.active)), PROMPT))
        return Screen(tuple(lines))


def _mark(team: int) -> str:
    return TEAM_MARKS[team]


def _teams_at(active: Sequence[int], public: Public) -> set[int]:
    return {public.team_of(s) for s in active}


def _denom(denom: int, button: bool = False) -> str:
    symbol = SUIT_SYMBOLS[denom]
    return RED.get(symbol, symbol) if button else symbol


def _bid_label(bid: Bid, plus: int, ctx: Context, button: bool = False) -> str:
    """How a bid is announced: '28♦', '♦ 28', 'Plus 2 ♦', '28 NT', '28 Noes', 'Plus 2 Noes'."""
    form = bid.form or ("num-nt" if bid.denom == NT else "num-suit")
    if form == "num-suit":
        return f"{bid.value}{_denom(bid.denom, button)}"
    if form == "suit-num":
        return f"{_denom(bid.denom, button)} {bid.value}"
    if form == "plus-suit":
        return ctx.t("fifty_six-form-plus", plus=plus, denom=_denom(bid.denom, button))
    if form == "num-noes":
        return ctx.t("fifty_six-form-noes", value=bid.value)
    if form == "plus-2-noes":
        return ctx.t("fifty_six-form-plus-noes", plus=plus)
    return ctx.t("fifty_six-form-nt", value=bid.value)


def call_label(calls: Sequence[tuple[int, Bid | Call]], index: int, ctx: Context) -> str:
    call = calls[index][1]
    if isinstance(call, Call):
        return ctx.t(f"fifty_six-said-{call.kind}")
    text = _bid_label(call, raised_by(calls, index), ctx)
    if call.form in ("plus-suit", "plus-2-noes"):  # the number the plus form makes
        text += f" ({contract_bid(call)})"
    return text


def contract_bid(bid: Bid) -> str:
    return f"{bid.value} NT" if bid.denom == NT else f"{bid.value}{SUIT_SYMBOLS[bid.denom]}"


def _calls(public: Public, ctx: Context) -> str:
    calls = public.calls
    start = max(0, len(calls) - SHOWN_CALLS)
    shown = [f"{ctx.names[seat]} {call_label(calls, i, ctx)}"
             for i, (seat, _) in enumerate(calls) if i >= start]
    return ("… " if start else "") + " · ".join(shown)


def _contract(c: Contract, ctx: Context) -> str:
    """'30♦ ×2', '28 NT (all passed)'."""
    trump = ctx.t("fifty_six-nt") if c.trump is None else SUIT_SYMBOLS[c.trump]
    text = f"{c.value} {trump}" if c.trump is None else f"{c.value}{trump}"
    if c.multiplier > 1:
        text += f" ×{c.multiplier}"
    if c.all_passed:
        text += " " + ctx.t("fifty_six-all-passed")
    return text



def _hand_key(card: int) -> tuple[int, int]:
    """Spades, hearts, diamonds, clubs; within a suit by 56's strength (J 9 A 10 K Q 8 7)."""
    return (-CARDS[card].suit, -POWER[card])


def hand_lines(hand: Sequence[Card]) -> list[Line]:
    """'♠ J J 9 A' per suit in 56's order, both copies shown."""
    lines = []
    for suit in SUIT_ORDER:
        cards = sorted((c for c in hand if c.suit == suit), key=_hand_key)
        if cards:
            lines.append(Line(SUIT_SYMBOLS[suit] + " " + " ".join(c.symbol[:-1] for c in cards),
                              SUIT, cards=codes(cards)))
    return lines


VIEW = FiftySixView()
