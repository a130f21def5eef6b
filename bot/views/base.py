"""What every game's view shares: the protocol of a view, the base class most views extend, and
the pieces of their screens (a hand's suits, a trick, the seats). Pure: no Telegram objects, no
sending."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Protocol

from engine.cards import CARDS, SUIT_SYMBOLS, parse_card
from engine.core import DealRecord, Shared, Standings, code_cards
from engine.tricks import TrickRecord

from ..callbacks import Kind
from .screen import (
    INFO,
    LAST,
    PROMPT,
    RESULT,
    SEAT,
    SHEET,
    SUIT,
    TRICK,
    Button,
    Context,
    Line,
    Rows,
    Screen,
    title,
)

RED = {"♥": "♥\uFE0E", "♦": "♦\uFE0E"}  # text presentation: not colour emoji beside ♠ ♣

SHEET_ROWS = 40  # the latest deals a sheet shows (a message holds 4096 characters)


def table_keyboard(public: Shared, ctx: Context) -> tuple[tuple[Button, ...], ...]:
    """The table message's buttons while the match goes on: my hand, the score sheet."""
    if public.phase == "over":
        return ()
    return ((ctx.button(ctx.t("table-my-hand"), Kind.MY_HAND),
             ctx.button(ctx.t("table-sheet"), Kind.SHEET)),)


class GameView(Protocol):
    """One per game (``bot/views/<game>.py`` defines ``VIEW``). The group's screens are drawn
    from the engine's public view (``Game.public_observation``) and nothing else; a hand from
    that seat's observation. Buttons of a hand: ``Kind.ACTION``, ``Kind.PICK`` (the hand
    is drawn again with ``ctx.pick`` set), ``Kind.TOGGLE`` and ``Kind.CONFIRM``."""

    def table(self, public: Any, ctx: Context) -> Screen:
        """The group's table message."""
        ...

    def hand(self, obs: Any, legal: Sequence[Any], ctx: Context) -> Screen:
        """The private hand message of ``obs.seat``: every legal action reachable from its
        keyboard within three presses, and no button leading to an illegal one."""
        ...

    def hand_alert(self, obs: Any, ctx: Context) -> str:
        """The hand as a short alert (≤ 200 characters) for the group's "my hand" button."""
        ...

    def action_text(self, action: Any, ctx: Context) -> str:
        """An action as the hand's buttons and the table name it (the coach's words, a
        replay's caption)."""
        ...

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        """The group post for one finished deal (``public.history`` holds it)."""
        ...

    def closing(self, record: DealRecord, ctx: Context) -> list[Line]:
        """The finished deal's last trick (Thirteen: its last play), or nothing where it had
        none: gone from the table, the next deal dealt, once the deal's last card is played."""
        ...

    def match_result(self, public: Any, ctx: Context) -> Screen:
        """The group post when the match is over: places, and the rematch button."""
        ...

    def finished_table(self, public: Any, ctx: Context) -> Screen:
        """The group's table message once the match is over: the winners, the places, and the
        buttons that still make sense (the score sheet, a rematch)."""
        ...

    def score_sheet(self, public: Any, ctx: Context) -> Screen:
        """Every finished deal and the totals, posted in the group on request."""
        ...


def deal_post(view: GameView, record: DealRecord, public: Any, ctx: Context) -> Screen:
    """The group's post for a finished deal, the last frame of its replay too: its result, then
    its last trick, which the table no longer shows (the next deal is dealt at once)."""
    return view.deal_result(record, public, ctx).plus(view.closing(record, ctx))


MINUS = "\u2212"


def number(value: int) -> str:
    """A score as players write it: −15 with a real minus sign."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A deal's change: +4, −15, 0."""
    return f"+{value}" if value > 0 else number(value)


def entry_name(public: Shared, ctx: Context, entry: int) -> str:
    """Who a standings entry is: a seat's name, or a team's names joined."""
    if public.standings.by_team:
        return " & ".join(ctx.names[s] for s in public.teams[entry])
    return ctx.names[entry]


def standings_line(public: Shared, table: Standings, ctx: Context) -> str:
    """'Գոռ 3 · Արամ 16 · Անի 38': the entries best first, in the engine's order."""
    return " · ".join(f"{entry_name(public, ctx, i)} {number(table.values[i])}" for i in table.order)


