"""What a view returns (text and a keyboard description) and what it is given besides the
observation. Pure: no Telegram objects, no sending."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.cards import CARDS, SUIT_SYMBOLS, parse_card

from .. import callbacks, i18n

RED = {"♥": "♥️", "♦": "♦️"}


@dataclass(frozen=True, slots=True)
class Button:
    text: str
    data: str | None = None  # callback data
    url: str | None = None


@dataclass(frozen=True, slots=True)
class Screen:
    text: str  # HTML
    rows: tuple[tuple[Button, ...], ...] = ()


@dataclass(frozen=True, slots=True)
class Context:
    """Who reads, which table and move the buttons are drawn for, and the seats' names."""

    lang: str
    table_id: int
    move: int
    names: tuple[str, ...]  # HTML-escaped; computers already labelled
    game: str = ""
    selection: tuple[str, ...] = ()  # the reader's toggled cards
    to_act: frozenset[int] = frozenset()  # public facts from the engine, for any game's view
    scores: tuple[int, ...] = ()

    def t(self, key: str, **args: Any) -> str:
        return i18n.t(self.lang, key, **args)

    def data(self, kind: str, arg: str = "") -> str:
        return callbacks.encode(kind, self.table_id, self.move, arg)


class GameView(Protocol):
    def table(self, public: Any, ctx: Context) -> Screen:
        """The group's table message. ``public`` is an observation: use only its public fields."""
        ...

    def hand(self, obs: Any, legal: Sequence[Any], ctx: Context) -> Screen:
        """The private hand message of ``obs.seat`` with its legal actions as buttons."""
        ...

    def hand_alert(self, obs: Any, ctx: Context) -> str:
        """The hand as a short alert (≤ 200 characters) for the group's "my hand" button."""
        ...

    def deal_results(self, before: Any, after: Any, ctx: Context) -> list[str]:
        """Group messages for every deal that ended between two public observations."""
        ...


def face(code_or_card: Any, button: bool = False) -> str:
    """'QS' or a Card -> 'Q♠' (red suits as emoji on buttons, where they read better)."""
    card = CARDS[code_or_card] if isinstance(code_or_card, int) else parse_card(code_or_card)
    text: str = card.symbol
    return text[:-1] + RED.get(text[-1], text[-1]) if button else text


def suit_lines(hand: Sequence[Any]) -> list[str]:
    """One line per suit, spades first, high cards first: '♠ A 10 7'."""
    by_suit: dict[int, list[Any]] = {}
    for card in hand:
        by_suit.setdefault(card.suit, []).append(card)
    return [SUIT_SYMBOLS[s] + " " + " ".join(c.symbol[:-1] for c in sorted(by_suit[s], reverse=True))
            for s in (3, 2, 1, 0) if s in by_suit]


def hand_order(cards: Sequence[Any]) -> list[Any]:
    """Cards in the order of the hand text: spades, hearts, diamonds, clubs; high first."""
    return sorted(cards, key=lambda c: (-c.suit, -c.rank))


def rows_of(buttons: Sequence[Button], width: int = 5) -> tuple[tuple[Button, ...], ...]:
    return tuple(tuple(buttons[i:i + width]) for i in range(0, len(buttons), width))


def seat_list(ctx: Context, scores: Sequence[int], to_act: Any, extra: Sequence[str] = ()) -> list[str]:
    """'▸ Արամ — 12' per seat; ▸ marks the seats to act."""
    lines = []
    for seat, name in enumerate(ctx.names):
        mark = "▸" if seat in to_act else "  "
        tail = extra[seat] if extra else ""
        lines.append(f"{mark} {name} — {scores[seat]}{tail}")
    return lines


def deal_results(before: Any, after: Any, ctx: Context) -> list[str]:
    """For games whose observation keeps ``results`` (points of each finished deal) and
    ``scores``: one message per deal that ended."""
    old = len(getattr(before, "results", ()) or ()) if before is not None else 0
    results = getattr(after, "results", ()) or ()
    messages = []
    for number in range(old, len(results)):
        points = results[number]
        if not (isinstance(points, tuple | list) and all(isinstance(p, int) for p in points)):
            # a game that keeps richer deal records: the engine's match totals will do
            total = " · ".join(f"{n} {s}" for n, s in zip(ctx.names, ctx.scores, strict=False))
            messages.append("\n".join([ctx.t("deal-over", number=number + 1),
                                       ctx.t("deal-totals", scores=total)]))
            continue
        totals = [sum(r[i] for r in results[:number + 1]) for i in range(len(points))]
        line = " · ".join(f"{ctx.names[i]} {_signed(p)}" for i, p in enumerate(points))
        order = sorted(range(len(totals)), key=lambda i: totals[i])
        total = " · ".join(f"{ctx.names[i]} {totals[i]}" for i in order)
        messages.append("\n".join([ctx.t("deal-over", number=number + 1), line,
                                   ctx.t("deal-totals", scores=total)]))
    return messages


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)
