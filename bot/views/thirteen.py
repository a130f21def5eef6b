"""Thirteen («Տասներեք»): the group's table and a player's private hand (see shared/ux.md).

The hand is sorted by Thirteen value (3 … A, 2; ♠ ♣ ♦ ♥ within a rank). Every card that is part
of some legal play is a toggle (✅ when chosen); **Խաղալ** (play) is drawn only when the chosen
cards are a legal play now, so it never sends an illegal one, and the text says what the chosen
cards are ("զույգ 9", "հաջորդականություն 5–9", or why they cannot be played). **Պաս** is drawn
when passing is legal. A short row of suggestions plays the lowest legal play of a few kinds in
one press; every legal play stays reachable by toggles."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.cards import Card
from engine.core import DealRecord
from engine.thirteen import (
    DSEQ,
    KIND_NAMES,
    PAIR,
    QUAD,
    SEQ,
    SINGLE,
    TRIPLE,
    Action,
    Combo,
    Observation,
    Public,
    Shape,
    classify,
    val_mask,
)

from ..callbacks import Kind
from .base import (
    BaseView,
    card_button,
    codes,
    face,
    number,
    rows_of,
    seat_list,
    signed,
    table_keyboard,
)
from .screen import (
    HAND,
    LAST,
    PROMPT,
    RESULT,
    SEAT,
    TRICK,
    Button,
    Context,
    Line,
    Screen,
    header,
    title,
)

CARD_ROW = 5  # card toggles per row, as Hearts' hand
SUGGESTIONS = 3  # one-press plays: the lowest legal play of the first few kinds
SUGGESTED_KINDS = (SINGLE, PAIR, TRIPLE, SEQ, DSEQ, QUAD)


class ThirteenView(BaseView):
    def table(self, public: Public, ctx: Context) -> Screen:
        lines = [header(_header(public, ctx)), *seat_list(ctx, public, _seat_tails(public, ctx))]
        if public.table and public.table_owner is not None:
            lines.append(Line(ctx.t("thirteen-table", name=ctx.names[public.table_owner],
                                    combo=_with_cards(public.table, public.table_shape, ctx)),
                              TRICK, public.table_owner, codes(public.table)))
        elif public.phase != "over":
            last = _last_combo(public.last_round)
            if last is not None:
                seat, combo = last
                lines.append(Line(ctx.t("thirteen-table-cleared", name=ctx.names[seat],
                                        combo=_with_cards(combo.cards, classify(combo.mask), ctx)),
                                  LAST, seat, codes(combo.cards)))
            else:
                lines.append(Line(ctx.t("thirteen-table-empty"), TRICK))
            if public.first_play:
                lines.append(Line(ctx.t("thirteen-first-play")))
        if public.finished and public.phase != "over":
            lines.append(Line(ctx.t("thirteen-finished", names=_order(public.finished, ctx)),
                              RESULT))
        return Screen(tuple(lines), table_keyboard(public, ctx))

    def hand(self, obs: Observation, legal: Sequence[Any], ctx: Context) -> Screen:
        mine = obs.seat in obs.to_act and bool(legal)
        state = ctx.t("thirteen-your-turn") if mine else ctx.t("thirteen-wait")
        lines = [header(f"{_header(obs, ctx)} · {state}"),
                 Line(_faces(obs.hand) or ctx.t("hand-empty"), HAND, cards=codes(obs.hand))]
        if obs.phase == "over":
            return Screen(tuple(lines))
        if obs.table and obs.table_owner is not None:
            lines.append(Line(ctx.t("thirteen-to-beat", name=ctx.names[obs.table_owner],
                                    combo=_with_cards(obs.table, obs.table_shape, ctx)),
                              TRICK, obs.table_owner, codes(obs.table)))
        elif mine:
            lines.append(Line(ctx.t("thirteen-lead"), PROMPT))
        if obs.required_card is not None:
            lines.append(Line(ctx.t("thirteen-first-card", card=obs.required_card.symbol),
                              PROMPT, cards=codes([obs.required_card])))
        if obs.seat in obs.finished:
            lines.append(Line(ctx.t("thirteen-out", place=obs.finished.index(obs.seat) + 1)))
        elif obs.seat in obs.passed:
            lines.append(Line(ctx.t("thirteen-locked")))
        others = [f"{ctx.names[s]} {n}" for s, n in enumerate(obs.hand_sizes) if s != obs.seat]
        lines.append(Line(ctx.t("thirteen-left", counts=" · ".join(others)), SEAT))
        if not mine:
            return Screen(tuple(lines))
        legal_codes = {str(a): a for a in legal}
        chosen = _chosen(obs, ctx.selection)
        choice = Combo(val_mask(chosen)) if chosen else None
        live = choice is not None and str(choice) in legal_codes
        if any(isinstance(a, Combo) for a in legal):
            lines.append(Line(_chosen_line(obs, chosen, live, ctx), PROMPT, cards=codes(chosen)))
        else:
            lines.append(Line(ctx.t("thirteen-cannot-beat"), PROMPT))
        rows = list(_toggles(obs, legal, chosen, ctx))
        last: list[Button] = []
        if live:
            last.append(ctx.button(ctx.t("thirteen-play"), Kind.CONFIRM, "play"))
        if "pass" in legal_codes:
            last.append(ctx.button(ctx.t("thirteen-pass"), Kind.ACTION, "pass"))
        if last:
            rows.append(tuple(last))
        suggestions = _suggestions(legal, ctx)
        if suggestions:
            rows.append(suggestions)
        return Screen(tuple(lines), tuple(rows))

    def hand_alert(self, obs: Observation, ctx: Context) -> str:
        return _faces(obs.hand) or ctx.t("hand-empty")

    def closing(self, record: DealRecord, ctx: Context) -> list[Line]:
        """'Last play: Ani, pair 2♠ 2♥': the play that ended the game."""
        last = record.last_trick
        if last is None:
            return []
        cards = [card for _, card in last.cards]
        return [Line(ctx.t("thirteen-last-play", name=ctx.names[last.winner],
                           combo=_with_cards(cards, classify(val_mask(cards)), ctx)),
                     LAST, last.winner, codes(cards))]

    def action_text(self, action: Any, ctx: Context) -> str:
        if isinstance(action, Combo):
            shape = classify(action.mask)
            return _with_cards(action.cards, shape, ctx) if shape is not None \
                else _faces(action.cards)
        return super().action_text(action, ctx)

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        facts = record.facts
        key = "thirteen-tiebreak-over" if facts.tiebreak else "thirteen-game-over"
        table = record.standings
        said = [" · ".join(f"{place}. {ctx.names[s]} {signed(record.results[s])}"
                           for place, s in enumerate(facts.order, 1)),
                ctx.t("deal-totals", scores=" · ".join(
                    f"{ctx.names[s]} {number(table.values[s])}" for s in table.order))]
        if public.tiebreak_follows(record.number):
            top = [ctx.names[s] for s in table.order if table.places[s] == 1]
            said.append(ctx.t("thirteen-tiebreak-next", names=", ".join(top)))
        return Screen((title(ctx.t(key, number=record.number)), *(Line(t, RESULT) for t in said)))

    def match_result(self, public: Any, ctx: Context) -> Screen:
        screen = super().match_result(public, ctx)
        extra = sum(1 for record in public.history if record.facts.tiebreak)
        if not extra:
            return screen
        return screen.plus((Line(ctx.t("thirteen-match-tiebreaks", count=extra), RESULT),))


# ---------------------------------------------------------------------------------------------
# Texts


def _header(public: Public, ctx: Context) -> str:
    if public.tiebreak:
        return ctx.t("thirteen-header-tiebreak", number=public.deal)
    if public.deals is not None and public.deals > 1:
        return ctx.t("thirteen-header-game", number=public.deal, total=public.deals)
    return ctx.t("thirteen-header")


def _seat_tails(public: Public, ctx: Context) -> list[str]:
    tails = []
    for seat, count in enumerate(public.hand_sizes):
        if seat in public.finished:
            tail = ctx.t("thirteen-seat-out", place=public.finished.index(seat) + 1)
        elif public.phase == "over":
            tail = ""
        else:
            tail = ctx.t("thirteen-seat-cards", count=count)
            if seat in public.passed:
                tail += " · " + ctx.t("thirteen-seat-passed")
        tails.append(f" · {tail}" if tail else "")
    return tails


def _order(seats: Sequence[int], ctx: Context) -> str:
    return " · ".join(f"{place}. {ctx.names[s]}" for place, s in enumerate(seats, 1))


def _faces(cards: Sequence[Card]) -> str:
    return " ".join(c.symbol for c in cards)


def _rank(card: Card) -> str:
    return card.symbol[:-1]


def _with_cards(cards: Sequence[Card], shape: Shape | None, ctx: Context) -> str:
    """'զույգ 9♠ 9♦': the kind of combination and its cards."""
    kind = KIND_NAMES[shape.kind] if shape is not None else "single"
    return ctx.t(f"thirteen-play-{kind}", cards=_faces(cards))


def _named(cards: Sequence[Card], shape: Shape, ctx: Context) -> str:
    """'զույգ 9', 'հաջորդականություն 5–9', 'ռումբ՝ չորս 7': the kind and its ranks."""
    low, high = cards[0], cards[-1]
    return ctx.t(f"thirteen-name-{KIND_NAMES[shape.kind]}", rank=_rank(high), low=_rank(low),
                 high=_rank(high) if shape.kind != SINGLE else high.symbol)


def _last_combo(plays: Sequence[tuple[int, Action]]) -> tuple[int, Combo] | None:
    for seat, action in reversed(plays):
        if isinstance(action, Combo):
            return seat, action
    return None


# ---------------------------------------------------------------------------------------------
# The keyboard


def _chosen(obs: Observation, selection: Sequence[str]) -> list[Card]:
    """The toggled cards still in the hand, in Thirteen order."""
    picked = set(selection)
    return [c for c in obs.hand if str(c) in picked]


def _chosen_line(obs: Observation, chosen: list[Card], live: bool, ctx: Context) -> str:
    if not chosen:
        return ctx.t("thirteen-choose")
    shape = classify(val_mask(chosen))
    if shape is None:
        return ctx.t("thirteen-chosen-invalid", cards=_faces(chosen))
    combo = _named(chosen, shape, ctx)
    if live:
        return ctx.t("thirteen-chosen", combo=combo)
    if obs.required_card is not None and obs.required_card not in chosen:
        return ctx.t("thirteen-chosen-lowest", combo=combo, card=obs.required_card.symbol)
    return ctx.t("thirteen-chosen-weak", combo=combo)


def _toggles(obs: Observation, legal: Sequence[Any], chosen: list[Card],
             ctx: Context) -> tuple[tuple[Button, ...], ...]:
    """A toggle for every card of the hand that some legal play uses (the service refuses the
    others), in hand order, so the buttons keep their places as cards are chosen."""
    usable = 0
    for action in legal:
        if isinstance(action, Combo):
            usable |= action.mask
    picked = set(chosen)
    buttons = []
    for card in obs.hand:
        if not usable & val_mask((card,)):
            continue
        if card in picked:
            buttons.append(card_button(card, ctx, Kind.TOGGLE, f"-{card}", chosen=True))
        else:
            buttons.append(card_button(card, ctx, Kind.TOGGLE, f"+{card}"))
    return rows_of(buttons, CARD_ROW)


def _suggestions(legal: Sequence[Any], ctx: Context) -> tuple[Button, ...]:
    """The lowest legal play of each kind (the table's kind first), a few of them."""
    lowest: dict[int, tuple[int, int, Combo]] = {}
    for action in legal:
        if isinstance(action, Combo):
            shape = classify(action.mask)
            assert shape is not None
            rank = (shape.key, shape.length)
            if shape.kind not in lowest or rank < lowest[shape.kind][:2]:
                lowest[shape.kind] = (*rank, action)
    buttons: list[Button] = []
    for kind in SUGGESTED_KINDS:
        if kind in lowest and len(buttons) < SUGGESTIONS:
            combo = lowest[kind][2]
            try:
                buttons.append(ctx.button("▶ " + _short(combo.cards), Kind.ACTION, str(combo)))
            except ValueError:  # over 64 bytes: toggles still reach it
                continue
    return tuple(buttons)


def _short(cards: Sequence[Card]) -> str:
    """A suggestion's label: its cards, or the ends of a long run."""
    if len(cards) <= 3:
        return " ".join(face(c, button=True) for c in cards)
    return f"{face(cards[0], button=True)}…{face(cards[-1], button=True)}"


VIEW = ThirteenView()