class BaseView:
    """What most views share: the deal result and the match result read the engine's records;
    a game's view overrides what it says differently."""

    def hand_alert(self, obs: Any, ctx: Context) -> str:
        return "\n".join(line.text for line in suit_lines(getattr(obs, "hand", ()))) \
            or ctx.t("hand-empty")

    def action_text(self, action: Any, ctx: Context) -> str:
        """Cards as faces ('Q♠', a pass's three), a pass as players say it, else the code's
        last step made readable."""
        code = str(action)
        kind, _, rest = code.partition(":")
        if not rest or rest == "pass":
            return ctx.t("coach-pass")
        if kind in ("play", "pass"):
            return " ".join(face(card) for card in code_cards(code))
        return readable(rest)

    def closing(self, record: DealRecord, ctx: Context) -> list[Line]:
        return taken_lines(record.last_trick, ctx, "deal-last-trick")

    def deal_result(self, record: DealRecord, public: Any, ctx: Context) -> Screen:
        line = " · ".join(f"{entry_name(public, ctx, i)} {signed(v)}"
                          for i, v in enumerate(record.results))
        return Screen((title(ctx.t("deal-over", number=record.number, game=ctx.game)),
                       Line(line, RESULT),
                       Line(ctx.t("deal-totals", scores=standings_line(public, record.standings,
                                                                        ctx)), RESULT)))

    def score_sheet(self, public: Any, ctx: Context) -> Screen:
        """Every finished deal as a row of the entries' results, then the totals, like a paper
        sheet; the columns are numbered and named in a legend below."""
        entries = len(public.standings.values)
        width = max([5, *(len(number(v)) + 1 for r in public.history for v in r.results)])
        rows = ["   " + "".join(f"{i + 1:>{width}}" for i in range(entries))]
        rows += [f"{r.number:>2} " + "".join(f"{number(v):>{width}}" for v in r.results)
                 for r in public.history[-SHEET_ROWS:]]
        rows.append("Σ  " + "".join(f"{number(v):>{width}}" for v in public.standings.values))
        legend = " · ".join(f"{i + 1} {entry_name(public, ctx, i)}" for i in range(entries))
        return Screen((title(ctx.t("table-sheet-title", game=ctx.t(f"game-{ctx.game}"))),
                       Line("\n".join(rows), SHEET, style="pre"), Line(legend)))

    def match_result(self, public: Any, ctx: Context) -> Screen:
        lines = [title(ctx.t("match-over", game=ctx.t(f"game-{ctx.game}"))),
                 *self.places(public, ctx)]
        return Screen(tuple(lines), ((ctx.button(ctx.t("match-again"), Kind.REMATCH),),))

    def places(self, public: Any, ctx: Context) -> list[Line]:
        """'1. Արամ 16' per standings entry, best first, as the engine places them."""
        table = public.standings
        return [Line(ctx.t("match-place", place=table.places[i], name=entry_name(public, ctx, i),
                           score=number(table.values[i])), RESULT) for i in table.order]

    def finished_table(self, public: Any, ctx: Context) -> Screen:
        table = public.standings
        won = [i for i in table.order if table.places[i] == 1]
        people = sum(len(public.teams[i]) if table.by_team else 1 for i in won)
        lines = [title(ctx.t("table-over", game=ctx.t(f"game-{ctx.game}"))),
                 Line(ctx.t("table-winner", count=people,
                            names=", ".join(entry_name(public, ctx, i) for i in won)), RESULT),
                 *self.places(public, ctx)]
        return Screen(tuple(lines), ((ctx.button(ctx.t("table-sheet"), Kind.SHEET),
                                      ctx.button(ctx.t("match-again"), Kind.REMATCH)),))


_CODE_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b")
_CODE_SUITS = {"C": "♣", "D": "♦\uFE0E", "H": "♥\uFE0E", "S": "♠"}


def readable(step: str) -> str:
    """A readable label from one step of an action's code: cards become faces, suits symbols
    (the generic view's buttons, and the words of an action no view names)."""
    text = _CODE_CARD.sub(lambda m: face(m.group(0), button=True), step)
    return _CODE_SUITS.get(text, text).replace(",", " ")


def face(code_or_card: Any, button: bool = False) -> str:
    """'QS' or a Card -> 'Q♠' (red suits as emoji on buttons, where they read better)."""
    card = CARDS[code_or_card] if isinstance(code_or_card, int) else parse_card(code_or_card)
    text: str = card.symbol
    return text[:-1] + RED.get(text[-1], text[-1]) if button else text


def card_button(card: Any, ctx: Context, kind: Kind, arg: str, chosen: bool = False) -> Button:
    """A button that plays or toggles one card, labelled with its face (✅ when chosen)."""
    code = str(CARDS[card] if isinstance(card, int) else card)
    return ctx.button(("✅" if chosen else "") + face(code, button=True), kind, arg, card=code,
                      chosen=chosen)


def codes(cards: Sequence[Any]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def seated(trick: Sequence[tuple[int, Any]], ctx: Context) -> str:
    """'Անի 7♣ · Գոռ 10♣': the cards of a trick with who played them."""
    return " · ".join(f"{ctx.names[seat]} {card.symbol}" for seat, card in trick)


def trick_line(trick: Sequence[tuple[int, Any]], ctx: Context) -> Line:
    """The cards on the table, with who played them."""
    return Line(ctx.t("table-trick", cards=seated(trick, ctx)), TRICK,
                cards=codes([card for _, card in trick]))


def trick_lines(public: Any, ctx: Context) -> list[Line]:
    """The trick on the table and the last one, with who took it (trick games)."""
    lines = [trick_line(public.trick, ctx)] if public.trick else []
    return lines + last_trick_lines(public, ctx)


def last_trick_lines(public: Any, ctx: Context) -> list[Line]:
    """'Նախորդ առքը՝ Անի (Q♣ K♣ 2♣ 9♣)', or nothing before the deal's first trick is taken."""
    return taken_lines(public.last_trick, ctx)


def taken_lines(trick: TrickRecord | None, ctx: Context, key: str = "table-last-trick"
                ) -> list[Line]:
    """A trick and who took it, or nothing for None."""
    if trick is None:
        return []
    cards = [card for _, card in trick.cards]
    return [Line(ctx.t(key, name=ctx.names[trick.winner], cards=" ".join(c.symbol for c in cards)),
                 LAST, trick.winner, codes(cards))]


def hand_trick_lines(obs: Any, ctx: Context) -> list[Line]:
    """A seat's hand while tricks are played, in the table's words: the previous trick (the one
    the reader may have just finished, gone from the table), then the trick on the table, or,
    when it is empty, who leads to it: «Սեղանին՝ —» told nobody that it was their lead."""
    lines = last_trick_lines(obs, ctx)
    if obs.trick:
        lines.append(trick_line(obs.trick, ctx))
    elif obs.seat in obs.to_act:
        lines.append(Line(ctx.t("hand-you-lead"), PROMPT))
    elif obs.to_act:
        lines.append(Line(ctx.t("hand-leads", name=ctx.names[min(obs.to_act)]), INFO))
    return lines


def suit_lines(hand: Sequence[Any]) -> list[Line]:
    """One line per suit, spades first, high cards first: '♠ A 10 7'."""
    by_suit: dict[int, list[Any]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    lines = []
    for s in (3, 2, 1, 0):
        if s in by_suit:
            cards = sorted(by_suit[s], reverse=True)
            lines.append(Line(SUIT_SYMBOLS[s] + " " + " ".join(c.symbol[:-1] for c in cards),
                              SUIT, cards=codes(cards)))
    return lines


def hand_order(cards: Sequence[Any]) -> list[Any]:
    """Cards in the order of the hand text: spades, hearts, diamonds, clubs; high first."""
    return sorted(cards, key=lambda c: (-c.suit, -c.rank))


def rows_of(buttons: Sequence[Button], width: int = 5) -> Rows:
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def seat_list(ctx: Context, public: Shared, extra: Sequence[str] = ()) -> list[Line]:
    """'▸ Արամ — 12' per seat with the seat's standing (its team's, in team games); ▸ marks
    the seats to act."""
    table = public.standings
    team_of = {s: t for t, team in enumerate(public.teams) for s in team}
    lines = []
    for seat, name in enumerate(ctx.names):
        value = table.values[team_of[seat] if table.by_team else seat]
        tail = extra[seat] if extra else ""
        lines.append(Line(f"{name} — {number(value)}{tail}", SEAT, seat,
                          mark="▸ " if seat in public.to_act else "   "))
    return lines
